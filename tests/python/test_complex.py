"""Complex numbers in kernels (complex64 and complex128): arithmetic, promotion, literals, parts,
cmath's functions, parameters, local arrays and ufuncs, on the CPU target, the interpreter and
the GPU; NumPy is the oracle."""

import cmath

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

TARGETS = ["cpu", "python", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]
# The GPU fuses multiplies and adds, and its math library differs from NumPy's by an ulp or two.
TOLERANCE = {np.complex64: 2e-5, np.complex128: 1e-12}


def random_complex(n, dtype, seed=0, scale=1.0):
    rng = np.random.default_rng(seed)
    return (scale * (rng.standard_normal(n) + 1j * rng.standard_normal(n))).astype(dtype)


def assert_close(got, expected, dtype):
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    tolerance = TOLERANCE[dtype]
    np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance)


ARITHMETIC = '''
# arithmetic : void ({t}* a, {t}* b, {t}* out)
def arithmetic(a, b, out):
    i = idx
    if i < len(a):
        x = a[i]
        y = b[i]
        out[6 * i] = x + y
        out[6 * i + 1] = x - y * 2
        out[6 * i + 2] = x * y
        out[6 * i + 3] = x / y
        out[6 * i + 4] = -x + 1.5j - 2
        out[6 * i + 5] = x ** 3 + y ** -2 + x ** 0
'''


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_arithmetic_matches_numpy(target, dtype):
    name = np.dtype(dtype).name
    kernel = cp.compile(ARITHMETIC.format(t=name), target=target)
    a, b = random_complex(200, dtype, 1), random_complex(200, dtype, 2)
    out = np.zeros(6 * 200, dtype)
    kernel(200)(a, b, out)
    two, one = dtype(2), dtype(1)
    expected = np.stack([a + b, a - b * two, a * b, a / b, -a + dtype(1.5j) - two,
                         a ** 3 + b ** -2 + one], axis=1).reshape(-1)
    assert_close(out, expected.astype(dtype), dtype)


DIVISIONS = '''
# divide : void ({t}* a, {t}* b, {t}* out)
def divide(a, b, out):
    if idx < len(a):
        out[idx] = a[idx] / b[idx]
'''


@pytest.mark.parametrize("target", TARGETS)
def test_division_by_zero_and_extremes_match_numpy(target):
    kernel = cp.compile(DIVISIONS.format(t="complex128"), target=target)
    a = np.array([1 + 1j, 1 + 0j, 0j, 1e300 + 1e300j, 3 - 4j, 1e-300 + 1j], np.complex128)
    b = np.array([0j, 0j, 0j, 1e300 + 1e-300j, 1e-310 + 1e308j, 1e300 + 0j], np.complex128)
    out = np.zeros_like(a)
    kernel(len(a))(a, b, out)
    with np.errstate(all="ignore"):
        expected = a / b
    np.testing.assert_array_equal(np.isnan(out), np.isnan(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(out[finite], expected[finite], rtol=1e-15)
    np.testing.assert_array_equal(out[~finite & ~np.isnan(expected)],
                                  expected[~finite & ~np.isnan(expected)])


PARTS = '''
# parts : void (complex64* z, float* x, complex128* w, complex64 s)
def parts(z, x, w, s):
    i = idx
    if i < len(z):
        v = z[i]
        x[4 * i] = v.real
        x[4 * i + 1] = v.imag
        x[4 * i + 2] = abs(v)
        x[4 * i + 3] = (v * 2.0).real + float(v.imag > 0) + (2.5).imag
        w[3 * i] = v.conjugate() * s
        w[3 * i + 1] = complex(v.imag, v.real) + complex(3) + 1.5 + 2j
        w[3 * i + 2] = v * np.float64(1.5) if v != s else complex(0, 0)
'''


@pytest.mark.parametrize("target", TARGETS)
def test_parts_literals_and_promotion(target):
    kernel = cp.compile(PARTS, target=target)
    z = random_complex(64, np.complex64, 3)
    s = np.complex64(0.5 - 2j)
    z[5] = s
    x, w = np.zeros(4 * 64, np.float32), np.zeros(3 * 64, np.complex128)
    kernel(64)(z, x, w, s)
    expected_x = np.stack([z.real, z.imag, np.abs(z),
                           (z * np.float32(2)).real + (z.imag > 0)], axis=1).reshape(-1)
    np.testing.assert_allclose(x, expected_x.astype(np.float32), rtol=2e-6, atol=2e-6)
    # a complex64 times a float64 is complex128, as NumPy's promotion gives
    third = np.where(z != s, z.astype(np.complex128) * 1.5, 0)
    expected_w = np.stack([(np.conj(z) * s).astype(np.complex128),
                           (z.imag + 1j * z.real.astype(np.float64)).astype(np.complex64)
                           .astype(np.complex128) + 3 + 1.5 + 2j,
                           third], axis=1).reshape(-1)
    np.testing.assert_allclose(w, expected_w, rtol=2e-6, atol=2e-6)


CMATH = '''
import cmath

# functions : void ({t}* z, {t}* out, {r}* real, bool* flags)
def functions(z, out, real, flags):
    i = idx
    if i < len(z):
        v = z[i]
        base = 16 * i
        out[base] = cmath.exp(v)
        out[base + 1] = cmath.log(v)
        out[base + 2] = cmath.log10(v)
        out[base + 3] = cmath.sqrt(v)
        out[base + 4] = cmath.sin(v)
        out[base + 5] = cmath.cos(v)
        out[base + 6] = cmath.tan(v)
        out[base + 7] = cmath.asin(v)
        out[base + 8] = cmath.acos(v)
        out[base + 9] = cmath.atan(v)
        out[base + 10] = cmath.sinh(v)
        out[base + 11] = cmath.cosh(v)
        out[base + 12] = cmath.tanh(v)
        out[base + 13] = cmath.asinh(v)
        out[base + 14] = cmath.acosh(v)
        out[base + 15] = cmath.atanh(v)
        real[i] = cmath.phase(v)
        flags[3 * i] = cmath.isnan(v)
        flags[3 * i + 1] = cmath.isinf(v)
        flags[3 * i + 2] = cmath.isfinite(v)
'''

NUMPY_FUNCTIONS = [np.exp, np.log, np.log10, np.sqrt, np.sin, np.cos, np.tan, np.arcsin,
                   np.arccos, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh,
                   np.arctanh]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_cmath_functions_match_numpy(target, dtype):
    real_type = "float32" if dtype == np.complex64 else "float64"
    kernel = cp.compile(CMATH.format(t=np.dtype(dtype).name, r=real_type), target=target)
    z = random_complex(300, dtype, 4, scale=1.5)
    z[:4] = [np.nan + 1j, np.inf, 2.0, -3j]  # the last two on the real and imaginary axes
    out = np.zeros(16 * len(z), dtype)
    real = np.zeros(len(z), real_type)
    flags = np.zeros(3 * len(z), np.bool_)
    kernel(len(z))(z, out, real, flags)
    got = out.reshape(len(z), 16)
    finite = slice(4, None)
    for column, function in enumerate(NUMPY_FUNCTIONS):
        expected = function(z[finite])
        tolerance = 50 * TOLERANCE[dtype]  # the inverse functions lose a little near their cuts
        np.testing.assert_allclose(got[finite, column], expected, rtol=tolerance, atol=tolerance,
                                   err_msg=function.__name__)
    np.testing.assert_allclose(got[2:4], np.stack([f(z[2:4]) for f in NUMPY_FUNCTIONS], axis=1),
                               rtol=50 * TOLERANCE[dtype], atol=50 * TOLERANCE[dtype])
    np.testing.assert_allclose(real, np.angle(z).astype(real_type), rtol=TOLERANCE[dtype])
    np.testing.assert_array_equal(flags.reshape(len(z), 3),
                                  np.stack([np.isnan(z), np.isinf(z), np.isfinite(z)], axis=1))


RECT = '''
import cmath

# rect : void (double* r, double* phi, complex128* out, complex64* rows)
def rect(r, phi, out, rows):
    i = idx
    if i < len(r):
        out[i] = cmath.rect(r[i], phi[i]) + cmath.log(out[i] + 3, 2) + cmath.infj * 0
        local = cuda.local.array(2, complex64)
        local[0] = complex(r[i], phi[i])
        local[1] = local[0] * 1j
        rows[2 * i] = local[0]
        rows[2 * i + 1] = local[1]
'''


@pytest.mark.parametrize("target", TARGETS)
def test_rect_log_base_and_local_arrays(target):
    kernel = cp.compile(RECT, target=target)
    rng = np.random.default_rng(5)
    r, phi = rng.random(50) + 0.5, rng.uniform(-3, 3, 50)
    out = random_complex(50, np.complex128, 6)
    start = out.copy()
    rows = np.zeros(100, np.complex64)
    kernel(50)(r, phi, out, rows)
    with np.errstate(invalid="ignore"):
        expected = r * np.exp(1j * phi) + np.log(start + 3) / np.log(2) + complex(0, np.inf) * 0
    np.testing.assert_array_equal(np.isnan(out), np.isnan(expected))
    made = (r + 1j * phi).astype(np.complex64)
    np.testing.assert_allclose(rows, np.stack([made, made * np.complex64(1j)], 1).reshape(-1),
                               rtol=1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_a_numba_kernel_on_complex_arrays_and_scalars(target):
    def scale_and_shift(z, factor, out):
        i = cuda.grid(1)
        if i < z.size:
            out[i] = z[i] * factor + z[i].conjugate()

    kernel = cuda.jit(target=target)(scale_and_shift)
    z = random_complex(100, np.complex128, 7)
    out = np.zeros_like(z)
    kernel[4, 32](z, 2 - 1j, out)
    np.testing.assert_allclose(out, z * (2 - 1j) + np.conj(z), rtol=1e-14)
    out64 = np.zeros(100, np.complex64)
    kernel[4, 32](z.astype(np.complex64), np.complex64(0.5j), out64)
    np.testing.assert_allclose(out64, z.astype(np.complex64) * np.complex64(0.5j)
                               + np.conj(z.astype(np.complex64)), rtol=1e-6)


@pytest.mark.parametrize("target", ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu,
                                                                        pytest.mark.nvrtc])])
def test_vectorize_multiplies_complex64_arrays_as_numbapro_does(target):
    @cp.vectorize(["complex64(complex64, complex64)"], target=target)
    def multiply(x, y):
        return x * y

    a, b = random_complex(10000, np.complex64, 8), random_complex(10000, np.complex64, 9)
    result = multiply(a, b)
    assert result.dtype == np.complex64
    np.testing.assert_allclose(result, a * b, rtol=1e-6, atol=1e-6)
    on_device = multiply(cp.to_device(a, target=target), cp.to_device(b, target=target))
    np.testing.assert_allclose(on_device.copy_to_host(), a * b, rtol=1e-6, atol=1e-6)


def test_complex_signature_types_and_errors():
    assert "cudapy::complex<float>" in cp.translate(DIVISIONS.format(t="complex64"))
    with pytest.raises(cp.CompileError, match="complex numbers are not ordered"):
        cp.translate("# k : void (complex64* z)\ndef k(z):\n    if z[idx] < 1:\n"
                     "        z[idx] = 0\n")
    with pytest.raises(cp.CompileError, match="take its .real or .imag"):
        cp.translate("# k : void (complex64* z, float* x)\ndef k(z, x):\n    x[idx] = z[idx]\n")
    assert cmath.isclose(complex(cuda.complex64(1 + 2j)), 1 + 2j)
    assert np.dtype(cuda.complex128) == np.complex128


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_sum_prod_and_mean_of_complex_arrays_match_numpy(target, dtype):
    rng = np.random.default_rng(10)
    host = ((rng.standard_normal((37, 5)) + 1j * rng.standard_normal((37, 5))) * 0.5
            + 0.8).astype(dtype)
    device = cp.to_device(host, target=target)
    for name in ("sum", "prod", "mean"):
        tolerance = TOLERANCE[dtype] * (50 if name == "prod" else 5)
        for axis in (None, 0, 1):
            got = getattr(device, name)(axis=axis).copy_to_host()
            expected = getattr(host, name)(axis=axis)
            assert got.dtype == expected.dtype
            np.testing.assert_allclose(got, expected, rtol=tolerance, err_msg=f"{name} {axis}")
    empty = cp.to_device(np.zeros(0, dtype), target=target)
    assert empty.sum().copy_to_host() == 0 and empty.prod().copy_to_host() == 1
    assert np.isnan(empty.mean().copy_to_host().real) and np.isnan(empty.mean().copy_to_host().imag)
    with pytest.raises(TypeError, match="max\\(\\) is not supported for arrays of complex"):
        device.max()
