# call_number : void (int* X, int n)
def call_number(X, n):
    v = n * 2
    X[idx] = v(3)
