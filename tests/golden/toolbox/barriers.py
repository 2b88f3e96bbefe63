# barriers : void (int32* X)
def barriers(X):
    t = cuda.threadIdx.x
    cuda.syncthreads()
    X[0] = cuda.syncthreads_count(t > 3)
    X[1] = cuda.syncthreads_and(t >= 0)
    X[2] = cuda.syncthreads_or(t == 7)
    cuda.threadfence()
    cuda.threadfence_block()
    cuda.threadfence_system()
