# precedence : void (int* I, float* F, int a, int b, int c, float x)
def precedence(I, F, a, b, c, x):
    I[0] = a - (b - c)
    I[1] = (a - b) - c
    I[2] = a * (b + c)
    I[3] = 2 ** 3 ** 2
    I[4] = -a ** 2
    I[5] = a + b << c
    I[6] = a | b & c
    F[0] = -x ** 2
