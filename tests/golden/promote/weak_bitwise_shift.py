# weak_bitwise_shift_int8 : void (int8* R, int8 x)
def weak_bitwise_shift_int8(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_int16 : void (int16* R, int16 x)
def weak_bitwise_shift_int16(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_int32 : void (int32* R, int32 x)
def weak_bitwise_shift_int32(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_int64 : void (int64* R, int64 x)
def weak_bitwise_shift_int64(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_uint8 : void (uint8* R, uint8 x)
def weak_bitwise_shift_uint8(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_uint16 : void (uint16* R, uint16 x)
def weak_bitwise_shift_uint16(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_uint32 : void (uint32* R, uint32 x)
def weak_bitwise_shift_uint32(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_uint64 : void (uint64* R, uint64 x)
def weak_bitwise_shift_uint64(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1


# weak_bitwise_shift_bool : void (int32* R, bool x)
def weak_bitwise_shift_bool(R, x):
    R[0] = x & 1
    R[1] = 6 | x
    R[2] = x ^ 3
    R[3] = x << 1
    R[4] = 1 << x
    R[5] = x >> 1
