# steps : void (float* X, int n)
def steps(X, n):
    for i in range(0, n, 0.5):
        X[i] = 0.0
