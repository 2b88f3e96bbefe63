# managed : void (int* X)
def managed(X):
    with lock:
        X[idx] = 1
