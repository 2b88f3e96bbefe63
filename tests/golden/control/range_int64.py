# fill64 : void (int64* X, int64 n)
def fill64(X, n):
    for i in range(n):
        X[i] = i
    for j in range(len(X)):
        X[j] += 1
