# relay : void (int* X, int n)
def relay(X, n):
    yield from range(n)
