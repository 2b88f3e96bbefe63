
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS narrow(short h, unsigned char c, cudapy::array<int> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/narrow_wrap.py"
    X.data[0] = ((int)cudapy::add(h, h));
#line 4 "arith/narrow_wrap.py"
    X.data[1] = ((int)cudapy::sub(c, ((unsigned char)1)));
#line 5 "arith/narrow_wrap.py"
    X.data[2] = ((int)((unsigned char)(-c)));
#line 6 "arith/narrow_wrap.py"
    if (cudapy::sub(c, ((unsigned char)1)) < ((unsigned char)0)) {
#line 7 "arith/narrow_wrap.py"
        X.data[3] = 1;
    }
}

