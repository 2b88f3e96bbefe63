# range_forms : void (int* X, int n)
def range_forms(X, n):
    total = 0
    for i in range(n):
        total += i
    for j in range(2, n):
        total += j
    for k in range(0, n, 3):
        total += k
    X[0] = total
