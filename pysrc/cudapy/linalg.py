"""NumPy's linalg functions that reduce device arrays on the device (cudapy.arrayreduce)."""

from .arrayreduce import dot, norm, vdot

__all__ = ["dot", "norm", "vdot"]
