# name: gcc_zero_minus_int
# fixed: On the CPU target 0.0 - (float)i gives -0.0 for i = 0 (IEEE, NumPy and CUDA: +0.0):
# fixed: GCC 12.2 folds `0.0f - (float)i`, an integer or bool converted to float, into
# fixed: `-(float)i`, even at -O0 (a standalone `float g(int i) { return 0.0f - (float)i; }`
# fixed: returns -0 for 0; clang returns 0). Found by seed 5003668.
# targets: cpu
# seed: 5003668
# launch: 1
# args: [("int8[]", [127]), ("int32", 0), ("float32[]", "out", 2), ("float64[]", "out", 1)]

# k : void (int8* A0, int32 n, float32* O0, float64* O1)
def k(A0, n, O0, O1):
    O0[0] = False * float32(3.0) - (uint8(127) < len(A0))
    O0[1] = float32(0.0) - n
    O1[0] = 0.0 - float64(n)
