# strided : void (float* X, int start, int stop, int step)
def strided(X, start, stop, step):
    for i in range(start, stop, step):
        X[i] = 0.0
