
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_ops(cudapy::array<int> I, cudapy::array<float> F, int a, float x, cudapy::extent cudapy_extent) {
    int n{};
    float f{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/augmented_ops.py"
    n = a;
#line 4 "vars/augmented_ops.py"
    n = cudapy::add(n, 1);
#line 5 "vars/augmented_ops.py"
    n = cudapy::sub(n, 2);
#line 6 "vars/augmented_ops.py"
    n = cudapy::mul(n, 3);
#line 7 "vars/augmented_ops.py"
    n = cudapy::floordiv(n, 4);
#line 8 "vars/augmented_ops.py"
    n = cudapy::mod(n, 5);
#line 9 "vars/augmented_ops.py"
    n = cudapy::ipow(n, 2);
#line 10 "vars/augmented_ops.py"
    n = cudapy::shl(n, 1);
#line 11 "vars/augmented_ops.py"
    n = cudapy::shr(n, 1);
#line 12 "vars/augmented_ops.py"
    n = (n & 255);
#line 13 "vars/augmented_ops.py"
    n = (n | 16);
#line 14 "vars/augmented_ops.py"
    n = (n ^ 3);
#line 15 "vars/augmented_ops.py"
    I.data[0] = n;
#line 16 "vars/augmented_ops.py"
    f = x;
#line 17 "vars/augmented_ops.py"
    f = (f + 1.0f);
#line 18 "vars/augmented_ops.py"
    f = (f - 0.5f);
#line 19 "vars/augmented_ops.py"
    f = (f * 2.0f);
#line 20 "vars/augmented_ops.py"
    f = (f / 3.0f);
#line 21 "vars/augmented_ops.py"
    f = cudapy::floordiv(f, 2.0f);
#line 22 "vars/augmented_ops.py"
    f = cudapy::mod(f, 7.0f);
#line 23 "vars/augmented_ops.py"
    f = ::powf(f, 2.0f);
#line 24 "vars/augmented_ops.py"
    F.data[0] = f;
#line 25 "vars/augmented_ops.py"
    I.data[1] = cudapy::add(I.data[1], a);
#line 26 "vars/augmented_ops.py"
    F.data[1] = (F.data[1] * x);
#line 27 "vars/augmented_ops.py"
    F.data[cudapy::idx()] = (F.data[cudapy::idx()] / 2.0f);
}

