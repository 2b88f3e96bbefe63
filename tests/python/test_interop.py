"""Interop without copies: __cuda_array_interface__ with CuPy and PyTorch (GPU), DLPack both
ways with CuPy and PyTorch (GPU) and with NumPy (the CPU target, in CI)."""

import gc

import numpy as np
import pytest

import cudapy as cp
from cudapy import dlpack
from cudapy.array import foreign_array

FILL = '''
# fill : void (float* X)
def fill(X):
    if idx < len(X):
        X[idx] = idx * 0.5
'''


def torch_cuda():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch has no CUDA")
    return torch


# ---- the CPU target: NumPy ---------------------------------------------------------------------

def test_numpy_reads_a_cpu_array_through_dlpack_without_a_copy():
    device = cp.to_device(np.arange(12, dtype=np.float32).reshape(3, 4), target="cpu")
    assert device.__dlpack_device__() == (dlpack.KDL_CPU, 0)
    view = np.from_dlpack(device[:, 1:3])
    assert view.__array_interface__["data"][0] == device[:, 1:3].pointer
    np.testing.assert_array_equal(view, np.arange(12).reshape(3, 4)[:, 1:3])
    device.copy_to_device(-np.ones((3, 4), np.float32))  # NumPy's view of it is read-only
    assert (view == -1).all()
    del device
    gc.collect()
    assert (view == -1).all()  # the consumed capsule keeps the memory


def test_cpu_target_imports_numpy_arrays_without_a_copy():
    host = np.arange(20, dtype=np.int64).reshape(4, 5)[:, ::2]
    device = cp.from_dlpack(host)
    assert device.target == "cpu" and device.shape == host.shape
    assert device.strides == host.strides
    assert device.pointer == host.__array_interface__["data"][0]
    np.testing.assert_array_equal(device.copy_to_host(), host)
    device.copy_to_device(np.full(host.shape, 9, np.int64))
    assert (host == 9).all()
    del host
    gc.collect()
    np.testing.assert_array_equal(device.copy_to_host(), np.full((4, 3), 9))


def test_negative_strides_cross_dlpack_both_ways():
    host = np.arange(12.0).reshape(3, 4)
    ours = cp.from_dlpack(host[::-1, ::-2])
    assert ours.strides == (-32, -16) and ours.pointer == host[::-1, ::-2].ctypes.data
    np.testing.assert_array_equal(ours.copy_to_host(), host[::-1, ::-2])
    ours[0] = [-1, -2]
    assert host[2, 3] == -1 and host[2, 1] == -2
    device = cp.to_device(host, target="cpu")
    np.testing.assert_array_equal(np.from_dlpack(device[::-1, 1::-1]), host[::-1, 1::-1])


def test_capsules_give_the_memory_back_consumed_or_not():
    device = cp.to_device(np.zeros(4, np.float32), target="cpu")
    before = len(dlpack._exports)
    capsule = device.__dlpack__()
    assert len(dlpack._exports) == before + 1
    del capsule
    assert len(dlpack._exports) == before
    imported = cp.from_dlpack(device.__dlpack__())
    assert len(dlpack._exports) == before + 1
    del imported
    gc.collect()
    assert len(dlpack._exports) == before


def test_dlpack_errors():
    device = cp.to_device(np.zeros(4, np.float32), target="cpu")
    capsule = device.__dlpack__()
    cp.from_dlpack(capsule)
    with pytest.raises(ValueError, match="consumed once"):
        cp.from_dlpack(capsule)
    with pytest.raises(TypeError, match="__dlpack__"):
        cp.from_dlpack([1, 2])
    with pytest.raises(BufferError, match="copy=True"):
        device.__dlpack__(copy=True)
    with pytest.raises(BufferError, match="takes no stream"):
        device.__dlpack__(stream=5)
    with pytest.raises(BufferError, match="not"):
        device.__dlpack__(dl_device=(2, 0))
    with pytest.raises(TypeError, match="no cudapy element type"):
        cp.from_dlpack(np.zeros(3, np.complex64))


# ---- the GPU ----------------------------------------------------------------------------------

@pytest.mark.gpu
def test_dlpack_device_and_stream_rules():
    device = cp.to_device(np.zeros(4, np.float32))
    assert device.__dlpack_device__() == (dlpack.KDL_CUDA, 0)
    with pytest.raises(ValueError, match="stream 0 is not allowed"):
        device.__dlpack__(stream=0)
    producer, consumer = cp.stream(), cp.stream()  # alive while their handles are used
    round_trip = cp.from_dlpack(cp.to_device(np.arange(4.0), stream=producer).__dlpack__(
        stream=consumer.handle))
    np.testing.assert_array_equal(round_trip.copy_to_host(), np.arange(4.0))
    assert cp.from_dlpack(device).pointer == device.pointer


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_cupy_arrays_are_kernel_arguments_without_a_copy():
    cupy = pytest.importorskip("cupy")
    array = cupy.zeros(1000, cupy.float32)
    assert foreign_array(array)._pointer == array.data.ptr
    cp.compile(FILL)(1000)(array)
    np.testing.assert_array_equal(cupy.asnumpy(array), np.arange(1000, dtype=np.float32) * 0.5)
    ours = cp.zeros(8, np.float32)
    assert cupy.asarray(ours).data.ptr == ours.pointer


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_pytorch_tensors_are_kernel_arguments_without_a_copy():
    torch = torch_cuda()
    tensor = torch.zeros(1000, dtype=torch.float32, device="cuda")
    assert foreign_array(tensor)._pointer == tensor.data_ptr()
    cp.compile(FILL)(1000)(tensor)
    np.testing.assert_array_equal(tensor.cpu().numpy(), np.arange(1000, dtype=np.float32) * 0.5)
    ours = cp.zeros(8, np.float32)
    assert torch.as_tensor(ours, device="cuda").data_ptr() == ours.pointer


@pytest.mark.gpu
def test_dlpack_with_cupy_both_ways():
    cupy = pytest.importorskip("cupy")
    theirs = cupy.arange(12, dtype=cupy.float64).reshape(3, 4)
    ours = cp.from_dlpack(theirs)
    assert ours.pointer == theirs.data.ptr and ours.shape == (3, 4)
    np.testing.assert_array_equal(ours.copy_to_host(), cupy.asnumpy(theirs))
    back = cupy.from_dlpack(ours[1:])
    assert back.data.ptr == ours[1:].pointer
    np.testing.assert_array_equal(cupy.asnumpy(back), cupy.asnumpy(theirs[1:]))
    viewed = cp.cuda.as_cuda_array(theirs[:, ::-2])
    np.testing.assert_array_equal(viewed.copy_to_host(), cupy.asnumpy(theirs)[:, ::-2])
    ours_flipped = ours[::-1]
    interface = ours_flipped.__cuda_array_interface__
    assert interface["data"][0] == ours.pointer + 2 * 32 and interface["strides"] == (-32, 8)
    np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(ours_flipped)),
                                  cupy.asnumpy(theirs)[::-1])


@pytest.mark.gpu
def test_dlpack_with_pytorch_both_ways():
    torch = torch_cuda()
    theirs = torch.arange(12, dtype=torch.int32, device="cuda").reshape(3, 4).t()
    ours = cp.from_dlpack(theirs)
    assert ours.pointer == theirs.data_ptr()
    np.testing.assert_array_equal(ours.copy_to_host(), theirs.cpu().numpy())
    back = torch.from_dlpack(ours)
    assert back.data_ptr() == ours.pointer
    assert back.stride() == theirs.stride()
    assert torch.equal(back, theirs)
