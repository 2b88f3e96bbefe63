# name: host_norm3df
# fixed: On the CPU target math.norm3df and math.rnorm3df (and norm3d, rnorm3d on float32)
# fixed: compute sqrt(a*a + b*b + c*c): an infinity with a NaN gives NaN, where CUDA (and the
# fixed: interpreter, as hypot does) give inf and 0. Found by seed 5005907.
# targets: cpu
# seed: 5005907
# launch: 1
# args: [("float32[]", [inf]), ("float32[]", [nan]), ("float32[]", "out", 2)]

# k : void (float32* X, float32* Y, float32* O)
def k(X, Y, O):
    O[0] = math.rnorm3df(X[idx], Y[idx], float32(100))
    O[1] = math.norm3df(X[idx], Y[idx], float32(100))
