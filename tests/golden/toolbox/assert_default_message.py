# positive : void (float32* X)
def positive(X):
    i = cuda.grid(1)
    assert X[i] > 0
    X[i] = math.sqrt(X[i])
