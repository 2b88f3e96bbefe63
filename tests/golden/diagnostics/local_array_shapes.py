# k : void (float32* X)
def k(X):
    a = cuda.local.array(0, float32)
    b = cuda.shared.array((4, 0), float32)
    c = cuda.local.array(4, float128)
    d = cuda.shared.array(4)
    e = cuda.local.array(shape=4, dtype=float32, order='C')
    f = cuda.local.array(4, "int33")
