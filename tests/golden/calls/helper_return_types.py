# is_inside : bool (float x, float y)
def is_inside(x, y):
    return x * x + y * y <= 1.0


# half : float (float v)
def half(v):
    return v / 2


# precise : double (double v)
def precise(v):
    return v * 0.1


# count_to : int (int n)
def count_to(n):
    c = 0
    for i in range(n):
        c += 1
    return c


# use_all : void (int* I, float* F, double* D)
def use_all(I, F, D):
    if is_inside(F[0], F[1]):
        I[0] = count_to(I[1])
    F[2] = half(F[3])
    D[0] = precise(D[1])
