# first_negative : void (int* out, float* X, int n)
def first_negative(out, X, n):
    found = -1
    for i in range(n):
        if X[i] == 0.0:
            continue
        if X[i] < 0.0:
            found = i
            break
    k = 0
    while True:
        k += 1
        if k > n:
            break
        if k % 2 == 1:
            continue
        out[k] = k
    out[0] = found
