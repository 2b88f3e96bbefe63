# big : void (int64* X)
def big(X):
    X[idx] = 123456789012345678901234567890
