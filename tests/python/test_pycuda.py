"""cudapy.pycuda, PyCUDA's modules over cudapy, against NumPy: gpuarray's arrays, arithmetic,
reductions and functions, the scan kernels and curandom.rand on the CPU target and the GPU; the
driver's memory and copies; ElementwiseKernel and ReductionKernel in C on the GPU."""

import numpy as np
import pytest

import cudapy as cp

gpu = pytest.mark.gpu


@pytest.fixture(params=["cpu", pytest.param("cuda", marks=[pytest.mark.gpu,
                                                         pytest.mark.nvrtc])])
def where(request, monkeypatch):
    """Runs the test with the CPU target or the GPU as PyCUDA's device."""
    monkeypatch.setenv("CUDAPY_TARGET", request.param)
    return request.param


@pytest.fixture
def gpuarray(where):
    from cudapy.pycuda import gpuarray
    return gpuarray


def test_arithmetic_comparisons_and_types_follow_numpy(gpuarray):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((7, 9)).astype(np.float32)
    b = rng.standard_normal((7, 9))
    a_gpu, b_gpu = gpuarray.to_gpu(a), gpuarray.to_gpu(b)
    for result, expected in [(a_gpu + b_gpu, a + b), (a_gpu * 2, a * 2), (2 * a_gpu, 2 * a),
                             (np.float32(3) * a_gpu, np.float32(3) * a),
                             (a_gpu - b_gpu, a - b), (a_gpu / 4, a / 4), (-a_gpu, -a),
                             (abs(a_gpu), abs(a)), (a_gpu ** 2, a ** 2),
                             (a_gpu > b_gpu, a > b), (a_gpu == 0.25, a == 0.25)]:
        assert isinstance(result, gpuarray.GPUArray)
        assert result.dtype == expected.dtype
        np.testing.assert_allclose(result.get(), expected, rtol=1e-6)
    a_gpu += 1
    np.testing.assert_allclose(a_gpu.get(), a + 1, rtol=1e-6)
    assert len(a_gpu) == 7 and a_gpu.flags.c_contiguous and not a_gpu.flags.f_contiguous


def test_reductions_and_functions(gpuarray):
    rng = np.random.default_rng(4)
    a = rng.random(1000)
    b = rng.random(1000)
    a_gpu, b_gpu = gpuarray.to_gpu(a), gpuarray.to_gpu(b)
    np.testing.assert_allclose(gpuarray.sum(a_gpu).get(), a.sum(), rtol=1e-12)
    np.testing.assert_allclose(gpuarray.dot(a_gpu, b_gpu).get(), a @ b, rtol=1e-12)
    assert gpuarray.max(a_gpu).get() == a.max() and gpuarray.min(a_gpu).get() == a.min()
    indices = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)
    np.testing.assert_allclose(gpuarray.subset_sum(gpuarray.to_gpu(indices), a_gpu).get(),
                               a[indices].sum(), rtol=1e-12)
    np.testing.assert_array_equal(gpuarray.take(a_gpu, gpuarray.to_gpu(indices)).get(),
                                  a[indices])
    np.testing.assert_array_equal(gpuarray.maximum(a_gpu, b_gpu).get(), np.maximum(a, b))
    np.testing.assert_array_equal(gpuarray.minimum(0.5, a_gpu).get(), np.minimum(0.5, a))
    np.testing.assert_array_equal(gpuarray.if_positive(a_gpu - 0.5, a_gpu, b_gpu).get(),
                                  np.where(a - 0.5 > 0, a, b))
    np.testing.assert_array_equal(gpuarray.logical_and(a_gpu > 0.5, b_gpu).get(),
                                  np.logical_and(a > 0.5, b))
    np.testing.assert_array_equal(gpuarray.logical_not(a_gpu > 0.5).get(), a <= 0.5)
    np.testing.assert_array_equal(a_gpu.reverse().get(), a[::-1])


def test_creation_views_and_copies(gpuarray):
    assert gpuarray.zeros(10).dtype == np.float64
    np.testing.assert_array_equal(gpuarray.ones((2, 3), np.int32).get(), np.ones((2, 3)))
    np.testing.assert_array_equal(gpuarray.arange(3, 30, 4, dtype=np.int64).get(),
                                  np.arange(3, 30, 4))
    np.testing.assert_allclose(gpuarray.arange(0.5, 3, 0.25, dtype=np.float32).get(),
                               np.arange(0.5, 3, 0.25, dtype=np.float32))
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    a_gpu = gpuarray.to_gpu(a)
    assert a_gpu.reshape(-1, 8).shape == (3, 8)
    assert a_gpu.reshape(4, 6, order="F").flags.f_contiguous
    np.testing.assert_array_equal(a_gpu.reshape(6, 4, order="F").get(),
                                  a.reshape(6, 4, order="F"))
    np.testing.assert_array_equal(a_gpu.T.get(), a.T)
    cube = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(gpuarray.to_gpu(cube)[:, 1:3].transpose(axes=(1, 0, 2)).get(),
                                  cube[:, 1:3].transpose(1, 0, 2))
    np.testing.assert_array_equal(a_gpu[1:3, ::2].get(), a[1:3, ::2])
    np.testing.assert_array_equal(a_gpu[1:2, :].squeeze().get(), a[1])
    assert a_gpu[:, np.newaxis].shape == a[:, np.newaxis].shape
    assert a_gpu[:, np.newaxis].strides == a[:, np.newaxis].strides
    assert a_gpu.view(np.int16).shape == (4, 12)
    np.testing.assert_array_equal(a_gpu.view(np.uint32).get(), a.view(np.uint32))
    assert float(a_gpu[2, 3].get()) == a[2, 3]
    a_gpu[1:3, 2:4] = 7
    a_gpu[0] = np.arange(6)
    expected = a.copy()
    expected[1:3, 2:4] = 7
    expected[0] = np.arange(6)
    np.testing.assert_array_equal(a_gpu.get(), expected)
    fortran = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    f_gpu = gpuarray.to_gpu(fortran)
    assert f_gpu.strides == fortran.strides and f_gpu.copy().strides == fortran.strides
    np.testing.assert_array_equal(f_gpu.copy().get(), fortran)
    parts = [np.arange(6.0).reshape(2, 3), np.ones((1, 3))]
    np.testing.assert_array_equal(
        gpuarray.concatenate([gpuarray.to_gpu(p) for p in parts]).get(), np.concatenate(parts))
    pieces = [np.arange(4.0), np.arange(4.0) * 2]
    for axis in (0, 1):
        np.testing.assert_array_equal(
            gpuarray.stack([gpuarray.to_gpu(p) for p in pieces], axis=axis).get(),
            np.stack(pieces, axis=axis))
    np.testing.assert_array_equal(gpuarray.to_gpu(a).astype(np.int8).get(), a.astype(np.int8))
    assert bool(gpuarray.ones((1, 1))) and not bool(gpuarray.zeros(1))


def test_scan_kernels(where):
    from cudapy.pycuda.gpuarray import to_gpu
    from cudapy.pycuda.scan import ExclusiveScanKernel, InclusiveScanKernel

    values = np.random.default_rng(5).integers(0, 10, 100_003).astype(np.int32)
    data = to_gpu(values)
    InclusiveScanKernel(np.int32, "a+b")(data)
    np.testing.assert_array_equal(data.get(), np.cumsum(values))
    data = to_gpu(values)
    out = to_gpu(np.zeros_like(values))
    ExclusiveScanKernel(np.int32, "a+b", "0")(data, out)
    np.testing.assert_array_equal(out.get(), np.cumsum(values) - values)
    np.testing.assert_array_equal(data.get(), values)


def test_curandom_rand_is_uniform(where):
    from cudapy.pycuda.curandom import rand

    first, second = rand((500, 400)).get(), rand(200_000, np.float64).get()
    for sample in (first, second):
        assert sample.min() >= 0 and sample.max() < 1
        # The mean of n uniforms is within 5 standard deviations (1/sqrt(12 n)) of 1/2.
        assert abs(sample.mean() - 0.5) < 5 / np.sqrt(12 * sample.size)
    assert first.dtype == np.float32 and not np.array_equal(first.ravel()[:1000],
                                                            rand(1000).get())
    ints = rand(10_000, np.int32).get()
    assert ints.min() >= 0 and len(np.unique(ints)) > 9_900


def test_driver_memory_and_copies(where):
    from cudapy.pycuda import driver

    driver.init()
    context = driver.Device(0).make_context()
    try:
        host = np.arange(100, dtype=np.float32)
        allocation = driver.mem_alloc(host.nbytes)
        driver.memcpy_htod(allocation, host)
        other = driver.mem_alloc(host.nbytes)
        driver.memcpy_dtod(other, allocation, host.nbytes)
        back = np.empty_like(host)
        driver.memcpy_dtoh(back, other)
        np.testing.assert_array_equal(back, host)
        driver.memset_d32(allocation, 7, 100)
        np.testing.assert_array_equal(driver.from_device(allocation, (100,), np.uint32),
                                      np.full(100, 7, np.uint32))
        pinned = driver.pagelocked_zeros((3, 4), np.int16)
        assert pinned.shape == (3, 4) and not pinned.any()
        assert driver.Context.get_device() == driver.Device(0)
        assert isinstance(driver.Device(0).name(), str)
        with pytest.raises(driver.LogicError):
            driver.Device(99)
    finally:
        context.pop()
    with pytest.raises(driver.LogicError):
        driver.Context.pop()


@gpu
def test_device_attributes_events_and_streams(where):
    if where != "cuda":
        pytest.skip("CUDA devices only")
    from cudapy.pycuda import driver

    device = driver.Device(0)
    attributes = device.get_attributes()
    assert attributes[driver.device_attribute.MAX_THREADS_PER_BLOCK] == 1024
    assert device.MULTIPROCESSOR_COUNT == cp.device_info(0).multiprocessors
    assert device.compute_capability() == cp.device_info(0).compute_capability
    assert driver.get_driver_version() >= 12000
    stream = driver.Stream()
    start, end = driver.Event(), driver.Event()
    start.record(stream)
    end.record(stream).synchronize()
    stream.synchronize()
    assert start.time_till(end) >= 0 and stream.is_done()


@gpu
def test_c_elementwise_and_reduction_kernels(where):
    if where != "cuda":
        pytest.skip("CUDA C++ runs on the GPU only")
    from cudapy.pycuda import gpuarray
    from cudapy.pycuda.elementwise import ElementwiseKernel
    from cudapy.pycuda.reduction import ReductionKernel

    rng = np.random.default_rng(6)
    x, y = rng.random(50_001).astype(np.float32), rng.random(50_001).astype(np.float32)
    x_gpu, y_gpu = gpuarray.to_gpu(x), gpuarray.to_gpu(y)
    z_gpu = gpuarray.empty_like(x_gpu)
    lin_comb = ElementwiseKernel("float a, float *x, float b, float *y, float *z",
                                 "z[i] = a*x[i] + b*y[i]", "lin_comb")
    lin_comb(5, x_gpu, 6, y_gpu, z_gpu)
    np.testing.assert_allclose(z_gpu.get(), 5 * x.astype(np.float64) + 6 * y, rtol=1e-6)
    fill = ElementwiseKernel("int *z, int v", "z[i] = v", "fill")
    ints = gpuarray.zeros(20, np.int32)
    fill(ints, 7, range=slice(18, 2, -4))
    expected = np.zeros(20, np.int32)
    expected[18:2:-4] = 7
    np.testing.assert_array_equal(ints.get(), expected)
    fill(ints, 9, slice=slice(None, None, 5))
    expected[::5] = 9
    np.testing.assert_array_equal(ints.get(), expected)

    dot = ReductionKernel(np.float64, neutral="0", reduce_expr="a+b",
                          map_expr="(double)x[i]*y[i]", arguments="float *x, float *y")
    np.testing.assert_allclose(dot(x_gpu, y_gpu).get(), x.astype(np.float64) @ y, rtol=1e-12)
    empty = gpuarray.empty(0, np.float32)
    assert dot(empty, empty).get() == 0
    largest = ReductionKernel(np.float32, neutral="-1", reduce_expr="max(a,b)",
                              arguments="float *in")
    rows = gpuarray.to_gpu(x[:2000].reshape(10, 200))
    out = gpuarray.empty(10, np.float32)
    for row in range(10):
        largest(rows[row], out=out[row])
    np.testing.assert_array_equal(out.get(), x[:2000].reshape(10, 200).max(axis=1))


@gpu
@pytest.mark.parametrize("size", [1, 3, 4, 5, 1003])
def test_c_elementwise_kernel_four_indices_a_thread(where, size):
    """Distinct aligned arrays take the __restrict__ kernel of four indices a thread; the same
    array given twice, views off 16-byte boundaries, a slice and an operation that may leave
    the loop, the kernel of one index a step: both against NumPy."""
    if where != "cuda":
        pytest.skip("CUDA C++ runs on the GPU only")
    from cudapy.pycuda import gpuarray
    from cudapy.pycuda.elementwise import ElementwiseKernel

    rng = np.random.default_rng(size)
    x, y = rng.random(size).astype(np.float32), rng.random(size).astype(np.float32)
    lin_comb = ElementwiseKernel("float a, const float *x, float b, float *y, float *z",
                                 "float t = a*x[i]; z[i] = t + b*y[i]", "lin_comb4")
    x_gpu, y_gpu = gpuarray.to_gpu(x), gpuarray.to_gpu(y)
    z_gpu = gpuarray.zeros(size, np.float32)
    lin_comb(np.float32(2), x_gpu, np.float32(3), y_gpu, z_gpu)
    np.testing.assert_allclose(z_gpu.get(), np.float32(2) * x + np.float32(3) * y, rtol=1e-6)
    z_gpu.fill(0)
    lin_comb(np.float32(2), x_gpu, np.float32(3), y_gpu, z_gpu, slice=slice(size - 1, None, -3))
    expected = np.zeros(size, np.float32)
    expected[size - 1::-3] = (np.float32(2) * x + np.float32(3) * y)[size - 1::-3]
    np.testing.assert_allclose(z_gpu.get(), expected, rtol=1e-6)
    z_gpu.fill(0)  # views a float past 16-byte boundaries: the kernel of one index a step
    lin_comb(np.float32(2), x_gpu[1:], np.float32(3), y_gpu[1:], z_gpu[1:])
    np.testing.assert_allclose(z_gpu.get()[1:], (np.float32(2) * x + np.float32(3) * y)[1:],
                               rtol=1e-6)
    assert z_gpu.get()[:1].tolist() == [0] * min(size, 1)
    lin_comb(np.float32(2), y_gpu, np.float32(3), y_gpu, y_gpu)  # y = 2y + 3y, in place
    np.testing.assert_allclose(y_gpu.get(), np.float32(5) * y, rtol=1e-6)
    clipped = ElementwiseKernel("float *x", "if (i >= 2) return; x[i] = -1", "clip_first")
    clipped(x_gpu)
    np.testing.assert_array_equal(x_gpu.get()[:2], -np.ones(min(size, 2), np.float32))
    np.testing.assert_array_equal(x_gpu.get()[2:], x[2:])


def test_restrict_kernel_only_for_aligned_arrays_apart():
    from cudapy.pycuda.elementwise import _aligned_apart as apart, _restricted
    from cudapy.pycuda.tools import parse_arguments

    parsed = parse_arguments("float a, float *x, float *y")
    data = cp.to_device(np.zeros(100, np.float32), target="cpu")
    other = cp.to_device(np.zeros(100, np.float32), target="cpu")
    assert data._pointer % 16 == 0 and other._pointer % 16 == 0
    assert apart(parsed, (1.0, data, other))
    assert apart(parsed, (1.0, data[:48], data[48:]))
    assert not apart(parsed, (1.0, data[:50], data[50:]))  # 200 bytes in: not 16-byte aligned
    assert not apart(parsed, (1.0, data[1:], other[1:]))
    assert not apart(parsed, (1.0, data, data))
    assert not apart(parsed, (1.0, data[:52], data[48:]))
    assert not apart(parsed, (1.0, data.reshape(10, 10)[:, :3], data.reshape(10, 10)[5:, 2:]))
    assert apart(parsed, (1.0, data[:0], data))  # an empty view holds no byte
    assert not apart(parsed, (1.0, data, 12345))  # an address: its extent is unknown
    assert _restricted("float a, const float *x") == "float a,  const float *__restrict__ x"


@pytest.mark.parametrize("left", [np.int32, np.float32, np.float64, np.complex64,
                                  np.complex128])
@pytest.mark.parametrize("right", [np.float32, np.complex64, np.complex128, 2j, 3])
def test_complex_arithmetic_follows_numpy(gpuarray, where, left, right):
    rng = np.random.default_rng(7)
    a = (rng.standard_normal((6, 5)) * 10).astype(left)
    if np.dtype(left).kind == "c":
        a += 1j * rng.standard_normal((6, 5)).astype(left)
    b = right if not isinstance(right, type) else (
        rng.standard_normal((6, 5)) + (1j * rng.standard_normal((6, 5))
                                       if np.dtype(right).kind == "c" else 0)).astype(right)
    a_gpu = gpuarray.to_gpu(a)
    b_gpu = b if np.isscalar(b) else gpuarray.to_gpu(b)
    if not (np.iscomplexobj(a) or np.iscomplexobj(b)):
        pytest.skip("real operands")
    if where == "cpu":
        with pytest.raises(cp.UnsupportedError, match="GPU only"):
            a_gpu + b_gpu
        np.testing.assert_array_equal(a_gpu.get(), a)  # complex arrays are stored alike
        return
    for result, expected in [(a_gpu + b_gpu, a + b), (a_gpu - b_gpu, a - b),
                             (a_gpu * b_gpu, a * b), (a_gpu / b_gpu, a / b),
                             (b_gpu * a_gpu, b * a), (b_gpu / a_gpu, b / a)]:
        assert result.dtype == expected.dtype and isinstance(result, gpuarray.GPUArray)
        tolerance = 1e-5 if expected.dtype == np.complex64 else 1e-12
        np.testing.assert_allclose(result.get(), expected, rtol=tolerance)


@gpu
def test_complex_functions_and_conversions(where):
    if where != "cuda":
        pytest.skip("complex arithmetic runs on the GPU only")
    from cudapy.pycuda import cumath, gpuarray

    rng = np.random.default_rng(8)
    for dtype, tolerance in ((np.complex64, 2e-6), (np.complex128, 1e-14)):
        z = (rng.random((10, 4)) + 0.5 + 1j * (rng.random((10, 4)) - 0.5)).astype(dtype)
        z_gpu = gpuarray.to_gpu(z)
        for function, expected in [(cumath.log10, np.log10(z)), (cumath.exp, np.exp(z)),
                                   (cumath.sqrt, np.sqrt(z)), (cumath.log, np.log(z))]:
            np.testing.assert_allclose(function(z_gpu).get(), expected, rtol=tolerance)
        np.testing.assert_array_equal(z_gpu.conj().get(), z.conj())
        np.testing.assert_array_equal(z_gpu.real.get(), z.real)
        np.testing.assert_array_equal(z_gpu.imag.get(), z.imag)
        np.testing.assert_allclose(abs(z_gpu).get(), abs(z), rtol=tolerance)
        np.testing.assert_array_equal((-z_gpu).get(), -z)
        np.testing.assert_array_equal(z_gpu.astype(np.float64).get(), z.real.astype(np.float64))
        np.testing.assert_array_equal(gpuarray.to_gpu(z.real).astype(dtype).get(),
                                      z.real.astype(dtype))
        np.testing.assert_array_equal(gpuarray.zeros(7, dtype).get(), np.zeros(7, dtype))
        z_gpu *= 2
        np.testing.assert_array_equal(z_gpu.get(), z * 2)
        assert (np.complex64(2) * z_gpu).dtype == np.result_type(np.complex64, dtype)


def test_a_kernel_name_must_be_an_identifier():
    from cudapy.pycuda.elementwise import ElementwiseKernel

    with pytest.raises(ValueError, match="C identifier"):
        ElementwiseKernel("float *x", "x[i] = 0", "f(){} void g")


@gpu
def test_pycudas_first_screen_with_drv(where):
    if where != "cuda":
        pytest.skip("CUDA C++ runs on the GPU only")
    from cudapy.pycuda import driver as drv
    from cudapy.pycuda.compiler import SourceModule

    module = SourceModule("""
    #include <math.h>
    __global__ void multiply_them(float *dest, float *a, float *b)
    {
      const int i = threadIdx.x;
      dest[i] = sqrtf(a[i] * a[i]) * b[i];
    }
    """)
    multiply_them = module.get_function("multiply_them")
    a = np.random.randn(400).astype(np.float32)
    b = np.random.randn(400).astype(np.float32)
    dest = np.zeros_like(a)
    multiply_them(drv.Out(dest), drv.In(a), drv.In(b), block=(400, 1, 1), grid=(1, 1))
    np.testing.assert_allclose(dest, np.abs(a) * b, rtol=1e-6)


@pytest.mark.nvrtc
def test_compiler_compile_gives_ptx():
    from cudapy.pycuda.compiler import compile

    ptx = compile("__global__ void k(int *x) { x[0] = 1; }", arch="sm_80", target="ptx")
    assert b".entry k(" in ptx and b".target sm_80" in ptx


def test_every_public_function_says_what_it_does(monkeypatch):
    import importlib
    import inspect

    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    undocumented = []
    for name in ("driver", "compiler", "gpuarray", "cumath", "elementwise", "reduction",
                 "scan", "curandom", "tools", "characterize"):
        module = importlib.import_module(f"cudapy.pycuda.{name}")
        for public in module.__all__:
            value = getattr(module, public)
            if callable(value) and not inspect.ismodule(value) and not (
                    getattr(value, "__doc__", None) or "").strip():
                undocumented.append(f"{module.__name__}.{public}")
    assert not undocumented
