# bucket : void (int* X, int n)
def bucket(X, n):
    if n < 10:
        X[0] = 1
    elif n < 100:
        X[0] = 2
