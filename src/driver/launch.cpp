#include "driver/launch.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/hoisted.h"
#include "driver/backend.h"

namespace cudapy::driver {

namespace {

void require_positive(Dim3 d, const char *what) {
    if (d.x == 0 || d.y == 0 || d.z == 0)
        throw Error(Status::InvalidArgument,
                    std::string(what) + " must be at least 1 in every dimension, got (" +
                        std::to_string(d.x) + ", " + std::to_string(d.y) + ", " +
                        std::to_string(d.z) + ")");
}

std::uint32_t clamp_threads(std::uint64_t count) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(count, UINT32_MAX));
}

}  // namespace

Launch::Launch(Kernel &kernel, const LaunchRequest &request)
    : kernel_(&kernel), shared_bytes_(request.shared_bytes), stream_(request.stream) {
    if (request.block.x != 0) {
        require_positive(request.grid, "grid");
        require_positive(request.block, "block");
        shape_ = {request.grid, request.block};
        const auto &[grid, block] = shape_;
        extent_ = {clamp_threads(std::uint64_t{grid.x} * block.x),
                   clamp_threads(std::uint64_t{grid.y} * block.y),
                   clamp_threads(std::uint64_t{grid.z} * block.z)};
    } else {
        require_positive(request.threads, "threads");
        shape_ = shape_for_threads(request.threads, kernel.block_size());
        extent_ = request.threads;
    }
    check_launch(shape_, shared_bytes_);
}

void Launch::run(void *const *params) const {
    const auto &interface = kernel_->interface;
    std::size_t count = interface.params.size();
    constexpr std::size_t inline_count = 32;
    std::array<void *, inline_count + 1 + max_hoisted_values> inline_args;
    std::vector<void *> heap_args;
    void **args = inline_args.data();
    if (count > inline_count) {
        heap_args.resize(count + 1 + interface.hoisted.size());
        args = heap_args.data();
    }
    std::copy(params, params + count, args);
    Dim3 extent = extent_;
    args[count] = &extent;
    std::array<std::uint64_t, max_hoisted_values> hoisted;
    for (std::size_t i = 0; i < interface.hoisted.size(); ++i) {
        evaluate(interface.hoisted[i], params, &hoisted[i]);
        args[count + 1 + i] = &hoisted[i];
    }
    kernel_->backend.launch(*kernel_, shape_, shared_bytes_, stream_, args);
}

void Launch::run_packed(const void *block) const {
    const auto &params = kernel_->interface.params;
    constexpr std::size_t inline_count = 32;
    std::array<void *, inline_count> inline_pointers;
    std::vector<void *> heap_pointers;
    void **pointers = inline_pointers.data();
    if (params.size() > inline_count) {
        heap_pointers.resize(params.size());
        pointers = heap_pointers.data();
    }
    auto *bytes = static_cast<char *>(const_cast<void *>(block));
    for (std::size_t i = 0; i < params.size(); ++i) pointers[i] = bytes + params[i].offset;
    run(pointers);
}

}  // namespace cudapy::driver
