# chained : void (int* I, float* F, float v)
def chained(I, F, v):
    I[0] = F[0] = v * 2.5
    I[1] = a = v + 0.5
    F[1] = a
