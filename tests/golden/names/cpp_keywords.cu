
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS keywords(cudapy::array<float> new_py, int auto_py, float double_, cudapy::extent cudapy_extent) {
    int int_{};
    float char_py{};
    bool switch_py{};
    float delete_py{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "names/cpp_keywords.py"
    int_ = cudapy::mul(auto_py, 2);
#line 4 "names/cpp_keywords.py"
    char_py = (double_ + 1.0f);
#line 5 "names/cpp_keywords.py"
    switch_py = (int_ > 3);
#line 6 "names/cpp_keywords.py"
    if (switch_py) {
#line 7 "names/cpp_keywords.py"
        new_py.data[cudapy::idx()] = char_py;
    }
#line 8 "names/cpp_keywords.py"
    delete_py = new_py.data[0];
#line 9 "names/cpp_keywords.py"
    new_py.data[1] = delete_py;
}

