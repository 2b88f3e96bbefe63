#include "ast/libdevice.h"

#include <algorithm>
#include <vector>

#include "ast/intrinsic.h"

namespace cudapy::ast {

namespace {

std::vector<LibdeviceFunction> build() {
    std::vector<LibdeviceFunction> rows;
    for (const auto &info : intrinsics()) {
        if (info.module != IntrinsicModule::Math || info.kind != IntrinsicKind::FloatMath) continue;
        std::string name(info.name);
        if (info.single) {  // floorf, ceilf, truncf, roundf: float32 alone
            rows.push_back({name, name, true, std::nullopt});
            continue;
        }
        rows.push_back({name, name, false, std::nullopt});
        rows.push_back({name + "f", name + "f", true, std::nullopt});
    }
    for (std::string_view fast : {"sin", "cos", "tan", "exp", "exp10", "log", "log2", "log10", "pow"})
        rows.push_back({"fast_" + std::string(fast) + "f", std::string(fast) + "f", true, std::nullopt});
    const std::pair<std::string_view, BuiltinKind> bits[] = {
        {"popc", BuiltinKind::Popc}, {"clz", BuiltinKind::Clz}, {"ffs", BuiltinKind::Ffs}, {"brev", BuiltinKind::Brev}};
    for (const auto &[name, kind] : bits) {
        rows.push_back({std::string(name), "", true, kind});
        rows.push_back({std::string(name) + "ll", "", false, kind});
    }
    for (bool single : {false, true}) {
        std::string suffix = single ? "f" : "";
        rows.push_back({"sincos" + suffix, "sin" + suffix, single, std::nullopt, LibdevicePair::SineCosine});
        rows.push_back({"sincospi" + suffix, "sinpi" + suffix, single, std::nullopt, LibdevicePair::SineCosine});
        rows.push_back({"modf" + suffix, "", single, std::nullopt, LibdevicePair::Modf});
        rows.push_back({"frexp" + suffix, "", single, std::nullopt, LibdevicePair::Frexp});
    }
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    return rows;
}

}  // namespace

std::span<const LibdeviceFunction> libdevice_functions() {
    static const std::vector<LibdeviceFunction> rows = build();
    return rows;
}

const LibdeviceFunction *find_libdevice(std::string_view name) {
    auto rows = libdevice_functions();
    auto found = std::lower_bound(rows.begin(), rows.end(), name,
                                  [](const LibdeviceFunction &row, std::string_view key) { return row.name < key; });
    return found != rows.end() && found->name == name ? &*found : nullptr;
}

}  // namespace cudapy::ast
