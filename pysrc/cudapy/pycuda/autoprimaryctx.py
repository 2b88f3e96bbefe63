"""PyCUDA's autoprimaryctx: as autoinit, since cudapy's contexts are the devices' primary
contexts."""

from .autoinit import context, device

__all__ = ["context", "device"]
