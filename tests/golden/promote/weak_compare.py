# weak_compare_int8 : void (bool* B, int8 x)
def weak_compare_int8(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_int16 : void (bool* B, int16 x)
def weak_compare_int16(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_int32 : void (bool* B, int32 x)
def weak_compare_int32(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_int64 : void (bool* B, int64 x)
def weak_compare_int64(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_uint8 : void (bool* B, uint8 x)
def weak_compare_uint8(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_uint16 : void (bool* B, uint16 x)
def weak_compare_uint16(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_uint32 : void (bool* B, uint32 x)
def weak_compare_uint32(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_uint64 : void (bool* B, uint64 x)
def weak_compare_uint64(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_float32 : void (bool* B, float32 x)
def weak_compare_float32(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_float64 : void (bool* B, float64 x)
def weak_compare_float64(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x


# weak_compare_bool : void (bool* B, bool x)
def weak_compare_bool(B, x):
    B[0] = x < 1
    B[1] = 1 == x
    B[2] = x >= 0.5
    B[3] = 0.5 != x
