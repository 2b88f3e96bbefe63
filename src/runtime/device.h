// Devices through the CUDA Runtime (linked statically; it finds the driver at run time).
#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace cudapy::runtime {

struct DeviceInfo {
    std::string name;
    int major = 0, minor = 0;
    int multiprocessors = 0;
    std::size_t total_memory = 0;
};

// 0 when there is no driver or no GPU.
int device_count();
// Throws Error(NoDevice) without a GPU and Error(NotFound) for an ordinal past the last.
void require_ordinal(int ordinal);
DeviceInfo device_info(int ordinal);
// cudaDeviceGetAttribute: `attribute` numbered as cudaDeviceAttr (and the driver's
// CUdevice_attribute) are; an unknown one is Error(InvalidArgument).
int device_attribute(int ordinal, int attribute);
// The calling thread's current device, and making `ordinal` current on it (each thread has its
// own, device 0 until it sets one).
int current_device();
// The CUDA version of the installed driver, e.g. 13000 (0 without a driver).
int driver_version();
void set_current_device(int ordinal);
// The compute capability of the current device; throws Error(NoDevice) without one.
std::pair<int, int> current_compute_capability();
// The lowest compute capability of the GPUs when they differ ((0, 0) when all are alike): code
// for all of them is then PTX of that capability, which the driver compiles for each.
std::pair<int, int> lowest_capability_if_mixed();
// Waits for the device; a kernel fault surfaces here as Error(LaunchFailed).
void synchronize();

}  // namespace cudapy::runtime
