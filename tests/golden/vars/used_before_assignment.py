# running_max : void (float* out, float* X, int n)
def running_max(out, X, n):
    for i in range(n):
        if i > 0:
            out[i] = best
        if i == 0 or X[i] > best:
            best = X[i]
