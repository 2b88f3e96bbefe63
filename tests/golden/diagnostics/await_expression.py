# fetch : void (int* X)
def fetch(X):
    X[idx] = await load(X)
