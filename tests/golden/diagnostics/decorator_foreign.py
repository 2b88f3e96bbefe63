import functools


# cached : void (int* X)
@functools.lru_cache
def cached(X):
    X[idx] = 0
