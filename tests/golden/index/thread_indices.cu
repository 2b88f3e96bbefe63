
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS thread_indices(cudapy::array<int> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/thread_indices.py"
    X.data[0] = cudapy::add(cudapy::add(((int)threadIdx.x), ((int)threadIdx.y)), ((int)threadIdx.z));
#line 4 "index/thread_indices.py"
    X.data[1] = cudapy::add(cudapy::add(((int)blockIdx.x), ((int)blockIdx.y)), ((int)blockIdx.z));
#line 5 "index/thread_indices.py"
    X.data[2] = cudapy::mul(cudapy::mul(((int)blockDim.x), ((int)blockDim.y)), ((int)blockDim.z));
#line 6 "index/thread_indices.py"
    X.data[3] = cudapy::mul(cudapy::mul(((int)gridDim.x), ((int)gridDim.y)), ((int)gridDim.z));
#line 7 "index/thread_indices.py"
    X.data[4] = cudapy::add(cudapy::mul(((int)blockIdx.x), ((int)blockDim.x)), ((int)threadIdx.x));
}

