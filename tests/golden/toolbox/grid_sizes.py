# strided : void (float32* X)
def strided(X):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, len(X), stride):
        X[i] *= 2
    x, y, z = cuda.grid(3)
    w, h = cuda.gridsize(2)
    X[0] = x + y + z + w + h + cuda.warpsize + cuda.blockDim.x + numba.cuda.blockIdx.y
