"""PyCUDA's characterize module: what the current device supports."""


def has_double_support():
    """Every GPU CUDA 12 and later support computes in double precision."""
    return True


def has_stack():
    """Whether kernels have a call stack (every supported GPU does)."""
    return True


def platform_bits():
    """The host's pointer width in bits."""
    return 64


def sizeof(type_name, preamble=""):
    """The size in bytes of a C scalar type PyCUDA's dtype names know."""
    from .tools import get_or_register_dtype
    return get_or_register_dtype(type_name).itemsize


__all__ = ["has_double_support", "has_stack", "platform_bits", "sizeof"]
