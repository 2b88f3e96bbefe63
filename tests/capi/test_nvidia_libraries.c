/* cuBLAS, cuFFT and cuRAND through the C ABI: loading and argument checks without a GPU; on a
 * GPU a small product, transform and fill checked against values computed here. */
#include <math.h>
#include <string.h>

#include "check.h"

static const double PI = 3.14159265358979323846;

static void check_loading(void) {
    static const char *names[] = {"cublas", "cufft", "curand"};
    for (int library = CUDAPY_CUBLAS; library <= CUDAPY_CURAND; ++library) {
        int version = 0;
        char *path = NULL;
        CHECK_OK(cudapy_nvidia_library_load((cudapy_nvidia_library)library, &version, &path));
        CHECK(version > 0);
        CHECK(path != NULL && strstr(path, names[library]) != NULL);
        cudapy_string_free(path);
    }
    int version = 0;
    CHECK_STATUS(cudapy_nvidia_library_load((cudapy_nvidia_library)7, &version, NULL),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_nvidia_library_load(CUDAPY_CUFFT, NULL, NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_library_folder_add("relative/lib"), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_library_folder_add(NULL), CUDAPY_ERROR_INVALID_ARGUMENT);
}

static void check_arguments(void) {
    int64_t shape[] = {8};
    CHECK_STATUS(cudapy_fft(CUDAPY_FFT_C2C, 0, 0, shape, 1, 0, NULL, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_fft(CUDAPY_FFT_C2C, 0, 1, NULL, 1, 0, NULL, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_fft(CUDAPY_FFT_R2C, 0, 1, shape, 1, 1, NULL, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_fft((cudapy_fft_kind)9, 0, 1, shape, 1, 0, NULL, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_gemm gemm;
    memset(&gemm, 0, sizeof gemm);
    CHECK_STATUS(cudapy_blas_gemm(&gemm, 0), CUDAPY_ERROR_INVALID_ARGUMENT); /* size unset */
    CHECK_STATUS(cudapy_blas_gemm(NULL, 0), CUDAPY_ERROR_INVALID_ARGUMENT);
    float alpha = 1.0f;
    CHECK_STATUS(cudapy_blas_axpy((cudapy_element)5, 4, &alpha, NULL, 1, NULL, 1, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_blas_dot(CUDAPY_ELEMENT_FLOAT32, 0, 4, NULL, 1, NULL, 1, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_random_generator *generator = (cudapy_random_generator *)1;
    CHECK_STATUS(cudapy_random_generator_new((cudapy_random_kind)40, &generator),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(generator == NULL);
    CHECK_STATUS(cudapy_random_generator_seed(NULL, 1), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_random_generator_delete(NULL);
}

static void *device_copy(const void *host, size_t bytes, cudapy_buffer **buffer) {
    CHECK_OK(cudapy_buffer_new(bytes, buffer));
    if (host) CHECK_OK(cudapy_buffer_upload(*buffer, 0, host, bytes));
    return cudapy_buffer_pointer(*buffer);
}

static void check_on_gpu(void) {
    /* C (2x2) = A (2x3) B (3x2), column-major */
    double a[] = {1, 2, 3, 4, 5, 6}, b[] = {1, 0, -1, 2, 1, 0}, c[4] = {0};
    cudapy_buffer *ab, *bb, *cb;
    cudapy_gemm gemm;
    memset(&gemm, 0, sizeof gemm);
    gemm.size = sizeof gemm;
    gemm.element = CUDAPY_ELEMENT_FLOAT64;
    gemm.m = 2, gemm.n = 2, gemm.k = 3;
    double one = 1.0, zero = 0.0;
    gemm.alpha = &one, gemm.beta = &zero;
    gemm.a = device_copy(a, sizeof a, &ab), gemm.lda = 2;
    gemm.b = device_copy(b, sizeof b, &bb), gemm.ldb = 3;
    gemm.c = device_copy(NULL, sizeof c, &cb), gemm.ldc = 2;
    gemm.batch = 1;
    CHECK_OK(cudapy_blas_gemm(&gemm, 0));
    CHECK_OK(cudapy_buffer_download(cb, 0, c, sizeof c));
    double expected[] = {1 * 1 + 3 * 0 + 5 * -1, 2 * 1 + 4 * 0 + 6 * -1, 1 * 2 + 3 * 1 + 5 * 0,
                         2 * 2 + 4 * 1 + 6 * 0};
    for (int i = 0; i < 4; ++i) CHECK(c[i] == expected[i]);
    double dot = 0;
    CHECK_OK(cudapy_blas_dot(CUDAPY_ELEMENT_FLOAT64, 0, 6, gemm.a, 1, gemm.a, 1, &dot, 0));
    CHECK(dot == 91.0);
    int64_t index = 0;
    CHECK_OK(cudapy_blas_iamax(CUDAPY_ELEMENT_FLOAT64, 0, 6, gemm.a, 1, &index, 0));
    CHECK(index == 5);

    /* the FFT of an impulse at 1 is exp(-2 pi i k / n) */
    enum { N = 16 };
    float signal[2 * N] = {0}, spectrum[2 * N];
    signal[2] = 1.0f;
    cudapy_buffer *sb, *fb;
    void *input = device_copy(signal, sizeof signal, &sb), *output = device_copy(NULL, sizeof spectrum, &fb);
    int64_t shape[] = {N};
    CHECK_OK(cudapy_fft(CUDAPY_FFT_C2C, 0, 1, shape, 1, 0, input, output, 0));
    CHECK_OK(cudapy_buffer_download(fb, 0, spectrum, sizeof spectrum));
    for (int k = 0; k < N; ++k) {
        CHECK(fabs(spectrum[2 * k] - cos(2 * PI * k / N)) < 1e-5);
        CHECK(fabs(spectrum[2 * k + 1] + sin(2 * PI * k / N)) < 1e-5);
    }

    /* an odd count of normals, and a seed that repeats its numbers */
    cudapy_random_generator *generator = NULL;
    CHECK_OK(cudapy_random_generator_new(CUDAPY_RANDOM_PHILOX, &generator));
    CHECK_OK(cudapy_random_generator_seed(generator, 42));
    float first[7], second[7];
    CHECK_OK(cudapy_random_generate(generator, CUDAPY_NORMAL, CUDAPY_RANDOM_FLOAT32, output, 7, 0.0, 1.0, 0));
    CHECK_OK(cudapy_buffer_download(fb, 0, first, sizeof first));
    CHECK_OK(cudapy_random_generator_seed(generator, 42));
    CHECK_OK(cudapy_random_generate(generator, CUDAPY_NORMAL, CUDAPY_RANDOM_FLOAT32, output, 7, 0.0, 1.0, 0));
    CHECK_OK(cudapy_buffer_download(fb, 0, second, sizeof second));
    CHECK(memcmp(first, second, sizeof first) == 0);
    CHECK_STATUS(cudapy_random_generate(generator, CUDAPY_POISSON, CUDAPY_RANDOM_FLOAT32, output, 4, 1.0, 0.0, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_random_generator_dimensions(generator, 2), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_random_generator_delete(generator);
    cudapy_buffer_delete(ab);
    cudapy_buffer_delete(bb);
    cudapy_buffer_delete(cb);
    cudapy_buffer_delete(sb);
    cudapy_buffer_delete(fb);
}

int main(void) {
    int version = 0;
    cudapy_status loaded = cudapy_nvidia_library_load(CUDAPY_CUFFT, &version, NULL);
    if (loaded == CUDAPY_ERROR_UNSUPPORTED) {
        printf("built without CUDA: skipped\n");
        return 0;
    }
    check_loading();
    check_arguments();
    int devices = 0;
    CHECK_OK(cudapy_device_count(&devices));
    if (devices == 0) {
        cudapy_random_generator *generator = NULL;
        CHECK_STATUS(cudapy_random_generator_new(CUDAPY_RANDOM_XORWOW, &generator), CUDAPY_ERROR_NO_DEVICE);
        printf("cuBLAS, cuFFT and cuRAND loaded, arguments checked; no GPU: the rest skipped\n");
        return 0;
    }
    check_on_gpu();
    printf("cuBLAS, cuFFT and cuRAND through the C ABI: loaded, checked and correct on the GPU\n");
    return 0;
}
