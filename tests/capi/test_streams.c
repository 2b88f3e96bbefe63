/* Streams, events, asynchronous copies and page-locked memory through the C ABI. Without a GPU
 * it checks that every call says CUDAPY_ERROR_NO_DEVICE (or refuses bad arguments), then skips.
 */
#include <string.h>

#include "check.h"

enum { N = 1 << 20 };

static void check_no_device(void) {
    cudapy_stream *stream = (cudapy_stream *)1;
    CHECK_STATUS(cudapy_stream_new(&stream), CUDAPY_ERROR_NO_DEVICE);
    CHECK(stream == NULL);
    CHECK(strstr(cudapy_last_error(), "GPU") != NULL);
    cudapy_event *event = (cudapy_event *)1;
    CHECK_STATUS(cudapy_event_new(1, &event), CUDAPY_ERROR_NO_DEVICE);
    CHECK(event == NULL);
    CHECK_STATUS(cudapy_stream_synchronize(0), CUDAPY_ERROR_NO_DEVICE);
    int done = -1;
    CHECK_STATUS(cudapy_stream_query(0, &done), CUDAPY_ERROR_NO_DEVICE);
    void *pinned = (void *)1;
    CHECK_STATUS(cudapy_host_alloc(64, &pinned), CUDAPY_ERROR_NO_DEVICE);
    CHECK(pinned == NULL);
    void *managed = (void *)1;
    CHECK_STATUS(cudapy_managed_alloc(64, &managed), CUDAPY_ERROR_NO_DEVICE);
    CHECK(managed == NULL);
    cudapy_managed_free(NULL);
    size_t free_bytes = 0, total_bytes = 0;
    CHECK_STATUS(cudapy_memory_info(&free_bytes, &total_bytes), CUDAPY_ERROR_NO_DEVICE);
    int word = 0;
    cudapy_buffer *wrapped = NULL;
    CHECK_STATUS(cudapy_buffer_wrap(CUDAPY_TARGET_CUDA, &word, sizeof word, &wrapped),
                 CUDAPY_ERROR_NO_DEVICE);
    CHECK(wrapped == NULL);
}

/* What needs no GPU: argument checks, and the CPU target's buffers, for which streams mean
 * nothing and every copy is done on return. */
static void check_host_buffers(void) {
    CHECK_STATUS(cudapy_stream_new(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_event_new(0, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_event_record(NULL, 0), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_event_synchronize(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_stream_wait_event(0, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_memory_info(NULL, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(cudapy_stream_handle(NULL) == 0);
    cudapy_stream_delete(NULL);
    cudapy_event_delete(NULL);
    cudapy_host_free(NULL);

    int source[8] = {1, 2, 3, 4, 5, 6, 7, 8}, back[8] = {0};
    cudapy_buffer *a = NULL, *b = NULL, *wrapped = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof source, &a));
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof source, &b));
    CHECK_OK(cudapy_buffer_upload_async(a, 0, source, sizeof source, 12345));
    CHECK_OK(cudapy_buffer_copy(b, 4, a, 0, sizeof source - 4, 0));
    CHECK_OK(cudapy_buffer_download_async(b, 4, back, sizeof back - 4, 0));
    CHECK(memcmp(back, source, sizeof source - 4) == 0);
    CHECK_STATUS(cudapy_buffer_copy(b, 0, a, 4, sizeof source, 0), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "runs past the end") != NULL);
    CHECK_STATUS(cudapy_buffer_copy(a, 0, a, 4, 8, 0), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "overlaps") != NULL);
    CHECK_OK(cudapy_buffer_copy(a, 0, a, 16, 16, 0));
    CHECK_STATUS(cudapy_buffer_upload_async(NULL, 0, source, 4, 0), CUDAPY_ERROR_INVALID_ARGUMENT);

    CHECK_OK(cudapy_buffer_wrap(CUDAPY_TARGET_CPU, back, sizeof back, &wrapped));
    CHECK(cudapy_buffer_pointer(wrapped) == (void *)back);
    CHECK_OK(cudapy_buffer_upload_async(wrapped, 0, source, sizeof source, 0));
    CHECK(memcmp(back, source, sizeof source) == 0);
    cudapy_buffer_delete(wrapped); /* leaves `back` alone */
    CHECK_STATUS(cudapy_buffer_wrap((cudapy_target)7, back, 4, &wrapped),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_buffer_wrap(CUDAPY_TARGET_CPU, NULL, 4, &wrapped),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_buffer_delete(a);
    cudapy_buffer_delete(b);
}

static float host_a[N], host_b[N];

int main(void) {
    check_host_buffers();
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices == 0) {
        check_no_device();
        printf("SKIP: no CUDA GPU found\n");
        return SKIP_EXIT_CODE;
    }

    size_t free_bytes = 0, total_bytes = 0;
    CHECK_OK(cudapy_memory_info(&free_bytes, &total_bytes));
    CHECK(free_bytes > 0 && free_bytes <= total_bytes);

    /* An allocation larger than the device reports how much was asked and how much is free. */
    cudapy_buffer *huge = NULL;
    CHECK_STATUS(cudapy_buffer_new(total_bytes * 2, &huge), CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY);
    CHECK(huge == NULL);
    CHECK(strstr(cudapy_last_error(), "asked for") != NULL);
    CHECK(strstr(cudapy_last_error(), "free") != NULL);

    cudapy_stream *stream = NULL;
    CHECK_OK(cudapy_stream_new(&stream));
    uintptr_t handle = cudapy_stream_handle(stream);
    CHECK(handle != 0);

    float *pinned_in = NULL, *pinned_out = NULL;
    CHECK_OK(cudapy_host_alloc(N * sizeof(float), (void **)&pinned_in));
    CHECK_OK(cudapy_host_alloc(N * sizeof(float), (void **)&pinned_out));
    for (int i = 0; i < N; ++i) pinned_in[i] = (float)i * 0.5f;

    /* managed memory: written by the host, copied by the GPU, read back by the host */
    float *managed_in = NULL, *managed_out = NULL;
    CHECK_STATUS(cudapy_managed_alloc(64, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_OK(cudapy_managed_alloc(N * sizeof(float), (void **)&managed_in));
    CHECK_OK(cudapy_managed_alloc(N * sizeof(float), (void **)&managed_out));
    for (int i = 0; i < N; ++i) managed_in[i] = (float)i * 0.25f;
    cudapy_buffer *managed_src = NULL, *managed_dst = NULL;
    CHECK_OK(cudapy_buffer_wrap(CUDAPY_TARGET_CUDA, managed_in, N * sizeof(float), &managed_src));
    CHECK_OK(cudapy_buffer_wrap(CUDAPY_TARGET_CUDA, managed_out, N * sizeof(float), &managed_dst));
    CHECK_OK(cudapy_buffer_copy(managed_dst, 0, managed_src, 0, N * sizeof(float), handle));
    CHECK_OK(cudapy_stream_synchronize(handle));
    for (int i = 0; i < N; ++i) CHECK(managed_out[i] == (float)i * 0.25f);
    cudapy_buffer_delete(managed_src);
    cudapy_buffer_delete(managed_dst);
    cudapy_managed_free(managed_in);
    cudapy_managed_free(managed_out);

    cudapy_event *start = NULL, *end = NULL, *ordering = NULL;
    CHECK_OK(cudapy_event_new(1, &start));
    CHECK_OK(cudapy_event_new(1, &end));
    CHECK_OK(cudapy_event_new(0, &ordering));
    float never = 0;
    CHECK_STATUS(cudapy_event_elapsed_ms(start, end, &never), CUDAPY_ERROR_INVALID_ARGUMENT);

    /* upload, device-to-device copy and download, all ordered on one stream */
    cudapy_buffer *a = NULL, *b = NULL;
    CHECK_OK(cudapy_buffer_new(N * sizeof(float), &a));
    CHECK_OK(cudapy_buffer_new(N * sizeof(float), &b));
    CHECK_OK(cudapy_event_record(start, handle));
    CHECK_OK(cudapy_buffer_upload_async(a, 0, pinned_in, N * sizeof(float), handle));
    CHECK_OK(cudapy_buffer_copy(b, 0, a, 0, N * sizeof(float), handle));
    CHECK_OK(cudapy_buffer_download_async(b, 0, pinned_out, N * sizeof(float), handle));
    CHECK_OK(cudapy_event_record(end, handle));
    CHECK_OK(cudapy_event_synchronize(end));
    int done = 0;
    CHECK_OK(cudapy_event_query(end, &done));
    CHECK(done == 1);
    CHECK(memcmp(pinned_in, pinned_out, N * sizeof(float)) == 0);
    float elapsed = -1;
    CHECK_OK(cudapy_event_elapsed_ms(start, end, &elapsed));
    CHECK(elapsed >= 0);
    CHECK_STATUS(cudapy_event_elapsed_ms(start, ordering, &elapsed), CUDAPY_ERROR_INVALID_ARGUMENT);

    /* the legacy default stream waits for an event recorded on the stream */
    for (int i = 0; i < N; ++i) host_a[i] = (float)(N - i);
    CHECK_OK(cudapy_buffer_upload_async(a, 0, host_a, N * sizeof(float), handle));
    CHECK_OK(cudapy_event_record(ordering, handle));
    CHECK_OK(cudapy_stream_wait_event(0, ordering));
    CHECK_OK(cudapy_buffer_copy(b, 0, a, 0, N * sizeof(float), 0));
    CHECK_OK(cudapy_buffer_download(b, 0, host_b, N * sizeof(float)));
    CHECK(memcmp(host_a, host_b, N * sizeof(float)) == 0);

    CHECK_OK(cudapy_stream_synchronize(handle));
    CHECK_OK(cudapy_stream_synchronize(0));
    int finished = 0;
    CHECK_OK(cudapy_stream_query(handle, &finished));
    CHECK(finished == 1);
    CHECK_STATUS(cudapy_stream_query(handle, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_buffer_copy(b, 8, a, 0, N * sizeof(float), handle),
                 CUDAPY_ERROR_INVALID_ARGUMENT);

    cudapy_buffer_delete(a);
    cudapy_buffer_delete(b);
    cudapy_event_delete(start);
    cudapy_event_delete(end);
    cudapy_event_delete(ordering);
    cudapy_host_free(pinned_in);
    cudapy_host_free(pinned_out);
    cudapy_stream_delete(stream);
    printf("OK\n");
    return 0;
}
