# countdown : void (uint32 n, int* X)
def countdown(n, X):
    c = 0
    for i in range(n, -1, -1):
        c += 1
    X[0] = c
