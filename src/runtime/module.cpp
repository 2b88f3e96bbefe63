#include "runtime/module.h"

#include <cuda_runtime.h>

#include <algorithm>

#include "common/error.h"
#include "runtime/cuda_error.h"
#include "runtime/kernel_error.h"
#include "runtime/memory.h"

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

void *LoadedModule::global(const std::string &symbol, std::size_t *bytes) const {
    void *address = nullptr;
    std::size_t size = 0;
    cudaError_t error = cudaLibraryGetGlobal(&address, &size, static_cast<cudaLibrary_t>(library_), symbol.c_str());
    if (error != cudaSuccess) {
        cudaGetLastError();
        return nullptr;
    }
    if (bytes) *bytes = size;
    return address;
}

std::vector<std::string> LoadedModule::kernel_names() const {
    auto library = static_cast<cudaLibrary_t>(library_);
    unsigned count = 0;
    check_cuda(cudaLibraryGetKernelCount(&count, library), "cudaLibraryGetKernelCount");
    std::vector<cudaKernel_t> kernels(count);
    if (count > 0)
        check_cuda(cudaLibraryEnumerateKernels(kernels.data(), count, library), "cudaLibraryEnumerateKernels");
    std::vector<std::string> names;
    for (cudaKernel_t kernel : kernels) {
        const char *name = nullptr;
        check_cuda(cudaFuncGetName(&name, reinterpret_cast<const void *>(kernel)), "cudaFuncGetName");
        if (name) names.emplace_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<KernelParameter> kernel_parameters(const void *kernel) {
    std::vector<KernelParameter> parameters;
    for (std::size_t index = 0;; ++index) {
        KernelParameter parameter;
        cudaError_t error = cudaFuncGetParamInfo(kernel, index, &parameter.offset, &parameter.size);
        if (error == cudaErrorInvalidValue) {  // past the last parameter
            cudaGetLastError();
            return parameters;
        }
        check_cuda(error, "cudaFuncGetParamInfo");
        parameters.push_back(parameter);
    }
}

KernelAttributes kernel_attributes(const void *kernel) {
    cudaFuncAttributes given{};
    check_cuda(cudaFuncGetAttributes(&given, kernel), "cudaFuncGetAttributes");
    return {given.maxThreadsPerBlock, given.numRegs, given.sharedSizeBytes, given.constSizeBytes,
            given.localSizeBytes, given.maxDynamicSharedSizeBytes, given.ptxVersion, given.binaryVersion};
}

void set_max_dynamic_shared_bytes(const void *kernel, int bytes) {
    cudaError_t error = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    if (error != cudaSuccess)
        throw_cuda_error(error, "allowing the kernel " + std::to_string(bytes) + " bytes of dynamic shared memory");
}

void set_shared_memory_carveout(const void *kernel, int percent) {
    cudaError_t error = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, percent);
    if (error != cudaSuccess)
        throw_cuda_error(error, "giving the kernel a shared memory carveout of " + std::to_string(percent) + "%");
}

int auto_block_size(const void *kernel) {
    int min_grid = 0, block = 0;
    check_cuda(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, 0, 0),
               "cudaOccupancyMaxPotentialBlockSize");
    if (block <= 0) return 128;
    // The calculator returns the largest block of the best occupancy; a smaller block of the
    // same occupancy schedules better (memory-bound kernels lose a sixth with 1024 threads).
    auto resident_threads = [&](int size) {
        int blocks = 0;
        check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, size, 0),
                   "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
        return blocks * size;
    };
    int best = resident_threads(block);
    for (int size : {256, 128, 512})
        if (size < block && resident_threads(size) >= best) return size;
    return block;
}

void launch(const void *kernel, Dim3 grid, Dim3 block, std::size_t shared_bytes,
            std::uintptr_t stream, void **args) {
    note_stream(stream);
    check_cuda(cudaLaunchKernel(kernel, dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z),
                                args, shared_bytes, reinterpret_cast<cudaStream_t>(stream)),
               "launching the kernel");
}

int max_cooperative_blocks(const void *kernel, int block_threads, std::size_t shared_bytes) {
    int per_multiprocessor = 0, device = 0, multiprocessors = 0;
    check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, block_threads,
                                                             shared_bytes),
               "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    check_cuda(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device),
               "cudaDeviceGetAttribute");
    return per_multiprocessor * multiprocessors;
}

void launch_cooperative(const void *kernel, Dim3 grid, Dim3 block, std::size_t shared_bytes,
                        std::uintptr_t stream, void **args) {
    note_stream(stream);
    cudaError_t error = cudaLaunchCooperativeKernel(kernel, dim3(grid.x, grid.y, grid.z),
                                                    dim3(block.x, block.y, block.z), args, shared_bytes,
                                                    reinterpret_cast<cudaStream_t>(stream));
    if (error == cudaErrorCooperativeLaunchTooLarge) {
        cudaGetLastError();
        unsigned long long blocks = 1ull * grid.x * grid.y * grid.z;
        int most = max_cooperative_blocks(kernel, static_cast<int>(block.x * block.y * block.z), shared_bytes);
        throw Error(Status::InvalidArgument,
                    "the kernel synchronizes its grid (a grid group's sync()), so all its blocks must run "
                    "at once; this GPU runs at most " + std::to_string(most) + " of these blocks at once, "
                    "and the launch asks for " + std::to_string(blocks) +
                    " (max_cooperative_grid_blocks() gives the limit)");
    }
    check_cuda(error, "launching the kernel cooperatively");
}

AssertionRecord take_assertion(void *record, std::uintptr_t stream) {
    check_cuda(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(stream)), "running the kernel");
    raise_kernel_error();
    AssertionRecord found;
    static_assert(sizeof found == 7 * sizeof(int));
    check_cuda(cudaMemcpy(&found, record, sizeof found, cudaMemcpyDeviceToHost), "reading the assertion record");
    if (found.site != 0)
        check_cuda(cudaMemset(record, 0, sizeof found), "clearing the assertion record");
    return found;
}

}  // namespace cudapy::runtime
