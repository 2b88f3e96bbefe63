# halve : void (int* out, int n, float x)
def halve(out, n, x):
    n = n // 2
    x = x * 0.5
    x = 3
    out[0] = n + int(x)
