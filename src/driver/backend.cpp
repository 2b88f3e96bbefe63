#include "driver/backend.h"

#include "common/error.h"

namespace cudapy::driver {

const Backend &backend_for(Target target) {
    return target == Target::Cpu ? host_backend() : cuda_backend();
}

void no_cuda() {
    throw Error(Status::Unsupported, "this libcudapy was built without CUDA (-Dcuda=disabled); "
                                     "it translates and compiles to PTX but cannot run kernels");
}

}  // namespace cudapy::driver
