# k : void (float32* X, int32 n)
def k(X, n):
    tile = cuda.shared.array(n, float32)
    tile[0] = X[0]
