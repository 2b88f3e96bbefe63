# counter : void (int* X)
def counter(X):
    global total
    X[idx] = 1
