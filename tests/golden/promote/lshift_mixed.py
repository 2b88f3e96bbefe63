# lshift_i8_u8 : void (int16* R, int8 a, uint8 b)
def lshift_i8_u8(R, a, b):
    R[0] = a << b
    R[1] = b << a


# lshift_i16_u16 : void (int32* R, int16 a, uint16 b)
def lshift_i16_u16(R, a, b):
    R[0] = a << b
    R[1] = b << a


# lshift_i32_u32 : void (int64* R, int32 a, uint32 b)
def lshift_i32_u32(R, a, b):
    R[0] = a << b
    R[1] = b << a


# lshift_i32_i64 : void (int64* R, int32 a, int64 b)
def lshift_i32_i64(R, a, b):
    R[0] = a << b
    R[1] = b << a


# lshift_u8_i32 : void (int32* R, uint8 a, int32 b)
def lshift_u8_i32(R, a, b):
    R[0] = a << b
    R[1] = b << a


# lshift_b_i8 : void (int8* R, bool a, int8 b)
def lshift_b_i8(R, a, b):
    R[0] = a << b
    R[1] = b << a
