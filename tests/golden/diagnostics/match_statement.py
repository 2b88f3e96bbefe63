# classify : void (int* X)
def classify(X):
    match X[idx]:
        case 0:
            X[idx] = 1
        case _:
            X[idx] = 2
