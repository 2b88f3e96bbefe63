
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS show(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<unsigned long long> Q, bool b, cudapy::extent cudapy_extent) {
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/print_values.py"
    i = cudapy::idx();
#line 4 "toolbox/print_values.py"
    (void)printf("thread %d has %d %g %llu %s 100%% done\n", (int)(i), (int)(I.data[i]), (double)(F.data[i]), Q.data[i], (b) ? "True" : "False");
#line 5 "toolbox/print_values.py"
    (void)printf("\n");
}

