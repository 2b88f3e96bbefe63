"""PyCUDA's compiler module: SourceModule and compile, over cudapy's CUDA C++ compiler."""

from ..cuda_source import SourceModule, compile_cuda

DEFAULT_NVCC_FLAGS = []


def compile(source, nvcc="nvcc", options=None, keep=False, no_extern_c=False, arch=None,
            code=None, cache_dir=None, include_dirs=(), target="cubin"):
    """The compiled code of `source` as bytes: CUBIN for the current GPU (or `arch`), or PTX
    with target='ptx'."""
    if target not in ("cubin", "ptx"):
        raise ValueError(f"target must be 'cubin' or 'ptx', got {target!r}")
    if target == "ptx" and (arch is None or arch.startswith("sm_")):
        from .._devices import device_info
        major, minor = device_info(0).compute_capability if arch is None else divmod(
            int(arch[3:]), 10)
        arch = f"compute_{major}{minor}"
    return compile_cuda(source, arch=arch, options=options or (), include_dirs=include_dirs,
                        no_extern_c=no_extern_c)


def compile_plain(source, options, keep, nvcc, cache_dir, target="cubin"):
    """compile() of a source taken as it is (no extern "C" added)."""
    return compile(source, options=options, no_extern_c=True, target=target)


__all__ = ["DEFAULT_NVCC_FLAGS", "SourceModule", "compile", "compile_plain"]
