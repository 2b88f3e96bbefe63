"""Kernels and modules: a compiled kernel with its launches, the kernels of one compile, a
kernel typed at its launches (numba's @cuda.jit without a signature), and compile() and
module()."""

import ctypes
import functools
import math
import threading
from types import FunctionType
from typing import NamedTuple, Optional

from . import _ffi, targets
from ._compile import _Program, _options
from ._launch import (_ARRAY_VIEWS, _ONE, ArgumentHandler, Launch, LaunchCache,
                      _argument_struct, _fast_launch_maker, _keep, _Parameter, _Staged,
                      array_type, dim3, forall_config, launch_config, thread_config)
from ._lazy import numpy as np
from .numba_types import ArrayType, ScalarType, Signature, signature_text
from ._source import _FIRST_DEF, _function_source, signature_items
from .multidevice import launch_split
from ._devices import _current_ordinal as current_ordinal, device_of_buffer, selection
from .closure import DeviceFunction
from .array import (CudaArray, ForeignArray, foreign_array, foreign_type_key, ndarray_layout,
                    order_after)
from .types import (EXACT, PROMOTE, conversion_rating, record_type,
                    scalar_conversion, scalar_type_of)


class Kernel:
    """A compiled kernel. `kernel(nx, ny, nz)(*args)` runs nx*ny*nz threads with a block size
    chosen for the GPU; `kernel[grid, block](*args)` (optionally `[grid, block, stream,
    shared_bytes]`) launches exactly that grid."""

    def __init__(self, program, name):
        """`program` has been translated."""
        program.start_compile()
        self._program = program
        self._interpreted = program.target == "python"  # every launch runs in the interpreter
        self._host_memory = targets.memory_target(program.target) == _ffi.Target.CPU
        self.name = name
        handle = self._program.handle
        lib = _ffi.lib
        index = self._program.kernel_index(self.name)
        params = []
        info = _ffi.ParamInfo(size=ctypes.sizeof(_ffi.ParamInfo))  # each _Parameter copies it
        for param_index in range(lib.cudapy_program_param_count(handle, index)):
            _ffi.check(lib.cudapy_program_param(handle, index, param_index, ctypes.byref(info)),
                       handle)
            params.append(_Parameter(self.name, info, program.target))
        self._params = params
        self.params = [(param.name, param.type) for param in params]
        args_size = lib.cudapy_program_args_size(handle, index)
        # numba's: the kernel uses a grid group, so it is launched cooperatively.
        self.cooperative = bool(lib.cudapy_program_kernel_cooperative(handle, index))
        self._struct = _argument_struct(params, args_size)
        self._args_size = ctypes.c_size_t(args_size)
        self._launch_packed = _ffi.launch_packed_unconverted
        # numba's tuple parameters and record arrays: the translation passes each item of a
        # tuple as a parameter, `t[0]`, `t[1]`, ..., and each field of a record array as one,
        # `p.x`, `p.y`, ...; a launch gives the tuple or the record array.
        self._groups = _parameter_groups(
            params, _single_records(program.signatures.get(name, "")))
        self._make_launch = Launch if self._interpreted or self._groups else (_fast_launch_maker(
            params, self._struct, _ffi.launch_run_unconverted) or Launch)
        self._handle_lock = threading.Lock()
        self._handle = None
        self._launches = LaunchCache()
        self._launch_pairs = self._launches.pairs  # kernel[blocks, threads]'s, read directly
        self._launches_by_threads = {}  # kernel(n)'s launches by n
        self._launches_by_shape = {}  # kernel(nx, ny, nz)'s by (nx, ny, nz), all ints

    def _run_in_interpreter(self, config, args):
        """A launch run thread by thread in the interpreter (see cudapy.interpreter)."""
        from . import interpreter
        interpreter._launch(self, config, args)

    @functools.cached_property
    def cuda_source(self):
        """The CUDA C++ translated from the kernel's program."""
        return self._program.translate()

    def __repr__(self):
        params = ", ".join(f"{name}: {type_}" for name, type_ in self.params)
        return f"<cudapy.Kernel {self.name}({params})>"

    def _info(self):
        """What the GPU's compiler made of the kernel loaded for the current GPU (a
        KernelInfo); errors.UnsupportedError on the CPU target."""
        info = _ffi.KernelInfo(size=ctypes.sizeof(_ffi.KernelInfo))
        _ffi.check(_ffi.lib.cudapy_kernel_info_get(self._device_kernel(), ctypes.byref(info)))
        return info

    @property
    def regs_per_thread(self):
        """The registers a thread uses."""
        return self._info().registers

    @property
    def shared_mem_per_block(self):
        """The bytes of shared memory a block declares (dynamic shared memory not counted)."""
        return self._info().static_shared_bytes

    @property
    def local_mem_per_thread(self):
        """The bytes of local memory a thread uses."""
        return self._info().local_bytes

    @property
    def const_mem_size(self):
        """The bytes of constant memory the kernel's module holds for it."""
        return self._info().constant_bytes

    @property
    def max_threads_per_block(self):
        """The largest block the kernel can be launched with, given its registers."""
        return self._info().max_threads_per_block

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """The most blocks of `blockdim` (an int or a tuple of up to 3) threads, each with
        `dynsmemsize` bytes of dynamic shared memory, that the current GPU runs at once: the
        largest grid a cooperative launch (a kernel that synchronizes its grid) may have."""
        dims = blockdim if isinstance(blockdim, tuple) else (blockdim,)
        if not 1 <= len(dims) <= 3 or not all(isinstance(d, (int, np.integer)) and d > 0
                                             for d in dims):
            raise ValueError(f"max_cooperative_grid_blocks(): blockdim must be a positive int or "
                             f"a tuple of 1 to 3 of them, got {blockdim!r}")
        if not isinstance(dynsmemsize, (int, np.integer)) or dynsmemsize < 0:
            raise ValueError("max_cooperative_grid_blocks(): dynsmemsize must be a non-negative "
                             f"int, got {dynsmemsize!r}")
        threads = math.prod(int(d) for d in dims)
        if threads > 2 ** 31 - 1:
            raise ValueError(f"max_cooperative_grid_blocks(): a block of {threads} threads is "
                             "larger than any GPU allows")
        blocks = ctypes.c_int()
        _ffi.check(_ffi.lib.cudapy_kernel_max_cooperative_blocks(
            self._device_kernel(), threads, int(dynsmemsize), ctypes.byref(blocks)))
        return blocks.value

    def ptx(self, arch=None):
        """The PTX of the kernel's program for `arch` ("sm_90", "compute_90"; None: the oldest
        architecture NVRTC supports)."""
        return self._program.ptx(arch)

    def __call__(self, nx, ny=1, nz=1):
        # kernel(n), the usual call, costs one lookup by n: `is _ONE` holds for the default and
        # any int 1. A float or bool equal to a kept n finds its launch but is checked anew.
        if ny is _ONE and nz is _ONE:
            try:
                launch = self._launches_by_threads[nx]
            except (KeyError, TypeError):  # TypeError: an unhashable nx, refused below
                pass
            else:
                if nx.__class__ is int or nx.__class__ is dim3:
                    return launch
            launch = self._make_launch(self, thread_config(self.name, nx, ny, nz))
            if nx.__class__ is int or nx.__class__ is dim3:
                return _keep(self._launches_by_threads, nx, launch)
            return launch
        if nx.__class__ is int and ny.__class__ is int and nz.__class__ is int:
            launch = self._launches_by_shape.get((nx, ny, nz))
            if launch is None:
                launch = _keep(self._launches_by_shape, (nx, ny, nz),
                               self._make_launch(self, thread_config(self.name, nx, ny, nz)))
            return launch
        return self._make_launch(self, thread_config(self.name, nx, ny, nz))

    def __getitem__(self, key):
        # [blocks, threads_per_block] with ints, the usual key, costs one lookup and two tests.
        try:
            launch = self._launch_pairs[key]
            if key[0].__class__ is int and key[1].__class__ is int:
                return launch
        except (KeyError, TypeError):  # TypeError: an unhashable key, refused below
            pass
        return (self._launches.get(key)
                or self._launches.put(key, self._make_launch(self, launch_config(self.name, key))))

    def launch(self, *args, grid, block, stream=0, shared_mem=0):
        """Launches at once on `grid` blocks of `block` threads (ints or tuples), queued on
        `stream`, with `shared_mem` bytes of dynamic shared memory:
        `kernel.launch(x, y, grid=blocks, block=threads)` is `kernel[blocks, threads](x, y)`."""
        self[grid, block, stream, shared_mem](*args)

    def launch_split(self, n, *args, devices=None):
        """Launches `n` threads, one per row, spread over `devices` (all of the target's unless
        given): each device runs its rows' threads on its piece of each SplitArray argument
        (cudapy.split); NumPy arguments of `n` rows are split and copied back. See
        cudapy.multidevice.launch_split."""
        launch_split(self, n, args, devices)

    def _device_kernel(self):
        """The loaded kernel, compiled for the current GPU on first use."""
        with self._handle_lock:
            if self._handle is None:
                self._handle = self._program.device_kernel(self.name)
            return self._handle

    def _check_device(self, param, array):
        """Refuses an array of another device than the current one, where the launch runs:
        that device's queued work is not ordered with the launch."""
        memory = targets.memory_target(self._program.target)
        on = device_of_buffer(array._buffer)
        current = current_ordinal(memory)
        if on != current:
            raise _device_mismatch(self.name, param, on, current)

    def _argument_count_error(self, given):
        names = [name for name, _ in self._parameter_names()]
        count = len(names)
        return TypeError(f"{self.name}() takes {count} argument{'' if count == 1 else 's'} "
                         f"({', '.join(names)}) but {given} {'was' if given == 1 else 'were'} "
                         "given")

    def _parameter_names(self):
        """(name, group or None) of the kernel's parameters as its Python function has them:
        a tuple or record parameter once, with its _Group."""
        if not self._groups:
            return [(param.name, None) for param in self._params]
        names, position = [], 0
        for group in self._groups:
            names += [(param.name, None) for param in self._params[position:group.start]]
            names.append((group.name, group))
            position = group.start + group.count
        return names + [(param.name, None) for param in self._params[position:]]

    def flatten_arguments(self, args):
        """The arguments as the translation passes them: each tuple argument as its items,
        each record array as its fields' arrays; and what to run after the launch (copying a
        single record's fields back into it)."""
        names = self._parameter_names()
        if len(args) != len(names):
            raise self._argument_count_error(len(args))
        flat, after = [], []
        for (name, group), arg in zip(names, args):
            if group is None:
                flat.append(arg)
            elif group.fields is not None:
                flat += self._record_arguments(name, group, arg, after)
            elif not isinstance(arg, tuple) or len(arg) != group.count:
                raise TypeError(f"{self.name}(): argument '{name}' must be a tuple of "
                                f"{group.count} number{'' if group.count == 1 else 's'}, got "
                                f"{arg!r}")
            else:
                flat += arg
        return flat, after

    def _record_arguments(self, name, group, arg, after):
        """The field arrays of a record array argument (a NumPy structured array, a device
        array of records, or cuda.In/Out/InOut of one), or of a single record (NumPy's
        structured scalar, passed as an array of one and copied back after the launch)."""
        where = f"{self.name}(): argument '{name}'"
        if group.single:
            if not isinstance(arg, np.void) or arg.dtype.names is None:
                raise TypeError(f"{where} must be a record (a NumPy structured scalar, as "
                                f"array[i] of a structured array), got {type(arg).__name__}")
            record, arg = arg, np.array([arg])
            if group.written:
                after.append(lambda: _copy_record_back(arg, record, group.fields))
        handler = None
        if isinstance(arg, ArgumentHandler):
            handler, arg = type(arg), arg.array
        if not isinstance(arg, (np.ndarray, CudaArray)):
            raise TypeError(f"{where} must be a record array (a NumPy structured array or a "
                            f"device array of records), got {type(arg).__name__}")
        names = arg.dtype.names or ()
        if any(field not in names for field in group.fields):
            raise TypeError(f"{where} must be an array of records with the fields "
                            f"{', '.join(group.fields)}, got an array of {arg.dtype}")
        views = [_field_argument(arg[field]) for field in group.fields]
        return [handler(view) for view in views] if handler else views

    def _launch(self, config, args):
        after = ()
        if self._groups:
            args, after = self.flatten_arguments(args)
        params = self._params
        if len(args) != len(params):
            raise self._argument_count_error(len(args))
        values = []
        staged = []
        for param, arg in zip(params, args):
            item = param.convert(arg)
            if not param.is_array:
                if param.words == 1:
                    values.append(item)
                else:
                    values += item  # a complex number's two parts
            elif item.__class__ in _ARRAY_VIEWS:
                values += item._packed_strided if param.strided else item._packed
                if item.__class__ is ForeignArray:
                    order_after(item.producer_stream, config._obj.stream)
                elif selection.several:
                    self._check_device(param, item)
            else:
                staged.append((len(values), param, item))
                values += param.placeholder  # the words of the array, once it is in place
        handle = self._handle if self._handle is not None else self._device_kernel()
        if not staged:
            _ffi.check(self._launch_packed(handle, config, self._struct.pack(*values),
                                           self._args_size))
            for action in after:
                action()
            return
        temporaries = []
        try:
            for position, param, item in staged:
                values[position:position + param.words] = _place(
                    item, param.strided, temporaries, self._host_memory)
            _ffi.check(self._launch_packed(handle, config, self._struct.pack(*values),
                                           self._args_size))
            for device, item in temporaries:
                if item.copy_back is None:
                    continue
                if device is not None:
                    device._download_into(item.host)
                if item.copy_back is not item.host:
                    item.copy_back[...] = item.host
            for action in after:
                action()
        finally:
            for device, _ in temporaries:
                if device is not None:
                    device.free()


def _device_mismatch(kernel_name, param, array, current):
    return ValueError(
        f"{kernel_name}(): the argument '{param.name}' is an array on device {array} but the "
        f"kernel runs on device {current}, the current one: copy it there with "
        f"cudapy.to_device(array, device={current}), or launch inside "
        f"`with cudapy.device({array}):`")


def _place(item, strided, temporaries, host_memory):
    """The packed words (address, extents, strides if `strided`) of a staged argument for this
    launch: of a device copy, or in host memory of the array itself. `temporaries` gets
    (device copy or None, _Staged) for what must be freed or copied back after the launch."""
    if isinstance(item, _ARRAY_VIEWS):
        return item._packed_strided if strided else item._packed
    if item.__class__ is _Staged:
        if host_memory:
            array = item.host
            if item.copy_back is not None and item.copy_back is not array:
                temporaries.append((None, item))
            words = (array.ctypes.data, *array.shape)
            if strided:
                words += tuple(stride // array.itemsize for stride in array.strides)
            return words
        device = CudaArray(item.host, target="cuda")
        temporaries.append((device, item))
        return device._packed_strided if strided else device._packed
    # The rows of a T** argument: a table of cudapy_array descriptors, two words each.
    descriptors = np.empty(2 * len(item.rows), dtype=np.uint64)
    for index, row in enumerate(item.rows):
        descriptors[2 * index: 2 * index + 2] = _place(row, False, temporaries, host_memory)
    staged_table = _Staged(descriptors, None)
    if host_memory:
        temporaries.append((None, staged_table))  # keeps the table alive for the launch
        return descriptors.ctypes.data, len(item.rows)
    table = CudaArray(descriptors, target="cuda")
    temporaries.append((table, staged_table))
    return table._pointer, len(item.rows)


# bool first: it is an int
_PYTHON_SCALARS = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}
# The classes whose instances a type key names by their class alone, made with the first
# Dispatcher (NumPy's classes among them: `import cudapy` does not import NumPy).
_SCALAR_CLASSES = frozenset()


def _scalar_classes():
    return frozenset([bool, int, float, np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8,
                      np.uint16, np.uint32, np.uint64, np.float16, np.float32, np.float64,
                      complex, np.complex64, np.complex128])


def _type_key(value):
    """A cheap key for the argument types a specialization is compiled for."""
    cls = value.__class__
    if cls in _SCALAR_CLASSES:
        return cls
    if isinstance(value, ArgumentHandler):  # cuda.In(array): the array's type
        return _type_key(value.array)
    if cls is np.void or cls is np.record:  # a single record: its dtype
        return value.dtype
    if isinstance(value, tuple):  # by its items' types, each tuple type a kernel of its own
        return cls, tuple(map(_type_key, value))
    if cls is np.ndarray:
        flags = value.flags
        return value.dtype, value.ndim, flags.c_contiguous, flags.f_contiguous
    if cls is CudaArray or isinstance(value, CudaArray):
        return value._type_key
    if isinstance(value, np.ndarray):
        return _type_key(value.view(np.ndarray))
    key = foreign_type_key(value)
    if key is not None:
        return key
    foreign = foreign_array(value)
    return cls if foreign is None else foreign._type_key


class _Group(NamedTuple):
    """A parameter of the Python function that the translation passes as `count` parameters
    from `start` on: a tuple's items (`fields` None), or a record array's fields."""

    name: str
    start: int
    count: int
    fields: Optional[tuple] = None
    single: bool = False  # a single record, passed as an array of one
    written: bool = False  # whether the kernel may store into a field


def _single_records(signature):
    """The positions of the parameters a signature's text gives as single records,
    `Record(...)` without the dimensions of an array of them."""
    items = signature_items(signature[signature.find("(") + 1:signature.rfind(")")])
    return {position for position, item in enumerate(items)
            if item.strip().startswith("Record(") and item.strip().endswith(")")}


def _parameter_groups(params, single_records):
    """The _Group of each tuple and record parameter: the translation names a tuple's items
    `name[0]`, `name[1]`, ... and a record array's fields `name.x`, `name.y`, ..., which no
    Python parameter can be called. `single_records`: the positions of the Python function's
    parameters that are single records."""
    groups = []
    python_position = -1  # of the Python parameter that `param` belongs to
    for position, param in enumerate(params):
        base, bracket, index = param.name.partition("[")
        field = None
        if not bracket:
            base, dot, field = param.name.partition(".")
            if not dot:
                python_position += 1
                continue
        group = groups[-1] if groups else None
        if (group is not None and group.name == base and group.start + group.count == position
                and (group.fields is None) == (field is None) and index != "0]"):
            groups[-1] = group._replace(
                count=group.count + 1, written=group.written or param.written,
                fields=None if field is None else group.fields + (field,))
            continue
        python_position += 1
        groups.append(_Group(base, position, 1, None if field is None else (field,),
                             python_position in single_records, param.written))
    return groups


def _field_argument(view):
    """What a kernel gets for a record's field: the field's view, a complex one as its parts
    (a last dimension of two floats), as the translation passes them."""
    if isinstance(view, np.ndarray):
        view = view.view(np.ndarray)  # a recarray's fields too
        if view.dtype.kind == "c":
            view = view[..., None].view(f"f{view.dtype.itemsize // 2}")
        return view
    return view._complex_parts() if view._dtype.kind == "c" else view


def _copy_record_back(holder, record, fields):
    """Stores the fields of `holder`, an array of one record, into `record`, NumPy's
    structured scalar (which writes through to its array)."""
    for field in fields:
        record[field] = holder[field][0]


class _Overloads(dict):
    """Kernels by signature text; numba's key, a tuple of argument types, finds the same."""

    def __missing__(self, key):
        if isinstance(key, (tuple, list)):
            text = str(signature_text(key))
            if dict.__contains__(self, text):
                return dict.__getitem__(self, text)
        raise KeyError(key)


class Dispatcher:
    """A kernel made by @cuda.jit. `kernel[grid, block](*args)` (also `[grid, block, stream,
    shared_bytes]`) and CudaPy's `kernel(nx, ny, nz)(*args)` launch it, compiled for the
    signature it was given, or else for the types of `args`."""

    def __init__(self, function, signature, options, target):
        global _SCALAR_CLASSES
        if not _SCALAR_CLASSES:
            _SCALAR_CLASSES = _scalar_classes()
        functools.update_wrapper(self, function)
        self.py_func = function
        self.target = targets.resolve(target)
        self._options = options
        code = function.__code__
        self._param_names = code.co_varnames[:code.co_argcount]
        self._lock = threading.Lock()
        self._by_types = {}  # _type_key tuple -> Kernel
        self._by_signature = {}  # signature text -> Kernel
        self._launches = LaunchCache()
        self._device_function = None
        # numba's argument extensions: objects whose prepare_args(ty, val, stream=, retr=)
        # gives each argument's (type, value) before a launch (`ty`: the parameter's type as
        # a cudapy signature spells it); callables put in `retr` run after the launch.
        self.extensions = []
        signatures = signature if isinstance(signature, list) else [signature]
        self._kernel = self._compile(signatures[0]) if len(signatures) == 1 and signature else None
        # numba's list of signatures: each call runs the one its arguments match best.
        self._overloads = ([self._compile(text) for text in signatures]
                           if len(signatures) > 1 else None)
        # numba's specialize(): a dispatcher per argument types, which takes no other.
        self.specializations = {}  # signature text -> Dispatcher
        self._is_specialization = False

    def __repr__(self):
        return f"<cudapy.cuda kernel {self.__name__}>"

    def as_device_function(self):
        """The kernel's function as a device function, which a kernel that calls this one
        compiles in (numba's kernels call each other so)."""
        if self._device_function is None:
            self._device_function = DeviceFunction(self.py_func, None)
        return self._device_function

    @property
    def signatures(self):
        """The signatures compiled so far."""
        return list(self._by_signature)

    def inspect_asm(self, signature=None):
        """numba's: the PTX of the kernel compiled for `signature` (a signature string or
        numba's tuple of argument types; compiled now if it was not), or, without one, a dict of
        the PTX of every signature compiled so far."""
        return self._inspect(signature, lambda kernel: kernel.ptx())

    def inspect_lto_ptx(self, signature=None):
        """numba's PTX after link-time optimization: cudapy compiles a kernel with every
        function it calls as one program and links no LTO-IR, so this is inspect_asm's PTX."""
        return self.inspect_asm(signature)

    def inspect_llvm(self, signature=None):
        """What numba's gives as LLVM IR, in cudapy's terms: the CUDA C++ the kernel compiled for
        `signature` was translated to (or, without one, a dict of it by signature)."""
        return self._inspect(signature, lambda kernel: kernel.cuda_source)

    def get_regs_per_thread(self, signature=None):
        """numba's: the registers a thread of the kernel compiled for `signature` uses; without
        one, that of the kernel given one signature, or a dict of every compiled signature's
        by its argument types (`sig.args`)."""
        return self._attribute(signature, "regs_per_thread")

    def get_shared_mem_per_block(self, signature=None):
        """numba's: the static shared memory of a block, in bytes (as get_regs_per_thread)."""
        return self._attribute(signature, "shared_mem_per_block")

    def get_local_mem_per_thread(self, signature=None):
        """numba's: the local memory of a thread, in bytes (as get_regs_per_thread)."""
        return self._attribute(signature, "local_mem_per_thread")

    def get_const_mem_size(self, signature=None):
        """numba's: the constant memory of the kernel's module, in bytes (as
        get_regs_per_thread)."""
        return self._attribute(signature, "const_mem_size")

    def get_max_threads_per_block(self, signature=None):
        """numba's: the largest block the kernel can be launched with (as
        get_regs_per_thread)."""
        return self._attribute(signature, "max_threads_per_block")

    def _attribute(self, signature, name):
        if signature is None and self._kernel is not None:
            return getattr(self._kernel, name)
        if signature is None:
            return {Signature(text).args: getattr(kernel, name)
                    for text, kernel in self.overloads.items()}
        return self._inspect(signature, lambda kernel: getattr(kernel, name))

    def _inspect(self, signature, read):
        if signature is None:
            return {text: read(kernel) for text, kernel in self.overloads.items()}
        text = str(signature_text(signature))
        with self._lock:
            kernel = self._by_signature.get(text) or self._compile(text)
        return read(kernel)

    @property
    def overloads(self):
        """The kernels (cudapy.Kernel) compiled so far, by signature, as numba's dispatcher
        keeps them: `kernel.overloads[kernel.signatures[0]]`, or by the tuple of argument types
        it was compiled for (`kernel.overloads[(int32[:, ::1],)]`)."""
        return _Overloads(self._by_signature)

    def __getitem__(self, key):
        if self._kernel is not None and not self.extensions:
            return self._kernel[key]
        launch = self._launches.get(key)
        if launch is None:
            launch = self._launches.put(
                key, _DispatchedLaunch(self, launch_config(self.__name__, key)))
        return launch

    def __call__(self, nx, ny=1, nz=1):
        try:
            if self._kernel is not None and not self.extensions:
                return self._kernel(nx, ny, nz)
            return _DispatchedLaunch(self, thread_config(self.__name__, nx, ny, nz))
        except (TypeError, ValueError) as error:
            # numba's kernels have no such call: kernel(x) there is a launch without a shape.
            raise type(error)(f"{error}: the launch configuration was not specified? A "
                              f"kernel launches as {self.__name__}[blocks, threads](...), or "
                              f"as {self.__name__}(threads)(...)") from None

    def launch(self, *args, grid, block, stream=0, shared_mem=0):
        """Launches at once: `kernel.launch(x, y, grid=blocks, block=threads, stream=s,
        shared_mem=bytes)` is `kernel[blocks, threads, s, bytes](x, y)`."""
        self[grid, block, stream, shared_mem](*args)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """numba's: the kernel configured for `ntasks` threads in one dimension, `tpb` a block
        (0: the block size cudapy chooses, and exactly `ntasks` threads run), on `stream`
        with `sharedmem` bytes of dynamic shared memory; call it with the arguments."""
        if tpb:
            blocks = -(-_count(ntasks, f"{self.__name__}.forall(): ntasks") // tpb)
            return self[blocks, tpb, stream, sharedmem]
        config = forall_config(self.__name__, ntasks, stream, sharedmem)
        if self._kernel is not None and not self.extensions:
            return self._kernel._make_launch(self._kernel, config)
        return _DispatchedLaunch(self, config)

    def launch_split(self, n, *args, devices=None):
        """Launches `n` threads, one per row, spread over `devices` (all of the target's unless
        given): each device runs its rows' threads on its piece of each SplitArray argument
        (cudapy.split); NumPy arguments of `n` rows are split and copied back. See
        cudapy.multidevice.launch_split."""
        launch_split(self, n, args, devices)

    def specialize(self, *args):
        """numba's: a dispatcher of the kernel compiled for the types of `args` (values, or
        type objects such as float32[::1]), kept in `specializations`. A kernel given its
        signatures, or a specialization, has none of its own (RuntimeError)."""
        if self._kernel is not None or self._overloads is not None or self._is_specialization:
            raise RuntimeError(f"Dispatcher already specialized: {self.__name__} takes the "
                               "signatures it was given")
        self._check_count(args)
        signature = "void({})".format(", ".join(
            str(value) if isinstance(value, (ScalarType, ArrayType))
            else self._argument_type(name, value)
            for name, value in zip(self._param_names, args)))
        with self._lock:
            found = self.specializations.get(signature)
            if found is None:
                found = Dispatcher(self.py_func, signature, self._options, self.target)
                found._is_specialization = True
                self.specializations[signature] = found
        return found

    def _kernel_for(self, args):
        kernel = self._by_types.get(tuple(map(_type_key, args)))
        return kernel if kernel is not None else self._specialize(args)

    def _specialize(self, args):
        if self._overloads is not None:
            kernel = self._resolve(args)
            self._by_types[tuple(map(_type_key, args))] = kernel
            return kernel
        signature = self._signature_of(args)
        with self._lock:
            kernel = self._by_signature.get(signature) or self._compile(signature)
            self._by_types[tuple(map(_type_key, args))] = kernel
        return kernel

    def _compile(self, signature):
        program = _Program(self.py_func, signature, self._options, self.target)
        program.check()
        kernel = Kernel(program, program.name)
        self._by_signature[signature] = kernel
        return kernel

    def _resolve(self, args):
        """The kernel of the given signatures that `args` fit best, as numba chooses: fewest
        unsafe conversions, then fewest safe ones, then fewest promotions."""
        self._check_count(args)
        given = [_ArgumentType.of(value) for value in args]
        rated = []
        for kernel in self._overloads:
            costs = [argument.cost_to(param) for argument, param in zip(given, kernel._params)]
            if None not in costs:
                rated.append((conversion_rating(costs), kernel))
        shown = ", ".join(map(str, given))
        if not rated:
            raise TypeError(f"No matching definition for argument type(s) {shown} of "
                            f"{self.__name__}(); its signatures: {', '.join(self.signatures)}")
        rated.sort(key=lambda pair: pair[0])  # stable: ties keep the signatures' order
        best = [kernel for rating, kernel in rated if rating == rated[0][0]]
        if len(best) > 1:
            choices = "\n".join(f"({', '.join(_ArgumentType.of_param(p) for p in k._params)})"
                                " -> none" for k in best[:2])
            raise TypeError(f"Ambiguous overloading for {self.py_func!r} ({shown}):\n{choices}")
        return best[0]

    def _check_count(self, args):
        names = self._param_names
        if len(args) != len(names):
            count = len(names)
            raise TypeError(f"{self.__name__}() takes {count} argument"
                            f"{'' if count == 1 else 's'} ({', '.join(names)}) but {len(args)} "
                            f"{'was' if len(args) == 1 else 'were'} given")

    def _signature_of(self, args):
        self._check_count(args)
        types = [self._argument_type(name, value) for name, value in zip(self._param_names, args)]
        return f"void({', '.join(types)})"

    def _argument_type(self, name, value):
        """The signature type of an argument: Python numbers as int64, float64 and bool, NumPy
        scalars as their type, arrays by dtype, dimensions and layout."""
        where = f"{self.__name__}(): argument '{name}'"
        if isinstance(value, ArgumentHandler):
            value = value.array
        if isinstance(value, np.void) and value.dtype.names is not None:
            return self._record_type(where, value.dtype)
        if isinstance(value, np.generic):
            return self._element_type(where, value.dtype)
        for python_type, name in _PYTHON_SCALARS.items():
            if isinstance(value, python_type):
                return name
        if isinstance(value, tuple):
            return self._tuple_type(where, value)
        if isinstance(value, np.ndarray):
            dtype, ndim, layout = value.dtype, value.ndim, ndarray_layout(value)
        elif isinstance(value, CudaArray):
            dtype, ndim, layout = value._type_key
        else:
            foreign = foreign_array(value)
            if foreign is None:
                lists = (" (a list: pass a NumPy array, or give the kernel a signature)"
                         if isinstance(value, list) else "")
                raise TypeError(f"{where} is a {type(value).__name__}{lists}; kernels take "
                                "numbers, NumPy arrays and device arrays")
            dtype, ndim, layout = foreign._type_key
        if ndim == 0:
            raise ValueError(f"{where} is a 0-d array; pass its value as a scalar")
        if dtype.names is not None:
            return f"{self._record_type(where, dtype)}[{', '.join([':'] * ndim)}]"
        self._element_type(where, dtype)
        return array_type(dtype, ndim, layout)

    @staticmethod
    def _record_type(where, dtype):
        try:
            return record_type(dtype)
        except TypeError as error:
            raise TypeError(f"{where}: {error}") from None

    def _tuple_type(self, where, value):
        """numba's type of a tuple of numbers: UniTuple(int64, 3) when its items have one
        type, else Tuple(int64, float64, ...)."""
        items = []
        for item in value:
            if isinstance(item, (tuple, list, np.ndarray, CudaArray)) or not (
                    isinstance(item, np.generic) or isinstance(item, tuple(_PYTHON_SCALARS))):
                raise TypeError(f"{where} is a tuple holding a {type(item).__name__}; kernels take "
                                "tuples of numbers")
            items.append(self._argument_type(where, item))
        if not items:
            raise TypeError(f"{where} is an empty tuple, which passes nothing")
        fields = getattr(value, "_fields", None)
        if fields is not None:  # a namedtuple: its items by name too (p.x)
            return f"NamedTuple({', '.join(f'{n}: {t}' for n, t in zip(fields, items))})"
        if len(set(items)) == 1:
            return f"UniTuple({items[0]}, {len(items)})"
        return f"Tuple({', '.join(items)})"

    @staticmethod
    def _element_type(where, dtype):
        try:
            scalar_type_of(dtype)
        except TypeError as error:
            raise TypeError(f"{where}: {error}") from None
        return dtype.name


_LAYOUT_NAMES = {_ffi.Layout.C: "C", _ffi.Layout.F: "F", _ffi.Layout.ANY: "A"}
# Conversions of an argument to a parameter, cheapest first (numba's ranking of overloads).


def _count(value, what):
    if value.__class__ is not int or value < 0:
        raise TypeError(f"{what} must be a non-negative int, got {value!r}")
    return value


class _ArgumentType(NamedTuple):
    """What overload resolution knows of an argument: its dtype, and for an array its
    dimensions and layout ("C", "F" or "A")."""

    dtype: object
    ndim: int = 0
    layout: str = ""

    @classmethod
    def of(cls, value):
        if isinstance(value, ArgumentHandler):
            value = value.array
        if isinstance(value, np.generic):
            return cls(value.dtype)
        for python_type, name in _PYTHON_SCALARS.items():
            if isinstance(value, python_type):
                return cls(np.dtype(name))
        if isinstance(value, np.ndarray):
            return cls(value.dtype, value.ndim, _LAYOUT_NAMES[ndarray_layout(value)])
        array = value if isinstance(value, CudaArray) else foreign_array(value)
        if array is None:
            raise TypeError(f"an argument is a {type(value).__name__}; kernels take numbers, "
                            "NumPy arrays and device arrays")
        dtype, ndim, layout = array._type_key
        return cls(dtype, ndim, _LAYOUT_NAMES[layout])

    @staticmethod
    def of_param(param):
        if not param.is_array:
            return param.dtype.name
        return str(_ArgumentType(param.dtype, param.ndim, _LAYOUT_NAMES[param.layout]))

    def cost_to(self, param):
        """The conversion the argument needs to pass as `param`, or None when it cannot."""
        if param.is_array != bool(self.ndim):
            return None
        if param.is_array:
            layout = _LAYOUT_NAMES[param.layout]
            if param.dtype != self.dtype or param.ndim != self.ndim or layout not in (
                    self.layout, "A"):
                return None
            return EXACT if layout == self.layout else PROMOTE
        return scalar_conversion(self.dtype, param.dtype)

    def __str__(self):
        if not self.ndim:
            return self.dtype.name
        return f"Array({self.dtype.name}, {self.ndim}, '{self.layout}', False, aligned=True)"


class _DispatchedLaunch:
    """A @cuda.jit kernel without a signature, with its launch shape: each call runs the
    kernel compiled for its arguments' types."""

    __slots__ = ("_dispatcher", "_config", "_launches")

    def __init__(self, dispatcher, config):
        self._dispatcher = dispatcher
        self._config = config
        self._launches = {}  # Kernel -> its launch (with its fast path) of this shape

    def __call__(self, *args, seq=False):
        """Launches the kernel; `seq=True` runs the Python function in the interpreter."""
        dispatcher = self._dispatcher
        # A kernel of one signature comes here only with extensions.
        kernel = (dispatcher._kernel if dispatcher._kernel is not None
                  else dispatcher._kernel_for(args))
        launch = self._launches.get(kernel)
        if launch is None:
            launch = self._launches[kernel] = kernel._make_launch(kernel, self._config)
        extensions = self._dispatcher.extensions
        if not extensions:
            launch(*args, seq=seq)
            return
        retr = []
        if len(args) != len(kernel._params):
            raise kernel._argument_count_error(len(args))
        prepared = []
        for param, value in zip(kernel._params, args):
            type_ = param.type
            for extension in extensions:
                type_, value = extension.prepare_args(type_, value, stream=self._config.stream,
                                                      retr=retr)
            prepared.append(value)
        launch(*prepared, seq=seq)
        for write_back in retr:
            write_back()


def compile(functions, sig=None, fast_math=False, line_info=False, target=None, debug=False,
            max_registers=None, launch_bounds=None, compiler=None, link=None):
    """Translates a kernel (or a list: the kernel first, then its helpers) to CUDA C++ at once;
    compiles and loads it for its target on its first launch, or, for the GPU once the process
    has a GPU array, in the background from now on (the first launch then takes the result).

    `sig` gives the kernel's signature as a string, or several as {name: signature}. A single
    function with neither `sig` nor a signature comment is compiled at its calls for its
    arguments' types, once per type tuple (Python ints as int64, floats as float64, NumPy
    scalars and arrays by their dtype, dimensions and layout), as numba's @cuda.jit. `target`
    is "cuda" (the GPU), "cpu" (compiled C++ on the host's cores) or "python" (every launch
    runs in the interpreter, see cudapy.interpreter); the default is $CUDAPY_TARGET, else
    "cuda". `debug` checks the kernel's asserts (a failure raises KernelAssertionError);
    `max_registers` caps the registers of a thread; `launch_bounds` is the largest block the
    kernel is launched with, or (that, the minimum blocks per multiprocessor), or those and
    the most blocks of a cluster (sm_90 and later). `compiler` is
    "nvrtc" or "nvcc" (None: $CUDAPY_COMPILER, else NVRTC). `link` is CUDA C++ (source text or
    .cu files) compiled with the kernel, defining the device functions of
    cudapy.declare_device it calls; a declared function in `link` is called by its own name
    (how kernel source text calls one).
    """
    options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler, link)
    first_source = None
    if sig is None and isinstance(functions, FunctionType):
        first_source = _function_source(functions)
        if not _has_signature(first_source):
            # Typed at each call by its arguments, as numba's @cuda.jit without a signature.
            return Dispatcher(functions, None, options, target)
    program = _Program(functions, sig, options, target, first_source)
    if program.name is None:
        raise ValueError("the first source defines no function")
    program.check()
    name = program.name
    if isinstance(functions, str):
        # Source text's one kernel is the kernel, wherever its helpers stand.
        kernels = program.kernel_names()
        if len(kernels) > 1:
            raise ValueError(f"the source defines {len(kernels)} kernels ({', '.join(kernels)}); "
                             "compile() gives one: use cudapy.module() for several")
        if kernels:
            name = kernels[0]
    return Kernel(program, name)


def _has_signature(source):
    """Whether a CudaPy signature comment (`# name : ...`) sits in the comments above the
    function whose _Source this is."""
    for line in source.text.splitlines():
        text = line.strip()
        if text.startswith("#"):
            words = text[1:].lstrip()
            if words.startswith(source.name) and words[len(source.name):].lstrip().startswith(":"):
                return True
        elif _FIRST_DEF.match(line):
            return False
    return False


class Module:
    """Every kernel of one compile, as attributes: `module.saxpy(n)(...)`. The kernels share
    one translation and one compiled module."""

    def __init__(self, functions, sig=None, fast_math=False, line_info=False, target=None,
                 debug=False, max_registers=None, launch_bounds=None, compiler=None, link=None):
        options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler,
                           link)
        program = _Program(functions, sig, options, target)
        self.cuda_source = program.translate()
        self._program = program
        self.kernels = {name: Kernel(program, name)
                        for name in program.kernel_names()}

    def __getattr__(self, name):
        kernels = self.__dict__.get("kernels", {})
        if name in kernels:
            return kernels[name]
        raise AttributeError(f"the module has no kernel '{name}'; its kernels: "
                             f"{', '.join(kernels) or 'none'}")

    def __dir__(self):
        return [*super().__dir__(), *self.kernels]

    def ptx(self, arch=None):
        """The module's PTX for `arch`."""
        return self._program.ptx(arch)


def module(functions, sig=None, fast_math=False, line_info=False, target=None, debug=False,
           max_registers=None, launch_bounds=None, compiler=None):
    """Translates several kernels and their helpers at once (functions, or source text) and
    returns them as the attributes of a Module; the options are compile()'s."""
    return Module(functions, sig, fast_math, line_info, target, debug, max_registers,
                  launch_bounds, compiler)
