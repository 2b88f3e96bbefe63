"""Several devices: selecting them, arrays on each, copies between them, a launch spread over
them (split, gather, launch_split), and numba's and PyCUDA's names for them. Every test runs
on the CPU target with simulated devices, and on the GPUs where a machine has two or more;
NumPy is the oracle."""

import os
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import cudapy as cp
from cudapy import _devices, cuda

SIMULATED = 4


@pytest.fixture(params=["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])])
def several(request, monkeypatch):
    """The target, with at least two devices: four simulated ones on the CPU, the GPUs of a
    machine with two or more (skipped with one). Afterwards the thread is back on device 0 and
    the CPU target simulates one device, as before the test."""
    target = request.param
    monkeypatch.setenv("CUDAPY_TARGET", target)
    if target == "cpu":
        cp.simulate_devices(SIMULATED)
    elif cp.device_count() < 2:
        pytest.skip(f"needs two GPUs; this machine has {cp.device_count()}")
    yield target
    cp.select_device(0, target)
    cp.simulate_devices(1)
    _devices.selection.several = False


SAXPY = '''
# saxpy : void (float a, float* x, float* y, float* out)
def saxpy(a, x, y, out):
    if idx < len(x):
        out[idx] = a * x[idx] + y[idx]
'''


def add_rows(matrix, vector):
    row = cuda.grid(1)
    if row < matrix.shape[0]:
        for column in range(matrix.shape[1]):
            matrix[row, column] += vector[row]


def checks_positive(values):
    i = cuda.grid(1)
    if i < values.size:
        assert values[i] > 0, "a value is not positive"


def test_devices_and_the_current_one(several):
    found = cp.devices()
    assert len(found) >= 2 and [device.id for device in found] == list(range(len(found)))
    assert cp.current_device() == 0
    with cp.device(1) as inside:
        assert inside.id == 1 and cp.current_device() == 1
        with cp.device(0):
            assert cp.current_device() == 0
        assert cp.current_device() == 1
    assert cp.current_device() == 0
    assert cp.select_device(1) == cp.device(1) and cp.current_device() == 1
    cp.select_device(0)


def test_each_thread_has_its_own_current_device(several):
    seen = {}

    def worker():
        seen["start"] = cp.current_device(several).id
        cp.select_device(1, several)
        seen["after"] = cp.current_device(several).id

    with cp.device(1):
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
        assert cp.current_device() == 1
    assert seen == {"start": 0, "after": 1}
    assert cp.current_device() == 0


def test_bad_device_numbers_are_refused(several):
    count = len(cp.devices())
    with pytest.raises(ValueError, match=f"there is no device {count}"):
        cp.device(count)
    with pytest.raises(TypeError, match="must be an int"):
        cp.device(1.0)
    with pytest.raises(ValueError):
        cp.to_device(np.zeros(3), device=-1)


def test_simulated_device_counts_are_checked():
    for count in (0, 65):
        with pytest.raises(cp.InvalidArgumentError, match="simulates 1 to 64 devices"):
            cp.simulate_devices(count)
    with pytest.raises(TypeError):
        cp.simulate_devices("2")


def test_arrays_live_on_the_device_asked_and_copies_cross_devices(several):
    host = np.arange(24, dtype=np.float32).reshape(4, 6)
    first = cp.to_device(host)
    second = cp.to_device(host * 2, device=1)
    assert first.device == 0 and second.device == 1
    with cp.device(1):
        made_inside = cp.device_array((3,), np.int32)
    assert made_inside.device == 1
    moved = cp.to_device(first, device=1)  # device to device
    assert moved.device == 1
    np.testing.assert_array_equal(moved.copy_to_host(), host)
    first.copy_to_device(second)  # from device 1 into device 0's array
    np.testing.assert_array_equal(first.copy_to_host(), host * 2)
    view = second[1:3]
    assert view.device == 1
    back = cp.to_device(view, device=0)
    np.testing.assert_array_equal(back.copy_to_host(), host[1:3] * 2)


def test_a_kernel_refuses_an_array_of_another_device(several):
    saxpy = cp.compile(SAXPY, target=several)
    x = cp.to_device(np.ones(8, np.float32), device=1)
    y = cp.to_device(np.ones(8, np.float32), device=1)
    out = cp.device_array(8, np.float32)  # device 0
    with pytest.raises(ValueError, match="'x' is an array on device 1 but the kernel runs on "
                                         "device 0"):
        saxpy(8)(2.0, x, y, out)
    with cp.device(1):
        with pytest.raises(ValueError, match="'out' is an array on device 0"):
            saxpy(8)(2.0, x, y, out)
        result = cp.device_array(8, np.float32)
        saxpy(8)(2.0, x, y, result)
    np.testing.assert_array_equal(result.copy_to_host(), np.full(8, 3, np.float32))


def test_a_failed_assert_on_another_device_is_reported(several):
    kernel = cuda.jit(debug=True, target=several)(checks_positive)
    with cp.device(1):
        kernel[1, 2](cp.to_device(np.array([1.0, 2.0])))
        with pytest.raises(cp.KernelAssertionError, match="not positive"):
            kernel[1, 2](cp.to_device(np.array([1.0, -1.0])))
    kernel[1, 2](cp.to_device(np.array([3.0, 2.0])))  # device 0's record is clear


def test_split_and_gather(several):
    count = len(cp.devices())
    host = np.random.default_rng(1).standard_normal((10, 3)).astype(np.float32)
    pieces = cp.split(host)
    assert len(pieces) == count and pieces.shape == host.shape
    assert pieces.bounds == [10 * part // count for part in range(count + 1)]
    for index, piece in enumerate(pieces):
        assert piece.device == index
        np.testing.assert_array_equal(piece.copy_to_host(),
                                      host[pieces.bounds[index]:pieces.bounds[index + 1]])
    np.testing.assert_array_equal(pieces.copy_to_host(), host)
    whole = cp.gather(pieces, device=1)
    assert whole.device == 1
    np.testing.assert_array_equal(whole.copy_to_host(), host)
    from_device = cp.split(cp.to_device(host, device=1), devices=[1, 0])
    assert [piece.device.id for piece in from_device] == [1, 0]
    np.testing.assert_array_equal(cp.gather(list(from_device)).copy_to_host(), host)
    two = cp.split(host, devices=2)
    assert len(two) == 2 and two.bounds == [0, 5, 10]


def test_split_refuses_what_it_cannot_split(several):
    with pytest.raises(ValueError, match="0-d"):
        cp.split(np.float32(1))
    with pytest.raises(ValueError, match="named twice"):
        cp.split(np.zeros(4), devices=[1, 1])
    with pytest.raises(ValueError, match="C-contiguous"):
        cp.split(cp.to_device(np.zeros((4, 4)))[:, 1])
    with pytest.raises(TypeError, match="SplitArray or a non-empty list"):
        cp.gather([])


@pytest.mark.parametrize("n", [0, 1, 3, 1000, 4099])
def test_launch_split_runs_each_devices_rows(several, n):
    saxpy = cp.compile(SAXPY, target=several)
    rng = np.random.default_rng(n)
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    xs, ys, outs = cp.split(x), cp.split(y), cp.split(np.zeros(n, np.float32))
    saxpy.launch_split(n, np.float32(2.5), xs, ys, outs)
    # atol: the GPU fuses the multiply-add, rounding once where NumPy rounds twice
    np.testing.assert_allclose(outs.copy_to_host(), np.float32(2.5) * x + y, rtol=1e-6,
                               atol=1e-6)


def test_launch_split_copies_numpy_arguments_back(several):
    saxpy = cp.compile(SAXPY, target=several)
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(100, np.float32)
    saxpy.launch_split(100, 3.0, x, x, out, devices=[1, 0])
    np.testing.assert_array_equal(out, 4 * x)


def test_a_numba_kernel_spread_over_devices(several):
    matrix = np.arange(60, dtype=np.float64).reshape(12, 5)
    vector = np.arange(12, dtype=np.float64)
    pieces, shifts = cp.split(matrix), cp.split(vector)
    cuda.jit(target=several)(add_rows).launch_split(12, pieces, shifts)
    np.testing.assert_array_equal(pieces.copy_to_host(), matrix + vector[:, None])


def test_launch_split_checks_its_arguments(several):
    saxpy = cp.compile(SAXPY, target=several)
    x = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match="split differently"):
        saxpy.launch_split(8, 1.0, cp.split(x), cp.split(x, devices=[1, 0]), cp.split(x))
    with pytest.raises(ValueError, match="have 8 rows"):
        saxpy.launch_split(9, 1.0, cp.split(x), cp.split(x), cp.split(x))
    with pytest.raises(ValueError, match="one row per thread"):
        saxpy.launch_split(8, 1.0, x, x, np.zeros(9, np.float32))
    with pytest.raises(ValueError, match="non-negative int"):
        saxpy.launch_split(-1, 1.0, x, x, x)
    whole = cp.to_device(x, device=1)
    with pytest.raises(ValueError, match="on device 1 but the kernel runs on device 0"):
        saxpy.launch_split(8, 1.0, whole, whole, whole)


def test_numbas_names_for_devices(several):
    assert len(cuda.gpus) == len(cp.devices())
    assert [device.id for device in cuda.gpus] == list(range(len(cuda.gpus)))
    with cuda.gpus[1]:
        assert cuda.get_current_device().id == 1 and cuda.gpus.current.id == 1
        array = cuda.to_device(np.arange(4))
    assert cuda.get_current_device().id == 0
    assert array.device == 1
    assert cuda.select_device(1).id == 1 and cuda.get_current_device().id == 1
    assert [device.id for device in cuda.list_devices()] == list(range(len(cuda.gpus)))
    assert cuda.get_current_device().MULTIPROCESSOR_COUNT > 0


def test_pycuda_contexts_select_their_devices(several):
    from cudapy.pycuda import driver
    assert driver.Device.count() == len(cp.devices())
    context = driver.Device(1).make_context()
    try:
        assert cp.current_device() == 1
        array = cp.to_device(np.ones(3))
        assert array.device == 1
    finally:
        context.pop()


@pytest.mark.gpu
def test_dlpack_and_peer_access_report_the_gpu(several):
    if several != "cuda":
        pytest.skip("GPU memory only")
    array = cp.to_device(np.arange(6, dtype=np.float32), device=1)
    assert array.__dlpack_device__() == (2, 1)  # kDLCUDA, GPU 1
    assert cp.device(0).can_access_peer(1) in (True, False)
    torch = pytest.importorskip("torch")
    tensor = torch.from_dlpack(array)
    assert tensor.device == torch.device("cuda", 1)
    np.testing.assert_array_equal(tensor.cpu().numpy(), np.arange(6, dtype=np.float32))
    with torch.cuda.device(1):  # PyTorch exports a tensor of its current device only
        back = cp.from_dlpack(tensor)
    assert back.device == 1


@pytest.mark.gpu
def test_nccl_all_reduce_on_cudapy_arrays(several):
    if several != "cuda":
        pytest.skip("NCCL runs on GPUs")
    torch = pytest.importorskip("torch")
    nccl = pytest.importorskip("torch.cuda.nccl")
    if not nccl.is_available([torch.zeros(1, device="cuda")]):
        pytest.skip("PyTorch has no NCCL")
    count = len(cp.devices())
    arrays = [cp.to_device(np.full(1000, float(rank + 1), np.float32), device=rank)
              for rank in range(count)]
    nccl.all_reduce([torch.from_dlpack(array) for array in arrays])  # in place, no copy
    total = count * (count + 1) / 2
    for array in arrays:
        np.testing.assert_array_equal(array.copy_to_host(), np.full(1000, total, np.float32))


@pytest.mark.gpu
def test_streams_belong_to_the_device_they_were_made_on(several):
    if several != "cuda":
        pytest.skip("streams are the GPU's")
    saxpy = cp.compile(SAXPY)
    with cp.device(1):
        stream = cp.stream()
        x = cp.to_device(np.arange(1000, dtype=np.float32), stream=stream)
        out = cp.device_array(1000, np.float32, stream=stream)
        saxpy[4, 256, stream](2.0, x, x, out)
        host = out.copy_to_host(stream=stream)
    np.testing.assert_array_equal(host, 3 * np.arange(1000, dtype=np.float32))


MPI_ALL_REDUCE = textwrap.dedent("""
    import sys
    import numpy as np
    from mpi4py import MPI
    import cudapy as cp
    query = getattr(MPI, "Query_cuda_support", None)
    if query is None or not query():
        print("not CUDA-aware")
        sys.exit(0)
    send = cp.to_device(np.arange(10, dtype=np.float64))
    receive = cp.device_array(10, np.float64)
    MPI.COMM_WORLD.Allreduce(send, receive, op=MPI.SUM)
    size = MPI.COMM_WORLD.Get_size()
    assert np.array_equal(receive.copy_to_host(), size * np.arange(10.0))
    print("all-reduced")
""")


@pytest.mark.gpu
def test_mpi_takes_device_arrays_where_it_is_cuda_aware(gpu, tmp_path):
    pytest.importorskip("mpi4py")
    script = tmp_path / "all_reduce.py"
    script.write_text(MPI_ALL_REDUCE)
    try:  # a process of its own: MPI starts there, and a broken MPI cannot take pytest down
        result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                                timeout=120)
    except subprocess.TimeoutExpired:
        pytest.skip("MPI did not start within 2 minutes")
    if "not CUDA-aware" in result.stdout:
        pytest.skip("this MPI is not CUDA-aware")
    assert result.returncode == 0 and "all-reduced" in result.stdout, \
        result.stdout + result.stderr


@pytest.mark.parametrize("given, error", [
    ("3", None), ("many", "CUDAPY_HOST_DEVICES must be a number"),
    ("0", "simulates 1 to 64 devices")])
def test_the_environment_sets_how_many_devices_the_cpu_target_simulates(given, error):
    script = "import cudapy as cp\nprint(len(cp.devices('cpu')))\n"
    environment = dict(os.environ, CUDAPY_HOST_DEVICES=given)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=environment, timeout=120)
    if error is None:
        assert result.returncode == 0 and result.stdout.strip() == given, result.stderr
    else:
        assert result.returncode != 0 and error in result.stderr
