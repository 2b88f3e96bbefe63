# two_arrays : void (float32* X, int32 n)
def two_arrays(X, n):
    memory = cuda.shared.array(0, dtype=np.float32)
    first = memory[:n]
    second = memory[n:2 * n]
    counts = cuda.shared.array(0, numba.int32)
    t = cuda.threadIdx.x
    first[t] = X[t]
    second[t] = 2 * X[t]
    cuda.syncthreads()
    X[t] = first[n - 1 - t] + second[t] + len(memory) + len(counts)
