#include "runtime/module.h"

#include <cuda_runtime.h>

#include <algorithm>

#include "common/error.h"
#include "runtime/cuda_error.h"

namespace cudapy::runtime {

LoadedModule::LoadedModule(const std::string &binary) {
    cudaLibrary_t library = nullptr;
    check_cuda(cudaLibraryLoadData(&library, binary.c_str(), nullptr, nullptr, 0, nullptr,
                                   nullptr, 0),
               "loading the compiled kernels");
    library_ = library;
}

LoadedModule::~LoadedModule() {
    if (library_) cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

const void *LoadedModule::kernel(const std::string &symbol) const {
    cudaKernel_t kernel = nullptr;
    cudaError_t error = cudaLibraryGetKernel(&kernel, static_cast<cudaLibrary_t>(library_),
                                             symbol.c_str());
    if (error == cudaErrorSymbolNotFound || error == cudaErrorInvalidDeviceFunction) {
        cudaGetLastError();
        throw Error(Status::NotFound, "the compiled module has no kernel '" + symbol + "'");
    }
    check_cuda(error, "cudaLibraryGetKernel");
    return reinterpret_cast<const void *>(kernel);
}

int auto_block_size(const void *kernel) {
    int min_grid = 0, block = 0;
    check_cuda(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, 0, 0),
               "cudaOccupancyMaxPotentialBlockSize");
    return block > 0 ? block : 128;
}

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

void launch(const void *kernel, Dim3 grid, Dim3 block, std::size_t shared_bytes,
            std::uintptr_t stream, void **args) {
    check_cuda(cudaLaunchKernel(kernel, dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z),
                                args, shared_bytes, reinterpret_cast<cudaStream_t>(stream)),
               "launching the kernel");
}

}  // namespace cudapy::runtime
