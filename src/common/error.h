// The failure vocabulary shared by the stages that talk to CUDA and by the C ABI, which maps
// it one to one onto cudapy_status.
#pragma once

#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace cudapy {

// The numbering is that of cudapy_status in the public header.
enum class Status {
    Ok = 0,
    InvalidArgument = 1,
    HostOutOfMemory = 2,
    Translation = 3,
    NvrtcUnavailable = 4,
    CudaCompilation = 5,
    NoDevice = 6,
    DeviceOutOfMemory = 7,
    NotFound = 8,
    LaunchFailed = 9,
    Cuda = 10,
    Unsupported = 11,
    Internal = 12,
    Assertion = 13,
    LibraryUnavailable = 14,
    Library = 15,
};

class Error : public std::runtime_error {
public:
    Error(Status status, const std::string &message) : std::runtime_error(message), status_(status) {}
    Status status() const { return status_; }

private:
    Status status_;
};

// The exception being handled, as an Error, for code that must not let it through (the C ABI,
// a background thread): an Error as it is, running out of memory as HostOutOfMemory, anything
// else as cudapy's bug. Call it only inside a catch handler.
inline Error error_in_flight() {
    try {
        throw;
    } catch (const Error &error) {
        return error;
    } catch (const std::bad_alloc &) {
        return Error(Status::HostOutOfMemory, "out of host memory");
    } catch (const std::exception &error) {
        return Error(Status::Internal,
                     std::string("internal error in cudapy (please report it): ") + error.what());
    } catch (...) {
        return Error(Status::Internal, "internal error in cudapy (please report it): unknown exception");
    }
}

}  // namespace cudapy
