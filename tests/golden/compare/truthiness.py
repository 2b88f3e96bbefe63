# truthiness : void (int* I, int a, float x, double u)
def truthiness(I, a, x, u):
    while a:
        a -= 1
    if x:
        I[0] = 1
    if u or x:
        I[1] = 1
    I[2] = 3 if x else 4
