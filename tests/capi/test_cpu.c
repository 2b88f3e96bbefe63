/* The CPU target through the C ABI: compile, host buffers, both launch forms, failures. Runs
 * wherever a C++ compiler is; no GPU needed. */
#include <math.h>
#include <string.h>

#include "check.h"

static const char source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n"
    "\n"
    "# strided : void (int* X, int step)\n"
    "def strided(X, step):\n"
    "    for i in range(0, len(X), step):\n"
    "        X[i] = idy * 1000 + idx\n";

enum { N = 5003 };

/* Kernels calling device functions of linked CUDA C++, in both calling conventions. */
static void test_declared_device_functions(void) {
    static const char kernel[] =
        "# k : void (float* X, int* Y)\n"
        "def k(X, Y):\n"
        "    X[idx] = scaled(X[idx], 3)\n"
        "    Y[idx] = plus_one(idx)\n";
    static const char linked[] =
        "extern \"C\" __device__ int scale_by(float *result, float x, int factor) {\n"
        "    *result = x * factor;\n"
        "    return 0;\n"
        "}\n"
        "extern \"C\" __device__ int plus_one(int x) { return x + 1; }\n";
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, kernel, strlen(kernel), "linking.py", 1, 0));
    CHECK_OK(cudapy_program_declare_device(program, "scaled", "scale_by", "float32(float32, int32)", CUDAPY_CALL_NUMBA));
    CHECK_OK(cudapy_program_declare_device(program, "plus_one", NULL, "int32(int32)", CUDAPY_CALL_C));
    CHECK_OK(cudapy_program_link_source(program, linked, strlen(linked), "scale.cu"));
    char *translated = NULL;
    CHECK_OK(cudapy_program_translate(program, &translated));
    CHECK(strstr(translated, "#line 1 \"scale.cu\"") && strstr(translated, "scale_by(&cudapy_result, cudapy_a0, cudapy_a1)"));
    cudapy_string_free(translated);

    cudapy_compile_options options = cpu_options();
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    cudapy_kernel *k = NULL;
    CHECK_OK(cudapy_module_kernel(module, "k", &k));
    float x[8];
    int y[8];
    for (int i = 0; i < 8; ++i) x[i] = (float)i + 0.5f;
    cudapy_buffer *dx = NULL, *dy = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof x, &dx));
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof y, &dy));
    CHECK_OK(cudapy_buffer_upload(dx, 0, x, sizeof x));
    cudapy_array ax = {cudapy_buffer_pointer(dx), 8}, ay = {cudapy_buffer_pointer(dy), 8};
    void *args[] = {&ax, &ay};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){8, 1, 1};
    CHECK_OK(cudapy_kernel_launch(k, &config, args));
    float scaled[8];
    CHECK_OK(cudapy_buffer_download(dx, 0, scaled, sizeof scaled));
    CHECK_OK(cudapy_buffer_download(dy, 0, y, sizeof y));
    for (int i = 0; i < 8; ++i) CHECK(scaled[i] == 3.0f * x[i] && y[i] == i + 1);
    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
    cudapy_module_delete(module);

    /* Declarations the C name, the signature or the convention make wrong are refused. */
    CHECK_STATUS(cudapy_program_declare_device(program, "f", "bad name", "int32(int32)", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_declare_device(program, "f", "x\");system(\"", "int32(int32)", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_declare_device(program, "f", "cudapy_add", "int32(int32)", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_declare_device(program, "f", NULL, "int32(float32[:])", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "parameter 1 of declared function 'f'"));
    CHECK_STATUS(cudapy_program_declare_device(program, "f", NULL, "int32(int32", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_declare_device(program, "f", NULL, "int32(int32)", (cudapy_calling_convention)5),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_declare_device(program, "not a name", NULL, "int32(int32)", CUDAPY_CALL_C),
                 CUDAPY_ERROR_INVALID_ARGUMENT);

    /* Linked code that does not compile fails with its own file and line. */
    static const char broken[] = "extern \"C\" __device__ int plus_one(int x) {\n    return x +;\n}\n";
    cudapy_program *failing = NULL;
    CHECK_OK(cudapy_program_new(&failing));
    CHECK_OK(cudapy_program_add_source(failing, kernel, strlen(kernel), "linking.py", 1, 0));
    CHECK_OK(cudapy_program_declare_device(failing, "scaled", "scale_by", "float32(float32, int32)", CUDAPY_CALL_NUMBA));
    CHECK_OK(cudapy_program_declare_device(failing, "plus_one", NULL, "int32(int32)", CUDAPY_CALL_C));
    CHECK_OK(cudapy_program_link_source(failing, broken, strlen(broken), "broken.cu"));
    CHECK_STATUS(cudapy_program_compile(failing, &options, &module), CUDAPY_ERROR_CUDA_COMPILATION);
    CHECK(strstr(cudapy_last_error(), "broken.cu:2:"));
    /* scale_by is defined nowhere: the call of it is named. */
    CHECK(strstr(cudapy_last_error(), "scale_by"));
    cudapy_program_delete(failing);
    cudapy_program_delete(program);
}

int main(void) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "kernels.py", 1, 0));
    cudapy_compile_options options = cpu_options();
    cudapy_module *module = NULL;
    cudapy_status status = cudapy_program_compile(program, &options, &module);
    if (status == CUDAPY_ERROR_UNSUPPORTED && strstr(cudapy_last_error(), "C++ compiler")) {
        printf("SKIP: %s\n", cudapy_last_error());
        return SKIP_EXIT_CODE;
    }
    CHECK_OK(status);
    cudapy_kernel *saxpy = NULL, *strided = NULL;
    CHECK_OK(cudapy_module_kernel(module, "saxpy", &saxpy));
    CHECK_OK(cudapy_module_kernel(module, "strided", &strided));
    cudapy_kernel_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK_STATUS(cudapy_kernel_info_get(saxpy, &info), CUDAPY_ERROR_UNSUPPORTED);
    CHECK(strstr(cudapy_last_error(), "whose kernels have no GPU attributes") != NULL);
    int cooperative_blocks = -1;
    CHECK_STATUS(cudapy_kernel_max_cooperative_blocks(saxpy, 128, 0, &cooperative_blocks),
                 CUDAPY_ERROR_UNSUPPORTED);
    CHECK(cooperative_blocks == 0 && strstr(cudapy_last_error(), "no cooperative launches") != NULL);
    CHECK_STATUS(cudapy_kernel_max_cooperative_blocks(saxpy, 0, 0, &cooperative_blocks),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_kernel_max_cooperative_blocks(NULL, 128, 0, &cooperative_blocks),
                 CUDAPY_ERROR_INVALID_ARGUMENT);

    static float x[N], y[N], result[N];
    for (int i = 0; i < N; ++i) {
        x[i] = (float)(i % 97) - 40.0f;
        y[i] = (float)(i % 13);
    }
    cudapy_buffer *dx = NULL, *dy = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof x, &dx));
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof y, &dy));
    CHECK_OK(cudapy_buffer_upload(dx, 0, x, sizeof x));
    CHECK_OK(cudapy_buffer_upload(dy, 0, y, sizeof y));

    float alpha = 3.0f;
    cudapy_array ax = {cudapy_buffer_pointer(dx), N}, ay = {cudapy_buffer_pointer(dy), N};
    void *args[] = {&alpha, &ax, &ay};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){N, 1, 1};
    CHECK_OK(cudapy_kernel_launch(saxpy, &config, args));
    CHECK_OK(cudapy_synchronize());
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i) CHECK(result[i] == 3.0f * x[i] + y[i]);

    /* A launch object for N threads, made once and run with packed arguments: Y += 3 * X
     * again. The block is laid out as cudapy_program_param() says. */
    size_t alpha_offset = 0, x_offset = 0, y_offset = 0;
    size_t *offsets[] = {&alpha_offset, &x_offset, &y_offset};
    for (size_t i = 0; i < 3; ++i) {
        cudapy_param_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        CHECK_OK(cudapy_program_param(program, 0, i, &info));
        *offsets[i] = info.offset;
    }
    unsigned char packed[64];
    CHECK(cudapy_program_args_size(program, 0) <= sizeof packed);
    memcpy(packed + alpha_offset, &alpha, sizeof alpha);
    memcpy(packed + x_offset, &ax, sizeof ax);
    memcpy(packed + y_offset, &ay, sizeof ay);
    cudapy_launch *bound = NULL;
    CHECK_OK(cudapy_launch_new(saxpy, &config, &bound));
    CHECK_OK(cudapy_launch_run(bound, packed));
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i) CHECK(result[i] == 3.0f * x[i] + (3.0f * x[i] + y[i]));
    cudapy_launch_delete(bound);
    cudapy_launch_delete(NULL);
    CHECK_STATUS(cudapy_launch_run(NULL, packed), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "launch is NULL"));
    CHECK_STATUS(cudapy_launch_new(NULL, &config, &bound), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(bound == NULL);
    CHECK_STATUS(cudapy_launch_new(saxpy, NULL, &bound), CUDAPY_ERROR_INVALID_ARGUMENT);
    config.threads = (cudapy_dim3){N, 0, 1};
    CHECK_STATUS(cudapy_launch_new(saxpy, &config, &bound), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "threads must be at least 1"));

    /* An explicit grid with a y extent: every thread of the grid runs. */
    static int cells[64];
    for (int i = 0; i < 64; ++i) cells[i] = -1;
    cudapy_buffer *dcells = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof cells, &dcells));
    CHECK_OK(cudapy_buffer_upload(dcells, 0, cells, sizeof cells));
    cudapy_array acells = {cudapy_buffer_pointer(dcells), 64};
    int step = 1;
    void *strided_args[] = {&acells, &step};
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.grid = (cudapy_dim3){1, 1, 1};
    config.block = (cudapy_dim3){1, 1, 1};
    CHECK_OK(cudapy_kernel_launch(strided, &config, strided_args));
    CHECK_OK(cudapy_buffer_download(dcells, 0, cells, sizeof cells));
    for (int i = 0; i < 64; ++i) CHECK(cells[i] == 0);

    /* A zero step is Python's ValueError: the launch fails with its message. */
    step = 0;
    CHECK_STATUS(cudapy_kernel_launch(strided, &config, strided_args), CUDAPY_ERROR_LAUNCH_FAILED);
    CHECK(strstr(cudapy_last_error(), "kernels.py:8: ValueError: range() arg 3 must not be zero"));
    cudapy_param_info step_info;
    memset(&step_info, 0, sizeof step_info);
    step_info.size = sizeof step_info;
    CHECK_OK(cudapy_program_param(program, 1, 1, &step_info));
    memset(packed, 0, sizeof packed);
    memcpy(packed, &acells, sizeof acells);
    memcpy(packed + step_info.offset, &step, sizeof step);
    CHECK_OK(cudapy_launch_new(strided, &config, &bound));
    CHECK_STATUS(cudapy_launch_run(bound, packed), CUDAPY_ERROR_LAUNCH_FAILED);
    CHECK(strstr(cudapy_last_error(), "ValueError: range() arg 3 must not be zero"));
    cudapy_launch_delete(bound);

    cudapy_buffer *invalid = NULL;
    CHECK_STATUS(cudapy_buffer_new_on((cudapy_target)7, 8, &invalid), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(invalid == NULL);

    cudapy_buffer_delete(dcells);
    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
    cudapy_module_delete(module);
    cudapy_program_delete(program);

    /* What the CPU target lacks is named, not miscompiled. */
    const char *bessel = "# k : void (float* X)\ndef k(X):\n    X[0] = math.cyl_bessel_i0(X[0])\n";
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, bessel, strlen(bessel), "bessel.py", 1, 0));
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_TRANSLATION);
    CHECK(strstr(cudapy_last_error(), "bessel.py:3:12:") &&
          strstr(cudapy_last_error(), "math.cyl_bessel_i0 is not available on the CPU target"));
    cudapy_program_delete(program);

    test_declared_device_functions();
    CHECK_OK(cudapy_compiler_wait());  /* a process waits for the library's threads */
    printf("C ABI CPU target tests passed\n");
    return 0;
}
