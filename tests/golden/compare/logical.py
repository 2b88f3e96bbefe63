# logical : void (int* X, int a, int b, bool p, bool q)
def logical(X, a, b, p, q):
    if a > 0 and b > 0:
        X[0] = 1
    if a > 0 or b > 0:
        X[1] = 1
    if not p:
        X[2] = 1
    if p and not q or a == b:
        X[3] = 1
    if a and b:
        X[4] = 1
    if not a:
        X[5] = 1
    r = p and q
    s = not (a < b)
    X[6] = r
    X[7] = s
