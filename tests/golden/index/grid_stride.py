# grid_stride : void (float* X, float a)
def grid_stride(X, a):
    stride = blockDim.x * gridDim.x
    for i in range(idx, len(X), stride):
        X[i] = a * X[i]
