# stage : void (float32* X, float32* S)
def stage(X, S):
    t = cuda.threadIdx.x
    S[t] = X[t]
    cuda.syncthreads()


# shift : void (float32* X)
def shift(X):
    tile = cuda.shared.array(32, float32)
    t = cuda.threadIdx.x
    stage(X, tile)
    X[t] = tile[(t + 1) % 32]
