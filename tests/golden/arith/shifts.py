# shifts : void (int* I, int64* L, uint32* U, int a, int b, int64 c, uint32 n)
def shifts(I, L, U, a, b, c, n):
    I[0] = a << b
    I[1] = a >> b
    I[2] = a << 3
    I[3] = 1 >> a
    L[0] = c << a
    L[1] = c >> 1
    U[0] = n << 4
    U[1] = n >> 31
