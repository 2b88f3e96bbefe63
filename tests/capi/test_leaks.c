/* Resident memory stays flat over 100,000 create/delete cycles of each handle and path that
 * needs no GPU: programs (translated, failing with diagnostics, with signatures, bad inputs),
 * CPU buffers, CPU modules and launches, PTX, and calls refused with an error message. */
#define _POSIX_C_SOURCE 200809L /* sysconf, clock_gettime */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "resident.h"

static const char good_source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + clamp(Y[idx], 0.0)\n"
    "\n"
    "def clamp(v, low):\n"
    "    return max(v, low)\n"
    "\n"
    "def fill(X, value):\n"
    "    X[idx] = value\n";

static const char bad_source[] =
    "# broken : void (float* X)\n"
    "def broken(X):\n"
    "    X[idx] = lenn(X) + undefined\n"
    "    v = [1, 2]\n"
    "    for i in range(1.5):\n"
    "        pass\n";

static const char syntax_error_source[] = "# k : void (int* X)\ndef k(X):\n    X[idx] = (1 +\n";

static void empty_program(long i) {
    (void)i;
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    cudapy_program_delete(program);
}

static void translated_program(long i) {
    (void)i;
    cudapy_program *program = program_from(good_source, "saxpy.py");
    CHECK_OK(cudapy_program_set_signature(program, "fill", "void (int* X, int value)"));
    char *cuda = NULL;
    CHECK_OK(cudapy_program_translate(program, &cuda));
    CHECK(cuda != NULL && strstr(cuda, "saxpy(") != NULL);
    cudapy_string_free(cuda);
    CHECK(cudapy_program_kernel_count(program) == 2);
    for (size_t kernel = 0; kernel < 2; ++kernel) {
        CHECK(cudapy_program_kernel_name(program, kernel) != NULL);
        size_t count = cudapy_program_param_count(program, kernel);
        for (size_t index = 0; index < count; ++index) {
            cudapy_param_info info;
            memset(&info, 0, sizeof info);
            info.size = sizeof info;
            CHECK_OK(cudapy_program_param(program, kernel, index, &info));
            CHECK(info.name != NULL);
        }
        CHECK(cudapy_program_args_size(program, kernel) > 0);
    }
    cudapy_program_delete(program);
}

static void failing_program(long i) {
    cudapy_program *program = program_from(i % 2 ? bad_source : syntax_error_source, "bad.py");
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strlen(cudapy_last_error()) > 0);
    size_t count = cudapy_program_diagnostic_count(program);
    CHECK(count >= 1);
    for (size_t index = 0; index < count; ++index) {
        cudapy_diagnostic diagnostic;
        memset(&diagnostic, 0, sizeof diagnostic);
        diagnostic.size = sizeof diagnostic;
        CHECK_OK(cudapy_program_diagnostic(program, index, &diagnostic));
        CHECK(diagnostic.message != NULL && diagnostic.source_line != NULL);
    }
    /* Translating again replaces the diagnostics. */
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(cudapy_program_diagnostic_count(program) == count);
    cudapy_program_delete(program);
}

static void bad_signature_program(long i) {
    cudapy_program *program = program_from("def k(X):\n    X[idx] = 1\n", "sig.py");
    CHECK_OK(cudapy_program_set_signature(program, "k", i % 2 ? "void (flot* X" : "void ()"));
    CHECK_STATUS(cudapy_program_translate(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK_OK(cudapy_program_set_signature(program, "k", "void (int* X)"));
    CHECK_OK(cudapy_program_translate(program, NULL));
    cudapy_program_delete(program);
}

/* Inputs from the bad-input corpus that stop at different stages; lengths are explicit, so
 * NUL bytes stay part of the text. */
#define TEXT(literal) {literal, sizeof(literal) - 1}
static const struct {
    const char *text;
    size_t length;
} bad_inputs[] = {
    TEXT(""),
    TEXT("# only a comment\n"),
    TEXT("x = 1\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n    X[idx] = 1\x00 + 2\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n    X[idx] = \xff\xfe\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n    X[idx] = '''never closed\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n    X[idx] = 123456789012345678901234567890\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n\tif idx:\n        X[idx] = lambda: 1\n"),
    TEXT("# k : void (int* X)\ndef k(X):\n    class A:\n        pass\n    try:\n        pass\n"
         "    finally:\n        pass\n"),
    TEXT("# k : void (flot* X, int\n@decorated\nasync def k(X, *a, **b) -> int:\n    yield\n"),
};

static char deep_source[8192];

/* 1,000 nested parentheses around an unknown name. */
static void make_deep_source(void) {
    char *end = deep_source;
    end += sprintf(end, "# k : void (int* X)\ndef k(X):\n    X[idx] = ");
    for (int i = 0; i < 1000; ++i) *end++ = '(';
    *end++ = 'y';
    for (int i = 0; i < 1000; ++i) *end++ = ')';
    *end++ = '\n';
    *end = 0;
}

static void bad_input_programs(long i) {
    size_t count = sizeof bad_inputs / sizeof bad_inputs[0] + 1;
    size_t which = (size_t)i % count;
    const char *text = which < count - 1 ? bad_inputs[which].text : deep_source;
    size_t length = which < count - 1 ? bad_inputs[which].length : strlen(deep_source);
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, text, length, "bad_input.py", 1, 0));
    char *cuda = (char *)1;
    CHECK_STATUS(cudapy_program_translate(program, &cuda), CUDAPY_ERROR_TRANSLATION);
    CHECK(cuda == NULL);
    CHECK(cudapy_program_diagnostic_count(program) >= 1);
    cudapy_diagnostic diagnostic;
    memset(&diagnostic, 0, sizeof diagnostic);
    diagnostic.size = sizeof diagnostic;
    CHECK_OK(cudapy_program_diagnostic(program, 0, &diagnostic));
    cudapy_program_delete(program);
}

static void refused_calls(long i) {
    (void)i;
    CHECK_STATUS(cudapy_program_new(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_translate(NULL, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, 16, NULL),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strlen(cudapy_last_error()) > 0);
}

static void cpu_buffer(long i) {
    cudapy_buffer *buffer = NULL;
    size_t bytes = 64 + (size_t)(i % 7) * 512;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, bytes, &buffer));
    static char data[4096], back[4096];
    memset(data, (int)(i & 0x7f), bytes);
    CHECK_OK(cudapy_buffer_upload(buffer, 0, data, bytes));
    CHECK_OK(cudapy_buffer_download(buffer, 0, back, bytes));
    CHECK(memcmp(data, back, bytes) == 0);
    cudapy_buffer_delete(buffer);
}

/* Odd cycles compile in the background first (cudapy_program_compile_start). */
static void cpu_module(long i) {
    cudapy_program *program = program_from(good_source, "saxpy.py");
    CHECK_OK(cudapy_program_set_signature(program, "fill", "void (int* X, int value)"));
    cudapy_compile_options options = cpu_options();
    if (i % 2) CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    cudapy_kernel *fill = NULL;
    CHECK_OK(cudapy_module_kernel(module, "fill", &fill));
    enum { N = 64 };
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, N * sizeof(int), &buffer));
    int value = (int)(i % 1000);
    cudapy_array array = {cudapy_buffer_pointer(buffer), N};
    void *args[] = {&array, &value};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){N, 1, 1};
    CHECK_OK(cudapy_kernel_launch(fill, &config, args));
    launch_fill_packed(program, 1, fill, &config, array, value);  /* once more */
    int result[N];
    CHECK_OK(cudapy_buffer_download(buffer, 0, result, sizeof result));
    CHECK(result[0] == value && result[N - 1] == value);
    cudapy_buffer_delete(buffer);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
}

/* A compile started in the background and never taken: the program goes first. */
static void cpu_compile_dropped(long i) {
    (void)i;
    cudapy_program *program = program_from(good_source, "saxpy.py");
    CHECK_OK(cudapy_program_set_signature(program, "fill", "void (int* X, int value)"));
    cudapy_compile_options options = cpu_options();
    CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_program_delete(program);
    CHECK_OK(cudapy_compiler_wait());
}

static void ptx(long i) {
    (void)i;
    cudapy_program *program = program_from(good_source, "saxpy.py");
    CHECK_OK(cudapy_program_set_signature(program, "fill", "void (int* X, int value)"));
    char *text = NULL;
    CHECK_OK(cudapy_program_ptx(program, NULL, &text));
    CHECK(strstr(text, ".entry saxpy") != NULL);
    cudapy_string_free(text);
    cudapy_program_delete(program);
}

int main(void) {
    long cycles = leak_cycles(100000);
    run_cycles("empty program", empty_program, cycles);
    run_cycles("program translated", translated_program, cycles);
    run_cycles("program with diagnostics", failing_program, cycles);
    run_cycles("program with bad signatures", bad_signature_program, cycles);
    make_deep_source();
    run_cycles("bad inputs", bad_input_programs, cycles);
    run_cycles("refused calls (last error)", refused_calls, cycles);
    run_cycles("CPU buffer", cpu_buffer, cycles);

    /* The CPU target needs a C++ compiler, PTX needs NVRTC: each is skipped without it. */
    cudapy_program *probe = program_from(good_source, "saxpy.py");
    CHECK_OK(cudapy_program_set_signature(probe, "fill", "void (int* X, int value)"));
    cudapy_compile_options options = cpu_options();
    cudapy_module *module = NULL;
    cudapy_status status = cudapy_program_compile(probe, &options, &module);
    if (status == CUDAPY_OK) {
        cudapy_module_delete(module);
        run_cycles("CPU module, kernel and launch", cpu_module, cycles);
        run_cycles("CPU compile started, then dropped", cpu_compile_dropped, cycles);
    } else {
        printf("CPU module cycles skipped: %s\n", cudapy_last_error());
    }
    char *text = NULL;
    status = cudapy_program_ptx(probe, NULL, &text);
    cudapy_string_free(text);
    if (status == CUDAPY_OK)
        run_cycles("PTX", ptx, cycles);
    else
        printf("PTX cycles skipped: %s\n", cudapy_last_error());
    cudapy_program_delete(probe);
    CHECK_OK(cudapy_compiler_wait());  /* a process waits for the library's threads */
    printf("no leaks found\n");
    return 0;
}
