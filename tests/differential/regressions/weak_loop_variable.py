# name: weak_loop_variable
# bug: cudapy and its interpreter disagree on the type of the variable of a range over
# bug: literals alone: the translation makes it a weak int32 (a Python int, as NEP 50 treats
# bug: it: x + j with a uint8 x is uint8, 255 + 1 wraps to 0), the interpreter a strong
# bug: np.int32 (x + j is int32: 256), as cudapy.interpreter.kernel_range documents. One of the
# bug: two must change; with a typed bound (range(int32(1), 2)) both give int32.
# launch: 1
# args: [("uint8", 255), ("int32[]", "out", 2)]

# k : void (uint8 x, int32* O)
def k(x, O):
    for j in range(1, 2):
        O[0] = x + j
    for j2 in range(int32(1), 2):
        O[1] = x + j2
