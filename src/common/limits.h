// Limits that every target keeps. The launch limits are CUDA's on every GPU it supports, kept on
// the CPU too, so that a launch that runs on one target runs on the other or is refused on both.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cudapy {

// The largest buffer: what a difference of pointers holds. Larger sizes are refused before they
// reach an allocator, whose own arithmetic (rounding up to an alignment) could wrap.
constexpr std::size_t max_allocation_bytes = PTRDIFF_MAX;

// Blocks in a grid: 2^31 - 1 in x, 65535 in y and z.
constexpr std::uint32_t max_grid_x = 0x7fffffff;
constexpr std::uint32_t max_grid_yz = 65535;
// Threads in a block: 1024 in x and y, 64 in z, 1024 in all.
constexpr std::uint32_t max_block_xy = 1024;
constexpr std::uint32_t max_block_z = 64;
constexpr std::uint32_t max_block_threads = 1024;
// Shared memory of a block, static and dynamic together: the 48 KiB a CUDA kernel may use
// without opting in to more (cudaFuncAttributeMaxDynamicSharedMemorySize, which cudapy does
// not set).
constexpr std::size_t max_shared_bytes = 48 * 1024;

}  // namespace cudapy
