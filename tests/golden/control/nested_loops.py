# transpose : void (float* A, float* B, int rows, int cols)
def transpose(A, B, rows, cols):
    for r in range(rows):
        for c in range(cols):
            if c == r:
                continue
            B[c * rows + r] = A[r * cols + c]
            for t in range(2):
                if t == 1:
                    break
