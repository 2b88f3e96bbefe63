"""DeviceArray on the host: views, reshape, len/iteration refused, free and `with`, copies with
and without streams, pinned memory, making arrays, and the errors of bad arguments. Every test
runs on the CPU target, and on the GPU where there is one; NumPy is the oracle."""

import gc
import weakref

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

TARGETS = ["cpu", pytest.param("cuda", marks=pytest.mark.gpu)]


@pytest.fixture(params=TARGETS)
def target(request):
    return request.param


@pytest.fixture
def host():
    return np.arange(6 * 7 * 4, dtype=np.float32).reshape(6, 7, 4)


def test_device_array_is_cudaarray():
    assert cp.DeviceArray is cp.CudaArray


@pytest.mark.parametrize("key", [
    np.s_[2:5], np.s_[1], np.s_[:, 0], np.s_[1, 2], np.s_[..., 3], np.s_[::2, 1:6:3],
    np.s_[-1], np.s_[:, -3:], np.s_[4:2], np.s_[1, ..., 2:3], np.s_[::-1], np.s_[:, ::-2, 1],
    np.s_[4:1:-1, 2:6, ::-3], np.s_[1:1:-1], np.s_[::-1, ::-1, ::-1],
], ids=str)
def test_views_read_as_numpy_views(target, host, key):
    device = cp.to_device(host, target=target)
    view = device[key]
    expected = host[key]
    assert isinstance(view, cp.DeviceArray)
    assert view.shape == expected.shape and view.dtype == expected.dtype
    assert view.strides == expected.strides
    np.testing.assert_array_equal(view.copy_to_host(), expected)
    assert view.pointer == device.pointer + (
        expected.__array_interface__["data"][0] - host.__array_interface__["data"][0])


def test_views_with_negative_steps_are_written_kernels_and_operations_alike(target, host):
    device = cp.to_device(host, target=target)
    expected = host.copy()
    flipped = device[::-1, :, ::-2]
    assert flipped.alloc_size == 4 + 5 * 112 + 6 * 16 + 1 * 8  # lowest to highest byte
    flipped.copy_to_device(np.full(flipped.shape, -1, np.float32))
    expected[::-1, :, ::-2] = -1
    device[::-2, 3] = device[::2, 3]
    expected[::-2, 3] = expected[::2, 3].copy()
    np.testing.assert_array_equal(device.copy_to_host(), expected)
    np.testing.assert_array_equal((device[:, ::-1] * 2).copy_to_host(), expected[:, ::-1] * 2)

    def add_index(x):
        i, j = cuda.grid(2)
        if i < x.shape[0] and j < x.shape[1]:
            x[i, j] = x[i, j] + i * 10 + j

    cuda.jit(add_index, target=target)[(1, 1), (8, 8)](device[::-1, ::-3, 2])
    expected[::-1, ::-3, 2] += np.arange(6)[:, None] * 10 + np.arange(3)
    np.testing.assert_array_equal(device.copy_to_host(), expected)


def test_integer_index_of_every_axis_copies_the_element(target, host):
    device = cp.to_device(host, target=target)
    assert device[2, 3, 1] == host[2, 3, 1]
    assert cp.to_device(np.arange(5), target=target)[-2] == 3


@pytest.mark.parametrize("key, value", [
    (np.s_[1:4], np.pi), (np.s_[:, 2], -1), (np.s_[::2, 1:5:2, 1:3], 2.75), (np.s_[1, 2, 3], 9),
    (np.s_[...], np.arange(4) * 1.5), (np.s_[2], np.arange(28).reshape(7, 4)),
    (np.s_[:, ::3], [[1], [2], [3]]), (np.s_[4:, 0], True),
], ids=str)
def test_item_assignment_stores_as_numpy_does(target, host, key, value):
    device = cp.to_device(host, target=target)
    device[key] = value
    expected = host.copy()
    expected[key] = value
    np.testing.assert_array_equal(device.copy_to_host(), expected)
    ints = cp.to_device(np.zeros(6, np.int16), target=target)
    ints[1:4] = cp.to_device(np.array([1.9, -2.9, 70000.0]), target=target)
    np.testing.assert_array_equal(ints.copy_to_host(),
                                  np.array([0, 1.9, -2.9, 70000.0, 0, 0]).astype(np.int16))


def test_item_assignment_from_the_array_itself_reads_before_it_writes(target, host):
    device = cp.to_device(host, target=target)
    expected = host.copy()
    device[1:] = device[:-1]
    expected[1:] = expected[:-1]
    device[:, :6:2] = device[:, 1::2]
    expected[:, :6:2] = expected[:, 1::2]
    np.testing.assert_array_equal(device.copy_to_host(), expected)


def test_item_assignment_refuses_what_does_not_broadcast(target, host):
    device = cp.to_device(host, target=target)
    with pytest.raises(ValueError, match=r"could not broadcast input array from shape \(5,\) "
                                         r"into shape \(7, 4\)"):
        device[0] = np.zeros(5)
    with pytest.raises(IndexError, match="too many indices"):
        device[1, 2, 3, 4] = 0
    np.testing.assert_array_equal(device.copy_to_host(), host)


@pytest.mark.parametrize("key", [np.s_[1:4], np.s_[:, 2], np.s_[::2, 1:5:2, 1:3]], ids=str)
def test_writes_to_views_leave_the_rest_alone(target, host, key):
    device = cp.to_device(host, target=target)
    view = device[key]
    new = -np.arange(view.size, dtype=np.float32).reshape(view.shape) - 1
    view.copy_to_device(new)
    expected = host.copy()
    expected[key] = new
    np.testing.assert_array_equal(device.copy_to_host(), expected)


def test_a_view_keeps_the_memory_alive(target, host):
    device = cp.to_device(host, target=target)
    view = device[3]
    alive = weakref.ref(device)
    del device
    gc.collect()
    assert alive() is None
    np.testing.assert_array_equal(view.copy_to_host(), host[3])
    np.testing.assert_array_equal(view[1:3].copy_to_host(), host[3, 1:3])


def test_reshape_of_contiguous_arrays_is_a_view(target, host):
    device = cp.to_device(host, target=target)
    flat = device.reshape(-1)
    assert flat.shape == (host.size,) and flat.pointer == device.pointer
    np.testing.assert_array_equal(flat.copy_to_host(), host.reshape(-1))
    np.testing.assert_array_equal(device.reshape(12, 14).copy_to_host(), host.reshape(12, 14))
    np.testing.assert_array_equal(device.reshape((4, -1)).copy_to_host(), host.reshape(4, -1))
    fortran = cp.to_device(np.asfortranarray(host), target=target)
    np.testing.assert_array_equal(fortran.reshape(7, 24, order="F").copy_to_host(),
                                  host.reshape(7, 24, order="F"))
    np.testing.assert_array_equal(device.ravel().copy_to_host(), host.ravel())


@pytest.mark.parametrize("call, error, message", [
    (lambda a: a.reshape(5, -1), ValueError, "cannot reshape 168 elements"),
    (lambda a: a.reshape(-1, -1), ValueError, "at most one -1"),
    (lambda a: a.reshape(2.0, 84), TypeError, "must hold integers, got float"),
    (lambda a: a[:, 1].reshape(-1), ValueError, "not C-contiguous"),
    (lambda a: a.reshape(168, order="K"), ValueError, "order must be 'C' or 'F'"),
    (lambda a: a[6], IndexError, "index 6 is out of bounds for axis 0 with size 6"),
    (lambda a: a[1, 2, 3, 0], IndexError, "too many indices"),
    (lambda a: a[..., ...], IndexError, "single ellipsis"),
    (lambda a: a[None], IndexError, "integers, slices or '...'"),
    (lambda a: a[1.5], IndexError, "got float on axis 0"),
    (lambda a: len(a), TypeError, r"len\(\) of a CudaArray is refused"),
    (lambda a: iter(a), TypeError, "cannot be iterated"),
    (lambda a: list(a), TypeError, "cannot be iterated"),
    (lambda a: a.copy_to_host(stream="s"), TypeError, "the stream must be an integer"),
    (lambda a: a.copy_to_device(np.zeros(3, np.float32)), ValueError, "has shape"),
    (lambda a: a.copy_to_device(np.zeros((6, 7, 4))), TypeError, "holds float64"),
    (lambda a: a.copy_to_device(cp.to_device(np.zeros(3, np.float32), target="cpu")), ValueError,
     "has shape"),
    (lambda a: a.copy_to_device([1, 2]), TypeError, "must be a NumPy array"),
])
def test_argument_errors(host, call, error, message):
    with pytest.raises(error, match=message):
        call(cp.to_device(host, target="cpu"))


def test_free_and_with_release_every_view(target, host):
    device = cp.to_device(host, target=target)
    view = device[1:3]
    device.free()
    for array in (device, view):
        with pytest.raises(ValueError, match="freed"):
            array.copy_to_host()
        assert "freed" in repr(array)
    device.free()  # twice is harmless
    with cp.to_device(host, target=target) as scoped:
        inner = scoped[2]
        np.testing.assert_array_equal(inner.copy_to_host(), host[2])
    with pytest.raises(ValueError, match="freed"):
        inner.copy_to_host()


def test_memory_goes_when_collected(target, host):
    device = cp.to_device(host, target=target)
    allocation = weakref.ref(device._allocation)
    del device
    gc.collect()
    assert allocation() is None


def test_copies_round_trip_with_streams_and_device_to_device(target, host):
    stream = cp.stream() if target == "cuda" else 0
    device = cp.to_device(host, stream=stream, target=target)
    back = np.empty_like(host)
    assert device.copy_to_host(back, stream=stream) is back
    if target == "cuda":
        stream.synchronize()
    np.testing.assert_array_equal(back, host)
    np.testing.assert_array_equal(device.copy_to_host(stream=stream), host)
    np.testing.assert_array_equal(device.get(), host)
    assert device.toList() == host.tolist()
    other = cp.empty_like(device)
    other.copy_to_device(device, stream=stream)
    np.testing.assert_array_equal(other.copy_to_host(stream=stream), host)
    strided = cp.zeros((6, 4), np.float32, target=target)
    strided.copy_to_device(device[:, 2])  # through the host: the layouts differ
    np.testing.assert_array_equal(strided.copy_to_host(), host[:, 2])


def test_making_arrays(target, host):
    zeros = cp.zeros((3, 4), np.int16, target=target)
    np.testing.assert_array_equal(zeros.copy_to_host(), np.zeros((3, 4), np.int16))
    assert cp.empty(5, target=target).dtype == np.float64
    like = cp.zeros_like(np.asfortranarray(host), target=target)
    assert like.is_f_contiguous() and like.shape == host.shape
    np.testing.assert_array_equal(like.copy_to_host(), np.zeros_like(host))
    assert cp.device_array((2, 2), np.uint8, target=target).shape == (2, 2)
    assert cp.empty_like(cp.to_device(host, target=target)).target == target
    with pytest.raises(TypeError, match="prototype"):
        cp.zeros_like([1, 2])


def test_pinned_arrays(target):
    pinned = cp.pinned_array((3, 5), np.float32, order="F")
    assert pinned.shape == (3, 5) and pinned.dtype == np.float32 and pinned.flags.f_contiguous
    pinned[...] = np.arange(15).reshape(3, 5)
    device = cp.to_device(pinned, target=target)
    out = cp.pinned_array((3, 5), np.float32, order="F")
    device.copy_to_host(out, stream=cp.stream() if target == "cuda" else None)
    cp.synchronize()
    np.testing.assert_array_equal(out, pinned)
    assert cp.cuda.pinned_array(4).shape == (4,)
    assert cp.pinned_array(0).size == 0


@pytest.mark.gpu
def test_pinned_memory_is_freed_when_collected():
    pinned = cp.pinned_array(1 << 20, np.uint8)
    base = pinned.base
    while getattr(base, "base", None) is not None:
        base = base.base
    gone = weakref.ref(base)
    del pinned, base
    gc.collect()
    assert gone() is None


@pytest.mark.gpu
def test_a_huge_allocation_is_a_memory_error():
    free, total = cp.memory_info()
    assert 0 < free <= total
    with pytest.raises(cp.DeviceMemoryError) as caught:
        cp.device_array(total * 2, np.uint8)
    assert isinstance(caught.value, MemoryError)
    assert f"asked for {total * 2} bytes" in str(caught.value)
    assert "free" in str(caught.value)
    # What the failed request reserved went back (it once kept nearly all the GPU): other
    # processes find the GPU about as it was, give or take what the tests running beside this
    # one take meanwhile.
    free_after, _ = cp.memory_info()
    assert free_after > free - total // 4


def test_without_a_gpu_a_stream_is_the_legacy_default_one_and_events_say_so():
    if cp.has_gpu():
        pytest.skip("there is a GPU")
    stream = cp.stream()  # the CPU target's work is done when its calls return
    assert stream.handle == 0 and stream.query()
    stream.synchronize()
    with pytest.raises(cp.NoDeviceError):
        cp.event()
    with pytest.raises(cp.NoDeviceError):
        cp.memory_info()
    assert cp.default_stream().handle == 0


POOL_CHILD = r"""
import numpy as np
import cudapy as cp
from cudapy import cuda

# Device memory freed on the default stream is reused at once, with no synchronization.
first = cp.to_device(np.arange(1 << 20, dtype=np.float32))
address = first.pointer
del first
second = cp.DeviceArray.allocate(1 << 20, np.float32)
assert second.pointer == address, (hex(second.pointer), hex(address))

# Work on another stream: results stay right while blocks come and go on both.
stream = cp.stream()
values = np.arange(1 << 16, dtype=np.float64)
for round in range(50):
    a = cp.to_device(values, stream=stream)
    b = (a * 2 + 1)
    del a
    c = cp.to_device(values)
    assert np.array_equal(np.asarray(b), values * 2 + 1)
    assert np.array_equal(np.asarray(c), values)
print("ok")
"""


@pytest.mark.gpu
def test_device_memory_is_pooled_and_stays_right_across_streams(tmp_path):
    import os
    import subprocess
    import sys

    script = tmp_path / "pool_child.py"
    script.write_text(POOL_CHILD)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, CUDAPY_TARGET="cuda"))
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize("order", ["C", "F"])
def test_flags_say_the_layout_as_numpys_do(order):
    host = np.zeros((3, 4), np.float32, order=order)
    array = cp.to_device(host, target="cpu")
    for view, expected in ((array, host), (array[:, 1:3], host[:, 1:3]), (array.T, host.T)):
        for key in ("C_CONTIGUOUS", "F_CONTIGUOUS", "CONTIGUOUS", "FORTRAN", "WRITEABLE",
                    "ALIGNED"):
            assert view.flags[key] == expected.flags[key], key
        assert view.flags.c_contiguous == expected.flags.c_contiguous
        assert view.flags.f_contiguous == expected.flags.f_contiguous
    with pytest.raises(KeyError):
        array.flags["NO_SUCH_FLAG"]
