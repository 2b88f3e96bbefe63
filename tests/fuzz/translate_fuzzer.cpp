// libFuzzer target over the translator, driven through the public C ABI only.
//
// Input format (text, so that findings read like kernels):
//
//   line 1    a header: zero or more signatures "name : type (params)" separated by ';'
//             (each goes to cudapy_program_set_signature), optionally preceded by
//             "@FIRST_LINE[,COLUMN_OFFSET]" for cudapy_program_add_source
//   the rest  Python source text, added as one source unit named "fuzz.py"
//
//   after NUL the bytes after an input's last NUL byte, if it has one, name the source file
//             (any bytes but NUL), in place of "fuzz.py"
//
// An input without a newline is all header and an empty source. The seeds made by
// make_seeds.py keep the golden sources whole (their signature comments included) behind an
// empty header line, and also move the first signature comment into the header.
//
// The target never compiles or runs anything: no NVRTC, no GPU. It stops the process (and
// libFuzzer reports a crash) when the library breaks its own contract:
//   - a status other than OK, TRANSLATION or HOST_OUT_OF_MEMORY from translation,
//     in particular CUDAPY_ERROR_INTERNAL, or an internal diagnostic;
//   - TRANSLATION with no diagnostic, or OK with diagnostics or without a kernel listing;
//   - a diagnostic with a NULL string or a position before the first line of the source;
//   - emitted code after the run-time support with a byte that is not printable ASCII or a line
//     end (a file name or string escaped into a literal has none), or a #line directive whose
//     literal does not decode to exactly the file name;
//   - an exception escaping the ABI (std::terminate).
// While a finding is being fixed, these let fuzzing go on past it:
//   CUDAPY_FUZZ_ALLOW_INTERNAL=1   internal errors are accepted
//   CUDAPY_FUZZ_MAX_POSITION=N     first line and column offset are clamped to N

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudapy/cudapy.h"

namespace {

[[noreturn]] void fail(const char *what, const std::string &detail) {
    std::fprintf(stderr, "translate_fuzzer: %s\n%s\n", what, detail.c_str());
    std::abort();
}

bool allow_internal() {
    static const bool allowed = [] {
        const char *value = std::getenv("CUDAPY_FUZZ_ALLOW_INTERNAL");
        return value && *value && std::strcmp(value, "0") != 0;
    }();
    return allowed;
}

int max_position() {
    static const int limit = [] {
        const char *value = std::getenv("CUDAPY_FUZZ_MAX_POSITION");
        long long parsed = value && *value ? std::atoll(value) : 0;
        return parsed > 0 && parsed < 0x7fffffffLL ? static_cast<int>(parsed) : 0x7fffffff;
    }();
    return limit;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// Parses a decimal number of at most 10 digits, clamped to the range of int.
int parse_int(std::string_view &text) {
    long long value = 0;
    int digits = 0;
    while (!text.empty() && text.front() >= '0' && text.front() <= '9' && digits < 10) {
        value = value * 10 + (text.front() - '0');
        text.remove_prefix(1);
        ++digits;
    }
    return value > max_position() ? max_position() : static_cast<int>(value);
}

struct Header {
    int first_line = 1;
    int column_offset = 0;
    std::vector<std::pair<std::string, std::string>> signatures;  // name, signature
};

Header parse_header(std::string_view line) {
    Header header;
    line = trim(line);
    if (!line.empty() && line.front() == '@') {
        line.remove_prefix(1);
        header.first_line = parse_int(line);
        if (!line.empty() && line.front() == ',') {
            line.remove_prefix(1);
            header.column_offset = parse_int(line);
        }
    }
    while (!line.empty()) {
        std::size_t end = line.find(';');
        std::string_view entry = line.substr(0, end);
        line = end == std::string_view::npos ? std::string_view() : line.substr(end + 1);
        std::size_t colon = entry.find(':');
        if (colon == std::string_view::npos) continue;
        std::string_view name = trim(entry.substr(0, colon));
        std::string_view signature = trim(entry.substr(colon + 1));
        // Names and signatures go through C strings: an embedded NUL ends them.
        header.signatures.emplace_back(std::string(name.substr(0, name.find('\0'))),
                                       std::string(signature.substr(0, signature.find('\0'))));
    }
    return header;
}

// Reads every byte of a borrowed C string, so that AddressSanitizer sees a dangling one.
std::size_t touch(const char *text, const char *what) {
    if (!text) fail("NULL string from the library:", what);
    std::size_t length = std::strlen(text);
    volatile unsigned sum = 0;
    for (std::size_t i = 0; i < length; ++i) sum = sum + static_cast<unsigned char>(text[i]);
    (void)sum;
    return length;
}

void check_diagnostics(cudapy_program *program, const Header &header, const std::string &error,
                       const std::string &file) {
    std::size_t count = cudapy_program_diagnostic_count(program);
    for (std::size_t i = 0; i < count; ++i) {
        cudapy_diagnostic d;
        std::memset(&d, 0, sizeof d);
        d.size = sizeof d;
        cudapy_status status = cudapy_program_diagnostic(program, i, &d);
        if (status != CUDAPY_OK)
            fail("cudapy_program_diagnostic failed for an index below the count:",
                 cudapy_last_error());
        touch(d.file, "diagnostic file");
        touch(d.message, "diagnostic message");
        touch(d.source_line, "diagnostic source line");
        if (d.kind < CUDAPY_DIAGNOSTIC_SYNTAX || d.kind > CUDAPY_DIAGNOSTIC_INTERNAL)
            fail("diagnostic of an unknown kind:", std::to_string(static_cast<int>(d.kind)));
        if (d.kind == CUDAPY_DIAGNOSTIC_INTERNAL && !allow_internal())
            fail("internal diagnostic:", error);
        if (d.kind == CUDAPY_DIAGNOSTIC_CUDA)
            fail("CUDA diagnostic from translation alone:", error);
        if (d.file != file) fail("diagnostic in an unknown file:", d.file);
        // Positions are 1-based and never before the first line of the source.
        if (d.line < header.first_line || d.end_line < d.line || d.column < 1 ||
            d.end_column < 1)
            fail("diagnostic with a bad position:",
                 std::to_string(d.line) + ":" + std::to_string(d.column) + "-" +
                     std::to_string(d.end_line) + ":" + std::to_string(d.end_column) + "\n" +
                     error);
    }
    // One past the end is an error, not a read out of bounds.
    cudapy_diagnostic past;
    std::memset(&past, 0, sizeof past);
    past.size = sizeof past;
    if (cudapy_program_diagnostic(program, count, &past) != CUDAPY_ERROR_NOT_FOUND)
        fail("cudapy_program_diagnostic past the end did not say NOT_FOUND", "");
}

// The bytes a C string literal's text stands for, reading the escapes the emitter writes; none
// when the literal is not closed on its line.
std::optional<std::string> literal_value(std::string_view text, std::size_t &i) {
    std::string value;
    for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\n') return std::nullopt;
        if (text[i] != '\\') {
            value += text[i];
            continue;
        }
        if (++i == text.size()) return std::nullopt;
        if (text[i] >= '0' && text[i] <= '7') {
            int code = 0;
            for (int k = 0; k < 3 && i < text.size() && text[i] >= '0' && text[i] <= '7'; ++k, ++i)
                code = code * 8 + (text[i] - '0');
            --i;
            value += static_cast<char>(code);
        } else {
            value += text[i] == 'n' ? '\n' : text[i] == 't' ? '\t' : text[i];
        }
    }
    if (i == text.size()) return std::nullopt;
    return value;
}

// No byte from outside reaches the emitted code but escaped inside a literal: past the
// run-time support, every byte is printable ASCII or a line end, and every #line names the
// file exactly.
void check_emitted(std::string_view cuda, const std::string &file) {
    std::size_t start = cuda.rfind("}  // namespace cudapy\n");
    std::string_view code = start == std::string_view::npos ? cuda : cuda.substr(start);
    for (unsigned char c : code)
        if (c != '\n' && (c < 0x20 || c > 0x7E))
            fail("a byte outside printable ASCII in the emitted code:", std::to_string(c));
    // Directives start lines; a file name may hold "#line " inside its literal.
    for (std::size_t at = code.find("\n#line "); at != std::string_view::npos; at = code.find("\n#line ", at + 1)) {
        ++at;
        std::size_t quote = code.find('"', at);
        std::size_t end = code.find('\n', at);
        if (quote == std::string_view::npos || quote > end) fail("a #line without a file name", "");
        std::size_t i = quote;
        auto value = literal_value(code, i);
        if (!value || *value != file || i + 1 != end)
            fail("a #line directive that does not name the file:", std::string(code.substr(at, end - at)));
    }
}

void check_kernels(cudapy_program *program) {
    std::size_t kernels = cudapy_program_kernel_count(program);
    for (std::size_t k = 0; k < kernels; ++k) {
        touch(cudapy_program_kernel_name(program, k), "kernel name");
        std::size_t params = cudapy_program_param_count(program, k);
        std::size_t args_size = cudapy_program_args_size(program, k);
        for (std::size_t p = 0; p < params; ++p) {
            cudapy_param_info info;
            std::memset(&info, 0, sizeof info);
            info.size = sizeof info;
            if (cudapy_program_param(program, k, p, &info) != CUDAPY_OK)
                fail("cudapy_program_param failed for an index below the count:",
                     cudapy_last_error());
            touch(info.name, "parameter name");
            if (info.bytes == 0 || info.offset + info.bytes > args_size)
                fail("parameter outside the packed argument block:", info.name);
        }
    }
    if (cudapy_program_kernel_name(program, kernels) != nullptr)
        fail("cudapy_program_kernel_name past the end is not NULL", "");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    std::string_view input(reinterpret_cast<const char *>(data), size);
    std::string file = "fuzz.py";
    if (std::size_t nul = input.rfind('\0'); nul != std::string_view::npos) {
        file = std::string(input.substr(nul + 1));
        input = input.substr(0, nul);
    }
    std::size_t newline = input.find('\n');
    std::string_view header_line = input.substr(0, newline);
    std::string_view source =
        newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
    Header header = parse_header(header_line);

    cudapy_program *program = nullptr;
    if (cudapy_program_new(&program) != CUDAPY_OK || !program)
        fail("cudapy_program_new failed:", cudapy_last_error());

    // The source is copied by the library: hand it a buffer of exactly its size.
    std::vector<char> text(source.begin(), source.end());
    cudapy_status status = cudapy_program_add_source(
        program, text.empty() ? "" : text.data(), text.size(), file.c_str(), header.first_line,
        header.column_offset);
    if (status != CUDAPY_OK) {
        // Only a first line or column offset out of the library's range may be refused.
        if (status != CUDAPY_ERROR_INVALID_ARGUMENT ||
            (header.first_line == 1 && header.column_offset == 0))
            fail("cudapy_program_add_source failed:", cudapy_last_error());
        cudapy_program_delete(program);
        return 0;
    }
    text.clear();
    text.shrink_to_fit();

    for (const auto &[name, signature] : header.signatures) {
        if (cudapy_program_set_signature(program, name.c_str(), signature.c_str()) != CUDAPY_OK)
            fail("cudapy_program_set_signature failed:", cudapy_last_error());
    }

    char *cuda = nullptr;
    status = cudapy_program_translate(program, &cuda);
    std::string error = status == CUDAPY_OK ? std::string() : cudapy_last_error();
    switch (status) {
    case CUDAPY_OK:
        if (!cuda || touch(cuda, "translation") == 0) fail("empty translation", "");
        check_emitted(cuda, file);
        if (cudapy_program_diagnostic_count(program) != 0)
            fail("diagnostics after a successful translation", "");
        check_kernels(program);
        break;
    case CUDAPY_ERROR_TRANSLATION:
        if (cuda) fail("a failed translation returned text", "");
        if (cudapy_program_diagnostic_count(program) == 0)
            fail("a failed translation without diagnostics:", error);
        if (error.empty()) fail("a failed translation without a message", "");
        check_diagnostics(program, header, error, file);
        if (cudapy_program_kernel_count(program) != 0)
            fail("kernels listed after a failed translation", "");
        break;
    case CUDAPY_ERROR_HOST_OUT_OF_MEMORY:
        break;
    case CUDAPY_ERROR_INTERNAL:
        if (allow_internal()) break;
        fail("CUDAPY_ERROR_INTERNAL:", error);
    default:
        fail(cudapy_status_name(status), error);
    }
    cudapy_string_free(cuda);

    // The translation is kept on the handle: asking again without an output buffer gives the
    // same status and leaves the diagnostics readable.
    cudapy_status again = cudapy_program_translate(program, nullptr);
    if (again != status && status != CUDAPY_ERROR_HOST_OUT_OF_MEMORY)
        fail("a second translation gave another status:",
             std::string(cudapy_status_name(status)) + " then " + cudapy_status_name(again));
    if (again == CUDAPY_ERROR_TRANSLATION) check_diagnostics(program, header, error, file);

    cudapy_program_delete(program);
    return 0;
}
