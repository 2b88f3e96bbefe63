# first : void (float* X)
def first(X):
    X[idx] = [1.0]


# second : void (float* X)
def second(X):
    X[idx] = {1: 2.0}
