# matrixMultiply : void (float* A, float* B, float* C, int n)
def matrixMultiply(A, B, C, n):
    row = idy
    col = idx
    if row < n and col < n:
        total = 0.0
        for k in range(n):
            total += A[row * n + k] * B[k * n + col]
        C[row * n + col] = total
