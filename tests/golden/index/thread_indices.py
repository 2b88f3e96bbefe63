# thread_indices : void (int* X)
def thread_indices(X):
    X[0] = threadIdx.x + threadIdx.y + threadIdx.z
    X[1] = blockIdx.x + blockIdx.y + blockIdx.z
    X[2] = blockDim.x * blockDim.y * blockDim.z
    X[3] = gridDim.x * gridDim.y * gridDim.z
    X[4] = blockIdx.x * blockDim.x + threadIdx.x
