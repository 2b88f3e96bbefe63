# guarded : void (float* X)
def guarded(X):
    try:
        X[idx] = 1.0 / X[idx]
    finally:
        X[0] = 0.0
