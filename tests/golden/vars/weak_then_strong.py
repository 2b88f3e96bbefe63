# weak_then_strong : void (double* out, double v)
def weak_then_strong(out, v):
    acc = 0
    acc = acc + v
    out[0] = acc
