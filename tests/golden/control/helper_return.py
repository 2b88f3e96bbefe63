# sign : int (float v)
def sign(v):
    if v > 0.0:
        return 1
    elif v < 0.0:
        return -1
    return 0


# clamp01 : float (float v)
def clamp01(v):
    if v < 0.0:
        return 0.0
    if v > 1.0:
        return 1.0
    return v


# apply : void (int* S, float* V)
def apply(S, V):
    S[idx] = sign(V[idx])
    V[idx] = clamp01(V[idx])
