# call_param : void (int* X, int n)
def call_param(X, n):
    X[idx] = n(3)
