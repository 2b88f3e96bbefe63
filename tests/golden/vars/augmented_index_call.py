# bumped : void (float* X, int* C)
def bumped(X, C):
    X[bump(C)] += 1.0


# bump : int (int* C)
def bump(C):
    C[0] += 1
    return C[0]
