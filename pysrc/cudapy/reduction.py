"""Reductions: many elements folded into one with an associative operation, on the GPU and on
the CPU target. One engine serves DeviceArray's sum, prod, min, max, argmin, argmax, mean, any,
all, dot and norm (and NumPy's functions of the same names on device arrays), numba's
`cuda.reduce` and `ufunc.reduce`, and PyCUDA's ReductionKernel.

A reduction is a map (each element made an accumulator value: `int64(x)` for a sum of int8,
`x * y` for a dot product) and a combine (`a + b`). The engine writes kernels for the shape of
the reduction and compiles them like any kernel:
- over rows (the reduced axes last in memory): a warp per row, or a block for rows over
  4096; each thread folds a strided share of the row with 16 bytes of loads in flight, then
  the threads of a warp combine with shuffles and the warps of a block through shared memory;
  on the CPU target, whose threads run one after another, each thread folds consecutive
  elements instead (the columns kernel, with one column);
- over columns (the reduced axes before the kept ones): a thread per column, whose warps read
  consecutive columns of a row, so that every load is coalesced;
- a row too long for one block, or too few columns to fill the GPU, is split: each part writes
  its partial result, and a second, small reduction of the same kind folds the parts.
Other layouts are first copied into rows. The combine is assumed associative and
commutative: elements are combined in an order fixed by the input's shape and the GPU's size,
not NumPy's, so floating-point sums may differ from NumPy's in the last bits, and are the same
from run to run on one device and shape.
"""

import builtins
import math
import threading
from types import FunctionType
from typing import NamedTuple, Optional

from . import _ffi, targets
from ._compile import _Program
from ._launch import Launch, launch_config
from ._lazy import numpy as np
from ._source import _source
from .array import CudaArray, _contiguous_strides, mapped_array
from ._devices import resident_threads, selection
from .stream import LEGACY_DEFAULT_STREAM, stream_handle
from .elementwise import (_checked_scalar, _device_target, _program_target, _type_text,
                          converter, index_range)

_BLOCK = 256
_WARP = 32
# The bytes of input each thread has in flight: enough loads to keep memory busy. (64 gave an
# H200's sum of 2^28 float32 5% more, but an H100's float32 sums and dots 1% less and its
# column sums of 8192 x 8192 float32 12% less.)
_BYTES_IN_FLIGHT = 16
# Rows up to this long are reduced by a warp each, longer ones by a block (an H100's row sums
# of 8192 x 8192 float32: 2933 GB/s by blocks, 2836 by warps).
_WARP_ROW_LENGTH = 4096
_LONG_ROW_OVERSUBSCRIPTION = 8
_ALL_LANES = "0xFFFFFFFF"
# What shuffles carry: narrower types travel widened.
_SHUFFLED = {"i": "int32", "u": "uint32", "b": "int32", "f": "float32"}


def accumulator(dtype):
    """The type sums and products of `dtype` results accumulate in: float16 in float32, as
    NumPy's do internally."""
    return np.dtype(np.float32) if dtype == np.float16 else dtype


def _shuffled_type(dtype):
    dtype = np.dtype(dtype)
    if dtype.itemsize >= 4 and dtype.kind in "iuf":
        return None
    return _SHUFFLED[dtype.kind]


class Monoid:
    """How values combine: `components` are the accumulator's dtypes (one; or a value and
    its index for argmin and argmax), `combine(dst, src)` the statements that fold the
    accumulator named `src` into `dst`, `source` the functions those statements call and
    `functions` the Python functions among them."""

    def __init__(self, components, combine, source="", functions=()):
        self.components = tuple(np.dtype(dtype) for dtype in components)
        self.combine = combine
        self.source = source
        self.functions = tuple(functions)


def binary_monoid(dtype, expression):
    """A monoid of one value combined by a Python expression of `a` and `b`."""
    name = _type_text(dtype)
    source = f"def cudapy_combine(a, b):\n    return {expression}\n"
    return Monoid([dtype], lambda dst, src: [f"{dst[0]} = {name}(cudapy_combine({dst[0]}, "
                                             f"{src[0]}))"], source)


def function_monoid(dtype, function):
    """A monoid of one value combined by a Python binary function (a def, compiled with its
    module's device functions), with its results converted to `dtype`."""
    name, called = _type_text(dtype), _source(function).name
    return Monoid([dtype], lambda dst, src: [f"{dst[0]} = {name}({called}({dst[0]}, "
                                             f"{src[0]}))"], functions=[function])


def arg_monoid(dtype, largest):
    """(value, index) pairs: the extreme value, the first index among equal ones, and the
    first NaN before any number, as NumPy's argmax and argmin choose."""
    better = ">" if largest else "<"

    def combine(dst, src):
        value, index = dst
        other, other_index = src
        return [f"if {other} != {other}:",
                f"    if {value} == {value} or {other_index} < {index}:",
                f"        {value} = {other}",
                f"        {index} = {other_index}",
                f"elif {value} == {value}:",
                f"    if {other} {better} {value} or ({other} == {value} and "
                f"{other_index} < {index}):",
                f"        {value} = {other}",
                f"        {index} = {other_index}"]
    return Monoid([dtype, np.int64], combine)


# ---- the kernels ------------------------------------------------------------------------------


class _Pass:
    """One launch's kernel text: the parameters (name, signature type), how element (o, r, c)
    of the reduced view is loaded as accumulator values, and how a result is written."""

    def __init__(self, params, load, write):
        self.params, self.load, self.write = params, load, write


def _lines(level, statements):
    return ["    " * level + line for line in statements]


def _fold_warp(monoid, level, width):
    """Statements that fold lane 0..width-1's accumulators into lane 0 with shuffles."""
    count = len(monoid.components)
    acc = [f"acc{k}" for k in range(count)]
    other = [f"other{k}" for k in range(count)]
    lines = [f"offset = {width // 2}", "while offset > 0:"]
    for k, dtype in enumerate(monoid.components):
        widened = _shuffled_type(dtype)
        value = f"{widened}({acc[k]})" if widened else acc[k]
        shuffled = f"shfl_down_sync({_ALL_LANES}, {value}, offset)"
        lines.append(f"    {other[k]} = {_type_text(dtype)}({shuffled})" if widened
                     else f"    {other[k]} = {shuffled}")
    lines += [f"    other_have = shfl_down_sync({_ALL_LANES}, have, offset)"]
    lines += _lines(1, _absorb(monoid, "other_have != 0", other))
    lines += ["    offset //= 2"]
    return _lines(level, lines)


def _absorb(monoid, condition, src):
    """Statements that fold the accumulator named `src` into acc0, acc1, ... when `condition`
    holds, taking it as it is when there was none yet (have)."""
    acc = [f"acc{k}" for k in range(len(monoid.components))]
    return ([f"if {condition}:", "    if have != 0:"] + _lines(2, monoid.combine(acc, src))
            + ["    else:"] + _lines(2, [f"{a} = {v}" for a, v in zip(acc, src)])
            + ["        have = int32(1)"])


def _declare(monoid, names):
    return [f"{name} = {_type_text(dtype)}(0)" for name, dtype in zip(names, monoid.components)]


def _thread_fold(monoid, step, items, stride, c):
    """Statements (at the loop's level) that fold this thread's elements r, r + stride, ...
    below `stop` of row `o` into acc0, acc1, ... (have: whether there was one): `items`
    loads in flight at a time, and the last ones, fewer, each guarded."""
    count = len(monoid.components)
    acc = [f"acc{k}" for k in range(count)]
    loaded = [[f"v{j}_{k}" for k in range(count)] for j in range(items)]

    def load_all(level):
        lines = []
        for j in range(items):
            lines += _lines(level, [f"{v} = {value}" for v, value in
                                    zip(loaded[j], step.load("o", f"r + {j * stride}", c))])
        width = items
        while width > 1:
            width //= 2
            for j in range(width):
                lines += _lines(level, monoid.combine(loaded[j], loaded[j + width]))
        return lines
    span = (items - 1) * stride
    lines = ["have = int32(0)"] + _declare(monoid, acc)
    lines += [f"if r + {span} < stop:"]
    lines += load_all(1)
    lines += _lines(1, [f"{a} = {v}" for a, v in zip(acc, loaded[0])])
    lines += ["    have = int32(1)",
              f"    r += {items * stride}",
              f"while r + {span} < stop:"]
    lines += load_all(1)
    lines += _lines(1, monoid.combine(acc, loaded[0]))
    lines += [f"    r += {items * stride}"]
    # The rest: every load first (independent, so in flight together), then the folds.
    for j in range(items - 1):
        lines += [f"have{j} = r + {j * stride} < stop"]
        lines += _declare(monoid, loaded[j])
        lines += [f"if have{j}:"]
        lines += _lines(1, [f"{v} = {value}" for v, value in
                            zip(loaded[j], step.load("o", f"r + {j * stride}", c))])
    for j in range(items - 1):
        lines += _absorb(monoid, f"have{j}", loaded[j])
    return lines


def _rows_text(name, monoid, step, group, items):
    """A kernel reducing the rows of an (O, R) view: `group` threads (a warp or the block) per
    part of a row; task t is part t % splits of row t // splits."""
    count = len(monoid.components)
    acc = [f"acc{k}" for k in range(count)]
    per_block = _BLOCK // group
    params = ", ".join(name for name, _ in step.params)
    types = ", ".join(type_ for _, type_ in step.params)
    lines = [f"# {name} : void ({types}, int64, int64, int64, int64)",
             f"def {name}({params}, rows, length, chunk, splits):",
             f"    lane = int64(threadIdx.x % {group})",
             f"    task = int64(blockIdx.x) * {per_block} + threadIdx.x // {group}",
             f"    tasks_step = int64(gridDim.x) * {per_block}"]
    if group > _WARP:
        lines += [f"    shared_acc{k} = shared.array({_BLOCK // _WARP}, "
                  f"{_type_text(_shuffled_type(dtype) or dtype)})"
                  for k, dtype in enumerate(monoid.components)]
        lines += [f"    shared_have = shared.array({_BLOCK // _WARP}, int32)"]
    lines += ["    while task < rows * splits:",
              "        o = task // splits",
              "        part = task % splits",
              "        start = part * chunk",
              "        stop = min(start + chunk, length)",
              "        r = start + lane"]
    lines += _lines(2, _thread_fold(monoid, step, items, group, None))
    lines += _fold_warp(monoid, 2, _WARP)
    if group > _WARP:
        lines += [f"        if threadIdx.x % {_WARP} == 0:"]
        lines += _lines(3, [f"shared_acc{k}[threadIdx.x // {_WARP}] = {a}"
                            for k, a in enumerate(acc)])
        lines += [f"            shared_have[threadIdx.x // {_WARP}] = have",
                  "        syncthreads()",
                  f"        if threadIdx.x < {_WARP}:",
                  "            have = int32(0)",
                  f"            if threadIdx.x < {_BLOCK // _WARP}:"]
        lines += _lines(4, [f"{a} = {_type_text(dtype)}(shared_acc{k}[threadIdx.x])"
                            for k, (a, dtype) in enumerate(zip(acc, monoid.components))])
        lines += ["                have = shared_have[threadIdx.x]"]
        lines += _fold_warp(monoid, 3, _BLOCK // _WARP)
        lines += ["        syncthreads()"]
    lines += ["        if lane == 0:"]
    lines += _lines(3, step.write("o", "part", None))
    lines += ["        task += tasks_step"]
    return "\n".join(lines) + "\n"


def _columns_text(name, monoid, step, items):
    """A kernel reducing the middle axis of an (O, R, C) view: a thread per column and part,
    consecutive threads on consecutive columns."""
    params = ", ".join(name for name, _ in step.params)
    types = ", ".join(type_ for _, type_ in step.params)
    lines = [f"# {name} : void ({types}, int64, int64, int64, int64, int64)",
             f"def {name}({params}, outer, length, columns, chunk, splits):",
             "    t = int64(blockIdx.x) * blockDim.x + threadIdx.x",
             "    while t < outer * splits * columns:",
             "        c = t % columns",
             "        rest = t // columns",
             "        part = rest % splits",
             "        o = rest // splits",
             "        r = part * chunk",
             "        stop = min(r + chunk, length)"]
    lines += _lines(2, _thread_fold(monoid, step, items, 1, "c"))
    lines += _lines(2, step.write("o", "part", "c"))
    lines += ["        t += int64(gridDim.x) * blockDim.x"]
    return "\n".join(lines) + "\n"


_KERNELS = {}
_KERNELS_LOCK = threading.Lock()


def _kernel(name, text, monoid, extra_source, functions, where):
    key = (text, extra_source, monoid.source, monoid.functions, functions, where)
    kernel = _KERNELS.get(key)
    if kernel is None:
        with _KERNELS_LOCK:
            kernel = _KERNELS.get(key)
            if kernel is None:
                from .kernel import Kernel

                parts = [text] + [part for part in (monoid.source, extra_source) if part]
                program = _Program(parts + list(monoid.functions) + list(functions), None,
                                   target=_program_target(where))
                program.check()
                kernel = _KERNELS[key] = Kernel(program, name)
    return kernel


# ---- how a reduction is launched --------------------------------------------------------------


def _threads_to_fill(where):
    """Threads that fill the target: every multiprocessor's, or a block per host core."""
    resident = resident_threads(where)
    if resident is not None:
        return resident
    import os
    return (os.cpu_count() or 1) * _BLOCK


def _ceil_div(a, b):
    return -(-a // b)


def _grid(tasks, per_block):
    return max(1, min((tasks + per_block - 1) // per_block, 1 << 20))


class Reduction:
    """A reduction: `map` makes the accumulator from elements of the inputs, `monoid` combines
    accumulators, `finish` makes the result from them.

    - `map_call(elements, index)` is the expressions of the accumulator's components for
      the inputs' elements (texts such as `a0[o, r]`) at position `index` of the reduced
      axis; `map_source` defines the functions they call;
    - `finish(accumulators)` is the expression written to the output, of `out_dtype`; it
      may use the scalars (s0, s1, ...) and `cudapy_count`, the elements each result folds;
    - `identity` is the result of an empty reduction (None: an empty one is an error,
      `empty_error` says which)."""

    def __init__(self, monoid, map_source, map_call, finish, out_dtype, identity=None,
                 empty_error=None, functions=()):
        self.monoid = monoid
        self.map_source = map_source
        self.map_call = map_call
        self.finish = finish
        self.out_dtype = np.dtype(out_dtype)
        self.identity = identity
        self.empty_error = empty_error
        self.functions = tuple(functions)
        # Kernels by what their text depends on, so that a call builds no text.
        self._kernels = {}
        self._array_passes = {}
        self._partial_passes = {}
        # Plans of calls with C-contiguous arrays on the default stream, by shape, dtypes,
        # axis and keepdims.
        self._fast = {}

    # -- the passes --

    def array_pass(self, views, columns):
        """The first pass of a reduction of arrays: (params, load) reading (O, R) or (O, R, C)
        views of them."""
        key = (tuple(view.dtype for view in views), columns)
        found = self._array_passes.get(key)
        if found is None:
            found = self._array_passes[key] = self._make_array_pass(views, columns)
        return found

    def _make_array_pass(self, views, columns):
        dims = 3 if columns else 2
        params = [(f"a{k}", _contiguous_type(view.dtype, dims)) for k, view in enumerate(views)]

        def load(o, r, c):
            at = f"[{o}, {r}, {c}]" if columns else f"[{o}, {r}]"
            return self.map_call([f"a{k}{at}" for k in range(len(views))], r)
        return params, load

    def _partial_pass(self, columns):
        found = self._partial_passes.get(columns)
        if found is None:
            found = self._partial_passes[columns] = self._make_partial_pass(columns)
        return found

    def _make_partial_pass(self, columns):
        dims = 3 if columns else 2
        params = [(f"p{k}", _contiguous_type(dtype, dims))
                  for k, dtype in enumerate(self.monoid.components)]

        def load(o, r, c):
            at = f"[{o}, {r}, {c}]" if columns else f"[{o}, {r}]"
            return [f"p{k}{at}" for k in range(len(self.monoid.components))]
        return params, load

    def _writer(self, final, columns, out_dtype):
        count = len(self.monoid.components)
        acc = [f"acc{k}" for k in range(count)]
        if final:
            params = [("out", _contiguous_type(out_dtype, 2 if columns else 1))]

            def write(o, part, c):
                at = f"[{o}, {c}]" if columns else f"[{o}]"
                return [f"out{at} = {_type_text(out_dtype)}({self.finish(acc)})"]
        else:
            params = [(f"q{k}", _contiguous_type(dtype, 3 if columns else 2))
                      for k, dtype in enumerate(self.monoid.components)]

            def write(o, part, c):
                at = f"[{o}, {part}, {c}]" if columns else f"[{o}, {part}]"
                return [f"q{k}{at} = {a}" for k, a in enumerate(acc)]
        return params, write

    def _step(self, first, inputs, scalars, shape, out_dtype, where, map_source):
        """The launch of one pass over an (O, R) or (O, R, C) problem: its kernel, grid and
        trailing arguments, and the shape of the partial results when the rows are split
        (then another pass folds them)."""
        load_params, load = first
        columns = len(shape) == 3
        outer, length = shape[0], shape[1]
        inner = shape[2] if columns else 1
        fill = _threads_to_fill(where)
        group = _WARP if length <= _WARP_ROW_LENGTH else _BLOCK
        # A column's loads are a row apart: twice as many in flight as a row's.
        items = _items_in_flight(inputs, where, 2 if columns else 1)
        # Parts of rows in whole rounds of loads, at least four rounds each.
        stride = items if columns else items * group
        if columns:
            splits = max(1, min(_ceil_div(fill, outer * inner), length // (4 * stride)))
        else:
            # Long rows are split into parts for eight times the blocks the GPU holds at once,
            # so that multiprocessors finishing early take more (an H100's sum of 2^28 float32:
            # 3020 GB/s against 2970 with one part per block it holds).
            if group == _BLOCK and where == "cuda":
                fill *= _LONG_ROW_OVERSUBSCRIPTION
            splits = max(1, min(fill // (outer * group), length // (4 * stride)))
        chunk = _ceil_div(_ceil_div(length, splits), stride) * stride
        splits = _ceil_div(length, chunk)
        final = splits == 1
        scalar_types = tuple(_type_text(np.asarray(value).dtype) for value in scalars)
        key = (tuple(load_params), bool(map_source), scalar_types, columns, group, items, final,
               out_dtype, where)
        kernel = self._kernels.get(key)
        if kernel is None:
            write_params, write = self._writer(final, columns, out_dtype)
            scalar_params = [(f"s{k}", type_) for k, type_ in enumerate(scalar_types)]
            step = _Pass(write_params + load_params + scalar_params + [("cudapy_count", "int64")],
                         load, write)
            name = "cudapy_reduce_columns" if columns else f"cudapy_reduce_rows{group}"
            text = (_columns_text(name, self.monoid, step, items) if columns
                    else _rows_text(name, self.monoid, step, group, items))
            kernel = self._kernels[key] = _kernel(name, text, self.monoid, map_source,
                                                  self.functions, where)
        if columns:
            grid = _grid(outer * splits * inner, _BLOCK)
            extra = (outer, length, inner, chunk, splits)
        else:
            grid = _grid(outer * splits, _BLOCK // group)
            extra = (outer, length, chunk, splits)
        part_shape = None if final else (
            (outer, splits, inner) if columns else (outer, splits))
        return _Step(kernel, grid, extra, part_shape)

    def run(self, first, inputs, scalars, shape, out, where, stream):
        """Reduces the inputs into `out` (a C-contiguous (O,) or (O, C) device array): `first`
        is the first pass's (params, load) reading `inputs` as an (O, R) or (O, R, C)
        problem of `shape`; every pass gets the `scalars` (s0, s1, ...) and the count of
        elements each result folds (cudapy_count). Returns the steps it launched."""
        columns = len(shape) == 3
        count = shape[1]
        steps = []
        pass_, source = first, self.map_source
        while True:
            step = self._step(pass_, inputs, scalars, shape, out.dtype, where, source)
            steps.append(step)
            outputs = [out] if step.part_shape is None else [
                _new(step.part_shape, dtype, where, stream) for dtype in self.monoid.components]
            step.kernel[step.grid, _BLOCK, stream](
                *outputs, *inputs, *scalars, count, *step.extra)
            if step.part_shape is None:
                return steps
            inputs = outputs
            shape = step.part_shape
            pass_, source = self._partial_pass(columns), ""


class _Step(NamedTuple):
    kernel: object
    grid: int
    extra: tuple  # the kernel's trailing int arguments
    part_shape: Optional[tuple]  # the partial results' shape; None: the pass writes `out`


class _FastReduction:
    """A reduction of C-contiguous device arrays of one shape and dtype on the default stream,
    whose launches are known: it allocates the results and launches each pass with its
    arguments packed, with none of a first call's planning or views."""

    __slots__ = ("steps", "result_shape", "out_dtype", "flat_shape", "input_shape",
                 "components", "where")

    def __init__(self, reduction, steps, result_shape, flat_shape, input_shape, where):
        self.steps = [(step, Launch(step.kernel, launch_config(step.kernel.name,
                                                               (step.grid, _BLOCK))))
                      for step in steps]
        self.result_shape, self.flat_shape = result_shape, flat_shape
        self.input_shape, self.where = input_shape, where
        self.out_dtype = reduction.out_dtype
        self.components = reduction.monoid.components

    def __call__(self, arrays, count, scalars, out=None):
        if selection.several:  # the checked launches compare the arrays' devices
            return None
        for array in arrays:
            if (array.__class__ is not CudaArray or not array._c_contiguous
                    or array._buffer is None or array.target != self.where
                    or array._stream not in _DEFAULT_STREAMS):
                return None
        if out is None:
            out = CudaArray._empty(self.result_shape, self.out_dtype, self.where)
        inputs = [(array._pointer, self.input_shape) for array in arrays]
        kept = []  # the partial results, alive until their last reader is launched
        for step, launch in self.steps:
            if step.part_shape is None:
                outputs = [(out._pointer, self.flat_shape)]
            else:
                partials = [CudaArray._empty(step.part_shape, dtype, self.where)
                            for dtype in self.components]
                kept.append(partials)
                outputs = [(partial._pointer, step.part_shape) for partial in partials]
            values = []
            for pointer, extents in outputs + inputs:
                values.append(pointer)
                values += extents
            values += scalars
            values.append(count)
            values += step.extra
            _ffi.check(_ffi.launch_run_unconverted(launch.native(),
                                                   step.kernel._struct.pack(*values)))
            inputs = outputs
        return out


def _new(shape, dtype, where, stream):
    """An uninitialized C-contiguous device array for a result (shapes made here)."""
    if stream == 0:
        return CudaArray._empty(shape, dtype, where)
    return CudaArray.allocate(shape, dtype, target=where, stream=stream)


def _reshaped(array, shape):
    """A C-contiguous array viewed in another shape of as many elements."""
    return array._view(0, shape, _contiguous_strides(shape, array.dtype.itemsize, "C"))


def _items_in_flight(inputs, where, scale=1):
    """Loads per round for each thread (a power of two): `scale` times _BYTES_IN_FLIGHT of the
    inputs on the GPU; four on the CPU target, whose caches hide the latency."""
    size = sum(value.dtype.itemsize for value in inputs if isinstance(value, CudaArray)) or 4
    most = 16 if where == "cuda" else 4
    items = 2
    while items < most and (items * 2) * size <= _BYTES_IN_FLIGHT * scale:
        items *= 2
    return items


def _contiguous_type(dtype, dims):
    """float32[::1], float32[:, ::1], float32[:, :, ::1]."""
    name = _type_text(dtype)
    return f"{name}[{', '.join([':'] * (dims - 1) + ['::1'])}]"


# ---- arrays: which axes, and which layout ------------------------------------------------------


def normalize_axes(axis, ndim, what="axis"):
    """The sorted, distinct axes `axis` names (None: all); AxisError-like ValueError as NumPy's."""
    if axis is None:
        return tuple(range(ndim))
    given = axis if isinstance(axis, tuple) else (axis,)
    axes = []
    for one in given:
        if isinstance(one, bool) or not isinstance(one, (int, np.integer)):
            raise TypeError(f"{what} must be an int, a tuple of ints or None, got "
                            f"{type(one).__name__}")
        if not -ndim <= one < ndim:
            raise np.exceptions.AxisError(int(one), ndim)
        axes.append(int(one) % ndim)
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    return tuple(sorted(axes))


def _views(arrays, axes, where, stream):
    """The arrays (of one shape) as views a reduction kernel reads: (O, R) rows or (O, R, C)
    columns, with the shape; arrays in other layouts are first copied with the reduced axes
    last. The CPU target reads rows as columns of one: a thread per part of a row, whose
    elements are then consecutive in memory."""
    views, problem = _gpu_views(arrays, axes, stream)
    if where != "cuda" and len(problem) == 2:
        return [_reshaped(view, problem + (1,)) for view in views], problem + (1,)
    return views, problem


def _gpu_views(arrays, axes, stream):
    shape = tuple(arrays[0].shape)
    ndim = len(shape)
    consecutive = not axes or axes == tuple(range(axes[0], axes[-1] + 1))
    if consecutive and all(array._c_contiguous for array in arrays):
        low, high = (axes[0], axes[-1] + 1) if axes else (ndim, ndim)
        outer, length, inner = (math.prod(shape[:low]), math.prod(shape[low:high]),
                                math.prod(shape[high:]))
        if inner == 1 and length > 16:
            return [_reshaped(array, (outer, length)) for array in arrays], (outer, length)
        if inner >= _WARP or length <= 16:
            return ([_reshaped(array, (outer, length, inner)) for array in arrays],
                    (outer, length, inner))
    kept = [axis for axis in range(ndim) if axis not in axes]
    order = kept + list(axes)
    outer = math.prod(shape[axis] for axis in kept)
    length = math.prod(shape[axis] for axis in axes)
    copies = []
    for array in arrays:
        moved = array._view(0, tuple(shape[axis] for axis in order),
                            tuple(array.strides[axis] for axis in order))
        copy = CudaArray.allocate(moved.shape, array.dtype, target=array.target, stream=stream)
        converter(array.dtype)(moved, out=copy, stream=stream)
        copies.append(copy.reshape(outer, length))
    if length <= 16:
        return [copy.reshape(outer, length, 1) for copy in copies], (outer, length, 1)
    return copies, (outer, length)


def reduce_arrays(reduction, arrays, axis=None, keepdims=False, scalars=(), stream=0,
                  out=None):
    """The reduction of same-shaped device arrays over `axis`: a device array of the kept
    axes (0-d when every axis is reduced), or `out`, a C-contiguous array of that shape and
    the reduction's dtype on the arrays' target, given to be written."""
    shape = tuple(arrays[0].shape)
    fast_key = None
    if stream == 0 and not isinstance(axis, list):
        # A scalar's NumPy type is its dtype, which types the kernel's parameter.
        fast_key = (shape, tuple(array.dtype for array in arrays), axis, keepdims,
                    tuple(map(type, scalars)))
        fast = reduction._fast.get(fast_key)
        if fast is not None:
            result = fast[0](arrays, fast[1], scalars, out)
            if result is not None:
                return result
    axes = normalize_axes(axis, len(shape))
    where = arrays[0].target
    kept_shape = tuple(extent for axis_, extent in enumerate(shape) if axis_ not in axes)
    result_shape = (tuple(1 if axis_ in axes else extent for axis_, extent in enumerate(shape))
                    if keepdims else kept_shape)
    if out is None:
        out = _new(result_shape, reduction.out_dtype, where, stream)
    length = math.prod(shape[axis_] for axis_ in axes)
    if out.size == 0:
        return out
    if length == 0:
        if reduction.identity is None:
            raise ValueError(reduction.empty_error)
        converter(out.dtype)(reduction.identity, out=out, stream=stream)
        return out
    views, problem = _views(arrays, axes, where, stream)
    columns = len(problem) == 3
    flat_shape = (problem[0], problem[2]) if columns else (problem[0],)
    steps = reduction.run(reduction.array_pass(views, columns), views, scalars, problem,
                          _reshaped(out, flat_shape), where, stream)
    copied = any(view._allocation is not array._allocation
                 for view, array in zip(views, arrays))
    if (fast_key is not None and not copied and arrays[0]._stream in _DEFAULT_STREAMS
            and all(array.__class__ is CudaArray for array in arrays)):
        reduction._fast[fast_key] = (
            _FastReduction(reduction, steps, result_shape, flat_shape, problem, where),
            problem[1])
    return out


_DEFAULT_STREAMS = (0, LEGACY_DEFAULT_STREAM)


# ---- numba's reduce ---------------------------------------------------------------------------


class Reduce:
    """numba's `cuda.reduce` / `cuda.Reduce`: a full reduction with a binary Python function,
    assumed associative and commutative (a sum, a product, max, min):

        @cuda.reduce
        def sum_reduce(a, b):
            return a + b

        total = sum_reduce(array)              # a host or device array
        sum_reduce(array, res=d_result)        # written to d_result[0] on the device
    """

    def __init__(self, functor):
        if not isinstance(functor, FunctionType):
            raise TypeError(f"reduce takes a def function, got {type(functor).__name__}")
        self._functor = functor
        self._name = _source(functor).name
        self.__name__ = getattr(functor, "__name__", "reduce")
        self.__doc__ = functor.__doc__
        self._reductions = {}

    def _reduction(self, dtype):
        found = self._reductions.get(dtype)
        if found is None:
            text = _type_text(dtype)
            found = self._reductions[dtype] = Reduction(
                function_monoid(dtype, self._functor), "",
                lambda elements, index: [f"{text}({elements[0]})"],
                lambda acc: f"{self._name}({acc[0]}, s0)", dtype, identity=0)
        return found

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        """Folds the first `size` elements of the 1-d array `arr` (all by default) and `init`;
        returns the result, or writes it to `res[0]` (a device array) and returns None."""
        device = arr if isinstance(arr, CudaArray) else CudaArray(
            np.ascontiguousarray(arr), target=targets.resolve(None), stream=stream)
        if device.ndim != 1:
            raise ValueError(f"reduce: arr must be 1-d, got {device.ndim} dimensions")
        if size is not None:
            if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not (
                    0 <= size <= device.size):
                raise ValueError(f"reduce: size must be an int from 0 to {device.size}, "
                                 f"got {size!r}")
            device = device[:int(size)]
        if res is not None:
            if not isinstance(res, CudaArray) or res.size < 1:
                raise TypeError("reduce: res= must be a device array of at least one element")
            if res.target != device.target:
                raise TypeError(f"reduce: res= is an array of the {res.target} target, arr of "
                                f"the {device.target} target")
            if res.dtype != device.dtype:
                raise TypeError(f"reduce: res= has dtype {res.dtype} but the reduction of "
                                f"{device.dtype} gives {device.dtype}")
        dtype = device.dtype
        start = _checked_init(init, dtype)
        if device.size == 0:
            result = CudaArray(np.asarray(start).reshape(()), target=device.target,
                               stream=stream)
            if res is None:
                return result.copy_to_host(stream=stream)[()]
            converter(dtype)(result, out=res[:1].reshape(()), stream=stream)
            return None
        if not device.is_c_contiguous():
            device = device.copy()
        if res is not None:
            reduce_arrays(self._reduction(dtype), [device], None, scalars=(start,),
                          stream=stream, out=res[:1].reshape(()))
            return None
        if device.target != "cuda":
            return reduce_arrays(self._reduction(dtype), [device], None, scalars=(start,),
                                 stream=stream).copy_to_host(stream=stream)[()]
        # The last pass writes the result where the host reads it: no copy after the wait.
        host, view = _host_result(dtype)
        reduce_arrays(self._reduction(dtype), [device], None, scalars=(start,), stream=stream,
                      out=view)
        _ffi.check(_ffi.lib.cudapy_stream_synchronize(stream_handle(stream)))
        return host[0]


_HOST_RESULTS = threading.local()


def _host_result(dtype):
    """This thread's element of page-locked memory mapped for the GPU, for a result of `dtype`
    the host reads after its wait: (the host array of one, a 0-d device view of it)."""
    found = getattr(_HOST_RESULTS, "by_dtype", None)
    if found is None:
        found = _HOST_RESULTS.by_dtype = {}
    slot = found.get(dtype)
    if slot is None:
        host = mapped_array((1,), dtype)
        slot = found[dtype] = (host, host.device_view().reshape(()))
    return slot


def _checked_init(init, dtype):
    if init.__class__ is int:  # the usual init=0: converted once per value and dtype
        key = (init, dtype)
        start = _INITS.get(key)
        if start is None:
            start = _INITS[key] = _converted_init(init, dtype)
            if len(_INITS) > 256:
                _INITS.clear()
        return start
    return _converted_init(init, dtype)


_INITS = {}


def _converted_init(init, dtype):
    value = np.asarray(init)
    if value.ndim != 0 or not np.can_cast(np.min_scalar_type(init) if value.dtype.kind in "iub"
                                          else value.dtype, dtype, "same_kind"):
        raise TypeError(f"reduce: init={init!r} does not convert to the array's {dtype}")
    return value.astype(dtype)[()]


# ---- PyCUDA's ReductionKernel ----------------------------------------------------------------


def _neutral(neutral, dtype):
    if isinstance(neutral, str):
        import ast
        try:
            value = ast.literal_eval(neutral.strip())
        except (ValueError, SyntaxError):
            try:
                value = float(neutral)
            except ValueError:
                raise ValueError(f"ReductionKernel: neutral={neutral!r} is not a number") \
                    from None
    else:
        value = neutral
    return np.asarray(value).astype(dtype)[()]


class ReductionKernel:
    """PyCUDA's ReductionKernel with the expressions written in Python:

        dot = ReductionKernel(np.float32, neutral="0", reduce_expr="a+b",
                              map_expr="x[i]*y[i]", arguments="float *x, float *y")
        dot(x, y).get()

    `map_expr` (default: the one array argument's element i) makes each index's value,
    `reduce_expr` combines two values `a` and `b` (assumed associative and commutative), both
    with Python's semantics and typed `dtype_out`; `preamble` holds Python helper functions
    they call. A call reduces over the indices of the first array argument (or of `range=`
    or `slice=`) and returns a 0-d device array (`.get()` reads it); no elements give
    `neutral`. `allocator` is accepted for PyCUDA's sake: memory comes from cudapy's pool."""

    def __init__(self, dtype_out, neutral, reduce_expr, map_expr=None, arguments=None,
                 name="reduce_kernel", keep=False, options=None, preamble="",
                 allocator=None, target=None):
        from .elementwise import _declarations
        if arguments is None:
            raise TypeError("ReductionKernel: arguments= is needed, such as 'float *x'")
        self.name = name
        self.dtype_out = np.dtype(dtype_out)
        self._arguments = _declarations(arguments)
        if map_expr is None:
            arrays = [name_ for name_, _, is_array in self._arguments if is_array]
            if len(self._arguments) != 1:
                raise ValueError("ReductionKernel: map_expr= is needed with several arguments")
            map_expr = f"{arrays[0]}[i]"
        self._neutral = _neutral(neutral, self.dtype_out)
        text = _type_text(self.dtype_out)
        names = ", ".join(name_ for name_, _, _ in self._arguments)
        map_source = f"def cudapy_map(i, {names}):\n    return {text}({map_expr})\n"
        if preamble.strip():
            map_source += "\n" + preamble.strip() + "\n"
        parameters = ", ".join(f"a{k}" for k in range(len(self._arguments)))
        self._reduction = Reduction(
            binary_monoid(self.dtype_out, reduce_expr), map_source,
            lambda elements, index: [f"cudapy_map(s0 + ({index}) * s1, {parameters})"],
            lambda acc: acc[0], self.dtype_out, identity=self._neutral)
        self._target = target

    def __call__(self, *args, stream=None, out=None, allocator=None, range=None, slice=None):
        if len(args) != len(self._arguments):
            raise TypeError(f"{self.name}() takes {len(self._arguments)} arguments but "
                            f"{len(args)} were given")
        devices = [arg for arg in args if isinstance(arg, CudaArray)]
        where = _device_target(devices) if devices else targets.resolve(self._target)
        stream = stream or 0
        values, params = [], []
        for k, (arg, (name, dtype, is_array)) in enumerate(zip(args, self._arguments)):
            if is_array:
                array = arg if isinstance(arg, CudaArray) else CudaArray(
                    np.ascontiguousarray(arg, dtype), target=where, stream=stream)
                if array.dtype != dtype or array.ndim != 1:
                    raise TypeError(f"{self.name}(): argument {name!r} must be a 1-d array of "
                                    f"{dtype}, got {array.ndim}-d of {array.dtype}")
                values.append(array)
                params.append((f"a{k}", f"{_type_text(dtype)}[:]"))
            else:
                values.append(_checked_scalar(arg, dtype))
                params.append((f"a{k}", _type_text(dtype)))
        size = next(value.size for value in values if isinstance(value, CudaArray))
        start, stop, step = index_range(self.name, size, range, slice)
        count = len(builtins.range(start, stop, step))
        result = CudaArray.allocate((), self.dtype_out, target=where, stream=stream)
        if count == 0:
            converter(self.dtype_out)(self._neutral, out=result, stream=stream)
        else:
            reduction = self._reduction

            def load(o, r, c):
                return reduction.map_call(None, r)
            problem, flat = ((1, count), result.reshape(1)) if where == "cuda" else (
                (1, count, 1), result.reshape(1, 1))
            reduction.run((params, load), values, (np.int64(start), np.int64(step)), problem,
                          flat, where, stream)
        if out is not None:
            converter(out.dtype)(result, out=out, stream=stream)
            return out
        return result
