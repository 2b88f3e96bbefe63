# narrow : void (int16 h, uint8 c, int* X)
def narrow(h, c, X):
    X[0] = h + h
    X[1] = c - 1
    X[2] = -c
    if c - 1 < 0:
        X[3] = 1
