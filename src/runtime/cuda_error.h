// CUDA Runtime error codes to cudapy errors.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace cudapy::runtime {

// Throws the Error matching `error`, with `what` saying which operation failed.
[[noreturn]] void throw_cuda_error(cudaError_t error, const std::string &what);

inline void check_cuda(cudaError_t error, const char *what) {
    if (error != cudaSuccess) throw_cuda_error(error, what);
}

}  // namespace cudapy::runtime
