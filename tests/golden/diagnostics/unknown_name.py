# shift : void (float* X, float offset)
def shift(X, offset):
    X[idx] = X[idx] + ofset
