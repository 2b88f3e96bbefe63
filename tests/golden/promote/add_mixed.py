# add_i8_u8 : void (int16* R, int8 a, uint8 b)
def add_i8_u8(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_i16_u16 : void (int32* R, int16 a, uint16 b)
def add_i16_u16(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_i32_u32 : void (int64* R, int32 a, uint32 b)
def add_i32_u32(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_i64_u64 : void (float64* R, int64 a, uint64 b)
def add_i64_u64(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_i32_i64 : void (int64* R, int32 a, int64 b)
def add_i32_i64(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_u8_i32 : void (int32* R, uint8 a, int32 b)
def add_u8_i32(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_f32_i32 : void (float64* R, float32 a, int32 b)
def add_f32_i32(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_f32_i16 : void (float32* R, float32 a, int16 b)
def add_f32_i16(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_f32_f64 : void (float64* R, float32 a, float64 b)
def add_f32_f64(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_b_i8 : void (int8* R, bool a, int8 b)
def add_b_i8(R, a, b):
    R[0] = a + b
    R[1] = b + a


# add_b_f32 : void (float32* R, bool a, float32 b)
def add_b_f32(R, a, b):
    R[0] = a + b
    R[1] = b + a
