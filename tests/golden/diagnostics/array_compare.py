# less : void (bool* B, float* X, float* Y)
def less(B, X, Y):
    B[idx] = X < Y
