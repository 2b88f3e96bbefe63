# search : void (int* X, int n)
def search(X, n):
    for i in range(n):
        if X[i] == 0:
            break
    else:
        X[0] = -1
