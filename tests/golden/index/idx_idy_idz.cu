
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS volume(cudapy::array<float> V, int nx, int ny, int nz, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/idx_idy_idz.py"
    if (((cudapy::idx() < nx) && (cudapy::idy() < ny)) && (cudapy::idz() < nz)) {
#line 4 "index/idx_idy_idz.py"
        V.data[((((cudapy::idz() * ny) + cudapy::idy()) * nx) + cudapy::idx())] = 1.0f;
    }
}

