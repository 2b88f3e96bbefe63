#include "driver/translation_cache.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstring>

#include "jit/disk_cache.h"

namespace cudapy::driver {

namespace {

constexpr const char *entry_kind = "translation";

// The file of the library this code is in, by path, size and modification time: what changes
// when it is rebuilt, as the translator's output may then.
const std::string &library_identity() {
    static const std::string identity = [] {
        Dl_info info{};
        struct stat status {};
        if (dladdr(reinterpret_cast<void *>(&library_identity), &info) == 0 || !info.dli_fname ||
            stat(info.dli_fname, &status) != 0)
            return std::string();
        return std::string(info.dli_fname) + " " + std::to_string(status.st_size) + " " +
               std::to_string(status.st_mtim.tv_sec) + "." + std::to_string(status.st_mtim.tv_nsec);
    }();
    return identity;
}

// Found as the library loads: dladdr waits for the loader's lock, which the compiler's warm-up
// thread holds for milliseconds while it loads NVRTC, just when a first compile would ask.
[[maybe_unused]] const std::string &identity_at_load = library_identity();

class Writer {
public:
    void number(std::uint64_t value) {
        for (int byte = 0; byte < 8; ++byte) bytes_.push_back(static_cast<char>(value >> (8 * byte)));
    }
    void text(const std::string &value) {
        number(value.size());
        bytes_ += value;
    }
    std::string take() { return std::move(bytes_); }

private:
    std::string bytes_;
};

// Reads what Writer wrote; every read checks the bounds, and a short or malformed entry
// leaves `ok` false.
class Reader {
public:
    explicit Reader(const std::string &bytes) : bytes_(bytes) {}
    std::uint64_t number() {
        if (!ok || bytes_.size() - position_ < 8) {
            ok = false;
            return 0;
        }
        std::uint64_t value = 0;
        for (int byte = 0; byte < 8; ++byte)
            value |= std::uint64_t{static_cast<unsigned char>(bytes_[position_ + byte])} << (8 * byte);
        position_ += 8;
        return value;
    }
    std::string text() {
        std::uint64_t size = number();
        if (!ok || bytes_.size() - position_ < size) {
            ok = false;
            return {};
        }
        std::string value = bytes_.substr(position_, size);
        position_ += size;
        return value;
    }
    // A count of items each at least `least_bytes` long, refused when the rest cannot hold them.
    std::uint64_t count(std::uint64_t least_bytes) {
        std::uint64_t value = number();
        if (ok && value > (bytes_.size() - position_) / least_bytes) ok = false;
        return ok ? value : 0;
    }
    bool done() const { return ok && position_ == bytes_.size(); }
    bool ok = true;

private:
    const std::string &bytes_;
    std::size_t position_ = 0;
};

}  // namespace

jit::Digest translation_key(const std::vector<ast::SourceUnit> &units,
                       const std::map<std::string, std::string> &signatures,
                       const std::vector<ast::ConstantArray> &constants, const ast::Linkage &linkage,
                       ast::Typing typing, const std::map<std::string, std::vector<std::string>> &overloads) {
    jit::CacheKeyBuilder builder;
    builder.add("translation");
    builder.add(library_identity());
    builder.add(typing == ast::Typing::Numba ? "numba typing" : "cudapy typing");
    builder.add(std::to_string(units.size()));
    for (const auto &unit : units) {
        builder.add(unit.file);
        builder.add(std::to_string(unit.first_line) + " " + std::to_string(unit.column_offset));
        builder.add(unit.text);
    }
    builder.add(std::to_string(signatures.size()));
    for (const auto &[name, signature] : signatures) {
        builder.add(name);
        builder.add(signature);
    }
    builder.add(std::to_string(overloads.size()));
    for (const auto &[name, texts] : overloads) {
        builder.add(name);
        builder.add(std::to_string(texts.size()));
        for (const auto &text : texts) builder.add(text);
    }
    builder.add(std::to_string(constants.size()));
    for (const auto &constant : constants) {
        builder.add(constant.name);
        std::string shape = std::to_string(static_cast<int>(constant.element));
        for (long long extent : constant.shape) shape += " " + std::to_string(extent);
        builder.add(shape);
        builder.add(constant.bytes);
    }
    builder.add(std::to_string(linkage.functions.size()));
    for (const auto &f : linkage.functions) {
        std::string types = std::to_string(static_cast<int>(f.convention)) + " " +
                            std::to_string(static_cast<int>(f.return_type.scalar));
        for (const auto &param : f.params) types += " " + std::to_string(static_cast<int>(param.scalar));
        builder.add(f.name);
        builder.add(f.symbol);
        builder.add(types);
    }
    builder.add(std::to_string(linkage.sources.size()));
    for (const auto &source : linkage.sources) {
        builder.add(source.file);
        builder.add(source.text);
    }
    return builder.finish();
}

std::string encode_translation(const pipeline::Translation &translation) {
    Writer out;
    out.text(translation.source);
    out.number(translation.kernels.size());
    for (const auto &kernel : translation.kernels) {
        out.text(kernel.name);
        out.text(kernel.symbol);
        out.number(kernel.args_size);
        out.number(kernel.cooperative);
        out.number(kernel.params.size());
        for (const auto &param : kernel.params) {
            out.text(param.name);
            out.number(param.is_array);
            out.number(static_cast<std::uint64_t>(param.array_depth));
            out.number(static_cast<std::uint64_t>(param.ndim));
            out.number(static_cast<std::uint64_t>(param.layout));
            out.number(static_cast<std::uint64_t>(param.element));
            out.number(param.written);
            out.number(param.offset);
            out.number(param.bytes);
        }
        out.number(kernel.hoisted.size());
        for (const auto &hoisted : kernel.hoisted) {
            out.number(static_cast<std::uint64_t>(hoisted.type));
            out.number(hoisted.steps.size());
            for (const auto &step : hoisted.steps) {
                out.number(static_cast<std::uint64_t>(step.op));
                out.number(static_cast<std::uint64_t>(step.type));
                out.number(step.parameter);
                out.number(step.bits);
            }
        }
    }
    out.number(translation.helpers.size());
    for (const auto &helper : translation.helpers) {
        out.text(helper.name);
        out.number(static_cast<std::uint64_t>(helper.type));
    }
    out.number(translation.asserts.size());
    for (const auto &site : translation.asserts) {
        out.text(site.file);
        out.number(static_cast<std::uint64_t>(site.line));
        out.text(site.exception);
        out.text(site.message);
    }
    return out.take();
}

std::optional<pipeline::Translation> decode_translation(const std::string &bytes) {
    Reader in(bytes);
    pipeline::Translation translation;
    translation.ok = true;
    translation.source = in.text();
    std::uint64_t kernels = in.count(32);
    for (std::uint64_t k = 0; k < kernels && in.ok; ++k) {
        pipeline::KernelInterface kernel;
        kernel.name = in.text();
        kernel.symbol = in.text();
        kernel.args_size = in.number();
        kernel.cooperative = in.number() != 0;
        std::uint64_t params = in.count(72);
        for (std::uint64_t p = 0; p < params && in.ok; ++p) {
            pipeline::ParamLayout param;
            param.name = in.text();
            param.is_array = in.number() != 0;
            param.array_depth = static_cast<int>(in.number());
            param.ndim = static_cast<int>(in.number());
            param.layout = static_cast<ast::Layout>(in.number());
            param.element = static_cast<ast::Scalar>(in.number());
            param.written = in.number() != 0;
            param.offset = in.number();
            param.bytes = in.number();
            kernel.params.push_back(std::move(param));
        }
        std::vector<ast::Scalar> parameter_types;
        for (const auto &param : kernel.params)
            parameter_types.push_back(param.is_array ? ast::Scalar::Void : param.element);
        std::uint64_t hoisted = in.count(16);
        if (hoisted > max_hoisted_values) return std::nullopt;
        for (std::uint64_t h = 0; h < hoisted && in.ok; ++h) {
            HoistedProgram program;
            program.type = static_cast<ast::Scalar>(in.number() & 0xff);
            std::uint64_t steps = in.count(32);
            for (std::uint64_t s = 0; s < steps && in.ok; ++s) {
                HoistedStep step;
                step.op = static_cast<HoistedOp>(in.number() & 0xff);
                step.type = static_cast<ast::Scalar>(in.number() & 0xff);
                step.parameter = static_cast<std::uint32_t>(in.number());
                step.bits = in.number();
                program.steps.push_back(step);
            }
            // A launch runs these programs: one that could read past the parameters or its
            // stack makes the entry malformed, as a short one is.
            if (in.ok && !well_formed(program, parameter_types)) return std::nullopt;
            kernel.hoisted.push_back(std::move(program));
        }
        translation.kernels.push_back(std::move(kernel));
    }
    std::uint64_t helpers = in.count(16);
    for (std::uint64_t h = 0; h < helpers && in.ok; ++h) {
        pipeline::HelperResult helper;
        helper.name = in.text();
        std::uint64_t type = in.number();
        if (type > static_cast<std::uint64_t>(ast::Scalar::Void)) return std::nullopt;
        helper.type = static_cast<ast::Scalar>(type);
        translation.helpers.push_back(std::move(helper));
    }
    std::uint64_t asserts = in.count(24);
    for (std::uint64_t a = 0; a < asserts && in.ok; ++a) {
        emit::AssertSite site;
        site.file = in.text();
        site.line = static_cast<int>(in.number());
        site.exception = in.text();
        site.message = in.text();
        translation.asserts.push_back(std::move(site));
    }
    if (!in.done()) return std::nullopt;
    return translation;
}

std::optional<pipeline::Translation> load_translation(const jit::Digest &key) {
    if (library_identity().empty()) return std::nullopt;
    auto payload = jit::load_entry(key, entry_kind, false);
    if (!payload) return std::nullopt;
    return decode_translation(*payload);
}

void store_translation(const jit::Digest &key, const pipeline::Translation &translation) {
    if (!translation.ok || !translation.diagnostics.empty() || library_identity().empty()) return;
    jit::store_entry(key, entry_kind, encode_translation(translation), false);
}

}  // namespace cudapy::driver
