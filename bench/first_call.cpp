// The first call of SAXPY in a fresh process, split into its stages: CUDA context creation
// (the driver's, not ours), translation, NVRTC compilation, module load and the first launch.
#include <chrono>
#include <cstdio>
#include <vector>

#include <cuda_runtime_api.h>

#include "jit/compiler.h"
#include "jit/nvrtc.h"
#include "pipeline/translate.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "common/launch_shape.h"
#include "runtime/module.h"

namespace {

const char *saxpy_source =
    "# saxpy : void (float alpha, float* X, float* Y)\n"
    "def saxpy(alpha, X, Y):\n"
    "    if idx < len(X):\n"
    "        Y[idx] = alpha * X[idx] + Y[idx]\n";

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main() {
    using namespace cudapy;
    using clock = std::chrono::steady_clock;
    if (runtime::device_count() == 0) {
        std::printf("SKIP: no CUDA GPU found\n");
        return 0;
    }
    auto start = clock::now();
    cudaFree(nullptr);
    double context_ms = since(start);

    start = clock::now();
    auto translation = pipeline::translate({{saxpy_source, "saxpy.py", 1, 0}}, {});
    double translate_ms = since(start);

    start = clock::now();
    auto [major, minor] = runtime::current_compute_capability();
    jit::CompileRequest request;
    request.arch = jit::arch_for_device(major, minor);
    auto code = jit::compile(translation.source, request);
    double compile_ms = since(start);

    start = clock::now();
    runtime::LoadedModule module(code.binary);
    const void *kernel = module.kernel(translation.kernels[0].symbol);
    double load_ms = since(start);

    const long long n = 1 << 20;
    runtime::DeviceBuffer x(n * sizeof(float)), y(n * sizeof(float));
    std::vector<float> host(n, 1.0f);
    x.upload(0, host.data(), n * sizeof(float));
    y.upload(0, host.data(), n * sizeof(float));
    float alpha = 2.0f;
    struct { void *data; long long size; } ax{x.pointer(), n}, ay{y.pointer(), n};
    Dim3 extent{static_cast<std::uint32_t>(n), 1, 1};
    void *args[] = {&alpha, &ax, &ay, &extent};

    start = clock::now();
    auto shape = shape_for_threads(extent, runtime::auto_block_size(kernel));
    runtime::launch(kernel, shape.grid, shape.block, 0, 0, args);
    runtime::synchronize();
    double launch_ms = since(start);

    std::printf("first call of SAXPY (2^20 elements), %s NVRTC %d.%d:\n", code.arch.c_str(),
                jit::Nvrtc::get().version().first, jit::Nvrtc::get().version().second);
    std::printf("  CUDA context creation (driver) %8.3f ms\n", context_ms);
    std::printf("  translate                      %8.3f ms\n", translate_ms);
    std::printf("  compile (NVRTC to CUBIN)       %8.3f ms\n", compile_ms);
    std::printf("  load module                    %8.3f ms\n", load_ms);
    std::printf("  first launch and sync          %8.3f ms\n", launch_ms);
    std::printf("  total, without the context     %8.3f ms\n", translate_ms + compile_ms + load_ms + launch_ms);
    return 0;
}
