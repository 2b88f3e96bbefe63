# member : void (bool* B, int* X, int v)
def member(B, X, v):
    B[idx] = v in X
