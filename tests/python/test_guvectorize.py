"""numba's guvectorize: generalized ufuncs over core dimensions, their outer dimensions
broadcast and spread over threads, on the CPU target and the GPU, checked against NumPy."""

import numpy as np
import pytest

import cudapy as cp

GU_TARGETS = ["cpu", "parallel", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


def matmul_core(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            s = 0.0
            for k in range(a.shape[1]):
                s += a[i, k] * b[k, j]
            out[i, j] = s


def axpy_core(x, a, out):
    for i in range(len(x)):
        out[i] = a * x[i] + 1


def total_core(x, res):
    s = 0
    for v in range(x.shape[-1]):
        s += x[v]
    res[0] = s


@pytest.fixture(params=GU_TARGETS)
def gu_target(request):
    return request.param


def test_batched_matmul_broadcasts_outer_dimensions(gu_target):
    matmul = cp.guvectorize(["void(float64[:, :], float64[:, :], float64[:, :])"],
                            "(m,n),(n,p)->(m,p)", target=gu_target)(matmul_core)
    rng = np.random.default_rng(1)
    a = rng.random((2, 3, 4, 5))
    b = rng.random((3, 5, 6))
    np.testing.assert_allclose(matmul(a, b), a @ b, rtol=1e-12)
    np.testing.assert_allclose(matmul(a[0, 0], b[0]), a[0, 0] @ b[0], rtol=1e-12)


def test_scalar_inputs_and_the_loop_chosen_by_casting(gu_target):
    axpy = cp.guvectorize(["void(float32[:], float32, float32[:])",
                           "void(float64[:], float64, float64[:])"],
                          "(n),()->(n)", target=gu_target)(axpy_core)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    result = axpy(x, np.float32(2))
    assert result.dtype == np.float32
    np.testing.assert_array_equal(result, 2 * x + 1)
    scales = np.array([1.0, 2.0, 3.0])  # one scalar per row: float64, the second loop
    wide = axpy(x, scales[:, None][:, 0])
    assert wide.dtype == np.float64
    np.testing.assert_array_equal(wide, scales[:, None] * x + 1)
    with pytest.raises(TypeError, match="no loop takes"):
        axpy(x.astype(np.complex64), np.float32(1))


def test_scalar_outputs_given_outputs_and_out(gu_target):
    total = cp.guvectorize("void(int64[:], int64[:])", "(n)->()", target=gu_target)(total_core)
    y = np.arange(20).reshape(4, 5)
    np.testing.assert_array_equal(total(y), y.sum(axis=1))
    given = np.zeros(4, np.int64)
    assert total(y, given) is given
    np.testing.assert_array_equal(given, y.sum(axis=1))
    again = np.zeros(4, np.int64)
    total(y, out=again)
    np.testing.assert_array_equal(again, y.sum(axis=1))
    with pytest.raises(ValueError, match="output 0 has shape"):
        total(y, np.zeros(3, np.int64))
    with pytest.raises(TypeError, match="holds float64"):
        total(y, np.zeros(4, np.float64))


def test_device_arrays_in_give_device_arrays_out():
    axpy = cp.guvectorize("void(float32[:], float32, float32[:])", "(n),()->(n)",
                          target="cpu")(axpy_core)
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    d = cp.to_device(x, target="cpu")
    result = axpy(d, np.float32(3))
    assert isinstance(result, cp.CudaArray)
    np.testing.assert_array_equal(result.copy_to_host(), 3 * x + 1)


def test_an_empty_outer_dimension_gives_an_empty_result():
    total = cp.guvectorize("void(int64[:], int64[:])", "(n)->()", target="cpu")(total_core)
    assert total(np.zeros((0, 3), np.int64)).shape == (0,)


@pytest.mark.parametrize("layout", ["(m,n)(n)->(m)", "(m,n),(n)", "(m,n)->(m)->(n)",
                                    "(m-1)->(m)", "(m),(n)->(p)", 3])
def test_malformed_layouts_are_refused(layout):
    with pytest.raises(ValueError, match="layout"):
        cp.guvectorize("void(float64[:], float64[:])", layout)(lambda x, out: None)


def test_calls_that_do_not_fit_the_layout_are_refused():
    matmul = cp.guvectorize("void(float64[:, :], float64[:, :], float64[:, :])",
                            "(m,n),(n,p)->(m,p)", target="cpu")(matmul_core)
    with pytest.raises(ValueError, match="dimension n is 4 in one argument and 5 in b"):
        matmul(np.ones((3, 4)), np.ones((5, 2)))
    with pytest.raises(ValueError, match="do not broadcast"):
        matmul(np.ones((2, 3, 4)), np.ones((3, 4, 2)))
    with pytest.raises(ValueError, match="fewer than its core dimensions"):
        matmul(np.ones(4), np.ones((4, 2)))
    with pytest.raises(TypeError, match="takes 2 inputs"):
        matmul(np.ones((3, 4)))


def test_signatures_that_do_not_fit_the_layout_are_refused():
    with pytest.raises(TypeError, match="x has 2 dimensions, but its layout"):
        cp.guvectorize("void(float64[:, :], float64[:])", "(n)->()")(
            lambda x, res: None)
    with pytest.raises(TypeError, match="has 3 arguments"):
        cp.guvectorize("void(float64[:], float64, float64[:])", "(n)->()")(
            lambda x, res: None)
    with pytest.raises(ValueError, match="write it as 'void"):
        cp.guvectorize("float64(float64[:])", "(n)->()")(lambda x, res: None)
    with pytest.raises(TypeError, match="takes 1 arguments"):
        cp.guvectorize("void(float64[:], float64[:])", "(n)->()")(lambda x: None)


def test_an_argument_used_as_a_whole_is_refused():
    def passes_the_array(x, res):
        res[0] = len(x) + sum(x)

    summed = cp.guvectorize("void(float64[:], float64[:])", "(n)->()", target="cpu")(
        passes_the_array)
    with pytest.raises(TypeError, match=r"test_guvectorize.py:\d+: guvectorize: x is used as a whole"):
        summed(np.ones((2, 3)))


def test_type_objects_spell_signatures_too():
    from cudapy.cuda import float64, void

    matmul = cp.guvectorize([void(float64[:, :], float64[:, :], float64[:, :])],
                            "(m,n),(n,p)->(m,p)", target="cpu")(matmul_core)
    a, b = np.eye(3), np.arange(9.0).reshape(3, 3)
    np.testing.assert_array_equal(matmul(a, b), b)


def test_given_outputs_keep_what_the_function_leaves_and_accumulate(gu_target):
    def add_into(x, res):
        for i in range(x.shape[0]):
            if i == 0:
                res[0] += x[i]

    accumulate = cp.guvectorize("void(float64[:], float64[:])", "(n)->()",
                                target=gu_target)(add_into)
    out = np.full(3, 9.0)
    accumulate(np.arange(6.0).reshape(3, 2), out)
    np.testing.assert_array_equal(out, [9.0, 11.0, 13.0])


def test_closure_variables_and_python_numbers(gu_target):
    factor = 3.0

    def scaled(x, a, out):
        for i in range(x.shape[0]):
            out[i] = x[i] * a * factor

    scale = cp.guvectorize("void(float32[:], float32, float32[:])", "(n),()->(n)",
                           target=gu_target)(scaled)
    x = np.arange(4, dtype=np.float32)
    for number in (2.0, 2):
        result = scale(x, number)
        assert result.dtype == np.float32
        np.testing.assert_array_equal(result, x * 6)


def test_numba_styles_inside_the_function(gu_target):
    def weighted(a, w, res):
        m, n = a.shape
        total = 0.0
        for i in range(m):
            k = 0
            for v in w:
                total += a[i, k] * v
                k += 1
        res[0] = total / (m * n)

    gufunc = cp.guvectorize("void(float64[:, :], float64[:], float64[:])", "(m,n),(n)->()",
                            target=gu_target)(weighted)
    a = np.arange(24.0).reshape(2, 3, 4)
    w = np.array([1.0, 0.5, 0.25, 2.0])
    np.testing.assert_allclose(gufunc(a, w), (a @ w).sum(axis=1) / 12, rtol=1e-14)
    with pytest.raises(TypeError, match="one core dimension"):
        cp.guvectorize("void(float64[:, :], float64[:])", "(m,n)->()", target="cpu")(
            lambda_free_loop)(np.ones((2, 2)))


def lambda_free_loop(a, res):
    for row in a:
        res[0] = row
