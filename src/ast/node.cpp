#include "ast/node.h"

namespace cudapy::ast {

bool is_collective(BuiltinKind which) {
    switch (which) {
    case BuiltinKind::SyncThreads:
    case BuiltinKind::SyncThreadsCount:
    case BuiltinKind::SyncThreadsAnd:
    case BuiltinKind::SyncThreadsOr:
    case BuiltinKind::SyncWarp:
    case BuiltinKind::ShflSync:
    case BuiltinKind::ShflUpSync:
    case BuiltinKind::ShflDownSync:
    case BuiltinKind::ShflXorSync:
    case BuiltinKind::AllSync:
    case BuiltinKind::AnySync:
    case BuiltinKind::BallotSync:
    case BuiltinKind::ActiveMask: return true;
    default: return false;
    }
}

bool is_atomic(BuiltinKind which) {
    return which >= BuiltinKind::AtomicAdd && which <= BuiltinKind::AtomicCas;
}

const char *builtin_name(BuiltinKind which) {
    switch (which) {
    case BuiltinKind::SyncThreads: return "syncthreads";
    case BuiltinKind::SyncThreadsCount: return "syncthreads_count";
    case BuiltinKind::SyncThreadsAnd: return "syncthreads_and";
    case BuiltinKind::SyncThreadsOr: return "syncthreads_or";
    case BuiltinKind::SyncWarp: return "syncwarp";
    case BuiltinKind::ThreadFence: return "threadfence";
    case BuiltinKind::ThreadFenceBlock: return "threadfence_block";
    case BuiltinKind::ThreadFenceSystem: return "threadfence_system";
    case BuiltinKind::ShflSync: return "shfl_sync";
    case BuiltinKind::ShflUpSync: return "shfl_up_sync";
    case BuiltinKind::ShflDownSync: return "shfl_down_sync";
    case BuiltinKind::ShflXorSync: return "shfl_xor_sync";
    case BuiltinKind::AllSync: return "all_sync";
    case BuiltinKind::AnySync: return "any_sync";
    case BuiltinKind::BallotSync: return "ballot_sync";
    case BuiltinKind::ActiveMask: return "activemask";
    case BuiltinKind::LaneMaskLt: return "lanemask_lt";
    case BuiltinKind::Popc: return "popc";
    case BuiltinKind::Brev: return "brev";
    case BuiltinKind::Clz: return "clz";
    case BuiltinKind::Ffs: return "ffs";
    case BuiltinKind::AtomicAdd: return "atomic.add";
    case BuiltinKind::AtomicSub: return "atomic.sub";
    case BuiltinKind::AtomicMin: return "atomic.min";
    case BuiltinKind::AtomicMax: return "atomic.max";
    case BuiltinKind::AtomicAnd: return "atomic.and_";
    case BuiltinKind::AtomicOr: return "atomic.or_";
    case BuiltinKind::AtomicXor: return "atomic.xor";
    case BuiltinKind::AtomicExch: return "atomic.exch";
    case BuiltinKind::AtomicInc: return "atomic.inc";
    case BuiltinKind::AtomicDec: return "atomic.dec";
    case BuiltinKind::AtomicCas: return "atomic.cas";
    case BuiltinKind::Print: return "print";
    }
    return "?";
}

}  // namespace cudapy::ast
