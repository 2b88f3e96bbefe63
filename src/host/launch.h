// The CPU target's run time: a launch's blocks spread over a pool of worker threads.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/launch_shape.h"

namespace cudapy::host {

// Memory for the stacks of `count` fibers (see prelude_host.h, fiber_stack_area): stack i spans
// [base + i * stride, base + (i + 1) * stride) and its top `usable` bytes may be used.
struct FiberStackArea {
    unsigned char *base;
    std::uint64_t stride, usable;
};

// What a kernel's entry point gets for the blocks it runs: the layout of cudapy::launch_shape
// in prelude_host.h.
struct EntryShape {
    Dim3 grid, block;
    unsigned char *dynamic_shared;        // the worker's dynamic shared memory, 16-byte aligned
    std::uint64_t dynamic_shared_bytes;   // the launch's size of it
    FiberStackArea (*fiber_stacks)(std::uint64_t count) noexcept;  // the worker's; base null: no memory
    int *stop;                            // nonzero once a block of the launch has failed
};

// A kernel's entry point in compiled CPU code: runs blocks [first, last) with the arguments at
// `args`; returns 0, or 1 (a failure) or 2 (a failed assert) with a message in `error`.
using Entry = int (*)(void *const *args, const EntryShape *shape, unsigned long long first,
                      unsigned long long last, char *error, unsigned long error_size);

// The block size thread-count launches use on the CPU, where it only sets the work per task.
constexpr int block_size = 256;

// Runs every block of the launch, each with `dynamic_shared_bytes` of dynamic shared memory, and
// returns when all are done. A failing kernel throws Error(LaunchFailed) with its message, a
// failed assert Error(Assertion) with the assert's message.
void launch(Entry entry, void *const *args, LaunchShape shape, std::size_t dynamic_shared_bytes);

}  // namespace cudapy::host
