/* Eight threads compiling and launching different kernels at once through the C ABI: on the
 * CPU target always, on the GPU too where there is one. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

enum { THREADS = 8, LAUNCHES = 10, N = 4099 };

typedef struct {
    int index;
    cudapy_target target;
    int failed;
    char message[512];
} work;

static void fail(work *w, const char *what) {
    w->failed = 1;
    snprintf(w->message, sizeof w->message, "thread %d: %s: %s", w->index, what, cudapy_last_error());
}

static void *run(void *argument) {
    work *w = argument;
    char source[256];
    snprintf(source, sizeof source,
             "# affine : void (int* X, int* Y)\n"
             "def affine(X, Y):\n"
             "    if idx < len(X):\n"
             "        Y[idx] = X[idx] * %d + %d\n",
             w->index + 2, w->index);
    cudapy_program *program = NULL;
    cudapy_module *module = NULL;
    cudapy_kernel *kernel = NULL;
    cudapy_buffer *dx = NULL, *dy = NULL;
    static __thread int x[N], y[N];
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = w->target;
    if (cudapy_program_new(&program) ||
        cudapy_program_add_source(program, source, strlen(source), "affine.py", 1, 0) ||
        cudapy_program_compile(program, &options, &module) ||
        cudapy_module_kernel(module, "affine", &kernel) ||
        cudapy_buffer_new_on(w->target, sizeof x, &dx) || cudapy_buffer_new_on(w->target, sizeof y, &dy)) {
        fail(w, "setting up");
        goto done;
    }
    for (int launch = 0; launch < LAUNCHES && !w->failed; ++launch) {
        for (int i = 0; i < N; ++i) x[i] = (i * 7 + launch * 13 + w->index) % 2001 - 1000;
        cudapy_array ax = {cudapy_buffer_pointer(dx), N}, ay = {cudapy_buffer_pointer(dy), N};
        void *args[] = {&ax, &ay};
        cudapy_launch_config config;
        memset(&config, 0, sizeof config);
        config.size = sizeof config;
        config.threads = (cudapy_dim3){N, 1, 1};
        if (cudapy_buffer_upload(dx, 0, x, sizeof x) || cudapy_kernel_launch(kernel, &config, args) ||
            cudapy_buffer_download(dy, 0, y, sizeof y)) {
            fail(w, "launching");
            break;
        }
        for (int i = 0; i < N; ++i) {
            if (y[i] != x[i] * (w->index + 2) + w->index) {
                snprintf(w->message, sizeof w->message, "thread %d: wrong result at %d", w->index, i);
                w->failed = 1;
                break;
            }
        }
    }
done:
    cudapy_buffer_delete(dx);
    cudapy_buffer_delete(dy);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
    return NULL;
}

static int run_all(cudapy_target target, const char *name) {
    pthread_t threads[THREADS];
    work works[THREADS];
    for (int i = 0; i < THREADS; ++i) {
        memset(&works[i], 0, sizeof works[i]);
        works[i].index = i;
        works[i].target = target;
        CHECK(pthread_create(&threads[i], NULL, run, &works[i]) == 0);
    }
    int failed = 0;
    for (int i = 0; i < THREADS; ++i) {
        pthread_join(threads[i], NULL);
        if (works[i].failed) {
            fprintf(stderr, "%s: %s\n", name, works[i].message);
            failed = 1;
        }
    }
    if (!failed) printf("%s: %d threads x %d launches correct\n", name, THREADS, LAUNCHES);
    return failed;
}

int main(void) {
    int failed = run_all(CUDAPY_TARGET_CPU, "CPU target");
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices > 0)
        failed |= run_all(CUDAPY_TARGET_CUDA, "GPU");
    else
        printf("no CUDA GPU found: the GPU part is skipped\n");
    return failed;
}
