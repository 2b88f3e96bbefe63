# mask : void (float* X, float m)
def mask(X, m):
    X[idx] = X[idx] & m
