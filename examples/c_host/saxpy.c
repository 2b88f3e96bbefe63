/* A C program that JIT-compiles the SAXPY kernel, written in Python, and runs it on the GPU, or,
 * without one, prints its PTX (when NVRTC is there) and runs it on the CPU target.
 * Build: cc saxpy.c $(pkg-config --cflags --libs cudapy) -lm -o saxpy */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cudapy/cudapy.h>

static const char kernel_source[] =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n";

/* Prints the failed call and the library's message, and exits. */
static void check(cudapy_status status, const char *what) {
    if (status == CUDAPY_OK) return;
    fprintf(stderr, "%s failed (%s):\n%s\n", what, cudapy_status_name(status), cudapy_last_error());
    exit(1);
}

int main(void) {
    cudapy_program *program = NULL;
    check(cudapy_program_new(&program), "cudapy_program_new");
    check(cudapy_program_add_source(program, kernel_source, strlen(kernel_source), "saxpy.py", 1, 0),
          "cudapy_program_add_source");

    int devices = 0;
    check(cudapy_device_count(&devices), "cudapy_device_count");
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = devices > 0 ? CUDAPY_TARGET_CUDA : CUDAPY_TARGET_CPU;
    if (devices == 0) {
        char *ptx = NULL;
        cudapy_status status = cudapy_program_ptx(program, NULL, &ptx);
        if (status == CUDAPY_OK) {
            const char *entry = strstr(ptx, ".visible .entry");
            printf("No CUDA GPU was found. The kernel's PTX starts:\n%.300s...\n", entry ? entry : ptx);
            cudapy_string_free(ptx);
        } else {
            printf("No CUDA GPU was found, and no PTX: %s\n", cudapy_last_error());
        }
        printf("Running on the CPU target instead.\n");
    }

    cudapy_module *module = NULL;
    check(cudapy_program_compile(program, &options, &module), "cudapy_program_compile");
    cudapy_kernel *saxpy = NULL;
    check(cudapy_module_kernel(module, "saxpy", &saxpy), "cudapy_module_kernel");

    const int64_t n = 1 << 20;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (int64_t i = 0; i < n; ++i) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    cudapy_buffer *dx = NULL, *dy = NULL;
    check(cudapy_buffer_new_on(options.target, n * sizeof *x, &dx), "cudapy_buffer_new_on");
    check(cudapy_buffer_new_on(options.target, n * sizeof *y, &dy), "cudapy_buffer_new_on");
    check(cudapy_buffer_upload(dx, 0, x, n * sizeof *x), "upload X");
    check(cudapy_buffer_upload(dy, 0, y, n * sizeof *y), "upload Y");

    float alpha = 2.0f;
    cudapy_array X = {cudapy_buffer_pointer(dx), n}, Y = {cudapy_buffer_pointer(dy), n};
    void *args[] = {&alpha, &X, &Y};
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.threads = (cudapy_dim3){(uint32_t)n, 1, 1}; /* block size chosen automatically */
    check(cudapy_kernel_launch(saxpy, &config, args), "cudapy_kernel_launch");
    check(cudapy_buffer_download(dy, 0, y, n * sizeof *y), "download Y");

    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i)
        if (fabsf(y[i] - (2.0f * (float)i + 1.0f)) > 1e-6f * (2.0f * (float)i + 1.0f)) ++wrong;
    printf("saxpy on %lld elements from C, on the %s: %s\n", (long long)n, devices > 0 ? "GPU" : "CPU target",
           wrong ? "WRONG" : "correct");

    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
    free(x);
    free(y);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
    return wrong ? 1 : 0;
}
