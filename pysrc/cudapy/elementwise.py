"""Elementwise operations: a scalar Python function applied to arrays element by element.

One engine serves NumbaPro's `vectorize`, CudaPy's `map` and `zipWith` and DeviceArray's
arithmetic. For each tuple of operand types, target and layout it writes a kernel that calls the
function on one element of each operand and stores the result, compiles it like any kernel
(the function keeps Python's semantics and its own file and lines in errors), and keeps it.

Operands follow NumPy's ufunc rules: arrays broadcast against each other, Python numbers are
typed by NEP 50 (weakly: `float32_array * 2.5` stays float32), and the output's dtype is what
the function returns for those types, as the translator types it. Device arrays give a device
array with no copy to the host; host arrays give a host array, with the copies a GPU needs.
"""

import ast
import builtins
import ctypes
import threading
from types import FunctionType

from . import _ffi, targets
from ._compile import _Program
from ._launch import Launch, launch_config
from ._lazy import numpy as np
from ._source import _source
from .array import CudaArray
from .stream import LEGACY_DEFAULT_STREAM
from .types import dtype_of, to_dtype

# The block size of elementwise launches; a grid-stride loop covers what one grid does not.
_BLOCK = 256
_MAX_BLOCKS = 1 << 20
# The consecutive elements a thread of a kernel over 1-d arrays computes together.
_LANES = 4
_KERNEL = "cudapy_elementwise"
_PROBE = "cudapy_elementwise_probe"


def _lane_alignment(dtype):
    """The bytes an array of a kernel over 1-d arrays is aligned to, so that a thread's lanes
    load and store together: their span, up to 16 (the GPU's widest access)."""
    return min(16, _LANES * np.dtype(dtype).itemsize)


def _lane_aligned(array):
    """Whether a host or device array's data is aligned for its lanes (anything else: no)."""
    address = (array.ctypes.data if isinstance(array, np.ndarray)
               else array._pointer if isinstance(array, CudaArray) else None)
    return address is not None and address % _lane_alignment(array.dtype) == 0


class _Operand:
    """One argument of a call: an array (host or device, already broadcast to the output's
    shape) or a scalar, with the type the kernel receives it as."""

    __slots__ = ("value", "dtype", "is_array")

    def __init__(self, value, dtype, is_array):
        self.value, self.dtype, self.is_array = value, dtype, is_array


def _type_text(dtype, ndim=0, flat=False):
    """The numba-style signature type: float32, float32[::1], float32[:, :]."""
    name = np.dtype(dtype).name
    if name == "bool":
        name = "bool_"
    if ndim == 0:
        return name
    if flat:
        return f"{name}[::1]"
    return f"{name}[{', '.join([':'] * ndim)}]"


def _is_device(value):
    return isinstance(value, CudaArray)


def _device_target(arrays):
    """The target whose memory the device arrays are in ("cuda" or "cpu"); they must agree."""
    found = {array.target for array in arrays}
    if len(found) > 1:
        raise ValueError("the arrays are in the memory of different targets: "
                         + ", ".join(sorted(found)))
    return found.pop() if found else None


def _weak_scalar_dtype(value, array_dtypes):
    """The dtype a Python number takes beside arrays of `array_dtypes`, as NEP 50 types it."""
    if not array_dtypes:
        return np.asarray(value).dtype
    return np.result_type(value, *array_dtypes)


class Elementwise:
    """A scalar function applied element by element. `function` is a def (its module's device
    functions and numbers come with it) or source text defining one function.

    `signatures` (optional) are (input dtypes, output dtype) pairs: a call uses the first whose
    inputs every operand casts to safely, as a NumPy ufunc's loops are chosen; without them,
    each new tuple of operand types is compiled as it comes, the output typed by what the
    function returns."""

    def __init__(self, function, signatures=(), name=None):
        if not isinstance(function, (FunctionType, str)):
            raise TypeError("an elementwise operation takes a def function or its source text, "
                            f"got {type(function).__name__}")
        self._function = function
        self._source = _source(function)
        if self._source.name is None:
            raise ValueError("the source text defines no function")
        self.__name__ = name or self._source.name
        self.nin = self._parameter_count()
        self.signatures = [self._checked_signature(signature) for signature in signatures]
        self._kernels = {}
        self._lock = threading.Lock()
        # Calls of same-shaped C-contiguous device arrays and numbers on the default stream,
        # by their types: what they need, found once.
        self._fast = {}

    def _parameter_count(self):
        if isinstance(self._function, FunctionType):
            code = self._function.__code__
            return code.co_argcount
        tree = ast.parse(self._source.text)
        function = next(node for node in tree.body if isinstance(node, ast.FunctionDef))
        return len(function.args.args)

    def _checked_signature(self, signature):
        inputs, output = signature
        inputs = tuple(to_dtype(dtype) for dtype in inputs)
        if len(inputs) != self.nin:
            raise TypeError(f"the signature has {len(inputs)} inputs but {self.__name__}() "
                            f"takes {self.nin}")
        return inputs, to_dtype(output)

    def __repr__(self):
        return f"<cudapy elementwise {self.__name__}>"

    # ---- a call ---------------------------------------------------------------------------

    def __call__(self, *args, out=None, stream=0, target=None, threads=None, loop=None):
        """Applies the function to the broadcast arguments; returns `out` or a new array.
        Device arrays are computed where they live; `target` ("cuda", "cpu") picks where a
        call of host arrays alone is (default: $CUDAPY_TARGET, else the GPU); `threads` caps
        the host threads of the CPU target (1: one core); `loop` (input dtypes, output dtype) fixes the types, as NumPy's
        resolve_dtypes gives them, instead of the signatures."""
        if out is None and stream == 0 and threads is None:
            fast = self._fast.get((tuple(_fast_type(arg) for arg in args), loop))
            if fast is not None:
                result = fast(args)
                if result is not None:
                    return result
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} argument"
                            f"{'' if self.nin == 1 else 's'} but {len(args)} were given")
        devices = [arg for arg in args if _is_device(arg)]
        if out is not None and _is_device(out):
            devices.append(out)
        where = _device_target(devices)
        if where is None:
            where = targets.resolve(target)
        arrays = [arg if _is_device(arg) else np.asarray(arg) if _is_array_like(arg) else None
                  for arg in args]
        shape = self._broadcast_shape(arrays, out)
        inputs, out_dtype = loop if loop is not None else self._resolve_types(args, arrays)
        converted = out_dtype is not None
        operands = [self._operand(arg, array, dtype, shape, where)
                    for arg, array, dtype in zip(args, arrays, inputs)]
        scalar_call = not any(operand.is_array for operand in operands) and out is None
        flat = self._flat(operands, out, shape)
        aligned = flat and self._aligned(operands, out)
        store_dtype = None if out is None else np.dtype(out.dtype)
        kernel, result_dtype = self._kernel(operands, out_dtype, where, len(shape), flat,
                                            aligned, converted, store_dtype)
        if store_dtype is not None and not np.can_cast(result_dtype, store_dtype, "same_kind"):
            raise TypeError(f"{self.__name__}(): cannot store its {result_dtype} results in out= "
                            f"of {store_dtype} (NumPy's 'same_kind' casting)")
        host_result = not devices
        fresh_out = out is None
        if fresh_out:
            out = self._allocate(shape, result_dtype, where, host_result, stream)
            if aligned and not _lane_aligned(out):
                aligned = False
                kernel, result_dtype = self._kernel(operands, out_dtype, where, len(shape), flat,
                                                    aligned, converted, store_dtype)
        size = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if size:
            self._launch(kernel, out, operands, flat, size, stream, threads, where)
        if (aligned and fresh_out and devices and not host_result and stream == 0 and threads is None
                and all(arg.__class__ is CudaArray or _is_python_number(arg)
                        or isinstance(arg, np.generic) for arg in args)):
            key = (tuple(_fast_type(arg) for arg in args), loop)
            self._fast[key] = _FastCall(kernel, result_dtype, [operand.dtype for operand in operands],
                                        where)
        if scalar_call:
            return out[()] if isinstance(out, np.ndarray) else out.copy_to_host()[()]
        return out

    def planned_call(self, args, loop=None):
        """The planned call kept for arguments of these types and this loop (see _FastCall;
        it returns None for arguments it does not take), or None."""
        return self._fast.get((tuple(_fast_type(arg) for arg in args), loop))

    def _broadcast_shape(self, arrays, out):
        shapes = [array.shape for array in arrays if array is not None]
        try:
            shape = np.broadcast_shapes(*shapes) if shapes else ()
        except ValueError:
            described = ", ".join(str(tuple(s)) for s in shapes)
            raise ValueError(f"{self.__name__}(): operands of shapes {described} do not "
                             "broadcast together") from None
        if out is not None:
            if not (isinstance(out, np.ndarray) or _is_device(out)):
                raise TypeError(f"{self.__name__}(): out= must be a NumPy or device array, got "
                                f"{type(out).__name__}")
            try:
                if np.broadcast_shapes(shape, out.shape) != tuple(out.shape):
                    raise ValueError
            except ValueError:
                raise ValueError(f"{self.__name__}(): out= has shape {tuple(out.shape)} but the "
                                 f"operands broadcast to {tuple(shape)}") from None
            shape = tuple(out.shape)
        return tuple(shape)

    def _resolve_types(self, args, arrays):
        """The dtype each operand is passed as, and the output dtype (None: the function's)."""
        array_dtypes = [np.dtype(array.dtype) for array in arrays if array is not None]
        given = [np.dtype(array.dtype) if array is not None
                 else _weak_scalar_dtype(arg, array_dtypes) if _is_python_number(arg)
                 else np.asarray(arg).dtype for arg, array in zip(args, arrays)]
        if not self.signatures:
            return given, None
        for inputs, output in self.signatures:
            if all(self._casts(arg, array, dtype, wanted)
                   for arg, array, dtype, wanted in zip(args, arrays, given, inputs)):
                return list(inputs), output
        names = ", ".join(dtype.name for dtype in given)
        known = "; ".join("(" + ", ".join(d.name for d in inputs) + ") -> " + output.name
                          for inputs, output in self.signatures)
        raise TypeError(f"{self.__name__}(): no signature takes ({names}); it has {known}")

    @staticmethod
    def _casts(arg, array, dtype, wanted):
        if array is None and _is_python_number(arg):
            kinds = "biufc"
            return kinds.index(np.asarray(arg).dtype.kind) <= kinds.index(wanted.kind)
        return np.can_cast(dtype, wanted, "safe")

    def _operand(self, arg, array, dtype, shape, where):
        if array is None:
            return _Operand(np.asarray(arg).astype(dtype)[()] if not _is_python_number(arg)
                            else _checked_scalar(arg, dtype), dtype, False)
        if _is_device(array):
            if array.dtype != dtype:
                array = astype(array, dtype)
            if tuple(array.shape) != shape:
                array = _broadcast_view(array, shape)
            return _Operand(array, dtype, True)
        host = array.astype(dtype, copy=False)
        if host.shape != shape:
            host = np.broadcast_to(host, shape)
        if where == "cuda" or not (host.flags.c_contiguous or host.ndim > 1):
            host = np.ascontiguousarray(host)
        return _Operand(host, dtype, True)

    @staticmethod
    def _flat(operands, out, shape):
        """Whether every array is C-contiguous in the output's shape: then the kernel walks
        them as 1-d arrays, with no index arithmetic."""
        arrays = [operand.value for operand in operands if operand.is_array]
        if out is not None:
            arrays.append(out)
        return all(_c_contiguous(array) for array in arrays)

    @staticmethod
    def _aligned(operands, out):
        """Whether every array of a flat call is aligned for its lanes: then a thread's lanes
        are one access (assume_aligned in the kernel)."""
        arrays = [operand.value for operand in operands if operand.is_array]
        return (all(_lane_aligned(array) for array in arrays)
                and (out is None or _lane_aligned(out)))

    def _allocate(self, shape, dtype, where, host_result, stream):
        if host_result:
            return np.empty(shape, dtype)
        return CudaArray.allocate(shape, dtype, target=where, stream=stream)

    # ---- kernels --------------------------------------------------------------------------

    def _kernel(self, operands, out_dtype, where, ndim, flat, aligned, converted, store_dtype):
        key = (tuple((operand.dtype, operand.is_array) for operand in operands), out_dtype,
               where, ndim if not flat else -1, aligned, converted, store_dtype)
        found = self._kernels.get(key)
        if found is not None:
            return found
        with self._lock:
            found = self._kernels.get(key)
            if found is None:
                found = self._make_kernel(operands, out_dtype, where, ndim, flat, aligned,
                                          converted, store_dtype)
                self._kernels[key] = found
        return found

    def _call_text(self, operands, element, convert):
        parts = []
        for position, operand in enumerate(operands):
            value = f"a{position}{element}" if operand.is_array else f"a{position}"
            if convert:
                value = f"{_type_text(operand.dtype)}({value})"
            parts.append(value)
        return f"{self._source.name}({', '.join(parts)})"

    def loop_types(self, dtypes, where):
        """(input dtypes, output dtype) of a call with arrays of `dtypes` on `where`: the
        signature chosen for them, or what the function returns for them."""
        arrays = [np.empty(0, dtype) for dtype in dtypes]
        inputs, output = self._resolve_types(arrays, arrays)
        if output is None:
            output = self._result_dtype([_Operand(None, np.dtype(dtype), True)
                                         for dtype in inputs], where, False)
        return [np.dtype(dtype) for dtype in inputs], output

    def _result_dtype(self, operands, where, converted):
        """What the function returns for these operand types, as the translator types it."""
        params = ", ".join(f"a{position}" for position in range(len(operands)))
        types = ", ".join(_type_text(operand.dtype, 1 if operand.is_array else 0, True)
                          for operand in operands)
        text = (f"# {_PROBE} : void ({types})\n"
                f"def {_PROBE}({params}):\n"
                f"    {_PROBE}_value = {self._call_text(operands, '[0]', converted)}\n")
        program = _Program([text, self._function], None, target=_program_target(where))
        program.check()
        result = ctypes.c_int()
        _ffi.check(_ffi.lib.cudapy_program_helper_result(
            program.handle, self._source.name.encode("utf-8"), ctypes.byref(result)),
            program.handle)
        return dtype_of(result.value)

    def _make_kernel(self, operands, out_dtype, where, ndim, flat, aligned, converted,
                     store_dtype):
        from .kernel import Kernel

        result_dtype = out_dtype or self._result_dtype(operands, where, converted)
        params = ", ".join(["out"] + [f"a{position}" for position in range(len(operands))])
        dims = 1 if flat else max(ndim, 1)
        types = ", ".join([_type_text(store_dtype or result_dtype, dims, flat)] + [
            _type_text(operand.dtype, dims if operand.is_array else 0, flat)
            for operand in operands])
        lines = [f"# {_KERNEL} : void ({types})",
                 f"def {_KERNEL}({params}):",
                 "    n = out.size"]
        if aligned:
            lines += [f"    assume_aligned(out, {_lane_alignment(store_dtype or result_dtype)})"]
            lines += [f"    assume_aligned(a{position}, {_lane_alignment(operand.dtype)})"
                      for position, operand in enumerate(operands) if operand.is_array]
        if flat:
            lines += self._lanes_loop(operands, converted)
        else:
            lines += ["    i = int64(blockIdx.x) * blockDim.x + threadIdx.x",
                      "    step = int64(gridDim.x) * blockDim.x",
                      "    while i < n:"]
            if ndim <= 1:
                element = "[i]"
            else:
                lines.append("        rest = i")
                names = [f"i{axis}" for axis in range(ndim)]
                for axis in range(ndim - 1, 0, -1):
                    lines.append(f"        {names[axis]} = rest % out.shape[{axis}]")
                    lines.append(f"        rest = rest // out.shape[{axis}]")
                lines.append("        i0 = rest")
                element = "[" + ", ".join(names) + "]"
            lines.append(f"        out{element} = "
                         f"{self._call_text(operands, element, converted)}")
            lines.append("        i += step")
        program = _Program(["\n".join(lines) + "\n", self._function], None,
                           target=_program_target(where))
        program.check()
        return Kernel(program, _KERNEL), result_dtype

    def _lanes_loop(self, operands, converted):
        """The loop of a kernel over 1-d arrays: each thread takes _LANES consecutive elements
        at a time, all their values computed before any is stored, so that their loads are
        in flight together (as a wide load would be); the last few elements one at a time."""
        lines = [f"    i = (int64(blockIdx.x) * blockDim.x + threadIdx.x) * {_LANES}",
                 f"    step = int64(gridDim.x) * blockDim.x * {_LANES}",
                 f"    while i + {_LANES - 1} < n:"]
        elements = ["[i]"] + [f"[i + {lane}]" for lane in range(1, _LANES)]
        for lane, element in enumerate(elements):
            lines.append(f"        value{lane} = {self._call_text(operands, element, converted)}")
        for lane, element in enumerate(elements):
            lines.append(f"        out{element} = value{lane}")
        lines += ["        i += step",
                  "    while i < n:",
                  f"        out[i] = {self._call_text(operands, '[i]', converted)}",
                  "        i += 1"]
        return lines

    def _launch(self, kernel, out, operands, flat, size, stream, threads, where):
        args = [out] + [operand.value for operand in operands]
        if flat:
            args = [_flattened(arg) for arg in args]
        blocks, block = _blocks(size, _LANES if flat else 1), _BLOCK
        if threads is not None and where != "cuda":
            # The CPU target runs a block's threads on one worker: one block per thread asked.
            blocks, block = max(1, min(int(threads), blocks)), 1
        kernel[blocks, block, stream](*args)


def _blocks(size, lanes):
    """The blocks of _BLOCK threads that cover `size` elements taking `lanes` at a time, as
    many as a grid takes. (A grid of all of them outruns one the GPU holds at once, each
    thread striding over several groups: measured on an H100, 3063 GB/s against 2856.)"""
    threads = -(-size // lanes)
    return min((threads + _BLOCK - 1) // _BLOCK, _MAX_BLOCKS)


def _flattened(value):
    """A C-contiguous array as 1-d (a view); a scalar as it is."""
    if isinstance(value, np.ndarray):
        return value.reshape(-1)
    if isinstance(value, CudaArray):
        return value.reshape(value.size)
    return value


def _fast_type(value):
    """What a fast call's key knows of an argument: a device array's dtype, a number's class."""
    return value.dtype if value.__class__ is CudaArray else value.__class__


class _FastCall:
    """A call of same-shaped C-contiguous device arrays, aligned for their lanes, and numbers
    on the default stream, whose kernel and types are known: it allocates the output and
    launches the kernel with the packed arguments, with none of a first call's checks. Returns
    None for arguments it does not take (another shape, a view, another stream, an address
    off the lanes' alignment), which the full call then serves."""

    __slots__ = ("kernel", "dtype", "dtypes", "where", "struct", "launches", "_kept",
                 "_misaligned", "_out_misaligned")

    def __init__(self, kernel, dtype, dtypes, where):
        self.kernel, self.dtype, self.dtypes, self.where = kernel, dtype, dtypes, where
        self.struct = kernel._struct
        # The address bits each argument's data must not have (the kernel's assume_aligned).
        self._misaligned = [_lane_alignment(dtype) - 1 for dtype in dtypes]
        self._out_misaligned = _lane_alignment(dtype) - 1
        self.launches = {}  # elements -> the native launch of their grid
        self._kept = {}  # elements -> the Launch that owns that native launch

    def __call__(self, args):
        shape = None
        for arg, misaligned in zip(args, self._misaligned):
            if arg.__class__ is CudaArray:
                if (not arg._c_contiguous or arg._buffer is None or arg.target != self.where
                        or arg._stream not in _DEFAULT_STREAMS or arg._pointer & misaligned):
                    return None
                if shape is None:
                    shape = arg._shape
                elif arg._shape != shape:
                    return None
        size = 1
        for extent in shape:
            size *= extent
        out = CudaArray._empty(shape, self.dtype, self.where)
        if size == 0:
            return out
        if out._pointer & self._out_misaligned:
            return None
        values = [out._pointer, size]
        for arg, dtype in zip(args, self.dtypes):
            if arg.__class__ is CudaArray:
                values += (arg._pointer, size)
            else:
                values.append(_checked_scalar(arg, dtype))
        native = self.launches.get(size)
        if native is None:
            native = self._launch_of(size)
        status = _ffi.launch_run_unconverted(native, self.struct.pack(*values))
        if status:
            _ffi.check(status)
        return out

    def _launch_of(self, size):
        """The library's launch of the grid for `size` elements, kept for the next call of
        that size (the sizes of one program's arrays are few; a program of many forgets)."""
        if len(self.launches) >= 64:
            self.launches.clear()
            self._kept.clear()
        launch = Launch(self.kernel, launch_config(self.kernel.name, (_blocks(size, _LANES),
                                                                       _BLOCK)))
        self.launches[size] = native = launch.native()
        self._kept[size] = launch
        return native


_DEFAULT_STREAMS = (0, LEGACY_DEFAULT_STREAM)


def _program_target(where):
    """The interpreter's arrays are host memory, which the CPU target's kernels use too."""
    return "cuda" if where == "cuda" else "cpu"


def _is_python_number(value):
    return value.__class__ in (int, float, bool, complex)


def _is_array_like(value):
    return not (_is_python_number(value) or isinstance(value, np.generic))


def _checked_scalar(value, dtype):
    """A Python number as `dtype`; OverflowError as NumPy gives for one that does not fit."""
    return np.array(value).astype(dtype)[()] if dtype.kind == "f" else np.array(value, dtype)[()]


def _c_contiguous(array):
    if isinstance(array, np.ndarray):
        return array.flags.c_contiguous
    return array.is_c_contiguous()


def _broadcast_view(array, shape):
    """A view of a device array broadcast to `shape`: stride 0 along the axes it repeats."""
    missing = len(shape) - array.ndim
    strides = [0] * missing + [0 if extent == 1 and wanted != 1 else stride
                               for extent, wanted, stride in zip(array.shape, shape[missing:],
                                                                 array.strides)]
    return array._view(0, tuple(shape), tuple(strides))


def converter(dtype):
    """The elementwise conversion to `dtype`, as a cast in a kernel converts (NumPy's astype):
    made once per dtype. With out= it also fills an array or copies into a view."""
    operation = _CONVERTERS.get(dtype)
    if operation is None:
        operation = _CONVERTERS[dtype] = Elementwise(
            f"def convert(x):\n    return {_type_text(dtype)}(x)\n", name="astype")
    return operation


_CONVERTERS = {}


def astype(array, dtype):
    """A copy of a device array converted to `dtype` as NumPy's astype converts (on its
    target, with an elementwise kernel)."""
    return converter(to_dtype(dtype))(array)


_BY_FUNCTION = {}


def _engine_of(function):
    engine = _BY_FUNCTION.get(function)
    if engine is None:
        engine = _BY_FUNCTION[function] = Elementwise(function)
    return engine


def map(function, array, target=None):
    """CudaPy's map: a new array of function(x) for each element x of `array` (a device array
    gives a device array, a host array a host array)."""
    return _engine_of(function)(array, target=target)


def zipWith(function, first, second, target=None):
    """CudaPy's zipWith: a new array of function(x, y) for the elements of two arrays
    (broadcast as NumPy does)."""
    return _engine_of(function)(first, second, target=target)


def fuse(function=None, *, kernel_name=None):
    """CuPy's fuse: `@cp.fuse` (or `@cp.fuse()`) makes a function of arrays written with
    operators and math functions, such as `5 * x + 6 * y`, one kernel that computes each
    element in a single pass, instead of one kernel and one temporary array per operation.
    The body is the kernel language's, element by element."""
    if function is None:
        return lambda decorated: fuse(decorated, kernel_name=kernel_name)
    return Elementwise(function, name=kernel_name)


# ---- PyCUDA's ElementwiseKernel ----------------------------------------------------------------

# C's spellings of the scalar types, as PyCUDA's argument lists write them.
_C_TYPES = {
    "float": "float32", "double": "float64", "bool": "bool_", "char": "int8",
    "signed char": "int8", "unsigned char": "uint8", "short": "int16",
    "unsigned short": "uint16", "int": "int32", "signed": "int32", "unsigned": "uint32",
    "unsigned int": "uint32", "long": "int64", "long long": "int64", "unsigned long": "uint64",
    "unsigned long long": "uint64",
}
_LOOP_NAMES = ("i", "n", "cudapy_first", "cudapy_step")


def _declarations(arguments):
    """[(name, type, is_array)] of 'float a, float *x' (C's spelling, or NumPy's type names)."""
    import re

    parsed = []
    for declaration in arguments.split(","):
        match = re.fullmatch(r"\s*(?:const\s+)?([A-Za-z_][\w ]*?)\s*(\*?)\s*([A-Za-z_]\w*)\s*",
                             declaration)
        if not match:
            raise ValueError(f"ElementwiseKernel: cannot read the argument {declaration.strip()!r}; "
                             "write it as 'float a' or 'float *x'")
        type_name, pointer, name = match.groups()
        type_name = " ".join(type_name.split())
        spelled = _C_TYPES.get(type_name, type_name)
        try:
            dtype = to_dtype(spelled)
        except TypeError:
            raise TypeError(f"ElementwiseKernel: argument {name!r} has the unknown type "
                            f"{type_name!r}") from None
        if name in _LOOP_NAMES or name.startswith("cudapy_"):
            raise ValueError(f"ElementwiseKernel: the argument name {name!r} is the loop's own")
        parsed.append((name, dtype, bool(pointer)))
    if not any(is_array for _, _, is_array in parsed):
        raise ValueError("ElementwiseKernel: no argument is an array (write 'float *x')")
    return parsed


def index_span(name, size, range, slice):  # PyCUDA's keyword names
    """(first index, step, count) of the indices a PyCUDA kernel runs over: 0 to `size`, or
    `range=` (a slice or range of the indices themselves) or `slice=` (taken of the size), any
    step but 0."""
    if range is not None and slice is not None:
        raise TypeError(f"{name}(): give range= or slice=, not both")
    if range is not None:
        step = 1 if range.step is None else range.step
        if step == 0:
            raise ValueError(f"{name}(): the step must not be 0")
        indices = builtins.range(range.start or 0, range.stop, step)
    elif slice is not None:
        indices = builtins.range(*slice.indices(size))
    else:
        indices = builtins.range(size)
    return indices.start, indices.step, len(indices)


def index_range(name, size, range, slice):  # PyCUDA's keyword names
    """(start, stop, step) of the indices a kernel of forward loops runs over (index_span's,
    a positive step)."""
    start, step, count = index_span(name, size, range, slice)
    if step <= 0:
        raise ValueError(f"{name}(): the step must be positive, got {step}")
    return start, start + count * step, step


def _lockstep(operation):
    """The statements that run `operation` for the indices cudapy_i0 .. cudapy_i3 in lockstep
    (each statement's values for all of them computed before any is stored, so that their
    loads are in flight together), or None where that could change what it computes: an
    operation of anything but assignments, or one reading a local before assigning it (a
    value carried from one index to the next)."""
    try:
        body = ast.parse(operation).body
    except SyntaxError:
        return None  # the translator reports it, at the operation's line
    if not body or not all(
            (isinstance(stmt, ast.AugAssign)
             or isinstance(stmt, ast.Assign) and len(stmt.targets) == 1)
            and isinstance(_assigned(stmt), (ast.Name, ast.Subscript)) for stmt in body):
        return None
    names = {node.id for node in ast.walk(ast.Module(body=body, type_ignores=[]))
             if isinstance(node, ast.Name)}
    if any(name.startswith("cudapy_") or "_cudapy_" in name for name in names):
        return None
    local = {_assigned(stmt).id for stmt in body if isinstance(_assigned(stmt), ast.Name)}
    if "i" in local:
        return None
    assigned = set()
    for stmt in body:
        target = _assigned(stmt)
        reads = [stmt.value] + ([target] if isinstance(stmt, ast.AugAssign) else []) + \
            ([target.slice] if isinstance(target, ast.Subscript) else [])
        if any(isinstance(node, ast.Name) and node.id in local - assigned
               for read in reads for node in ast.walk(read)):
            return None
        if isinstance(target, ast.Name):
            assigned.add(target.id)

    def renamed(node, lane):
        renames = {name: f"{name}_cudapy_l{lane}" for name in local}
        renames["i"] = f"cudapy_i{lane}"

        class Rename(ast.NodeTransformer):
            def visit_Name(self, name):
                return ast.copy_location(ast.Name(renames.get(name.id, name.id), name.ctx), name)

        return ast.unparse(Rename().visit(ast.parse(ast.unparse(node), mode="eval").body))

    lines = []
    for number, stmt in enumerate(body):
        target = _assigned(stmt)
        value = (ast.BinOp(ast.Name(target.id) if isinstance(target, ast.Name) else target,
                           stmt.op, stmt.value) if isinstance(stmt, ast.AugAssign)
                 else stmt.value)
        if isinstance(target, ast.Name):
            lines += [f"{renamed(target, lane)} = {renamed(value, lane)}"
                      for lane in range(_LANES)]
            continue
        lines += [f"cudapy_v{number}_{lane} = {renamed(value, lane)}" for lane in range(_LANES)]
        lines += [f"{renamed(target, lane)} = cudapy_v{number}_{lane}" for lane in range(_LANES)]
    return lines


def _assigned(stmt):
    return stmt.targets[0] if hasattr(stmt, "targets") else stmt.target


class ElementwiseKernel:
    """PyCUDA's ElementwiseKernel with the operation written in Python:

        lin_comb = ElementwiseKernel("float a, float *x, float b, float *y, float *z",
                                     "z[i] = a*x[i] + b*y[i]")
        lin_comb(5.0, x, 6.0, y, z)

    The operation runs once for each index `i` below `n`, the size of the first array argument
    (or over `range=`/`slice=`), with Python's semantics; statements may be separated by `;`.
    `preamble` holds Python helper functions the operation calls, `loop_prep` and
    `after_loop` statements run by each thread before and after its part of the loop."""

    def __init__(self, arguments, operation, name="kernel", keep=False, options=None,
                 preamble="", loop_prep="", after_loop="", target=None):
        self.name = name
        self._arguments = _declarations(arguments)
        self._operation, self._loop_prep, self._after_loop = operation, loop_prep, after_loop
        self._preamble = preamble
        self._lockstep = None if after_loop.strip() else _lockstep(operation)
        self._lanes = _LANES if self._lockstep else 1
        self._target = target
        self._kernels = {}

    def _source(self, dense):
        """The kernel's text; `dense`: for indices 0, 1, ... n - 1 of arrays aligned for
        their lanes, which it tells the compiler, so that a thread's lanes are one access."""
        name = self.name
        params = ", ".join(name for name, _, _ in self._arguments)
        types = ", ".join(_type_text(dtype) + ("*" if is_array else "")
                          for _, dtype, is_array in self._arguments)
        lines = [f"# {name} : void ({types}, int64, int64, int64)",
                 f"def {name}({params}, cudapy_first, n, cudapy_step):"]
        if dense:
            lines += [f"    assume_aligned({array}, {_lane_alignment(dtype)})"
                      for array, dtype, is_array in self._arguments if is_array]
        lines += [f"    {self._loop_prep}"] if self._loop_prep.strip() else []
        lanes = self._lockstep
        first, step = ("", "") if dense else ("cudapy_first + ", " * cudapy_step")
        lines += ["    cudapy_trips = " + ("n" if dense else
                                            "(n - cudapy_first + cudapy_step - 1) // cudapy_step"),
                  f"    cudapy_at = (int64(blockIdx.x) * blockDim.x + threadIdx.x) * {self._lanes}",
                  f"    cudapy_stride = int64(gridDim.x) * blockDim.x * {self._lanes}"]
        if lanes:
            lines.append(f"    while cudapy_at + {_LANES - 1} < cudapy_trips:")
            lines += [f"        cudapy_i{lane} = {first}(cudapy_at + {lane}){step}"
                      for lane in range(_LANES)]
            lines += [f"        {line}" for line in lanes]
            lines += ["        cudapy_at += cudapy_stride"]
        lines += ["    while cudapy_at < cudapy_trips:",
                  f"        i = {first}cudapy_at{step}",
                  f"        {self._operation}",
                  f"        cudapy_at += {'1' if lanes else 'cudapy_stride'}"]
        lines += [f"    {self._after_loop}"] if self._after_loop.strip() else []
        return "\n".join(lines) + "\n"

    def _kernel(self, where, dense):
        kernel = self._kernels.get((where, dense))
        if kernel is None:
            from .kernel import Kernel

            parts = [self._source(dense)] + ([self._preamble] if self._preamble.strip() else [])
            program = _Program(parts, None, target=_program_target(where))
            program.check()
            kernel = self._kernels[where, dense] = Kernel(program, self.name)
        return kernel

    def __call__(self, *args, range=None, slice=None, stream=None):  # PyCUDA's keywords
        if len(args) != len(self._arguments):
            raise TypeError(f"{self.name}() takes {len(self._arguments)} arguments but "
                            f"{len(args)} were given")
        first = next(arg for arg, (_, _, is_array) in zip(args, self._arguments) if is_array)
        size = first.size if hasattr(first, "size") else len(first)
        start, stop, step = index_range(self.name, size, range, slice)
        devices = [arg for arg in args if _is_device(arg)]
        where = _device_target(devices) or targets.resolve(self._target)
        count = max(0, (stop - start + step - 1) // step)
        if count == 0:
            return
        blocks = _blocks(count, self._lanes)
        dense = (self._lockstep is not None and start == 0 and step == 1
                 and all(_lane_aligned(arg) for arg, (_, _, is_array) in zip(args, self._arguments)
                         if is_array))
        self._kernel(where, dense)[blocks, _BLOCK, stream or 0](*args, start, stop, step)

