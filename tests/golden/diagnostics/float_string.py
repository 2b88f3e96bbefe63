# parse : void (float* X)
def parse(X):
    X[idx] = float('1.5')
