"""ParPy's compile options: the parallel specification (`par`, `threads`, `reduce`), the
backend and the flags a call takes as `opts=`."""

import enum

from .types import ElemSize

# The threads of one block of ParPy's documentation, where .tpb() gives none; a kernel of one
# plain parallel loop (no reduction) uses blocks of 256 then, which move more memory.
DEFAULT_THREADS_PER_BLOCK = 1024


class CompileBackend(enum.Enum):
    """Where the parallel code runs: Cuda is cudapy's target (the GPU, or the CPU target or the
    interpreter named by $CUDAPY_TARGET); Metal is ParPy's Apple backend, which cudapy has not."""

    Auto = 0
    Cuda = 1
    Metal = 2


class Target(enum.Enum):
    """Where an external function runs."""

    Host = 0
    Device = 1


class LoopPar:
    """How a labelled statement runs: over `nthreads` threads, as a reduction or not, with
    `tpb` threads per block. Immutable: each method returns a new one."""

    __slots__ = ("nthreads", "reduction", "tpb_count")

    def __init__(self, nthreads=0, reduction=False, tpb=None):
        self.nthreads, self.reduction, self.tpb_count = nthreads, reduction, tpb

    def threads(self, nthreads):
        """This specification over `nthreads` threads."""
        if isinstance(nthreads, bool) or not isinstance(nthreads, int) or nthreads <= 0:
            raise RuntimeError(f"The number of threads must be a positive integer, got "
                               f"{nthreads!r}")
        return LoopPar(nthreads, self.reduction, self.tpb_count)

    def reduce(self):
        """This specification as a reduction."""
        return LoopPar(self.nthreads, True, self.tpb_count)

    def tpb(self, tpb):
        """This specification with `tpb` threads per block (a multiple of 32)."""
        if isinstance(tpb, bool) or not isinstance(tpb, int) or tpb <= 0 or tpb % 32:
            raise RuntimeError(f"The number of threads per block must be a positive multiple of "
                               f"32, got {tpb!r}")
        return LoopPar(self.nthreads, self.reduction, tpb)

    def is_parallel(self):
        """Whether it names threads (a loop it labels runs in parallel)."""
        return self.nthreads > 0

    def key(self):
        """What identifies it: (threads, reduction, threads per block)."""
        return (self.nthreads, self.reduction, self.tpb_count)

    def __eq__(self, other):
        return isinstance(other, LoopPar) and other.key() == self.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        tpb = DEFAULT_THREADS_PER_BLOCK if self.tpb_count is None else self.tpb_count
        return (f"{{nthreads = {self.nthreads}, reduction = {str(self.reduction).lower()}, "
                f"tpb = {tpb}}}")


class CompileOptions:
    """The options of a call (`opts=`). `parallelize` maps labels to LoopPar; `debug_print`
    prints the program after each stage with the time spent so far; `backend` is
    CompileBackend.Auto (cudapy's target), Cuda or Metal; `use_cuda_graphs` records a call's
    launches as one CUDA graph; `force_int_size` / `force_float_size` give Python ints and
    floats that element type instead of int64 / float64; `includes` are CUDA C++ headers
    (folders in `libs`) for externals, `extra_flags` NVRTC options. The cluster options are
    accepted and leave the code as it is: cudapy's reductions stay within one block."""

    def __init__(self):
        self.parallelize = {}
        self.verbose_backend_resolution = False
        self.debug_print = False
        self.write_output = False
        self.backend = CompileBackend.Auto
        self.use_cuda_thread_block_clusters = False
        self._max_thread_blocks_per_cluster = 8
        self.use_cuda_graphs = False
        self._force_int_size = None
        self._force_float_size = None
        self.includes = []
        self.libs = []
        self.extra_flags = []

    @property
    def max_thread_blocks_per_cluster(self):
        """The blocks of a cluster, a power of two (accepted; cudapy makes no clusters)."""
        return self._max_thread_blocks_per_cluster

    @max_thread_blocks_per_cluster.setter
    def max_thread_blocks_per_cluster(self, n):
        if isinstance(n, bool) or not isinstance(n, int) or n <= 0 or n & (n - 1):
            raise RuntimeError("The number of thread blocks per cluster must be a power of two.")
        self._max_thread_blocks_per_cluster = n

    @property
    def force_int_size(self):
        """The element type of Python ints (None: int64)."""
        return self._force_int_size

    @force_int_size.setter
    def force_int_size(self, size):
        if not isinstance(size, ElemSize) or not size.is_integer():
            raise RuntimeError("Cannot use a non integer type for integer scalars.")
        self._force_int_size = size

    @property
    def force_float_size(self):
        """The element type of Python floats (None: float64)."""
        return self._force_float_size

    @force_float_size.setter
    def force_float_size(self, size):
        if not isinstance(size, ElemSize) or not size.is_floating_point():
            raise RuntimeError("Cannot use a non floating-point type for floating-point "
                               "scalars.")
        self._force_float_size = size

    def key(self):
        """What of the options changes the generated code."""
        spec = tuple(sorted((str(label), par.key()) for label, par in self.parallelize.items()))
        return (spec, self._force_int_size, self._force_float_size, tuple(self.includes),
                tuple(self.libs), tuple(self.extra_flags))

    def __repr__(self):
        fields = ", ".join(f"{name} = {getattr(self, name)!r}" for name in (
            "parallelize", "backend", "debug_print", "use_cuda_graphs", "force_int_size",
            "force_float_size", "includes", "libs", "extra_flags"))
        return f"CompileOptions {{{fields}}}"


def threads(n):
    """The parallel specification of a statement run over `n` threads."""
    return LoopPar().threads(n)


def reduce():
    """The parallel specification of a reduction (give its threads with .threads(n))."""
    return LoopPar().reduce()


def par(spec):
    """Default CompileOptions with the parallel specification `spec` ({label: LoopPar})."""
    if not isinstance(spec, dict):
        raise TypeError(f"parpy.par takes a dict of labels to parpy.threads(...), got "
                        f"{type(spec).__name__}")
    for label, loop in spec.items():
        if not isinstance(label, str) or not isinstance(loop, LoopPar):
            raise TypeError("parpy.par takes a dict of labels (strings) to parpy.threads(...), "
                            f"got {label!r}: {loop!r}")
    options = CompileOptions()
    options.parallelize = dict(spec)
    return options
