# name: double_reciprocal_norm_overflow
# fixed: math.rhypot, rnorm3d and rnorm4d of doubles whose norm passes DBL_MAX gave 0.0 in the
# fixed: interpreter and on the CPU target (1 / inf) where CUDA gives the subnormal reciprocal
# fixed: (5e-309 for four 1e308); both scale by the largest magnitude now.
# seed: 20262965
# launch: 1
# args: [("float64[]", [1e+308, -1e+308]), ("float64[]", "out", 3)]
# ulps: 4

# k : void (float64* X, float64* O)
def k(X, O):
    O[0] = math.rhypot(X[0], X[1])
    O[1] = math.rnorm3d(X[0], X[1], X[0])
    O[2] = math.rnorm4d(X[0], X[1], X[0], X[1])
