# with_class : void (int* X)
def with_class(X):
    class Point:
        pass
    X[idx] = 0
