/* n-d array parameters, constant arrays, shared memory with barriers, debug asserts and the
 * new compile options through the C ABI: on the CPU target always, on the GPU when there is one.
 */
#include <string.h>

#include "check.h"

static const char source[] =
    "TPB = 8\n"
    "\n"
    "# scale_rows : void (float32[:, ::1] M, float32[::1, :] F, float64[:, :] S)\n"
    "def scale_rows(M, F, S):\n"
    "    table = cuda.const.array_like(WEIGHTS)\n"
    "    tile = cuda.shared.array(TPB, float32)\n"
    "    i, j = cuda.grid(2)\n"
    "    t = cuda.threadIdx.x\n"
    "    tile[t] = table[t]\n"
    "    cuda.syncthreads()\n"
    "    if i < M.shape[1] and j < M.shape[0]:\n"
    "        M[j, i] = M[j, i] * tile[(t + 1) % TPB]\n"
    "        F[j, i] = F[j, i] + 1\n"
    "        S[j, i] = S[j, i] * 2\n"
    "\n"
    "# checked : void (int32* X)\n"
    "def checked(X):\n"
    "    assert X[idx] >= 0, \"negative input\"\n"
    "    X[idx] = X[idx] + 1\n";

enum { ROWS = 5, COLS = 16 };

static float weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};

static cudapy_launch_config blocks(uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by) {
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.grid.x = gx;
    config.grid.y = gy;
    config.grid.z = 1;
    config.block.x = bx;
    config.block.y = by;
    config.block.z = 1;
    return config;
}

static cudapy_program *new_program(void) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "toolbox.py", 1, 0));
    int64_t shape[1] = {8};
    CHECK_OK(cudapy_program_add_constant_array(program, "WEIGHTS", CUDAPY_FLOAT32, 1, shape, weights,
                                               sizeof weights));
    return program;
}

static void check_interface(cudapy_program *program) {
    CHECK_OK(cudapy_program_translate(program, NULL));
    cudapy_param_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK_OK(cudapy_program_param(program, 0, 0, &info));
    CHECK(info.kind == CUDAPY_PARAM_ARRAY && info.ndim == 2 && info.layout == CUDAPY_LAYOUT_C);
    CHECK(info.bytes == 24 && info.written);
    CHECK_OK(cudapy_program_param(program, 0, 1, &info));
    CHECK(info.ndim == 2 && info.layout == CUDAPY_LAYOUT_F && info.bytes == 24);
    CHECK_OK(cudapy_program_param(program, 0, 2, &info));
    CHECK(info.ndim == 2 && info.layout == CUDAPY_LAYOUT_ANY && info.bytes == 40);
    CHECK(cudapy_program_args_size(program, 0) == 24 + 24 + 40);
}

static void check_bad_arguments(void) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    int64_t shape[1] = {8};
    CHECK_STATUS(cudapy_program_add_constant_array(program, "W", CUDAPY_FLOAT32, 1, shape, weights, 4),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "needs 32 bytes of data, got 4"));
    CHECK_STATUS(cudapy_program_add_constant_array(program, "W", (cudapy_scalar_type)99, 1, shape, weights, 32),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_program_add_constant_array(program, "W", CUDAPY_FLOAT32, 0, shape, weights, 32),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    int64_t huge[1] = {1 << 20};
    CHECK_STATUS(cudapy_program_add_constant_array(program, "W", CUDAPY_UINT8, 1, huge, NULL, 1 << 20),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "constant memory holds 65536"));
    CHECK_STATUS(cudapy_program_add_constant_array(NULL, "W", CUDAPY_FLOAT32, 1, shape, weights, 32),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);

    program = new_program();
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = CUDAPY_TARGET_CPU;
    options.max_registers = -1;
    cudapy_module *module = NULL;
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(module == NULL);
    options.max_registers = 0;
    options.launch_bounds_min_blocks = 2;
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_INVALID_ARGUMENT);
    /* a cluster's blocks only with a minimum of blocks, and never negative */
    options.launch_bounds_max_threads = 128;
    options.launch_bounds_min_blocks = 0;
    options.launch_bounds_max_cluster_blocks = 4;
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_INVALID_ARGUMENT);
    options.launch_bounds_min_blocks = 2;
    options.launch_bounds_max_cluster_blocks = -1;
    CHECK_STATUS(cudapy_program_compile(program, &options, &module), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_program_delete(program);
}

/* Runs both kernels on `target` and checks them against values computed here. */
static void run(cudapy_target target) {
    cudapy_program *program = new_program();
    check_interface(program);
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = target;
    options.debug = 1;
    options.launch_bounds_max_threads = 64;
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, &options, &module));
    cudapy_kernel *scale_rows = NULL, *checked = NULL;
    CHECK_OK(cudapy_module_kernel(module, "scale_rows", &scale_rows));
    CHECK_OK(cudapy_module_kernel(module, "checked", &checked));

    float m[ROWS][COLS], f[COLS][ROWS];
    double s[ROWS][2 * COLS];  /* every other column: a strided view */
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c) {
            m[r][c] = (float)(r * COLS + c);
            f[c][r] = (float)(r - c);
            s[r][2 * c] = r + 0.5 * c;
            s[r][2 * c + 1] = -1;
        }
    cudapy_buffer *dm = NULL, *df = NULL, *ds = NULL;
    CHECK_OK(cudapy_buffer_new_on(target, sizeof m, &dm));
    CHECK_OK(cudapy_buffer_new_on(target, sizeof f, &df));
    CHECK_OK(cudapy_buffer_new_on(target, sizeof s, &ds));
    CHECK_OK(cudapy_buffer_upload(dm, 0, m, sizeof m));
    CHECK_OK(cudapy_buffer_upload(df, 0, f, sizeof f));
    CHECK_OK(cudapy_buffer_upload(ds, 0, s, sizeof s));
    struct { void *data; int64_t shape[2]; } m_arg = {cudapy_buffer_pointer(dm), {ROWS, COLS}},
                                              f_arg = {cudapy_buffer_pointer(df), {ROWS, COLS}};
    struct { void *data; int64_t shape[2], strides[2]; } s_arg = {cudapy_buffer_pointer(ds), {ROWS, COLS},
                                                                  {2 * COLS, 2}};
    void *args[] = {&m_arg, &f_arg, &s_arg};
    cudapy_launch_config config = blocks(COLS / 8, ROWS, 8, 1);
    CHECK_OK(cudapy_kernel_launch(scale_rows, &config, args));
    CHECK_OK(cudapy_synchronize());
    float m_out[ROWS][COLS], f_out[COLS][ROWS];
    double s_out[ROWS][2 * COLS];
    CHECK_OK(cudapy_buffer_download(dm, 0, m_out, sizeof m_out));
    CHECK_OK(cudapy_buffer_download(df, 0, f_out, sizeof f_out));
    CHECK_OK(cudapy_buffer_download(ds, 0, s_out, sizeof s_out));
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c) {
            CHECK(m_out[r][c] == m[r][c] * weights[(c % 8 + 1) % 8]);
            CHECK(f_out[c][r] == f[c][r] + 1);
            CHECK(s_out[r][2 * c] == 2 * s[r][2 * c] && s_out[r][2 * c + 1] == -1);
        }

    int values[64];
    for (int i = 0; i < 64; ++i) values[i] = i == 37 ? -5 : i;
    cudapy_buffer *dv = NULL;
    CHECK_OK(cudapy_buffer_new_on(target, sizeof values, &dv));
    CHECK_OK(cudapy_buffer_upload(dv, 0, values, sizeof values));
    struct { void *data; int64_t length; } v_arg = {cudapy_buffer_pointer(dv), 64};
    void *v_args[] = {&v_arg};
    cudapy_launch_config two_blocks = blocks(2, 1, 32, 1);
    CHECK_STATUS(cudapy_kernel_launch(checked, &two_blocks, v_args), CUDAPY_ERROR_ASSERTION);
    CHECK(strstr(cudapy_last_error(),
                 "toolbox.py:18: AssertionError: negative input (thread (5, 0, 0) of block (1, 0, 0))"));
    /* The library and the device stay usable, and the record is cleared for the next launch. */
    values[37] = 37;
    CHECK_OK(cudapy_buffer_upload(dv, 0, values, sizeof values));
    CHECK_OK(cudapy_kernel_launch(checked, &two_blocks, v_args));
    CHECK_OK(cudapy_synchronize());
    CHECK_OK(cudapy_buffer_download(dv, 0, values, sizeof values));
    for (int i = 0; i < 64; ++i) CHECK(values[i] == i + 1);

    cudapy_buffer_delete(dm);
    cudapy_buffer_delete(df);
    cudapy_buffer_delete(ds);
    cudapy_buffer_delete(dv);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
}

int main(void) {
    check_bad_arguments();
    run(CUDAPY_TARGET_CPU);
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices > 0) {
        run(CUDAPY_TARGET_CUDA);
        printf("toolbox through the C ABI: CPU and GPU correct\n");
    } else {
        printf("toolbox through the C ABI: CPU correct (no GPU)\n");
    }
    return 0;
}
