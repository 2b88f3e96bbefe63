"""Running a specialization's plan: host arrays go to the target's memory once for the call,
kernels launch in the plan's order inside its host loops, and the arrays the kernels write come
back to the host arrays (and the PyTorch tensors) they came from."""

from .. import array as _array
from .._lazy import numpy as np
from . import _lower


class ModuleKernel:
    """A translated kernel of the specialization's module, launched with the step's
    parameters."""

    __slots__ = ("kernel",)

    def __init__(self, kernel):
        self.kernel = kernel

    def launch(self, step, values):
        self.kernel[step.grid, step.block](*[values[name] for name in step.params])


def runnable(steps, kernel_of, bounds_of):
    """The plan's steps with their kernels (`kernel_of(name)`) and compiled bounds."""
    result = []
    for step in steps:
        if isinstance(step, _lower.HostLoop):
            result.append(_lower.HostLoop(step.var, bounds_of(step.bounds),
                                          runnable(step.body, kernel_of, bounds_of)))
        else:
            result.append(step._replace(kernel=kernel_of(step.kernel)))
    return result


def run_steps(steps, arguments, target, written=None):
    """Runs `steps` with the call's arrays (`arguments`: kernel name -> _Argument); `written`
    names the arrays to copy back (None: every host array)."""
    values = {}
    moved = []
    try:
        for name, argument in arguments.items():
            if argument.value is not None:
                values[name] = argument.value
                continue
            host = np.ascontiguousarray(argument.host)
            if target == "python":
                values[name] = host
                moved.append((name, None, host, argument))
            else:
                device = _array.to_device(host, target=target)
                values[name] = device
                moved.append((name, device, host, argument))
        _execute(steps, values)
        for name, device, host, argument in moved:
            if written is not None and name not in written:
                continue
            if device is not None:
                device.copy_to_host(host)
            _write_back(host, argument)
    finally:
        for _, device, _, _ in moved:
            if device is not None:
                device.free()


def _write_back(host, argument):
    """Puts the results in `host` where the caller sees them: the array given (a NumPy array,
    or the one NumPy made of a PyTorch tensor, which shares its memory)."""
    target = argument.host
    if host is not target:
        if not target.flags.writeable:
            raise ValueError("a ParPy function wrote an array it was given read-only")
        np.copyto(target, host, casting="unsafe")


def _execute(steps, values):
    for step in steps:
        if isinstance(step, _lower.HostLoop):
            start, stop, stride = eval(step.bounds, {"__builtins__": {}}, dict(values))
            for index in range(start, stop, stride):
                values[step.var] = index
                _execute(step.body, values)
            values.pop(step.var, None)
            continue
        step.kernel.launch(step, values)
