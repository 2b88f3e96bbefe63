# k : void (int new, int new_py, int* X)
def k(new, new_py, X):
    X[0] = new + new_py
