# volume : void (float* V, int nx, int ny, int nz)
def volume(V, nx, ny, nz):
    if idx < nx and idy < ny and idz < nz:
        V[(idz * ny + idy) * nx + idx] = 1.0
