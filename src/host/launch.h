// The CPU target's run time: a launch's blocks spread over a pool of worker threads.
#pragma once

#include <cstddef>

#include "common/launch_shape.h"

namespace cudapy::host {

// A kernel's entry point in compiled CPU code (see prelude_host.h): runs blocks [first, last)
// with the arguments at `args`; returns nonzero with a message in `error` when the kernel
// failed.
using Entry = int (*)(void *const *args, const void *shape, unsigned long long first,
                      unsigned long long last, char *error, unsigned long error_size);

// The block size thread-count launches use on the CPU, where it only sets the work per task.
constexpr int block_size = 256;

// Runs every block of the launch and returns when all are done; a failing kernel throws
// Error(LaunchFailed) with its message.
void launch(Entry entry, void *const *args, LaunchShape shape);

}  // namespace cudapy::host
