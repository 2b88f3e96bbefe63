import numpy as np


# numpy_casts : void (float* F, int64* L, uint8* U, double u, int a)
def numpy_casts(F, L, U, u, a):
    F[0] = np.float32(u)
    L[0] = np.int64(a) * a
    U[0] = np.uint8(a)
    F[1] = np.float32(u) * 2.0
