# chained : void (bool* B, int a, int b, int c, float x)
def chained(B, a, b, c, x):
    B[0] = a < b < c
    B[1] = 0 <= a < 10
    B[2] = a == b == c
    B[3] = 0.0 <= x <= 1.0
    B[4] = a < b <= c != 7
