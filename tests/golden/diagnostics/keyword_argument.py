# lerp : float (float a, float b, float t)
def lerp(a, b, t):
    return a + (b - a) * t


# blend : void (float* X, float* Y)
def blend(X, Y):
    X[idx] = lerp(X[idx], Y[idx], t=0.5)
