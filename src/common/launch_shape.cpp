#include "common/launch_shape.h"

#include <algorithm>
#include <string>

#include "common/error.h"

namespace cudapy {

namespace {

std::uint32_t blocks_for(std::uint32_t threads, std::uint32_t block) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(threads) + block - 1) / block);
}

}  // namespace

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
