# scalar_index : void (float* X, float a)
def scalar_index(X, a):
    X[idx] = a[0]
