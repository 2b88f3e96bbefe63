"""cuFFT through cudapy.cudalib.cufft, against numpy.fft: complex and real transforms of 1 to 3
dimensions, batches, in place, host and device arrays, streams; the loading of the library and
the errors for arguments it cannot take."""

import os
import subprocess
import sys

import numpy as np
import pytest

import cudapy as cp
from cudapy import _ffi
from cudapy.cudalib import cufft, library_version

RNG = np.random.default_rng(2024)


def random_complex(shape, dtype):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def tolerance(dtype, points):
    """cuFFT's error grows as log(n) times the precision's epsilon."""
    single = np.dtype(dtype) in (np.complex64, np.float32)
    return (2e-6 if single else 1e-13) * max(1.0, np.log2(max(points, 2)))


def assert_close(got, expected, dtype, points):
    scale = max(1.0, np.abs(expected).max())
    np.testing.assert_allclose(got, expected, rtol=0, atol=tolerance(dtype, points) * scale * 4)


# ---- without a GPU --------------------------------------------------------------------------

def test_the_library_loads_and_says_its_version_and_path():
    version, path = library_version(_ffi.NvidiaLibrary.CUFFT)
    assert version >= 10000 and "cufft" in path


def test_a_missing_library_is_a_clear_error_and_the_rest_keeps_working():
    code = ("import cudapy, numpy as np\n"
            "from cudapy import _ffi\n"
            "from cudapy.cudalib import library_version, versions\n"
            "try:\n"
            "    library_version(_ffi.NvidiaLibrary.CUFFT)\n"
            "except cudapy.LibraryUnavailableError as error:\n"
            "    print('unavailable:', error)\n"
            "assert 'cufft' not in versions()\n"
            "print('translated', len(cudapy.translate('# k : void (int* X)\\n"
            "def k(X):\\n    X[idx] = 1\\n')) > 0)\n")
    environment = dict(os.environ, CUDAPY_CUFFT="/nonexistent/libcufft.so.12")
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "unavailable: cuFFT was not found" in done.stdout
    assert "/nonexistent/libcufft.so.12" in done.stdout and "CUDAPY_CUFFT" in done.stdout
    assert "translated True" in done.stdout


def test_a_library_folder_others_may_write_is_refused(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    assert _ffi.lib.cudapy_library_folder_add(str(folder).encode()) == _ffi.Status.INVALID_ARGUMENT
    assert "may be written by other users" in _ffi.last_error()
    assert _ffi.lib.cudapy_library_folder_add(b"relative/lib") == _ffi.Status.INVALID_ARGUMENT
    folder.chmod(0o755)
    assert _ffi.lib.cudapy_library_folder_add(str(folder).encode()) == _ffi.Status.OK


@pytest.mark.parametrize("call, message", [
    (lambda: cufft.fft(np.ones((2, 2, 2, 2), np.complex64)), "trailing axes to transform"),
    (lambda: cufft.fft(np.ones((4, 4), np.complex64), axes=(0,)), "trailing axes"),
    (lambda: cufft.fft(np.ones(4, np.complex64), axes=(3,)), "out of range"),
    (lambda: cufft.irfft(np.ones(5, np.complex64), n=12), "does not fit a last axis of 5"),
    (lambda: cufft.fft(np.ones(4), stream=-1), "must not be negative"),
])
def test_bad_arguments_fail_before_any_gpu_work(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


def test_the_cpu_targets_arrays_are_refused():
    array = cp.to_device(np.ones(8, np.complex64), target="cpu")
    with pytest.raises(cp.UnsupportedError, match="GPU only"):
        cufft.fft(array)


def test_a_library_status_is_named_on_the_error():
    error = cp.LibraryError("cuFFT: cufftExecC2C failed with CUFFT_INVALID_SIZE (8)")
    assert error.status == "CUFFT_INVALID_SIZE"


# ---- on the GPU ------------------------------------------------------------------------------

SHAPES = [(1,), (7,), (1024,), (3 * 5 * 7 * 11,), (16, 8), (9, 33), (4, 6, 10)]


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_complex_transforms_match_numpy(shape, dtype):
    x = random_complex(shape, dtype)
    points = x.size
    forward = cufft.fft(x)
    assert isinstance(forward, np.ndarray) and forward.dtype == dtype
    assert_close(forward, np.fft.fftn(x), dtype, points)
    assert_close(cufft.ifft(x), np.fft.ifftn(x), dtype, points)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_a_batch_of_row_transforms_and_of_planes(dtype):
    x = random_complex((6, 5, 32), dtype)
    assert_close(cufft.fft(x, axes=(-1,)), np.fft.fft(x, axis=-1), dtype, 32)
    assert_close(cufft.fft(x, axes=(-2, -1)), np.fft.fft2(x), dtype, 160)
    assert_close(cufft.ifft(x, axes=-1), np.fft.ifft(x, axis=-1), dtype, 32)


@pytest.mark.gpu
def test_device_arrays_stay_on_the_device_and_in_place_transforms_invert():
    x = random_complex((64, 48), np.complex64)
    device = cp.to_device(x)
    spectrum = cufft.fft(device)
    assert isinstance(spectrum, cp.CudaArray)
    assert_close(spectrum.copy_to_host(), np.fft.fft2(x), np.complex64, x.size)
    cufft.fft_inplace(device)
    assert_close(device.copy_to_host(), np.fft.fft2(x), np.complex64, x.size)
    cufft.ifft_inplace(device)
    assert_close(device.copy_to_host(), x, np.complex64, x.size)


@pytest.mark.gpu
def test_host_arrays_are_written_in_place_and_out_is_filled():
    x = random_complex(256, np.complex128)
    original = x.copy()
    returned = cufft.fft_inplace(x)
    assert returned is x
    assert_close(x, np.fft.fft(original), np.complex128, 256)
    out = cp.device_array(256, np.complex128)
    assert cufft.ifft(cp.to_device(x), out=out) is out
    assert_close(out.copy_to_host(), original, np.complex128, 256)
    host_out = np.zeros(256, np.complex128)
    assert cufft.fft(original, out=host_out) is host_out
    assert_close(host_out, np.fft.fft(original), np.complex128, 256)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_input_becomes_complex_as_cupy_does(dtype):
    x = RNG.standard_normal((8, 30)).astype(dtype)
    complex_type = np.complex64 if dtype == np.float32 else np.complex128
    from_host = cufft.fft(x)
    from_device = cufft.fft(cp.to_device(x)).copy_to_host()
    for got in (from_host, from_device):
        assert got.dtype == complex_type
        assert_close(got, np.fft.fft2(x), dtype, x.size)
    assert cufft.fft(np.arange(8)).dtype == np.complex128


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(10,), (33,), (12, 20), (3, 8, 14)], ids=str)
def test_real_transforms_match_numpy(shape, dtype):
    x = RNG.standard_normal(shape).astype(dtype)
    spectrum = cufft.rfft(x)
    assert_close(spectrum, np.fft.rfftn(x), dtype, x.size)
    device_spectrum = cp.to_device(spectrum)
    back = cufft.irfft(device_spectrum, n=shape[-1])
    assert_close(back.copy_to_host(), x, dtype, x.size)
    # the input of the complex-to-real transform is left as it was
    np.testing.assert_array_equal(device_spectrum.copy_to_host(), spectrum)
    rows = cufft.rfft(x, axes=-1)
    assert_close(rows, np.fft.rfft(x, axis=-1), dtype, shape[-1])


@pytest.mark.gpu
def test_empty_arrays_and_a_stream():
    assert cufft.fft(np.zeros((0, 4), np.complex64), axes=-1).shape == (0, 4)
    stream = cp.stream()
    x = random_complex(4096, np.complex64)
    device = cp.to_device(x, stream=stream)
    result = cufft.fft(device, stream=stream)
    stream.synchronize()
    assert_close(result.copy_to_host(), np.fft.fft(x), np.complex64, 4096)


@pytest.mark.gpu
def test_cupy_arrays_are_transformed_without_a_copy():
    cupy = pytest.importorskip("cupy")
    x = random_complex((32, 32), np.complex64)
    array = cupy.asarray(x)
    cufft.fft_inplace(array)
    assert_close(cupy.asnumpy(array), np.fft.fft2(x), np.complex64, x.size)


@pytest.mark.gpu
def test_errors_for_what_cufft_cannot_take():
    with pytest.raises(ValueError, match="not C-contiguous"):
        cufft.fft(cp.to_device(random_complex((8, 8), np.complex64))[:, ::2])
    with pytest.raises(TypeError, match="complex64 or complex128"):
        cufft.fft_inplace(cp.to_device(np.ones(8, np.float32)))
    with pytest.raises(TypeError, match="rfft transforms real data"):
        cufft.rfft(np.ones(8, np.complex64))
    with pytest.raises(ValueError, match="out is"):
        cufft.fft(np.ones(8, np.complex64), out=cp.device_array(4, np.complex64))


@pytest.mark.gpu
def test_the_plan_cache_keeps_results_right_across_many_shapes():
    for length in range(1, 80):
        x = random_complex(length, np.complex64)
        assert_close(cufft.fft(x), np.fft.fft(x), np.complex64, length)
