# mul_int8 : void (int8* R, int8 a, int8 b)
def mul_int8(R, a, b):
    R[0] = a * b


# mul_int16 : void (int16* R, int16 a, int16 b)
def mul_int16(R, a, b):
    R[0] = a * b


# mul_int32 : void (int32* R, int32 a, int32 b)
def mul_int32(R, a, b):
    R[0] = a * b


# mul_int64 : void (int64* R, int64 a, int64 b)
def mul_int64(R, a, b):
    R[0] = a * b


# mul_uint8 : void (uint8* R, uint8 a, uint8 b)
def mul_uint8(R, a, b):
    R[0] = a * b


# mul_uint16 : void (uint16* R, uint16 a, uint16 b)
def mul_uint16(R, a, b):
    R[0] = a * b


# mul_uint32 : void (uint32* R, uint32 a, uint32 b)
def mul_uint32(R, a, b):
    R[0] = a * b


# mul_uint64 : void (uint64* R, uint64 a, uint64 b)
def mul_uint64(R, a, b):
    R[0] = a * b


# mul_float32 : void (float32* R, float32 a, float32 b)
def mul_float32(R, a, b):
    R[0] = a * b


# mul_float64 : void (float64* R, float64 a, float64 b)
def mul_float64(R, a, b):
    R[0] = a * b


# mul_bool : void (int32* R, bool a, bool b)
def mul_bool(R, a, b):
    R[0] = a * b
