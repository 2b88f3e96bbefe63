"""PyCUDA's autoprimaryctx (as autoinit: cudapy's contexts are primary ones): the driver initialized and the default device's context made current;
`context` and `device` as PyCUDA names them."""

import atexit

from . import driver
from .tools import make_default_context

driver.init()
context = make_default_context()
device = context.get_device()


def _finish_up():
    global context
    driver.Context.synchronize()
    context.pop()
    context = None


atexit.register(_finish_up)
