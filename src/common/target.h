// Where compiled kernels run. The numbering is that of cudapy_target in the public header.
#pragma once

namespace cudapy {

enum class Target { Cuda = 0, Cpu = 1 };

}  // namespace cudapy
