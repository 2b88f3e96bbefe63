// Where compiled kernels run: cudapy_target of the public header, as a C++ enum.
#pragma once

#include "cudapy/target.h"

namespace cudapy {

enum class Target { Cuda = CUDAPY_TARGET_CUDA, Cpu = CUDAPY_TARGET_CPU };

}  // namespace cudapy
