// The functions of the kernel language beyond Python's and the math module's: CUDA's barriers,
// warp collectives, bit functions and atomics, as numba.cuda names them. Each is declared once,
// here: the frontend finds it by name and counts its arguments, the type checker converts each
// argument by its role and types the result by the row's rule, the emitter calls its spelling,
// and the Python package reads the table through the C ABI. A new builtin is a row here plus
// its implementations: the GPU prelude, the host prelude and the interpreter.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace cudapy::ast {

// The node's identity; print is Python's and has no row.
enum class BuiltinKind {
    SyncThreads, SyncThreadsCount, SyncThreadsAnd, SyncThreadsOr, SyncWarp,
    ThreadFence, ThreadFenceBlock, ThreadFenceSystem,
    ShflSync, ShflUpSync, ShflDownSync, ShflXorSync,
    AllSync, AnySync, EqSync, BallotSync, MatchAnySync, MatchAllSync, ActiveMask, LaneMaskLt,
    Popc, Brev, Clz, Ffs,
    AssumeAligned,
    AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicNanMin, AtomicNanMax, AtomicAnd, AtomicOr, AtomicXor, AtomicExch,
    AtomicInc, AtomicDec, AtomicCas, AtomicLoad,
    ThisGrid, GridSync,
    LoadCa, LoadCg, LoadCs, LoadLu, LoadCv, StoreCg, StoreCs, StoreWb, StoreWt,
    Print,
};

// What an argument is, which fixes the type it is converted to.
enum class BuiltinArgument : std::uint8_t {
    Mask,         // a uint32 lane mask; the last one may be left out: the full warp
    Predicate,    // a condition, passed as int32 0 or 1
    Shuffled,     // a 32- or 64-bit number or float, moved between lanes
    Lane,         // an int32 lane number or lane mask
    Delta,        // a uint32 lane distance
    Integer,      // any integer, widened as C widens it
    IntegerBits,  // any integer's bits, as uint32 or uint64
    Element,      // the element an atomic updates, written (array, index)
    FirstElement, // the element an atomic updates, written (array): its first
    Value,        // a value of the updated element's type
    Array,        // an array variable, whose data pointer the call describes
    Alignment,    // a power of two from 1 to 256, written as a literal: bytes
};

// The result's type.
enum class BuiltinResult : std::uint8_t {
    None,
    Int32,
    UInt32,
    Operand,  // the type the Shuffled, IntegerBits or Element argument was given
};

// How the threads that call it wait for each other: the interpreter schedules by this, and a
// kernel calling a waiting builtin must not let threads return early.
enum class BuiltinGroup : std::uint8_t {
    BlockBarrier,    // every thread of the block
    WarpCollective,  // the threads of the mask, each calling the same builtin
    WarpConvergence, // the warp's threads that have not returned (activemask)
    Independent,     // no waiting: fences, lane masks, bit functions
    Atomic,          // no waiting; updates an array element
    GridBarrier,     // every thread of the grid: a cooperative launch, all blocks resident
    CacheHint,       // no waiting; loads or stores an array element with a cache policy
};

// The element types an atomic (or a cache-hinted load or store) updates: Numbers are the 32- and
// 64-bit integers and floats, AllNumbers every integer and float.
enum class AtomicElements : std::uint8_t { None, Numbers, Integers, Unsigned, AllNumbers };

struct BuiltinInfo {
    BuiltinKind which;
    std::string_view name;      // after `cuda.`: "syncthreads", "atomic.add"
    std::string_view spelling;  // the preludes' function in namespace cudapy, on every target
    BuiltinGroup group;
    BuiltinResult result;
    std::span<const BuiltinArgument> arguments;
    AtomicElements elements = AtomicElements::None;

    // The arguments as written: an Element takes two (array, index); a trailing Mask is optional.
    int min_args() const;
    int max_args() const;
};

std::span<const BuiltinInfo> builtins();
// The row `name` ("syncthreads", "atomic.add") names, if any.
const BuiltinInfo *find_builtin(std::string_view name);
// The first row of a kind; null for Print.
const BuiltinInfo *builtin_info(BuiltinKind which);

// Whether a builtin is a barrier or a warp collective: the threads of a kernel that uses one
// must all run it, none leaving early.
bool is_collective(BuiltinKind which);
bool is_atomic(BuiltinKind which);
// Whether it stores into the element its first arguments name (an atomic, a cache-hinted store).
bool writes_element(BuiltinKind which);
// Whether a kernel using it is launched cooperatively (numba's grid group): its blocks all
// resident at once, so that they can wait for each other.
bool is_cooperative(BuiltinKind which);
// The name a kernel calls it by, for messages: "syncthreads", "atomic.add", ...
const char *builtin_name(BuiltinKind which);
// The element types an atomic updates, for messages: "int32, uint32, int64 and uint64".
std::string_view atomic_elements_text(AtomicElements elements);

}  // namespace cudapy::ast
