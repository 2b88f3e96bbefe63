# bitor_i8_u8 : void (int16* R, int8 a, uint8 b)
def bitor_i8_u8(R, a, b):
    R[0] = a | b
    R[1] = b | a


# bitor_i16_u16 : void (int32* R, int16 a, uint16 b)
def bitor_i16_u16(R, a, b):
    R[0] = a | b
    R[1] = b | a


# bitor_i32_u32 : void (int64* R, int32 a, uint32 b)
def bitor_i32_u32(R, a, b):
    R[0] = a | b
    R[1] = b | a


# bitor_i32_i64 : void (int64* R, int32 a, int64 b)
def bitor_i32_i64(R, a, b):
    R[0] = a | b
    R[1] = b | a


# bitor_u8_i32 : void (int32* R, uint8 a, int32 b)
def bitor_u8_i32(R, a, b):
    R[0] = a | b
    R[1] = b | a


# bitor_b_i8 : void (int8* R, bool a, int8 b)
def bitor_b_i8(R, a, b):
    R[0] = a | b
    R[1] = b | a
