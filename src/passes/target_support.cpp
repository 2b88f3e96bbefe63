#include "passes/target_support.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/visitor.h"
#include "common/launch_shape.h"
#include "common/limits.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// CUDA functions with no equivalent in C's math library, by their CUDA names.
const std::set<std::string_view> &missing_on_cpu() {
    static const std::set<std::string_view> names{"cyl_bessel_i0", "cyl_bessel_i1", "erfinv",
                                                  "erfcinv", "erfcx", "normcdfinv"};
    return names;
}

// Local arrays live on their thread's stack. Threads that synchronize run as fibers with stacks
// of cpu_fiber_stack_bytes, half of which is kept for the frames of the calls.
constexpr long long max_cooperative_local_bytes = cpu_fiber_stack_bytes / 2;

class CpuSupport : public Visitor {
public:
    explicit CpuSupport(Diagnostics &diagnostics) : diagnostics_(diagnostics) {}

    void check(const Program &program) {
        std::vector<std::pair<long long, Span>> local_arrays;  // of each function: bytes, where
        for (const auto &f : program.functions) {
            local_bytes_ = 0;
            visit(f.body);
            local_arrays.emplace_back(local_bytes_, local_span_);
        }
        if (!cooperative_) return;
        for (const auto &[bytes, span] : local_arrays)
            if (bytes > max_cooperative_local_bytes)
                diagnostics_.report(DiagnosticKind::Unsupported, span,
                                    "the local arrays of this function take " + std::to_string(bytes) +
                                        " bytes per thread; on the CPU, threads that synchronize "
                                        "(syncthreads, warp operations) run on small stacks that hold at "
                                        "most " + std::to_string(max_cooperative_local_bytes) + " bytes of them");
    }

protected:
    void visit_intrinsic(const Intrinsic &e) override {
        if (missing_on_cpu().count(e.info->cuda_name))
            diagnostics_.report(DiagnosticKind::Unsupported, e.span,
                                "math." + std::string(e.info->name) +
                                    " is not available on the CPU target, only on the GPU");
        Visitor::visit_intrinsic(e);
    }

    void visit_builtin(const Builtin &e) override {
        cooperative_ = cooperative_ || is_collective(e.which);
        if (e.which == BuiltinKind::GridSync)
            diagnostics_.report(DiagnosticKind::Unsupported, e.span,
                                "a grid group's sync() waits for every block of the grid, which only a "
                                "GPU's cooperative launch runs at once; the CPU target runs a launch's "
                                "blocks a few at a time: run this kernel on the GPU");
        Visitor::visit_builtin(e);
    }

    void visit_array_alloc(const ArrayAlloc &a) override {
        if (a.space != MemorySpace::Local) return;
        // Saturating, so that absurd shapes compare as too large rather than wrap.
        constexpr long long saturated = 1ll << 61;
        long long bytes = scalar_bytes(a.type.scalar);
        for (long long extent : a.shape)
            if (__builtin_mul_overflow(bytes, extent, &bytes) || bytes > saturated) bytes = saturated;
        if (local_bytes_ <= max_cooperative_local_bytes) local_span_ = a.span;  // the array that crosses
        local_bytes_ = std::min(local_bytes_ + bytes, saturated);
    }

private:
    Diagnostics &diagnostics_;
    bool cooperative_ = false;  // the program uses a barrier or a warp operation
    long long local_bytes_ = 0;
    Span local_span_;
};

// A function's static shared arrays: at most max_shared_bytes, as on the GPU without opting in
// to more (which cudapy does not), on every target, so that what runs on the CPU runs on the
// GPU and no target fails later with a compiler's or linker's message.
class SharedMemory : public Visitor {
public:
    explicit SharedMemory(Diagnostics &diagnostics) : diagnostics_(diagnostics) {}

    void check(const Program &program) {
        for (const auto &f : program.functions) {
            bytes_ = 0;
            reported_ = false;
            visit(f.body);
        }
    }

protected:
    void visit_assign(const Assign &s) override {
        if (s.target->kind == ExprKind::Variable && s.value->kind == ExprKind::ArrayAlloc)
            name_ = static_cast<const Variable &>(*s.target).name;
        Visitor::visit_assign(s);
        name_.clear();
    }

    void visit_array_alloc(const ArrayAlloc &a) override {
        if (a.space != MemorySpace::Shared || reported_) return;
        // Saturating, so that absurd shapes compare as too large rather than wrap.
        constexpr long long saturated = 1ll << 61;
        long long bytes = scalar_bytes(a.type.scalar);
        for (long long extent : a.shape)
            if (__builtin_mul_overflow(bytes, extent, &bytes) || bytes > saturated) bytes = saturated;
        bytes_ = std::min(bytes_ + bytes, saturated);
        if (bytes_ <= static_cast<long long>(max_shared_bytes)) return;
        reported_ = true;  // once a function, at the array that crosses the limit
        std::string what = name_.empty() ? "this shared array" : "the shared array '" + name_ + "'";
        std::string total = bytes_ > bytes ? " (with the function's other shared arrays, " + std::to_string(bytes_) + ")" : "";
        diagnostics_.report(DiagnosticKind::Type, a.span,
                            what + " takes " + std::to_string(bytes) + " bytes" + total + "; a block has at most " +
                                std::to_string(max_shared_bytes) + " bytes of shared memory");
    }

private:
    Diagnostics &diagnostics_;
    std::string name_;  // of the variable the array is assigned to
    long long bytes_ = 0;
    bool reported_ = false;
};

}  // namespace

void check_target_support(const Program &program, Target target, Diagnostics &diagnostics) {
    SharedMemory(diagnostics).check(program);
    if (target != Target::Cpu) return;
    CpuSupport(diagnostics).check(program);
}

}  // namespace cudapy::passes
