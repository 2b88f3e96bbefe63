// A launch of a kernel worked out once (grid, block, the extent that stops threads past the
// requested counts, shared memory and stream) and run as often as the caller likes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/launch_shape.h"
#include "driver/module.h"

namespace cudapy::driver {

// What a caller asks: a grid and a block, or thread counts (block.x == 0) whose block the
// kernel's back end chooses.
struct LaunchRequest {
    Dim3 grid, block, threads;
    std::size_t shared_bytes = 0;
    std::uintptr_t stream = 0;
};

class Launch {
public:
    // Checks the request against CUDA's limits, for every target alike: what the CPU runs, the
    // GPU would too.
    Launch(Kernel &kernel, const LaunchRequest &request);

    Kernel &kernel() const { return *kernel_; }
    // Runs with the kernel's parameters at `params`, one pointer per parameter.
    void run(void *const *params) const;
    // Runs with the parameters packed in `block` as the kernel's interface lays them out.
    void run_packed(const void *block) const;

private:
    Kernel *kernel_;
    LaunchShape shape_;
    Dim3 extent_;
    std::size_t shared_bytes_ = 0;
    std::uintptr_t stream_ = 0;
};

}  // namespace cudapy::driver
