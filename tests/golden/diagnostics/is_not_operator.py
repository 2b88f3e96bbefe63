# differ : void (bool* B, int a, int b)
def differ(B, a, b):
    B[idx] = a is not b
