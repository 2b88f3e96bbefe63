# bool_arith : void (int* I, bool p, bool q, int a)
def bool_arith(I, p, q, a):
    I[0] = p + q
    I[1] = p * a
    I[2] = True + True
    I[3] = p - 1
    I[4] = a + (a > 0)
