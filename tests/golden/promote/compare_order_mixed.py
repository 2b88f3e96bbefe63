# cmp_i8_u8 : void (bool* B, int8 a, uint8 b)
def cmp_i8_u8(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_i16_u16 : void (bool* B, int16 a, uint16 b)
def cmp_i16_u16(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_i32_u32 : void (bool* B, int32 a, uint32 b)
def cmp_i32_u32(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_i32_i64 : void (bool* B, int32 a, int64 b)
def cmp_i32_i64(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_u8_i32 : void (bool* B, uint8 a, int32 b)
def cmp_u8_i32(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_f32_i32 : void (bool* B, float32 a, int32 b)
def cmp_f32_i32(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_f32_i16 : void (bool* B, float32 a, int16 b)
def cmp_f32_i16(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_f32_f64 : void (bool* B, float32 a, float64 b)
def cmp_f32_f64(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_b_i8 : void (bool* B, bool a, int8 b)
def cmp_b_i8(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b


# cmp_b_f32 : void (bool* B, bool a, float32 b)
def cmp_b_f32(B, a, b):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b
