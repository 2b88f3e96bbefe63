# name: gpu_min3_negation
# fixed: On the GPU, min(x, -y, abs(x - y)) with int32 operands loses the negation (ptxas
# fixed: fuses the three-input min and drops the neg); the interpreter and the CPU give -7 for
# fixed: x = 3, y = 7.
# targets: cuda
# launch: 4
# args: [("int32[]", [3, -5, 0, 2147483647]), ("int32[]", [7, 2, -1, -2147483648]), ("int32[]", "out", 4)]

# k : void (int32* X, int32* Y, int32* O)
def k(X, Y, O):
    x = X[idx]
    y = Y[idx]
    O[idx] = min(x, -y, abs(x - y))
