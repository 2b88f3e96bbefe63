# echo : void (int* X)
def echo(X):
    v = yield X[idx]
    X[idx] = v
