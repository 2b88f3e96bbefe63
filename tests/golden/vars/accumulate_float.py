# total : void (float* out, float* X, int n)
def total(out, X, n):
    s = 0.0
    for i in range(n):
        s += X[i]
    out[0] = s
