# name: gcc_recursion_vrp_int16
# fixed: On the CPU target, a recursive helper with an int16 result, called with a constant,
# fixed: returns its base case: h(7) gives -32767 where the interpreter (and GCC at -O0 or -O1,
# fixed: or -O2 with -fwrapv or -fno-tree-vrp, and clang) give 25608. The emitted C++ is correct
# fixed: (`return ((short)(h((a0 - 1u), a1) - ((short)1023)));`): GCC 12.2's -O2 miscompiles
# fixed: it. Compiling the CPU target's code with -fwrapv avoids it.
# targets: cpu
# seed: 20261430
# launch: 1
# args: [("int16[]", "out", 2)]

# h : int16 (uint32 a0, int32 a1)
def h(a0, a1):
    if a0 <= 0:
        return int16(-32767)
    return h(a0 - 1, a1) - int16(1023)

# k : void (int16* O)
def k(O):
    O[0] = h(uint32(7), 0)
    O[1] = h(uint32(7) & 7, 0)
