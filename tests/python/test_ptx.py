"""Compiling translated kernels to PTX with NVRTC; no GPU needed."""

import os
import re
import subprocess
import sys
import textwrap

import pytest

import cudapy as cp
from cudapy import cuda
from paper_kernels import mandel, mandelbrot, matrixMultiply, saxpy


@pytest.mark.nvrtc
def test_saxpy_ptx_has_the_kernel_entry():
    assert re.search(r"\.entry\s+saxpy\b", cp.ptx(saxpy))


@pytest.mark.nvrtc
def test_ptx_for_a_chosen_architecture():
    assert re.search(r"\.target\s+sm_80\b", cp.ptx(saxpy, arch="compute_80"))
    assert re.search(r"\.target\s+sm_90\b", cp.ptx(saxpy, arch="sm_90"))


@pytest.mark.nvrtc
def test_kernel_ptx():
    kernel = cp.compile([mandelbrot, mandel])
    assert re.search(r"\.entry\s+mandelbrot\b", kernel.ptx())
    assert re.search(r"\.entry\s+matrixMultiply\b", cp.compile(matrixMultiply).ptx("compute_75"))


@pytest.mark.nvrtc
def test_ptx_options():
    text = cp.ptx(saxpy, fast_math=True, line_info=True)
    assert re.search(r"\.entry\s+saxpy\b", text)
    assert ".loc" in text


@pytest.mark.nvrtc
def test_a_recursive_helper_whose_calls_ptxas_finds_dead_compiles_to_a_cubin():
    """ptxas of CUDA 13.0 crashed the process on this (sm_90 and later): the translation keeps
    recursive helpers alive. In a process of its own, as a crash would end this one."""
    source = textwrap.dedent("""
        # f : uint16 (uint16 a)
        def f(a):
            if a == 0:
                return a
            return f(a - 1) * a

        # k : void (uint16* O)
        def k(O):
            v = uint16(6) + uint16(0)
            if v % uint16(7) != 6:
                O[0] = f(v)
        """)
    code = ("import sys, cudapy as cp\n"
            "text = cp.module(sys.argv[1], target='cuda').cuda_source\n"
            "print(len(cp.compile_cuda(text, arch='sm_90')) > 0)\n")
    done = subprocess.run([sys.executable, "-c", code, source], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"exit status {done.returncode}: {done.stderr[-2000:]}"
    assert done.stdout.strip() == "True"


@pytest.mark.nvrtc
def test_unknown_architecture_is_reported():
    with pytest.raises(cp.CudapyError):
        cp.ptx(saxpy, arch="sm_nonsense")


def test_missing_nvrtc_is_explained():
    """With CUDAPY_NVRTC naming no library, compiling says what to install or set."""
    script = textwrap.dedent("""
        import cudapy as cp
        try:
            cp.ptx("# k : void (int* X)\\ndef k(X):\\n    X[idx] = 0\\n")
        except cp.NvrtcUnavailableError as error:
            print(error)
        else:
            print("compiled")
    """)
    environment = dict(os.environ, CUDAPY_NVRTC="/nonexistent/libnvrtc.so")
    environment["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    result = subprocess.run([sys.executable, "-c", script], env=environment,
                            capture_output=True, text=True, check=True)
    assert "CUDAPY_NVRTC" in result.stdout
    assert "NVRTC" in result.stdout


def half_arithmetic(a, b, out, orders):
    out[0] = abs(-(a[0] * b[0] + a[0] - b[0]))
    orders[0] = a[0] < b[0] or a[0] != b[0]


@pytest.mark.nvrtc
def test_two_halves_meet_in_ptxs_half_instructions():
    ptx = cuda.compile_ptx(half_arithmetic, "void(f2[:], f2[:], f2[:], b1[:])", cc=(8, 0))[0]
    for instruction in ("mul.rn.f16", "add.rn.f16", "sub.rn.f16", "xor.b16", "abs.f16",
                        "setp.lt.f16", "setp.neu.f16"):
        assert instruction in ptx
    assert "fma" not in ptx  # NumPy rounds the product, then the sum
    assert "cvt.f32.f16" not in ptx  # nothing goes through float


def toolkit_has(header):
    roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    return any(root and os.path.exists(os.path.join(root, "include", header)) for root in roots)


@pytest.mark.nvrtc
@pytest.mark.skipif(not toolkit_has("curand_kernel.h"), reason="no CUDA toolkit headers here")
def test_linked_cuda_cpp_includes_the_toolkits_headers():
    source = textwrap.dedent("""
        #include <curand_kernel.h>
        extern "C" __device__ int draw(unsigned int *out, unsigned long long seed) {
            curandState_t state;
            curand_init(seed, 0, 0, &state);
            *out = curand(&state);
            return 0;
        }
    """)
    draw = cuda.declare_device("draw", "uint32(uint64)", link=[source])

    def kernel(x, seed):
        x[0] = draw(seed)

    ptx = cuda.compile_ptx(kernel, "void(uint32[:], uint64)", cc=(8, 0))[0]
    assert re.search(r"\.entry\s+kernel\b", ptx)


@pytest.mark.nvrtc
def test_launch_bounds_reach_the_ptx_with_a_clusters_blocks_on_sm_90():
    ptx = cuda.compile_ptx(saxpy_numba, "void(float32[:])", cc=(9, 0),
                           launch_bounds=(128, 2, 4))[0]
    assert re.search(r"\.maxntid\s+128", ptx) and re.search(r"\.minnctapersm\s+2", ptx)
    assert re.search(r"\.maxclusterrank\s+4", ptx)
    assert ".maxclusterrank" not in cuda.compile_ptx(saxpy_numba, "void(float32[:])", cc=(9, 0),
                                                     launch_bounds=(128, 2))[0]
    with pytest.raises(ValueError, match="max blocks per cluster needs .* 9.0 or later"):
        cuda.compile_ptx(saxpy_numba, "void(float32[:])", cc=(8, 0), launch_bounds=(128, 2, 4))


def saxpy_numba(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = 2 * x[i]
