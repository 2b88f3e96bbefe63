# show : void (int32* I, float32* F, uint64* Q, bool b)
def show(I, F, Q, b):
    i = cuda.grid(1)
    print("thread", i, "has", I[i], F[i], Q[i], b, "100% done")
    print()
