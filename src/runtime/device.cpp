#include "runtime/device.h"

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "runtime/cuda_error.h"
#include "runtime/kernel_error.h"

namespace cudapy::runtime {

int device_count() {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        cudaGetLastError();  // not sticky: clear it so later calls do not see it
        return 0;
    }
    return count;
}

void require_ordinal(int ordinal) {
    int count = device_count();
    if (count == 0) throw Error(Status::NoDevice, "no CUDA GPU was found");
    if (ordinal < 0 || ordinal >= count)
        throw Error(Status::NotFound, "there is no GPU " + std::to_string(ordinal) + "; " +
                                          std::to_string(count) + " found");
}

DeviceInfo device_info(int ordinal) {
    require_ordinal(ordinal);
    cudaDeviceProp properties{};
    check_cuda(cudaGetDeviceProperties(&properties, ordinal), "cudaGetDeviceProperties");
    return {properties.name, properties.major, properties.minor, properties.multiProcessorCount,
            properties.totalGlobalMem};
}

int device_attribute(int ordinal, int attribute) {
    require_ordinal(ordinal);
    int value = 0;
    cudaError_t error = cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(attribute), ordinal);
    if (error == cudaErrorInvalidValue) {
        cudaGetLastError();
        throw Error(Status::InvalidArgument, "the CUDA runtime knows no device attribute " + std::to_string(attribute));
    }
    check_cuda(error, "cudaDeviceGetAttribute");
    return value;
}

int driver_version() {
    int version = 0;
    if (cudaDriverGetVersion(&version) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return version;
}

int current_device() {
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    return device;
}

void set_current_device(int ordinal) { check_cuda(cudaSetDevice(ordinal), "cudaSetDevice"); }

std::pair<int, int> current_compute_capability() {
    int device = current_device();
    int major = 0, minor = 0;
    check_cuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device),
               "cudaDeviceGetAttribute");
    check_cuda(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device),
               "cudaDeviceGetAttribute");
    return {major, minor};
}

std::pair<int, int> lowest_capability_if_mixed() {
    // The GPUs of a process do not change: asked once.
    static const std::pair<int, int> lowest = [] {
        std::pair<int, int> low{0, 0};
        bool mixed = false;
        for (int ordinal = 0, count = device_count(); ordinal < count; ++ordinal) {
            auto info = device_info(ordinal);
            std::pair<int, int> capability{info.major, info.minor};
            if (ordinal > 0 && capability != low) mixed = true;
            if (ordinal == 0 || capability < low) low = capability;
        }
        return mixed ? low : std::pair<int, int>{0, 0};
    }();
    return lowest;
}

void synchronize() {
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    raise_kernel_error();
}

}  // namespace cudapy::runtime
