# prefixes : void (int* X, int n)
def prefixes(X, n):
    cudapy_i1 = 0
    cudapy_stop1 = n
    for i in range(n):
        cudapy_i1 += i
    x__y = cudapy_stop1
    X[0] = cudapy_i1 + x__y
