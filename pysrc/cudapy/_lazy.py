"""NumPy, imported on first use: `import cudapy` stays fast (NumPy's import costs more than
cudapy's), and launches with device arrays never touch it."""

import importlib
import sys


class _LazyModule:
    """Stands for a module; the first attribute read imports it. Each attribute read is kept on
    the stand-in, so later reads cost what a module attribute does."""

    def __init__(self, name):
        self._module_name = name

    def __getattr__(self, attribute):
        module = sys.modules.get(self._module_name)  # imported: without importlib's cost
        if module is None:
            module = importlib.import_module(self._module_name)
        value = getattr(module, attribute)
        setattr(self, attribute, value)
        return value


numpy = _LazyModule("numpy")
