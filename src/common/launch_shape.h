// The grid and blocks of a launch, for both targets.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cudapy {

// The stack of each thread of a CPU launch whose threads synchronize (they run as fibers, see
// src/host): the translator refuses local arrays it cannot hold.
constexpr std::size_t cpu_fiber_stack_bytes = 256 * 1024;

struct Dim3 {
    std::uint32_t x = 1, y = 1, z = 1;
};

struct LaunchShape {
    Dim3 grid, block;
};

// Throws Error(InvalidArgument), naming the parameter and the limit, unless the grid, the block
// and the dynamic shared memory are within the limits of common/limits.h.
void check_launch(const LaunchShape &shape, std::size_t shared_bytes);

// Blocks and grid covering `threads` with blocks of `block_size` threads; two- and
// three-dimensional shapes keep the block's x a warp wide. Throws Error(InvalidArgument) past
// CUDA's limits of 65535 blocks in y and z.
LaunchShape shape_for_threads(Dim3 threads, int block_size);

}  // namespace cudapy
