# warp : void (float32* F, int64* L, uint32* U, int32* I)
def warp(F, L, U, I):
    i = cuda.grid(1)
    lane = cuda.laneid
    v = F[i]
    v += cuda.shfl_down_sync(0xffffffff, v, 16)
    v += cuda.shfl_xor_sync(0xffffffff, v, 8)
    F[i] = cuda.shfl_sync(0xffffffff, v, 0) + cuda.shfl_up_sync(0xffffffff, v, 1)
    L[i] = cuda.shfl_down_sync(0xffffffff, L[i], 1)
    U[i] = cuda.ballot_sync(0xffffffff, lane % 2 == 0) | cuda.activemask() | cuda.lanemask_lt()
    I[i] = cuda.all_sync(0xffffffff, v > 0) + cuda.any_sync(0xffffffff, v > 0)
    I[i] += cuda.popc(U[i]) + cuda.clz(L[i]) + cuda.ffs(I[i])
    U[i] = cuda.brev(U[i])
    cuda.syncwarp()
    cuda.syncwarp(0xffff)
