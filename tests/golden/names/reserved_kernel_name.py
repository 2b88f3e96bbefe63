# new : void (int* X)
def new(X):
    X[idx] = 0


# main : void (int* X, int threadIdx_)
def main(X, threadIdx_):
    X[idx] = threadIdx_
