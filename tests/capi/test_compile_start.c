/* cudapy_program_compile_start: a compile run in the background and taken by the program's
 * next cudapy_program_compile, with its module or its error. The CPU target runs wherever a
 * C++ compiler is; the GPU part runs with a GPU, and without one the start must do nothing. */
#define _POSIX_C_SOURCE 200809L /* setenv, strdup */
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char saxpy_source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n";

static const char twice_source[] =
    "# twice : void (float* X)\n"
    "def twice(X):\n"
    "    if idx < len(X):\n"
    "        X[idx] = 2.0 * X[idx]\n";

enum { N = 4099 };

static cudapy_compile_options options_for(cudapy_target target) {
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = target;
    return options;
}

/* Runs saxpy of `module` on `target` with alpha 2 and checks Y against the host's sum. */
static void check_saxpy(cudapy_module *module, cudapy_target target) {
    static float x[N], y[N], result[N];
    for (int i = 0; i < N; ++i) {
        x[i] = (float)(i % 89) - 30.0f;
        y[i] = (float)(i % 7);
    }
    cudapy_kernel *saxpy = NULL;
    CHECK_OK(cudapy_module_kernel(module, "saxpy", &saxpy));
    cudapy_buffer *dx = NULL, *dy = NULL;
    CHECK_OK(cudapy_buffer_new_on(target, sizeof x, &dx));
    CHECK_OK(cudapy_buffer_new_on(target, sizeof y, &dy));
    CHECK_OK(cudapy_buffer_upload(dx, 0, x, sizeof x));
    CHECK_OK(cudapy_buffer_upload(dy, 0, y, sizeof y));
    float alpha = 2.0f;
    cudapy_array ax = {cudapy_buffer_pointer(dx), N}, ay = {cudapy_buffer_pointer(dy), N};
    void *args[] = {&alpha, &ax, &ay};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){N, 1, 1};
    CHECK_OK(cudapy_kernel_launch(saxpy, &config, args));
    CHECK_OK(cudapy_synchronize());
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i) CHECK(result[i] == 2.0f * x[i] + y[i]);
    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
}

/* The compiles every target shares: taken, taken after a change of input, dropped for other
 * options, dropped with the program. */
static void check_started_compiles(cudapy_target target) {
    cudapy_compile_options options = options_for(target);
    cudapy_program *program = program_from(saxpy_source, "saxpy.py");
    CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    check_saxpy(module, target);
    cudapy_module_delete(module);
    /* Taken once: the next compile makes a module of its own. */
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    check_saxpy(module, target);
    cudapy_module_delete(module);

    /* A source added after the start: the compile is of the program as it is now. */
    CHECK_OK(cudapy_program_compile_start(program, &options));
    CHECK_OK(cudapy_program_add_source(program, twice_source, strlen(twice_source), "twice.py", 1, 0));
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    cudapy_kernel *twice = NULL;
    CHECK_OK(cudapy_module_kernel(module, "twice", &twice));
    check_saxpy(module, target);
    cudapy_module_delete(module);

    /* Other options: the started compile is dropped and this one runs as asked. */
    CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_compile_options fast = options;
    fast.fast_math = 1;
    CHECK_OK(cudapy_program_compile(program, &fast, &module));
    check_saxpy(module, target);
    cudapy_module_delete(module);

    /* Started, never taken: the program goes while its compile may still run. */
    CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_program_delete(program);
    CHECK_OK(cudapy_compiler_wait());
}

static void check_cpu(void) {
    cudapy_compile_options options = options_for(CUDAPY_TARGET_CPU);
    cudapy_program *probe = program_from(saxpy_source, "saxpy.py");
    cudapy_module *module = NULL;
    cudapy_status status = cudapy_program_compile(probe, &options, &module);
    cudapy_program_delete(probe);
    if (status != CUDAPY_OK) {
        CHECK(status == CUDAPY_ERROR_UNSUPPORTED && strstr(cudapy_last_error(), "C++ compiler"));
        printf("CPU part skipped: %s\n", cudapy_last_error());
        return;
    }
    cudapy_module_delete(module);
    check_started_compiles(CUDAPY_TARGET_CPU);

    /* An error in the background comes back from the compile that takes it, as it would
     * from that compile run then: here the C++ compiler cannot be run. */
    const char *configured = getenv("CXX");
    char *saved = configured ? strdup(configured) : NULL;
    CHECK(setenv("CXX", "/nonexistent/c++", 1) == 0);
    cudapy_program *program = program_from(twice_source, "twice.py");
    CHECK_OK(cudapy_program_compile_start(program, &options));
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_UNSUPPORTED);
    CHECK(module == NULL);
    CHECK(strstr(cudapy_last_error(), "'/nonexistent/c++' could not be run"));
    cudapy_program_delete(program);
    if (saved) {
        CHECK(setenv("CXX", saved, 1) == 0);
        free(saved);
    } else {
        CHECK(unsetenv("CXX") == 0);
    }
    printf("CPU target: started compiles taken, replaced, dropped; errors passed on\n");
}

static void check_gpu(void) {
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    cudapy_compile_options options = options_for(CUDAPY_TARGET_CUDA);
    if (devices == 0) {
        /* Nothing starts; the compile itself says why it cannot be done. */
        cudapy_program *program = program_from(saxpy_source, "saxpy.py");
        CHECK_OK(cudapy_program_compile_start(program, &options));
        cudapy_module *module = NULL;
        cudapy_status status = cudapy_program_compile(program, &options, &module);
        CHECK(status == CUDAPY_ERROR_NO_DEVICE || status == CUDAPY_ERROR_UNSUPPORTED);
        CHECK(module == NULL);
        cudapy_program_delete(program);
        printf("GPU part: no GPU, nothing started\n");
        return;
    }
    check_started_compiles(CUDAPY_TARGET_CUDA);
    /* The started compile chose the block size of thread-count launches. */
    cudapy_program *program = program_from(saxpy_source, "saxpy.py");
    CHECK_OK(cudapy_program_compile_start(program, &options));
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    cudapy_kernel *saxpy = NULL;
    CHECK_OK(cudapy_module_kernel(module, "saxpy", &saxpy));
    int block = 0;
    CHECK_OK(cudapy_kernel_auto_block_size(saxpy, &block));
    CHECK(block >= 32 && block <= 1024 && block % 32 == 0);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
    printf("GPU: started compiles taken, replaced, dropped\n");
}

int main(void) {
    CHECK_STATUS(cudapy_program_compile_start(NULL, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "program is NULL"));

    /* A translation error is the start's to return, at the user's line. */
    const char *broken = "# k : void (float* X)\ndef k(X):\n    X[idx] = undefined_name\n";
    cudapy_program *program = program_from(broken, "broken.py");
    CHECK_STATUS(cudapy_program_compile_start(program, NULL), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "broken.py:3:"));
    CHECK(cudapy_program_diagnostic_count(program) == 1);
    cudapy_program_delete(program);

    check_cpu();
    check_gpu();
    CHECK_OK(cudapy_compiler_wait());
    printf("C ABI compile-start tests passed\n");
    return 0;
}
