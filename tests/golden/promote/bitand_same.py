# bitand_int8 : void (int8* R, int8 a, int8 b)
def bitand_int8(R, a, b):
    R[0] = a & b


# bitand_int16 : void (int16* R, int16 a, int16 b)
def bitand_int16(R, a, b):
    R[0] = a & b


# bitand_int32 : void (int32* R, int32 a, int32 b)
def bitand_int32(R, a, b):
    R[0] = a & b


# bitand_int64 : void (int64* R, int64 a, int64 b)
def bitand_int64(R, a, b):
    R[0] = a & b


# bitand_uint8 : void (uint8* R, uint8 a, uint8 b)
def bitand_uint8(R, a, b):
    R[0] = a & b


# bitand_uint16 : void (uint16* R, uint16 a, uint16 b)
def bitand_uint16(R, a, b):
    R[0] = a & b


# bitand_uint32 : void (uint32* R, uint32 a, uint32 b)
def bitand_uint32(R, a, b):
    R[0] = a & b


# bitand_uint64 : void (uint64* R, uint64 a, uint64 b)
def bitand_uint64(R, a, b):
    R[0] = a & b


# bitand_bool : void (bool* R, bool a, bool b)
def bitand_bool(R, a, b):
    R[0] = a & b
