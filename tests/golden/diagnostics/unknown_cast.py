# narrow : void (int8* R, int n)
def narrow(R, n):
    R[idx] = int9(n)
