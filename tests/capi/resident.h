/* Helpers of the leak tests: the process's resident memory, the number of cycles to run, and
 * a launch through a launch object. Include check.h first. */
#ifndef CUDAPY_TESTS_RESIDENT_H
#define CUDAPY_TESTS_RESIDENT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Resident set size in bytes, from /proc/self/statm; 0 where it cannot be read. */
static inline size_t resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long total = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &total, &resident);
    fclose(file);
    return read == 2 ? (size_t)resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/* Cycles per handle type: $CUDAPY_LEAK_CYCLES, else `fallback`. Fewer cycles (as under
 * valgrind) still exercise every path; the resident-memory limit is checked only from 10,000
 * cycles on, where a leak of a few dozen bytes per cycle shows above the allocator's noise. */
static inline long leak_cycles(long fallback) {
    const char *text = getenv("CUDAPY_LEAK_CYCLES");
    long cycles = text ? strtol(text, NULL, 10) : fallback;
    return cycles > 0 ? cycles : fallback;
}

enum { LEAK_CHECK_MIN_CYCLES = 10000 };
#define LEAK_LIMIT_BYTES ((size_t)4 << 20)

static inline double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + now.tv_nsec / 1e9;
}

/* Runs `cycle` `warm_up` times, then up to `cycles` times or until `seconds` have passed (0: no
 * time limit), and fails when the resident memory grew by more than LEAK_LIMIT_BYTES in
 * between. */
static inline void run_cycles_for(const char *name, void (*cycle)(long), long cycles,
                                  double seconds) {
    long warm_up = cycles / 20 < 100 ? 100 : cycles / 20 > 1000 ? 1000 : cycles / 20;
    for (long i = 0; i < warm_up; ++i) cycle(i);
    size_t before = resident_bytes();
    double deadline = seconds > 0 ? seconds_now() + seconds : 0;
    long done = 0;
    for (; done < cycles; ++done) {
        if (deadline && done % 256 == 0 && seconds_now() > deadline) break;
        cycle(done);
    }
    if (done < cycles) printf("%s: stopped after %.0f s\n", name, seconds);
    cycles = done;
    size_t after = resident_bytes();
    long long growth = (long long)after - (long long)before;
    printf("%-34s %7ld cycles: resident %8.1f MiB -> %8.1f MiB (%+.1f KiB)\n", name, cycles,
           before / 1048576.0, after / 1048576.0, growth / 1024.0);
    fflush(stdout);
    if (cycles >= LEAK_CHECK_MIN_CYCLES && before != 0 && growth > (long long)LEAK_LIMIT_BYTES) {
        fprintf(stderr, "%s: resident memory grew by %.1f MiB over %ld cycles: a leak\n", name,
                growth / 1048576.0, cycles);
        exit(1);
    }
}

static inline void run_cycles(const char *name, void (*cycle)(long), long cycles) {
    run_cycles_for(name, cycle, cycles, 0);
}

/* Launches `fill` (kernel `index` of `program`, `void (int* X, int value)`) through a launch
 * object made and deleted here, its arguments packed as the ABI lays them out: the array,
 * then the int after its 16 bytes. */
static inline void launch_fill_packed(const cudapy_program *program, size_t index,
                                      cudapy_kernel *fill, const cudapy_launch_config *config,
                                      cudapy_array array, int value) {
    unsigned char packed[24] = {0};
    CHECK(strcmp(cudapy_program_kernel_name(program, index), "fill") == 0);
    CHECK(cudapy_program_args_size(program, index) == sizeof packed);
    memcpy(packed, &array, sizeof array);
    memcpy(packed + sizeof array, &value, sizeof value);
    cudapy_launch *launch = NULL;
    CHECK_OK(cudapy_launch_new(fill, config, &launch));
    CHECK_OK(cudapy_launch_run(launch, packed));
    cudapy_launch_delete(launch);
}

#endif
