# name: host_sinpi_cospi
# fixed: On the CPU target sinpi(x) and cospi(x) compute sin(M_PI * x) and cos(M_PI * x), whose
# fixed: error grows with x: sinpi(1e7) gives 5.6e-10 and cospi(1e15 + 0.5) 0.304 where CUDA
# fixed: (and the interpreter) give exactly 0.
# targets: cpu
# launch: 3
# args: [("float32[]", [10000000.0, 3.0, 16777216.0]), ("float64[]", [1000000000000000.5, 2.5, 1e+300]), ("float32[]", "out", 3), ("float64[]", "out", 3)]

# k : void (float32* X, float64* Y, float32* O, float64* P)
def k(X, Y, O, P):
    O[idx] = math.sinpi(X[idx])
    P[idx] = math.cospi(Y[idx])
