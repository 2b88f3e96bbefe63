# layouts : void (float32[:, :, ::1] C, float32[::1, :] F, float64[:, :] S, int64[::1] V, int8[:] A)
def layouts(C, F, S, V, A):
    i = cuda.grid(1)
    n, m, k = C.shape
    C[i, 1, 2] = F[i, 0] + S[0, i] + C.shape[-1]
    F[1, i] = n + m + k + C.size + C.ndim + len(F) + F.shape[1]
    S[i, i] = A[i] + A.size + A.shape[0]
    V[i] = S.ndim + V.size + len(V)
