# absent : void (bool* B, int* X, int v)
def absent(B, X, v):
    B[idx] = v not in X
