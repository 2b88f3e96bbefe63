#include "passes/target_support.h"

#include <set>
#include <string_view>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// CUDA functions with no equivalent in C's math library, by their CUDA names.
const std::set<std::string_view> &missing_on_cpu() {
    static const std::set<std::string_view> names{"cyl_bessel_i0", "cyl_bessel_i1", "erfinv",
                                                  "erfcinv", "erfcx", "normcdfinv"};
    return names;
}

class CpuSupport : public Visitor {
public:
    explicit CpuSupport(Diagnostics &diagnostics) : diagnostics_(diagnostics) {}

protected:
    void visit_intrinsic(const Intrinsic &e) override {
        if (missing_on_cpu().count(e.info->cuda_name))
            diagnostics_.report(DiagnosticKind::Unsupported, e.span,
                                "math." + std::string(e.info->name) +
                                    " is not available on the CPU target, only on the GPU");
        Visitor::visit_intrinsic(e);
    }

private:
    Diagnostics &diagnostics_;
};

}  // namespace

void check_target_support(const Program &program, Target target, Diagnostics &diagnostics) {
    if (target != Target::Cpu) return;
    CpuSupport support(diagnostics);
    for (const auto &f : program.functions) support.visit(f.body);
}

}  // namespace cudapy::passes
