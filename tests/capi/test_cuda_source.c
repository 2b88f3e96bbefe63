/* CUDA C++ of the caller's own through the C ABI: compiled to PTX without a GPU (checked
 * against what the source says), compile errors at the source's own lines, options refused,
 * and on a GPU modules loaded and launched, checked against results computed here. */
#include <stdint.h>

#include "check.h"

static const char *scale_source =
    "extern \"C\" __global__ void scale(float *x, float factor, int n) {\n"
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) x[i] *= factor * FACTOR;\n"
    "}\n"
    "__device__ int counter = 7;\n"
    "template <typename T> __global__ void add_one(T *x) { x[threadIdx.x] += T(1); }\n";

static cudapy_cuda_options options_for(const char *arch, const char *const *options, size_t count) {
    cudapy_cuda_options given;
    memset(&given, 0, sizeof given);
    given.size = sizeof given;
    given.name = "scale.cu";
    given.arch = arch;
    given.options = options;
    given.option_count = count;
    return given;
}

static int contains(const char *text, const char *part) { return strstr(text, part) != NULL; }

/* Returns 0 when NVRTC is missing (the rest is skipped). */
static int check_ptx(void) {
    const char *define[] = {"-D", "FACTOR=3"};
    cudapy_cuda_options options = options_for("compute_75", define, 2);
    char *ptx = NULL;
    size_t size = 0;
    cudapy_status status = cudapy_cuda_compile(scale_source, &options, &ptx, &size);
    if (status == CUDAPY_ERROR_NVRTC_UNAVAILABLE) {
        printf("NVRTC unavailable, CUDA C++ checks skipped: %s\n", cudapy_last_error());
        return 0;
    }
    CHECK_OK(status);
    CHECK(ptx != NULL && size == strlen(ptx));
    CHECK(contains(ptx, ".entry scale("));
    CHECK(contains(ptx, ".target sm_75"));
    CHECK(contains(ptx, "counter"));
    /* FACTOR=3 reached the compiler: the product with 3.0f (0f40400000) is in the code. */
    CHECK(contains(ptx, "0f40400000"));
    cudapy_string_free(ptx);

    /* An error is reported at the source's own line and name. */
    const char *broken = "extern \"C\" __global__ void f(int *x) {\n"
                         "    x[0] = 1;\n"
                         "    x[1] = undefined_name;\n"
                         "}\n";
    options = options_for("compute_75", NULL, 0);
    options.name = "mine.cu";
    CHECK_STATUS(cudapy_cuda_compile(broken, &options, &ptx, &size), CUDAPY_ERROR_CUDA_COMPILATION);
    CHECK(ptx == NULL);
    CHECK(contains(cudapy_last_error(), "mine.cu(3)"));
    CHECK(contains(cudapy_last_error(), "undefined_name"));
    /* ... and as a diagnostic with the column and the line as written. */
    CHECK(cudapy_cuda_diagnostic_count() == 1);
    cudapy_diagnostic diagnostic;
    memset(&diagnostic, 0, sizeof diagnostic);
    diagnostic.size = sizeof diagnostic;
    CHECK_OK(cudapy_cuda_diagnostic(0, &diagnostic));
    CHECK(diagnostic.kind == CUDAPY_DIAGNOSTIC_CUDA);
    CHECK(strcmp(diagnostic.file, "mine.cu") == 0 && diagnostic.line == 3 && diagnostic.column == 12);
    CHECK(strcmp(diagnostic.source_line, "    x[1] = undefined_name;") == 0);
    CHECK(contains(diagnostic.message, "undefined_name"));
    CHECK_STATUS(cudapy_cuda_diagnostic(1, &diagnostic), CUDAPY_ERROR_NOT_FOUND);
    CHECK_STATUS(cudapy_cuda_diagnostic(0, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);

    /* Options that write files, run programs or change the host compiler are refused, as are
     * control characters and an architecture given as an option. */
    const char *refused[][2] = {{"-o", "/tmp/x"}, {"--run", ""}, {"-ccbin=/tmp", ""},
                                {"-Xcompiler", "-fplugin=x.so"}, {"-arch=sm_90", ""},
                                {"-DX=1\n#include <evil>", ""}, {"-D", ""}};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
        size_t count = refused[i][1][0] ? 2 : 1;
        if (strcmp(refused[i][0], "-D") == 0) count = 1; /* a value missing */
        options = options_for("compute_75", refused[i], count);
        CHECK_STATUS(cudapy_cuda_compile(scale_source, &options, &ptx, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    }
    const char *bad_arch_options[] = {"-DFACTOR=1"};
    options = options_for("sm_90; rm", bad_arch_options, 1);
    CHECK_STATUS(cudapy_cuda_compile(scale_source, &options, &ptx, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    options = options_for("compute_75", bad_arch_options, 1);
    options.name = "bad\nname.cu";
    CHECK_STATUS(cudapy_cuda_compile(scale_source, &options, &ptx, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    options = options_for("compute_75", bad_arch_options, 1);
    options.size = 8;
    CHECK_STATUS(cudapy_cuda_compile(scale_source, &options, &ptx, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_cuda_compile(NULL, &options, &ptx, &size), CUDAPY_ERROR_INVALID_ARGUMENT);
    /* Sources written for nvcc include C library headers, which NVRTC does not ship. */
    const char *with_headers = "#include <math.h>\n#include <stdio.h>\n#include <stdint.h>\n"
                               "#include <cmath>\n#include <assert.h>\n"
                               "extern \"C\" __global__ void g(float *x, int64_t *y) {\n"
                               "    x[0] = sqrtf(x[1]); y[0] = (int64_t)x[0]; printf(\"%f\", x[0]);\n}\n";
    options = options_for("compute_75", NULL, 0);
    CHECK_OK(cudapy_cuda_compile(with_headers, &options, &ptx, &size));
    CHECK(cudapy_cuda_diagnostic_count() == 0);
    CHECK(contains(ptx, ".entry g("));
    cudapy_string_free(ptx);
    printf("CUDA C++ to PTX: compiled, errors at the source's lines, bad options refused\n");
    return 1;
}

static void check_gpu(void) {
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices == 0) {
        printf("no GPU: CUDA C++ modules not loaded\n");
        return;
    }
    const char *define[] = {"-DFACTOR=2"};
    cudapy_cuda_options options = options_for(NULL, define, 1);
    const char *expressions[] = {"add_one<int>"};
    options.name_expressions = expressions;
    options.name_expression_count = 1;
    cudapy_cuda_module *module = NULL;
    CHECK_OK(cudapy_cuda_module_new(scale_source, &options, &module));

    cudapy_cuda_function *scale = NULL;
    CHECK_OK(cudapy_cuda_module_function(module, "scale", &scale));
    cudapy_cuda_function *again = NULL;
    CHECK_OK(cudapy_cuda_module_function(module, "scale", &again));
    CHECK(again == scale);
    cudapy_cuda_function_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK_OK(cudapy_cuda_function_info_get(scale, &info));
    CHECK(info.param_count == 3);
    CHECK(info.max_threads_per_block >= 256);
    size_t offsets[3], sizes[3];
    for (size_t i = 0; i < 3; ++i) CHECK_OK(cudapy_cuda_function_param(scale, i, &offsets[i], &sizes[i]));
    CHECK(sizes[0] == 8 && sizes[1] == 4 && sizes[2] == 4);
    CHECK(offsets[0] == 0 && offsets[1] == 8 && offsets[2] == 12 && info.args_size == 16);
    CHECK_STATUS(cudapy_cuda_function_param(scale, 3, &offsets[0], &sizes[0]), CUDAPY_ERROR_NOT_FOUND);

    enum { n = 1000 };
    float host[n], back[n];
    for (int i = 0; i < n; ++i) host[i] = (float)i - 300.0f;
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new(sizeof host, &buffer));
    CHECK_OK(cudapy_buffer_upload(buffer, 0, host, sizeof host));
    unsigned char args[16];
    void *pointer = cudapy_buffer_pointer(buffer);
    float factor = 1.5f;
    int count = n;
    memcpy(args + offsets[0], &pointer, sizeof pointer);
    memcpy(args + offsets[1], &factor, sizeof factor);
    memcpy(args + offsets[2], &count, sizeof count);
    cudapy_dim3 grid = {4, 1, 1}, block = {256, 1, 1};
    CHECK_OK(cudapy_cuda_function_launch(scale, grid, block, 0, 0, args, sizeof args));
    CHECK_OK(cudapy_buffer_download(buffer, 0, back, sizeof back));
    for (int i = 0; i < n; ++i) CHECK(back[i] == host[i] * 1.5f * 2.0f);

    /* The same launch as one block: header, then the arguments. */
    unsigned char whole[sizeof(cudapy_cuda_launch_header) + 16];
    cudapy_cuda_launch_header header;
    memset(&header, 0, sizeof header);
    header.grid[0] = 4;
    header.grid[1] = header.grid[2] = 1;
    header.block[0] = 256;
    header.block[1] = header.block[2] = 1;
    memcpy(whole, &header, sizeof header);
    memcpy(whole + sizeof header, args, sizeof args);
    CHECK_OK(cudapy_cuda_function_launch_block(scale, whole, sizeof whole));
    CHECK_OK(cudapy_buffer_download(buffer, 0, back, sizeof back));
    for (int i = 0; i < n; ++i) CHECK(back[i] == host[i] * 9.0f);
    CHECK_STATUS(cudapy_cuda_function_launch_block(scale, whole, sizeof whole - 1), CUDAPY_ERROR_INVALID_ARGUMENT);

    /* Refused before launching: a wrong argument block, a block too large, too much shared memory. */
    CHECK_STATUS(cudapy_cuda_function_launch(scale, grid, block, 0, 0, args, 12), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_dim3 huge = {2048, 1, 1}, wide = {32, 32, 2};
    CHECK_STATUS(cudapy_cuda_function_launch(scale, grid, huge, 0, 0, args, sizeof args), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(contains(cudapy_last_error(), "2048"));
    CHECK_STATUS(cudapy_cuda_function_launch(scale, grid, wide, 0, 0, args, sizeof args), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(contains(cudapy_last_error(), "2048 threads"));
    CHECK_STATUS(cudapy_cuda_function_launch(scale, grid, block, 1u << 30, 0, args, sizeof args),
                 CUDAPY_ERROR_INVALID_ARGUMENT);

    /* A missing kernel names those the module has, mangled ones too. */
    cudapy_cuda_function *missing = NULL;
    CHECK_STATUS(cudapy_cuda_module_function(module, "scael", &missing), CUDAPY_ERROR_NOT_FOUND);
    CHECK(contains(cudapy_last_error(), "scale"));
    CHECK(missing == NULL);

    /* A template kernel by its name expression. */
    const char *lowered = NULL;
    CHECK_OK(cudapy_cuda_module_lowered_name(module, "add_one<int>", &lowered));
    CHECK(lowered != NULL && lowered[0] == '_' && lowered[1] == 'Z');
    CHECK_STATUS(cudapy_cuda_module_lowered_name(module, "add_one<float>", &lowered), CUDAPY_ERROR_NOT_FOUND);
    CHECK_OK(cudapy_cuda_module_lowered_name(module, "add_one<int>", &lowered));
    cudapy_cuda_function *add_one = NULL;
    CHECK_OK(cudapy_cuda_module_function(module, lowered, &add_one));
    int ints[32];
    for (int i = 0; i < 32; ++i) ints[i] = i * 10;
    CHECK_OK(cudapy_buffer_upload(buffer, 0, ints, sizeof ints));
    cudapy_dim3 one = {1, 1, 1}, warp = {32, 1, 1};
    CHECK_OK(cudapy_cuda_function_launch(add_one, one, warp, 0, 0, &pointer, sizeof pointer));
    int ints_back[32];
    CHECK_OK(cudapy_buffer_download(buffer, 0, ints_back, sizeof ints_back));
    for (int i = 0; i < 32; ++i) CHECK(ints_back[i] == i * 10 + 1);

    /* A __device__ variable. */
    void *address = NULL;
    size_t bytes = 0;
    CHECK_OK(cudapy_cuda_module_global(module, "counter", &address, &bytes));
    CHECK(address != NULL && bytes == sizeof(int));
    CHECK_STATUS(cudapy_cuda_module_global(module, "no_such", &address, &bytes), CUDAPY_ERROR_NOT_FOUND);

    /* Compiled code for this GPU loads as a module of its own. */
    char *image = NULL;
    size_t size = 0;
    options = options_for(NULL, define, 1);
    CHECK_OK(cudapy_cuda_compile(scale_source, &options, &image, &size));
    cudapy_cuda_module *loaded = NULL;
    CHECK_OK(cudapy_cuda_module_load(image, size, &loaded));
    cudapy_string_free(image);
    cudapy_cuda_function *loaded_scale = NULL;
    CHECK_OK(cudapy_cuda_module_function(loaded, "scale", &loaded_scale));
    CHECK_OK(cudapy_buffer_upload(buffer, 0, host, sizeof host));
    CHECK_OK(cudapy_cuda_function_launch(loaded_scale, grid, block, 0, 0, args, sizeof args));
    CHECK_OK(cudapy_buffer_download(buffer, 0, back, sizeof back));
    for (int i = 0; i < n; ++i) CHECK(back[i] == host[i] * 3.0f);
    /* Bytes that are no code fail when loaded, or at the latest when a kernel is looked up
     * (the driver may load lazily), with an error either way. */
    cudapy_cuda_module *garbage = NULL;
    if (cudapy_cuda_module_load("not code", 8, &garbage) == CUDAPY_OK) {
        cudapy_cuda_function *none = NULL;
        CHECK(cudapy_cuda_module_function(garbage, "scale", &none) != CUDAPY_OK);
        cudapy_cuda_module_delete(garbage);
    }
    options = options_for("sm_90", define, 1);
    cudapy_cuda_module *refused = NULL;
    CHECK_STATUS(cudapy_cuda_module_new(scale_source, &options, &refused), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(refused == NULL);

    cudapy_buffer_delete(buffer);
    cudapy_cuda_module_delete(loaded);
    cudapy_cuda_module_delete(module);
    printf("GPU: CUDA C++ modules compiled, loaded and launched\n");
}

int main(void) {
    if (check_ptx()) check_gpu();
    return 0;
}
