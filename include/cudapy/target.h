/* Where compiled kernels run, as cudapy.h names it; included by cudapy.h. */
#ifndef CUDAPY_TARGET_H
#define CUDAPY_TARGET_H

/* Where compiled kernels run: the GPU, or the CPU (C++ compiled with the host's compiler, $CXX
 * or c++, and run on a pool of threads; its arrays live in host memory). */
typedef enum cudapy_target {
    CUDAPY_TARGET_CUDA = 0,
    CUDAPY_TARGET_CPU = 1
} cudapy_target;

#endif
