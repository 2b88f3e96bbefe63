// Python exceptions that kernels raise without stopping the GPU. The CUDA prelude's
// cudapy::fail writes the first one into page-locked host memory that every GPU maps, ends the
// raising thread and lets the launch finish; the host raises it at its next wait for GPU work.
// A trap would instead leave the process's CUDA context unusable.
#pragma once

namespace cudapy::runtime {

// Points a loaded module's `cudapy_error_record` global (at `slot`, on the current GPU) at the
// process's record.
void attach_error_record(void *slot);

// After a wait for GPU work: throws the exception a kernel recorded (Status::LaunchFailed,
// "file:line: ValueError: ..."), clearing the record; does nothing when none was.
void raise_kernel_error();

}  // namespace cudapy::runtime
