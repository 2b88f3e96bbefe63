"""The launch fast path without a GPU: cached launches for kernel[grid, block] and kernel(n),
and CuPy arrays and PyTorch tensors read from their attributes, shown by fakes of both whose
packed words reach a recording stand-in for the library's launch."""

import math
import struct
import types

import numpy as np
import pytest

import cudapy as cp
from cudapy import _ffi
from cudapy.array import foreign_reader

SAXPY = '''
# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]
'''


class CupyMemory:
    def __init__(self, ptr):
        self.ptr = ptr


class CupyArray:
    """What the reader takes of cupy.ndarray, over host memory; its interface as CuPy's."""

    def __init__(self, host):
        self.data = CupyMemory(host.ctypes.data)
        self.shape, self.strides, self.dtype = host.shape, host.strides, host.dtype
        self.ndim, self.flags, self.size = host.ndim, host.flags, host.size
        self._c_contiguous = host.flags.c_contiguous
        self.host = host

    @property
    def __cuda_array_interface__(self):
        c_contiguous = self.host.flags.c_contiguous
        return {"shape": self.shape, "typestr": self.dtype.str, "version": 3, "stream": 1,
                "strides": None if c_contiguous else self.strides,
                "data": (self.data.ptr, False)}


CupyArray.__module__, CupyArray.__name__ = "cupy", "ndarray"


class TorchDtype:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f"torch.{self.name}"


TORCH_DTYPES = {name: TorchDtype(name) for name in ("float32", "float64", "int32")}


class Tensor:
    """What the reader takes of torch.Tensor, over host memory. Its dtypes are those of the
    module the `recorded` fixture stands in for torch, or their equals with
    `same_dtype_object=False`."""

    def __init__(self, host, requires_grad=False, is_cuda=True, same_dtype_object=True):
        self._host = host
        self.shape = host.shape
        name = str(host.dtype)
        self.dtype = TORCH_DTYPES[name] if same_dtype_object else TorchDtype(name)
        self.requires_grad, self.is_cuda, self.is_sparse = requires_grad, is_cuda, False

    def data_ptr(self):
        return self._host.ctypes.data

    def is_contiguous(self):
        return self._host.flags.c_contiguous

    def dim(self):
        return self._host.ndim

    @property
    def ndim(self):
        return self._host.ndim

    def numel(self):
        return self._host.size

    def stride(self):
        return tuple(stride // self._host.itemsize for stride in self._host.strides)

    @property
    def __cuda_array_interface__(self):
        if not self.is_cuda:
            raise AttributeError("Can't get __cuda_array_interface__ on non-CUDA tensor type")
        if self.requires_grad:
            raise RuntimeError("Can't get __cuda_array_interface__ on Variable that requires "
                               "grad.")
        strides = None if self._host.flags.c_contiguous else self._host.strides
        return {"shape": tuple(self.shape), "typestr": self._host.dtype.str, "version": 2,
                "strides": strides, "data": (self.data_ptr(), False)}


Tensor.__module__, Tensor.__name__ = "torch", "Tensor"


class InterfaceOnly:
    """Any other library's array: only __cuda_array_interface__."""

    def __init__(self, host):
        self.__cuda_array_interface__ = {"shape": host.shape, "typestr": host.dtype.str,
                                         "strides": None, "data": (host.ctypes.data, False),
                                         "version": 3}


@pytest.fixture
def recorded(monkeypatch):
    """Launches of the CUDA target's kernels made from now on, as (config, packed bytes); the
    (launch stream, producer stream) pairs the launches were ordered after, on the GPU, in
    `recorded.waits`; CuPy's current stream is `recorded.cupy_stream.ptr`. A launch that
    waits on the host fails the test."""
    class Launches(list):
        waits = None

    launches = Launches()
    launches.waits = []
    launches.cupy_stream = types.SimpleNamespace(ptr=0)

    def launch_packed(handle, config_ref, packed, size):
        launches.append((config_ref._obj, packed))
        return 0

    configs = {}  # id of a launch object -> the config it was made with

    def launch_new(handle, config_ref, out_ref):
        configs[id(out_ref._obj)] = config_ref._obj
        return 0

    def launch_run(native, packed):
        launches.append((configs[id(native)], packed))
        return 0

    def wait_stream(consumer, producer):
        launches.waits.append((consumer, producer))
        return 0

    def synchronize(stream):
        raise AssertionError(f"a launch waited on the host for stream {stream}")

    monkeypatch.setattr(_ffi, "launch_packed_unconverted", launch_packed)
    monkeypatch.setattr(_ffi, "launch_run_unconverted", launch_run)
    monkeypatch.setattr(_ffi.lib, "cudapy_launch_new", launch_new)
    monkeypatch.setattr(_ffi.lib, "cudapy_stream_wait_stream", wait_stream)
    monkeypatch.setattr(_ffi.lib, "cudapy_stream_synchronize", synchronize)
    cuda = types.SimpleNamespace(get_current_stream=lambda: launches.cupy_stream)
    monkeypatch.setitem(__import__("sys").modules, "cupy",
                        types.SimpleNamespace(cuda=cuda, ndarray=CupyArray))
    monkeypatch.setitem(__import__("sys").modules, "torch",
                        types.SimpleNamespace(Tensor=Tensor, **TORCH_DTYPES))
    return launches


def loaded(kernel):
    kernel._handle = object()  # stands for the loaded kernel: nothing is compiled
    return kernel


def saxpy_words(packed):
    return struct.unpack("=fxxxxQqQq", packed[:struct.calcsize("=fxxxxQqQq")])


def tensor_of_equal_dtype(host):
    return Tensor(host, same_dtype_object=False)  # read by read_foreign, not in place


@pytest.mark.parametrize("make", [CupyArray, Tensor, tensor_of_equal_dtype, InterfaceOnly])
def test_foreign_arrays_reach_the_kernel_as_their_interface_says(recorded, make):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    for launch in (kernel[1, 8], kernel(8)):
        launch(2.0, make(x), make(y))
        launch(np.float64(2.0), make(x), make(y))  # the general path, for comparison
    words = [saxpy_words(packed) for _, packed in recorded]
    assert words == [(2.0, x.ctypes.data, 8, y.ctypes.data, 8)] * 4


def test_cupy_arrays_wait_for_their_stream_unless_the_launch_is_queued_on_it(recorded):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    x, y = CupyArray(np.ones(4, np.float32)), CupyArray(np.ones(4, np.float32))
    kernel[1, 4](2.0, x, y)  # CuPy's null stream and the launch's are the legacy default
    kernel[1, 4, 1](2.0, x, y)
    assert recorded.waits == []
    kernel[1, 4, 77](2.0, x, y)  # CuPy's stream is read once a launch, for both arrays
    assert recorded.waits == [(77, 1)]
    recorded.cupy_stream.ptr = 77
    kernel[1, 4, 77](2.0, x, y)
    kernel[1, 4](2.0, x, y)
    assert recorded.waits == [(77, 1), (0, 77)]
    assert len(recorded) == 5


def test_interface_streams_order_the_launch_on_the_gpu(recorded):
    """The general path waits for the stream an array's interface names, on the GPU, unless
    the launch is queued on it (the legacy default stream is 0 and 1 alike)."""
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    host = np.ones(4, np.float32)

    def on_stream(stream):
        array = InterfaceOnly(host)
        array.__cuda_array_interface__["stream"] = stream
        return array

    kernel[1, 4](2.0, on_stream(1), on_stream(None))
    kernel[1, 4, 5](2.0, on_stream(5), on_stream(5))
    assert recorded.waits == []
    kernel[1, 4](2.0, on_stream(5), on_stream(2))
    kernel[1, 4, 9](2.0, on_stream(1), InterfaceOnly(host))
    assert recorded.waits == [(0, 5), (0, 2), (9, 1)]
    assert len(recorded) == 4


def test_numpy_scalars_of_the_parameters_type_take_the_fast_path(recorded, monkeypatch):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    monkeypatch.setattr(cp.Kernel, "_launch", lambda *args: pytest.fail("the general path"))
    kernel[1, 8](np.float32(2.5), CupyArray(x), CupyArray(y))
    kernel(8)(np.float32(2.5), Tensor(x), Tensor(y))
    assert [saxpy_words(packed)[0] for _, packed in recorded] == [2.5, 2.5]


def test_unusual_foreign_arrays_take_the_general_path_and_its_errors(recorded):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    good = np.ones(8, np.float32)
    with pytest.raises(TypeError, match=r"argument 'X' must be float\* \(float32 elements\), "
                                        "got a ndarray of float64"):
        kernel[1, 8](2.0, CupyArray(np.ones(8)), CupyArray(good))
    with pytest.raises(ValueError, match="argument 'Y' must be C-contiguous"):
        kernel[1, 8](2.0, CupyArray(good), CupyArray(np.ones(16, np.float32)[::2]))
    with pytest.raises(ValueError, match="argument 'X' must be a 1-d array"):
        kernel(8)(2.0, Tensor(np.ones((2, 4), np.float32)), Tensor(good))
    with pytest.raises(RuntimeError, match="requires grad"):
        kernel(8)(2.0, Tensor(good, requires_grad=True), Tensor(good))
    with pytest.raises(TypeError, match=r"argument 'X' must be float\* \(a CudaArray"):
        kernel(8)(2.0, Tensor(good, is_cuda=False), Tensor(good))
    assert recorded == []


def test_a_strided_parameter_gets_the_foreign_array_strides_in_elements(recorded):
    reader = foreign_reader(np.dtype(np.float32), 2, True)
    host = np.zeros((3, 5), np.float32)
    assert reader(Tensor(host), 0) == (host.ctypes.data, 3, 5, 5, 1)
    assert reader(CupyArray(host), 0) == (host.ctypes.data, 3, 5, 5, 1)
    assert reader(CupyArray(np.asfortranarray(host)), 0) is None
    assert reader(Tensor(np.zeros((0, 5), np.float32)), 0) is None  # empty: exported as 0
    assert reader(InterfaceOnly(host), 0) is None
    assert foreign_reader(np.dtype(np.float64), 2, True)(Tensor(host), 0) is None
    sparse = Tensor(host)
    sparse.is_contiguous = lambda: (_ for _ in ()).throw(RuntimeError("no is_contiguous"))
    assert reader(sparse, 0) is None  # as a sparse tensor: the general path refuses it


def test_launches_are_kept_by_key_and_equal_keys_of_other_types_are_checked(recorded):
    kernel = cp.compile(SAXPY, target="cuda")
    assert kernel[2, 64] is kernel[2, 64]
    assert kernel(100) is kernel(100) is kernel(100, 1, 1)
    assert kernel(100, 2) is kernel(100, 2)
    assert kernel[2, 64, 0, 0] is kernel[2, 64, 0, 0]
    assert kernel[(2, 1), (64, 1)] is kernel[(2, 1), (64, 1)]
    with pytest.raises(TypeError, match="the grid must be an integer, got float"):
        kernel[2.0, 64]
    with pytest.raises(TypeError, match="shared_bytes must be an integer, got float"):
        kernel[2, 64, 0, 0.0]
    with pytest.raises(TypeError, match=r"the grid\[1\] must be an integer, got float"):
        kernel[(2, 1.0), (64, 1)]
    with pytest.raises(TypeError, match="ny must be an integer, got float"):
        kernel(100, 2.0)
    with pytest.raises(TypeError, match="the block must be an integer, got bool"):
        kernel[2, True]
    with pytest.raises(TypeError, match="nx must be an integer, got float"):
        kernel(100.0)
    with pytest.raises(TypeError, match="nx must be an integer, got bool"):
        kernel(True)
    with pytest.raises(TypeError, match="nx must be an integer, got list"):
        kernel([100])
    with pytest.raises(TypeError, match=r"saxpy\[...\] takes grid, block"):
        kernel[[2, 64]]


def test_numba_style_kernels_launch_foreign_arrays_through_the_fast_path(recorded, monkeypatch):
    from cudapy import cuda

    @cuda.jit(target="cuda")
    def scale_add(a, x, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = a * x[i] + y[i]

    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    for make in (CupyArray, Tensor):
        args = (np.float32(2.0), make(x), make(y))
        loaded(scale_add._kernel_for(args))
        with monkeypatch.context() as patch:
            patch.setattr(cp.Kernel, "_launch", lambda *a: pytest.fail("the general path"))
            scale_add[1, 8](*args)
            scale_add[1, 8](*args)
    assert [saxpy_words(packed) for _, packed in recorded] == [
        (2.0, x.ctypes.data, 8, y.ctypes.data, 8)] * 4
    assert len(scale_add.signatures) == 1


def test_a_one_dimensional_parameter_reads_a_cupy_arrays_size_as_its_extent(recorded):
    reader = foreign_reader(np.dtype(np.float32), 1, False)
    host = np.zeros(12, np.float32)
    assert reader(CupyArray(host), 0) == (host.ctypes.data, 12)
    assert reader(CupyArray(host.reshape(3, 4)), 0) is None  # same size, two dimensions
    assert reader(CupyArray(host[::2]), 0) is None  # not contiguous
    assert reader(CupyArray(host[:0]), 0) is None  # empty
    assert reader(CupyArray(host.astype(np.float64)), 0) is None
    strided = foreign_reader(np.dtype(np.float32), 1, True)
    assert strided(CupyArray(host), 0) == (host.ctypes.data, 12, 1)


def test_scalars_outside_their_type_leave_the_fast_path_for_its_errors(recorded):
    """struct.pack checks the range on the fast path: a value it refuses is refused by name."""
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    x, y = CupyArray(np.ones(4, np.float32)), CupyArray(np.ones(4, np.float32))
    largest = float(np.finfo(np.float32).max)
    just_below_rounding_up = 2.0 ** 128 * (1 - 2.0 ** -25) * (1 - 2.0 ** -53)
    for value in (largest, -just_below_rounding_up, math.inf, -math.inf):
        kernel[1, 4](value, x, y)
    assert [saxpy_words(packed)[0] for _, packed in recorded] == [
        largest, -largest, math.inf, -math.inf]
    for value in (2.0 ** 128 * (1 - 2.0 ** -25), -1e39, 1e300):
        with pytest.raises(OverflowError, match=r"argument 'alpha' = .* does not fit in float"):
            kernel[1, 4](value, x, y)
    fill = loaded(cp.compile("# fill : void (int* X, int value)\n"
                             "def fill(X, value):\n    X[idx] = value\n", target="cuda"))
    for value in (2 ** 31 - 1, -2 ** 31):
        fill[1, 4](CupyArray(np.ones(4, np.int32)), value)
    for value in (2 ** 31, -2 ** 31 - 1, 2 ** 70):
        with pytest.raises(OverflowError, match=f"argument 'value' = {value} does not fit in int"):
            fill[1, 4](CupyArray(np.ones(4, np.int32)), value)
    assert len(recorded) == 6


def test_cupy_arrays_for_every_parameter_form_take_the_fast_path(recorded, monkeypatch):
    """C-layout n-d and 1-d strided parameters read a CuPy array where the launch tests it;
    an n-d strided one takes the reader; all pack the words the interface gives."""
    kernel = loaded(cp.compile(
        "# k : void (float[:, ::1] A, float[:] B, float[:, :] C, float* D)\n"
        "def k(A, B, C, D):\n    D[0] = A[0, 0] + B[0] + C[0, 0]\n", target="cuda"))
    monkeypatch.setattr(cp.Kernel, "_launch", lambda *args: pytest.fail("the general path"))
    a, b = np.ones((3, 4), np.float32), np.ones(5, np.float32)
    c, d = np.ones((2, 6), np.float32), np.ones(7, np.float32)
    for launch in (kernel[1, 1], kernel(1)):
        launch(*(CupyArray(host) for host in (a, b, c, d)))
    expected = (a.ctypes.data, 3, 4, b.ctypes.data, 5, 1, c.ctypes.data, 2, 6, 6, 1,
                d.ctypes.data, 7)
    assert [struct.unpack("=QqqQqqQqqqqQq", packed) for _, packed in recorded] == [expected] * 2


def test_tensors_pytorch_cannot_describe_take_the_checked_path(recorded, monkeypatch):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    general = []
    monkeypatch.setattr(cp.Kernel, "_launch", lambda self, config, args: general.append(args))
    good = np.ones(8, np.float32)
    sparse = Tensor(good)
    sparse.is_contiguous = lambda: (_ for _ in ()).throw(RuntimeError("no is_contiguous"))
    kernel[1, 8](2.0, sparse, Tensor(good))
    assert len(general) == 1 and recorded == []
    kernel[1, 8](2.0, Tensor(good), tensor_of_equal_dtype(good))
    assert len(general) == 1 and len(recorded) == 1


def test_a_launch_made_before_cupy_was_imported_reads_cupy_arrays_in_place(recorded,
                                                                          monkeypatch):
    kernel = loaded(cp.compile(SAXPY, target="cuda"))
    cupy = __import__("sys").modules.pop("cupy")
    launch = kernel[1, 8]
    monkeypatch.setitem(__import__("sys").modules, "cupy", cupy)
    reads = []
    read_foreign = launch.__globals__["read1"]  # what the launch reads X with when not in place
    monkeypatch.setitem(launch.__globals__, "read1",
                        lambda *args: reads.append(args) or read_foreign(*args))
    x, y = CupyArray(np.ones(8, np.float32)), CupyArray(np.ones(8, np.float32))
    for _ in range(3):
        launch(2.0, x, y)
    assert len(recorded) == 3
    assert len(reads) == 1  # the first launch found CuPy; the next ones read in place


@pytest.mark.parametrize("grid, block", [
    ((4,), (256,)), ((4, 2), (16, 16)), ((2 ** 31 - 1, 65535, 65535), (1024, 1, 1)),
    ((1, 1, 1), (1, 1, 64)), ((0,), (32,)), ((2 ** 31,), (32,)), ((1,), (1025,)),
    ((1,), (1, 1, 65)), ((), (32,)), ((1, 1, 1, 1), (32,)), ((True,), (32,)),
    ((np.int32(4),), (32,)), ((1.0,), (32,)), (4, (32,)), ([4], (32,))])
def test_plain_counts_agree_with_the_checked_shapes(grid, block):
    """The unchecked counts of SourceModule's first launch: what grid_and_block gives for
    tuples of plain ints within CUDA's limits, and None for anything else (which the checked
    path then takes)."""
    from cudapy._launch import grid_and_block, plain_counts

    counts = plain_counts(grid, block)
    plain = all(isinstance(part, tuple) and 1 <= len(part) <= 3
                and all(type(count) is int for count in part) for part in (grid, block))
    try:
        grid_dim, block_dim = grid_and_block("k", grid, block)
    except (TypeError, ValueError):
        assert counts is None
        return
    checked = (grid_dim.x, grid_dim.y, grid_dim.z, block_dim.x, block_dim.y, block_dim.z)
    assert counts == (checked if plain else None)
