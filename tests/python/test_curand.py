"""cuRAND through cudapy.cudalib.curand (pyculib's PRNG, QRNG and functions) and PyCUDA's
curandom generator classes. On every machine: arguments are checked before the GPU is used,
the CPU target's arrays are refused. On the GPU: each distribution's moments within several
standard errors of the distribution's, the ranges, seeds and offsets, Sobol's points against
the sequence computed from its direction numbers, NumPy arrays filled in place, streams, CuPy
arrays, cuRAND itself through CuPy's binding as an oracle, and PyCUDA's classes as PyCUDA's own
test uses them."""

import math
import os
import subprocess
import sys

import numpy as np
import pytest

import cudapy as cp
from cudapy import _ffi
from cudapy.cudalib import curand, library_version

gpu = pytest.mark.gpu

N = 1 << 20
PSEUDO = [curand.PRNG.XORWOW, curand.PRNG.MRG32K3A, curand.PRNG.MTGP32, curand.PRNG.MT19937,
          curand.PRNG.PHILOX4_32_10]
QUASI = [curand.QRNG.SOBOL32, curand.QRNG.SCRAMBLED_SOBOL32, curand.QRNG.SOBOL64,
         curand.QRNG.SCRAMBLED_SOBOL64]


def kind_name(kind):
    return kind.name


class GpuArrayStandIn:
    """Another library's GPU array, as far as __cuda_array_interface__ describes it: the
    checks that refuse it come before its memory is touched."""

    def __init__(self, strides=None, readonly=False):
        self.__cuda_array_interface__ = {"shape": (4,), "strides": strides, "typestr": "<f4",
                                         "data": (1 << 20, readonly), "version": 3}


# ---- arguments, on every machine -----------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: curand.PRNG(rndtype=99), lambda: curand.PRNG(rndtype="XORWOW"),
    lambda: curand.PRNG(rndtype=True), lambda: curand.PRNG(rndtype=curand.QRNG.SOBOL32),
    lambda: curand.QRNG(rndtype=curand.PRNG.XORWOW)])
def test_an_unknown_generator_kind_is_refused(make):
    with pytest.raises(ValueError, match="rndtype"):
        make()


def test_seeds_offsets_dimensions_and_streams_are_checked():
    with pytest.raises(ValueError, match="seed"):
        curand.PRNG(seed=-1)
    with pytest.raises(ValueError, match="seed"):
        curand.PRNG(seed=1 << 64)
    with pytest.raises(TypeError, match="seed"):
        curand.PRNG(seed=1.5)
    with pytest.raises(ValueError, match="offset"):
        curand.PRNG(offset=-3)
    with pytest.raises(ValueError, match="ndim"):
        curand.QRNG(ndim=0)
    with pytest.raises(ValueError, match="ndim"):
        curand.QRNG(ndim=20001)
    with pytest.raises(TypeError, match="stream"):
        curand.PRNG(stream="default")
    prng = curand.PRNG(curand.PRNG.PHILOX4_32_10, seed=5, offset=7)
    assert (prng.seed, prng.offset, prng.stream) == (5, 7, None)
    assert curand.PRNG().seed != curand.PRNG().seed  # drawn from the OS's entropy
    assert curand.QRNG(curand.QRNG.SCRAMBLED_SOBOL64, ndim=3).bits == 64


def test_fill_arguments_are_checked_before_the_gpu_is_used():
    prng, qrng = curand.PRNG(seed=1), curand.QRNG(ndim=3)
    with pytest.raises(TypeError, match="int32"):
        prng.uniform(np.empty(4, np.int32))
    with pytest.raises(TypeError, match="float64"):
        prng.poisson(np.empty(4), 2.0)
    with pytest.raises(TypeError, match="uint64"):
        prng.generate(np.empty(4, np.uint64))
    with pytest.raises(TypeError, match="uint32"):
        curand.QRNG(curand.QRNG.SOBOL64).generate(np.empty(4, np.uint32))
    with pytest.raises(TypeError, match="list"):
        prng.uniform([0.0, 0.0])
    with pytest.raises(ValueError, match="size"):
        prng.uniform(np.empty(4), size=5)
    with pytest.raises(ValueError, match="size"):
        prng.uniform(np.empty(4), size=-1)
    with pytest.raises(TypeError, match="size"):
        prng.uniform(np.empty(4), size=2.0)
    with pytest.raises(ValueError, match="sigma"):
        prng.normal(np.empty(4), 0.0, -1.0)
    with pytest.raises(ValueError, match="finite"):
        prng.lognormal(np.empty(4), math.nan, 1.0)
    with pytest.raises(TypeError, match="mean"):
        prng.normal(np.empty(4), "0", 1.0)
    with pytest.raises(ValueError, match="lmbd"):
        prng.poisson(np.empty(4, np.uint32), 0.0)
    with pytest.raises(ValueError, match="multiples of 3"):
        qrng.uniform(np.empty(10))
    read_only = np.empty(4)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        prng.uniform(read_only)
    with pytest.raises(ValueError, match="contiguous"):
        prng.uniform(GpuArrayStandIn(strides=(8,)))
    with pytest.raises(ValueError, match="read-only"):
        prng.uniform(GpuArrayStandIn(readonly=True))
    # Nothing to fill needs no GPU.
    prng.uniform(np.empty(0))
    qrng.normal(np.empty(6), 0.0, 1.0, size=0)


def test_the_module_functions_check_their_arguments_first():
    with pytest.raises(TypeError, match="int32"):
        curand.uniform(10, dtype=np.int32)
    with pytest.raises(ValueError, match="sigma"):
        curand.normal(0.0, -2.0, 10)
    with pytest.raises(TypeError, match="float16"):
        curand.lognormal(0.0, 1.0, 10, dtype=np.float16)
    with pytest.raises(ValueError, match="lmbd"):
        curand.poisson(-1.0, 10)
    with pytest.raises(ValueError, match="bits"):
        curand.quasi(10, bits=16)
    with pytest.raises(ValueError, match="multiples of 3"):
        curand.quasi(10, nd=3)
    with pytest.raises(ValueError, match="negative"):
        curand.quasi(-4)


def test_the_cpu_targets_arrays_are_refused():
    host_memory = cp.CudaArray(np.zeros(8), target="cpu")
    with pytest.raises(cp.UnsupportedError, match="GPU only"):
        curand.PRNG(seed=1).uniform(host_memory)
    with pytest.raises(cp.UnsupportedError, match="GPU only"):
        curand.QRNG().generate(cp.CudaArray(np.zeros(8, np.uint32), target="cpu"))


def test_pycudas_generators_say_what_they_cannot_do(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    from cudapy.pycuda import curandom, gpuarray

    assert curandom.get_curand_version() is None  # cuRAND cannot fill host memory
    with pytest.raises(NotImplementedError, match="direction vectors"):
        curandom.Sobol32RandomNumberGenerator(dir_vector=gpuarray.empty(32, np.uint32))
    with pytest.raises(NotImplementedError, match="scramble"):
        curandom.ScrambledSobol64RandomNumberGenerator(scramble_vector=gpuarray.empty(
            1, np.uint64))
    for make in (curandom.generate_direction_vectors, curandom.generate_scramble_constants32,
                 curandom.generate_scramble_constants64):
        with pytest.raises(NotImplementedError):
            make(4)
    generator = curandom.XORWOWRandomNumberGenerator()
    for skip in (generator.call_skip_ahead, generator.call_skip_ahead_array,
                 generator.call_skip_ahead_sequence, generator.call_skip_ahead_sequence_array):
        with pytest.raises(NotImplementedError, match="offset="):
            skip(10)
    with pytest.raises(NotImplementedError, match="int32"):
        generator.gen_normal(10, np.int32)
    with pytest.raises(NotImplementedError, match="int16"):
        generator.fill_poisson(gpuarray.empty(4, np.int16), 2.0)
    with pytest.raises(cp.UnsupportedError, match="GPU only"):
        generator.fill_uniform(gpuarray.empty(4, np.float32))
    seeds = curandom.seed_getter_uniform(6).get()
    assert seeds.dtype == np.int32 and len(set(seeds)) == 1 and 0 <= seeds[0] < 1 << 31
    seeds = curandom.seed_getter_unique(1000).get()
    assert seeds.dtype == np.int32 and len(set(seeds)) > 990 and seeds.min() >= 0


def test_pycudas_curand_version_is_curands_own(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    from cudapy.pycuda import curandom

    try:
        number = library_version(_ffi.NvidiaLibrary.CURAND)[0]
    except cp.LibraryUnavailableError:
        assert curandom.get_curand_version() is None
        return
    major, minor, patch = curandom.get_curand_version()
    assert major >= 10 and minor < 10 and patch < 100  # cuRAND is 10.x since CUDA 10
    assert major * 1000 + minor * 100 + patch == number


def test_without_curand_pycuda_is_told_so_and_the_rest_keeps_working():
    code = ("import numpy as np\n"
            "from cudapy.pycuda import curandom\n"
            "from cudapy.cudalib import curand\n"
            "print('version', curandom.get_curand_version())\n"
            "curand.PRNG(seed=1).uniform(np.empty(0))\n"
            "print('made', curand.QRNG(ndim=2).ndim)\n")
    environment = dict(os.environ, CUDAPY_CURAND="/nonexistent/libcurand.so.10",
                       CUDAPY_TARGET="cuda")
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "version None" in done.stdout and "made 2" in done.stdout


def test_every_public_name_has_a_docstring(monkeypatch):
    import test_docstrings

    monkeypatch.setattr(test_docstrings, "PUBLIC_MODULES", ("cudapy.cudalib.curand",))
    assert not test_docstrings._undocumented()


# ---- the distributions on the GPU ----------------------------------------------------------

def drawn(fill, count, dtype):
    """`count` numbers of `dtype` that `fill` puts into a new device array, on the host."""
    out = cp.CudaArray.allocate(count, dtype, target="cuda")
    fill(out)
    return out.copy_to_host()


@gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_uniform_numbers_are_in_0_1_with_the_uniform_moments(kind, dtype):
    x = drawn(curand.PRNG(kind, seed=1234).uniform, N, dtype)
    assert x.dtype == dtype and x.min() > 0 and x.max() <= 1
    x = x.astype(np.float64)
    # The mean's standard error is sqrt(1/12 / n); the variance's sqrt(1/180 / n), as
    # Var[(U - 1/2)**2] = 1/80 - 1/144.
    assert abs(x.mean() - 0.5) < 5 * math.sqrt(1 / 12 / N)
    assert abs(x.var() - 1 / 12) < 5 * math.sqrt(1 / 180 / N)


@gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_normal_numbers_have_their_mean_and_variance(kind, dtype):
    mean, sigma, count = 2.0, 3.0, N + 1  # an odd count: cuRAND makes normals in pairs
    x = drawn(lambda out: curand.PRNG(kind, seed=99).normal(out, mean, sigma), count, dtype)
    assert np.isfinite(x).all()
    x = x.astype(np.float64)
    # Standard errors: sigma / sqrt(n) for the mean, sqrt(2 sigma**4 / n) for the variance.
    assert abs(x.mean() - mean) < 5 * sigma / math.sqrt(count)
    assert abs(x.var() - sigma ** 2) < 6 * math.sqrt(2 * sigma ** 4 / count)


@gpu
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_odd_counts_of_normals_are_all_drawn(kind):
    for count in (1, 3, 7, 1001):
        for dtype in (np.float32, np.float64):
            prng = curand.PRNG(kind, seed=count)
            normals = np.full(count, np.nan, dtype)
            prng.normal(normals, 0.0, 1.0)
            logs = np.full(count, np.nan, dtype)
            prng.lognormal(logs, 0.0, 1.0)
            assert np.isfinite(normals).all() and (np.abs(normals) < 10).all()
            assert np.isfinite(logs).all() and (logs > 0).all()
            if count > 1:
                assert len(np.unique(normals)) == count


@gpu
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_log_normal_numbers_are_exponentials_of_normals(kind):
    mean, sigma = 0.5, 0.75
    x = drawn(lambda out: curand.PRNG(kind, seed=7).lognormal(out, mean, sigma), N, np.float64)
    assert (x > 0).all()
    logs = np.log(x)
    assert abs(logs.mean() - mean) < 5 * sigma / math.sqrt(N)
    assert abs(logs.var() - sigma ** 2) < 6 * math.sqrt(2 * sigma ** 4 / N)


@gpu
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_poisson_numbers_have_their_mean_and_variance(kind):
    for lmbd in (0.5, 13.0):
        x = drawn(lambda out: curand.PRNG(kind, seed=3).poisson(out, lmbd), N, np.uint32)
        assert x.dtype == np.uint32
        x = x.astype(np.float64)
        # Standard errors: sqrt(lmbd / n) for the mean; for the variance sqrt((mu4 - lmbd**2)
        # / n), the fourth central moment mu4 being lmbd (1 + 3 lmbd).
        assert abs(x.mean() - lmbd) < 5 * math.sqrt(lmbd / N)
        assert abs(x.var() - lmbd) < 6 * math.sqrt((lmbd + 2 * lmbd ** 2) / N)


@gpu
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_a_seed_gives_the_same_numbers(kind):
    first = drawn(curand.PRNG(kind, seed=42).generate, 10_000, np.uint32)
    again = drawn(curand.PRNG(kind, seed=42).generate, 10_000, np.uint32)
    other = drawn(curand.PRNG(kind, seed=43).generate, 10_000, np.uint32)
    np.testing.assert_array_equal(first, again)
    assert (first != other).mean() > 0.99
    assert len(np.unique(first)) > 9_900  # 32 random bits: few of 10**4 collide


@gpu
@pytest.mark.parametrize("kind", PSEUDO, ids=kind_name)
def test_setting_the_seed_starts_its_sequence_again(kind):
    prng = curand.PRNG(kind, seed=42)
    first = drawn(prng.generate, 1000, np.uint32)
    assert not np.array_equal(drawn(prng.generate, 1000, np.uint32), first)
    prng.seed = 42
    np.testing.assert_array_equal(drawn(prng.generate, 1000, np.uint32), first)


@gpu
@pytest.mark.parametrize("skip", [1, 37, 4099])
@pytest.mark.parametrize("kind", [curand.PRNG.XORWOW, curand.PRNG.MRG32K3A,
                                  curand.PRNG.PHILOX4_32_10], ids=kind_name)
def test_an_offset_skips_that_many_numbers(kind, skip):
    count = 5000
    whole = drawn(curand.PRNG(kind, seed=11).generate, count + skip, np.uint32)
    prng = curand.PRNG(kind, seed=11, offset=skip)
    shifted = drawn(prng.generate, count, np.uint32)
    np.testing.assert_array_equal(shifted, whole[skip:])
    prng.seed = 11  # the same seed and offset again: the same numbers
    np.testing.assert_array_equal(drawn(prng.generate, count, np.uint32), shifted)
    prng.offset = 2 * skip  # cuRAND's offset is a place in the sequence, not a step
    np.testing.assert_array_equal(drawn(prng.generate, count - skip, np.uint32),
                                  whole[2 * skip:])


# ---- Sobol's points ------------------------------------------------------------------------

def direction_numbers(dimension, bits):
    """m_1, ..., m_bits of Sobol's first two dimensions (Joe and Kuo's, as cuRAND's): all 1 for
    the first; for the second, of the primitive polynomial x + 1 and m_1 = 1, the recurrence
    m_k = 2 m_(k-1) xor m_(k-1)."""
    if dimension == 1:
        return [1] * bits
    numbers = [1]
    while len(numbers) < bits:
        numbers.append(2 * numbers[-1] ^ numbers[-1])
    return numbers


def sobol_points(dimension, count, bits, start=0):
    """Points start, ..., start + count - 1 of a dimension's Sobol sequence as `bits`-bit
    integers, in Gray-code order from the point 0: point n is the xor of the direction numbers
    v_k = m_k * 2**(bits - k) over the bits k of the Gray code n ^ (n >> 1)."""
    vectors = [m << (bits - k) for k, m in enumerate(direction_numbers(dimension, bits), 1)]
    points = []
    for n in range(start, start + count):
        gray, point = n ^ (n >> 1), 0
        for k in range(bits):
            if gray >> k & 1:
                point ^= vectors[k]
        points.append(point)
    return np.array(points, np.uint64 if bits == 64 else np.uint32)


@gpu
def test_sobols_first_points_are_the_sequence_from_0():
    # cuRAND's Sobol32 keeps the point 0: pyculib's documentation shows curand.quasi(10)
    # giving these, which the oracle reproduces.
    shown = [0, 2147483648, 3221225472, 1073741824, 1610612736, 3758096384, 2684354560,
             536870912, 805306368, 2952790016]
    np.testing.assert_array_equal(sobol_points(1, 10, 32), shown)
    np.testing.assert_array_equal(drawn(curand.QRNG().generate, 1000, np.uint32),
                                  sobol_points(1, 1000, 32))
    np.testing.assert_array_equal(drawn(curand.QRNG(curand.QRNG.SOBOL64).generate, 1000,
                                        np.uint64), sobol_points(1, 1000, 64))
    np.testing.assert_array_equal(drawn(curand.QRNG(offset=29).generate, 100, np.uint32),
                                  sobol_points(1, 100, 32, start=29))


@gpu
def test_sobols_dimensions_come_one_after_another():
    points = drawn(curand.QRNG(ndim=2).generate, 2 * 512, np.uint32)
    np.testing.assert_array_equal(points[:512], sobol_points(1, 512, 32))
    np.testing.assert_array_equal(points[512:], sobol_points(2, 512, 32))
    np.testing.assert_array_equal(curand.quasi(64, nd=2)[32:], sobol_points(2, 32, 32))


@gpu
def test_sobols_uniform_numbers_are_its_points_scaled():
    uniforms = drawn(curand.QRNG().uniform, 4096, np.float64)
    assert uniforms.min() > 0 and uniforms.max() <= 1
    np.testing.assert_allclose(uniforms, sobol_points(1, 4096, 32) / 2.0 ** 32, rtol=0,
                               atol=2.0 ** -31)


@gpu
@pytest.mark.parametrize("kind", QUASI, ids=kind_name)
def test_every_sobol_generator_draws_each_distribution(kind):
    count = 1 << 16
    uniforms = drawn(curand.QRNG(kind).uniform, count, np.float64)
    assert uniforms.min() > 0 and uniforms.max() <= 1
    # Quasi-random points fill (0, 1] evenly: their moments are closer than random ones'.
    assert abs(uniforms.mean() - 0.5) < 5 * math.sqrt(1 / 12 / count)
    for dtype in (np.float32, np.float64):
        normals = drawn(lambda out: curand.QRNG(kind).normal(out, 1.0, 2.0), count + 1, dtype)
        assert np.isfinite(normals).all()
        assert abs(normals.astype(np.float64).mean() - 1.0) < 5 * 2.0 / math.sqrt(count)
        logs = drawn(lambda out: curand.QRNG(kind).lognormal(out, 0.0, 0.5), count, dtype)
        assert (logs > 0).all()
    counts = drawn(lambda out: curand.QRNG(kind).poisson(out, 4.0), count, np.uint32)
    assert abs(counts.mean() - 4.0) < 5 * math.sqrt(4.0 / count)
    bits = np.uint64 if kind in (curand.QRNG.SOBOL64, curand.QRNG.SCRAMBLED_SOBOL64) \
        else np.uint32
    points = drawn(curand.QRNG(kind, ndim=4).generate, 4 * 1000, bits)
    assert len(np.unique(points[:1000])) == 1000  # a dimension's points are distinct


# ---- arrays, streams and the module's functions on the GPU ---------------------------------

@gpu
def test_numpy_arrays_are_filled_in_place_in_memory_order():
    host = np.zeros((300, 7), np.float32)
    curand.PRNG(seed=21).uniform(host)
    np.testing.assert_array_equal(host.ravel(), drawn(curand.PRNG(seed=21).uniform, 2100,
                                                      np.float32))
    fortran = np.zeros((30, 7), order="F")
    curand.PRNG(seed=4).uniform(fortran)
    np.testing.assert_array_equal(fortran.ravel(order="F"),
                                  drawn(curand.PRNG(seed=4).uniform, 210, np.float64))
    strided = np.zeros(40)[::2]
    curand.PRNG(seed=4).uniform(strided)
    np.testing.assert_array_equal(strided, drawn(curand.PRNG(seed=4).uniform, 20, np.float64))
    part = np.zeros(100)
    curand.PRNG(seed=8).uniform(part, size=10)
    assert (part[:10] > 0).all() and (part[10:] == 0).all()
    counts = np.zeros(1000, np.uint32)
    curand.PRNG(seed=8).poisson(counts, 100.0)
    assert 80 < counts.mean() < 120


@gpu
def test_device_arrays_of_any_contiguous_layout_are_filled():
    matrix = cp.CudaArray.allocate((64, 5), np.float64, target="cuda", order="F")
    curand.PRNG(seed=6).normal(matrix, 0.0, 1.0)
    expected = drawn(lambda out: curand.PRNG(seed=6).normal(out, 0.0, 1.0), 320, np.float64)
    np.testing.assert_array_equal(matrix.copy_to_host().ravel(order="F"), expected)
    with pytest.raises(ValueError, match="contiguous"):
        curand.PRNG().uniform(cp.CudaArray.allocate((8, 8), np.float32, target="cuda")[:, 1])


@gpu
def test_the_work_is_ordered_on_the_stream():
    stream = cp.stream()
    prng = curand.PRNG(seed=5, stream=stream)
    assert prng.stream is stream
    out = cp.CudaArray.allocate(N, np.float32, target="cuda")
    prng.uniform(out)
    stream.synchronize()
    np.testing.assert_array_equal(out.copy_to_host(),
                                  drawn(curand.PRNG(seed=5).uniform, N, np.float32))
    host = np.zeros(N, np.float32)  # filled when the call returns
    curand.PRNG(seed=5, stream=stream).uniform(host)
    np.testing.assert_array_equal(host, out.copy_to_host())


@gpu
def test_the_module_functions():
    uniforms = curand.uniform(N, dtype=np.float32)
    assert isinstance(uniforms, np.ndarray) and uniforms.dtype == np.float32
    assert uniforms.min() > 0 and uniforms.max() <= 1
    assert abs(uniforms.astype(np.float64).mean() - 0.5) < 5 * math.sqrt(1 / 12 / N)
    assert not np.array_equal(curand.uniform(100), curand.uniform(100))
    normals = curand.normal(-1.0, 0.5, (512, 512), device=True)
    assert isinstance(normals, cp.CudaArray) and normals.shape == (512, 512)
    assert abs(normals.copy_to_host().mean() + 1.0) < 5 * 0.5 / 512
    logs = curand.lognormal(1.0, 0.25, N)
    assert abs(np.log(logs).mean() - 1.0) < 5 * 0.25 / math.sqrt(N)
    counts = curand.poisson(6.0, N)
    assert counts.dtype == np.uint32 and abs(counts.mean() - 6.0) < 5 * math.sqrt(6.0 / N)
    np.testing.assert_array_equal(curand.quasi(16), sobol_points(1, 16, 32))
    np.testing.assert_array_equal(curand.quasi(16), sobol_points(1, 16, 32))  # a new one
    points = curand.quasi(16, bits=64, device=True)
    np.testing.assert_array_equal(points.copy_to_host(), sobol_points(1, 16, 64))


@gpu
def test_cupy_arrays_are_filled():
    cupy = pytest.importorskip("cupy")
    array = cupy.zeros(1001, cupy.float64)
    curand.PRNG(seed=9).normal(array, 3.0, 1.0)
    np.testing.assert_array_equal(
        cupy.asnumpy(array),
        drawn(lambda out: curand.PRNG(seed=9).normal(out, 3.0, 1.0), 1001, np.float64))


@gpu
def test_xorwow_gives_the_numbers_curand_gives_through_cupy():
    cupy = pytest.importorskip("cupy")
    from cupy.cuda import curand as cupy_curand

    xorwow = 101  # curandRngType's CURAND_RNG_PSEUDO_XORWOW
    count, seed, skip = 100_003, 1234, 77
    generator = cupy_curand.createGenerator(xorwow)
    try:
        cupy_curand.setPseudoRandomGeneratorSeed(generator, seed)
        cupy_curand.setGeneratorOffset(generator, skip)
        bits = cupy.empty(count, cupy.uint32)
        cupy_curand.generate(generator, bits.data.ptr, count)
        uniforms = cupy.empty(count, cupy.float64)
        cupy_curand.generateUniformDouble(generator, uniforms.data.ptr, count)
        normals = cupy.empty(count - 3, cupy.float32)
        cupy_curand.generateNormal(generator, normals.data.ptr, count - 3, 0.5, 2.0)
    finally:
        cupy_curand.destroyGenerator(generator)
    prng = curand.PRNG(curand.PRNG.XORWOW, seed=seed, offset=skip)
    np.testing.assert_array_equal(drawn(prng.generate, count, np.uint32), cupy.asnumpy(bits))
    np.testing.assert_array_equal(drawn(prng.uniform, count, np.float64),
                                  cupy.asnumpy(uniforms))
    np.testing.assert_array_equal(drawn(lambda out: prng.normal(out, 0.5, 2.0), count - 3,
                                        np.float32), cupy.asnumpy(normals))


# ---- PyCUDA's generator classes on the GPU -------------------------------------------------

@pytest.fixture
def pycuda_on_gpu(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    from cudapy.pycuda import curandom, gpuarray
    return curandom, gpuarray


PYCUDA_GENERATORS = ["XORWOWRandomNumberGenerator", "MRG32k3aRandomNumberGenerator",
                     "Sobol32RandomNumberGenerator", "ScrambledSobol32RandomNumberGenerator",
                     "Sobol64RandomNumberGenerator", "ScrambledSobol64RandomNumberGenerator"]


@gpu
@pytest.mark.nvrtc
@pytest.mark.parametrize("name", PYCUDA_GENERATORS)
def test_pycudas_generators_as_pycudas_own_test_uses_them(pycuda_on_gpu, name):
    curandom, gpuarray = pycuda_on_gpu
    assert curandom.get_curand_version() >= (5, 0, 0)
    generator = getattr(curandom, name)()
    for dtype in (np.float32, np.float64):
        for count in (10_000, 10_001):
            normals = generator.gen_normal(count, dtype).get()
            assert normals.dtype == dtype and normals.shape == (count,)
            assert np.isfinite(normals).all() and abs(normals.mean()) < 0.1
            logs = generator.gen_log_normal(count, dtype, 10.0, 3.0).get()
            assert (logs > 0).all() and abs(np.log(logs.astype(np.float64)).mean() - 10) < 0.3
        uniforms = generator.gen_uniform(10_000, dtype).get()
        assert uniforms.min() > 0 and uniforms.max() <= 1
    bits = generator.gen_uniform(10_000, np.uint32).get()
    assert bits.dtype == np.uint32 and len(np.unique(bits)) > 9_900
    counts = generator.gen_poisson(10_000, np.uint32, 13.0).get()
    assert abs(counts.mean() - 13.0) < 6 * math.sqrt(13.0 / 10_000)
    # fill_poisson without a mean takes each element's value as its mean.
    nine_of_ten = math.exp(-10) * 10 ** 9 / math.factorial(9)  # P(X = 9) for the mean 10
    for dtype in (np.float32, np.float64, np.uint32):
        values = gpuarray.empty(1_000_000, dtype=dtype)
        values.fill(10)
        generator.fill_poisson(values)
        share = (values.get() == 9).mean()
        assert abs(share - nine_of_ten) < 6 * math.sqrt(nine_of_ten * (1 - nine_of_ten) / 1e6)


@gpu
@pytest.mark.nvrtc
def test_pycudas_generators_draw_curands_sequences(pycuda_on_gpu):
    curandom, gpuarray = pycuda_on_gpu
    seeded = curandom.XORWOWRandomNumberGenerator(
        seed_getter=lambda count: gpuarray.to_gpu(np.full(count, -2, np.int32)), offset=3)
    np.testing.assert_array_equal(
        seeded.gen_uniform(1000, np.uint32).get(),
        drawn(curand.PRNG(curand.PRNG.XORWOW, seed=(1 << 32) - 2, offset=3).generate, 1000,
              np.uint32))
    sobol64 = curandom.Sobol64RandomNumberGenerator()
    np.testing.assert_array_equal(sobol64.gen_uniform(64, np.uint64).get(),
                                  sobol_points(1, 64, 64))
    # uint32 numbers of a 64-bit Sobol generator are its points' top 32 bits.
    np.testing.assert_array_equal(curandom.Sobol64RandomNumberGenerator(offset=64).gen_uniform(
        64, np.uint32).get(), sobol_points(1, 64, 32, start=64))
    np.testing.assert_array_equal(curandom.Sobol32RandomNumberGenerator().gen_uniform(
        64, np.int32).get(), sobol_points(1, 64, 32).view(np.int32))


@gpu
@pytest.mark.nvrtc
def test_pycudas_fill_poisson_draws_for_each_elements_mean(pycuda_on_gpu):
    curandom, gpuarray = pycuda_on_gpu
    generator = curandom.MRG32k3aRandomNumberGenerator()
    count = 100_000
    values = gpuarray.to_gpu(np.repeat([2.0, 0.0, 50.0], count))
    generator.fill_poisson(values)
    drawn_values = values.get()
    assert (drawn_values[count:2 * count] == 0).all()
    for part, mean in ((drawn_values[:count], 2.0), (drawn_values[2 * count:], 50.0)):
        assert (part == np.round(part)).all()
        assert abs(part.mean() - mean) < 5 * math.sqrt(mean / count)
    counts = generator.gen_poisson((100, 100), np.float32, 4.0).get()
    assert counts.dtype == np.float32 and counts.shape == (100, 100)
    assert abs(counts.mean() - 4.0) < 5 * math.sqrt(4.0 / counts.size)
    with pytest.raises(ValueError, match="negative"):
        generator.fill_poisson(gpuarray.to_gpu(np.array([1.0, -1.0])))
