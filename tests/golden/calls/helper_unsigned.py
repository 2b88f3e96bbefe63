def square(v):
    return v * v


# squares : void (float* X, double* D)
def squares(X, D):
    X[idx] = square(X[idx])
