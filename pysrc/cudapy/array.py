"""CudaArray: an n-dimensional array in GPU memory (host memory for the CPU target's kernels),
and the view of other libraries' device arrays through __cuda_array_interface__."""

import ctypes
import functools
import math
import operator
import sys
import weakref

from . import _ffi, targets
from ._devices import device_count
from ._lazy import numpy as np
from .errors import DeviceMemoryError, HostMemoryError
from .stream import LEGACY_DEFAULT_STREAM, Stream, stream_handle
from .types import storage_dtype

# CudaPy's element types for a list: Python floats become float32, ints int32, bools bool.
_LIST_DEFAULTS = {"b": "bool", "i": "int32", "u": "int32", "f": "float32"}
# The element kinds a list may hold for each kind of element type it is converted to.
_CONVERTIBLE_KINDS = {"b": "biu", "i": "biu", "u": "biu", "f": "biuf"}
_KIND_NAMES = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex", "U": "str",
               "S": "bytes"}
_ORDERS = ("C", "F")
# The largest extent, stride or element count (kernels read them as int64), and the largest
# buffer in bytes (PTRDIFF_MAX, the library's max_allocation_bytes).
_MAX_INT64 = 2 ** 63 - 1
_MAX_BYTES = 2 ** 63 - 1


def _describe_elements(values, source):
    if source.dtype.kind in _KIND_NAMES:
        return _KIND_NAMES[source.dtype.kind]
    return ", ".join(sorted({type(value).__name__ for value in values}))


def list_to_array(values, dtype=None):
    """A 1-d NumPy array holding a list's numbers, as `dtype` or else by CudaPy's rules.

    Raises TypeError for elements that would change meaning (floats for an integer type) and
    OverflowError for numbers the element type cannot hold.
    """
    try:
        source = np.asarray(values)
    except ValueError:
        raise ValueError("the list must be flat and hold numbers") from None
    if source.ndim != 1:
        raise ValueError(f"the list must be flat, got {source.ndim} levels of nesting")
    if len(source) == 0:
        return np.empty(0, dtype if dtype is not None else np.float32)
    kind = source.dtype.kind
    if kind == "O" and all(isinstance(value, int) for value in values):
        raise OverflowError("the list holds an integer too large for any element type")
    if dtype is None:
        if kind not in _LIST_DEFAULTS:
            raise TypeError(f"a list of {_describe_elements(values, source)} cannot become a "
                            "CudaArray; it takes bools, ints or floats")
        dtype = np.dtype(_LIST_DEFAULTS[kind])
    elif kind not in _CONVERTIBLE_KINDS[dtype.kind]:
        raise TypeError(f"a list of {_describe_elements(values, source)} cannot be converted "
                        f"to {dtype}")
    if dtype.kind in "iu" and kind in "iu":
        limits = np.iinfo(dtype)
        low, high = int(source.min()), int(source.max())
        if low < limits.min or high > limits.max:
            outside = low if low < limits.min else high
            raise OverflowError(f"the list element {outside} does not fit in {dtype} "
                                f"({limits.min}..{limits.max})")
    with np.errstate(over="ignore"):
        converted = source.astype(dtype)
    if dtype.kind == "f" and np.any(np.isinf(converted) & np.isfinite(source)):
        raise OverflowError(f"the list holds a number too large for {dtype}")
    return converted


def layout_of(c_contiguous, f_contiguous):
    """The cudapy_layout an array of these contiguity flags takes without a copy (C when both)."""
    if c_contiguous:
        return _ffi.Layout.C
    return _ffi.Layout.F if f_contiguous else _ffi.Layout.ANY


def ndarray_layout(array):
    flags = array.flags
    return layout_of(flags.c_contiguous, flags.f_contiguous)


def _contiguity(shape, strides, itemsize):
    """(C-contiguous, Fortran-contiguous) as NumPy's flags say: extents of 1 have any stride,
    and an empty array is both."""
    if 0 in shape:
        return True, True

    def contiguous(pairs):
        expected = itemsize
        for extent, stride in pairs:
            if extent != 1 and stride != expected:
                return False
            expected *= extent
        return True

    pairs = list(zip(shape, strides))
    return contiguous(reversed(pairs)), contiguous(pairs)


def _shape_of(shape, where):
    """A shape tuple from an int or a sequence of ints, each non-negative."""
    items = shape if isinstance(shape, (tuple, list)) else (shape,)
    extents = []
    for item in items:
        if isinstance(item, bool):
            raise TypeError(f"{where}: the shape must hold integers, got bool")
        try:
            extent = operator.index(item)
        except TypeError:
            raise TypeError(f"{where}: the shape must be an integer or a tuple of integers, got "
                            f"{type(item).__name__}") from None
        if extent < 0:
            raise ValueError(f"{where}: the shape must not be negative, got {extent}")
        if extent > _MAX_INT64:
            raise OverflowError(f"{where}: the extent {extent} does not fit in 64 bits")
        extents.append(extent)
    return tuple(extents)


def _memory_error(target, where, shape, dtype, nbytes):
    """The MemoryError for an array of `nbytes` bytes, more than any memory holds."""
    error = HostMemoryError if targets.memory_target(target) == _ffi.Target.CPU else DeviceMemoryError
    return error(f"{where}: an array of shape {tuple(shape)} and dtype {dtype} takes {nbytes} "
                 f"bytes, more than an address space holds ({_MAX_BYTES})")


def _contiguous_strides(shape, itemsize, order):
    strides = []
    step = itemsize
    for extent in (reversed(shape) if order == "C" else shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides)) if order == "C" else tuple(strides)


def _strides_of(strides, shape, itemsize, where):
    """Strides in bytes as given for device_array(): non-negative multiples of the item size."""
    strides = _shape_of(strides, where.replace("shape", "strides"))
    if len(strides) != len(shape):
        raise ValueError(f"{where}: {len(strides)} strides for {len(shape)} dimensions")
    for stride in strides:
        if stride % itemsize:
            raise ValueError(f"{where}: the strides must be multiples of the item size "
                             f"({itemsize} bytes), got {strides}")
    return strides


def _laid_out(shape, dtype, strides, order, where):
    """(shape, strides in bytes) of a new array: `strides` as given and checked, else
    contiguous in `order` ("C" or "F")."""
    shape = _shape_of(shape, where)
    if strides is None:
        if order not in _ORDERS:
            raise ValueError(f"{where}: order must be 'C' or 'F', got {order!r}")
        return shape, _contiguous_strides(shape, dtype.itemsize, order)
    return shape, _strides_of(strides, shape, dtype.itemsize, where)


def _new_buffer(target, span, memory=None):
    """(an _Allocation of `span` bytes in the memory of `target`'s kernels, its address);
    `memory`, when the caller has it, is the target's memory_target."""
    if target == "cuda" and not _ffi.gpu_used:
        _ffi.use_gpu()
    buffer = _ffi.buffer_p()
    # The library gets at least one byte so that empty arrays have a buffer too.
    status = _ffi.lib.cudapy_buffer_new_on(
        targets.memory_target(target) if memory is None else memory, span or 1,
        ctypes.byref(buffer))
    if status:
        _ffi.check(status)
    return _Allocation(buffer), _ffi.lib.cudapy_buffer_pointer(buffer)


# (shape, dtype, target) -> what CudaArray._empty sets besides the address: C strides, span in
# bytes, the C ABI's memory target and the _description.
_C_LAYOUTS = {}
_C_LAYOUTS_KEPT = 1024


def _c_layout(shape, dtype, target):
    strides = _contiguous_strides(shape, dtype.itemsize, "C")
    span = _span(shape, strides, dtype.itemsize)
    if span > _MAX_BYTES or math.prod(shape) > _MAX_INT64:
        raise _memory_error(target, "CudaArray", shape, dtype, span)
    if len(_C_LAYOUTS) >= _C_LAYOUTS_KEPT:
        _C_LAYOUTS.clear()
    memory = targets.memory_target(target)
    layout = _C_LAYOUTS[(shape, dtype, target)] = (
        strides, span, memory, _description(shape, strides, dtype, memory))
    return layout


def _span(shape, strides, itemsize):
    """Bytes from the lowest element to the end of the highest."""
    if 0 in shape:
        return 0
    return itemsize + sum((extent - 1) * abs(stride) for extent, stride in zip(shape, strides))


def _first_byte(shape, strides):
    """Where the lowest element lies, in bytes from element 0: negative strides put elements
    below it (array[::-1] starts at its last byte), else 0."""
    if 0 in shape:
        return 0
    return sum((extent - 1) * stride for extent, stride in zip(shape, strides) if stride < 0)


def _ndarray_to_host(data, dtype):
    """The array as a contiguous ndarray of `dtype`, keeping Fortran order when it has it."""
    host = data if dtype is None else data.astype(dtype, copy=False)
    storage_dtype(host.dtype)
    flags = host.flags
    return host if flags.c_contiguous or flags.f_contiguous else np.ascontiguousarray(host)


_LAUNCH_KEYS = {}


def launch_key(memory, dtype, ndim, layout):
    """The one tuple of each (memory, dtype, ndim, layout): a launch's fast path tells an
    array of its parameter's type by identity, cheaper than comparing tuples."""
    key = (memory, dtype, ndim, layout)
    return _LAUNCH_KEYS.setdefault(key, key)


@functools.lru_cache(maxsize=512)
def _description(shape, strides, dtype, memory):
    """What a launch reads of an array besides its address, the same for every array of one
    shape, strides, dtype and memory: worked out once for the arrays an operation makes."""
    element_strides = tuple(stride // dtype.itemsize for stride in strides)
    c_contiguous, f_contiguous = _contiguity(shape, strides, dtype.itemsize)
    layout = layout_of(c_contiguous, f_contiguous)
    type_key = (dtype, len(shape), layout)
    # What a launch compares with its parameter's to accept the array at once.
    return (element_strides, c_contiguous, f_contiguous, layout, type_key,
            launch_key(memory, *type_key))


class _ArrayView:
    """What a kernel launch reads of an array in the memory of its target: the address, the
    extents and the strides (in elements), packed once as the C ABI lays them out."""

    __slots__ = ()
    readonly = False

    def _describe(self, pointer, shape, strides, dtype, memory, description=None):
        """Sets what launches read; `description`, when the caller has it, is
        _description(shape, strides, dtype, memory)."""
        self._pointer = pointer
        self._shape = shape
        self._strides = strides
        self._dtype = dtype
        (self._element_strides, self._c_contiguous, self._f_contiguous, self._layout,
         self._type_key, self._launch_key) = (
            description or _description(shape, strides, dtype, memory))
        self._packed = (pointer, *shape)
        self._packed_strided = self._packed + self._element_strides


def _release_buffer(buffer, on_release):
    _ffi.lib.cudapy_buffer_delete(buffer)
    if on_release is not None:
        on_release()


class _Allocation(_ffi.Owner):
    """One cudapy_buffer, shared by an array and its views. It is deleted when the last of
    them is collected, or at once by free(), which makes every one of them unusable.
    `on_release` runs after the buffer is deleted (a DLPack import's deleter)."""

    __slots__ = ("buffer", "views")

    def __init__(self, buffer, on_release=None):
        self.buffer = buffer
        self.views = None  # a WeakSet of every array on the buffer, once one has a view
        self._release = (_release_buffer, buffer, (on_release,))  # _own's, inline: per array

    def add_view(self, owner, view):
        if self.views is None:
            self.views = weakref.WeakSet([owner])
        self.views.add(view)

    def free(self, array):
        self.close()
        for user in (self.views or (array,)):
            user._buffer = None
            user._pointer = None


def _index_of(item, extent, axis):
    """A non-negative index from a host-side index (negative ones count from the end)."""
    index = operator.index(item)
    if not -extent <= index < extent:
        raise IndexError(f"index {index} is out of bounds for axis {axis} with size {extent}")
    return index + extent if index < 0 else index


class ArrayFlags:
    """A device array's layout flags, as NumPy's ndarray.flags gives them: by key
    (`flags["C_CONTIGUOUS"]`) or by attribute (`flags.c_contiguous`)."""

    __slots__ = ("c_contiguous", "f_contiguous")
    writeable = True
    aligned = True

    def __init__(self, c_contiguous, f_contiguous):
        self.c_contiguous = c_contiguous
        self.f_contiguous = f_contiguous

    @property
    def contiguous(self):
        """The same as c_contiguous, as NumPy's alias."""
        return self.c_contiguous

    @property
    def fortran(self):
        """F-contiguous and not C-contiguous, as NumPy's FORTRAN flag."""
        return self.f_contiguous and not self.c_contiguous

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "contiguous",
             "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "fortran",
             "WRITEABLE": "writeable", "W": "writeable", "ALIGNED": "aligned", "A": "aligned"}

    def __getitem__(self, key):
        try:
            return getattr(self, self._KEYS[key])
        except KeyError:
            raise KeyError(f"unknown flag {key!r}") from None

    def __repr__(self):
        return "\n".join(f"  {key} : {self[key]}" for key in
                         ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE", "ALIGNED"))


class CudaArray(_ArrayView):
    """An n-dimensional array in GPU memory (host memory for the CPU target's kernels); also
    named DeviceArray.

    CudaArray(list or ndarray) copies the data to the GPU: a list's floats become float32, its
    ints int32 and its bools bool; an ndarray keeps its dtype unless `dtype` is given, and its
    shape and order (C, or Fortran when it is Fortran-contiguous; other arrays are copied in C
    order). The memory is freed when the array and all its views are collected, or at once by
    free() or at the end of a `with` block.

    Basic indexing (`a[2:10]`, `a[:, 0]`, `a[1]` of an n-d array) and reshape() of a
    contiguous array give views that share the memory; indexing every axis with an integer
    copies that element to the host. len() and iteration are refused: they would move one
    element at a time.

    Copies without a stream are synchronous. Given a stream (a cudapy Stream, an int
    cudaStream_t, or CuPy's, PyTorch's or numba's), copy_to_device and copy_to_host are
    ordered on it and return early when the host memory is page-locked (pinned_array):
    synchronize the stream before touching that memory. copy_to_host without `ary` waits for
    its copy before it returns.
    """

    __slots__ = ("target", "_pointer", "_shape", "_strides", "_dtype", "_element_strides",
                 "_c_contiguous", "_f_contiguous", "_layout", "_packed", "_packed_strided",
                 "_type_key", "_launch_key", "_span", "_first", "_buffer", "_allocation", "_offset",
                 "_stream", "_stream_owner", "__weakref__")

    def __init__(self, data, dtype=None, target=None, stream=0):
        self.target = targets.resolve(target)
        dtype = None if dtype is None else storage_dtype(dtype)
        if isinstance(data, np.ndarray):
            host = _ndarray_to_host(data, dtype)
        elif isinstance(data, (list, tuple)):
            host = list_to_array(data, dtype)
        else:
            raise TypeError("CudaArray() takes a list or a NumPy array, got "
                            f"{type(data).__name__}")
        handle = stream_handle(stream, "CudaArray(): the stream")
        self._allocate(host.shape, host.strides, host.dtype, handle)
        self._use_stream(handle, stream)
        self._upload(host, handle)

    @classmethod
    def allocate(cls, shape, dtype, target=None, strides=None, order="C", stream=0):
        """An uninitialized array of `shape` (an int or a tuple) and `dtype` (cp.Int, cp.Float,
        cp.Double, cp.Bool or a NumPy dtype) in the memory of `target`'s kernels, laid out in
        `order` ("C" or "F") or by `strides` in bytes. `stream` becomes the array's stream."""
        where = "CudaArray.allocate()"
        dtype = storage_dtype(dtype)
        shape, strides = _laid_out(shape, dtype, strides, order, where)
        array = cls.__new__(cls)
        array.target = targets.resolve(target)
        handle = stream_handle(stream, f"{where}: the stream")
        array._allocate(shape, strides, dtype, handle, where)
        array._use_stream(handle, stream)
        return array

    @classmethod
    def _empty(cls, shape, dtype, target):
        """An uninitialized C-ordered array of a shape (a tuple of ints) and dtype that the
        caller made itself, on the default stream: allocate() without its checks, for the
        results of array operations, which make one per call (so its layout is worked out
        once per shape and dtype)."""
        layout = _C_LAYOUTS.get((shape, dtype, target))
        if layout is None:
            layout = _c_layout(shape, dtype, target)
        strides, span, memory, description = layout
        array = cls.__new__(cls)
        array.target = target
        allocation, pointer = _new_buffer(target, span, memory)
        array._adopt(allocation, pointer, 0, shape, strides, dtype, 0, span, memory, description)
        return array

    def _allocate(self, shape, strides, dtype, stream=0, where="CudaArray"):
        span = _span(shape, strides, dtype.itemsize)
        # Checked here, as ctypes would pass the size on cut to its low 64 bits.
        if span > _MAX_BYTES or math.prod(shape) > _MAX_INT64:
            raise _memory_error(self.target, where, shape, dtype, span)
        allocation, pointer = _new_buffer(self.target, span)
        self._adopt(allocation, pointer, 0, tuple(shape), tuple(strides), dtype, stream, span)

    def _adopt(self, allocation, pointer, offset, shape, strides, dtype, stream, span=None,
               memory=None, description=None):
        """Places the array's element 0 at `offset` bytes into `allocation`'s buffer; `span`,
        `memory` and `description`, when the caller knows them, save working them out (a
        caller giving `span` lays the array out with non-negative strides)."""
        self._allocation = allocation
        self._buffer = allocation.buffer
        self._offset = offset
        self._first = _first_byte(shape, strides) if span is None else 0
        self._stream = stream
        self._stream_owner = None
        self._span = _span(shape, strides, dtype.itemsize) if span is None else span
        self._describe(pointer, shape, strides, dtype,
                       targets.memory_target(self.target) if memory is None else memory,
                       description)

    def _live_buffer(self):
        if self._buffer is None:
            raise ValueError("this CudaArray was freed")
        return self._buffer

    # ---- views ---------------------------------------------------------------------------

    def _view(self, delta, shape, strides, dtype=None):
        """A CudaArray sharing this array's memory, `delta` bytes further on."""
        self._live_buffer()
        view = type(self).__new__(type(self))  # a subclass's views are of the subclass
        view.target = self.target
        self._allocation.add_view(self, view)
        view._adopt(self._allocation, self._pointer + delta, self._offset + delta, shape,
                    strides, self._dtype if dtype is None else dtype, self._stream)
        view._stream_owner = self._stream_owner
        if dtype is not None and (any(stride % dtype.itemsize for stride in strides)
                                  or view._pointer % dtype.alignment):
            view._launch_key = None  # no kernel takes it as it is: see _check_device_array
        return view

    def __getitem__(self, key):
        """A view for basic indexing (integers, slices of any step, `...`); the element
        itself, copied to the host, when every axis is indexed by an integer. A field's name
        gives the view of that field of an array of records, as NumPy's `a['x']`."""
        if key.__class__ is str:
            return self._field(key)
        view = self._basic_view(key)
        return view.copy_to_host()[()] if not view._shape else view

    def _field(self, name):
        """The view of the field `name` of an array of records: its elements, with a field
        that is an array adding its dimensions after the array's."""
        fields = self._dtype.fields
        if fields is None or name not in fields:
            raise ValueError(f"no field of name {name}" if fields is not None else
                             f"an array of {self._dtype} has no fields, so not {name!r}")
        field_dtype, offset = fields[name][:2]
        element, extents = (field_dtype.subdtype if field_dtype.subdtype is not None
                            else (field_dtype, ()))
        strides = self._strides + _contiguous_strides(extents, element.itemsize, "C")
        return self._view(offset, self._shape + tuple(extents), strides, element)

    def _complex_parts(self):
        """A view of a complex array as its parts: a last dimension of two floats."""
        part = self._dtype.itemsize // 2
        return self._view(0, self._shape + (2,), self._strides + (part,),
                          np.dtype(f"f{part}"))

    def _basic_view(self, key):
        """The view basic indexing selects: 0-d when every axis is indexed by an integer."""
        items = key if isinstance(key, tuple) else (key,)
        if any(item is Ellipsis for item in items):
            if sum(item is Ellipsis for item in items) > 1:
                raise IndexError("an index can only have a single ellipsis ('...')")
            at = next(index for index, item in enumerate(items) if item is Ellipsis)
            fill = (slice(None),) * (self.ndim - len(items) + 1)
            items = items[:at] + fill + items[at + 1:]
        if len(items) > self.ndim:
            raise IndexError(f"too many indices for a {self.ndim}-d CudaArray: {len(items)}")
        delta, shape, strides = 0, [], []
        for axis, item in enumerate(items):
            extent, stride = self._shape[axis], self._strides[axis]
            if isinstance(item, slice):
                start, stop, step = item.indices(extent)
                count = len(range(start, stop, step))
                delta += start * stride if count else 0
                shape.append(count)
                strides.append(stride * step if count else stride)  # NumPy's, for empty
            elif isinstance(item, bool) or item is None:
                raise IndexError(f"CudaArray indices must be integers, slices or '...', got "
                                 f"{item!r} on axis {axis}")
            else:
                try:
                    delta += _index_of(item, extent, axis) * stride
                except TypeError:
                    raise IndexError("CudaArray indices must be integers, slices or '...', got "
                                     f"{type(item).__name__} on axis {axis}") from None
        shape += self._shape[len(items):]
        strides += self._strides[len(items):]
        return self._view(delta, tuple(shape), tuple(strides))

    def reshape(self, *shape, order="C"):
        """A view of a contiguous array with another shape (one extent may be -1)."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        if order not in _ORDERS:
            raise ValueError(f"reshape(): order must be 'C' or 'F', got {order!r}")
        extents = []
        for item in shape:
            if isinstance(item, bool):
                raise TypeError("reshape(): the shape must hold integers, got bool")
            try:
                extents.append(operator.index(item))
            except TypeError:
                raise TypeError("reshape(): the shape must hold integers, got "
                                f"{type(item).__name__}") from None
        unknown = [index for index, extent in enumerate(extents) if extent == -1]
        if len(unknown) > 1 or any(extent < -1 for extent in extents):
            raise ValueError(f"reshape(): bad shape {tuple(extents)}: extents must be "
                             "non-negative, with at most one -1")
        known = math.prod(extent for extent in extents if extent != -1)
        if unknown:
            if known == 0 or self.size % known:
                raise ValueError(f"reshape(): cannot reshape {self.size} elements into "
                                 f"{tuple(extents)}")
            extents[unknown[0]] = self.size // known
        if math.prod(extents) != self.size:
            raise ValueError(f"reshape(): cannot reshape {self.size} elements of shape "
                             f"{self._shape} into {tuple(extents)}")
        contiguous = self._c_contiguous if order == "C" else self._f_contiguous
        if not contiguous:
            raise ValueError(f"reshape(): the array is not {order}-contiguous, and a reshape "
                             "that needs a copy is not done implicitly; copy it first")
        strides = _contiguous_strides(extents, self._dtype.itemsize, order)
        return self._view(0, tuple(extents), strides)

    def view(self, dtype):
        """The same memory read as `dtype`, as NumPy's and numba's view(dtype): an item size
        that differs scales the last axis, which must then be contiguous (a complex64 array of
        shape (n,) is a float32 array of shape (2 * n,))."""
        dtype = storage_dtype(dtype)
        old, new = self._dtype.itemsize, dtype.itemsize
        if old == new:
            return self._view(0, self._shape, self._strides, dtype)
        if not self._shape or self._strides[-1] != old:
            raise ValueError(f"view(): a {self._dtype.name} array becomes {dtype.name} only when "
                             "its last axis is contiguous")
        if (self._shape[-1] * old) % new:
            raise ValueError(f"view(): the last axis of {self._shape[-1]} {self._dtype.name} "
                             f"values does not hold a whole number of {dtype.name} values")
        shape = self._shape[:-1] + (self._shape[-1] * old // new,)
        return self._view(0, shape, self._strides[:-1] + (new,), dtype)

    def ravel(self, order="C"):
        """A 1-d view of a contiguous array."""
        return self.reshape(-1, order=order)

    def transpose(self, *axes):
        """A view with the axes in the order `axes` gives (reversed when none are given), as
        NumPy's transpose; no copy."""
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        ndim = len(self._shape)
        if not axes:
            axes = tuple(range(ndim - 1, -1, -1))
        try:
            order = [operator.index(axis) for axis in axes]
        except TypeError:
            raise TypeError("transpose(): the axes must be integers") from None
        if len(order) != ndim or sorted(axis % ndim for axis in order if -ndim <= axis < ndim) \
                != list(range(ndim)):
            raise ValueError(f"transpose(): axes {tuple(axes)} are not a permutation of the "
                             f"{ndim} axes")
        order = [axis % ndim for axis in order]
        return self._view(0, tuple(self._shape[axis] for axis in order),
                          tuple(self._strides[axis] for axis in order))

    @property
    def T(self):
        """The transposed view (axes reversed)."""
        return self.transpose()

    def __len__(self):
        raise TypeError("len() of a CudaArray is refused, as iteration is: use a.shape[0] "
                        "(or a.length)")

    def __bool__(self):
        """The truth of a one-element array (a copy of it to the host), as NumPy's; any other
        size is ambiguous: `if a == b:` wants (a == b).all() or .any() on the host."""
        if self.size != 1:
            raise ValueError(f"the truth value of a CudaArray of {self.size} elements is "
                             "ambiguous; compare on the host with np.asarray(a).any() or .all()")
        return bool(self.copy_to_host().reshape(-1)[0])

    def __iter__(self):
        raise TypeError("a CudaArray cannot be iterated: each element would be a copy from "
                        "the device; copy it to the host first (a.copy_to_host())")

    # ---- copies --------------------------------------------------------------------------

    @property
    def _contiguous(self):
        """Whether the memory holds the elements in C or Fortran order, without gaps."""
        return self._layout != _ffi.Layout.ANY

    def _elements_of(self, image):
        """The array's elements in `image`, bytes laid out as the array's memory from its
        lowest element on."""
        return np.ndarray(self._shape, self._dtype, buffer=image, offset=-self._first,
                          strides=self._strides)

    def _wait(self, stream):
        """Waits for `stream` when the array's memory is the GPU's."""
        if stream and self._launch_key[0] == _ffi.Target.CUDA:
            _ffi.check(_ffi.lib.cudapy_stream_synchronize(stream))

    def _write_span(self, image, stream):
        """Copies `image` (a contiguous ndarray of the array's span) into the array's memory."""
        if image.nbytes:
            if stream:
                _ffi.check(_ffi.lib.cudapy_buffer_upload_async(
                    self._live_buffer(), self._offset + self._first, image.ctypes.data,
                    image.nbytes, stream))
            else:
                _ffi.check(_ffi.lib.cudapy_buffer_upload(
                    self._live_buffer(), self._offset + self._first, image.ctypes.data,
                    image.nbytes))

    def _download_into(self, host, stream=0):
        """Copies the array's memory into `host`, a contiguous ndarray of the same layout."""
        if host.nbytes:
            if stream:
                _ffi.check(_ffi.lib.cudapy_buffer_download_async(
                    self._live_buffer(), self._offset + self._first, host.ctypes.data,
                    host.nbytes, stream))
            else:
                _ffi.check(_ffi.lib.cudapy_buffer_download(
                    self._live_buffer(), self._offset + self._first, host.ctypes.data,
                    host.nbytes))

    def _upload(self, host, stream=0):
        """Copies `host`, an ndarray of this array's shape and dtype, into the array."""
        if self._contiguous:
            self._write_span(np.asfortranarray(host) if self._layout == _ffi.Layout.F
                             else np.ascontiguousarray(host), stream)
            return
        # The gaps between the elements may belong to other views: read, change, write back.
        image = np.empty(self._span, np.uint8)
        self._download_into(image, stream)
        self._wait(stream)
        self._elements_of(image)[...] = host
        self._write_span(image, stream)

    def _use_stream(self, handle, owner):
        """Makes `handle` the array's stream; `owner`, the object it came from (a Stream that
        destroys its stream when collected), lives as long as the array uses it."""
        self._stream = handle
        self._stream_owner = owner

    def free(self):
        """Frees the memory now; the array, the array it is a view of and all their views
        cannot be used afterwards."""
        self._allocation.free(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.free()
        return False

    def copy_to_host(self, ary=None, stream=0):
        """A NumPy array holding a copy of the data, with this array's strides; or the data
        copied into `ary`, an ndarray of the same shape and dtype, which is returned. With a
        stream the copy is ordered on it: into `ary` it may still run when this returns
        (synchronize the stream before reading `ary`); without `ary` it is done on return."""
        owner, stream = stream, stream_handle(stream, "copy_to_host(): the stream")
        self._live_buffer()
        if ary is not None:
            self._check_host_array(ary, "copy_to_host()", "ary")
            if not ary.flags.writeable:
                raise ValueError("copy_to_host(): ary is read-only")
        self._use_stream(stream, owner)
        if self._contiguous:
            order = "F" if self._layout == _ffi.Layout.F else "C"
            if ary is not None and ary.flags[f"{order}_CONTIGUOUS"]:
                self._download_into(ary, stream)
                return ary
            host = np.empty(self._shape, self._dtype, order=order)
            self._download_into(host, stream)
        else:
            image = np.empty(self._span, np.uint8)
            self._download_into(image, stream)
            host = self._elements_of(image)
        self._wait(stream)
        if ary is None:
            return host
        ary[...] = host
        return ary

    def copy_to_device(self, host, stream=0):
        """Copies `host` (an ndarray, or a CudaArray, of this array's shape and dtype) into the
        array, ordered on `stream` when one is given. From another CudaArray of the same
        target and layout the copy stays on the device."""
        owner, stream = stream, stream_handle(stream, "copy_to_device(): the stream")
        if isinstance(host, CudaArray):
            self._check_host_array(host, "copy_to_device()", "the source", CudaArray)
            if (host._launch_key == self._launch_key and self._contiguous
                    and host._strides == self._strides):
                if host._span:
                    _ffi.check(_ffi.lib.cudapy_buffer_copy(
                        self._live_buffer(), self._offset, host._live_buffer(), host._offset,
                        host._span, stream))
                self._use_stream(stream, owner)
                return
            host = host.copy_to_host(stream=stream)
        self._check_host_array(host, "copy_to_device()", "the source")
        self._use_stream(stream, owner)
        self._upload(host, stream)

    def _check_host_array(self, host, where, what, kind=None):
        if not isinstance(host, np.ndarray if kind is None else kind):
            raise TypeError(f"{where}: {what} must be a NumPy array, got {type(host).__name__}")
        if host.shape != self._shape:
            raise ValueError(f"{where}: {what} has shape {host.shape}, the CudaArray "
                             f"{self._shape}")
        if host.dtype != self._dtype:
            raise TypeError(f"{where}: {what} holds {host.dtype}, the CudaArray {self._dtype}")

    def toHost(self):
        """A NumPy array holding a copy of the data."""
        return self.copy_to_host()

    def get(self, stream=None):
        """A NumPy array holding a copy of the data (CuPy's name)."""
        return self.copy_to_host(stream=stream)

    def toList(self):
        """A (nested) list of Python numbers holding a copy of the data."""
        return self.copy_to_host().tolist()

    @property
    def device_ctypes_pointer(self):
        """The address of the first element as a ctypes.c_void_p (numba's), for C functions
        that take the memory; None's value for an empty array."""
        return ctypes.c_void_p(self._pointer if self.size else None)

    def is_c_contiguous(self):
        """Whether the elements are contiguous in C (row-major) order."""
        return self._c_contiguous

    def is_f_contiguous(self):
        """Whether the elements are contiguous in Fortran (column-major) order."""
        return self._f_contiguous

    @property
    def flags(self):
        """NumPy's flags of the layout, read as `a.flags["C_CONTIGUOUS"]` or
        `a.flags.c_contiguous` (C_CONTIGUOUS, F_CONTIGUOUS, WRITEABLE, ALIGNED)."""
        return ArrayFlags(self._c_contiguous, self._f_contiguous)

    @property
    def dtype(self):
        """The NumPy dtype of the elements."""
        return self._dtype

    @property
    def shape(self):
        """The extent of each dimension, a tuple of ints."""
        return self._shape

    @property
    def strides(self):
        """Bytes from one element to the next along each dimension, as NumPy's."""
        return self._strides

    @property
    def ndim(self):
        """The number of dimensions."""
        return len(self._shape)

    @property
    def size(self):
        """The number of elements."""
        return math.prod(self._shape)

    @property
    def nbytes(self):
        """The bytes the elements take: size times the dtype's itemsize."""
        return self.size * self._dtype.itemsize

    @property
    def length(self):
        """The extent of the first axis (CudaPy's name)."""
        if not self._shape:
            raise TypeError("a 0-d CudaArray has no length")
        return self._shape[0]

    @property
    def pointer(self):
        """The device address of the first element."""
        self._live_buffer()
        return self._pointer

    @property
    def stream(self):
        """The stream the array was last copied on, or created with, as numba's arrays give it:
        0 for the legacy default stream, else a Stream (the one given, or an external Stream
        of the handle); what __cuda_array_interface__ and __dlpack__ order against."""
        if not self._stream:
            return 0
        if isinstance(self._stream_owner, Stream):
            return self._stream_owner
        return Stream(self._stream)

    @property
    def alloc_size(self):
        """The bytes the array's elements span in memory, from the lowest to the end of the
        highest (numba's alloc_size)."""
        return self._span

    @property
    def __cuda_array_interface__(self):
        """The CUDA Array Interface (version 3), for arrays in GPU memory only. Its stream is
        the array's (1, the legacy default stream, unless it was used on another)."""
        if self.target != "cuda":
            raise AttributeError(f"a CudaArray of the {self.target} target lives in host "
                                 "memory and has no __cuda_array_interface__")
        pointer = self.pointer
        _ffi.share_memory()
        return {"shape": self._shape,
                "strides": None if self._c_contiguous else self._strides,
                "typestr": self._dtype.str, "version": 3,
                # The protocol's address of an array without elements is 0.
                "data": (pointer if self._span else 0, False),
                "stream": self._stream or LEGACY_DEFAULT_STREAM}

    @property
    def device(self):
        """The Device the array lies on: its GPU, or the CPU target's simulated device."""
        from ._devices import Device
        return Device(_ffi.lib.cudapy_buffer_device(self._live_buffer()), self.target)

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule of the array, without a copy. `stream` is the consumer's (None or 1:
        the legacy default stream, 2: the per-thread one, -1: no ordering); its later work
        waits for the array's stream."""
        from . import dlpack
        if self.target == "cuda":
            _ffi.share_memory()
        return dlpack.export(self, stream, dl_device, copy)

    def __dlpack_device__(self):
        """(kDLCUDA, the GPU's ordinal) for GPU memory, (kDLCPU, 0) for host memory."""
        from . import dlpack
        return dlpack.device_of(self)

    def __array__(self, dtype=None, copy=None):
        """The values as a NumPy array: a copy to the host (np.asarray(d), np.array(d))."""
        if copy is False:
            raise ValueError("a CudaArray cannot be viewed as a NumPy array without a copy")
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype, copy=False)

    def __repr__(self):
        if self._buffer is None:
            return f"CudaArray(shape={self._shape}, dtype={self._dtype}, freed)"
        values = np.array2string(self.copy_to_host(), separator=", ", prefix="CudaArray(")
        return f"CudaArray({values}, dtype={self._dtype})"


DeviceArray = CudaArray


class ForeignArray(_ArrayView):
    """Another library's GPU array (CuPy, PyTorch, numba), read through its
    __cuda_array_interface__ at the launch it is passed to."""

    __slots__ = ("target", "_pointer", "_shape", "_strides", "_dtype", "_element_strides",
                 "_c_contiguous", "_f_contiguous", "_layout", "_packed", "_packed_strided",
                 "_type_key", "_launch_key", "_buffer", "readonly", "producer_stream")

    def __init__(self, owner, interface):
        self.target = "cuda"
        self._buffer = owner  # keeps the memory alive for the launch
        dtype = np.dtype(interface["typestr"])
        shape = tuple(interface["shape"])
        strides = interface.get("strides")
        if strides is None:
            strides = _contiguous_strides(shape, dtype.itemsize, "C")
        if interface.get("mask") is not None:
            raise TypeError("arrays with a mask cannot be passed to kernels")
        for stride in strides:
            if stride % dtype.itemsize:
                raise ValueError(f"the array's strides {tuple(strides)} are not multiples of "
                                 f"its item size ({dtype.itemsize} bytes)")
        pointer, self.readonly = interface["data"]
        self._describe(pointer, shape, tuple(strides), dtype, _ffi.Target.CUDA)
        # The interface's stream (0 is not allowed; None: nothing to order) may still be
        # writing the array: a launch waits for it (order_after), as the interface asks.
        producer = interface.get("stream")
        self.producer_stream = (None if producer is None or producer == 0
                                else stream_handle(producer, "the __cuda_array_interface__ stream"))


def from_cuda_array_interface(interface, owner=None, sync=True):
    """A CudaArray over the GPU memory an array interface describes (a
    __cuda_array_interface__ dict), sharing it: nothing is copied, and `owner` (the object
    that owns the memory) is kept alive while the array or a view of it is. With `sync`, the
    interface's stream is waited for first, as the protocol asks of a consumer."""
    described = ForeignArray(owner, interface)
    if described.readonly:
        raise TypeError("a read-only GPU array has no CudaArray view (CudaArrays are writable); "
                        "pass the array itself to kernels, which refuse to store into it")
    array = _over_memory(described._pointer, described._shape, described._strides,
                         described._dtype, owner)
    if described.producer_stream is not None:
        # The producer's stream becomes the array's, as numba's consumers take it; the legacy
        # default stream by its own handle (1) is stream 0, where cudapy's work goes anyway.
        producer = Stream(described.producer_stream)
        if sync:
            producer.synchronize()
        if described.producer_stream != LEGACY_DEFAULT_STREAM:
            array._use_stream(described.producer_stream, producer)
    return array


def _over_memory(pointer, shape, strides, dtype, owner):
    """A CudaArray of the cuda target over memory at `pointer` that kernels can address and
    that `owner` keeps alive (the array keeps `owner`)."""
    buffer = _ffi.buffer_p()
    span = _span(shape, strides, dtype.itemsize)
    first = _first_byte(shape, strides)  # the buffer starts at the lowest element
    # An array without elements may lie at address 0, as the array interface gives it.
    _ffi.check(_ffi.lib.cudapy_buffer_wrap(_ffi.Target.CUDA, ctypes.c_void_p(pointer + first),
                                           max(span, 1) if pointer else span,
                                           ctypes.byref(buffer)))
    array = CudaArray.__new__(CudaArray)
    array.target = "cuda"
    array._adopt(_Allocation(buffer, lambda: owner), pointer, -first, shape, strides, dtype, 0)
    return array


def as_device_array(value):
    """`value` as a CudaArray when it is another library's GPU array (an object with
    __cuda_array_interface__, viewed without a copy), else `value` itself."""
    if value.__class__ is CudaArray or isinstance(value, (CudaArray, np.ndarray)):
        return value
    interface = getattr(value, "__cuda_array_interface__", None)
    return value if interface is None else from_cuda_array_interface(interface, owner=value)


def foreign_array(value):
    """A ForeignArray for an object with __cuda_array_interface__, else None."""
    interface = getattr(value, "__cuda_array_interface__", None)
    return None if interface is None else ForeignArray(value, interface)


# ---- fast reading of CuPy arrays and PyTorch tensors at a launch ----------------------------

# PyTorch's dtypes that its __cuda_array_interface__ exports, by name, as NumPy's.
_TORCH_DTYPES = {"torch.float16": "float16", "torch.float32": "float32",
                 "torch.float64": "float64", "torch.uint8": "uint8", "torch.int8": "int8",
                 "torch.int16": "int16", "torch.int32": "int32", "torch.int64": "int64"}
_CACHED_SHAPES = 64  # contiguous strides kept per reader; more shapes start over


def _array_library(cls):
    """"cupy" for cupy.ndarray, "torch" for torch.Tensor (exactly: subclasses may override
    what their interface exports), else None. Read from the class: neither is imported here."""
    library = cls.__module__.partition(".")[0]
    if (library, cls.__name__) in (("cupy", "ndarray"), ("torch", "Tensor")):
        return library
    return None


def foreign_type_key(value):
    """The _type_key a ForeignArray of `value` would have, read from a CuPy array's or a
    PyTorch tensor's attributes without building its interface; None for anything else, and
    for tensors a ForeignArray would refuse or that are not C-contiguous."""
    library = _array_library(value.__class__)
    if library == "cupy":
        flags = value.flags
        return value.dtype, value.ndim, layout_of(flags.c_contiguous, flags.f_contiguous)
    if library == "torch":
        name = _TORCH_DTYPES.get(str(value.dtype))
        if (name is None or value.requires_grad or not value.is_cuda or value.is_sparse
                or not value.is_contiguous()):
            return None
        return np.dtype(name), value.dim(), _ffi.Layout.C
    return None


def _cupy_current_stream():
    """CuPy's function giving its current stream, or None when CuPy is not what it seems."""
    cuda = getattr(sys.modules.get("cupy"), "cuda", None)
    return getattr(cuda, "get_current_stream", None)


def cupy_interop():
    """(cupy.ndarray, cupy.cuda.get_current_stream) once CuPy has been imported, else None:
    what launches read CuPy arrays and their stream with."""
    ndarray = getattr(sys.modules.get("cupy"), "ndarray", None)
    current_stream = _cupy_current_stream()
    if (not isinstance(ndarray, type) or _array_library(ndarray) != "cupy"
            or current_stream is None):
        return None
    return ndarray, current_stream


def torch_interop():
    """(torch.Tensor, {NumPy dtype name: torch.dtype}) once PyTorch has been imported, else
    None: what launches read PyTorch tensors with."""
    torch = sys.modules.get("torch")
    tensor = getattr(torch, "Tensor", None)
    if not isinstance(tensor, type) or _array_library(tensor) != "torch":
        return None
    dtypes = {}
    for torch_name, name in _TORCH_DTYPES.items():
        dtype = getattr(torch, torch_name.partition(".")[2], None)
        if dtype is not None and str(dtype) == torch_name:
            dtypes[name] = dtype
    return tensor, dtypes


def _is_legacy_default(stream):
    return stream == 0 or stream == LEGACY_DEFAULT_STREAM


def order_after(producer, launch_stream):
    """Makes the work queued on `launch_stream` from now on wait, on the GPU, for the work on
    `producer` (another library's stream that may still be writing an array; None: none)."""
    if producer is None or producer == launch_stream or (
            _is_legacy_default(producer) and _is_legacy_default(launch_stream)):
        return
    _ffi.check(_ffi.lib.cudapy_stream_wait_stream(launch_stream, producer))


def foreign_reader(dtype, ndim, strided):
    """A function (value, launch_stream) giving the packed words of a CuPy array or a PyTorch
    tensor for an array parameter of `dtype` and `ndim` (`strided`: the parameter takes the
    strides too), read from the array's own attributes, which costs a fraction of building
    its __cuda_array_interface__. It answers None for every other value and for anything
    unusual (another dtype or rank, not C-contiguous, empty, a tensor that requires grad or
    lives on the host): those take the ForeignArray path, which raises the errors.

    Only C-contiguous arrays are read (as NumPy's flags say: extents of 1 may have any
    stride), so the words are those ForeignArray packs. As for a ForeignArray,
    the launch waits on the GPU for the stream CuPy exports (its current one) unless it is
    queued on that stream behind the array's work; PyTorch exports none."""
    itemsize = dtype.itemsize
    libraries = {}  # class -> "cupy", "torch" or None
    torch_dtype_matches = {}  # torch.dtype -> whether it is `dtype`
    byte_strides = {}  # shape -> C-contiguous strides in bytes (None: an empty shape)
    element_strides = {}  # the same in elements, as PyTorch's stride() gives them
    current_stream = []  # CuPy's get_current_stream, found at its first array

    def contiguous_strides(shape, cache, step):
        if len(cache) >= _CACHED_SHAPES:
            cache.clear()
        strides = None if 0 in shape else _contiguous_strides(shape, step, "C")
        cache[shape] = strides
        return strides

    def read(value, launch_stream):
        cls = value.__class__
        library = libraries.get(cls, False)
        if library is False:
            library = libraries[cls] = _array_library(cls)
        if library == "cupy":
            if value.dtype is not dtype and value.dtype != dtype:
                return None
            if ndim == 1:  # the extent is the size: no shape tuple to build
                if value.ndim != 1:
                    return None
                shape = (value.size,)
                if not shape[0]:
                    return None
            else:
                shape = value.shape
                if len(shape) != ndim or not value.size:
                    return None
            try:
                contiguous = value._c_contiguous  # a flag of CuPy's ndarray, read in one step
            except AttributeError:
                expected = byte_strides.get(shape, False)
                if expected is False:
                    expected = contiguous_strides(shape, byte_strides, itemsize)
                contiguous = value.strides == expected
            if not contiguous:
                return None
            if not current_stream:
                current_stream.append(_cupy_current_stream())
            if current_stream[0] is None:
                return None
            producer = current_stream[0]().ptr
            if producer != launch_stream:
                order_after(producer or LEGACY_DEFAULT_STREAM, launch_stream)
            words = (value.data.ptr, *shape)
        elif library == "torch":
            # The first test reads a dict: whether a torch.dtype is the parameter's.
            matches = torch_dtype_matches.get(value.dtype)
            if matches is None:
                name = _TORCH_DTYPES.get(str(value.dtype))
                matches = torch_dtype_matches[value.dtype] = (name is not None
                                                              and np.dtype(name) == dtype)
            try:  # a sparse tensor has no is_contiguous(): the ForeignArray path refuses it
                if (not matches or not value.is_cuda or value.requires_grad
                        or not value.is_contiguous()):
                    return None
            except RuntimeError:
                return None
            shape = value.shape
            if len(shape) != ndim or 0 in shape:
                return None
            if strided:  # PyTorch counts strides in elements, as the kernel does
                return (value.data_ptr(), *shape, *value.stride())
            return (value.data_ptr(), *shape)
        else:
            return None
        if strided:
            strides = element_strides.get(shape, False)
            if strides is False:
                strides = contiguous_strides(shape, element_strides, 1)
            return words + strides
        return words

    return read


# ---- making arrays -------------------------------------------------------------------------

def to_device(obj, stream=None, target=None, device=None):
    """A CudaArray holding a copy of `obj` (a NumPy array, a list, anything np.asarray takes,
    or a CudaArray), in the memory of `target`'s kernels on `device` (an ordinal or a Device;
    the current one unless given); the copy is ordered on `stream` when one is given (see
    CudaArray). From a CudaArray the copy stays on the GPUs: between two it goes directly where
    they reach each other, else through the host."""
    if device is not None:
        from ._devices import Device
        if not isinstance(device, Device):
            device = Device(device, target if target is not None
                            else obj.target if isinstance(obj, CudaArray) else None)
        with device:
            return to_device(obj, stream, target)
    if isinstance(obj, CudaArray) and (target is None or targets.resolve(target) == obj.target):
        copy = CudaArray.allocate(obj.shape, obj.dtype, target=obj.target, stream=stream,
                                  strides=obj._strides if obj._contiguous else None)
        copy.copy_to_device(obj, stream=stream)
        return copy
    host = obj if isinstance(obj, np.ndarray) else np.asarray(obj)
    return CudaArray(host, target=target, stream=stream)


def device_array(shape, dtype="float64", order="C", stream=None, target=None):
    """An uninitialized CudaArray of `shape` and `dtype`, in C or Fortran `order`."""
    return CudaArray.allocate(shape, dtype, target=target, order=order, stream=stream)


def empty(shape, dtype="float64", order="C", stream=None, target=None):
    """An uninitialized CudaArray (NumPy's name; float64 by default, as NumPy's)."""
    return device_array(shape, dtype, order, stream, target)


def zeros(shape, dtype="float64", order="C", stream=None, target=None):
    """A CudaArray of zeros."""
    array = device_array(shape, dtype, order, stream, target)
    array.copy_to_device(np.zeros(array.shape, array.dtype, order=order), stream=stream)
    return array


def _like(prototype, dtype, target):
    """The shape, dtype, order and target of an array made like `prototype` (a CudaArray or a
    NumPy array)."""
    if isinstance(prototype, CudaArray):
        fortran = prototype.is_f_contiguous() and not prototype.is_c_contiguous()
        target = prototype.target if target is None else target
    elif isinstance(prototype, np.ndarray):
        fortran = prototype.flags.f_contiguous and not prototype.flags.c_contiguous
    else:
        raise TypeError("takes a CudaArray or a NumPy array as its prototype, got "
                        f"{type(prototype).__name__}")
    return (prototype.shape, prototype.dtype if dtype is None else dtype,
            "F" if fortran else "C", target)


def empty_like(prototype, dtype=None, stream=None, target=None):
    """An uninitialized CudaArray of the shape, dtype and order of `prototype` (a CudaArray,
    whose target it takes unless told, or a NumPy array)."""
    shape, dtype, order, target = _like(prototype, dtype, target)
    return empty(shape, dtype, order, stream, target)


def zeros_like(prototype, dtype=None, stream=None, target=None):
    """A CudaArray of zeros of the shape, dtype and order of `prototype`."""
    shape, dtype, order, target = _like(prototype, dtype, target)
    return zeros(shape, dtype, order, stream, target)


def pinned_array(shape, dtype="float64", order="C", strides=None):
    """An uninitialized NumPy array in page-locked host memory, which copies with a stream do
    not wait for; freed when it (and every view of it) is collected. `strides` in bytes lay it
    out instead of `order`. Without a GPU there is nothing to pin for, and it is an ordinary
    NumPy array."""
    if strides is not None:
        return _strided_pinned(shape, dtype, strides)
    shape = _shape_of(shape, "pinned_array()")
    dtype = np.dtype(dtype)
    if order not in _ORDERS:
        raise ValueError(f"pinned_array(): order must be 'C' or 'F', got {order!r}")
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes > _MAX_BYTES:
        raise _memory_error("cpu", "pinned_array()", shape, dtype, nbytes)
    pointer = ctypes.c_void_p()
    status = _ffi.lib.cudapy_host_alloc(max(nbytes, 1), ctypes.byref(pointer))
    if status in (_ffi.Status.NO_DEVICE, _ffi.Status.UNSUPPORTED):
        return np.empty(shape, dtype, order=order)
    _ffi.check(status)
    return _array_over(pointer.value, nbytes, _ffi.lib.cudapy_host_free, shape, dtype, order)


def _array_over(pointer, nbytes, free, shape, dtype, order="C", strides=None):
    """A NumPy array over `nbytes` the library allocated at `pointer`, laid out in `order` or
    by `strides`; `free(pointer)` releases them once NumPy lets go of the array and every
    view of it."""
    memory = (ctypes.c_byte * max(nbytes, 1)).from_address(pointer)
    # NumPy keeps `memory` alive as the array's base; the allocation goes with it.
    _ffi.own(memory, free, pointer)
    flat = np.frombuffer(memory, dtype=np.uint8, count=nbytes)
    return np.ndarray(shape, dtype, buffer=flat, order=order, strides=strides)


@functools.cache
def mapped_array_class():
    """The class of mapped arrays, made on first use (`import cudapy` imports no NumPy)."""

    class MappedArray(np.ndarray):
        """A NumPy array in page-locked host memory that GPU kernels read and write in place,
        through the memory's device address (numba's mapped_array): a launch passes its
        address, copying nothing, and the host sees the kernel's stores once the kernel has
        finished."""

        def device_view(self):
            """A CudaArray of the cuda target over this array's memory."""
            view = self.__dict__.get("_device_view")
            if view is None:
                view = self.__dict__["_device_view"] = _over_host_memory(self)
            return view

        @property
        def __cuda_array_interface__(self):
            return self.device_view().__cuda_array_interface__

    return MappedArray


@functools.cache
def managed_array_class():
    """The class of managed arrays, made on first use."""

    class ManagedArray(mapped_array_class()):
        """A NumPy array in managed memory (numba's managed_array): the host and the GPU's
        kernels use it in place at one address, the driver moving its pages to whichever
        touches them; the host sees a kernel's stores once the kernel has finished."""

    return ManagedArray


def _host_visible(host, cls, stream):
    """`host` (page-locked or managed memory) as a `cls` array whose device view has `stream`
    as its stream (what its __cuda_array_interface__ gives)."""
    array = host.view(cls)
    handle = stream_handle(stream, "the stream")
    if handle:
        array.device_view()._use_stream(handle, stream)
    return array


def _over_host_memory(host):
    """A CudaArray of the cuda target over the page-locked memory of the NumPy array `host`
    (under unified addressing, its device address is its host address); it keeps `host`
    alive."""
    return _over_memory(host.ctypes.data, host.shape, host.strides, host.dtype, host)


def mapped_array(shape, dtype="float64", strides=None, order="C", stream=0):
    """An uninitialized MappedArray (see mapped_array_class): page-locked host memory that
    GPU kernels use in place; `stream` becomes its stream. Without a GPU it is an ordinary
    NumPy array."""
    host = pinned_array(shape, dtype, order, strides)
    if device_count() == 0:
        return host
    return _host_visible(host, mapped_array_class(), stream)


def managed_array(shape, dtype="float64", strides=None, order="C", stream=0):
    """An uninitialized ManagedArray (see managed_array_class) of `shape` and `dtype`, laid
    out in `order` or by `strides` in bytes; `stream` becomes its stream. It needs a GPU."""
    where = "managed_array()"
    dtype = np.dtype(dtype)
    shape, strides = _laid_out(shape, dtype, strides, order, where)
    nbytes = _span(shape, strides, dtype.itemsize)
    if nbytes > _MAX_BYTES:
        raise _memory_error("cuda", where, shape, dtype, nbytes)
    pointer = ctypes.c_void_p()
    _ffi.check(_ffi.lib.cudapy_managed_alloc(max(nbytes, 1), ctypes.byref(pointer)))
    host = _array_over(pointer.value, nbytes, _ffi.lib.cudapy_managed_free, shape, dtype,
                       strides=strides)
    return _host_visible(host, managed_array_class(), stream)


def _strided_pinned(shape, dtype, strides):
    dtype = np.dtype(dtype)
    shape = _shape_of(shape, "pinned_array()")
    strides = _strides_of(strides, shape, dtype.itemsize, "pinned_array(): the shape")
    memory = pinned_array(max(_span(shape, strides, dtype.itemsize), 1), np.uint8)
    return np.ndarray(shape, dtype, buffer=memory, strides=strides)


def from_dlpack(obj):
    """A CudaArray sharing the memory of `obj`: an object with __dlpack__ (CuPy, PyTorch,
    NumPy, ...) or a "dltensor" capsule. GPU memory gives an array of the cuda target, host
    memory one of the cpu target. The memory is given back (the producer's deleter runs) when
    the array and its views are collected or freed. cudapy's work on the array goes on the
    legacy default stream, which the producer is asked to order its work before."""
    from . import dlpack
    tensor = dlpack.take(obj)
    itemsize = tensor.dtype.itemsize
    strides = tensor.strides or _contiguous_strides(tensor.shape, itemsize, "C")
    span = _span(tensor.shape, strides, itemsize)
    pointer = tensor.pointer
    low = pointer + _first_byte(tensor.shape, strides)  # its lowest element
    if (span > _MAX_BYTES or low < 0
            or low + span > 2 ** (8 * ctypes.sizeof(ctypes.c_void_p))):
        raise BufferError(f"from_dlpack(): the {span} bytes of the array at {pointer:#x} run past "
                          "the ends of the address space")
    buffer = _ffi.buffer_p()
    _ffi.check(_ffi.lib.cudapy_buffer_wrap(tensor.memory, low, span, ctypes.byref(buffer)))
    # From here the array owns the tensor: its deleter runs when the memory is released, and
    # the renamed capsule no longer calls it.
    allocation = _Allocation(buffer, lambda: dlpack.release(tensor.address))
    dlpack.mark_used(tensor)
    array = CudaArray.__new__(CudaArray)
    array.target = tensor.target
    array._adopt(allocation, pointer, pointer - low, tensor.shape, strides, tensor.dtype, 0)
    return array
