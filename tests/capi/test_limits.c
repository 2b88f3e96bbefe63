/* What the C ABI refuses before it reaches generated code, a compiler's command line, an
 * allocator or a launch: constant array names that are no Python identifiers, architectures
 * that are not one word, sizes past the address space, and
 * launches past CUDA's limits, refused on the CPU target as the GPU refuses them. The launches
 * and the compiles need the host's C++ compiler (skipped without one); no GPU is needed. */
#include <stdint.h>
#include <string.h>

#include "check.h"

static const char fill_source[] =
    "# fill : void (int32* X)\n"
    "def fill(X):\n"
    "    if idx < len(X):\n"
    "        X[idx] = idx + cuda.const.array_like(table)[idx % 4]\n";

static const int32_t table[4] = {1000, 2000, 3000, 4000};

static cudapy_launch_config blocks(cudapy_dim3 grid, cudapy_dim3 block, size_t shared_bytes) {
    cudapy_launch_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.grid = grid;
    config.block = block;
    config.shared_bytes = shared_bytes;
    return config;
}

static void check_constant_array_names(void) {
    static const char *const refused[] = {
        "a b", "", "1table", "table-1", "def", "lambda", "class", "None",
        "x[1]; struct S { S() { __builtin_trap(); } } s; static const int y",
        "x\n#include <stdlib.h>",
        "a_name_of_three_hundred_characters_"
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
    /* Every Python identifier names a constant array: the emitted code gives each a C name of
     * its own, C's keywords and reserved names included. */
    static const char *const accepted[] = {"table", "_table", "T2", "x_1", "Table_", "_", "caf\xc3\xa9",
                                           "int", "constexpr", "__x", "x__y", "_Table", "__global__"};
    cudapy_program *program = program_from(fill_source, "fill.py");
    int64_t shape[1] = {4};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
        CHECK_STATUS(cudapy_program_add_constant_array(program, refused[i], CUDAPY_INT32, 1, shape,
                                                       table, sizeof table),
                     CUDAPY_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(cudapy_last_error(), "the constant array's name") != NULL);
    }
    CHECK(strstr((cudapy_program_add_constant_array(program, "def", CUDAPY_INT32, 1, shape, table,
                                                    sizeof table),
                  cudapy_last_error()),
                 "keyword"));
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; ++i)
        CHECK_OK(cudapy_program_add_constant_array(program, accepted[i], CUDAPY_INT32, 1, shape,
                                                   table, sizeof table));
    /* No extent product wraps around to a size that matches: eight extents of 2^31 are 2^248
     * elements, which a 64-bit product would take for 0. */
    int64_t huge[8];
    for (int d = 0; d < 8; ++d) huge[d] = (int64_t)1 << 31;
    CHECK_STATUS(cudapy_program_add_constant_array(program, "huge", CUDAPY_INT8, 8, huge, NULL, 0),
                 CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(cudapy_last_error(), "constant memory holds 65536"));
    huge[3] = 0; /* empty: no bytes */
    CHECK_OK(cudapy_program_add_constant_array(program, "empty", CUDAPY_INT8, 8, huge, NULL, 0));
    cudapy_program_delete(program);
}

static void check_file_names_and_architectures(void) {
    /* Any bytes name a file: the emitted code escapes them inside its literals. */
    static const char *const names[] = {"a\nb.py", "a\rint x;\r.py", "tab\there.py", "del\x7f.py", "\\\r\"x"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        cudapy_program *named = program_from(fill_source, names[i]);
        int64_t extent[1] = {4};
        CHECK_OK(cudapy_program_add_constant_array(named, "table", CUDAPY_INT32, 1, extent, table, sizeof table));
        char *cuda = NULL;
        CHECK_OK(cudapy_program_translate(named, &cuda));
        CHECK(cuda != NULL && strstr(cuda, "\r") == NULL);
        cudapy_string_free(cuda);
        cudapy_program_delete(named);
    }

    cudapy_compile_options options = cpu_options();
    options.target = CUDAPY_TARGET_CUDA;
    static const char *const bad_arches[] = {"sm_90 -DX=1", "compute_90;rm", "sm_90\n", "--gpu-architecture=sm_90",
                                             "sm_90000000000000000000000000000000000"};
    cudapy_program *program = program_from(fill_source, "fill.py");
    int64_t shape[1] = {4};
    CHECK_OK(cudapy_program_add_constant_array(program, "table", CUDAPY_INT32, 1, shape, table, sizeof table));
    for (size_t i = 0; i < sizeof bad_arches / sizeof bad_arches[0]; ++i) {
        options.arch = bad_arches[i];
        char *ptx = NULL;
        CHECK_STATUS(cudapy_program_ptx(program, &options, &ptx), CUDAPY_ERROR_INVALID_ARGUMENT);
        CHECK(ptx == NULL && strstr(cudapy_last_error(), "architecture"));
    }
    cudapy_program_delete(program);
}

static void check_sizes(void) {
    /* Sizes an allocator would round up past SIZE_MAX, to a few bytes. */
    static const size_t huge[] = {SIZE_MAX, SIZE_MAX - 10, (size_t)PTRDIFF_MAX + 1};
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; ++i) {
        cudapy_buffer *buffer = (cudapy_buffer *)1;
        CHECK_STATUS(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, huge[i], &buffer), CUDAPY_ERROR_HOST_OUT_OF_MEMORY);
        CHECK(buffer == NULL && strstr(cudapy_last_error(), "more than an address space holds"));
    }
    char memory[16];
    cudapy_buffer *wrapped = NULL;
    CHECK_STATUS(cudapy_buffer_wrap(CUDAPY_TARGET_CPU, memory, SIZE_MAX, &wrapped), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK(wrapped == NULL && strstr(cudapy_last_error(), "past the end of the address space"));
    CHECK_OK(cudapy_buffer_wrap(CUDAPY_TARGET_CPU, memory, sizeof memory, &wrapped));
    /* Offsets and sizes whose sum wraps are refused, not taken for a small range. */
    CHECK_STATUS(cudapy_buffer_upload(wrapped, SIZE_MAX, memory, 2), CUDAPY_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(cudapy_buffer_download(wrapped, 8, memory, SIZE_MAX - 4), CUDAPY_ERROR_INVALID_ARGUMENT);
    cudapy_buffer_delete(wrapped);
}

/* Launches past CUDA's limits are refused on the CPU too, naming what is out of range; those
 * at the limits run. */
static void check_launches(cudapy_kernel *fill) {
    enum { N = 4096 };
    static int32_t result[N];
    cudapy_buffer *buffer = NULL;
    CHECK_OK(cudapy_buffer_new_on(CUDAPY_TARGET_CPU, sizeof result, &buffer));
    cudapy_array array = {cudapy_buffer_pointer(buffer), N};
    void *args[] = {&array};
    struct {
        cudapy_dim3 grid, block;
        size_t shared_bytes;
        const char *message;
    } refused[] = {
        {{1, 1, 1}, {2048, 1, 1}, 0, "the block (2048, 1, 1) has too many threads"},
        {{1, 1, 1}, {1, 2048, 1}, 0, "at most 1024 in x and y, 64 in z"},
        {{1, 1, 1}, {1, 1, 128}, 0, "at most 1024 in x and y, 64 in z"},
        {{1, 1, 1}, {32, 32, 2}, 0, "has 2048 threads; a block has at most 1024"},
        {{0x80000000u, 1, 1}, {32, 1, 1}, 0, "the grid (2147483648, 1, 1) has too many blocks"},
        {{1, 65536, 1}, {32, 1, 1}, 0, "65535 in y and z"},
        {{1, 1, 65536}, {32, 1, 1}, 0, "65535 in y and z"},
        {{1, 1, 1}, {32, 1, 1}, 49153, "shared_bytes is 49153; a block has at most 49152"},
        {{1, 1, 1}, {32, 1, 1}, SIZE_MAX, "shared_bytes is 18446744073709551615"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
        cudapy_launch_config config = blocks(refused[i].grid, refused[i].block, refused[i].shared_bytes);
        CHECK_STATUS(cudapy_kernel_launch(fill, &config, args), CUDAPY_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(cudapy_last_error(), refused[i].message));
        cudapy_launch *launch = (cudapy_launch *)1;
        CHECK_STATUS(cudapy_launch_new(fill, &config, &launch), CUDAPY_ERROR_INVALID_ARGUMENT);
        CHECK(launch == NULL && strstr(cudapy_last_error(), refused[i].message));
    }
    /* At the limits: a block of 1024 threads, one of 64 in z, all of the shared memory. */
    cudapy_launch_config at_limits[] = {
        blocks((cudapy_dim3){N / 1024, 1, 1}, (cudapy_dim3){1024, 1, 1}, 0),
        blocks((cudapy_dim3){N / 64, 1, 1}, (cudapy_dim3){1, 1, 64}, 49152),
        blocks((cudapy_dim3){N / 32, 1, 1}, (cudapy_dim3){32, 32, 1}, 0),
    };
    for (size_t i = 0; i < sizeof at_limits / sizeof at_limits[0]; ++i) {
        CHECK_OK(cudapy_buffer_upload(buffer, 0, memset(result, 0xff, sizeof result), sizeof result));
        CHECK_OK(cudapy_kernel_launch(fill, &at_limits[i], args));
        CHECK_OK(cudapy_buffer_download(buffer, 0, result, sizeof result));
        /* idx is the x index: with a block of (1, 1, 64) or (32, 32, 1) threads, several write
         * each element, all the same value; every element below the x extent is written. */
        uint32_t extent = at_limits[i].grid.x * at_limits[i].block.x;
        for (uint32_t k = 0; k < N; ++k)
            CHECK(result[k] == (k < extent ? (int32_t)k + table[k % 4] : -1));
    }
    cudapy_buffer_delete(buffer);
}

int main(void) {
    check_constant_array_names();
    check_file_names_and_architectures();
    check_sizes();

    cudapy_program *program = program_from(fill_source, "we\"ird \\ name.py");
    int64_t shape[1] = {4};
    CHECK_OK(cudapy_program_add_constant_array(program, "table", CUDAPY_INT32, 1, shape, table, sizeof table));
    cudapy_compile_options options = cpu_options();
    cudapy_module *module = NULL;
    cudapy_status status = cudapy_program_compile(program, &options, &module);
    if (status == CUDAPY_ERROR_UNSUPPORTED && strstr(cudapy_last_error(), "C++ compiler")) {
        printf("SKIP: %s\n", cudapy_last_error());
        cudapy_program_delete(program);
        return SKIP_EXIT_CODE;
    }
    CHECK_OK(status); /* a file name with a quote and a backslash is quoted, not refused */
    cudapy_kernel *fill = NULL;
    CHECK_OK(cudapy_module_kernel(module, "fill", &fill));
    check_launches(fill);
    cudapy_module_delete(module);
    cudapy_program_delete(program);
    printf("C ABI limits tests passed\n");
    return 0;
}
