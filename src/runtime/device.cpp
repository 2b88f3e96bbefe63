#include "runtime/device.h"

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "runtime/cuda_error.h"

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

void synchronize() { check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

}  // namespace cudapy::runtime
