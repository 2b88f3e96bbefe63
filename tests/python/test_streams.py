"""Streams and events on the GPU: work on one stream runs in order, events time it and order
streams, and other libraries' streams (int handles, CuPy, PyTorch) are taken anywhere a stream
is. The oracle is NumPy."""

import numpy as np
import pytest

import cudapy as cp

pytestmark = [pytest.mark.gpu, pytest.mark.nvrtc]

ROUNDS = 4000
SIZE = 1 << 14

SPIN = '''
# spin : void (int* X, int rounds)
def spin(X, rounds):
    if idx < len(X):
        value = X[idx]
        for i in range(rounds):
            value = (value * 3 + 1) % 100003
        X[idx] = value
'''


@pytest.fixture(scope="module")
def spin():
    return cp.compile(SPIN)


def expected_spin(values, rounds=ROUNDS):
    result = values.astype(np.int64)
    for _ in range(rounds):
        result = (result * 3 + 1) % 100003
    return result.astype(np.int32)


@pytest.fixture(scope="module")
def values():
    return np.arange(SIZE, dtype=np.int32) * 7


def run_on(spin, values, stream, copy_stream=None):
    copy_stream = stream if copy_stream is None else copy_stream
    device = cp.to_device(values, stream=copy_stream)
    spin[SIZE // 128, 128, stream](device, ROUNDS)
    return device.copy_to_host(stream=copy_stream)


def test_a_long_kernel_and_copies_on_one_stream_give_the_right_data(spin, values):
    stream = cp.stream()
    assert stream.handle != 0 and stream.cuda_stream == stream.handle == int(stream)
    np.testing.assert_array_equal(run_on(spin, values, stream), expected_spin(values))
    with stream as entered:
        assert entered is stream


def test_auto_synchronize_waits_for_the_stream_at_the_end_of_its_block(spin, values):
    stream = cp.stream()
    pinned = cp.pinned_array(SIZE, np.int32)
    device = cp.to_device(values, stream=stream)
    with stream.auto_synchronize() as entered:
        assert entered is stream
        spin[SIZE // 128, 128, stream](device, ROUNDS)
        device.copy_to_host(pinned, stream=stream)
    assert stream.query()
    np.testing.assert_array_equal(pinned, expected_spin(values))


def test_copies_into_pinned_memory_are_ordered_on_the_stream(spin, values):
    stream = cp.stream()
    pinned = cp.pinned_array(SIZE, np.int32)
    pinned[...] = values
    device = cp.device_array(SIZE, np.int32)
    device.copy_to_device(pinned, stream=stream)
    spin[SIZE // 128, 128, stream](device, ROUNDS)
    out = cp.pinned_array(SIZE, np.int32)
    device.copy_to_host(out, stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(out, expected_spin(values))
    assert device.stream == stream.handle
    assert device.__cuda_array_interface__["stream"] == stream.handle


def test_events_time_work_and_order_streams(spin, values):
    first, second = cp.stream(), cp.stream()
    start, end = cp.event(), cp.event()
    device = cp.to_device(values)
    start.record(first)
    spin[SIZE // 128, 128, first](device, ROUNDS)
    end.record(first)
    second.wait_event(end)
    result = cp.device_array(SIZE, np.int32)
    result.copy_to_device(device, stream=second)
    np.testing.assert_array_equal(result.copy_to_host(stream=second), expected_spin(values))
    end.synchronize()
    assert end.query()
    assert start.elapsed_time(end) > 0
    with pytest.raises(cp.InvalidArgumentError, match="timing"):
        start.elapsed_time(cp.event(timing=False).record(first))
    with pytest.raises(cp.InvalidArgumentError, match="never recorded"):
        cp.event().elapsed_time(end)
    with pytest.raises(TypeError, match="must be an Event"):
        start.elapsed_time(3)


def test_default_and_foreign_int_streams(spin, values):
    stream = cp.stream()
    for given in (stream.handle, cp.external_stream(stream.handle), None, 0, 1, 2,
                  cp.default_stream(), cp.cuda.default_stream(),
                  cp.cuda.legacy_default_stream(), cp.cuda.per_thread_default_stream()):
        np.testing.assert_array_equal(run_on(spin, values, given), expected_spin(values))
    cp.default_stream().synchronize()
    assert cp.cuda.legacy_default_stream().handle == 1  # cudaStreamLegacy
    assert cp.cuda.per_thread_default_stream().handle == 2  # cudaStreamPerThread
    cp.cuda.per_thread_default_stream().synchronize()


def test_cuda_module_streams(spin, values):
    from cudapy import cuda
    stream = cuda.stream()
    event = cuda.event()
    np.testing.assert_array_equal(run_on(spin, values, stream), expected_spin(values))
    event.record(stream)
    event.wait(cp.default_stream())
    event.synchronize()


def test_cupy_streams(spin, values):
    cupy = pytest.importorskip("cupy")
    stream = cupy.cuda.Stream(non_blocking=True)
    np.testing.assert_array_equal(run_on(spin, values, stream), expected_spin(values))
    ours = cp.stream()
    with cupy.cuda.ExternalStream(ours.handle):
        array = cupy.arange(10)
    ours.synchronize()
    assert int(array.sum()) == 45


def test_pytorch_streams(spin, values):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch has no CUDA")
    stream = torch.cuda.Stream()
    np.testing.assert_array_equal(run_on(spin, values, stream), expected_spin(values))
    ours = cp.stream()
    external = torch.cuda.ExternalStream(ours.handle)
    with torch.cuda.stream(external):
        total = torch.arange(10, device="cuda").sum()
    ours.synchronize()
    assert int(total) == 45


def test_an_event_closes_at_the_end_of_its_with_block():
    """An event owns its library handle: close() (or leaving `with`) deletes it at once, and a
    closed event refuses use instead of passing a deleted handle on."""
    with cp.event() as event:
        event.record().synchronize()
        assert event.query()
    assert event.closed
    with pytest.raises(ValueError, match="closed"):
        event.record()
