# producer : void (int* X)
def producer(X):
    for i in range(4):
        yield X[i]
