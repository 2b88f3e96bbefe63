# name: gcc_recursion_vrp_int32
# fixed: On the CPU target, h(0) of this recursive helper returns INT32_MIN where the
# fixed: interpreter gives 2147352576 (h(-1) + -131072, wrapped). The emitted C++ is correct;
# fixed: GCC 12.2 at -O2 miscompiles it (a standalone `static int h(long long a0) { if (a0 !=
# fixed: 0) return INT_MIN; return add(h(a0 - 1), -131072); }` gives the same for a run-time
# fixed: argument), and -fwrapv or -fno-tree-vrp avoid it.
# targets: cpu
# seed: 20261998
# launch: 1
# args: [("int32[]", "out", 1)]

# h : int32 (int64 a0)
def h(a0):
    if a0:
        return int32(-2147483648)
    return h(a0 - 1) + int32(-131072)

# k : void (int32* O)
def k(O):
    O[idx] = h(idx)
