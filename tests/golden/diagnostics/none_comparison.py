# present : void (bool* B, int v)
def present(B, v):
    B[idx] = v == None
