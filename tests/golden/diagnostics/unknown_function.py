# norm : void (float* X, float* Y)
def norm(X, Y):
    Y[idx] = sqaure(X[idx])


# square : float (float v)
def square(v):
    return v * v
