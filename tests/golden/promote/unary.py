# unary_int8 : void (int8* R, int8 x)
def unary_int8(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_int16 : void (int16* R, int16 x)
def unary_int16(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_int32 : void (int32* R, int32 x)
def unary_int32(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_int64 : void (int64* R, int64 x)
def unary_int64(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_uint8 : void (uint8* R, uint8 x)
def unary_uint8(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_uint16 : void (uint16* R, uint16 x)
def unary_uint16(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_uint32 : void (uint32* R, uint32 x)
def unary_uint32(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_uint64 : void (uint64* R, uint64 x)
def unary_uint64(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x


# unary_float32 : void (float32* R, float32 x)
def unary_float32(R, x):
    R[0] = -x
    R[1] = +x


# unary_float64 : void (float64* R, float64 x)
def unary_float64(R, x):
    R[0] = -x
    R[1] = +x


# unary_bool : void (int32* R, bool x)
def unary_bool(R, x):
    R[0] = -x
    R[1] = +x
    R[2] = ~x
