
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS precedence(cudapy::array<int> I, cudapy::array<float> F, int a, int b, int c, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/precedence.py"
    I.data[0] = cudapy::sub(a, cudapy::sub(b, c));
#line 4 "arith/precedence.py"
    I.data[1] = cudapy::sub(cudapy::sub(a, b), c);
#line 5 "arith/precedence.py"
    I.data[2] = cudapy::mul(a, cudapy::add(b, c));
#line 6 "arith/precedence.py"
    I.data[3] = 512;
#line 7 "arith/precedence.py"
    I.data[4] = cudapy::neg(cudapy::ipow(a, 2));
#line 8 "arith/precedence.py"
    I.data[5] = cudapy::shl(cudapy::add(a, b), c);
#line 9 "arith/precedence.py"
    I.data[6] = (a | (b & c));
#line 10 "arith/precedence.py"
    F.data[0] = (-::powf(x, 2.0f));
}

