# counts : void (int* out)
def counts(out):
    c = 0
    c = c + 5
    big = 3000000000
    out[0] = c
    out[1] = big
