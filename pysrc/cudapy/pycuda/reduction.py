"""PyCUDA's ReductionKernel in its C form: `map_expr` (CUDA C++ over the arguments and the index
`i`) gives each index's value, `reduce_expr` combines two values `a` and `b`; compiled with
cudapy's SourceModule.

    dot = ReductionKernel(np.float32, neutral="0", reduce_expr="a+b",
                          map_expr="x[i]*y[i]", arguments="float *x, float *y")
    dot(x_gpu, y_gpu).get()

A call runs two passes: each block folds a grid-stride share of the indices and then its
threads' values in shared memory, and one block folds the blocks' values. The result is a 0-d
GPUArray; no indices give `neutral`.
"""

import numpy as np

from ..elementwise import index_span
from .elementwise import _declarations, converted, first_size, kernel_name
from .tools import dtype_to_ctype

_BLOCK = 256
_MAX_BLOCKS = 1024


def _source(name, out_type, neutral, reduce_expr, map_expr, declarations, preamble):
    fold = f"""
  // The block's values folded in shared memory, kept as raw storage so that types with
  // constructors may be reduced too.
  __shared__ __align__(16) unsigned char cudapy_storage[{_BLOCK} * sizeof(cudapy_out)];
  cudapy_out *cudapy_values = reinterpret_cast<cudapy_out *>(cudapy_storage);
  cudapy_values[threadIdx.x] = cudapy_acc;
  __syncthreads();
  for (unsigned cudapy_half = {_BLOCK // 2}; cudapy_half > 0; cudapy_half /= 2) {{
    if (threadIdx.x < cudapy_half)
      cudapy_values[threadIdx.x] = cudapy_reduce(cudapy_values[threadIdx.x],
                                                 cudapy_values[threadIdx.x + cudapy_half]);
    __syncthreads();
  }}
  if (threadIdx.x == 0) cudapy_result[blockIdx.x] = cudapy_values[0];
"""
    return f"""{preamble}
typedef {out_type} cudapy_out;
__device__ cudapy_out cudapy_reduce(cudapy_out a, cudapy_out b) {{ return ({reduce_expr}); }}

extern "C" __global__ void {name}_stage1(cudapy_out *cudapy_result, {declarations},
    long long cudapy_start, long long cudapy_step, long long cudapy_count, long long n)
{{
  cudapy_out cudapy_acc = ({neutral});
  const long long cudapy_threads = (long long)gridDim.x * blockDim.x;
  for (long long cudapy_k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       cudapy_k < cudapy_count; cudapy_k += cudapy_threads) {{
    long long i = cudapy_start + cudapy_k * cudapy_step;
    cudapy_acc = cudapy_reduce(cudapy_acc, ({map_expr}));
  }}
{fold}}}

extern "C" __global__ void {name}_stage2(cudapy_out *cudapy_result, const cudapy_out *cudapy_parts,
    long long cudapy_count)
{{
  cudapy_out cudapy_acc = ({neutral});
  for (long long i = threadIdx.x; i < cudapy_count; i += blockDim.x)
    cudapy_acc = cudapy_reduce(cudapy_acc, cudapy_parts[i]);
{fold}}}
"""


class ReductionKernel:
    """PyCUDA's ReductionKernel (C form); a call takes the arguments and optionally stream=,
    out= (a 0-d GPUArray to write), range=, slice= and allocator=."""

    def __init__(self, dtype_out, neutral, reduce_expr, map_expr=None, arguments=None,
                 name="reduce_kernel", keep=False, options=None, preamble="",
                 allocator=None):
        from ..cuda_source import SourceModule
        if arguments is None:
            raise TypeError("ReductionKernel: arguments= is needed, such as 'float *x'")
        self.name = kernel_name(name)
        self.dtype_out = np.dtype(dtype_out)
        declarations, self._parsed = _declarations(arguments)
        if map_expr is None:
            if len(self._parsed) != 1:
                raise ValueError("ReductionKernel: map_expr= is needed with several arguments")
            map_expr = f"{self._parsed[0].name}[i]"
        source = _source(self.name, dtype_to_ctype(self.dtype_out), neutral, reduce_expr,
                         map_expr, declarations, preamble)
        self._module = SourceModule(source, options=options, no_extern_c=True,
                                    name=f"{self.name}.cu")
        self._stage1 = self._module.get_function(f"{self.name}_stage1")
        self._stage2 = self._module.get_function(f"{self.name}_stage2")
        self._allocator = allocator

    def __call__(self, *args, stream=None, out=None, range=None, slice=None, allocator=None):
        from .gpuarray import empty
        values = converted(self._parsed, args)
        size = first_size(self._parsed, args)
        start, step, count = index_span(self.name, size, range, slice)
        blocks = max(1, min((count + _BLOCK - 1) // _BLOCK, _MAX_BLOCKS))
        allocator = allocator or self._allocator
        if out is None:
            out = empty((), self.dtype_out, allocator=allocator)
        elif out.dtype != self.dtype_out or out.size != 1:
            raise TypeError(f"{self.name}: out= must be one element of {self.dtype_out}")
        first = out if blocks == 1 else empty((blocks,), self.dtype_out, allocator=allocator)
        self._stage1(first, *values, np.int64(start), np.int64(step), np.int64(count),
                     np.int64(size), grid=(blocks, 1), block=(_BLOCK, 1, 1), stream=stream)
        if blocks > 1:
            self._stage2(out, first, np.int64(blocks), grid=(1, 1), block=(_BLOCK, 1, 1),
                         stream=stream)
        return out


def get_sum_kernel(dtype_out, dtype_in):
    """PyCUDA's helper: a ReductionKernel summing `dtype_in` into `dtype_out`."""
    return ReductionKernel(dtype_out, "0", "a+b",
                           arguments=f"const {dtype_to_ctype(dtype_in)} *in")


__all__ = ["ReductionKernel", "get_sum_kernel"]
