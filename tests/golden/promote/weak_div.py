# weak_div_int8 : void (float32* F, int8 x)
def weak_div_int8(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_int16 : void (float32* F, int16 x)
def weak_div_int16(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_int32 : void (float32* F, int32 x)
def weak_div_int32(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_int64 : void (float32* F, int64 x)
def weak_div_int64(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_uint8 : void (float32* F, uint8 x)
def weak_div_uint8(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_uint16 : void (float32* F, uint16 x)
def weak_div_uint16(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_uint32 : void (float32* F, uint32 x)
def weak_div_uint32(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_uint64 : void (float32* F, uint64 x)
def weak_div_uint64(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_float32 : void (float32* F, float32 x)
def weak_div_float32(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_float64 : void (float64* F, float64 x)
def weak_div_float64(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0


# weak_div_bool : void (float32* F, bool x)
def weak_div_bool(F, x):
    F[0] = 1 / x
    F[1] = x / 2
    F[2] = 1.0 / x
    F[3] = x / 2.0
