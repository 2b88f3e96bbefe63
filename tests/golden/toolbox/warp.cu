
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS warp(cudapy::array<float> F, cudapy::array<long long> L, cudapy::array<unsigned int> U, cudapy::array<int> I, cudapy::extent cudapy_extent) {
    int i{};
    int lane{};
    float v{};
#line 3 "toolbox/warp.py"
    i = cudapy::idx();
#line 4 "toolbox/warp.py"
    lane = cudapy::laneid();
#line 5 "toolbox/warp.py"
    v = F.data[i];
#line 6 "toolbox/warp.py"
    v = (v + cudapy::shfl_down_sync(4294967295u, v, 16u));
#line 7 "toolbox/warp.py"
    v = (v + cudapy::shfl_xor_sync(4294967295u, v, 8));
#line 8 "toolbox/warp.py"
    F.data[i] = (cudapy::shfl_sync(4294967295u, v, 0) + cudapy::shfl_up_sync(4294967295u, v, 1u));
#line 9 "toolbox/warp.py"
    L.data[i] = cudapy::shfl_down_sync(4294967295u, L.data[i], 1u);
#line 10 "toolbox/warp.py"
    U.data[i] = ((cudapy::ballot_sync(4294967295u, ((int)((lane % 2) == 0))) | cudapy::activemask()) | cudapy::lanemask_lt());
#line 11 "toolbox/warp.py"
    I.data[i] = cudapy::add(cudapy::all_sync(4294967295u, ((int)(v > 0.0f))), cudapy::any_sync(4294967295u, ((int)(v > 0.0f))));
#line 12 "toolbox/warp.py"
    I.data[i] = cudapy::add(I.data[i], cudapy::add(cudapy::add(cudapy::popc(U.data[i]), cudapy::clz(L.data[i])), cudapy::ffs(I.data[i])));
#line 13 "toolbox/warp.py"
    U.data[i] = cudapy::brev(U.data[i]);
#line 14 "toolbox/warp.py"
    (void)cudapy::syncwarp(4294967295u);
#line 15 "toolbox/warp.py"
    (void)cudapy::syncwarp(65535u);
}

