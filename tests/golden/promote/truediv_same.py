# truediv_int8 : void (float32* R, int8 a, int8 b)
def truediv_int8(R, a, b):
    R[0] = a / b


# truediv_int16 : void (float32* R, int16 a, int16 b)
def truediv_int16(R, a, b):
    R[0] = a / b


# truediv_int32 : void (float32* R, int32 a, int32 b)
def truediv_int32(R, a, b):
    R[0] = a / b


# truediv_int64 : void (float32* R, int64 a, int64 b)
def truediv_int64(R, a, b):
    R[0] = a / b


# truediv_uint8 : void (float32* R, uint8 a, uint8 b)
def truediv_uint8(R, a, b):
    R[0] = a / b


# truediv_uint16 : void (float32* R, uint16 a, uint16 b)
def truediv_uint16(R, a, b):
    R[0] = a / b


# truediv_uint32 : void (float32* R, uint32 a, uint32 b)
def truediv_uint32(R, a, b):
    R[0] = a / b


# truediv_uint64 : void (float32* R, uint64 a, uint64 b)
def truediv_uint64(R, a, b):
    R[0] = a / b


# truediv_float32 : void (float32* R, float32 a, float32 b)
def truediv_float32(R, a, b):
    R[0] = a / b


# truediv_float64 : void (float64* R, float64 a, float64 b)
def truediv_float64(R, a, b):
    R[0] = a / b


# truediv_bool : void (float32* R, bool a, bool b)
def truediv_bool(R, a, b):
    R[0] = a / b
