# between : void (bool* B, float* X, int n)
def between(B, X, n):
    B[idx] = 0 < X[idx] < n
