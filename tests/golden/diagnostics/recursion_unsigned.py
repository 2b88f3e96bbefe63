def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


# factorials : void (int* X)
def factorials(X):
    X[idx] = factorial(idx)
