# many : void (float* X, int n)
def many(X, n):
    w = [1.0, 2.0]
    with lock:
        X[0] = 1.0
    f = lambda v: v
    X[idx] = X[idx] + undefined_name
    X[1] = X[1:2]
