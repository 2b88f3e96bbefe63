# promote_ints : void (int64* L, double* D, uint32* U, int a, int64 b, uint32 n, uint64 m, uint8 c)
def promote_ints(L, D, U, a, b, n, m, c):
    L[0] = a + b
    L[1] = n + a
    L[2] = n - b
    D[0] = m + b
    U[0] = n + c
