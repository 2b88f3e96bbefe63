# show : void (int* X)
def show(X):
    print(X[idx])
