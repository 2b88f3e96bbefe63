# flood : void (float* X)
def flood(X):
    X[0] = a0
    X[1] = a1
    X[2] = a2
    X[3] = a3
    X[4] = a4
    X[5] = a5
    X[6] = a6
    X[7] = a7
    X[8] = a8
    X[9] = a9
    X[10] = a10
    X[11] = a11
    X[12] = a12
    X[13] = a13
    X[14] = a14
    X[15] = a15
    X[16] = a16
    X[17] = a17
    X[18] = a18
    X[19] = a19
    X[20] = a20
    X[21] = a21
