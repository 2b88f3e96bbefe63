# unpack : void (int* X, int a)
def unpack(X, a):
    b, c = a
    X[idx] = 0
