/* The GPU handles over many create/delete cycles: modules (compiled, loaded, launched,
 * unloaded) and device buffers keep the process's resident memory flat, and device memory
 * returns to its baseline: buffers of a quarter of the GPU's memory are allocated and freed
 * a thousand times, which fails as soon as frees leak. Skipped without a GPU. */
#define _POSIX_C_SOURCE 200809L /* sysconf, clock_gettime */
#include <string.h>

#include "check.h"
#include "resident.h"

static const char source[] =
    "# fill : void (int* X, int value)\n"
    "def fill(X, value):\n"
    "    if idx < len(X):\n"
    "        X[idx] = value + idx\n";

enum { N = 1024 };

static size_t quarter_of_memory;

/* Odd cycles compile in the background first (cudapy_program_compile_start). */
static void module_cycle(long i) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), "fill.py", 1, 0));
    if (i % 2) CHECK_OK(cudapy_program_compile_start(program, NULL));
    cudapy_module *module = NULL;
    CHECK_OK(cudapy_program_compile(program, NULL, &module));
    cudapy_kernel *fill = NULL;
    CHECK_OK(cudapy_module_kernel(module, "fill", &fill));
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new(N * sizeof(int), &buffer));
    int value = (int)(i % 1000);
    cudapy_array array = {cudapy_buffer_pointer(buffer), N};
    void *args[] = {&array, &value};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){N, 1, 1};
    CHECK_OK(cudapy_kernel_launch(fill, &config, args));
    launch_fill_packed(program, 0, fill, &config, array, value);  /* once more */
    int result[N];
    CHECK_OK(cudapy_buffer_download(buffer, 0, result, sizeof result));
    CHECK(result[0] == value && result[N - 1] == value + N - 1);
    cudapy_buffer_delete(buffer);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
}

static void small_buffer_cycle(long i) {
    static char data[4096], back[4096];
    size_t bytes = 64 + (size_t)(i % 7) * 512;
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new(bytes, &buffer));
    memset(data, (int)(i & 0x7f), bytes);
    CHECK_OK(cudapy_buffer_upload(buffer, 0, data, bytes));
    CHECK_OK(cudapy_buffer_download(buffer, 0, back, bytes));
    CHECK(memcmp(data, back, bytes) == 0);
    cudapy_buffer_delete(buffer);
}

static void large_buffer_cycle(long i) {
    cudapy_buffer *buffer = NULL;
    cudapy_status status = cudapy_buffer_new(quarter_of_memory, &buffer);
    if (status != CUDAPY_OK) {
        fprintf(stderr, "cycle %ld: a buffer of a quarter of the GPU's memory (%zu bytes) "
                "could not be allocated: device memory was not returned (%s)\n", i,
                quarter_of_memory, cudapy_last_error());
        exit(1);
    }
    int marker = (int)i;
    CHECK_OK(cudapy_buffer_upload(buffer, quarter_of_memory - sizeof marker, &marker,
                                  sizeof marker));
    cudapy_buffer_delete(buffer);
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
    quarter_of_memory = info.total_memory / 4;
    printf("GPU: %s, %.1f GiB\n", info.name, info.total_memory / 1073741824.0);

    long cycles = leak_cycles(100000);
    /* Bounded in time as well, so that a slow module load cannot overrun the test's timeout. */
    run_cycles_for("module, kernel and launch", module_cycle, cycles, 120);
    run_cycles_for("device buffer", small_buffer_cycle, cycles, 60);
    run_cycles_for("device buffer of 1/4 of the memory", large_buffer_cycle,
                   cycles < 1000 ? cycles : 1000, 60);
    CHECK_OK(cudapy_compiler_wait());  /* a process waits for the library's threads */
    printf("no leaks found\n");
    return 0;
}
