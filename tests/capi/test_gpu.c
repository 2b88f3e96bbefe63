/* Compiling, loading and launching through the C ABI; skipped without a GPU. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static const char source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n"
    "\n"
    "# fill2d : void (int* out, int width)\n"
    "def fill2d(out, width):\n"
    "    out[idy * width + idx] = idy * 1000 + idx\n";

enum { N = 100003, W = 77, H = 45 };

static float x[N], y[N], expected[N];
static int grid_values[W * H];

static cudapy_launch_config config_for_threads(uint32_t nx, uint32_t ny) {
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads.x = nx;
    config.threads.y = ny;
    config.threads.z = 1;
    return config;
}

int main(void) {
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices == 0) {
        printf("SKIP: no CUDA GPU found\n");
        return SKIP_EXIT_CODE;
    }
    cudapy_device_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    CHECK_OK(cudapy_device_info_get(0, &info));
    printf("GPU: %s (compute capability %d.%d, %d multiprocessors)\n", info.name, info.major,
           info.minor, info.multiprocessors);
    CHECK_STATUS(cudapy_device_info_get(devices, &info), CUDAPY_ERROR_NOT_FOUND);

    /* NVRTC warms up on its own thread; a second call does nothing. A child forked meanwhile
     * (the fork waits for that thread) compiles with NVRTC on its own. */
    CHECK_OK(cudapy_compiler_warm_up());
    CHECK_OK(cudapy_compiler_warm_up());
    pid_t child = fork();
    CHECK(child >= 0);
    if (child == 0) {
        cudapy_program *in_child = NULL;
        char *ptx = NULL;
        int ok = cudapy_program_new(&in_child) == CUDAPY_OK &&
                 cudapy_program_add_source(in_child, source, strlen(source), "kernels.py", 1, 0) == CUDAPY_OK &&
                 cudapy_program_ptx(in_child, NULL, &ptx) == CUDAPY_OK && strstr(ptx, ".entry saxpy") != NULL;
        _exit(ok ? 0 : 1);
    }
    int child_status = 0;
    CHECK(waitpid(child, &child_status, 0) == child);
    CHECK(WIFEXITED(child_status) && WEXITSTATUS(child_status) == 0);

    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "kernels.py", 1, 0));
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, NULL, &module));
    cudapy_kernel *saxpy = NULL, *fill2d = NULL, *missing = NULL;
    CHECK_OK(cudapy_module_kernel(module, "saxpy", &saxpy));
    CHECK_OK(cudapy_module_kernel(module, "fill2d", &fill2d));
    CHECK_STATUS(cudapy_module_kernel(module, "nothere", &missing), CUDAPY_ERROR_NOT_FOUND);
    CHECK(missing == NULL);
    int block_size = 0;
    CHECK_OK(cudapy_kernel_auto_block_size(saxpy, &block_size));
    CHECK(block_size >= 32 && block_size <= 1024 && block_size % 32 == 0);
    cudapy_kernel_info compiled;
    memset(&compiled, 0, sizeof compiled);
    compiled.size = sizeof compiled;
    CHECK_OK(cudapy_kernel_info_get(saxpy, &compiled));
    CHECK(compiled.registers > 0 && compiled.max_threads_per_block >= 32 && compiled.max_threads_per_block <= 1024);
    CHECK(compiled.static_shared_bytes == 0 && compiled.max_dynamic_shared_bytes >= 48 * 1024);
    compiled.size = 8;
    CHECK_STATUS(cudapy_kernel_info_get(saxpy, &compiled), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_kernel_info_get(NULL, &compiled), CUDAPY_ERROR_INVALID_ARGUMENT);
    int cooperative_blocks = 0;
    CHECK_OK(cudapy_kernel_max_cooperative_blocks(saxpy, 256, 0, &cooperative_blocks));
    CHECK(cooperative_blocks > 0);

    for (int i = 0; i < N; ++i) {
        x[i] = (float)(i % 1000) * 0.25f - 3.0f;
        y[i] = (float)((i * 7) % 113) - 50.0f;
        expected[i] = 2.5f * x[i] + y[i];
    }
    cudapy_buffer *dx = NULL, *dy = NULL;
    CHECK_OK(cudapy_buffer_new(sizeof x, &dx));
    CHECK_OK(cudapy_buffer_new(sizeof y, &dy));
    CHECK(cudapy_buffer_size(dx) == sizeof x);
    CHECK_OK(cudapy_buffer_upload(dx, 0, x, sizeof x));
    CHECK_OK(cudapy_buffer_upload(dy, 0, y, sizeof y));
    CHECK_STATUS(cudapy_buffer_upload(dy, 8, y, sizeof y), CUDAPY_ERROR_INVALID_ARGUMENT);

    /* A thread-count launch with argument pointers. */
    float alpha = 2.5f;
    cudapy_array ax = {cudapy_buffer_pointer(dx), N}, ay = {cudapy_buffer_pointer(dy), N};
    void *args[] = {&alpha, &ax, &ay};
    cudapy_launch_config config = config_for_threads(N, 1);
    CHECK_OK(cudapy_kernel_launch(saxpy, &config, args));
    CHECK_OK(cudapy_synchronize());
    float result[N];
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i) CHECK(fabsf(result[i] - expected[i]) <= 1e-5f * (1 + fabsf(expected[i])));

    /* An explicit grid launch with a packed argument block: Y += 1 * X again. */
    unsigned char block[40];
    memset(block, 0, sizeof block);
    float one = 1.0f;
    memcpy(block, &one, sizeof one);
    memcpy(block + 8, &ax, sizeof ax);
    memcpy(block + 24, &ay, sizeof ay);
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.block = (cudapy_dim3){128, 1, 1};
    config.grid = (cudapy_dim3){(N + 127) / 128, 1, 1};
    CHECK_OK(cudapy_kernel_launch_packed(saxpy, &config, block, sizeof block));
    CHECK_STATUS(cudapy_kernel_launch_packed(saxpy, &config, block, 12), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i)
        CHECK(fabsf(result[i] - (expected[i] + x[i])) <= 1e-5f * (1 + fabsf(expected[i])));

    /* A launch object made once, run twice with the same block: Y += 1 * X twice more. */
    cudapy_launch *bound = NULL;
    CHECK_OK(cudapy_launch_new(saxpy, &config, &bound));
    CHECK_OK(cudapy_launch_run(bound, block));
    CHECK_OK(cudapy_launch_run(bound, block));
    cudapy_launch_delete(bound);
    CHECK_OK(cudapy_buffer_download(dy, 0, result, sizeof result));
    for (int i = 0; i < N; ++i)
        CHECK(fabsf(result[i] - (expected[i] + 3 * x[i])) <= 1e-5f * (1 + fabsf(expected[i])));

    config.grid = (cudapy_dim3){0, 1, 1};
    CHECK_STATUS(cudapy_kernel_launch(saxpy, &config, args), CUDAPY_ERROR_INVALID_ARGUMENT);
    bound = (cudapy_launch *)&config; /* a failed cudapy_launch_new leaves NULL behind */
    CHECK_STATUS(cudapy_launch_new(saxpy, &config, &bound), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(bound == NULL && strstr(cudapy_last_error(), "grid must be at least 1"));

    /* A two-dimensional thread-count launch: threads past the counts must not write. */
    cudapy_buffer *dgrid = NULL;
    CHECK_OK(cudapy_buffer_new(sizeof grid_values + 64 * sizeof(int), &dgrid));
    int sentinel[W * H + 64];
    for (int i = 0; i < W * H + 64; ++i) sentinel[i] = -7;
    CHECK_OK(cudapy_buffer_upload(dgrid, 0, sentinel, sizeof sentinel));
    cudapy_array agrid = {cudapy_buffer_pointer(dgrid), W * H};
    int width = W;
    void *grid_args[] = {&agrid, &width};
    config = config_for_threads(W, H);
    CHECK_OK(cudapy_kernel_launch(fill2d, &config, grid_args));
    CHECK_OK(cudapy_buffer_download(dgrid, 0, sentinel, sizeof sentinel));
    for (int row = 0; row < H; ++row)
        for (int col = 0; col < W; ++col) CHECK(sentinel[row * W + col] == row * 1000 + col);
    for (int i = W * H; i < W * H + 64; ++i) CHECK(sentinel[i] == -7);

    cudapy_buffer_delete(dgrid);
    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
    CHECK_OK(cudapy_compiler_wait());
    printf("C ABI GPU tests passed\n");
    return 0;
}
