# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]
