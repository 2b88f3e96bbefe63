#include "common/launch_shape.h"

#include <algorithm>
#include <string>

#include "common/error.h"
#include "common/limits.h"

namespace cudapy {

namespace {

std::uint32_t blocks_for(std::uint32_t threads, std::uint32_t block) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(threads) + block - 1) / block);
}

std::string triple(Dim3 d) {
    return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

}  // namespace

void check_launch(const LaunchShape &shape, std::size_t shared_bytes) {
    const auto &[grid, block] = shape;
    auto refuse = [](const std::string &message) { throw Error(Status::InvalidArgument, message); };
    if (grid.x > max_grid_x || grid.y > max_grid_yz || grid.z > max_grid_yz)
        refuse("the grid " + triple(grid) + " has too many blocks: at most " + std::to_string(max_grid_x) +
               " in x and " + std::to_string(max_grid_yz) + " in y and z");
    if (block.x > max_block_xy || block.y > max_block_xy || block.z > max_block_z)
        refuse("the block " + triple(block) + " has too many threads: at most " + std::to_string(max_block_xy) +
               " in x and y, " + std::to_string(max_block_z) + " in z");
    if (std::uint64_t{block.x} * block.y * block.z > max_block_threads)
        refuse("the block " + triple(block) + " has " + std::to_string(std::uint64_t{block.x} * block.y * block.z) +
               " threads; a block has at most " + std::to_string(max_block_threads));
    if (shared_bytes > max_shared_bytes)
        refuse("shared_bytes is " + std::to_string(shared_bytes) + "; a block has at most " +
               std::to_string(max_shared_bytes) + " bytes of shared memory");
}

LaunchShape shape_for_threads(Dim3 threads, int block_size) {
    auto size = static_cast<std::uint32_t>(std::max(block_size, 32));
    Dim3 block;
    if (threads.y == 1 && threads.z == 1) {
        block = {size, 1, 1};
    } else if (threads.z == 1) {
        block = {32, size / 32, 1};
    } else {
        std::uint32_t y = std::min<std::uint32_t>(4, size / 32);
        block = {32, y, std::min<std::uint32_t>(64, size / (32 * y))};
    }
    LaunchShape shape{{blocks_for(threads.x, block.x), blocks_for(threads.y, block.y),
                       blocks_for(threads.z, block.z)},
                      block};
    if (shape.grid.y > 65535 || shape.grid.z > 65535)
        throw Error(Status::InvalidArgument,
                    "too many threads in y or z for one launch: at most " +
                        std::to_string(65535ull * block.y) + " in y and " +
                        std::to_string(65535ull * block.z) + " in z");
    return shape;
}

}  // namespace cudapy
