# fill : void (int* X)
async def fill(X):
    X[idx] = 1
