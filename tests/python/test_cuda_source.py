"""CUDA C++ of the user's own: compile_cuda (checked without a GPU, against the PTX the source
must give), SourceModule / RawModule / RawKernel on the GPU against NumPy, and the errors a
wrong source, name, argument or shape gives."""

import struct

import numpy as np
import pytest

import cudapy as cp

nvrtc = pytest.mark.nvrtc
gpu = pytest.mark.gpu

MULTIPLY = """
__global__ void multiply_them(float *dest, float *a, float *b)
{
  const int i = threadIdx.x;
  dest[i] = a[i] * b[i];
}
"""

SAXPY = """
__global__ void saxpy(float *y, const float *x, float alpha, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}
"""


@nvrtc
def test_ptx_has_the_kernel_under_its_c_name_or_its_mangled_one():
    ptx = cp.compile_cuda(SAXPY, arch="compute_80", no_extern_c=False).decode()
    assert ".entry saxpy(" in ptx and ".target sm_80" in ptx
    mangled = cp.compile_cuda(SAXPY, arch="compute_80").decode()
    assert ".entry _Z5saxpyPfPKffi(" in mangled


def _bits(value):
    return int(np.float32(value).view(np.uint32))


@nvrtc
def test_options_and_include_folders_reach_the_compiler(tmp_path):
    (tmp_path / "scale.h").write_text("#define SCALE 0.125f\n")
    source = '#include "scale.h"\n__global__ void f(float *x) { x[0] = SCALE * FACTOR; }\n'
    ptx = cp.compile_cuda(source, arch="compute_80", options=["-DFACTOR=3.0f"],
                          include_dirs=[str(tmp_path)], no_extern_c=False).decode()
    assert f"mov.u32 \t%r1, {_bits(0.375)};" in ptx  # folded, stored as its bits
    # A changed header is read again: a source that includes files is not cached.
    (tmp_path / "scale.h").write_text("#define SCALE 0.25f\n")
    ptx = cp.compile_cuda(source, arch="compute_80", options=["-D", "FACTOR=3.0f"],
                          include_dirs=[tmp_path], no_extern_c=False).decode()
    assert f"mov.u32 \t%r1, {_bits(0.75)};" in ptx


@nvrtc
def test_a_compile_error_points_at_the_users_line():
    source = "__global__ void f(float *x)\n{\n    x[0] = not_declared;\n}\n"
    with pytest.raises(cp.CudaCompilationError) as caught:
        cp.compile_cuda(source, arch="compute_80", no_extern_c=False, name="mine.cu")
    error = caught.value
    assert error.filename == "mine.cu" and error.lineno == 3
    assert "not_declared" in error.diagnostics[0].message
    assert error.diagnostics[0].source_line == "    x[0] = not_declared;"
    assert error.offset == 12  # the column of not_declared
    assert error.diagnostics[0].kind == cp.errors.DiagnosticKind.CUDA
    assert "mine.cu(3)" in str(error)


@gpu
def test_a_module_that_does_not_compile_reports_its_lines_and_columns():
    source = ("#define TWICE(x) ((x) * 2)\n"
              "__global__ void f(float *x)\n"
              "{\n"
              "\tx[0] = TWICE(y);\n"
              "}\n")
    with pytest.raises(cp.CudaCompilationError) as caught:
        cp.SourceModule(source)
    (found,) = caught.value.diagnostics
    # NVRTC points at the macro's use; its quote of the line is indented otherwise.
    assert (found.filename, found.lineno, found.offset) == ("kernel.cu", 4, 9)
    assert found.source_line == "\tx[0] = TWICE(y);"
    # A later compile that works leaves no diagnostics behind.
    cp.SourceModule("__global__ void g(float *x) { x[0] = 1; }")
    assert cp._ffi.cuda_diagnostics() == []


@nvrtc
@pytest.mark.parametrize("options", [["-o", "/tmp/out"], ["--run"], ["-ccbin=/tmp"],
                                     ["-Xcompiler", "-fplugin=x.so"], ["-arch=sm_90"],
                                     ["-DX=1\n#include <bad>"], ["-D"], ["no-dash"]])
def test_options_that_are_not_the_compilers_language_options_are_refused(options):
    with pytest.raises(cp.InvalidArgumentError):
        cp.compile_cuda(SAXPY, arch="compute_80", options=options)


@nvrtc
def test_bad_arguments_are_refused():
    with pytest.raises(cp.InvalidArgumentError):
        cp.compile_cuda(SAXPY, arch="sm_90; rm -rf")
    with pytest.raises(cp.InvalidArgumentError):
        cp.compile_cuda(SAXPY, arch="compute_80", name="a\nb.cu")
    with pytest.raises(TypeError):
        cp.compile_cuda(b"bytes", arch="compute_80")
    with pytest.raises(ValueError):
        cp.compile_cuda(SAXPY, arch="compute_80", compiler="clang")
    with pytest.raises(TypeError):
        cp.compile_cuda(SAXPY, arch="compute_80", options=[1])


@gpu
def test_pycudas_first_screen():
    mod = cp.SourceModule(MULTIPLY)
    multiply_them = mod.get_function("multiply_them")
    rng = np.random.default_rng(1)
    a = rng.standard_normal(400).astype(np.float32)
    b = rng.standard_normal(400).astype(np.float32)
    dest = np.zeros_like(a)
    multiply_them(cp.Out(dest), cp.In(a), cp.In(b), block=(400, 1, 1), grid=(1, 1))
    np.testing.assert_array_equal(dest, a * b)


@gpu
def test_device_arrays_scalars_and_python_ints():
    f = cp.SourceModule(SAXPY).get_function("saxpy")
    n = 100_003
    rng = np.random.default_rng(2)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    x_gpu, y_gpu = cp.to_device(x), cp.to_device(y)
    f(y_gpu, x_gpu, np.float32(2.5), np.int32(n), block=(256, 1, 1), grid=((n + 255) // 256, 1))
    expected = 2.5 * x.astype(np.float64) + y
    np.testing.assert_allclose(y_gpu.copy_to_host(), expected, rtol=1e-6, atol=1e-6)
    # PyCUDA's kernels take no Python numbers; CuPy's take an int at the parameter's size.
    with pytest.raises(TypeError, match="Python int"):
        f(y_gpu, x_gpu, np.float32(2.5), n, block=256, grid=(n + 255) // 256)
    raw = cp.RawKernel(SAXPY.replace("__global__", 'extern "C" __global__'), "saxpy")
    raw(((n + 255) // 256,), (256,), (y_gpu, x_gpu, np.float32(2.5), n))
    np.testing.assert_allclose(y_gpu.copy_to_host(), 5.0 * x + y, rtol=1e-6, atol=1e-5)


@gpu
def test_other_libraries_arrays_are_passed_by_address():
    cupy = pytest.importorskip("cupy")
    f = cp.SourceModule(SAXPY).get_function("saxpy")
    x = cupy.arange(1000, dtype=cupy.float32)
    y = cupy.ones(1000, dtype=cupy.float32)
    f(y, x, np.float32(3), np.int32(1000), block=(128, 1, 1), grid=(8, 1))
    cupy.cuda.runtime.deviceSynchronize()
    np.testing.assert_array_equal(y.get(), 3 * np.arange(1000, dtype=np.float32) + 1)


@gpu
def test_wrong_arguments_are_errors_not_wrong_answers():
    f = cp.SourceModule(SAXPY).get_function("saxpy")
    y = cp.to_device(np.zeros(10, np.float32))
    x = cp.to_device(np.ones(10, np.float32))
    block = dict(block=(32, 1, 1), grid=(1, 1))
    with pytest.raises(TypeError, match="takes 4 arguments"):
        f(y, x, np.float32(1), **block)
    with pytest.raises(TypeError, match="float64 .8 bytes.*takes 4 bytes"):
        f(y, x, np.float64(1), np.int32(10), **block)
    with pytest.raises(TypeError, match="Python float"):
        f(y, x, 1.0, np.int32(10), **block)
    with pytest.raises(TypeError, match="Python float"):
        cp.RawKernel(SAXPY.replace("__global__", 'extern "C" __global__'), "saxpy")(
            (1,), (32,), (y, x, 1.0, 10))
    with pytest.raises(TypeError, match="host array"):
        f(np.zeros(10, np.float32), x, np.float32(1), np.int32(10), **block)
    with pytest.raises(OverflowError):
        cp.RawKernel(SAXPY.replace("__global__", 'extern "C" __global__'), "saxpy")(
            (1,), (32,), (y, x, np.float32(1), 2 ** 40))
    with pytest.raises(ValueError, match="2048"):
        f(y, x, np.float32(1), np.int32(10), block=(2048, 1, 1), grid=(1, 1))
    # Within CUDA's limits, beyond the kernel's.
    bounded = cp.SourceModule("__global__ void __launch_bounds__(64) one(float *x) { x[0] = 1; }")
    with pytest.raises(cp.InvalidArgumentError, match="at most 64"):
        bounded.get_function("one")(y, block=(128, 1, 1), grid=(1, 1))
    with pytest.raises(cp.InvalidArgumentError, match="bytes of dynamic shared memory; it may"):
        f(y, x, np.float32(1), np.int32(10), shared=1 << 24, **block)
    with pytest.raises(ValueError):
        f(y, x, np.float32(1), np.int32(10), block=(0, 1, 1), grid=(1, 1))
    with pytest.raises(TypeError, match="block"):
        f(y, x, np.float32(1), np.int32(10))
    with pytest.raises(cp.NotFoundError, match="saxpy"):
        cp.SourceModule(SAXPY).get_function("sxapy")
    np.testing.assert_array_equal(y.copy_to_host(), np.zeros(10, np.float32))
    # The refused launches leave nothing behind: the next one runs.
    f(y, x, np.float32(2), np.int32(10), **block)
    np.testing.assert_array_equal(y.copy_to_host(), np.full(10, 2, np.float32))


@gpu
def test_prepared_calls_and_timing():
    f = cp.SourceModule(SAXPY).get_function("saxpy").prepare("PPfi")
    n = 5000
    x = cp.to_device(np.arange(n, dtype=np.float32))
    y = cp.to_device(np.ones(n, np.float32))
    f.prepared_call((20, 1), (256, 1, 1), y, x, 2.0, n)
    stream = cp.stream()
    f.prepared_async_call((20, 1), (256, 1, 1), stream, y, x, 1.0, n)
    stream.synchronize()
    seconds = f.prepared_timed_call((20, 1), (256, 1, 1), y, x, 0.0, n)()
    assert 0 < seconds < 1
    np.testing.assert_array_equal(y.copy_to_host(), 3 * np.arange(n, dtype=np.float32) + 1)
    with pytest.raises(TypeError, match="prepare"):
        cp.SourceModule(SAXPY).get_function("saxpy").prepare("PPdi")
    with pytest.raises(TypeError):
        f.prepared_call((1, 1), (32, 1, 1), y, x, 2.0)


@gpu
def test_globals_templates_and_cupy_style_kernels():
    source = r"""
    __device__ float offset = 0.5f;
    template <typename T> __global__ void add(T *x, T v) { x[threadIdx.x] += v + T(offset); }
    extern "C" __global__ void fill(int *x, int v) { x[blockIdx.x * blockDim.x + threadIdx.x] = v; }
    """
    module = cp.RawModule(code=source, name_expressions=["add<float>", "add<double>"])
    ptr, size = module.get_global("offset")
    assert ptr != 0 and size == 4
    values = cp.to_device(np.arange(32, dtype=np.float64))
    module.get_function("add<double>")((1,), (32,), (values, np.float64(2)))
    np.testing.assert_array_equal(values.copy_to_host(), np.arange(32) + 2.5)
    ints = cp.to_device(np.zeros(64, np.int32))
    fill = cp.RawKernel(source, "fill")
    fill((2,), (32,), (ints, 7))
    np.testing.assert_array_equal(ints.copy_to_host(), np.full(64, 7, np.int32))
    assert fill.attributes["max_threads_per_block"] >= 256 and fill.num_regs > 0


@gpu
def test_a_module_loads_compiled_code(tmp_path):
    code = cp.compile_cuda(SAXPY, no_extern_c=False)  # CUBIN for this GPU
    path = tmp_path / "saxpy.cubin"
    path.write_bytes(code)
    f = cp.RawModule(path=str(path)).get_function("saxpy")
    y = cp.to_device(np.zeros(64, np.float32))
    x = cp.to_device(np.arange(64, dtype=np.float32))
    f((1,), (64,), (y, x, np.float32(-1), np.int32(64)))
    np.testing.assert_array_equal(y.copy_to_host(), -np.arange(64, dtype=np.float32))


def _kernel_without_gpu(cls, parameters, monkeypatch):
    """A kernel of `parameters` ((offset, size) each) whose launches are recorded instead of
    run: the argument handling, checked without a GPU."""
    import ctypes

    from cudapy import _ffi

    args_size = max((offset + size for offset, size in parameters), default=0)
    function = cls.__new__(cls)
    function._module, function._handle, function.name = None, _ffi.cuda_function_p(), "k"
    function._parameters, function._args_size = tuple(parameters), args_size
    function._block_size = ctypes.c_size_t(48 + args_size)
    function._plans, function._shapes = {}, {}
    function._prepared, function._block, function._shared = None, None, 0
    launched = []
    monkeypatch.setattr(_ffi, "cuda_launch_block_unconverted",
                        lambda handle, data, size: launched.append(bytes(data)) or 0)
    return function, launched


def _header(grid, block, shared=0, stream=0):
    return struct.pack("<6I3Q", *grid, *block, shared, stream, 0)


def test_arguments_are_packed_at_the_compiled_offsets(monkeypatch):
    from cudapy.cuda_source import DevicePointer, Function, RawFunction

    function, launched = _kernel_without_gpu(Function, [(0, 8), (8, 4), (12, 4), (16, 2)],
                                             monkeypatch)
    address = DevicePointer(0x7F0012345600)
    for _ in range(5):  # the first launches, then the generated launch
        function(address, np.float32(2.5), np.int32(-7), np.float16(1.5), block=(256, 1, 1),
                 grid=(4, 1), shared=64, stream=3)
    expected = _header((4, 1, 1), (256, 1, 1), 64, 3) + struct.pack(
        "<Qfie", address, 2.5, -7, 1.5)
    assert launched == [expected] * 5
    with pytest.raises(TypeError, match="Python int"):
        function(address, np.float32(2.5), 7, np.float16(1), block=(1, 1, 1))
    with pytest.raises(TypeError, match="float64 .8 bytes"):
        function(address, np.float64(2.5), np.int32(7), np.float16(1), block=(1, 1, 1))
    with pytest.raises(TypeError, match="takes 4 arguments"):
        function(address, np.float32(2.5), block=(1, 1, 1))
    with pytest.raises(TypeError, match="shared memory"):
        function(address, np.float32(2.5), np.int32(7), np.float16(1), block=(1, 1, 1), shared=-1)
    assert len(launched) == 5

    raw, launched = _kernel_without_gpu(RawFunction, [(0, 4), (8, 8), (16, 1)], monkeypatch)
    for _ in range(4):
        raw([3], 32, (-5, 2.0, True))
    assert launched == [_header((3, 1, 1), (32, 1, 1))
                        + struct.pack("<i4xd?", -5, 2.0, True)] * 4
    with pytest.raises(OverflowError):
        raw(1, 1, (2 ** 31 * 2, 2.0, True))
    with pytest.raises(TypeError, match="Python float"):
        raw(1, 1, (1.0, 2.0, True))


def test_prepared_types_must_match_the_parameters(monkeypatch):
    from cudapy.cuda_source import Function

    function, launched = _kernel_without_gpu(Function, [(0, 8), (8, 4), (16, 8)], monkeypatch)
    function.prepare("Pid")
    function.prepared_call((2, 1), (64, 1, 1), 0x1000, 9, 0.5)
    assert launched == [_header((2, 1, 1), (64, 1, 1)) + struct.pack("<Qi4xd", 0x1000, 9, 0.5)]
    with pytest.raises(TypeError, match="prepare"):
        function.prepare("Pii")
    with pytest.raises(TypeError, match="prepare"):
        function.prepare("Pi")
