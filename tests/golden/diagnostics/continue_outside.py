# cont : void (int* X)
def cont(X):
    continue
