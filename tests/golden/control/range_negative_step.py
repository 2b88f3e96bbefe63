# countdown : void (int* X, int n)
def countdown(X, n):
    for i in range(n - 1, -1, -1):
        X[i] = n - i
    for j in range(10, 0, -2):
        X[j] = j
