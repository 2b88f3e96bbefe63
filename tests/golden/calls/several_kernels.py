# fill : void (int* X, int value)
def fill(X, value):
    if idx < len(X):
        X[idx] = value


# scale : void (float* X, float factor)
def scale(X, factor):
    if idx < len(X):
        X[idx] *= factor


# copy : void (double* dst, double* src)
def copy(dst, src):
    if idx < len(dst):
        dst[idx] = src[idx]
