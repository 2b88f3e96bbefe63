# same : void (bool* B, int a, int b)
def same(B, a, b):
    B[idx] = a is b
