"""Kernels calling device functions written in CUDA C++: numba's cuda.declare_device with
link=, cudapy.compile(link=), on the CPU target and on the GPU, checked against NumPy."""

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

NUMBA_CONVENTION = r"""
extern "C" __device__ int mul_f32(float *result, float a, float b) {
    *result = a * b;
    return 0;
}
"""

C_CONVENTION = r"""
extern "C" __device__ long long clamp_add(long long a, long long b, long long limit) {
    long long sum = a + b;
    return sum > limit ? limit : sum;
}
extern "C" __device__ void store_twice(int *unused_result, float x) {}
"""

mul = cuda.declare_device("mul_f32", "float32(float32, float32)", link=[NUMBA_CONVENTION])
clamped = cuda.declare_device("clamp_add", "int64(int64, int64, int64)", abi="c")


def scale_and_clamp(x, out, counts):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = mul(x[i], 2.5)
        counts[i] = clamped(i, 100, 105)


def test_kernels_call_both_conventions_as_numpy_computes(target):
    kernel = cuda.jit("void(float32[:], float32[:], int64[:])", link=[C_CONVENTION])(
        scale_and_clamp)
    x = np.linspace(-3, 3, 1000).astype(np.float32)
    out = np.zeros_like(x)
    counts = np.zeros(x.size, np.int64)
    kernel[4, 256](x, out, counts)
    np.testing.assert_array_equal(out, x * np.float32(2.5))
    np.testing.assert_array_equal(counts, np.minimum(np.arange(x.size) + 100, 105))


def test_a_kernel_typed_at_its_call_links_too(target):
    kernel = cuda.jit(link=C_CONVENTION)(scale_and_clamp)
    x = np.arange(10, dtype=np.float32)
    out = np.zeros_like(x)
    counts = np.zeros(10, np.int64)
    kernel[1, 32](x, out, counts)
    np.testing.assert_array_equal(out, x * 2.5)
    np.testing.assert_array_equal(counts, np.minimum(np.arange(10) + 100, 105))


def test_a_linked_file_and_source_text_calling_its_function_by_name(target, tmp_path):
    path = tmp_path / "cube.cu"
    path.write_text('extern "C" __device__ double cube(double x) { return x * x * x; }\n')
    cube = cp.declare_device("cube", "float64(float64)", abi="c")
    source = "def k(X):\n    X[idx] = cube(X[idx])\n"
    kernel = cp.compile(source, sig="void(float64[:])", link=[str(path), cube])
    x = np.linspace(-2, 2, 33)
    d = cp.to_device(x)
    kernel(x.size)(d)
    np.testing.assert_allclose(d.copy_to_host(), x ** 3, rtol=1e-15)
    assert f'#line 1 "{path}"' in cp.translate(source, sig="void(float64[:])",
                                               link=[path, cube])


def test_a_declared_function_may_be_bound_to_another_name(target):
    twice = cuda.declare_device("mul_f32", "float32(float32, float32)", link=NUMBA_CONVENTION)

    @cuda.jit("void(float32[:])")
    def k(x):
        x[0] = twice(x[0], 2)

    x = np.array([1.25], np.float32)
    k[1, 1](x)
    assert x[0] == 2.5


def test_arguments_are_converted_to_the_declared_types(target):
    @cuda.jit("void(float32[:], int32[:])")
    def k(x, n):
        x[0] = mul(n[0], n[1])  # int32 arguments of float32 parameters

    x = np.zeros(1, np.float32)
    k[1, 1](x, np.array([3, 7], np.int32))
    assert x[0] == 21


def test_a_void_function_is_called_as_a_statement(target):
    store = cuda.declare_device("store_twice", "void(float32)")

    @cuda.jit("void(float32[:])", link=C_CONVENTION)
    def k(x):
        store(x[0])
        x[0] = 1

    x = np.zeros(1, np.float32)
    k[1, 1](x)
    assert x[0] == 1


def test_an_undefined_function_is_a_compile_error_that_names_it(target):
    missing = cuda.declare_device("nowhere_defined", "float32(float32)")

    @cuda.jit("void(float32[:])")
    def k(x):
        x[0] = missing(x[0])

    with pytest.raises(cp.CudaCompilationError, match="nowhere_defined"):
        k[1, 1](np.zeros(1, np.float32))


def test_linked_code_that_does_not_compile_is_reported_at_its_own_line(target, tmp_path):
    path = tmp_path / "broken.cu"
    path.write_text('extern "C" __device__ int broken(int *r, int x) {\n'
                    '    *r = x +;\n'
                    '    return 0;\n'
                    '}\n')
    broken = cuda.declare_device("broken", "int32(int32)", link=[path])

    @cuda.jit("void(int32[:])")
    def k(x):
        x[0] = broken(x[0])

    with pytest.raises(cp.CudaCompilationError) as caught:
        k[1, 1](np.zeros(1, np.int32))
    assert f"{path}:2:" in str(caught.value)


def test_a_call_with_the_wrong_arguments_points_at_the_users_line():
    with pytest.raises(cp.CompileError) as caught:
        @cuda.jit("void(float32[:])", target="cpu")
        def k(x):
            x[0] = mul(x, 2)

    assert "argument 1 of mul() is float32, but float32[:] was given" in str(caught.value)
    (found,) = caught.value.diagnostics
    assert found.filename == __file__ and found.source_line.strip() == "x[0] = mul(x, 2)"
    with pytest.raises(cp.CompileError, match=r"mul\(\) takes 2 arguments but 1 were given"):
        @cuda.jit("void(float32[:])", target="cpu")
        def k2(x):
            x[0] = mul(x[0])


def test_a_function_of_the_same_name_as_a_declared_one_is_refused():
    source = ("def mul_f32(a, b):\n    return a\n"
              "def k(x):\n    x[0] = mul_f32(x[0], x[0])\n")
    declared = cp.declare_device("mul_f32", "float32(float32, float32)", link=NUMBA_CONVENTION)
    with pytest.raises(cp.CompileError, match="also declared as a device function"):
        cp.compile(source, sig={"k": "void(float32[:])"}, link=[declared], target="cpu")


@pytest.mark.parametrize("sig, message", [
    ("float32[:](int32)", "cannot return an array"),
    ("int32(float32[:])", "parameter 1 of declared function"),
    ("float16(float16)", "returns float16"),
    ("int32(int32", "bad signature"),
])
def test_declarations_the_kernel_language_cannot_call_are_refused(sig, message):
    bad = cp.declare_device("fine_name", sig)
    with pytest.raises(cp.InvalidArgumentError, match=message):
        cp.compile("def k(x):\n    x[0] = 1\n", sig="void(int32[:])", link=[bad], target="cpu")


def test_bad_declarations_and_links_are_refused_before_compiling(tmp_path):
    with pytest.raises(ValueError, match="C identifier"):
        cuda.declare_device("not a name", "int32(int32)")
    with pytest.raises(ValueError, match="abi"):
        cuda.declare_device("f", "int32(int32)", abi="fortran")
    with pytest.raises(TypeError, match="signature"):
        cuda.declare_device("f", 3)
    with pytest.raises(ValueError, match="cooperative"):
        cuda.declare_device("f", "int32(int32)", use_cooperative=True)
    with pytest.raises(ValueError, match="PTX, LTO-IR, cubins and object files"):
        cuda.declare_device("f", "int32(int32)", link=["f.ptx"])
    with pytest.raises(FileNotFoundError, match="missing.cu"):
        cuda.declare_device("f", "int32(int32)", link=[str(tmp_path / "missing.cu")])
    with pytest.raises(TypeError, match="link="):
        cp.compile("def k(x):\n    x[0] = 1\n", sig="void(int32[:])", link=[3])
    reserved = cp.declare_device("cudapy_add", "int32(int32)")
    with pytest.raises(cp.InvalidArgumentError, match="cudapy"):
        cp.compile("def k(x):\n    x[0] = cudapy_add(1)\n", sig="void(int32[:])",
                   link=[reserved], target="cpu")
    with pytest.raises(TypeError, match="device=True"):
        cuda.jit(device=True, link=["x.cu"])


def test_the_interpreter_cannot_run_cuda_cpp_and_says_so():
    with pytest.raises(ValueError, match="interpreter cannot run"):
        cp.compile("def k(x):\n    x[0] = mul_f32(x[0], x[0])\n", sig="void(float32[:])",
                   link=[mul], target="python")
    with pytest.raises(RuntimeError, match="inside a kernel"):
        mul(1.0, 2.0)


@pytest.mark.nvrtc
def test_ptx_of_a_kernel_calling_cuda_cpp():
    code = cp.ptx("def k(x):\n    x[0] = mul_f32(x[0], 3)\n", sig="void(float32[:])",
                  link=[mul], arch="compute_80")
    assert ".entry k(" in code and "mul.f32" in code.replace("mul.rn.f32", "mul.f32")


def test_cusource_is_linked_source_text(target):
    source = cuda.CUSource('extern "C" __device__ int add_three(int *r, int x) { *r = x + 3; return 0; }')
    add_three = cuda.declare_device("add_three", "int32(int32)", link=[source])

    @cuda.jit("void(int32[:])")
    def k(x):
        x[0] = add_three(x[0])

    x = np.array([4], np.int32)
    k[1, 1](x)
    assert x[0] == 7
    with pytest.raises(TypeError, match="source text"):
        cuda.CUSource(3)


def test_numba_convention_results_in_the_linked_codes_own_types(target):
    source = ('#include <stdint.h>\n'
              'extern "C" __device__ int result(int64_t *out, int64_t a0) {\n'
              '    *out = a0 * 3;\n'
              '    return 0;\n'
              '}\n')
    tripled = cuda.declare_device("result", "int64(int64)", link=[source])

    @cuda.jit("void(int64[:])")
    def k(x):
        x[0] = tripled(x[0])

    x = np.array([1 << 40], np.int64)
    k[1, 1](x)
    assert x[0] == 3 << 40


def test_a_missing_header_of_linked_code_is_the_users_error(target, tmp_path):
    path = tmp_path / "uses_header.cu"
    path.write_text('#include "not_there.cuh"\n'
                    'extern "C" __device__ int f(int *r, int x) { *r = x; return 0; }\n')
    f = cuda.declare_device("f", "int32(int32)", link=[path])

    @cuda.jit("void(int32[:])")
    def k(x):
        x[0] = f(x[0])

    with pytest.raises(cp.CudaCompilationError, match="not_there.cuh"):
        k[1, 1](np.zeros(1, np.int32))


def test_an_included_header_is_read_again_at_each_compile(tmp_path):
    header = tmp_path / "value.cuh"
    source = tmp_path / "value.cu"
    source.write_text(f'#include "{header}"\n'
                      'extern "C" __device__ int value(int x) { return x + VALUE; }\n')
    value = cuda.declare_device("value", "int32(int32)", abi="c")
    results = []
    for number in (1, 2):
        header.write_text(f"#define VALUE {number}\n")
        kernel = cp.compile("def k(x):\n    x[0] = value(x[0])\n", sig="void(int32[:])",
                            link=[str(source), value], target="cpu")
        x = np.zeros(1, np.int32)
        kernel(1)(x)
        results.append(int(x[0]))
    assert results == [1, 2]


def test_one_link_item_needs_no_list():
    kernel = cp.compile("def k(x):\n    x[0] = mul_f32(x[0], 2)\n", sig="void(float32[:])",
                        link=mul, target="cpu")
    x = np.array([1.5], np.float32)
    kernel(1)(x)
    assert x[0] == 3
    kernel = cp.compile("def k(x):\n    x[0] = clamp_add(1, 2, 10)\n", sig="void(int64[:])",
                        link=[clamped, cuda.CUSource(C_CONVENTION)], target="cpu")
    y = np.zeros(1, np.int64)
    kernel(1)(y)
    assert y[0] == 3
