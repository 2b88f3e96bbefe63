
static __device__ int mandel(float c_re, float c_im, int count);

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mandelbrot(cudapy::array<int> result, float x0, float y0, float x1, float y1, int width, int height, int maxIters, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1, double cudapy_hoisted2, double cudapy_hoisted3) {
    double dx{};
    double dy{};
    double x{};
    double y{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "paper/mandelbrot.py"
    if ((cudapy::idx() < width) && (cudapy::idy() < height)) {
#line 4 "paper/mandelbrot.py"
        dx = cudapy_hoisted0;
#line 5 "paper/mandelbrot.py"
        dy = cudapy_hoisted1;
#line 6 "paper/mandelbrot.py"
        x = (cudapy_hoisted2 + (((double)cudapy::idx()) * dx));
#line 7 "paper/mandelbrot.py"
        y = (cudapy_hoisted3 + (((double)cudapy::idy()) * dy));
#line 8 "paper/mandelbrot.py"
        result.data[((cudapy::idy() * width) + cudapy::idx())] = mandel(((float)x), ((float)y), maxIters);
    }
}

static __device__ int mandel(float c_re, float c_im, int count) {
    float z_re{};
    float z_im{};
    int i{};
    float new_re{};
    float new_im{};
#line 13 "paper/mandelbrot.py"
    z_re = c_re;
#line 14 "paper/mandelbrot.py"
    z_im = c_im;
#line 15 "paper/mandelbrot.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = count;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 16 "paper/mandelbrot.py"
                if (((z_re * z_re) + (z_im * z_im)) > 4.0f) {
#line 17 "paper/mandelbrot.py"
                    goto cudapy_break1;
                }
#line 18 "paper/mandelbrot.py"
                new_re = ((z_re * z_re) - (z_im * z_im));
#line 19 "paper/mandelbrot.py"
                new_im = ((2.0f * z_re) * z_im);
#line 20 "paper/mandelbrot.py"
                z_re = (c_re + new_re);
#line 21 "paper/mandelbrot.py"
                z_im = (c_im + new_im);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 22 "paper/mandelbrot.py"
    return i;
}

