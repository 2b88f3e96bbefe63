#include "ast/builtin.h"

#include <array>

namespace cudapy::ast {

namespace {

using A = BuiltinArgument;
using G = BuiltinGroup;
using R = BuiltinResult;
using K = BuiltinKind;

constexpr std::array<A, 0> none{};
constexpr std::array mask{A::Mask};
constexpr std::array predicate{A::Predicate};
constexpr std::array mask_predicate{A::Mask, A::Predicate};
constexpr std::array mask_value{A::Mask, A::Shuffled};
constexpr std::array shuffle_lane{A::Mask, A::Shuffled, A::Lane};
constexpr std::array shuffle_delta{A::Mask, A::Shuffled, A::Delta};
constexpr std::array integer{A::Integer};
constexpr std::array integer_bits{A::IntegerBits};
constexpr std::array element{A::Element};
constexpr std::array update{A::Element, A::Value};
constexpr std::array compare_swap{A::Element, A::Value, A::Value};
constexpr std::array first_compare_swap{A::FirstElement, A::Value, A::Value};
constexpr std::array array_alignment{A::Array, A::Alignment};

constexpr BuiltinInfo atomic(K which, std::string_view name, std::string_view spelling,
                             AtomicElements elements, std::span<const A> arguments = update) {
    return {which, name, spelling, G::Atomic, R::Operand, arguments, elements};
}

constexpr BuiltinInfo hinted(K which, std::string_view name, std::string_view spelling,
                             std::span<const A> arguments) {
    return {which, name, spelling, G::CacheHint, arguments.size() == 1 ? R::Operand : R::None, arguments,
            AtomicElements::AllNumbers};
}

constexpr auto numbers = AtomicElements::Numbers, integers = AtomicElements::Integers,
               unsigned_ = AtomicElements::Unsigned;

constexpr std::array table{
    BuiltinInfo{K::SyncThreads, "syncthreads", "syncthreads", G::BlockBarrier, R::None, none},
    BuiltinInfo{K::SyncThreadsCount, "syncthreads_count", "syncthreads_count", G::BlockBarrier, R::Int32, predicate},
    BuiltinInfo{K::SyncThreadsAnd, "syncthreads_and", "syncthreads_and", G::BlockBarrier, R::Int32, predicate},
    BuiltinInfo{K::SyncThreadsOr, "syncthreads_or", "syncthreads_or", G::BlockBarrier, R::Int32, predicate},
    BuiltinInfo{K::SyncWarp, "syncwarp", "syncwarp", G::WarpCollective, R::None, mask},
    BuiltinInfo{K::ThreadFence, "threadfence", "threadfence", G::Independent, R::None, none},
    BuiltinInfo{K::ThreadFenceBlock, "threadfence_block", "threadfence_block", G::Independent, R::None, none},
    BuiltinInfo{K::ThreadFenceSystem, "threadfence_system", "threadfence_system", G::Independent, R::None, none},
    BuiltinInfo{K::ShflSync, "shfl_sync", "shfl_sync", G::WarpCollective, R::Operand, shuffle_lane},
    BuiltinInfo{K::ShflUpSync, "shfl_up_sync", "shfl_up_sync", G::WarpCollective, R::Operand, shuffle_delta},
    BuiltinInfo{K::ShflDownSync, "shfl_down_sync", "shfl_down_sync", G::WarpCollective, R::Operand, shuffle_delta},
    BuiltinInfo{K::ShflXorSync, "shfl_xor_sync", "shfl_xor_sync", G::WarpCollective, R::Operand, shuffle_lane},
    BuiltinInfo{K::AllSync, "all_sync", "all_sync", G::WarpCollective, R::Int32, mask_predicate},
    BuiltinInfo{K::AnySync, "any_sync", "any_sync", G::WarpCollective, R::Int32, mask_predicate},
    BuiltinInfo{K::EqSync, "eq_sync", "eq_sync", G::WarpCollective, R::Int32, mask_predicate},
    BuiltinInfo{K::BallotSync, "ballot_sync", "ballot_sync", G::WarpCollective, R::UInt32, mask_predicate},
    BuiltinInfo{K::MatchAnySync, "match_any_sync", "match_any_sync", G::WarpCollective, R::UInt32, mask_value},
    // The lanes of mask when all their values are equal, else 0; numba's (lanes, all equal)
    // pair is unpacked from it.
    BuiltinInfo{K::MatchAllSync, "match_all_sync", "match_all_sync", G::WarpCollective, R::UInt32, mask_value},
    BuiltinInfo{K::ActiveMask, "activemask", "activemask", G::WarpConvergence, R::UInt32, none},
    BuiltinInfo{K::LaneMaskLt, "lanemask_lt", "lanemask_lt", G::Independent, R::UInt32, none},
    BuiltinInfo{K::Popc, "popc", "popc", G::Independent, R::Int32, integer},
    BuiltinInfo{K::Brev, "brev", "brev", G::Independent, R::Operand, integer_bits},
    BuiltinInfo{K::Clz, "clz", "clz", G::Independent, R::Int32, integer},
    BuiltinInfo{K::Ffs, "ffs", "ffs", G::Independent, R::Int32, integer},
    // cudapy's own: the array's data lies on a multiple of the bytes (raising ValueError where
    // it does not), so that the compiler may join neighbouring elements' loads and stores
    // into wide ones.
    BuiltinInfo{K::AssumeAligned, "assume_aligned", "assume_aligned", G::Independent, R::None,
                array_alignment},
    atomic(K::AtomicAdd, "atomic.add", "atomic_add", numbers),
    atomic(K::AtomicSub, "atomic.sub", "atomic_sub", numbers),
    atomic(K::AtomicMin, "atomic.min", "atomic_min", numbers),
    atomic(K::AtomicMax, "atomic.max", "atomic_max", numbers),
    // numba's: a NaN is a missing value, as np.nanmin and np.nanmax take it.
    atomic(K::AtomicNanMin, "atomic.nanmin", "atomic_nanmin", numbers),
    atomic(K::AtomicNanMax, "atomic.nanmax", "atomic_nanmax", numbers),
    // numba spells and/or with an underscore: `and` and `or` are keywords
    atomic(K::AtomicAnd, "atomic.and_", "atomic_and", integers),
    atomic(K::AtomicOr, "atomic.or_", "atomic_or", integers),
    atomic(K::AtomicXor, "atomic.xor", "atomic_xor", integers),
    atomic(K::AtomicExch, "atomic.exch", "atomic_exch", numbers),
    atomic(K::AtomicInc, "atomic.inc", "atomic_inc", unsigned_),
    atomic(K::AtomicDec, "atomic.dec", "atomic_dec", unsigned_),
    atomic(K::AtomicCas, "atomic.cas", "atomic_cas", integers, compare_swap),
    atomic(K::AtomicCas, "atomic.compare_and_swap", "atomic_cas", integers, first_compare_swap),
    // A read of what other blocks store, never a stale cached copy: for flags a block polls.
    atomic(K::AtomicLoad, "atomic.load", "atomic_load", numbers, element),
    // numba's grid group: `g = cuda.cg.this_grid()` stands for the grid (a placeholder int32
    // value) and `g.sync()` waits for every thread of it. A kernel using either is launched
    // cooperatively.
    BuiltinInfo{K::ThisGrid, "cg.this_grid", "this_grid", G::Independent, R::Int32, none},
    BuiltinInfo{K::GridSync, "cg.this_grid().sync", "grid_sync", G::GridBarrier, R::None, none},
    // numba's loads and stores with PTX's cache operators: ld.global.ca (cache in L1 and L2),
    // .cg (L2 only), .cs (streaming, likely read once), .lu (last use), .cv (fetch again);
    // st.global.cg, .cs, .wb (write back), .wt (write through).
    hinted(K::LoadCa, "ldca", "load_ca", element),
    hinted(K::LoadCg, "ldcg", "load_cg", element),
    hinted(K::LoadCs, "ldcs", "load_cs", element),
    hinted(K::LoadLu, "ldlu", "load_lu", element),
    hinted(K::LoadCv, "ldcv", "load_cv", element),
    hinted(K::StoreCg, "stcg", "store_cg", update),
    hinted(K::StoreCs, "stcs", "store_cs", update),
    hinted(K::StoreWb, "stwb", "store_wb", update),
    hinted(K::StoreWt, "stwt", "store_wt", update),
};

}  // namespace

int BuiltinInfo::min_args() const {
    int count = max_args();
    if (!arguments.empty() && arguments.back() == A::Mask) --count;
    return count;
}

int BuiltinInfo::max_args() const {
    int count = 0;
    for (A argument : arguments) count += argument == A::Element ? 2 : 1;
    return count;
}

std::span<const BuiltinInfo> builtins() { return table; }

const BuiltinInfo *find_builtin(std::string_view name) {
    for (const auto &info : table)
        if (info.name == name) return &info;
    return nullptr;
}

const BuiltinInfo *builtin_info(BuiltinKind which) {
    for (const auto &info : table)
        if (info.which == which) return &info;
    return nullptr;
}

bool is_collective(BuiltinKind which) {
    const BuiltinInfo *info = builtin_info(which);
    return info && (info->group == G::BlockBarrier || info->group == G::WarpCollective ||
                    info->group == G::WarpConvergence || info->group == G::GridBarrier);
}

bool writes_element(BuiltinKind which) {
    const BuiltinInfo *info = builtin_info(which);
    return info && (info->group == G::Atomic || (info->group == G::CacheHint && info->arguments.size() > 1));
}

bool is_cooperative(BuiltinKind which) { return which == K::ThisGrid || which == K::GridSync; }

bool is_atomic(BuiltinKind which) {
    const BuiltinInfo *info = builtin_info(which);
    return info && info->group == G::Atomic;
}

const char *builtin_name(BuiltinKind which) {
    const BuiltinInfo *info = builtin_info(which);
    return info ? info->name.data() : "print";  // every name is a literal: NUL-terminated
}

std::string_view atomic_elements_text(AtomicElements elements) {
    switch (elements) {
    case AtomicElements::Numbers: return "int32, uint32, int64, uint64, float32 and float64";
    case AtomicElements::Integers: return "int32, uint32, int64 and uint64";
    case AtomicElements::Unsigned: return "uint32 and uint64";
    case AtomicElements::AllNumbers: return "int8..int64, uint8..uint64, float16, float32 and float64";
    case AtomicElements::None: break;
    }
    return "no";
}

}  // namespace cudapy::ast
