# ratios : void (float* out, int* A, int* B)
def ratios(out, A, B):
    r = A[idx] / B[idx]
    out[idx] = r
