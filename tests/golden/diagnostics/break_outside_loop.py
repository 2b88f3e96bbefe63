# early : void (int* X)
def early(X):
    if X[idx] > 0:
        break
    X[idx] = 0
