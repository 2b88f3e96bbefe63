
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS casts(cudapy::array<int> X, cudapy::array<double> D, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/float_literal_cast.py"
    X.data[0] = ((int)16777217.0);
#line 4 "arith/float_literal_cast.py"
    D.data[0] = 0.10000000000000001;
#line 5 "arith/float_literal_cast.py"
    X.data[1] = ((int)((bool)0.5));
}

