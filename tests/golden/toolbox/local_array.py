# reverse_local : void (float64[:, ::1] X)
def reverse_local(X):
    row = cuda.local.array(8, dtype=float64)
    grid2 = cuda.local.array((2, 4), cudapy.float64)
    i = cuda.grid(1)
    for j in range(8):
        row[j] = X[i, j]
        grid2[j // 4, j % 4] = X[i, j]
    for j in range(8):
        X[i, j] = row[7 - j] + grid2[1, 3]
