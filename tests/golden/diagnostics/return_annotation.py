# annotated : void (int* X)
def annotated(X) -> None:
    X[idx] = 0
