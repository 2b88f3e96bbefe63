# name: gpu_min_signed_zero
# fixed: On the GPU, min(uint8(3), 2.14, min(-(s0 >> 7), -abs(float32(6062295.5) // 1e+300)))
# fixed: gave -0.0 where Python's min gives 0.0, the first of two equal arguments: LLVM turned
# fixed: `b < a ? b : a` with a constant a into PTX's min.f32, which takes -0.0 for the smaller
# fixed: zero. Float min and max choose in PTX now, where LLVM cannot change the choice.
# targets: cuda
# seed: 20271791
# launch: 1, 8
# args: [("bool", True), ("float32[]", [0.0, -0.0, 1.0, -1.0, nan, inf, -inf, 0.5]), ("float32[]", "out", 8), ("float64[]", "out", 8)]

# k : void (bool s0, float32* X, float32* O, float64* P)
def k(s0, X, O, P):
    i = threadIdx.x
    O[i] = min(uint8(3), -(-float32(3.1415927410125732) + float32(1.00048828125)), min(-((s0 > False) >> uint8(7)), -abs(float32(6062295.5) // 1e+300)))
    P[i] = max(-0.0, float64(X[i]))
