# augmented_i32_i8 : void (int32* R, int32 x, int8 y)
def augmented_i32_i8(R, x, y):
    v = x
    v += y
    R[0] = v


# augmented_i64_u32 : void (int64* R, int64 x, uint32 y)
def augmented_i64_u32(R, x, y):
    v = x
    v -= y
    R[0] = v


# augmented_f64_f32 : void (float64* R, float64 x, float32 y)
def augmented_f64_f32(R, x, y):
    v = x
    v *= y
    R[0] = v


# augmented_f32_i16 : void (float32* R, float32 x, int16 y)
def augmented_f32_i16(R, x, y):
    v = x
    v += y
    R[0] = v


# augmented_f64_i64 : void (float64* R, float64 x, int64 y)
def augmented_f64_i64(R, x, y):
    v = x
    v /= y
    R[0] = v


# augmented_i16_u8 : void (int16* R, int16 x, uint8 y)
def augmented_i16_u8(R, x, y):
    v = x
    v |= y
    R[0] = v


# augmented_u64_u8 : void (uint64* R, uint64 x, uint8 y)
def augmented_u64_u8(R, x, y):
    v = x
    v <<= y
    R[0] = v


# augmented_i32_b : void (int32* R, int32 x, bool y)
def augmented_i32_b(R, x, y):
    v = x
    v &= y
    R[0] = v


# augmented_f32_b : void (float32* R, float32 x, bool y)
def augmented_f32_b(R, x, y):
    v = x
    v -= y
    R[0] = v


# augmented_i8_b : void (int8* R, int8 x, bool y)
def augmented_i8_b(R, x, y):
    v = x
    v *= y
    R[0] = v


# augmented_u32_u16 : void (uint32* R, uint32 x, uint16 y)
def augmented_u32_u16(R, x, y):
    v = x
    v //= y
    R[0] = v


# augmented_i64_i32 : void (int64* R, int64 x, int32 y)
def augmented_i64_i32(R, x, y):
    v = x
    v %= y
    R[0] = v
