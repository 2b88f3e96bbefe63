# bitwise : void (int* I, int64* L, bool* B, int a, int b, int64 c, bool p, bool q)
def bitwise(I, L, B, a, b, c, p, q):
    I[0] = a & b
    I[1] = a | b
    I[2] = a ^ b
    I[3] = a & 0xFF
    L[0] = c | a
    L[1] = c ^ -1
    B[0] = p & q
    B[1] = p | q
    B[2] = p ^ q
