# chained_assign : void (int* X, float* F, float v)
def chained_assign(X, F, v):
    a = b = 0
    x = y = v
    X[0] = a
    X[1] = b
    F[0] = x + y
