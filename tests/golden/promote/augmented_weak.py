# augmented_int8 : void (int8* R, int8 x)
def augmented_int8(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_int16 : void (int16* R, int16 x)
def augmented_int16(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_int32 : void (int32* R, int32 x)
def augmented_int32(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_int64 : void (int64* R, int64 x)
def augmented_int64(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_uint8 : void (uint8* R, uint8 x)
def augmented_uint8(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_uint16 : void (uint16* R, uint16 x)
def augmented_uint16(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_uint32 : void (uint32* R, uint32 x)
def augmented_uint32(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_uint64 : void (uint64* R, uint64 x)
def augmented_uint64(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v <<= 1
    v >>= 1
    v &= 0x7F
    v |= 1
    v ^= 3
    R[0] = v


# augmented_float32 : void (float32* R, float32 x)
def augmented_float32(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v /= 2.0
    v += 0.5
    R[0] = v


# augmented_float64 : void (float64* R, float64 x)
def augmented_float64(R, x):
    v = x
    v += 1
    v -= 2
    v *= 3
    v //= 2
    v %= 7
    v **= 2
    v /= 2.0
    v += 0.5
    R[0] = v
