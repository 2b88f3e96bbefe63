#include "runtime/cuda_error.h"

#include "common/error.h"

namespace cudapy::runtime {

void throw_cuda_error(cudaError_t error, const std::string &what) {
    std::string detail = std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
    switch (error) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorInitializationError:
    case cudaErrorStubLibrary:
    case cudaErrorDevicesUnavailable:
        throw Error(Status::NoDevice,
                    what + " failed: no usable CUDA GPU (" + detail +
                        "). A GPU and the NVIDIA driver are needed to run kernels; translation "
                        "and PTX generation work without them.");
    case cudaErrorMemoryAllocation:
        throw Error(Status::DeviceOutOfMemory, what + " failed: " + detail);
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalAddress:
    case cudaErrorMisalignedAddress:
    case cudaErrorIllegalInstruction:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorLaunchTimeout:
        throw Error(Status::LaunchFailed,
                    what + " failed: a kernel faulted (" + detail +
                        "). The CUDA context is now unusable; restart the process.");
    case cudaErrorLaunchOutOfResources:
    case cudaErrorInvalidConfiguration:
        throw Error(Status::LaunchFailed, what + " failed: " + detail);
    default: throw Error(Status::Cuda, what + " failed: " + detail);
    }
}

}  // namespace cudapy::runtime
