# clamp_value : float (float v, float lo, float hi)
def clamp_value(v, lo, hi):
    return min(max(v, lo), hi)


# clamp : void (float* X)
def clamp(X):
    X[idx] = clamp_valeu(X[idx], 0.0, 1.0)
