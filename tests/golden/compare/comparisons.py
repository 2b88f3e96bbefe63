# comparisons : void (bool* B, int a, int b, float x, double u)
def comparisons(B, a, b, x, u):
    B[0] = a < b
    B[1] = a <= b
    B[2] = a > b
    B[3] = a >= b
    B[4] = a == b
    B[5] = a != b
    B[6] = x < a
    B[7] = x == 0.5
    B[8] = u >= x
