# uses_comprehension : void (float* X)
def uses_comprehension(X):
    squares = [v * v for v in range(4)]
    X[idx] = squares[0]
