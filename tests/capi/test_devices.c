/* Devices through the C ABI: the CPU target's simulated devices (each thread's current one,
 * buffers belonging to them, copies between them), and on a machine with GPUs the same for
 * GPUs, with copies between two GPUs where there are two. */
#include <pthread.h>

#include "check.h"

enum { COUNT = 1000 };

static void *current_on_a_new_thread(void *out) {
    CHECK_OK(cudapy_target_device_current(CUDAPY_TARGET_CPU, (int *)out));
    return NULL;
}

/* Fills a buffer of `target` on the current device with 0, 1, 2, ... */
static cudapy_buffer *counting_buffer(cudapy_target target) {
    float values[COUNT];
    for (int i = 0; i < COUNT; ++i) values[i] = (float)i;
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new_on(target, sizeof values, &buffer));
    CHECK_OK(cudapy_buffer_upload(buffer, 0, values, sizeof values));
    return buffer;
}

/* Copies a counting buffer of device `from` to a new buffer of device `to`, and checks it. */
static void check_copy(cudapy_target target, int from, int to) {
    CHECK_OK(cudapy_target_device_select(target, from));
    cudapy_buffer *source = counting_buffer(target);
    CHECK(cudapy_buffer_device(source) == from);
    CHECK_OK(cudapy_target_device_select(target, to));
    cudapy_buffer *destination = NULL;
    CHECK_OK(cudapy_buffer_new_on(target, COUNT * sizeof(float), &destination));
    CHECK(cudapy_buffer_device(destination) == to);
    CHECK_OK(cudapy_buffer_copy(destination, 0, source, 0, COUNT * sizeof(float), 0));
    float copied[COUNT];
    CHECK_OK(cudapy_target_device_select(target, from));  /* read from another device */
    CHECK_OK(cudapy_buffer_download(destination, 0, copied, sizeof copied));
    for (int i = 0; i < COUNT; ++i) CHECK(copied[i] == (float)i);
    cudapy_buffer_delete(source);
    cudapy_buffer_delete(destination);
    CHECK_OK(cudapy_target_device_select(target, 0));
}

static void test_simulated_devices(void) {
    int count = 0, current = -1;
    CHECK_OK(cudapy_target_device_count(CUDAPY_TARGET_CPU, &count));
    CHECK(count == 1);
    CHECK_STATUS(cudapy_host_device_count_set(0), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_host_device_count_set(65), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_OK(cudapy_host_device_count_set(3));
    CHECK_OK(cudapy_target_device_count(CUDAPY_TARGET_CPU, &count));
    CHECK(count == 3);
    CHECK_STATUS(cudapy_target_device_select(CUDAPY_TARGET_CPU, 3), CUDAPY_ERROR_NOT_FOUND);
    CHECK_STATUS(cudapy_target_device_select(CUDAPY_TARGET_CPU, -1), CUDAPY_ERROR_NOT_FOUND);
    CHECK(strstr(cudapy_last_error(), "simulates 3") != NULL);
    CHECK_OK(cudapy_target_device_select(CUDAPY_TARGET_CPU, 2));
    CHECK_OK(cudapy_target_device_current(CUDAPY_TARGET_CPU, &current));
    CHECK(current == 2);

    int on_new_thread = -1;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, current_on_a_new_thread, &on_new_thread) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(on_new_thread == 0);  /* each thread starts on device 0 */

    check_copy(CUDAPY_TARGET_CPU, 2, 1);
    CHECK_STATUS(cudapy_target_device_current(CUDAPY_TARGET_CPU, NULL),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(cudapy_buffer_device(NULL) == -1);
    CHECK_OK(cudapy_host_device_count_set(1));
}

static void test_gpus(void) {
    int gpus = 0, of_target = -1, current = -1, reaches = -1;
    CHECK_OK(cudapy_device_count(&gpus));
    CHECK_OK(cudapy_target_device_count(CUDAPY_TARGET_CUDA, &of_target));
    CHECK(of_target == gpus);
    if (gpus == 0) {
        cudapy_status status = cudapy_target_device_current(CUDAPY_TARGET_CUDA, &current);
        CHECK(status == CUDAPY_ERROR_NO_DEVICE || status == CUDAPY_ERROR_UNSUPPORTED);
        status = cudapy_device_peer_access(0, 0, &reaches);
        CHECK(status == CUDAPY_ERROR_NO_DEVICE || status == CUDAPY_ERROR_UNSUPPORTED);
        printf("no GPU: the GPU half skipped\n");
        return;
    }
    CHECK_OK(cudapy_target_device_current(CUDAPY_TARGET_CUDA, &current));
    CHECK(current == 0);
    CHECK_OK(cudapy_device_peer_access(0, 0, &reaches));
    CHECK(reaches == 1);
    CHECK_STATUS(cudapy_device_peer_access(0, gpus, &reaches), CUDAPY_ERROR_NOT_FOUND);
    check_copy(CUDAPY_TARGET_CUDA, 0, 0);
    if (gpus < 2) {
        printf("one GPU: copies between GPUs skipped\n");
        return;
    }
    CHECK_OK(cudapy_device_peer_access(0, 1, &reaches));
    CHECK(reaches == 0 || reaches == 1);
    check_copy(CUDAPY_TARGET_CUDA, 0, 1);
    check_copy(CUDAPY_TARGET_CUDA, 1, 0);
    printf("copies between GPU 0 and GPU 1 checked (peer access: %d)\n", reaches);
}

int main(void) {
    test_simulated_devices();
    test_gpus();
    printf("ok\n");
    return 0;
}
