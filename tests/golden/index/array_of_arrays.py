# rows : void (float** M, float* out)
def rows(M, out):
    if idx < len(M):
        row = M[idx]
        out[idx] = row[0] + M[idx][1]
        M[idx][0] = 0.0
