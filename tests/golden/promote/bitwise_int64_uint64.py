# bitwise_int64_uint64 : void (int64* L, int64 a, uint64 b)
def bitwise_int64_uint64(L, a, b):
    L[0] = a & b
    L[1] = b | a
    L[2] = a ^ b
    L[3] = a << b
    L[4] = b >> a
