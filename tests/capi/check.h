/* A minimal assertion helper for the C ABI tests: prints the failed check and exits. */
#ifndef CUDAPY_TESTS_CHECK_H
#define CUDAPY_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudapy/cudapy.h"

#define CHECK(condition)                                                                  \
    do {                                                                                  \
        if (!(condition)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n  last error: %s\n", __FILE__,     \
                    __LINE__, #condition, cudapy_last_error());                           \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

#define CHECK_STATUS(call, expected)                                                       \
    do {                                                                                   \
        cudapy_status status_ = (call);                                                    \
        if (status_ != (expected)) {                                                       \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n  last error: %s\n",      \
                    __FILE__, __LINE__, #call, cudapy_status_name(status_),                \
                    cudapy_status_name(expected), cudapy_last_error());                    \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, CUDAPY_OK)

/* A new program holding `source` as the file `file`. */
static inline cudapy_program *program_from(const char *source, const char *file) {
    cudapy_program *program = NULL;
    CHECK_OK(cudapy_program_new(&program));
    CHECK(program != NULL);
    CHECK_OK(cudapy_program_add_source(program, source, strlen(source), file, 1, 0));
    return program;
}

/* Compile options for the CPU target, the rest left at their defaults. */
static inline cudapy_compile_options cpu_options(void) {
    cudapy_compile_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.target = CUDAPY_TARGET_CPU;
    return options;
}

/* meson's exit code for a skipped test */
#define SKIP_EXIT_CODE 77

#endif
