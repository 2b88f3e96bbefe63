"""Sizes and launch values are checked before they reach C, where ctypes would cut them to
their low bits: arrays too large for any memory are a MemoryError (HostMemoryError on the CPU),
extents past 64 bits an OverflowError, and launches past CUDA's limits (grid, block, shared
memory, stream) are refused naming the parameter, the same on the CPU target, in the
interpreter and on the GPU. cp.dim3 is accepted wherever a thread count, grid or block is.

Oracles: NumPy for what the kernels compute, the limits as CUDA documents them, and the array
left untouched by a refused launch.
"""

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda


# fill : void (int32* X)
def fill(X):
    if idx < len(X):
        X[idx] = idx + 1


# grid2d : void (int32[:, ::1] M)
def grid2d(M):
    if idy < M.shape[0] and idx < M.shape[1]:
        M[idy, idx] = idy * 1000 + idx


@pytest.fixture(scope="module", params=["cpu", "python"])
def target(request):
    return request.param


@pytest.fixture(scope="module")
def fill_kernel(target):
    return cp.compile(fill, target=target)


@pytest.fixture(scope="module")
def fill_numba(target):
    @cuda.jit("void(int32[:])", target=target)
    def numba_fill(X):
        i = cuda.grid(1)
        if i < X.shape[0]:
            X[i] = i + 1
    return numba_fill


def expected_fill(n, threads):
    return np.where(np.arange(n) < threads, np.arange(n) + 1, 0).astype(np.int32)


# ---- sizes --------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: cp.CudaArray.allocate(2 ** 62 + 1, cp.Float, target="cpu"),
    lambda: cp.CudaArray.allocate(2 ** 64 // 4 + 1, np.float32, target="cpu"),
    lambda: cp.empty((2 ** 21,) * 3, np.float64, target="cpu"),
    lambda: cp.zeros((2 ** 40, 2 ** 30), np.int8, target="cpu"),
    lambda: cp.device_array((2 ** 31, 2 ** 31, 4), np.float32, target="cpu"),
    lambda: cp.CudaArray.allocate((2, 2), np.float32, strides=(2 ** 63 - 4, 4), target="cpu"),
    lambda: cp.CudaArray.allocate((2 ** 40, 2 ** 40), np.float32, strides=(0, 0), target="cpu"),
    lambda: cp.empty((2 ** 61, 2 ** 61), np.float32, order="F", target="cpu"),
])
def test_arrays_larger_than_memory_are_a_memory_error(make):
    with pytest.raises(cp.HostMemoryError, match="more than an address space holds") as caught:
        make()
    assert isinstance(caught.value, MemoryError)


def test_a_pinned_array_larger_than_memory_is_a_memory_error():
    with pytest.raises(MemoryError, match="more than an address space holds"):
        cp.pinned_array((2 ** 33, 2 ** 33), np.float32)


@pytest.mark.parametrize("shape, error, text", [
    ((2 ** 64,), OverflowError, "does not fit in 64 bits"),
    ((4, 2 ** 63), OverflowError, "does not fit in 64 bits"),
    ((-1,), ValueError, "must not be negative"),
    ((3, -2), ValueError, "must not be negative"),
    ((2.0,), TypeError, "integer"),
])
def test_bad_extents(shape, error, text):
    with pytest.raises(error, match=text):
        cp.empty(shape, np.float32, target="cpu")
    with pytest.raises(error, match=text):
        cp.CudaArray.allocate(shape, cp.Float, target="cpu")


def test_arrays_within_the_limits_are_made():
    """An empty array may have the largest extent; an ordinary one keeps its data."""
    empty = cp.empty((2 ** 63 - 1, 0), np.float32, target="cpu")
    assert empty.shape == (2 ** 63 - 1, 0) and empty.size == 0 and empty.nbytes == 0
    data = np.arange(24, dtype=np.float64).reshape(4, 6)
    array = cp.empty(data.shape, data.dtype, target="cpu")
    array.copy_to_device(data)
    np.testing.assert_array_equal(array.copy_to_host(), data)


# ---- launch values ------------------------------------------------------------------------

REFUSED_LAUNCHES = [
    ((1, 2048), ValueError, r"the block must be at most 1024 \(CUDA's limit in x\), got 2048"),
    ((1, (1, 2048)), ValueError, r"block\[1\] must be at most 1024 \(CUDA's limit in y\)"),
    ((1, (1, 1, 128)), ValueError, r"block\[2\] must be at most 64 \(CUDA's limit in z\)"),
    ((1, (32, 32, 2)), ValueError, r"the block \(32, 32, 2\) has 2048 threads; a block has at "
                                   r"most 1024"),
    ((2 ** 31, 32), ValueError, r"the grid must be at most 2147483647"),
    (((1, 65536), 32), ValueError, r"grid\[1\] must be at most 65535"),
    (((1, 1, 65536), 32), ValueError, r"grid\[2\] must be at most 65535"),
    ((2 ** 64 + 1, 32), ValueError, "the grid must be at most"),
    ((1, 32, 0, 49153), ValueError, "shared_bytes must be at most 49152"),
    ((1, 32, 0, 2 ** 64 + 5), ValueError, "shared_bytes must be at most 49152"),
    ((1, 32, 0, -1), ValueError, "shared_bytes must not be negative"),
    ((1, 32, 0, 1.5), TypeError, "shared_bytes must be an integer, got float"),
    ((1, 32, 2 ** 64 + 1), OverflowError, r"the stream 18446744073709551617 does not fit in "
                                          r"a cudaStream_t \(64 bits\)"),
    ((1, 32, 2 ** 64), OverflowError, "does not fit in a cudaStream_t"),
    ((1, 32, -1), ValueError, "the stream must not be negative"),
    ((1, 32, 1.0), TypeError, "the stream must be an integer"),
    ((1.0, 32), TypeError, "the grid must be an integer, got float"),
    ((1, (32, True)), TypeError, r"block\[1\] must be an integer, got bool"),
]


@pytest.mark.parametrize("key, error, text", REFUSED_LAUNCHES)
def test_launches_past_cudas_limits_are_refused(fill_kernel, fill_numba, key, error, text):
    x = np.zeros(64, np.int32)
    for kernel in (fill_kernel, fill_numba):
        with pytest.raises(error, match=text):
            kernel[key](x)
        assert not x.any()  # nothing ran
    stream = key[2] if len(key) > 2 else 0
    shared_mem = key[3] if len(key) > 3 else 0
    with pytest.raises(error, match=text):
        fill_kernel.launch(x, grid=key[0], block=key[1], stream=stream, shared_mem=shared_mem)
    assert not x.any()


def test_refused_launch_values_name_the_kernel(fill_kernel):
    with pytest.raises(ValueError, match=r"^fill\(\): the block"):
        fill_kernel[1, 4096]


def test_launches_at_cudas_limits_run(fill_kernel, fill_numba):
    for kernel in (fill_kernel, fill_numba):
        for key, threads in [((2, 1024), 2048), ((3, (1, 1, 64)), 3), ((2, (32, 32)), 64),
                             ((1, 32, 0, 49152), 32), ((1, 32, 2 ** 64 - 1), 32)]:
            x = np.zeros(2100, np.int32)
            kernel[key](x)
            np.testing.assert_array_equal(x, expected_fill(2100, threads), err_msg=str(key))


def test_a_launch_hit_is_the_cached_launch(fill_kernel):
    """The checks run when a launch shape is made; the launch kept for it is found again."""
    assert fill_kernel[2, 1024] is fill_kernel[2, 1024]
    assert fill_kernel(2048) is fill_kernel(2048)


# ---- dim3 ---------------------------------------------------------------------------------

def test_dim3_is_a_tuple_of_three_positive_ints():
    assert cp.dim3(5) == (5, 1, 1) and cp.dim3(2, 3) == (2, 3, 1) and cp.dim3(2, 3, 4) == (2, 3, 4)
    d = cp.dim3(np.int64(7), z=np.uint8(2))
    assert (d.x, d.y, d.z) == (7, 1, 2) and all(type(v) is int for v in d)
    assert repr(cp.dim3(1, 2, 3)) == "dim3(1, 2, 3)"
    assert isinstance(d, tuple) and "dim3" in cp.__all__
    with pytest.raises(ValueError, match=r"dim3\(\): y must be positive, got 0"):
        cp.dim3(4, 0)
    with pytest.raises(TypeError, match=r"dim3\(\): x must be an integer, got float"):
        cp.dim3(4.0)
    with pytest.raises(TypeError, match="got bool"):
        cp.dim3(True)


def test_dim3_gives_a_thread_count(fill_kernel, fill_numba):
    for kernel in (fill_kernel, fill_numba):
        x = np.zeros(3000, np.int32)
        kernel(cp.dim3(2500))(x)
        np.testing.assert_array_equal(x, expected_fill(3000, 2500))
    with pytest.raises(TypeError, match="as a dim3 or as nx, ny, nz, not both"):
        fill_kernel(cp.dim3(4), 2)
    with pytest.raises(TypeError, match="nx must be an integer, got tuple"):
        fill_kernel((4, 1, 1))


def test_dim3_gives_two_dimensional_thread_counts_grids_and_blocks(target):
    kernel = cp.compile(grid2d, target=target)
    height, width = 37, 53
    expected = np.add.outer(np.arange(height) * 1000, np.arange(width)).astype(np.int32)
    launches = [kernel(cp.dim3(width, height)), kernel(width, height),
                kernel[cp.dim3(4, 3), cp.dim3(16, 16)], kernel[(4, 3), cp.dim3(16, 16)],
                kernel[cp.dim3(4, 3), (16, 16)]]
    for launch in launches:
        m = np.zeros((height, width), np.int32)
        launch(m)
        np.testing.assert_array_equal(m, expected)
    m = np.zeros((height, width), np.int32)
    kernel.launch(m, grid=cp.dim3(4, 3), block=cp.dim3(16, 16))
    np.testing.assert_array_equal(m, expected)


def test_dim3_launches_are_kept(fill_kernel):
    assert fill_kernel(cp.dim3(100)) is fill_kernel(cp.dim3(100))
    assert fill_kernel[cp.dim3(2), cp.dim3(32)] is fill_kernel[cp.dim3(2), cp.dim3(32)]
    # A tuple equal to a dim3 is still refused where a dim3 is taken and a tuple is not.
    with pytest.raises(TypeError):
        fill_kernel((100, 1, 1))


def test_dim3_is_checked_against_the_limits(fill_kernel):
    with pytest.raises(ValueError, match=r"block\[2\] must be at most 64"):
        fill_kernel[cp.dim3(1), cp.dim3(1, 1, 65)]
    with pytest.raises(ValueError, match="has 2048 threads"):
        fill_kernel[1, cp.dim3(64, 32)]


# ---- shared memory ------------------------------------------------------------------------

SHARED_TOO_LARGE = """
# big : void (float32* X)
def big(X):
    s = cuda.shared.array(1073741824, float32)
    s[cuda.threadIdx.x] = 1.0
    cuda.syncthreads()
    X[0] = s[0]
"""

# CUDA's 48 KiB of static shared memory a block, exactly: 32768 + 16384 bytes.
SHARED_AT_THE_LIMIT = """
# at_limit : void (float64[:, ::1] A, float32* B)
def at_limit(A, B):
    a = cuda.shared.array((64, 64), float64)
    b = cuda.shared.array(4096, float32)
    t = cuda.threadIdx.x
    for i in range(t, 4096, 64):
        a[i // 64, i % 64] = i * 0.5
        b[i] = i * 2.0
    cuda.syncthreads()
    for i in range(t, 4096, 64):
        A[i // 64, i % 64] = a[63 - i // 64, 63 - i % 64]
        B[i] = b[4095 - i]
"""

SHARED_PAST_THE_LIMIT = SHARED_AT_THE_LIMIT.replace(
    "    t = cuda.threadIdx.x\n",
    "    c = cuda.shared.array(1, int8)\n    t = cuda.threadIdx.x + c[0] * 0\n")


@pytest.mark.parametrize("target", ["cpu", "cuda", "python"])
def test_a_shared_array_past_the_limit_is_a_compile_error(target):
    """On every target alike, at the array, rather than a linker's (CPU) or ptxas's (GPU)
    message: the limit is CUDA's 48 KiB a block."""
    with pytest.raises(cp.CompileError, match=r"the shared array 's' takes 4294967296 bytes; a "
                                              r"block has at most 49152 bytes of shared memory") \
            as caught:
        cp.compile(SHARED_TOO_LARGE, target=target)
    assert caught.value.lineno == 4 and caught.value.offset == 9


def test_shared_arrays_up_to_the_limit_run_and_one_byte_more_is_refused():
    kernel = cp.compile(SHARED_AT_THE_LIMIT, target="cpu")
    a = np.zeros((64, 64), np.float64)
    b = np.zeros(4096, np.float32)
    kernel[1, 64](a, b)
    np.testing.assert_array_equal(a, (np.arange(4096)[::-1] * 0.5).reshape(64, 64))
    np.testing.assert_array_equal(b, np.arange(4096, dtype=np.float32)[::-1] * 2)
    with pytest.raises(cp.CompileError, match=r"the shared array 'c' takes 1 bytes \(with the "
                                              r"function's other shared arrays, 49153\)") \
            as caught:
        cp.compile(SHARED_PAST_THE_LIMIT, target="cpu")
    assert caught.value.lineno == 6
