# name: gpu_fma_contraction
# bug: On the GPU, x * y + z on float32 (and float64) is contracted into one fused
# bug: multiply-add (NVRTC's default --fmad=true, which cudapy does not turn off when
# bug: fast_math is off), rounding once where NumPy rounds the product and the sum: with x, y,
# bug: z = 1 + 2**-23, 1 - 2**-23, -1 the product rounds to 1.0 and NumPy gives 0.0, an fma
# bug: -2**-46. Unverified here (no GPU on the machine that wrote it): a strict xfail on the
# bug: GPU, so an unexpected pass says the GPU does round as NumPy does.
# targets: cuda
# launch: 1
# args: [("float32[]", [1.0000001192092896]), ("float32[]", [0.9999998807907104]), ("float32[]", [-1.0]), ("float32[]", "out", 1), ("float64[]", [1.0000000000000002]), ("float64[]", [0.9999999999999998]), ("float64[]", [-1.0]), ("float64[]", "out", 1)]

# k : void (float32* X, float32* Y, float32* Z, float32* O, float64* U, float64* V, float64* W, float64* P)
def k(X, Y, Z, O, U, V, W, P):
    O[idx] = X[idx] * Y[idx] + Z[idx]
    P[idx] = U[idx] * V[idx] + W[idx]
