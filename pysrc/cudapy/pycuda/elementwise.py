"""PyCUDA's ElementwiseKernel in its C form: the operation is CUDA C++, run for each index `i`
of the first array argument (or of `range=`/`slice=`), compiled with cudapy's SourceModule.

    lin_comb = ElementwiseKernel("float a, float *x, float b, float *y, float *z",
                                 "z[i] = a*x[i] + b*y[i]", "lin_comb")
    lin_comb(5, x_gpu, 6, y_gpu, z_gpu)

Scalars are converted to their declared types; `n` is the first array's size; `i` is a 64-bit
index, so arrays of more than 2**32 elements work; range= and slice= may step backwards.
"""

import re

import numpy as np

from ..array import CudaArray
from ..cuda_source import DevicePointer, SourceModule
from ..elementwise import _BLOCK, _LANES, _blocks, index_span
from .tools import parse_arguments

_MAX_BLOCKS = 8192
_ALIGNMENT = 16  # bytes: what a 128-bit load or store needs
# Statements that leave the loop: index by index, a thread's indices would then differ.
_JUMPS = re.compile(r"\b(?:break|goto|return)\b")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w{0,200}")


def kernel_name(name):
    """`name` checked to be a C identifier: it names the generated kernel."""
    if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name):
        raise ValueError(f"a kernel's name must be a C identifier, got {name!r}")
    return name


def _declarations(arguments):
    """The C argument list as written, and the parsed arguments."""
    if isinstance(arguments, str):
        return arguments, parse_arguments(arguments)
    parsed = list(arguments)
    return ", ".join(arg.declarator() for arg in parsed), parsed


def launch_shape(count):
    """Blocks and threads for a grid-stride loop over `count` indices."""
    blocks = max(1, min((count + _BLOCK - 1) // _BLOCK, _MAX_BLOCKS))
    return (blocks, 1), (_BLOCK, 1, 1)


def _restricted(declarations):
    """The C argument list with each pointer declared __restrict__ ('float *x' becomes
    'float *__restrict__ x')."""
    return ", ".join(re.sub(r"\*(?!.*\*)", "*__restrict__ ", part, flags=re.S)
                     for part in declarations.split(","))


def _aligned_apart(parsed, args):
    """Whether every pointer argument is a cudapy device array whose element 0 lies at a
    multiple of _ALIGNMENT bytes, and no two of them share a byte."""
    spans = []
    for declared, arg in zip(parsed, args):
        if declared.struct_char != "P":
            continue
        if arg.__class__ is not CudaArray or arg._buffer is None or arg._pointer % _ALIGNMENT:
            return False
        low = arg._pointer + arg._first  # below element 0 where strides are negative
        spans.append((low, low + arg._span))
    spans.sort()
    return all(end <= next_start for (_, end), (next_start, _) in zip(spans, spans[1:]))


def converted(parsed, args):
    """The arguments with each scalar converted to its declared type, and each address given
    as an int marked as one."""
    if len(args) != len(parsed):
        raise TypeError(f"the kernel takes {len(parsed)} arguments, {len(args)} given")
    values = []
    for declared, arg in zip(parsed, args):
        if declared.struct_char == "P":
            values.append(DevicePointer(arg) if type(arg) is int else arg)
        elif isinstance(arg, np.generic) and arg.dtype == declared.dtype:
            values.append(arg)
        else:
            values.append(declared.dtype.type(arg))
    return values


def first_size(parsed, args):
    for declared, arg in zip(parsed, args):
        if declared.struct_char == "P":
            return arg.size
    raise TypeError("the kernel has no array argument to take its size from")


class ElementwiseKernel:
    """PyCUDA's ElementwiseKernel (C form); call it with the arguments and optionally
    range=, slice= and stream=.

    A second kernel of the module runs four consecutive indices per thread from a multiple of
    four, its pointers declared __restrict__ and 16-byte aligned, so that the compiler loads and
    stores the four indices' operands in single 128-bit accesses: a call over every index (no
    range= or slice=) uses it when every pointer argument is a device array at a multiple of
    16 bytes and no two of them overlap (what __restrict__ promises), for an operation without
    loop_prep, after_loop or a jump out of the loop, which then runs index by index as in
    PyCUDA's."""

    def __init__(self, arguments, operation, name="kernel", keep=False, options=None,
                 preamble="", loop_prep="", after_loop=""):
        self.name = kernel_name(name)
        declarations, self._parsed = _declarations(arguments)
        source = f"""{preamble}
extern "C" __global__ void {self.name}({declarations}, long long cudapy_start,
    long long cudapy_step, long long cudapy_count, long long n)
{{
  const long long cudapy_threads = (long long)gridDim.x * blockDim.x;
  {loop_prep};
  for (long long cudapy_k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       cudapy_k < cudapy_count; cudapy_k += cudapy_threads)
  {{
    long long i = cudapy_start + cudapy_k * cudapy_step;
    {operation};
  }}
  {after_loop};
}}
"""
        self._lanes = not (loop_prep.strip() or after_loop.strip()
                           or _JUMPS.search(operation))
        if self._lanes:
            aligned = "".join(f"  {arg.name} = (decltype({arg.name}))__builtin_assume_aligned("
                              f"{arg.name}, {_ALIGNMENT});\n"
                              for arg in self._parsed if arg.struct_char == "P")
            source += f"""
extern "C" __global__ void {self.name}_lanes({_restricted(declarations)},
    long long cudapy_count, long long n)
{{
{aligned}  const long long cudapy_threads = (long long)gridDim.x * blockDim.x;
  long long cudapy_k = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * {_LANES};
  for (; cudapy_k + {_LANES - 1} < cudapy_count; cudapy_k += cudapy_threads * {_LANES})
  {{
#pragma unroll
    for (int cudapy_lane = 0; cudapy_lane < {_LANES}; ++cudapy_lane)
    {{
      long long i = cudapy_k + cudapy_lane;
      {operation};
    }}
  }}
  for (; cudapy_k < cudapy_count; ++cudapy_k)
  {{
    long long i = cudapy_k;
    {operation};
  }}
}}
"""
        self._module = SourceModule(source, options=options, no_extern_c=True,
                                    name=f"{self.name}.cu")
        self._function = self._module.get_function(self.name)
        self._lanes_function = (self._module.get_function(f"{self.name}_lanes")
                                if self._lanes else None)

    def __call__(self, *args, range=None, slice=None, stream=None):
        values = converted(self._parsed, args)
        size = first_size(self._parsed, args)
        start, step, count = index_span(self.name, size, range, slice)
        if count == 0:
            return
        if self._lanes and start == 0 and step == 1 and _aligned_apart(self._parsed, args):
            self._lanes_function(*values, np.int64(count), np.int64(size),
                                 grid=(_blocks(count, _LANES), 1), block=(_BLOCK, 1, 1),
                                 stream=stream)
            return
        grid, block = launch_shape(count)
        self._function(*values, np.int64(start), np.int64(step), np.int64(count),
                       np.int64(size), grid=grid, block=block, stream=stream)

    def get_texref(self, name):
        """PyCUDA's texture reference of the kernel's module: UnsupportedError, as CUDA 12
        removed texture references."""
        return self._module.get_texref(name)


def get_elwise_kernel(arguments, operation, name="kernel", options=None, **kwargs):
    """PyCUDA's helper: the ElementwiseKernel of these arguments and operation."""
    return ElementwiseKernel(arguments, operation, name, options=options, **kwargs)


__all__ = ["ElementwiseKernel", "get_elwise_kernel"]
