"""numba.cuda's vocabulary through `from cudapy import cuda`: the module's surface on the host,
@cuda.jit and its options, specialization on argument types, n-d arrays (C, Fortran and
strided; NumPy arrays and device arrays), module constants, constant arrays, device functions,
launch forms and errors. Kernels run on the CPU target, and on the GPU where there is one, and
their results are checked against NumPy.

Kernels are made inside the tests (cuda.jit chooses the target when it is applied), from
functions defined here or in the test.
"""

import collections
import ctypes
import enum
import math
import operator
import os
import re
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

import cudapy as cp
import cudapy.cuda
from cudapy import _ffi, cuda
from cudapy._interpreter_cuda import CudaNames


@pytest.fixture
def rng():
    return np.random.default_rng(20261122)


# ---- the module on the host ------------------------------------------------------------------

DEVICE_FUNCTIONS = ["grid", "gridsize", "syncthreads", "syncthreads_count", "syncthreads_and",
                    "syncthreads_or", "syncwarp", "threadfence", "threadfence_block",
                    "threadfence_system", "shfl_sync", "shfl_up_sync", "shfl_down_sync",
                    "shfl_xor_sync", "all_sync", "any_sync", "eq_sync", "ballot_sync",
                    "match_any_sync", "match_all_sync", "activemask",
                    "lanemask_lt", "popc", "brev", "clz", "ffs", "fma", "cbrt",
                    "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt",
                    "assume_aligned"]
NAMESPACED_FUNCTIONS = ["shared.array", "local.array", "const.array_like", "atomic.add",
                        "atomic.sub", "atomic.min", "atomic.max", "atomic.nanmin",
                        "atomic.nanmax", "atomic.and_", "atomic.or_",
                        "atomic.xor", "atomic.exch", "atomic.inc", "atomic.dec",
                        "atomic.compare_and_swap", "atomic.cas", "atomic.load", "cg.this_grid"]
DTYPE_NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "float16", "float32", "float64"]


def test_the_library_lists_numba_s_builtins():
    listed = {builtin.name for builtin in _ffi.BUILTINS}
    language = set(DEVICE_FUNCTIONS) - {"grid", "gridsize", "fma", "cbrt"}
    atomics = {name for name in NAMESPACED_FUNCTIONS if name.startswith("atomic.")}
    assert listed == language | atomics | {"cg.this_grid", "cg.this_grid().sync"}


def test_the_interpreter_implements_every_builtin():
    names = CudaNames(None, {}, types.SimpleNamespace(fma=None, cbrt=None))
    for builtin in _ffi.BUILTINS:
        function = names
        for part in builtin.name.split("."):  # "cg.this_grid().sync" calls this_grid
            function = getattr(function, part.removesuffix("()"))
            if part.endswith("()"):
                function = function()
        assert callable(function), builtin.name


def test_the_module_is_reachable_three_ways():
    assert cp.cuda is cuda
    assert cudapy.cuda is cuda


@pytest.mark.parametrize("name", DEVICE_FUNCTIONS + NAMESPACED_FUNCTIONS)
def test_device_functions_called_on_the_host_raise(name):
    function = cuda
    for part in name.split("."):
        function = getattr(function, part)
    with pytest.raises(RuntimeError, match=rf"^cuda\.{name}\(\) can only be called inside a "
                                           "kernel$"):
        function(1, 2, 3)


@pytest.mark.parametrize("name", ["threadIdx", "blockIdx", "blockDim", "gridDim"])
@pytest.mark.parametrize("axis", ["x", "y", "z"])
def test_thread_indices_read_on_the_host_raise(name, axis):
    with pytest.raises(RuntimeError, match=rf"cuda\.{name}\.{axis} can only be read inside"):
        getattr(getattr(cuda, name), axis)


@pytest.mark.parametrize("use", [int, float, bool, lambda v: v + 1, lambda v: 31 - v,
                                 lambda v: v < 3, lambda v: [0, 1][v]],
                         ids=["int", "float", "bool", "add", "rsub", "compare", "index"])
@pytest.mark.parametrize("name", ["laneid", "warpsize"])
def test_lane_values_used_on_the_host_raise(name, use):
    with pytest.raises(RuntimeError, match=rf"cuda\.{name} can only be read inside a kernel"):
        use(getattr(cuda, name))


@pytest.mark.parametrize("name", ["current_context", "autojit", "close"])
def test_the_rest_of_numba_cuda_is_refused_by_name(name):
    with pytest.raises(AttributeError, match=rf"^cuda\.{name} is not supported by cudapy$"):
        getattr(cuda, name)


@pytest.mark.parametrize("name", ["atomic.fetch", "shared.zeros", "local.zeros", "const.array"])
def test_the_rest_of_the_namespaces_is_refused_by_name(name):
    namespace, attribute = name.split(".")
    with pytest.raises(AttributeError, match=rf"^cuda\.{namespace}\.{attribute} is not "
                                             "supported by cudapy$"):
        getattr(getattr(cuda, namespace), attribute)


def test_special_names_are_plain_attribute_errors():
    assert not hasattr(cuda, "__path__")
    assert not hasattr(cuda.atomic, "__wrapped__")


@pytest.mark.parametrize("name", DTYPE_NAMES)
def test_type_names_serve_as_numpy_dtypes_and_casts(name):
    numba_type, numpy_type = getattr(cuda, name), getattr(np, name)
    assert np.dtype(numba_type) == np.dtype(numpy_type) and numba_type == numpy_type
    assert np.zeros(3, numba_type).dtype == numpy_type
    value = numba_type(1)
    assert type(value) is numpy_type and value == numpy_type(1)
    assert cuda.from_dtype(np.dtype(numpy_type)) == numba_type


def test_type_objects_spell_signatures_as_numba_does():
    assert str(cuda.float32[:]) == "float32[:]"
    assert str(cuda.float64[:, ::1]) == "float64[:, ::1]"
    assert str(cuda.int32[::1, :]) == "int32[::1, :]"
    assert cuda.void(cuda.float32[:], cuda.int32) == "void(float32[:], int32)"
    assert cuda.float32(cuda.float32, cuda.int64) == "float32(float32, int64)"
    for bad in (lambda: cuda.float32[1:], lambda: cuda.float32[:, ::1, :],
                lambda: cuda.float32[::2], lambda: cuda.void[:], lambda: cuda.void(1),
                lambda: cuda.float32(cuda.void), lambda: cuda.from_dtype(np.dtype("U3"))):
        with pytest.raises(TypeError):
            bad()


def test_overloads_hold_a_kernel_per_signature_compiled():
    def double(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = x[i] * 2

    kernel = cuda.jit(double, target="cpu")
    assert kernel.overloads == {}
    host = np.arange(4, dtype=np.float64)
    kernel[1, 4](host)
    kernel[1, 4](cp.to_device(host, target="cpu"))  # the same signature: no second kernel
    assert len(kernel.overloads) == 1
    assert isinstance(kernel.overloads[kernel.signatures[0]], cp.Kernel)
    kernel[1, 4](np.arange(4, dtype=np.int32))
    assert len(kernel.overloads) == 2
    np.testing.assert_array_equal(host, np.arange(4) * 2)


@pytest.mark.nvrtc
def test_inspect_asm_gives_the_ptx_of_a_signature():
    from cudapy.cuda import float32

    def cosine(r, x):
        r[0] = math.cos(x)

    fast = cuda.jit((float32[::1], float32), fastmath=True, target="cpu")(cosine)
    precise = cuda.jit((float32[::1], float32), target="cpu")(cosine)
    assert "cos.approx" in fast.inspect_asm((float32[::1], float32))
    assert "cos.approx" not in precise.inspect_asm("void(float32[::1], float32)")
    assert list(precise.inspect_asm()) == precise.signatures
    lazy = cuda.jit(target="cpu")(cosine)
    assert ".entry cosine" in lazy.inspect_asm((float32[::1], float32)).replace("\t", " ")
    assert len(lazy.overloads) == 1
    # No LTO-IR is linked: the PTX after "link-time optimization" is the kernel's.
    assert fast.inspect_lto_ptx((float32[::1], float32)) == fast.inspect_asm(
        (float32[::1], float32))


def test_kernels_take_signatures_of_type_objects():
    from cudapy.cuda import float32, int32, void

    def scale(x, factor):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = x[i] * factor

    x = np.arange(8, dtype=np.float32)
    for signature in (void(float32[:], int32), (float32[::1], int32)):
        kernel = cuda.jit(signature, target="cpu")(scale)
        y = x.copy()
        kernel[1, 8](y, np.int32(3))
        np.testing.assert_array_equal(y, x * 3)
    twice = cuda.jit(float32(float32), device=True)(lambda v: v * 2)
    assert twice.signature == "float32(float32)"
    with pytest.raises(TypeError, match="tuple holds types"):
        cuda.jit((float32[:], "int32"))


def test_star_import_gives_the_kernel_vocabulary():
    namespace = {}
    exec("from cudapy.cuda import *", namespace)
    for name in ["jit", "to_device", "threadIdx", "grid", "shared", "atomic", "syncthreads",
                 "shfl_sync", "popc", "laneid", "warpsize", "float32"]:
        assert namespace[name] is getattr(cuda, name)


def test_kernel_assertion_error_is_an_assertion_error():
    assert issubclass(cp.KernelAssertionError, cp.CudapyError)
    assert issubclass(cp.KernelAssertionError, AssertionError)


def test_host_queries_agree_with_the_device_count(capsys, monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    count = cp.device_count()
    assert cuda.is_available() == (count > 0)
    assert cuda.detect() == (count > 0)
    assert f"Found {count} CUDA devices" in capsys.readouterr().out
    if count == 0:
        with pytest.raises(cp.NoDeviceError):
            cuda.get_current_device()
        return
    device = cuda.get_current_device()
    info = cp.device_info(0)
    assert (device.id, device.name, device.compute_capability) == (
        0, info.name, info.compute_capability)
    assert device.MULTIPROCESSOR_COUNT == info.multiprocessors


@pytest.mark.parametrize("target", ["cpu", "python"])
def test_the_current_device_of_a_host_target_describes_that_target(target, monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", target)
    device = cuda.get_current_device()
    assert device.name == f"cudapy {target} target"
    assert device.compute_capability == cuda.HOST_TARGET_CAPABILITY
    assert device.MULTIPROCESSOR_COUNT == os.cpu_count()
    assert device.total_memory > 0


def test_pinned_array_is_a_host_array():
    array = cuda.pinned_array((3, 4), np.int16, order="F")
    assert isinstance(array, np.ndarray)
    assert array.shape == (3, 4) and array.dtype == np.int16 and array.flags.f_contiguous


# ---- cuda.jit and its options ----------------------------------------------------------------

def add_one(values):
    i = cuda.grid(1)
    if i < values.size:
        values[i] += 1


def test_jit_forms_all_give_kernels():
    for kernel in [cuda.jit(add_one), cuda.jit()(add_one), cuda.jit("void(int32[::1])")(add_one),
                   cuda.jit(debug=True, fastmath=True, lineinfo=True, max_registers=32,
                            launch_bounds=(128, 2))(add_one),
                   cuda.jit(launch_bounds=64, cache=True)(add_one)]:
        assert kernel.py_func is add_one
        assert kernel.__name__ == "add_one"


def test_jit_with_a_signature_translates_at_once():
    kernel = cuda.jit("void(int32[::1])", target="cpu")(add_one)
    assert kernel.signatures == ["void(int32[::1])"]
    with pytest.raises(cp.CompileError):
        cuda.jit("void(int32[::1], int32)", target="cpu")(add_one)


@pytest.mark.parametrize("options, error, message", [
    ({"nopython": True}, TypeError, "the option nopython= is not supported"),
    ({"shared_memory_carveout": 150}, ValueError, "must be between -1 and 100"),
    ({"shared_memory_carveout": "InvalidOption"}, ValueError, "Invalid carveout value"),
    ({"shared_memory_carveout": 1.5}, TypeError, "takes a name or an int"),
    ({"shared_memory_carveout": 50, "device": True}, TypeError, "give it to the kernels"),
    ({"max_registers": 0}, ValueError, "max_registers must be positive"),
    ({"max_registers": "8"}, TypeError, "max_registers must be a positive integer"),
    ({"max_registers": True}, TypeError, "max_registers must be a positive integer"),
    ({"launch_bounds": (128, 2, 0)}, ValueError,
     "launch_bounds' max blocks per cluster must be positive"),
    ({"launch_bounds": (128, 2, 4, 8)}, ValueError, r"Got 4 launch bounds: \(128, 2, 4, 8\)"),
    ({"launch_bounds": (0,)}, ValueError, "launch_bounds' max threads must be positive"),
    ({"launch_bounds": (128, -1)}, ValueError, "launch_bounds' min blocks must be positive"),
    ({"launch_bounds": 1.5}, TypeError, "launch_bounds' max threads must be a positive"),
    ({"target": "gpu"}, ValueError, "target must be one of"),
])
def test_jit_refuses_bad_options(options, error, message):
    with pytest.raises(error, match=message):
        cuda.jit(**options)


def _noop():
    pass


@pytest.mark.parametrize("config, error, message", [
    (((1, 2, 3, 4), (5, 6)), ValueError,
     r"griddim must be a sequence of 1, 2 or 3 integers, got \[1, 2, 3, 4\]"),
    (((1, 2), (3, 4, 5, 6)), ValueError,
     r"blockdim must be a sequence of 1, 2 or 3 integers, got \[3, 4, 5, 6\]"),
    ((2.0, 3), TypeError, r"griddim must be a sequence of integers, got \[2.0\]"),
    ((2, (3.0, 1)), TypeError, r"blockdim must be a sequence of integers, got \[3.0, 1\]"),
])
def test_launch_shape_errors_speak_numbas_terms_too(config, error, message):
    for kernel in (cuda.jit(_noop, target="cpu"), cuda.jit("void()", target="cpu")(_noop)):
        with pytest.raises(error, match=message):
            kernel[config]


def test_kernel_called_without_a_launch_shape_says_so():
    def one(x):
        pass
    for kernel in (cuda.jit(one, target="cpu"), cuda.jit("void(int32)", target="cpu")(one)):
        with pytest.raises(ValueError, match="launch configuration was not specified"):
            kernel(0)


def test_device_functions_are_not_launched():
    helper = cuda.jit(device=True)(_noop)
    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        helper[1, 1]


@pytest.mark.parametrize("signature", [(cuda.float32[:],), "(float32[:],)", " (int32)"])
def test_declare_device_needs_a_return_type(signature):
    with pytest.raises(TypeError, match="Return type missing"):
        cuda.declare_device("f1", signature)


def test_complex_types_give_their_underlying_float():
    assert cuda.complex64.underlying_float is cuda.float32
    assert cuda.complex128.underlying_float is cuda.float64
    with pytest.raises(AttributeError, match="float32 is not complex"):
        cuda.float32.underlying_float


def test_jit_takes_functions_and_signature_strings_only():
    with pytest.raises(TypeError, match="takes a function or a signature string, got int"):
        cuda.jit(42)
    with pytest.raises(TypeError, match="takes a function, got str"):
        cuda.jit()("def f(): pass")


def test_compile_and_module_take_the_new_options():
    source = "def k(X):\n    X[0] = 1\n"
    for make in (cp.compile, cp.module):
        make(source, sig="void(int32[::1])", debug=True, max_registers=64,
             launch_bounds=(256, 1), target="cpu")
        with pytest.raises(ValueError, match="max_registers must be positive"):
            make(source, sig="void(int32[::1])", max_registers=-1, target="cpu")


@pytest.mark.nvrtc
def test_launch_bounds_reach_the_ptx():
    ptx = cp.ptx("def k(X):\n    X[0] = 1\n", sig="void(int32[::1])", launch_bounds=(128, 2),
                 max_registers=32)
    assert ".maxntid 128, 1, 1" in ptx
    assert ".minnctapersm 2" in ptx


def test_device_functions_refuse_host_calls():
    @cuda.jit(device=True)
    def twice(x):
        return 2 * x

    assert twice.py_func(3) == 6
    with pytest.raises(RuntimeError, match=r"twice\(\) is a device function: it can only be "
                                           "called inside a kernel"):
        twice(3)


# ---- specialization on argument types ------------------------------------------------------

def take_all(a, b, c, d, e, f, g, h):
    pass


def signature_of(kernel, *args):
    return kernel.specialize(*args).signatures[0]


def test_specialization_follows_the_argument_types():
    kernel = cuda.jit(take_all, target="cpu")
    matrix = np.zeros((4, 6), np.float32)
    assert signature_of(kernel, 1, 2.5, True, np.float32(1), np.uint16(2), matrix,
                        np.asfortranarray(matrix), matrix[::2, ::3]) == (
        "void(int64, float64, bool, float32, uint16, float32[:, ::1], float32[::1, :], "
        "float32[:, :])")


def test_specialize_gives_a_dispatcher_per_argument_types_as_numba_does(target):
    def scale(out, values, factor):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = values[i] * factor

    kernel = cuda.jit(scale)
    assert kernel.specializations == {}
    by_types = kernel.specialize(cuda.float32[::1], cuda.float32[::1], cuda.float32)
    assert kernel.specialize(np.zeros(3, np.float32), np.ones(9, np.float32),
                             np.float32(2)) is by_types
    assert len(kernel.specializations) == 1 and kernel.signatures == []
    assert by_types.signatures == ["void(float32[::1], float32[::1], float32)"]
    assert kernel.specialize(cuda.float32[:], cuda.float32[:], cuda.float32) is not by_types
    assert len(kernel.specializations) == 2
    values = np.arange(6, dtype=np.float32)
    out = np.zeros(6, np.float32)
    by_types[1, 8](out, values, np.float32(1.5))
    np.testing.assert_array_equal(out, values * np.float32(1.5))
    for already in (by_types, cuda.jit("void(float32[::1], float32[::1], float32)")(scale)):
        with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
            already.specialize(cuda.float32[::1], cuda.float32[::1], cuda.float32)


@pytest.mark.parametrize("value, expected", [
    (np.zeros(5, np.int8), "int8[::1]"),
    (np.zeros(10, np.float64)[::2], "float64[:]"),
    (np.zeros((2, 3, 4), np.bool_), "bool[:, :, ::1]"),
    (np.zeros((2, 3, 4), np.uint64, order="F"), "uint64[::1, :, :]"),
    (np.zeros((2, 3, 4), np.int32)[:, ::-1], "int32[:, :, :]"),
    (np.zeros((1, 5), np.float32), "float32[:, ::1]"),  # C and Fortran at once: C
    (np.bool_(True), "bool"),
    (np.float16(1), "float16"),
    (np.uint64(2 ** 64 - 1), "uint64"),
])
def test_argument_types(value, expected):
    def one(x):
        pass

    assert signature_of(cuda.jit(one, target="cpu"), value) == f"void({expected})"


def test_device_arrays_specialize_by_dtype_dimensions_and_layout():
    def one(x):
        pass

    kernel = cuda.jit(one, target="cpu")
    assert signature_of(kernel, cuda.device_array((3, 4), np.int16, target="cpu")) == (
        "void(int16[:, ::1])")
    assert signature_of(kernel, cuda.device_array((3, 4), np.int16, order="F",
                                                  target="cpu")) == "void(int16[::1, :])"
    assert signature_of(kernel, cuda.device_array((3, 4), np.int16, strides=(16, 4),
                                                  target="cpu")) == "void(int16[:, :])"


def test_one_compile_per_combination_of_types():
    def one(x):
        pass

    kernel = cuda.jit(one, target="cpu")
    for value in (np.zeros(3, np.float32), np.ones(50, np.float32), np.float32(2),
                  np.zeros(3, np.float64), np.zeros(3, np.float32)):
        kernel[1, 1](value)
    assert kernel.signatures == ["void(float32[::1])", "void(float32)", "void(float64[::1])"]
    # C-contiguous 2-d arrays that are also Fortran-contiguous share the C compile.
    kernel[1, 1](np.zeros((1, 4)))
    kernel[1, 1](np.zeros((3, 4)))
    assert kernel.signatures[3:] == ["void(float64[:, ::1])"]


@pytest.mark.parametrize("value, error, message", [
    (np.datetime64(1, "s"), TypeError, r"argument 'x': cudapy arrays cannot hold datetime64\[s\]"),
    (np.zeros(3, "U2"), TypeError, "argument 'x': cudapy arrays cannot hold <U2"),
    ([1.0, 2.0], TypeError, "argument 'x' is a list .*pass a NumPy array"),
    ("text", TypeError, "argument 'x' is a str; kernels take numbers, NumPy arrays"),
    (np.array(3.0), ValueError, "argument 'x' is a 0-d array"),
])
def test_arguments_without_a_kernel_type_are_refused(value, error, message):
    def one(x):
        pass

    with pytest.raises(error, match=rf"one\(\): {message}"):
        cuda.jit(one, target="cpu")[1, 1](value)


def test_wrong_argument_count_names_the_parameters():
    with pytest.raises(TypeError, match=r"take_all\(\) takes 8 arguments \(a, b, c, d, e, f, g, "
                                        r"h\) but 2 were given"):
        cuda.jit(take_all, target="cpu")[1, 1](1, 2)


# ---- kernels on n-d arrays, checked against NumPy --------------------------------------------

def scale_2d(source, destination, factor):
    row, column = cuda.grid(2)
    if row < destination.shape[0] and column < destination.shape[1]:
        destination[row, column] = source[row, column] * factor


def blocks_for(shape, block):
    return tuple((extent + size - 1) // size for extent, size in zip(shape, block))


def test_one_dimensional_kernel(target, rng):
    @cuda.jit
    def add(x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] + y[i]

    x, y = rng.standard_normal(1000), rng.standard_normal(1000)
    out = np.full(1000, np.nan)
    add[8, 128](x, y, out)
    np.testing.assert_array_equal(out, x + y)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "reversed"])
def test_two_dimensional_numpy_arrays_of_each_layout(target, rng, layout):
    base = rng.standard_normal((30, 40)).astype(np.float32)
    source = {"C": base, "F": np.asfortranarray(base), "strided": base[::2, 1::3],
              "reversed": base[::-1, ::-2]}[layout]
    destination_base = np.full((30, 40), np.nan, np.float32)
    destination = {"C": destination_base, "F": np.asfortranarray(destination_base),
                   "strided": destination_base[::2, 1::3],
                   "reversed": destination_base[::-1, ::-2]}[layout]
    kernel = cuda.jit(scale_2d)
    kernel[blocks_for(destination.shape, (8, 8)), (8, 8)](source, destination, np.float32(3))
    np.testing.assert_array_equal(destination, source * np.float32(3))
    if layout in ("strided", "reversed"):  # the elements outside the view keep their NaN
        outside = np.ones(base.shape, bool)
        (outside[::2, 1::3] if layout == "strided" else outside[::-1, ::-2])[...] = False
        assert np.isnan(destination_base[outside]).all()


def test_non_contiguous_array_for_a_c_parameter_is_copied_back(target, rng):
    kernel = cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")(scale_2d)
    source = rng.standard_normal((16, 16)).astype(np.float32)
    destination_base = np.zeros((16, 32), np.float32)
    destination = destination_base[:, ::2]
    kernel[(2, 2), (8, 8)](source, destination, np.float32(-2))
    np.testing.assert_array_equal(destination, source * np.float32(-2))
    assert not destination_base[:, 1::2].any()


def test_three_dimensional_arrays(target, rng):
    @cuda.jit
    def sum_last_axis(values, sums):
        i, j = cuda.grid(2)
        if i < values.shape[0] and j < values.shape[1]:
            total = 0
            for k in range(values.shape[2]):
                total += values[i, j, k]
            sums[i, j] = total

    values = rng.integers(-1000, 1000, (5, 7, 9), dtype=np.int64)
    for layout in (values, np.asfortranarray(values), values[:, ::-1, ::2]):
        sums = np.zeros(layout.shape[:2], np.int64)
        sum_last_axis[(1, 1), (8, 8)](layout, sums)
        np.testing.assert_array_equal(sums, layout.sum(axis=2))


def test_shape_ndim_size_and_len_in_kernels(target):
    @cuda.jit
    def describe(values, out):
        if cuda.grid(1) == 0:
            out[0] = values.shape[0]
            out[1] = values.shape[1]
            out[2] = values.shape[2]
            out[3] = values.ndim
            out[4] = values.size
            out[5] = len(values)

    out = np.zeros(6, np.int64)
    describe[1, 32](np.zeros((3, 5, 7), np.float32), out)
    np.testing.assert_array_equal(out, [3, 5, 7, 3, 105, 3])


# row_sums : void (float** M, float* out)
def row_sums(M, out):
    if idx < len(M):
        total = 0.0
        for j in range(len(M[idx])):
            total += M[idx][j]
        out[idx] = total


def test_cudapy_arrays_of_rows_take_device_arrays_numpy_rows_and_lists(target, rng):
    rows = [rng.standard_normal(n).astype(np.float32) for n in (3, 8, 0)]
    given = [cp.CudaArray(rows[0]), rows[1], rows[2].tolist()]
    sums = np.full(3, np.nan, np.float32)
    cp.compile(row_sums)(3)(given, sums)
    np.testing.assert_allclose(sums, [row.sum() for row in rows], rtol=1e-6)
    with pytest.raises(ValueError, match=r"argument 'M' must be a 1-d array .*got a CudaArray "
                                         r"of shape \(2, 2\)"):
        cp.compile(row_sums)(1)([cp.CudaArray(np.zeros((2, 2), np.float32))], sums)


# ---- device arrays ---------------------------------------------------------------------------

@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape", [(17,), (5, 7), (2, 3, 4), (0, 3)], ids=str)
@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int16, np.int64, np.float32,
                                   np.float64], ids=lambda t: np.dtype(t).name)
def test_device_array_round_trips(target, rng, dtype, shape, order):
    host = np.asarray(rng.standard_normal(shape) * 100, order=order).astype(dtype, order="K")
    device = cuda.to_device(host)
    assert isinstance(device, cp.CudaArray)
    assert (device.shape, device.dtype, device.ndim, device.size, device.nbytes) == (
        host.shape, host.dtype, host.ndim, host.size, host.nbytes)
    assert device.strides == host.strides
    assert device.length == shape[0]
    back = device.copy_to_host()
    np.testing.assert_array_equal(back, host)
    assert back.strides == host.strides
    into = np.zeros(shape, dtype)
    assert device.copy_to_host(into) is into
    np.testing.assert_array_equal(into, host)
    fresh = np.asarray(rng.standard_normal(shape) * 10, order=order).astype(dtype)
    device.copy_to_device(fresh)
    np.testing.assert_array_equal(device.copy_to_host(), fresh)
    np.testing.assert_array_equal(cp.CudaArray(host).toHost(), host)


@pytest.mark.parametrize("shape, strides", [((3, 4), (32, 8)),  # gaps between elements
                                            ((2, 3, 4), (4, 32, 8))],  # no gaps, axes permuted
                         ids=["gaps", "permuted"])
def test_device_array_of_custom_strides(target, shape, strides):
    device = cuda.device_array(shape, np.int32, strides=strides)
    assert device.strides == strides
    assert not device.is_c_contiguous() and not device.is_f_contiguous()
    values = np.arange(np.prod(shape), dtype=np.int32).reshape(shape)
    device.copy_to_device(values)
    back = device.copy_to_host()
    np.testing.assert_array_equal(back, values)
    assert back.strides == strides


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("view", [lambda a: a[::2], lambda a: a[::2, ::3], lambda a: a[1:, ::2].T,
                                  lambda a: a[:, :2], lambda a: a.T])
def test_arrays_like_a_view_are_contiguous_in_its_axis_order(target, order, view):
    """As np.empty_like's (order "K"): a view's like is contiguous, its axes ordered in memory
    as the view's."""
    host = np.zeros((6, 8), np.float32, order=order)
    expected = np.empty_like(view(host))
    like = cuda.device_array_like(view(cuda.to_device(host)))
    assert like.shape == expected.shape and like.strides == expected.strides
    pinned = cuda.pinned_array_like(view(host))
    assert pinned.shape == expected.shape and pinned.strides == expected.strides


def test_device_array_factories(target):
    empty = cuda.device_array(5)
    assert empty.shape == (5,) and empty.dtype == np.float64  # numba's default
    assert cuda.pinned_array(5).dtype == np.float64
    fortran = np.zeros((3, 4), np.int16, order="F")
    like = cuda.device_array_like(fortran)
    assert like.shape == (3, 4) and like.dtype == np.int16 and like.is_f_contiguous()
    assert cuda.device_array_like(like).strides == like.strides
    values = np.arange(6.0).reshape(2, 3)
    uncopied = cuda.to_device(values, copy=False)
    assert uncopied.shape == (2, 3) and uncopied.dtype == np.float64
    assert cuda.to_device(values, to=uncopied) is uncopied
    np.testing.assert_array_equal(uncopied.copy_to_host(), values)
    from_list = cuda.to_device([[1, 2], [3, 4]])
    np.testing.assert_array_equal(from_list.copy_to_host(), np.array([[1, 2], [3, 4]]))


@pytest.mark.parametrize("call, error, message", [
    (lambda: cuda.device_array((3, -1)), ValueError, "the shape must not be negative"),
    (lambda: cuda.device_array((3, 2.0)), TypeError, "the shape must be an integer or a tuple"),
    (lambda: cuda.device_array(3, "datetime64[s]"), TypeError, r"cannot hold datetime64\[s\]"),
    (lambda: cuda.device_array((3, 4), order="K"), ValueError, "order must be 'C' or 'F'"),
    (lambda: cuda.device_array((3, 4), np.int32, strides=(16,)), ValueError,
     "1 strides for 2 dimensions"),
    (lambda: cuda.device_array((3, 4), np.int32, strides=(16, 6)), ValueError,
     "multiples of the item size"),
    (lambda: cuda.to_device(np.zeros(3)).copy_to_host(np.zeros(4)), ValueError,
     r"ary has shape \(4,\), the CudaArray \(3,\)"),
    (lambda: cuda.to_device(np.zeros(3)).copy_to_host(np.zeros(3, np.float32)), TypeError,
     "ary holds float32, the CudaArray float64"),
    (lambda: cuda.to_device(np.zeros(3)).copy_to_device(np.zeros((3, 1))), ValueError,
     r"the source has shape \(3, 1\)"),
])
def test_device_array_errors(target, call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_device_arrays_stay_on_the_device_between_launches(target):
    kernel = cuda.jit(scale_2d)
    values = np.arange(48, dtype=np.float64).reshape(6, 8)
    device = cuda.to_device(values)
    for _ in range(3):
        kernel[(1, 1), (8, 8)](device, device, 2.0)
    np.testing.assert_array_equal(device.copy_to_host(), values * 8)
    np.testing.assert_array_equal(values, np.arange(48.0).reshape(6, 8))


@pytest.mark.parametrize("order", ["F", "strided"])
def test_device_arrays_of_any_layout_for_strided_parameters(target, order):
    kernel = cuda.jit("void(float64[:, :], float64[:, :], float64)")(scale_2d)
    values = np.arange(12.0).reshape(3, 4)
    if order == "F":
        device = cuda.to_device(np.asfortranarray(values))
    else:
        device = cuda.device_array((3, 4), np.float64, strides=(64, 16))
        device.copy_to_device(values)
    kernel[(1, 1), (4, 4)](device, device, 0.5)
    np.testing.assert_array_equal(device.copy_to_host(), values * 0.5)


def test_device_arrays_are_not_copied_to_another_layout(target):
    kernel = cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")(scale_2d)
    fortran = cuda.to_device(np.zeros((4, 4), np.float32, order="F"))
    with pytest.raises(ValueError, match=r"scale_2d\(\): argument 'source' must be "
                                         "C-contiguous .*never copied implicitly"):
        kernel[1, 1](fortran, cuda.device_array((4, 4)), np.float32(1))


# ---- argument checks of kernels with a signature -------------------------------------------

@pytest.mark.parametrize("args, error, message", [
    ((np.zeros((4, 4)), np.zeros((4, 4), np.float32), 1.0), TypeError,
     r"argument 'source' must be float32\[:, ::1\] \(float32 elements\), got a NumPy array of "
     "float64"),
    ((np.zeros(16, np.float32), np.zeros((4, 4), np.float32), 1.0), ValueError,
     "argument 'source' must be a 2-d array, got shape"),
    ((np.zeros((4, 4), np.float32), np.zeros((4, 4), np.float32)[None], 1.0), ValueError,
     "argument 'destination' must be a 2-d array"),
    (("text", np.zeros((4, 4), np.float32), 1.0), TypeError,
     r"argument 'source' must be float32\[:, ::1\] \(a CudaArray or a 2-d NumPy array of "
     "float32\\), got str"),
    ((np.zeros((4, 4), np.float32), np.zeros((4, 4), np.float32), "x"), TypeError,
     "argument 'factor' must be float"),
])
def test_arguments_are_checked_against_the_signature(target, args, error, message):
    kernel = cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")(scale_2d)
    with pytest.raises(error, match=message):
        kernel[1, 1](*args)


def test_device_array_of_another_dtype_or_rank_is_refused(target):
    kernel = cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")(scale_2d)
    good = cuda.device_array((4, 4), np.float32)
    with pytest.raises(TypeError, match="argument 'source' .*got a CudaArray of float64"):
        kernel[1, 1](cuda.device_array((4, 4), np.float64), good, np.float32(1))
    with pytest.raises(ValueError, match="argument 'source' must be a 2-d array .*got a "
                                         r"CudaArray of shape \(16,\)"):
        kernel[1, 1](cuda.device_array(16, np.float32), good, np.float32(1))


def test_a_read_only_array_the_kernel_writes_is_refused(target):
    kernel = cuda.jit("void(float32[:, ::1], float32[:, ::1], float32)")(scale_2d)
    destination = np.zeros((4, 4), np.float32)
    destination.flags.writeable = False
    with pytest.raises(ValueError, match="argument 'destination' is a read-only array"):
        kernel[1, 1](np.zeros((4, 4), np.float32), destination, np.float32(1))
    source = np.ones((4, 4), np.float32)
    source.flags.writeable = False  # read only by the kernel: fine
    written = np.zeros((4, 4), np.float32)
    kernel[(1, 1), (4, 4)](source, written, np.float32(2))
    np.testing.assert_array_equal(written, np.full((4, 4), 2, np.float32))


def test_device_memory_of_another_library_is_refused_on_the_cpu():
    class Foreign:
        __cuda_array_interface__ = {"shape": (4,), "typestr": "<f4", "data": (0, False),
                                    "version": 3, "strides": None}

    kernel = cuda.jit("void(float32[::1])", target="cpu")(add_float)
    with pytest.raises(TypeError, match="argument 'values' is a Foreign in GPU memory, but the "
                                        "kernel runs on the cpu target"):
        kernel[1, 4](Foreign())


def add_float(values):
    i = cuda.grid(1)
    if i < values.size:
        values[i] += 1.0


def test_cuda_array_interface_only_for_gpu_memory():
    assert not hasattr(cuda.to_device(np.zeros(3), target="cpu"), "__cuda_array_interface__")


def _add_one_within(arr):
    x = cuda.grid(1)
    if x < arr.shape[0]:
        arr[x] += 1


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_arrays_without_elements_give_address_0_and_take_it():
    empty = cuda.device_array(0, target="cuda")
    interface = empty.__cuda_array_interface__
    assert interface["data"] == (0, False) and interface["shape"] == (0,)

    class Foreign:
        __cuda_array_interface__ = interface

    cuda.jit(_add_one_within, target="cuda")[1, 10](Foreign())
    assert cuda.as_cuda_array(Foreign()).copy_to_host().shape == (0,)


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_device_arrays_of_other_libraries_are_passed_as_they_are(rng):
    values = rng.standard_normal((6, 5))
    device = cuda.to_device(np.asfortranarray(values), target="cuda")
    interface = device.__cuda_array_interface__
    assert interface["shape"] == (6, 5) and interface["typestr"] == "<f8"
    assert interface["strides"] == (8, 48) and interface["version"] == 3
    assert interface["data"] == (device.pointer, False)

    class Foreign:
        __cuda_array_interface__ = interface

    kernel = cuda.jit(scale_2d, target="cuda")
    assert kernel.specialize(Foreign(), Foreign(), 1.0).signatures == [
        "void(float64[::1, :], float64[::1, :], float64)"]
    kernel[(1, 1), (8, 8)](Foreign(), Foreign(), 4.0)
    np.testing.assert_array_equal(device.copy_to_host(), values * 4)


# ---- what kernels take from their module: constants, arrays, device functions ---------------

COUNT = 7
RATIO = 0.1  # not exact in binary: the constant must keep every bit
SINGLE = np.float32(1 / 3)
HUGE = np.uint64(2 ** 64 - 5)
NEGATIVE = -(2 ** 40)
ENABLED = True
LOOKUP = np.array([[1, 2, 3], [10, 20, 30]], dtype=np.int64) * 1_000_000_007


def read_constants(ints, floats, flags):
    if cuda.grid(1) == 0:
        ints[0] = COUNT
        ints[1] = NEGATIVE
        floats[0] = RATIO
        floats[1] = SINGLE
        flags[0] = ENABLED
        flags[1] = HUGE == 18446744073709551611


def test_module_constants_keep_their_values(target):
    ints, floats, flags = np.zeros(2, np.int64), np.zeros(2), np.zeros(2, bool)
    cuda.jit(read_constants)[1, 32](ints, floats, flags)
    np.testing.assert_array_equal(ints, [COUNT, NEGATIVE])
    np.testing.assert_array_equal(floats, [RATIO, float(SINGLE)])
    np.testing.assert_array_equal(flags, [True, True])


def test_closure_variables_are_constants_too(target):
    offset = 5
    scale = 2.5

    @cuda.jit
    def affine(values):
        i = cuda.grid(1)
        if i < values.size:
            values[i] = values[i] * scale + offset

    values = np.arange(10.0)
    affine[1, 32](values)
    np.testing.assert_array_equal(values, np.arange(10.0) * 2.5 + 5)


def test_cudapy_compile_reads_module_constants_too(target):
    def fill(values):
        i = cuda.grid(1)
        if i < values.size:
            values[i] = COUNT * i

    values = np.zeros(9, np.int32)
    cp.compile(fill, sig="void(int32[::1])")[1, 32](values)
    np.testing.assert_array_equal(values, COUNT * np.arange(9))


def test_constant_arrays(target):
    @cuda.jit
    def look_up(out):
        table = cuda.const.array_like(LOOKUP)
        i, j = cuda.grid(2)
        if i < out.shape[0] and j < out.shape[1]:
            out[i, j] = table[i, j] + table.shape[1]

    out = np.zeros((2, 3), np.int64)
    look_up[(1, 1), (4, 4)](out)
    np.testing.assert_array_equal(out, LOOKUP + 3)


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit(device=True)
def sum_of_squares(x, y):
    return square(x) + square(y)


@cuda.jit("float64(float64)", device=True)
def halve(x):
    return x / 2


def test_device_functions_are_found_through_each_other(target, rng):
    @cuda.jit
    def hypotenuse_halves(x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = halve(sum_of_squares(x[i], y[i]))

    x, y = rng.standard_normal(100), rng.standard_normal(100)
    out = np.zeros(100)
    hypotenuse_halves[1, 128](x, y, out)
    np.testing.assert_allclose(out, (x * x + y * y) / 2, rtol=1e-15)


@pytest.mark.parametrize("target", ["cpu", "python"])
def test_functions_passed_in_or_renamed_are_called_as_python_calls_them(target):
    """numba's kernels call a device function or a math function under another name: passed
    to the function that makes the kernel, renamed, or imported with `from math import`."""
    from math import sqrt as root

    alias = square

    def made_for(operation):
        def apply(values):
            values[0] = operation(values[0])
            values[1] = alias(values[1])
            values[2] = root(values[2])
        return apply

    for operation, expected in ((math.cos, math.cos(0.5)), (square, 0.25),
                                (math.sqrt, math.sqrt(0.5))):
        values = np.array([0.5, 3.0, 16.0])
        cuda.jit(made_for(operation), target=target)[1, 1](values)
        np.testing.assert_allclose(values, [expected, 9.0, 4.0], rtol=1e-15)


def test_a_math_function_without_a_kernel_version_is_a_clear_error():
    operation = math.factorial  # noqa: F841 (read by the kernel)

    def apply(values):
        values[0] = operation(values[0])

    with pytest.raises(cp.CompileError, match="operation"):
        cuda.jit(apply, target="cpu").specialize(np.zeros(1))


@pytest.mark.parametrize("target", ["cpu", "python"])
def test_complex_globals_are_constants(target):
    rotation = 1j  # noqa: F841 (read by the kernel: a Python complex, weak)
    half_turn = np.complex64(-1 + 1e-3j)  # noqa: F841 (a NumPy complex64 keeps its type)

    def rotate(values, out):
        values[0] = values[0] * rotation
        out[0] = half_turn * 2

    values, out = np.array([2 + 3j], np.complex64), np.zeros(1, np.complex128)
    cuda.jit(rotate, target=target)[1, 1](values, out)
    assert values.dtype == np.complex64 and values[0] == np.complex64(-3 + 2j)
    assert out[0] == np.complex128(np.complex64(-1 + 1e-3j) * np.complex64(2))


# ---- launch forms -------------------------------------------------------------------------

def test_cudapy_thread_count_launch(target):
    kernel = cuda.jit(add_float)
    values = np.zeros(1000, np.float32)
    kernel(1000)(values)
    np.testing.assert_array_equal(values, np.ones(1000, np.float32))


@pytest.mark.parametrize("stream", [0, None, np.uint64(0), types.SimpleNamespace(handle=0),
                                    types.SimpleNamespace(handle=ctypes.c_void_p(None)),
                                    types.SimpleNamespace(cuda_stream=0),
                                    types.SimpleNamespace(ptr=0)],
                         ids=["int", "None", "numpy", "handle", "c_void_p", "cuda_stream", "ptr"])
def test_stream_forms(target, stream):
    values = np.zeros(64, np.float32)
    cuda.jit(add_float)[2, 32, stream, 0](values)
    cuda.jit(add_float)[2, 32, stream](values)
    np.testing.assert_array_equal(values, np.full(64, 2, np.float32))


def test_the_default_streams_synchronize_on_every_target(target):
    values = np.zeros(64, np.float32)
    for stream in (cuda.default_stream(), cuda.legacy_default_stream(),
                   cuda.per_thread_default_stream(), cuda.stream()):
        cuda.jit(add_float)[2, 32, stream](values)
        stream.synchronize()
    np.testing.assert_array_equal(values, np.full(64, 4, np.float32))


@pytest.mark.parametrize("key, error, message", [
    ((1, 32, "stream"), TypeError, "the stream must be an integer, got str"),
    ((1, 32, -1), ValueError, "the stream must not be negative"),
    ((1, 32, types.SimpleNamespace(handle=-5)), ValueError, "the stream must not be negative"),
    ((1, 32, 0, -4), ValueError, "shared_bytes must not be negative"),
    ((1,), TypeError, r"add_float\[...\] takes grid, block"),
    ((1, 32, 0, 0, 0), TypeError, r"add_float\[...\] takes grid, block"),
    ((0, 32), ValueError, "the grid must be positive"),
])
def test_bad_launch_shapes(key, error, message):
    with pytest.raises(error, match=message):
        cuda.jit(add_float, target="cpu")[key]


def test_launch_shapes_are_checked_however_often_they_are_used():
    """Launch shapes are kept for reuse; one equal to a kept shape is still checked."""
    kernel = cuda.jit(add_float, target="cpu")
    for _ in range(2):
        kernel[1, 32]
        kernel[(2, 1), (32, 1)]
        with pytest.raises(TypeError, match="the grid must be an integer, got bool"):
            kernel[True, 32]
        with pytest.raises(TypeError, match="the grid must be an integer, got float"):
            kernel[1.0, 32]
        with pytest.raises(TypeError, match=r"the grid\[0\] must be an integer, got float"):
            kernel[(2.0, 1), (32, 1)]


def test_dynamic_shared_memory(target, rng):
    @cuda.jit
    def reverse_blocks(values):
        staged = cuda.shared.array(0, dtype=np.float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        staged[t] = values[i]
        cuda.syncthreads()
        values[i] = staged[cuda.blockDim.x - 1 - t]

    values = rng.standard_normal(256).astype(np.float32)
    expected = values.reshape(4, 64)[:, ::-1].ravel()
    reverse_blocks[4, 64, 0, 64 * 4](values)
    np.testing.assert_array_equal(values, expected)


def copy_all_but_37(source, destination):
    i = cuda.grid(1)
    if i < source.size:
        assert source[i] != 37, "found 37"
        destination[i] = source[i]


def test_failed_assert_raises_kernel_assertion_error_with_debug():
    """On the CPU only: on the GPU a failed assert can leave the context unusable, which
    test_toolbox_gpu checks in a child process."""
    source = np.arange(64, dtype=np.int32)
    destination = np.zeros(64, np.int32)
    with pytest.raises(cp.KernelAssertionError, match="found 37") as caught:
        cuda.jit(copy_all_but_37, debug=True, target="cpu")[2, 32](source, destination)
    assert isinstance(caught.value, AssertionError)
    cuda.jit(copy_all_but_37, target="cpu")[2, 32](source, destination)
    np.testing.assert_array_equal(destination, source)


def test_python_target_runs_the_function_itself():
    values = np.zeros(40, np.float32)
    cuda.jit(add_float, target="python")[2, 32](values)
    np.testing.assert_array_equal(values, np.ones(40, np.float32))


def test_launch_method_with_and_without_a_signature(target):
    """dispatcher.launch(args, grid=, block=, stream=, shared_mem=) launches at once, as
    dispatcher[grid, block, stream, shared_mem](args) does."""
    def scale(a, x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = a * x[i]

    for kernel in (cuda.jit(scale), cuda.jit("void(float32, float32[::1])")(scale)):
        x = np.arange(50, dtype=np.float32)
        kernel.launch(np.float32(3.0), x, grid=2, block=32)
        kernel.launch(np.float32(2.0), x, grid=(1,), block=(64,), stream=0, shared_mem=0)
        np.testing.assert_array_equal(x, 6 * np.arange(50, dtype=np.float32))


def test_every_public_function_says_what_it_does():
    import inspect

    undocumented = []
    for module in (cp, cuda):
        for name in sorted(set(getattr(module, "__all__", dir(module)))):
            value = getattr(module, name, None)
            if callable(value) and not inspect.ismodule(value) and not (
                    getattr(value, "__doc__", None) or "").strip():
                undocumented.append(f"{module.__name__}.{name}")
    for namespace in (cuda.shared, cuda.local, cuda.const, cuda.atomic):
        for name, value in vars(namespace).items():
            if callable(value) and not (value.__doc__ or "").strip():
                undocumented.append(f"{namespace!r}.{name}")
    assert not undocumented


@pytest.mark.parametrize("order", ["C", "F"])
def test_pinned_array_like_has_the_shape_dtype_and_layout(order):
    model = np.zeros((3, 5), np.float32, order=order)
    pinned = cuda.pinned_array_like(model)
    assert pinned.shape == model.shape and pinned.dtype == model.dtype
    assert pinned.flags.f_contiguous == (order == "F")
    pinned[...] = 2
    np.testing.assert_array_equal(pinned, np.full((3, 5), 2, np.float32))


@pytest.mark.gpu
def test_mapped_arrays_are_host_memory_kernels_use_in_place():
    """A kernel stores into the mapped array's own memory (its device view has the host
    address), so the host sees the stores after synchronize() with no copy."""
    def twice(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = x[i] * 2

    mapped = cuda.mapped_array((4, 6), np.float32, order="F")
    assert mapped.dtype == np.float32 and mapped.flags.f_contiguous
    mapped[...] = np.arange(24, dtype=np.float32).reshape(4, 6)
    expected = mapped * 2
    view = mapped.device_view()
    assert view.__cuda_array_interface__["data"][0] == mapped.ctypes.data
    kernel = cuda.jit(twice)
    kernel[1, 32](mapped.reshape(-1, order="A"))
    cuda.synchronize()
    np.testing.assert_array_equal(mapped, expected)
    like = cuda.mapped_array_like(mapped[:, ::2])
    assert like.strides == np.empty_like(mapped[:, ::2]).strides
    assert cuda.mapped_array(3).dtype == np.float64


@pytest.mark.gpu
def test_managed_arrays_are_one_memory_for_the_host_and_kernels():
    def add_index(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] += i

    managed = cuda.managed_array((3, 5), np.int32)
    assert managed.shape == (3, 5) and managed.dtype == np.int32 and managed.flags.c_contiguous
    managed[...] = 7
    interface = managed.__cuda_array_interface__
    assert interface["data"][0] == managed.ctypes.data and interface["stream"] == 1
    cuda.jit(add_index)[1, 32](managed.reshape(-1))
    cuda.synchronize()
    np.testing.assert_array_equal(managed, 7 + np.arange(15, dtype=np.int32).reshape(3, 5))
    assert cuda.managed_array(4).dtype == np.float64
    assert cuda.managed_array((2, 3), np.int8, order="F").flags.f_contiguous
    stream = cuda.stream()
    on_stream = cuda.managed_array(4, stream=stream)
    assert on_stream.__cuda_array_interface__["stream"] == stream.handle
    mapped = cuda.mapped_array(4, stream=stream)
    assert mapped.__cuda_array_interface__["stream"] == stream.handle
    with pytest.raises(NotImplementedError, match="attach_global=False"):
        cuda.managed_array(4, attach_global=False)


def test_managed_arrays_need_a_gpu():
    if cp.device_count() > 0:
        pytest.skip("a GPU manages them; see test_managed_arrays_are_one_memory_for_the_host_"
                    "and_kernels")
    with pytest.raises(cp.errors.NoDeviceError, match="managed memory"):
        cuda.managed_array(4)


def test_mapped_arrays_without_a_gpu_are_host_arrays():
    if cp.device_count() > 0:
        pytest.skip("a GPU maps them; see test_mapped_arrays_are_host_memory_kernels_use_in_place")
    mapped = cuda.mapped_array(5, np.int16)
    assert type(mapped) is np.ndarray and mapped.shape == (5,) and mapped.dtype == np.int16


def test_typeof_gives_the_kernel_type_of_a_value():
    class Foreign:
        def __init__(self, interface):
            self.__cuda_array_interface__ = interface

    assert str(cuda.typeof(np.zeros((3, 4), np.float32))) == "float32[:, ::1]"
    assert str(cuda.typeof(np.zeros((3, 4), np.int8, order="F"))) == "int8[::1, :]"
    assert str(cuda.typeof(np.zeros((3, 4))[:, ::2])) == "float64[:, :]"
    assert cuda.typeof(np.zeros(5, np.uint16)) == cuda.uint16[::1]
    assert cuda.typeof(np.zeros(5, np.uint16)).dtype.bitwidth == 16
    assert cuda.typeof(np.zeros(5, np.uint16)).dtype == np.uint16
    assert (cuda.typeof(3), cuda.typeof(2.5), cuda.typeof(1j), cuda.typeof(True)) == (
        cuda.int64, cuda.float64, cuda.complex128, cuda.bool_)
    assert cuda.typeof(np.float32(1)) is cuda.float32
    interface = {"shape": (2, 3), "typestr": "<i4", "data": (0, False), "version": 3,
                 "strides": (4, 8)}
    assert str(cuda.typeof(Foreign(interface))) == "int32[::1, :]"
    assert str(cuda.typeof(Foreign(dict(interface, strides=None)))) == "int32[:, ::1]"
    with pytest.raises(ValueError, match="cannot determine the kernel type of a str"):
        cuda.typeof("text")
    with pytest.raises(ValueError, match="0-d array"):
        cuda.typeof(np.zeros(()))


def test_numba_host_classes_are_cudapys_under_numbas_module_names():
    assert cuda.cudadrv.driver.Stream is cp.stream().__class__
    assert cuda.cudadrv.driver.Event is cp.Event
    assert cuda.devicearray.DeviceNDArray is cp.CudaArray


def test_auto_device_copies_what_is_not_on_the_device_yet(target):
    device, copied = cuda.devicearray.auto_device(np.arange(3.0))
    assert copied and isinstance(device, cp.CudaArray)
    np.testing.assert_array_equal(device.copy_to_host(), np.arange(3.0))
    again, copied = cuda.devicearray.auto_device(device)
    assert again is device and not copied
    scalar, copied = cuda.devicearray.auto_device(2)
    assert copied and scalar.shape == () and scalar.copy_to_host() == 2


def test_device_functions_have_no_sass_of_their_own():
    @cuda.jit(device=True)
    def add(x, y):
        return x + y

    with pytest.raises(RuntimeError, match="Cannot inspect SASS of a device function"):
        add.inspect_sass((cuda.int32, cuda.int32))


def test_guvectorize_takes_numba_signatures_of_the_arguments_alone():
    @cp.guvectorize(["(f8, f8, f8[:])"], "(),()->()", target="cpu")
    def add_into(a, b, out):
        out[0] = a + b

    np.testing.assert_array_equal(add_into(np.arange(4.0), 0.5), np.arange(4.0) + 0.5)


def test_type_objects_compare_and_hash_as_their_dtypes():
    assert cuda.float64 != None and cuda.float64 != float and cuda.int64 != int  # noqa: E711
    assert {np.dtype("f8"): "found"}[cuda.float64] == "found"
    assert isinstance(np.float32(1), cuda.float32) and not isinstance(1.0, cuda.float32)
    assert cuda.jit((cuda.float64, cuda.float64), device=True)(_add).overloads == [
        "(float64, float64)"]


# ---- numba's signature lists, short type names, kernels of strings -----------------------------

def add_into(r, x, y):
    r[0] = x + y


def test_a_list_of_signatures_runs_the_kernel_the_arguments_match_best(target):
    """numba's overload resolution: exact matches first, then the fewest unsafe, safe and
    promoting conversions; no match and a tie are TypeErrors."""
    from cudapy.cuda import float64

    kernel = cuda.jit(["(int64[::1], int64, int64)", (float64[::1], float64, float64)])(add_into)
    assert len(kernel.overloads) == 2
    ints = np.zeros(1, np.int64)
    kernel[1, 1](ints, 1, 2)
    floats = np.zeros(1, np.float64)
    kernel[1, 1](floats, 1.5, 2.5)
    assert ints[0] == 3 and floats[0] == 4.0
    with pytest.raises(TypeError, match="No matching definition"):
        kernel[1, 1](np.zeros(1, np.complex128), 1j, 1j)
    assert len(kernel.overloads) == 2

    widths = cuda.jit(["(float64[::1], float32, float32)",
                       "(float64[::1], float64, float64)"])(add_into)
    widths[1, 1](floats, np.float32(1), np.float32(2 ** -25))
    assert floats[0] == np.float64(np.float32(1) + np.float32(2 ** -25))  # float32 arithmetic
    widths[1, 1](floats, 1, 2 ** -25)  # an int converts safely to float64 only
    assert floats[0] == 1 + 2 ** -25

    tied = cuda.jit(["(float64[::1], float32, float64)", "(float64[::1], float64, float32)",
                     "(float64[::1], int64, int64)"])(add_into)
    with pytest.raises(TypeError, match=r"Ambiguous overloading .*\n.*float32, float64\) -> none"
                                        r"\n.*float64, float32\) -> none$") as error:
        tied[1, 1](floats, 1.0, 2.0)
    assert "int64" not in str(error.value)


def test_numba_short_type_names_and_parameters_alone_make_signatures(target):
    kernel = cuda.jit("(f8[::1], i4, u1)")(add_into)
    out = np.zeros(1, np.float64)
    kernel[1, 1](out, np.int32(-5), np.uint8(200))
    assert out[0] == 195.0
    assert cp.translate(add_into, sig="(f8[::1], f4, b1)").count("double") >= 1


def test_a_python_c_kernel_reads_its_source_from_the_command_line():
    """`python -c` keeps the command nowhere but the process's command line."""
    code = textwrap.dedent("""
        import numpy as np
        from cudapy import cuda

        @cuda.jit
        def twice(x):
            i = cuda.grid(1)
            if i < x.size:
                x[i] *= 2

        a = np.arange(4.0)
        twice[1, 4](a)
        print(a.tolist())
        """)
    env = dict(os.environ, CUDAPY_TARGET="cpu")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[0.0, 2.0, 4.0, 6.0]"


def test_kernels_defined_by_exec_compile_from_the_text_exec_was_given():
    """numba's tests make kernels with exec: the text is kept as it is compiled, and each
    function finds the one text whose code is its own (two texts define `fill` here)."""
    sevens, nines = {"cuda": cuda}, {"cuda": cuda}
    exec("def fill(x):\n    x[0] = 7\n", sevens)
    exec(b"def fill(x):\n    x[0] = 9\n    x[1] = 9\n", nines)
    for namespace, expected in ((sevens, [7, 0]), (nines, [9, 9])):
        out = np.zeros(2, np.int32)
        cuda.jit("void(int32[::1])", target="cpu")(namespace["fill"])[1, 1](out)
        assert out.tolist() == expected
    # Texts that differ only in a name they read compile to the same instructions: each
    # function still finds its own text.
    larger, smaller = {"cuda": cuda}, {"cuda": cuda}
    exec("def pick(x):\n    x[0] = max(x[1], x[2])\n", larger)
    exec("def pick(x):\n    x[0] = min(x[1], x[2])\n", smaller)
    for namespace, expected in ((larger, 5), (smaller, 2)):
        out = np.array([0, 2, 5], np.int32)
        cuda.jit("void(int32[::1])", target="cpu")(namespace["pick"])[1, 1](out)
        assert out[0] == expected
    import linecache

    text = "def fill(x):\n    x[0] = 5\n"
    linecache.cache["<kernels of test_numba_api>"] = (len(text), None, text.splitlines(True),
                                                      "<kernels of test_numba_api>")
    exec(compile(text, "<kernels of test_numba_api>", "exec"), sevens)
    out = np.zeros(2, np.int32)
    cuda.jit("void(int32[::1])", target="cpu")(sevens["fill"])[1, 1](out)
    assert out.tolist() == [5, 0]


def test_a_kernel_execd_before_cudapy_was_imported_says_what_to_do():
    code = textwrap.dedent("""
        namespace = {}
        exec("def fill(x):\\n    x[0] = 1\\n", namespace)
        from cudapy import cuda
        try:
            cuda.jit("void(int32[::1])", target="cpu")(namespace["fill"])
        except OSError as error:
            print(error)
        """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=dict(os.environ, CUDAPY_TARGET="cpu"), timeout=120)
    assert result.returncode == 0, result.stderr
    assert "compiled from a string (<string>) before cudapy was imported" in result.stdout


def test_in_out_and_inout_stage_host_arrays_as_numba_does(target):
    @cuda.jit
    def three(a):
        a[0] = 3

    typed = cuda.jit("void(int64[:])")(three.py_func)
    for kernel in (three, typed):
        for wrap, expected in ((cuda.InOut, 3), (cuda.In, 0), (cuda.Out, 3)):
            host = np.zeros(2, np.int64)
            kernel[1, 1](wrap(host))
            assert host[0] == expected, (kernel, wrap)
    with pytest.raises(TypeError, match="takes a NumPy array"):
        cuda.In([1, 2])


def test_extensions_prepare_each_argument_before_the_launch(target):
    """numba's Dispatcher.extensions: each prepare_args(ty, val, stream=, retr=) may replace
    an argument, and the callables it puts in retr run after the launch."""
    seen, after = [], []

    class InByDefault:
        def prepare_args(self, ty, val, stream=0, retr=None):
            seen.append(ty)
            if isinstance(val, np.ndarray):
                retr.append(lambda: after.append(val[0]))
                return ty, cuda.In(val)
            return ty, val

    def store(a, value):
        a[0] = value

    for kernel in (cuda.jit(store), cuda.jit("void(int64[:], int64)")(store)):
        kernel.extensions.append(InByDefault())
        host = np.zeros(1, np.int64)
        kernel[1, 1](host, 5)
        assert host[0] == 0 and after[-1] == 0  # the kernel stored into a copy
        assert len(seen) == 2
        seen.clear()


class Status(enum.IntEnum):
    ok = 200
    missing = 404
    broken = 500
    failed = 500  # an alias


def triage(code, out):
    if code >= Status.broken:
        out[0] = code - Status["missing"]
    else:
        out[0] = code + Status.ok
    out[1] = Status.failed == Status.broken
    out[2] = cuda.int32(Status.missing) // 2


def test_intenum_members_are_their_ints_in_kernels(target):
    kernel = cuda.jit(triage)
    for code in (200, 404, 503, Status.broken):
        expected, got = np.zeros(3, np.int64), np.zeros(3, np.int64)
        triage(code, expected)
        kernel[1, 1](code, got)
        np.testing.assert_array_equal(got, expected)

    def unknown(out):
        out[0] = Status.gone

    with pytest.raises(cp.CompileError, match="'Status' has no member 'gone'; its members: "
                                              "broken, failed, missing, ok"):
        cuda.jit(unknown)[1, 1](np.zeros(1, np.int64))


def test_a_device_function_s_signature_casts_its_arguments(target):
    """numba casts each argument of a call to the callee's signature, a float to an int
    parameter as int32(x) would (toward zero)."""
    @cuda.jit("int32(int32, float32)", device=True)
    def scaled(r, g):
        return r * 3 + int32(g * 2)

    @cuda.jit
    def caller(x, channels):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = scaled(channels[i], i)

    channels = np.array([1.9, -1.9, 7.0, 0.25, -0.5], np.float32)
    got = np.zeros(5, np.int32)
    caller[1, 8](got, channels)
    expected = channels.astype(np.int32) * 3 + np.arange(5, dtype=np.int32) * 2
    np.testing.assert_array_equal(got, expected)


def test_forall_launches_a_thread_per_task(target):
    def bump(arr, val):
        i = cuda.grid(1)
        if i < len(arr):
            arr[i] += val

    kernel = cuda.jit(bump)
    values = np.arange(1000, dtype=np.int64)
    kernel.forall(values.size)(values, 7)
    kernel.forall(values.size, tpb=64)(values, 1)
    np.testing.assert_array_equal(values, np.arange(1000) + 8)
    with pytest.raises(TypeError, match="ntasks must be a non-negative int"):
        kernel.forall(2.5, tpb=64)


@pytest.mark.gpu
def test_as_cuda_array_shares_the_memory_of_an_array_interface():
    class Foreign:
        """Another library's array: only __cuda_array_interface__."""

        def __init__(self, array):
            self._array = array
            self.__cuda_array_interface__ = array.__cuda_array_interface__

    host = np.arange(10, dtype=np.int64)
    device = cuda.to_device(host)
    assert cuda.is_cuda_array(device) and not cuda.is_cuda_array(host)
    wrapped = cuda.as_cuda_array(Foreign(device))
    assert cuda.is_cuda_array(wrapped)
    assert wrapped.device_ctypes_pointer.value == device.device_ctypes_pointer.value
    wrapped[2:4].copy_to_device(np.array([-1, -2]))
    host[2:4] = [-1, -2]
    np.testing.assert_array_equal(device.copy_to_host(), host)
    del device
    np.testing.assert_array_equal(wrapped.copy_to_host(), host)  # kept alive by the owner
    masked = dict(wrapped.__cuda_array_interface__, mask=wrapped.__cuda_array_interface__)
    with pytest.raises(NotImplementedError, match="Masked arrays are not supported"):
        cuda.from_cuda_array_interface(masked)
    with pytest.raises(TypeError, match="__cuda_array_interface__"):
        cuda.as_cuda_array(host)
    readonly = dict(wrapped.__cuda_array_interface__)
    readonly["data"] = (readonly["data"][0], True)
    with pytest.raises(TypeError, match="read-only GPU array has no CudaArray view"):
        cuda.from_cuda_array_interface(readonly)


@pytest.mark.gpu
def test_consumed_interface_streams_become_the_array_stream_and_are_waited_for(monkeypatch):
    class Foreign:
        def __init__(self, array):
            self.__cuda_array_interface__ = array.__cuda_array_interface__

    stream = cuda.stream()
    produced = cuda.device_array(10, stream=stream)
    assert produced.__cuda_array_interface__["stream"] == stream.handle
    assert produced.stream is stream and produced.stream == stream.handle
    plain = cuda.device_array(10)
    assert plain.stream == 0 and plain.__cuda_array_interface__["stream"] == 1
    waited = []
    original = cuda.cudadrv.driver.Stream.synchronize
    monkeypatch.setattr(cuda.cudadrv.driver.Stream, "synchronize",
                        lambda self: waited.append(self.handle) or original(self))
    consumed = cuda.as_cuda_array(Foreign(produced))
    assert waited == [stream.handle]
    assert consumed.stream.external and consumed.stream == stream.handle
    assert cuda.as_cuda_array(Foreign(produced), sync=False).stream == stream.handle
    assert waited == [stream.handle]
    consumed_plain = cuda.as_cuda_array(Foreign(plain))
    assert consumed_plain.stream == 0 and len(waited) == 2  # the legacy stream, waited for
    assert not stream.external and not cuda.default_stream().external
    assert cuda.external_stream(stream.handle).external


@pytest.mark.gpu
def test_ufuncs_take_other_libraries_gpu_arrays_as_device_arrays():
    class Foreign:
        def __init__(self, array):
            self.array = array
            self.__cuda_array_interface__ = array.__cuda_array_interface__

    @cuda.vectorize(["f8(f8, f8)"])
    def add(a, b):
        return a + b

    @cuda.guvectorize(["(f8, f8, f8[:])"], "(),()->()")
    def add_into(a, b, out):
        out[0] = a + b

    host = np.random.default_rng(5).random(10)
    got = add(Foreign(cuda.to_device(host)), 6)
    assert isinstance(got, cuda.devicearray.DeviceNDArray)
    np.testing.assert_array_equal(got.copy_to_host(), host + 6)
    out = Foreign(cuda.device_array(10))
    returned = add(host, 6.0, out=out)
    assert returned.device_ctypes_pointer.value == out.array.device_ctypes_pointer.value
    np.testing.assert_array_equal(out.array.copy_to_host(), host + 6)
    np.testing.assert_array_equal(add_into(Foreign(cuda.to_device(host)), 7.0).copy_to_host(),
                                  host + 7)


@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv,
                                operator.floordiv, operator.mod, operator.pow, operator.lt,
                                operator.ge, operator.ne, operator.and_, operator.xor])
def test_operator_functions_passed_to_a_kernel_are_the_operators(target, op):
    """numba's kernels call a function of the operator module passed in under another name."""
    def apply(r, a, b):
        r[0] = op(a[0], b[0])

    # Integer true division gives float32 in cudapy (the language's rule): floats for it.
    dtype = np.float64 if op is operator.truediv else np.int64
    a, b = np.array([-7], dtype), np.array([3], dtype)
    result = np.zeros(1, np.float64)
    cuda.jit(apply)[1, 1](result, a, b)
    assert result[0] == op(a[0], b[0])


def test_the_operator_module_is_called_by_its_name(target):
    def unary(r, x):
        r[0] = operator.neg(x[0]) + operator.abs(x[1]) + operator.invert(x[2])
        r[1] = operator.not_(x[0] > 0)

    out = np.zeros(2, np.int32)
    cuda.jit(unary)[1, 1](out, np.array([5, -6, 7], np.int32))
    assert out.tolist() == [-5 + 6 + ~7, 0]
    with pytest.raises(cp.CompileError, match="kernels have no operator.getitem"):
        cp.translate("import operator\ndef k(X):\n    X[0] = operator.getitem(X, 1)\n",
                     sig="void(int32[::1])")


# ---- device functions given dtypes, functions and shapes (numba's compile-time arguments) ----

@cuda.jit(device=True)
def _cast_none(value):
    return value


@cuda.jit(device=True)
def _histogram_into(out, bins, weight, dtype, size, accumulate, cast, shape):
    tid = cuda.threadIdx.x
    counts = cuda.shared.array(size, dtype)
    scratch = cuda.local.array(shape, dtype)  # a tuple shape, and its items as constants
    scratch[shape[0] - 1, shape[-1] - 1] = 0
    counts[tid] = scratch[shape[0] - 1, shape[1] - 1]
    cuda.syncthreads()
    accumulate(counts, cast(bins[tid] % size), weight)
    cuda.syncthreads()
    out[tid] = counts[tid]


def _histogram_uint32(out, bins):
    _histogram_into(out, bins, 1, cuda.uint32, 32, cuda.atomic.add, _cast_none, (2, 3))


def _histogram_float64(out, bins):
    _histogram_into(out, bins, 0.5, cuda.float64, 32, cuda.atomic.add, int, (1, 1))


@pytest.mark.parametrize("kernel, dtype, weight", [(_histogram_uint32, np.uint32, 1),
                                                   (_histogram_float64, np.float64, 0.5)])
def test_device_functions_take_dtypes_shapes_and_functions_as_numba_does(target, kernel, dtype,
                                                                         weight):
    """Each call with compile-time arguments compiles a copy of the device function with those
    values: its shared array's dtype and size, the atomic it calls, the helper it casts with."""
    bins = np.random.default_rng(7).integers(0, 1000, 32).astype(np.int64)
    out = np.zeros(32, dtype)
    cuda.jit(kernel)[1, 32](out, bins)
    expected = np.zeros(32, dtype)
    np.add.at(expected, bins % 32, weight)
    np.testing.assert_array_equal(out, expected)


def _reverse_through_scratch(out, values):
    """Reverses `values` into `out` through a shared and a local array of the arguments'
    element types (numba's dtype=X.dtype)."""
    staged = cuda.shared.array(8, dtype=values.dtype)
    scratch = cuda.local.array((2, 4), out.dtype)
    for j in range(8):
        staged[j] = values[j] + values[j] / 4
    for j in range(8):
        scratch[j // 4, j % 4] = staged[7 - j]
    for j in range(8):
        out[j] = scratch[j // 4, j % 4]


@pytest.mark.parametrize("in_dtype, out_dtype", [(np.float32, np.float32),
                                                 (np.int64, np.float64),
                                                 (np.float64, np.int16)])
def test_local_and_shared_arrays_take_an_arguments_dtype(target, in_dtype, out_dtype):
    values = (np.arange(8) * 3 + 1).astype(in_dtype)
    out = np.zeros(8, out_dtype)
    kernel = cuda.jit(_reverse_through_scratch)
    kernel[1, 1](out, values)
    staged = (values + values / 4).astype(in_dtype)  # stored into the input's dtype
    np.testing.assert_array_equal(out, staged[::-1].astype(out_dtype))
    interpreted = np.zeros(8, out_dtype)
    kernel[1, 1](interpreted, values, seq=True)
    np.testing.assert_array_equal(interpreted, out)


def _through_aligned_arrays(out, values, shift):
    i = cuda.grid(1)
    staged = cuda.shared.array(64, dtype=np.float32, alignment=256)
    scratch = cuda.local.array((4, 4), np.float64, 64)
    plain = cuda.local.array(3, np.int32, alignment=None)
    staged[cuda.threadIdx.x] = values[i]
    cuda.syncthreads()
    for j in range(16):
        scratch[j // 4, j % 4] = staged[(cuda.threadIdx.x + j + shift) % 64]
    plain[shift % 3] = 1
    out[i] = scratch[(i + shift) % 4, i % 4] + plain[shift % 3]


def test_declared_arrays_take_numbas_alignment(target):
    """alignment= leaves the values alone (NumPy's the oracle) and reaches the GPU's storage
    (PTX's .align, also for a local array indexed at run time)."""
    values = np.arange(64, dtype=np.float32) * 3
    out = np.zeros(64, np.float64)
    kernel = cuda.jit(_through_aligned_arrays)
    kernel[1, 64](out, values, 5)
    i = np.arange(64)
    expected = values[(i + 5 + ((i + 5) % 4) * 4 + i % 4) % 64] + 1
    np.testing.assert_array_equal(out, expected)
    interpreted = np.zeros(64, np.float64)
    kernel[1, 64](interpreted, values, 5, seq=True)
    np.testing.assert_array_equal(interpreted, expected)


@pytest.mark.nvrtc
def test_alignment_reaches_the_ptx():
    ptx = cuda.compile_ptx(_through_aligned_arrays, "void(float64[:], float32[:], int32)",
                           cc=(8, 0))[0]
    assert re.search(r"\.shared \.align 256 \.b8 \S+\[256\]", ptx)
    assert re.search(r"\.local \.align 64 \.b8", ptx)


@pytest.mark.parametrize("alignment, message", [
    ("3", r"alignment must be a power of 2 from 1 to 4096 bytes, not 3"),
    ("0", r"alignment must be a power of 2 from 1 to 4096 bytes, not 0"),
    ("-16", r"alignment must be a power of 2 from 1 to 4096 bytes, not -16"),
    ("8192", r"alignment must be a power of 2 from 1 to 4096 bytes, not 8192"),
    ("1.5", r"alignment must be a constant integer, not 1\.5"),
    ("'16'", r"alignment must be a constant integer, not '16'"),
    ("shift", r"alignment must be a constant integer, not shift"),
])
def test_bad_alignments_are_refused_at_the_users_line(alignment, message):
    source = textwrap.dedent(f"""
        def aligned(out, shift):
            scratch = cuda.local.array(4, np.float32, alignment={alignment})
            scratch[0] = shift
            out[0] = scratch[0]
    """)
    with pytest.raises(cp.CompileError, match=message) as raised:
        cp.translate(source, sig={"aligned": "void(float32[:], int32)"})
    assert ":3:" in str(raised.value)


@pytest.mark.parametrize("where", ["cpu", "python"])
def test_every_target_refuses_a_bad_alignment(where):
    def misaligned(out):
        scratch = cuda.local.array(4, np.float32, alignment=24)
        out[0] = scratch[0]

    with pytest.raises(cp.CompileError, match="alignment must be a power of 2 from 1 to 4096"):
        cuda.jit(misaligned, target=where)[1, 1](np.zeros(1, np.float32))


def test_dynamic_shared_memory_takes_no_alignment():
    source = textwrap.dedent("""
        def aligned(out):
            dynamic = cuda.shared.array(0, np.float32, alignment=16)
            out[0] = dynamic[0]
    """)
    with pytest.raises(cp.CompileError, match="alignment= applies to arrays of a constant shape"):
        cp.translate(source, sig={"aligned": "void(float32[:])"})


def _add(x, y):
    return x + y


def _kernel_calling(device):
    def kernel(r, x, y):
        r[0] = device(x, y)
    return cuda.jit(kernel)


@pytest.mark.parametrize("signatures, args, out_dtype, expected", [
    # each call takes the signature its arguments convert to best, its arguments cast to it
    (["(int64, int64)", "(float64, float64)"], (1, 2), np.int64, 3),
    (["(int64, int64)", "(float64, float64)"], (1.5, 2.5), np.float64, 4.0),
    (["(float32, float32)", "(float64, float64)"], (np.float32(1), np.float32(2 ** -25)),
     np.float64, 1.0),  # added in float32
    (["(float32, float32)", "(float64, float64)"], (1, 2 ** -25), np.float64, 1 + 2 ** -25),
    (["(int64, int64)"], (1.5, 2.5), np.int64, 3),  # unsafely, when nothing else takes them
    (["(int64, int64)", "(float64, float64)"], (np.int32(1), 2.5), np.float64, 3.5),
    (["(float32, float64)", "(float64, float32)", "(int64, int64)"], (1.5, 2.5), np.float64, 4.0),
    ([(cuda.int32, cuda.int32)], (np.int32(7), np.int32(5)), np.int32, 12),
    (["int8(int32, int32)"], (np.int32(100), np.int32(100)), np.int32, -56),  # the result too
])
def test_device_functions_take_numbas_list_of_signatures(target, signatures, args, out_dtype,
                                                         expected):
    kernel = _kernel_calling(cuda.jit(signatures, device=True)(_add))
    out = np.zeros(1, out_dtype)
    kernel[1, 1](out, *args)
    assert out[0] == expected
    interpreted = np.zeros(1, out_dtype)
    kernel[1, 1](interpreted, *args, seq=True)
    assert interpreted[0] == expected


def _adds_once(r, x, y):
    r[0] = _add_overloaded(x, y)


def test_a_call_no_signature_takes_is_an_error():
    with pytest.raises(cp.CompileError, match=r"Invalid use of type _add\(\): none of its "
                                              r"signatures takes the call with parameters "
                                              r"\(complex128, complex128\)"):
        cuda.jit(_adds_once, target="cpu")[1, 1](np.zeros(1, np.complex128), 1j, 1j)


def _adds_twice(r, x, y):
    r[0] = _add_overloaded(x, y)
    r[1] = _add_overloaded(x, x)


_add_overloaded = cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)(_add)


def test_two_calls_taking_different_signatures_are_refused_not_cast():
    with pytest.raises(cp.CompileError, match=r"this call of '_add' takes its signature "
                                              r"\(int64, int64\), but an earlier call"):
        cuda.jit(_adds_twice, target="cpu")[1, 1](np.zeros(2), 1, 2.5)


def _literals_in_variables(out, counts):
    x = 5.6
    c = 0
    c += x
    out[0] = c
    out[1] = x
    n = 1
    for _ in range(40):
        n = n * 2
    counts[0] = n


def test_variables_holding_literals_are_int64_and_float64_as_numba_types_them(target):
    out, counts = np.zeros(2), np.zeros(1, np.int64)
    cuda.jit(_literals_in_variables)[1, 1](out, counts)
    np.testing.assert_array_equal(out, [5.6, 5.6])  # a double, as Python's, not a float32
    assert counts[0] == 2 ** 40  # an int64, which does not wrap at 2**31


def _vote_all(mask, predicate, result):
    i = cuda.grid(1)
    if i < result.shape[0]:
        result[i] = cuda.all_sync(mask[i], predicate[i])


@pytest.mark.parametrize("signature, message", [
    ("void(float32[:], int32[:], int32[:])", "Mask type must be an integer"),
    ("void(boolean[:], int32[:], int32[:])", "Mask type must be an integer"),
    ("void(int32[:], float64[:], int32[:])", "Predicate must be an integer or boolean"),
])
def test_warp_votes_refuse_a_mask_or_predicate_of_the_wrong_type(signature, message):
    with pytest.raises(cp.CompileError, match=f"all_sync\\(\\): {message}"):
        cuda.jit(signature, target="cpu")(_vote_all)


def test_warp_votes_take_integer_masks_and_integer_or_bool_predicates():
    for signature in ("void(uint32[:], uint32[:], int32[:])", "void(int64[:], bool[:], int32[:])"):
        cuda.jit(signature, target="cpu")(_vote_all)


_CONSTANTS = np.arange(32, dtype=np.int64)


def _uses_every_memory(out, values):
    staged = cuda.shared.array(256, dtype=values.dtype)
    scratch = cuda.local.array(64, dtype=values.dtype)
    table = cuda.const.array_like(_CONSTANTS)
    i = cuda.grid(1)
    staged[cuda.threadIdx.x] = values[i] + table[i % 32]
    cuda.syncthreads()
    for k in range(64):
        scratch[k] = staged[(cuda.threadIdx.x + k) % 256] * k
    out[i] = scratch[values.size % 64]


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_kernels_report_what_the_gpus_compiler_made_of_them_as_numba_does():
    kernel = cuda.jit(_uses_every_memory, target="cuda")
    for dtype in (np.float32, np.float64):
        values = np.arange(256, dtype=dtype)
        out = np.zeros(256, dtype)
        kernel[1, 256](out, values)
    by_args = kernel.get_regs_per_thread()
    f32 = cuda.void(cuda.float32[::1], cuda.float32[::1])
    f64 = cuda.void(cuda.float64[::1], cuda.float64[::1])
    assert set(by_args) == {f32.args, f64.args}
    for signature, itemsize in ((f32, 4), (f64, 8)):
        assert kernel.get_regs_per_thread(signature) == by_args[signature.args] > 0
        assert kernel.get_shared_mem_per_block(signature) >= 256 * itemsize
        assert kernel.get_const_mem_size(signature) >= _CONSTANTS.nbytes
        assert kernel.get_local_mem_per_thread(signature) >= 0
        assert 0 < kernel.get_max_threads_per_block(signature) <= 1024
    single = cuda.jit("void(float32[::1], float32[::1])", target="cuda")(_uses_every_memory)
    assert isinstance(single.get_regs_per_thread(), int)


def test_kernels_of_the_cpu_target_have_no_gpu_attributes():
    kernel = cuda.jit("void(float32[::1], float32[::1])", target="cpu")(_uses_every_memory)
    with pytest.raises(cp.UnsupportedError, match="runs on the CPU target, whose kernels have "
                                                  "no GPU attributes"):
        kernel.get_regs_per_thread()


def _scratch_of_a_number(x):
    staged = cuda.shared.array(4, dtype=x.dtype)
    staged[0] = x


def test_dtype_of_a_non_array_is_an_error():
    with pytest.raises(cp.CompileError,
                       match=r"dtype=X.dtype takes the element type of an array X; this X is "
                             r"int64"):
        cuda.jit(_scratch_of_a_number, target="cpu")[1, 1](3)


def test_a_compile_time_parameter_used_as_a_value_is_an_error():
    source = textwrap.dedent("""
        def apply(op, x):
            return op(x) + op

        def k(X):
            X[0] = apply(math.sin, X[0])
        """)
    with pytest.raises(cp.CompileError, match=r"'op' is math.sin here: call it; it is not a "
                                              r"value"):
        cp.translate(source, sig={"k": "void(float32[::1])"})
    shaped = textwrap.dedent("""
        def fill(X, n):
            s = cuda.local.array(n, float32)
            s[0] = 1
            X[0] = s[0]

        def k(X, m):
            fill(X, m)
        """)
    with pytest.raises(cp.CompileError, match="the shape of a local array must be constant"):
        cp.translate(shaped, sig={"k": "void(float32[::1], int32)"})


def _tuple_locals(out, shape):
    pos = cuda.grid(2)
    if pos[0] < out.shape[0] and pos[1] < out.shape[1]:
        out[pos] = pos[0] * 10 + pos[1]
        swapped = (pos[1], pos[0])
        swapped = (swapped[1], swapped[0])  # both items read before either is assigned
        row, column = swapped
        cuda.atomic.add(shape, (0, 0), row * 0 + 1)
        cuda.atomic.add(shape, swapped, column - pos[-1])


def test_locals_holding_tuples_index_and_unpack(target):
    """A local that only ever holds a tuple of one length: its items by constant index,
    unpacking, and indexing arrays and atomics with it, as numba's kernels do."""
    out = np.zeros((4, 6), np.int64)
    counts = np.zeros((4, 6), np.int64)
    cuda.jit(_tuple_locals)[(2, 2), (2, 3)](out, counts)
    rows, columns = np.indices((4, 6))
    np.testing.assert_array_equal(out, rows * 10 + columns)
    assert counts[0, 0] == 24 and counts.sum() == 24


@pytest.mark.parametrize("body, message", [
    ("p = (1, 2)\n    X[0] = p", r"the tuple 'p' can be indexed by a constant"),
    ("p = (1, 2)\n    X[0] = p[2]", r"indexed by a constant integer from -2 to 1"),
    ("p = (1, 2)\n    X[0] = p[X[0]]", r"indexed by a constant integer"),
    ("p = (1, 2)\n    p = (1, 2, 3)\n    X[0] = p[0]", r"tuples are not supported"),
])
def test_tuple_locals_refuse_what_they_cannot_do(body, message):
    with pytest.raises(cp.CompileError, match=message):
        cp.translate(f"def k(X):\n    {body}\n", sig="void(int64[::1])")


def _unified(out, n, flag):
    total = np.int32(0)
    for i in range(n):
        total = total + np.int64(i)  # int32, then int64: the variable is int64
    flag = out[0] > 0  # a bool where an int64 parameter was: it holds every bool
    out[0] = total + flag


def test_cuda_jit_kernels_type_variables_as_numba_does(target):
    """numba unifies the types a variable is assigned; cudapy's own kernels keep one type per
    variable."""
    out = np.array([1], np.int64)
    cuda.jit(_unified)[1, 1](out, 5, 0)
    assert out[0] == 10 + 1
    with pytest.raises(cp.CompileError, match="a variable keeps one type"):
        cp.compile(_unified, sig="void(int64[::1], int64, int64)")
    with pytest.raises(cp.CompileError, match="is int64 and cannot hold float"):
        cuda.jit("void(int64[::1], int64)")(_float_into_int)


def _float_into_int(out, n):
    n = 0.5  # a float where an int64 parameter was: it would lose the fraction
    out[0] = n


@pytest.mark.nvrtc
def test_compile_ptx_gives_a_kernels_ptx_and_inspect_llvm_its_cuda_cpp():
    from cudapy.cuda import float32, int32

    def scale(x, factor):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = x[i] * factor

    ptx, result = cuda.compile_ptx(scale, (float32[::1], int32), cc=(8, 0))
    assert result == cuda.void and ".entry scale" in ptx.replace("\t", " ")
    assert ".target sm_80" in ptx
    assert cuda.compile is cuda.compile_ptx
    text_signature = cuda.compile_ptx(scale, "void(float32[:], int32)")[0]
    assert ".entry scale" in text_signature.replace("\t", " ")
    with pytest.raises(NotImplementedError, match="device=True"):
        cuda.compile_ptx(scale, (float32[::1], int32), device=True)

    def unified(out):
        n = np.int32(1)  # numba unifies int32 and int64 into int64; CudaPy's typing refuses
        n = np.int64(2)
        out[0] = n

    assert ".entry unified" in cuda.compile_ptx(unified, (cuda.int64[::1],))[0].replace("\t", " ")
    with pytest.raises(cp.CompileError):
        cp.ptx(unified, sig="void(int64[:])")
    kernel = cuda.jit((float32[::1], int32), target="cpu")(scale)
    assert "scale(" in kernel.inspect_llvm((float32[::1], int32))
    assert list(kernel.inspect_llvm()) == kernel.signatures


@pytest.mark.parametrize("carveout", ["MaxL1", "MaxShared", "default", 0, 50, 100, -1])
def test_kernels_take_numbas_inlining_and_carveout_options(target, carveout):
    """shared_memory_carveout reaches the driver (the kernel still runs as before);
    inline, forceinline and lto are what cudapy does anyway."""
    @cuda.jit(device=True, inline="never", forceinline=True)
    def plus_one(i):
        return i + 1

    def fill(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = plus_one(i)

    values = np.zeros(10, np.int32)
    cuda.jit(fill, shared_memory_carveout=carveout, inline="always", lto=True)[1, 10](values)
    np.testing.assert_array_equal(values, np.arange(1, 11))


def test_a_carveout_outside_the_c_api_range_is_refused():
    program = cp._compile._Program("def k(X):\n    X[0] = 1\n", "void(int32[::1])")
    options = cp._compile._compile_options(None, cp._compile._Options(shared_memory_carveout=101))
    pointer = ctypes.c_void_p()
    status = _ffi.lib.cudapy_program_ptx(program.handle, ctypes.byref(options),
                                         ctypes.byref(pointer))
    assert status == _ffi.Status.INVALID_ARGUMENT
    assert "shared_memory_carveout is 0" in _ffi.last_error()


def _nan_extremes(low, high, values, olds):
    i = cuda.grid(1)
    if i < values.size:
        olds[i] = cuda.atomic.nanmin(low, 0, values[i])
        cuda.atomic.nanmax(high, 0, values[i])


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint64])
def test_atomic_nanmin_and_nanmax_take_nan_as_missing(target, dtype):
    """numba's nanmin and nanmax agree with np.nanmin and np.nanmax: a NaN value changes
    nothing and a NaN in the array is replaced; each returns the old value."""
    values = np.arange(1, 257).astype(dtype)
    np.random.default_rng(5).shuffle(values)
    if np.dtype(dtype).kind == "f":
        values[1::3] = np.nan
    start = np.array([np.nan if np.dtype(dtype).kind == "f" else 1000], dtype)
    low, high = start.copy(), np.zeros(1, dtype) + (np.nan if np.dtype(dtype).kind == "f" else 0)
    olds = np.zeros(values.size, dtype)
    cuda.jit(_nan_extremes)[2, 128](low, high, values, olds)
    assert low[0] == np.nanmin(values) and high[0] == np.nanmax(values)
    seen = np.append(values, start)
    assert np.all(np.isin(olds, seen) | np.isnan(olds.astype(np.float64)))


def test_numpy_constants_in_kernels(target):
    def constants(x):
        x[0] = np.nan
        x[1] = -np.inf
        x[2] = np.pi
        x[3] = np.e

    out = np.zeros(4)
    cuda.jit(constants)[1, 1](out)
    np.testing.assert_array_equal(out, [np.nan, -np.inf, np.pi, np.e])
    with pytest.raises(cp.CompileError, match="the attribute 'np.tau' is not supported"):
        cp.translate("def k(X):\n    X[0] = np.tau\n", sig="void(float64[::1])")


def test_types_bound_to_other_names_are_dtypes_and_casts(target):
    """numba's kernels name element types through variables: a closure's `nbtype = float32`,
    a module's `T = np.float64`, a dtype."""
    size, nbtype, dtype = 8, cuda.float32, np.dtype("int16")

    def kernel(out, i):
        scratch = cuda.shared.array(size, dtype=nbtype)
        scratch[i] = 5
        out[i] = scratch[i] + nbtype(0.25) + dtype(3.9) + np.float64(1)

    out = np.zeros(2, np.float32)
    cuda.jit("(float32[::1], intp)")(kernel)[1, 1](out, 0)
    assert out[0] == np.float32(5 + 0.25 + 3 + 1)


GRID_SHAPE = (2, 3)


def test_tuples_of_the_kernels_module_and_closure_are_shapes(target):
    """numba's kernels shape shared and local arrays with tuples of their module or closure,
    and index them by constants."""
    shape = (2, 3, 4)

    def sizes(out):
        first = cuda.shared.array(GRID_SHAPE, dtype=np.int32)
        second = cuda.local.array(shape, dtype=np.float32)
        out[0] = first.size
        out[1] = second.size
        out[2] = shape[-1] * GRID_SHAPE[0]

    out = np.zeros(3, np.int64)
    cuda.jit(sizes)[1, 1](out)
    assert out.tolist() == [6, 24, 8]
    with pytest.raises(cp.CompileError, match=r"'GRID_SHAPE' is \(2, 3\) here: index it"):
        cp.translate("GRID_SHAPE = (2, 3)\ndef k(X):\n    X[0] = GRID_SHAPE\n",
                     sig={"k": "void(int64[::1])"})


def test_a_kernel_called_from_a_kernel_runs_as_a_device_function(target):
    """numba's kernels call other @cuda.jit functions (not device=True) as device functions."""
    @cuda.jit
    def twice(v):
        return v * 2

    @cuda.jit
    def apply(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = twice(i)

    out = np.zeros(8, np.int64)
    apply[1, 8](out)
    np.testing.assert_array_equal(out, np.arange(8) * 2)
    assert twice.as_device_function() is twice.as_device_function()


def test_declared_device_functions_give_numbas_sig():
    from cudapy.cuda import float32, float64, int32

    for given in (int32(float32[:]), "int32(float32[:])"):
        declared = cuda.declare_device("f1", given)
        assert declared.name == "f1"
        assert declared.sig.args == (float32[:],) and declared.sig.return_type == int32
    short = cuda.declare_device("f2", "f8(f4[:, ::1], i4)").sig
    assert short.args == (float32[:, ::1], int32) and short.return_type == float64


# ---- numba's cooperative groups --------------------------------------------------------------

def sequential_rows(M):
    """Each row reads the row before, written by another block's thread: without a grid-wide
    barrier between rows, blocks run ahead and read stale values."""
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, M.shape[0]):
        opposite = M.shape[1] - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()


def test_kernels_using_the_grid_group_are_cooperative():
    def plain(A):
        A[0] = 1

    def only_this_grid(A):
        cuda.cg.this_grid()
        A[0] = 1

    def direct(A):
        cuda.cg.this_grid().sync()
        A[0] = 1

    def calls_a_helper(A):
        helper(A)

    helper = cuda.jit(device=True)(direct)
    signature = (cuda.int32[::1],)
    flags = [cuda.jit(signature)(function).overloads[signature].cooperative
             for function in (plain, only_this_grid, direct, calls_a_helper)]
    assert flags == [False, True, True, True]
    rows = cuda.jit((cuda.int32[:, ::1],))(sequential_rows)
    assert rows.overloads[(cuda.int32[:, ::1],)].cooperative
    ptx, _ = cuda.compile_ptx(sequential_rows, "void(int32[:, ::1])")
    assert "atom.global.add.u32" in ptx and "bar.sync" in ptx


def test_the_grid_group_needs_the_gpu_where_blocks_take_turns():
    with pytest.raises(cp.CompileError, match=r"sync\(\) waits for every block of the grid.*run "
                                              r"this kernel on the GPU"):
        cuda.jit(sequential_rows, target="cpu")[1, 4](np.zeros((2, 4), np.int32))
    with pytest.raises(NotImplementedError, match="the interpreter runs one after another"):
        cuda.jit(sequential_rows, target="python")[1, 4](np.zeros((2, 4), np.int32))


def test_a_grid_group_is_a_name_bound_once():
    def rebound(A):
        g = cuda.cg.this_grid()
        g = 3
        g.sync()

    with pytest.raises(cp.CompileError, match="unknown function 'g.sync'"):
        cuda.compile_ptx(rebound, "void(int32[:])")


@pytest.mark.gpu
def test_grid_sync_orders_every_block_of_a_cooperative_launch():
    shape = (256, 1024)
    kernel = cuda.jit((cuda.int32[:, ::1],))(sequential_rows)
    overload = kernel.overloads[(cuda.int32[:, ::1],)]
    blocks = shape[1] // 32
    assert overload.max_cooperative_grid_blocks(32) >= blocks
    expected = np.tile(np.arange(shape[0], dtype=np.int32), (shape[1], 1)).T
    streams = [cuda.stream(), cuda.stream()]
    # Two launches at once on two streams share the module's barrier: cudapy orders them.
    results = [cuda.to_device(np.zeros(shape, np.int32)) for _ in streams]
    for stream, result in zip(streams, results):
        kernel[blocks, 32, stream](result)
    for result in results:
        np.testing.assert_array_equal(result.copy_to_host(), expected)


@pytest.mark.gpu
def test_cooperative_grids_are_bounded_by_what_the_gpu_runs_at_once():
    kernel = cuda.jit((cuda.int32[:, ::1],))(sequential_rows)
    overload = kernel.overloads[(cuda.int32[:, ::1],)]
    most = overload.max_cooperative_grid_blocks(256)
    assert most > 0
    assert most == overload.max_cooperative_grid_blocks((16, 16)) == \
        overload.max_cooperative_grid_blocks((16, 4, 4))
    assert overload.max_cooperative_grid_blocks(256, 40000) < most
    with pytest.raises(ValueError, match="blockdim must be a positive int"):
        overload.max_cooperative_grid_blocks(0)
    with pytest.raises(cp.errors.InvalidArgumentError,
                       match=rf"runs at most {most} of these blocks at once"):
        kernel[most + 1, 256](cuda.to_device(np.zeros((2, (most + 1) * 256), np.int32)))


# ---- cache-hinted loads and stores -----------------------------------------------------------

HINTED_LOADS = ["ldca", "ldcg", "ldcs", "ldlu", "ldcv"]
HINTED_STORES = ["stcg", "stcs", "stwb", "stwt"]
HINTED_TYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                np.uint64, np.float16, np.float32, np.float64]


@pytest.mark.nvrtc
@pytest.mark.parametrize("dtype", HINTED_TYPES, ids=lambda t: np.dtype(t).name)
def test_cache_hints_are_ptx_cache_operators(dtype):
    bits = np.dtype(dtype).itemsize * 8
    array_type = cuda.typeof(np.zeros((3, 4), dtype))
    for load, store in zip(HINTED_LOADS, HINTED_STORES + ["stcg"]):
        source = textwrap.dedent(f"""
            def copy(r, x):
                for i in range(x.shape[0]):
                    for j in range(x.shape[1]):
                        cuda.{store}(r, (i, j), cuda.{load}(x, (i, j)))
            """)
        namespace = {"cuda": cuda}
        exec(compile(source, f"<hints {load} {store}>", "exec"), namespace)
        ptx, _ = cuda.compile_ptx(namespace["copy"], (array_type, array_type))
        assert f"ld.global.{load[2:]}.b{bits}" in ptx
        assert f"st.global.{store[2:]}.b{bits}" in ptx


@pytest.mark.parametrize("dtype", [np.int8, np.float16, np.uint32, np.float64],
                         ids=lambda t: np.dtype(t).name)
def test_cache_hinted_loads_and_stores_move_the_elements(target, dtype):
    def hinted(r, x, s):
        i = cuda.grid(1)
        if i < x.size:
            cuda.stcs(r, i, cuda.ldcg(x, i) + cuda.ldcs(x, i))
            cuda.stwt(s, (i, 1), cuda.ldlu(x, i))
            cuda.stwb(s, (i, 0), cuda.ldca(x, x.size - 1 - i))
            local = cuda.local.array(1, dtype)
            cuda.stcg(local, 0, cuda.ldcv(x, i))  # not global memory: a plain store
            cuda.stcg(s, (i, 2), local[0])

    x = (np.arange(50) % 7).astype(dtype)
    r, s = np.zeros_like(x), np.zeros((50, 3), dtype)
    cuda.jit(hinted)[2, 32](r, x, s)
    np.testing.assert_array_equal(r, x + x)
    np.testing.assert_array_equal(s, np.stack([x[::-1], x, x], axis=1))


def test_the_interpreter_loads_and_stores_hinted_elements_plainly():
    def hinted(r, x):
        i = cuda.grid(1)
        if i < x.size:
            cuda.stcs(r, i, cuda.ldcg(x, i) * 2)

    x = np.arange(10, dtype=np.int16)
    r = np.zeros_like(x)
    cuda.jit(hinted, target="python")[1, 16](r, x)
    np.testing.assert_array_equal(r, 2 * x)


# ---- assume_aligned ------------------------------------------------------------------------

WIDEN_IN_FOURS = """
def widen(r, x):
    {promise}
    i = cuda.grid(1) * 4
    if i + 3 < x.size:
        # All loads before the stores: r and x might overlap, for all the compiler knows.
        a, b, c, d = x[i], x[i + 1], x[i + 2], x[i + 3]
        r[i] = a
        r[i + 1] = b
        r[i + 2] = c
        r[i + 3] = d
"""


def widen_in_fours(aligned):
    """A kernel copying int32s into int64s four at a time, with or without the promise that
    both arrays are aligned to 16 bytes."""
    promise = "cuda.assume_aligned(r, 16); cuda.assume_aligned(x, 16)" if aligned else "pass"
    namespace = {"cuda": cuda}
    exec(compile(WIDEN_IN_FOURS.format(promise=promise), f"<widen aligned={aligned}>", "exec"),
         namespace)
    return namespace["widen"]


@pytest.mark.nvrtc
def test_assume_aligned_joins_neighbouring_loads_and_stores():
    types = (cuda.typeof(np.zeros(4, np.int64)), cuda.typeof(np.zeros(4, np.int32)))
    aligned, _ = cuda.compile_ptx(widen_in_fours(True), types)
    plain, _ = cuda.compile_ptx(widen_in_fours(False), types)
    assert "ld.global.v4" in aligned and "st.global.v2" in aligned
    assert "ld.global.v4" not in plain and "st.global.v2" not in plain


def test_assume_aligned_checks_the_arrays_it_describes(target):
    x = np.arange(-50, 50, dtype=np.int32)
    r = np.zeros(100, np.int64)
    kernel = cuda.jit(widen_in_fours(True))
    kernel[1, 32](r, x)
    np.testing.assert_array_equal(r, x)
    # Device arrays: host ones are copied for the GPU, into memory that is aligned.
    dr, dx = cuda.to_device(r), cuda.to_device(x)
    with pytest.raises(cp.KernelValueError, match=r"assume_aligned\(\): the array's data is not "
                                                  r"aligned"):
        kernel[1, 32](dr[:96], dx[1:97])
        cp.synchronize()  # the GPU's kernel errors come with the launch's end
    with pytest.raises(ValueError, match="not aligned"):
        cuda.jit(widen_in_fours(True), target="python")[1, 32](r[:96], x[1:97])
    r[:] = 0
    cuda.jit(widen_in_fours(True), target="python")[1, 32](r, x)
    np.testing.assert_array_equal(r, x)


def test_cache_hints_take_integer_and_float_elements():
    def load_complex(r, x):
        r[0] = cuda.ldcs(x, 0)

    def store_bool(x):
        cuda.stcg(x, 0, True)

    with pytest.raises(cp.CompileError, match="ldcs requires array of integer or float type, not "
                                              "complex64"):
        cuda.compile_ptx(load_complex, (cuda.complex64[::1], cuda.complex64[::1]))
    with pytest.raises(cp.CompileError, match="stcg requires array of integer or float type, not "
                                              "bool"):
        cuda.compile_ptx(store_bool, (cuda.bool_[::1],))


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_functions_of_the_kernel_language_passed_as_values(where):
    """numba's tests loop over cuda.ldca, cuda.atomic.add, ... and call each under one name."""
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    for load, update in ((cuda.ldca, cuda.atomic.add), (cuda.ldcs, cuda.atomic.max)):
        def apply(r, x):
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    r[i, j] = load(x, (i, j))
                    update(r, (i, j), 20)

        r = np.zeros_like(x)
        cuda.jit(apply, target=where)[1, 1](r, x)
        np.testing.assert_array_equal(r, x + 20 if update is cuda.atomic.add
                                      else np.maximum(x, 20))


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_a_literal_flag_prunes_the_branch_it_rules_out(where):
    """numba prunes `if neg_idx:` for a literal False: the pruned assignment would make the
    index a float64 (uint64 % int64), which no array takes."""
    @cuda.jit(device=True)
    def widen(n):
        return cuda.uint64(n)

    @cuda.jit(device=True)
    def bump(ary, cast, wrap, negate):
        i = cuda.threadIdx.x
        index = (i, cast(i))
        if wrap:
            index = (index[0] % ary.shape[0], index[1] % ary.shape[1])
        if not negate:
            cuda.atomic.add(ary, index, 1)
        else:
            cuda.atomic.sub(ary, index, 1)

    def kernel(ary):
        bump(ary, widen, False, False)
        bump(ary, widen, False, True)
        bump(ary, widen, False, 0)

    ary = np.zeros((4, 4), np.float64)
    cuda.jit("void(float64[:, :])", target=where)(kernel)[1, 4](ary)
    np.testing.assert_array_equal(ary, np.eye(4))
    source = cuda.jit("void(float64[:, :])", target="cpu")(kernel).inspect_llvm(
        "void(float64[:, :])")
    assert "mod(" not in source and "if (false)" in source and "if (true)" in source


# ---- tuples as arguments -----------------------------------------------------------------------

@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_tuples_of_numbers_are_kernel_arguments(where):
    def kernel(out, point, weights, single):
        x, y = point
        out[0] = x * weights[0] + y * weights[1] + weights[2]
        out[1] = len(weights) + single[0]
        out[2] = point[1]

    out = np.zeros(3)
    jitted = cuda.jit(kernel, target=where)
    jitted[1, 1](out, (3, 4), (0.5, 2.0, np.float32(0.25)), (7,))
    np.testing.assert_array_equal(out, [3 * 0.5 + 4 * 2.0 + 0.25, 3 + 7, 4])
    if where != "python":
        assert "void(float64[::1], UniTuple(int64, 2), Tuple(float64, float64, float32), " \
               "UniTuple(int64, 1))" in jitted.signatures
    kernel_of_the_signature = jitted.overloads[jitted.signatures[0]] if where != "python" \
        else cp.compile(kernel, sig="void(float64[:], UniTuple(int64, 2), UniTuple(float64, 3), "
                                    "UniTuple(int64, 1))", target="python")
    with pytest.raises(TypeError, match="argument 'point' must be a tuple of 2 numbers, got "
                                        r"\(3, 4, 5\)"):
        kernel_of_the_signature[1, 1](out, (3, 4, 5), (0.5, 2.0, 0.25), (7,))
    with pytest.raises(TypeError, match=r"argument 'point\[1\]' must be int64"):
        kernel_of_the_signature[1, 1](out, (3, (4,)), (0.5, 2.0, 0.25), (7,))


def test_tuples_of_other_item_types_compile_kernels_of_their_own():
    def kernel(out, t):
        out[0] = t[0] + t[1]

    jitted = cuda.jit(kernel, target="cpu")
    out = np.zeros(1)
    for given, expected in [((1, 2), 3), ((1.5, 2.25), 3.75), ((1, 2, 3), 3),
                            ((np.float32(0.5), 4), 4.5)]:
        jitted[1, 1](out, given)
        assert out[0] == expected, given
    assert len(jitted.signatures) == 4


Point = collections.namedtuple("Point", "x y count")


@pytest.mark.parametrize("where", ["cpu", "python"])
def test_namedtuples_are_arguments_whose_items_have_names(where):
    def kernel(out, p, q):
        out[0] = p.x * p.y + p[2] + q.count
        a, b, c = q
        out[1] = a + c + len(p)

    jitted = cuda.jit(kernel, target=where)
    out = np.zeros(2)
    jitted[1, 1](out, Point(1.5, 2.0, 3), Point(0.5, np.float32(1.0), 7))
    np.testing.assert_array_equal(out, [1.5 * 2.0 + 3 + 7, 0.5 + 7 + 3])
    if where == "cpu":
        assert jitted.signatures == ["void(float64[::1], NamedTuple(x: float64, y: float64, "
                                     "count: int64), NamedTuple(x: float64, y: float32, "
                                     "count: int64))"]
    with pytest.raises(cp.CompileError, match="the named tuple 'p' has no field 'z'; its "
                                              "fields: x, y"):
        cp.compile("def k(out, p):\n    out[0] = p.z\n",
                   sig="void(float64[:], NamedTuple(x: float64, y: int64))", target="cpu")


def test_tuple_arguments_hold_numbers():
    def kernel(out, point):
        out[0] = point[0]

    jitted = cuda.jit(kernel, target="cpu")
    with pytest.raises(TypeError, match="argument 'point' is a tuple holding a tuple; kernels "
                                        "take tuples of numbers"):
        jitted[1, 1](np.zeros(1), (1, (2, 3)))
    with pytest.raises(TypeError, match="argument 'point' is an empty tuple"):
        jitted[1, 1](np.zeros(1), ())
    with pytest.raises(cp.CompileError, match=r"a tuple parameter holds numbers.*'float64\[:\]'"):
        cp.compile(kernel, sig="void(float64[:], Tuple(float64[:], int64))", target="cpu")
    with pytest.raises(cp.CompileError, match="UniTuple takes an item type and a count"):
        cp.compile(kernel, sig="void(float64[:], UniTuple(int64, x))", target="cpu")


@pytest.mark.parametrize("where", ["cpu", "python"])
def test_helpers_take_tuples_their_callers_pass(where):
    @cuda.jit(device=True)
    def total(values):
        a, b, c = values
        return a + b + c

    @cuda.jit(device=True)
    def scaled(pair, factor):
        return pair[0] * factor + pair[1] * len(pair)

    def kernel(A, B):
        i = cuda.grid(1)
        if i < B.size:
            held = A[i], A[i] + B[i], B[i]
            B[i] = total(held) + scaled((i, 1), 2) - 2 * i - 2

    A, B = np.arange(40, dtype=np.float32), np.arange(40, dtype=np.float32)
    expected = A + A + B + B
    cuda.jit(kernel, target=where)[1, 64](A, B)
    np.testing.assert_allclose(B, expected)


@pytest.mark.parametrize("where", ["cpu", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_print_shows_tuples_and_thread_indices_as_python_does(where):
    code = textwrap.dedent(f"""\
        from cudapy import cuda

        def show(pair, single):
            print(pair, "and", single)
            print(cuda.threadIdx)

        cuda.jit(show, target={where!r})[1, (2, 1, 1)]((1, 2), (7,))
        cuda.synchronize()
        """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=dict(os.environ), timeout=120)
    assert result.returncode == 0, result.stderr
    assert sorted(result.stdout.splitlines()) == ["(0, 0, 0)", "(1, 0, 0)", "(1, 2) and (7,)",
                                                   "(1, 2) and (7,)"]


# ---- parts of complex arrays -------------------------------------------------------------------

@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_real_and_imag_of_complex_arrays_are_views_kernels_update(where):
    def bump(values):
        i = cuda.grid(1)
        if i < values.size:
            cuda.atomic.add(values.real, i, 1)
            cuda.atomic.add(values.imag, i, 2)

    def parts(out, z):
        i = cuda.grid(1)
        if i < z.shape[0]:
            real = z.real
            out[i, 0] = real[i, 1]
            out[i, 1] = z.imag[i, 0]
            z.real[i, 0] = -1.0

    values = np.arange(32) + np.arange(32) * 1j
    expected = values + 1 + 2j
    cuda.jit(bump, target=where)[1, 32](values)
    np.testing.assert_array_equal(values, expected)
    base = (np.arange(12) + 1j * np.arange(12, 24)).astype(np.complex64).reshape(6, 2)
    for z in (base.copy(), np.asfortranarray(base), base.copy()[::2]):
        before = z.copy()
        out = np.zeros((z.shape[0], 2), np.float32)
        cuda.jit(parts, target=where)[1, 8](out, z)
        np.testing.assert_array_equal(out, np.stack([before.real[:, 1], before.imag[:, 0]], 1))
        before.real[:, 0] = -1
        np.testing.assert_array_equal(z, before)


def test_imag_of_a_real_array_is_refused_in_kernels():
    def imaginary(x):
        x.imag[0] = 1.0

    def real_of_real(out, x):
        out[0] = x.real[1]

    with pytest.raises(cp.CompileError, match=r"\.imag of an array in a kernel takes an array of "
                                              r"complex numbers, not float64"):
        cuda.jit(imaginary, target="cpu")[1, 1](np.zeros(2))
    out = np.zeros(1)
    cuda.jit(real_of_real, target="cpu")[1, 1](out, np.array([1.0, 2.5]))
    assert out[0] == 2.5


@pytest.mark.nvrtc
def test_parts_of_complex_arrays_compile_for_the_gpu():
    def bump(values):
        i = cuda.grid(1)
        cuda.atomic.add(values.imag, i, 1)

    ptx, _ = cuda.compile_ptx(bump, (cuda.complex128[::1],))
    assert "atom.global.add.f64" in ptx or "red.global.add.f64" in ptx


# ---- recursion without a signature ---------------------------------------------------------

@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_recursive_helpers_take_their_type_from_their_base_cases(where):
    """numba infers a recursive device function's type from its returns that do not call it."""
    @cuda.jit(device=True)
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)

    @cuda.jit(device=True)
    def halves(x, depth):
        if depth == 0:
            return x
        return halves(x, depth - 1) * 0.5

    def kernel(out, n, x):
        out[0] = fib(n)
        out[1] = halves(x, n)

    out = np.zeros(2)
    cuda.jit(kernel, target=where)[1, 1](out, 12, 1024.0)
    np.testing.assert_array_equal(out, [144, 1024.0 / 2 ** 12])


def test_a_recursion_without_a_base_case_is_refused():
    @cuda.jit(device=True)
    def forever(x):
        return forever(x) + 1

    def kernel(out):
        out[0] = forever(1)

    with pytest.raises(cp.CompileError, match="'forever' calls itself, and no return of it gives "
                                              "a type without that call"):
        cuda.jit(kernel, target="cpu")[1, 1](np.zeros(1))


# ---- reshape in kernels --------------------------------------------------------------------

def _reshaped_1d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        got[i] = y[i]


def _reshaped_3d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            for k in range(y.shape[2]):
                got[i, j, k] = y[i, j, k]


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
@pytest.mark.parametrize("kernel, arr, shape", [
    (_reshaped_1d, np.arange(24), (24,)), (_reshaped_1d, np.arange(25).reshape(5, 5), -1),
    (_reshaped_3d, np.arange(24).reshape(1, 8, 1, 3), (8, 1, 3)),
    (_reshaped_3d, np.arange(25.0).reshape(5, 5), (5, -1, 5)),
    (_reshaped_3d, np.array([]), (1, 0, 2)), (_reshaped_1d, np.array([]), 0),
], ids=lambda v: v.__name__ if callable(v) else str(getattr(v, "shape", v)))
def test_reshape_in_kernels_views_the_elements_as_numpy_does(where, kernel, arr, shape):
    expected = arr.reshape(shape)
    got = np.zeros(expected.shape, arr.dtype)
    cuda.jit(kernel, target=where)[1, 1](arr, shape, got)
    np.testing.assert_array_equal(got, expected)


def test_reshape_in_kernels_refuses_what_numpy_refuses():
    with pytest.raises(ValueError, match="cannot reshape"):
        cuda.jit(_reshaped_1d, target="cpu")[1, 1](np.arange(24), (5,), np.zeros(5, np.int64))

    def strided(out, x):
        y = x[::2].reshape(2, 2)
        out[0] = y[0, 0]

    with pytest.raises(cp.CompileError, match="reshape\\(\\) in kernels takes a C-contiguous array"):
        cuda.jit(strided, target="cpu")[1, 1](np.zeros(1), np.arange(8.0))


@pytest.mark.nvrtc
def test_reshape_compiles_for_the_gpu():
    ptx, _ = cuda.compile_ptx(_reshaped_3d, "void(float64[:, ::1], UniTuple(int64, 3), "
                                            "float64[:, :, ::1])")
    assert ".entry _reshaped_3d" in ptx.replace("\t", " ")


fp16 = cuda.fp16  # as `from numba.cuda import fp16` binds it


def fp16_functions(out, a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = cuda.fp16.hadd(a[i], b[i])
        out[i, 1] = cuda.fp16.hsub(a[i], b[i])
        out[i, 2] = fp16.hmul(a[i], b[i])
        out[i, 3] = cuda.fp16.hdiv(a[i], b[i])
        out[i, 4] = cuda.fp16.hfma(a[i], b[i], c[i])
        out[i, 5] = cuda.fp16.hneg(a[i])
        out[i, 6] = cuda.fp16.habs(a[i])
        out[i, 7] = cuda.fp16.hmax(a[i], b[i])
        out[i, 8] = cuda.fp16.hmin(a[i], b[i])
        out[i, 9] = cuda.fp16.hlt(a[i], b[i]) + 2 * cuda.fp16.heq(a[i], c[i])
        out[i, 10] = cuda.fp16.hfloor(a[i])
        out[i, 11] = cuda.fp16.hsqrt(cuda.fp16.habs(b[i]))
        out[i, 12] = cuda.fp16.hsin(a[i])
        out[i, 13] = cuda.fp16.hexp(c[i] / 4)


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_fp16_functions_match_numpy(where):
    rng = np.random.default_rng(3)
    n = 4096
    a, b, c = ((rng.standard_normal(n) * 20).astype(np.float16) for _ in range(3))
    a[:4] = [np.nan, np.inf, -0.0, 65504]
    b[4:6] = [np.nan, 0.0]
    c[6] = a[6]
    out = np.zeros((n, 14), np.float16)
    cuda.jit(fp16_functions, target=where)[n // 256, 256](out, a, b, c)
    wide = [x.astype(np.float64) for x in (a, b, c)]
    single = [x.astype(np.float32) for x in (a, b, c)]
    with np.errstate(all="ignore"):
        exact = [a + b, a - b, a * b, a / b,
                 (wide[0] * wide[1] + wide[2]).astype(np.float16), -a, np.abs(a),
                 np.fmax(a, b), np.fmin(a, b), ((a < b) + 2 * (a == c)).astype(np.float16),
                 np.floor(a), np.sqrt(np.abs(b))]
        rounded = [np.sin(single[0]).astype(np.float16),
                   np.exp((c / np.float16(4)).astype(np.float32)).astype(np.float16)]
    for column, expected in enumerate(exact):
        np.testing.assert_array_equal(out[:, column], expected, err_msg=f"column {column}")
    for column, expected in enumerate(rounded, len(exact)):
        np.testing.assert_allclose(out[:, column].astype(np.float32), expected.astype(np.float32),
                                   rtol=1e-3, atol=1e-7, err_msg=f"column {column}")


def test_fp16_names_its_functions_as_the_host_namespace_does():
    with pytest.raises(cp.CompileError,
                       match="cuda.fp16 has no function 'hpow'; it has ") as raised:
        cp.compile("def k(out):\n    out[0] = cuda.fp16.hpow(out[0], out[0])\n",
                   sig="void(float16[:])", target="cpu")
    listed = str(raised.value).splitlines()[0].partition("it has ")[2].split(", ")
    assert sorted(listed) == sorted(name for name in dir(cuda.fp16) if name.startswith("h"))
    with pytest.raises(RuntimeError, match=r"cuda.fp16.hadd\(\) can only be called inside"):
        cuda.fp16.hadd(1, 2)


def round_to_digits(out, single, x, ndigits):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], ndigits)
        single[i] = round(np.float32(x[i]), ndigits)


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
@pytest.mark.parametrize("ndigits", [3, 1, 0, -1, -3])
def test_round_to_digits_as_numpy_rounds(where, ndigits):
    rng = np.random.default_rng(ndigits + 10)
    x = np.concatenate([rng.standard_normal(3000) * 10.0 ** rng.integers(-3, 6, 3000),
                        [2.675, 0.125, -0.375, 2.5, -25.0, 1e300, np.inf, -np.inf, np.nan]])
    out, single = np.zeros_like(x), np.zeros(x.size, np.float32)
    cuda.jit(round_to_digits, target=where)[48, 64](out, single, x, ndigits)
    with np.errstate(over="ignore"):
        expected = np.round(x, ndigits)
        expected[~np.isfinite(x * 10.0 ** ndigits)] = x[~np.isfinite(x * 10.0 ** ndigits)]
        expected_single = np.round(x.astype(np.float32).astype(np.float64),
                                   ndigits).astype(np.float32)
    np.testing.assert_array_equal(out, expected)
    finite = np.isfinite(expected_single)
    np.testing.assert_array_equal(single[finite], expected_single[finite])


def test_round_to_digits_takes_a_float():
    with pytest.raises(cp.CompileError, match=r"round\(x, ndigits\) in kernels rounds a float, "
                                              "not int64"):
        cp.compile("def k(out, n):\n    out[0] = round(n, 2)\n",
                   sig="void(float64[:], int64)", target="cpu")


def bit_counts(out, x, y, z):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i].bit_count()
        out[i, 1] = y[i].bit_count()
        out[i, 2] = z[i].bit_count()


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_bit_count_counts_the_ones_of_the_magnitude_as_python(where):
    rng = np.random.default_rng(4)
    x = np.concatenate([[0, -1, -2**31, 2**31 - 1],
                        rng.integers(-2**31, 2**31, 60)]).astype(np.int32)
    y = np.concatenate([np.array([0, 2**64 - 1, 2**63], np.uint64),
                        rng.integers(0, 2**63, 61).astype(np.uint64)])
    z = np.concatenate([[-128, 127, -1], rng.integers(-128, 128, 61)]).astype(np.int8)
    out = np.zeros((64, 3), np.int64)
    cuda.jit(bit_counts, target=where)[1, 64](out, x, y, z)
    expected = [[int(v).bit_count() for v in column] for column in (x, y, z)]
    np.testing.assert_array_equal(out, np.array(expected).T)
    for dtype in ("float64", "bool"):
        with pytest.raises(cp.CompileError, match="bit_count.. counts the bits of an integer, "
                                                  f"not of {dtype}"):
            cp.compile("def k(out):\n    out[0] = out[0].bit_count()\n",
                       sig=f"void({dtype}[:])", target="cpu")


libdevice = cuda.libdevice  # as `from numba.cuda import libdevice` binds it


def libdevice_functions(out, x, n):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.sin(x[i])
        out[i, 1] = libdevice.expf(x[i])
        out[i, 2] = cuda.libdevice.fast_powf(abs(x[i]), 1.5)
        out[i, 3] = libdevice.popc(n[i]) + 100 * libdevice.popcll(n[i])
        out[i, 4] = libdevice.floorf(x[i]) + libdevice.hypot(x[i], 2.0)
        out[i, 5] = libdevice.fma(x[i], 2.0, 1.0)


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_libdevice_functions_are_the_math_modules(where):
    x = np.linspace(-3, 3, 256)
    n = np.arange(-128, 128, dtype=np.int64) * 12345678901
    out = np.zeros((256, 6))
    cuda.jit(libdevice_functions, target=where)[2, 128](out, x, n)
    single = x.astype(np.float32)
    bits32 = [bin(int(v) & 0xFFFFFFFF).count("1") for v in n]
    bits64 = [bin(int(v) & 0xFFFFFFFFFFFFFFFF).count("1") for v in n]
    np.testing.assert_allclose(out[:, 0], np.sin(x), rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(out[:, 1], np.exp(single), rtol=2e-7)
    np.testing.assert_allclose(out[:, 2], np.abs(single) ** np.float32(1.5), rtol=4e-7)
    np.testing.assert_array_equal(out[:, 3], np.array(bits32) + 100 * np.array(bits64))
    # (the GPU's hypot is within an ulp or two of NumPy's; the sum may cancel)
    np.testing.assert_allclose(out[:, 4], np.floor(single) + np.hypot(x, 2.0), rtol=0, atol=4e-15)
    np.testing.assert_array_equal(out[:, 5], x * 2.0 + 1.0)
    assert "sinf" in dir(cuda.libdevice) and "popcll" in dir(cuda.libdevice)
    with pytest.raises(cp.CompileError, match="cuda.libdevice.remquo is not in cudapy's kernel "
                                              "language"):
        cp.compile("def k(a):\n    a[0] = cuda.libdevice.remquo(a[0], 1.0)\n",
                   sig="void(float64[:])", target="cpu")
    with pytest.raises(cp.CompileError, match=r"libdevice.sincos\(\) gives 2 values: unpack "
                                              "them"):
        cp.compile("def k(a):\n    a[0] = cuda.libdevice.sincos(a[0])\n",
                   sig="void(float64[:])", target="cpu")


def libdevice_pairs(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0], out[i, 1] = libdevice.sincos(x[i])
        s, c = cuda.libdevice.sincosf(x[i])
        out[i, 2] = s
        out[i, 3] = c
        out[i, 4], out[i, 5] = libdevice.sincospi(x[i])
        out[i, 6], out[i, 7] = libdevice.modf(x[i])
        out[i, 8], out[i, 9] = libdevice.modff(x[i])
        out[i, 10], out[i, 11] = libdevice.frexp(x[i] * 1e-310)  # subnormal for small x
        mantissa, exponent = libdevice.frexpf(x[i])
        out[i, 12] = mantissa
        out[i, 13] = exponent


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_libdevice_functions_of_two_values_unpack(where):
    x = np.concatenate([np.linspace(-7.5, 7.5, 253), [np.inf, -np.inf, -0.0]])
    out = np.zeros((256, 14))
    with np.errstate(invalid="ignore"):
        cuda.jit(libdevice_pairs, target=where)[2, 128](out, x)
        single = x.astype(np.float32)
        finite = np.isfinite(x)
        np.testing.assert_allclose(out[finite, 0], np.sin(x[finite]), rtol=0, atol=2e-16)
        np.testing.assert_allclose(out[finite, 1], np.cos(x[finite]), rtol=0, atol=2e-16)
        np.testing.assert_allclose(out[finite, 2], np.sin(single[finite]), rtol=0, atol=2e-7)
        np.testing.assert_allclose(out[finite, 3], np.cos(single[finite]), rtol=0, atol=2e-7)
        np.testing.assert_allclose(out[finite, 4], np.sin(np.pi * x[finite]), rtol=0, atol=1e-14)
        np.testing.assert_allclose(out[finite, 5], np.cos(np.pi * x[finite]), rtol=0, atol=1e-14)
        assert np.isnan(out[~finite, :6]).all()
    # modf is exact: C's (and NumPy's) fraction and whole part, with the argument's sign.
    for column, values in ((6, x), (8, single)):
        fraction, whole = np.modf(values)
        np.testing.assert_array_equal(out[:, column], fraction)
        np.testing.assert_array_equal(out[:, column + 1], whole)
        np.testing.assert_array_equal(np.signbit(out[:, column]), np.signbit(fraction))
    # frexp too: C's (and NumPy's) mantissa and exponent, 0 for zeros, infinities and NaN.
    for column, values in ((10, x * 1e-310), (12, single)):
        mantissa, exponent = np.frexp(values)
        np.testing.assert_array_equal(out[:, column], mantissa)
        np.testing.assert_array_equal(out[:, column + 1], exponent)
