def helper(v):
    return v


# use_value : void (int* X)
def use_value(X):
    f = helper
    X[idx] = 0
