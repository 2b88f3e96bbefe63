# lookup : void (float32* X)
def lookup(X):
    table = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    X[i] = table[i % 4]
