# k : void (float32* X)
def k(X):
    print(f"value {X[0]}")
    print(X)
    print("x", end="")
