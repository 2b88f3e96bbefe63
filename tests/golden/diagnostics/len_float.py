# count : void (int64* L, float x)
def count(L, x):
    L[idx] = len(x)
