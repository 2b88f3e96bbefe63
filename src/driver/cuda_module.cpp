#include "driver/cuda_module.h"

#include <array>

#include "common/error.h"
#include "driver/backend.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/device.h"
#include "runtime/stream.h"
#endif

namespace cudapy::driver {

namespace {

std::string triple(Dim3 d) {
    return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

}  // namespace

jit::CompiledCode compile_cuda_source(const std::string &source, jit::CompileRequest request,
                                      std::vector<jit::LogEntry> *log_entries) {
    if (request.source_name.empty()) request.source_name = "kernel.cu";
    jit::check_user_request(request);
    if (request.arch.empty()) {
#if CUDAPY_HAVE_CUDA
        if (runtime::device_count() == 0)
            throw Error(Status::NoDevice, "no CUDA GPU was found: name an architecture (sm_NN or "
                                          "compute_NN) to compile CUDA C++ without one");
        auto [major, minor] = runtime::current_compute_capability();
        // The GPU's own CUBIN, when cached, is found without loading NVRTC.
        request.arch = jit::cubin_arch(major, minor);
        if (auto code = jit::cached(source, request)) return *code;
        request.arch = jit::arch_for_device(major, minor);
#else
        no_cuda();
#endif
    }
    return jit::compile(source, request, log_entries);
}

#if CUDAPY_HAVE_CUDA

CudaFunction::CudaFunction(std::string name, const void *entry)
    : name_(std::move(name)), entry_(entry), parameters_(runtime::kernel_parameters(entry)),
      attributes_(runtime::kernel_attributes(entry)) {
    for (const auto &parameter : parameters_)
        args_size_ = std::max(args_size_, parameter.offset + parameter.size);
}

runtime::KernelAttributes CudaFunction::attributes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return attributes_;
}

void CudaFunction::set_max_dynamic_shared_bytes(int bytes) {
    if (bytes < 0) throw Error(Status::InvalidArgument, "a kernel's dynamic shared memory cannot be negative");
    runtime::set_max_dynamic_shared_bytes(entry_, bytes);
    std::lock_guard<std::mutex> lock(mutex_);
    attributes_ = runtime::kernel_attributes(entry_);
}

void CudaFunction::launch(Dim3 grid, Dim3 block, std::size_t shared_bytes, std::uintptr_t stream,
                          const void *args) const {
    check_launch({grid, block}, 0);
    auto attributes = this->attributes();
    std::uint64_t threads = std::uint64_t{block.x} * block.y * block.z;
    if (threads > static_cast<std::uint64_t>(attributes.max_threads_per_block))
        throw Error(Status::InvalidArgument,
                    "block " + triple(block) + " has " + std::to_string(threads) + " threads; " + name_ +
                        " takes at most " + std::to_string(attributes.max_threads_per_block) +
                        " a block on this GPU (it uses " + std::to_string(attributes.registers) +
                        " registers a thread)");
    if (shared_bytes > static_cast<std::size_t>(attributes.max_dynamic_shared_bytes))
        throw Error(Status::InvalidArgument,
                    "a launch of " + name_ + " asks for " + std::to_string(shared_bytes) +
                        " bytes of dynamic shared memory; it may use " +
                        std::to_string(attributes.max_dynamic_shared_bytes) +
                        " (raise the limit with the function's max dynamic shared memory attribute)");
    constexpr std::size_t inline_count = 32;
    std::array<void *, inline_count> inline_args;
    std::vector<void *> heap_args;
    void **pointers = inline_args.data();
    if (parameters_.size() > inline_count) {
        heap_args.resize(parameters_.size());
        pointers = heap_args.data();
    }
    // cudaLaunchKernel reads each parameter through a pointer; the block holds them all.
    auto *base = static_cast<char *>(const_cast<void *>(args));
    for (std::size_t i = 0; i < parameters_.size(); ++i) pointers[i] = base + parameters_[i].offset;
    runtime::launch(entry_, grid, block, shared_bytes, stream, pointers);
}

CudaModule::CudaModule(const std::string &source, jit::CompileRequest request,
                       std::vector<jit::LogEntry> *log_entries) {
    auto code = compile_cuda_source(source, request, log_entries);
    module_ = std::make_unique<runtime::LoadedModule>(code.binary);
    for (std::size_t i = 0; i < code.lowered_names.size(); ++i)
        lowered_names_.emplace(request.name_expressions[i], code.lowered_names[i]);
}

CudaModule::CudaModule(const std::string &image) {
    if (image.empty()) throw Error(Status::InvalidArgument, "the compiled code to load is empty");
    runtime::require_device("loading compiled code");
    module_ = std::make_unique<runtime::LoadedModule>(image);
}

CudaModule::~CudaModule() = default;

CudaFunction &CudaModule::function(const std::string &name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = functions_.find(name);
    if (found != functions_.end()) return *found->second;
    const void *entry = nullptr;
    try {
        entry = module_->kernel(name);
    } catch (const Error &error) {
        if (error.status() != Status::NotFound) throw;
        std::string known;
        for (const auto &kernel : module_->kernel_names()) known += (known.empty() ? "" : ", ") + kernel;
        throw Error(Status::NotFound, "the module has no kernel '" + name + "'; its kernels: " +
                                          (known.empty() ? "none" : known) +
                                          " (C++ kernels outside extern \"C\" have mangled names)");
    }
    auto &function = functions_[name];
    function = std::make_unique<CudaFunction>(name, entry);
    return *function;
}

const std::string &CudaModule::lowered_name(const std::string &expression) const {
    auto found = lowered_names_.find(expression);
    if (found == lowered_names_.end())
        throw Error(Status::NotFound, "'" + expression + "' is not one of the module's name expressions");
    return found->second;
}

void *CudaModule::global(const std::string &name, std::size_t *bytes) const {
    void *address = module_->global(name, bytes);
    if (!address) throw Error(Status::NotFound, "the module has no global variable '" + name + "'");
    return address;
}

#else

CudaFunction::CudaFunction(std::string, const void *) { no_cuda(); }
runtime::KernelAttributes CudaFunction::attributes() const { no_cuda(); }
void CudaFunction::set_max_dynamic_shared_bytes(int) { no_cuda(); }
void CudaFunction::launch(Dim3, Dim3, std::size_t, std::uintptr_t, const void *) const { no_cuda(); }
CudaModule::CudaModule(const std::string &, jit::CompileRequest, std::vector<jit::LogEntry> *) { no_cuda(); }
CudaModule::CudaModule(const std::string &) { no_cuda(); }
CudaModule::~CudaModule() = default;
CudaFunction &CudaModule::function(const std::string &) { no_cuda(); }
const std::string &CudaModule::lowered_name(const std::string &) const { no_cuda(); }
void *CudaModule::global(const std::string &, std::size_t *) const { no_cuda(); }

#endif

}  // namespace cudapy::driver
