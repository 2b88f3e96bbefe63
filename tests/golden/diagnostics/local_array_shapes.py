# k : void (float32* X)
def k(X):
    a = cuda.local.array(0, float32)
    b = cuda.shared.array((4, 0), float32)
    c = cuda.local.array(4, complex64)
    d = cuda.shared.array(4)
    e = cuda.local.array(shape=4, dtype=float32, order='C')
