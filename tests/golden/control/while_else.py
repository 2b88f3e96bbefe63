# search : void (int* X, int n)
def search(X, n):
    i = 0
    while i < n:
        i += 1
    else:
        X[0] = i
