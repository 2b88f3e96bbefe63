// nvcc, the CUDA toolkit's compiler driver, used instead of NVRTC when asked for
// (CUDAPY_COMPILER=nvcc or the compile option). Search order: $CUDAPY_NVCC (a file), then the
// bin folder of $CUDA_HOME and $CUDA_PATH, then /usr/local/cuda/bin, then PATH.
#pragma once

#include <string>
#include <vector>

#include "jit/nvrtc.h"

namespace cudapy::jit {

// nvcc's path and version text, found once per process; throws Error(NvrtcUnavailable) naming
// every place it looked.
const std::string &nvcc_identity();

// Compiles one source as Nvrtc::compile does, with NVRTC's `options` given to nvcc. A source of
// the caller's own is named `source_name` in messages (empty for translated code, whose #line
// directives name its places).
NvrtcOutput compile_with_nvcc(const std::string &source, const std::string &source_name,
                              const std::string &arch, const std::vector<std::string> &options);

}  // namespace cudapy::jit
