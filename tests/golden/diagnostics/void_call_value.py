def touch(X):
    X[idx] = 1


# use_touch : void (int* X)
def use_touch(X):
    X[0] = touch(X)
