# clamp : float (float v, float lo, float hi)
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


# clamp_all : void (float* X)
def clamp_all(X):
    X[idx] = clamp(X[idx], 0.0, 1.0)


# clamp_shifted : void (float* X, float shift)
def clamp_shifted(X, shift):
    X[idx] = clamp(X[idx] + shift, -1.0, 1.0)
