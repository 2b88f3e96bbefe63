# weak_pow_int8 : void (int8* R, float32* F, int8 x)
def weak_pow_int8(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_int16 : void (int16* R, float32* F, int16 x)
def weak_pow_int16(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_int32 : void (int32* R, float32* F, int32 x)
def weak_pow_int32(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_int64 : void (int64* R, float32* F, int64 x)
def weak_pow_int64(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_uint8 : void (uint8* R, float32* F, uint8 x)
def weak_pow_uint8(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_uint16 : void (uint16* R, float32* F, uint16 x)
def weak_pow_uint16(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_uint32 : void (uint32* R, float32* F, uint32 x)
def weak_pow_uint32(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_uint64 : void (uint64* R, float32* F, uint64 x)
def weak_pow_uint64(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_float32 : void (float32* R, float32* F, float32 x)
def weak_pow_float32(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_float64 : void (float64* R, float64* F, float64 x)
def weak_pow_float64(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x


# weak_pow_bool : void (int32* R, float32* F, bool x)
def weak_pow_bool(R, F, x):
    R[0] = x ** 2
    R[1] = 2 ** x
    F[0] = x ** 0.5
    F[1] = 2.0 ** x
