# product : void (float* X, float* Y, float* Z)
def product(X, Y, Z):
    Z[idx] = X @ Y
