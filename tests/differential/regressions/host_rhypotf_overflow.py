# name: host_rhypotf_overflow
# fixed: On the CPU target, math.rhypot of two float32 values near FLT_MAX gave 0.0: the host
# fixed: prelude computed 1.0f / hypotf(x, y), whose hypotf overflows, where the reciprocal
# fixed: norm is a float (2.078e-39, as the interpreter gives). Float norms and their reciprocals
# fixed: are computed in double now.
# seed: 20273127
# launch: 1
# args: [("float32[]", [-3.4028234663852886e+38]), ("float32[]", [3.4028234663852886e+38]), ("float32[]", "out", 3)]
# ulps: 4

# k : void (float32* X, float32* Y, float32* O)
def k(X, Y, O):
    O[0] = math.rhypot(X[idx], Y[idx])
    O[1] = math.rnorm3d(X[idx], Y[idx], X[idx])
    O[2] = math.rnorm4d(X[idx], Y[idx], X[idx], Y[idx])
