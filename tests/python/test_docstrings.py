"""Every public name of cudapy, cudapy.cuda, cudapy.pycuda, cudapy.cudalib and cudapy.parpy has a
docstring:
the public modules' names, and the public methods and properties of the classes cudapy
defines."""

import enum
import functools
import importlib
import inspect
import types

import numpy as np

PUBLIC_MODULES = (
    "cudapy", "cudapy.linalg", "cudapy.random", "cudapy.cuda",
    "cudapy.pycuda.driver", "cudapy.pycuda.gpuarray", "cudapy.pycuda.compiler",
    "cudapy.pycuda.cumath", "cudapy.pycuda.elementwise", "cudapy.pycuda.reduction",
    "cudapy.pycuda.curandom", "cudapy.pycuda.tools", "cudapy.pycuda.scan",
    "cudapy.cudalib", "cudapy.cudalib.cufft", "cudapy.cudalib.cublas", "cudapy.cudalib.curand",
    "cudapy.parpy", "cudapy.parpy.operators", "cudapy.parpy.buffer", "cudapy.parpy.types",
    "cudapy.parpy.options", "cudapy.parpy.backend",
)

# Values that are data rather than API: they carry their type's docstring, not one of their own.
_CONSTANT_TYPES = (bool, int, float, complex, str, bytes, tuple, list, dict, frozenset, set,
                   np.dtype, np.generic, enum.Enum, type(None))


def _is_constant(value):
    if isinstance(value, _CONSTANT_TYPES):
        return True
    # NumPy's scalar types (np.float32, ...): the names of dtypes, documented by NumPy.
    return isinstance(value, type) and issubclass(value, np.generic)


def _ours(value):
    """Whether cudapy defines `value` (a class, or the class of an instance)."""
    return (getattr(value, "__module__", None) or "").partition(".")[0] == "cudapy"


def _public_names(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name in vars(module) if not name.startswith("_")]
    return sorted(names)


def _member(attribute):
    """What getdoc should read for a class attribute, or None when it is data."""
    if _is_constant(attribute):
        return None
    if isinstance(attribute, (staticmethod, classmethod)):
        return attribute.__func__
    if isinstance(attribute, (property, functools.cached_property)):
        return attribute
    if inspect.isfunction(attribute) or inspect.isclass(attribute):
        return attribute
    if inspect.ismethoddescriptor(attribute) or inspect.isdatadescriptor(attribute):
        # __slots__'s members describe themselves only by their name.
        if isinstance(attribute, types.MemberDescriptorType):
            return None
        return attribute
    return attribute if callable(attribute) else None


def _class_members(qualified, cls):
    for name, attribute in sorted(vars(cls).items()):
        if name.startswith("_"):
            continue
        member = _member(attribute)
        if member is not None:
            yield f"{qualified}.{name}", member


def _undocumented():
    missing = []
    seen_classes = set()

    def check(qualified, value):
        # getdoc gives a class without a docstring its base's (Exception's, ...): a class of
        # cudapy's needs one of its own.
        own = (not inspect.isclass(value) or not _ours(value)
               or vars(value).get("__doc__"))
        if not own or not inspect.getdoc(value):
            missing.append(qualified)

    def check_members(qualified, cls):
        if not _ours(cls) or cls in seen_classes:
            return
        seen_classes.add(cls)
        for member_name, member in _class_members(qualified, cls):
            check(member_name, member)
            if inspect.isclass(member):
                check_members(member_name, member)

    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in _public_names(module):
            value = getattr(module, name)
            qualified = f"{module_name}.{name}"
            if inspect.ismodule(value) or _is_constant(value):
                continue
            check(qualified, value)
            if inspect.isclass(value):
                check_members(qualified, value)
            elif not inspect.isroutine(value) and _ours(type(value)):
                # An object of cudapy's (cuda.threadIdx, cuda.atomic, ...): its class's methods
                # and properties, and the functions it holds itself (cuda.atomic.add, ...).
                check_members(qualified, type(value))
                for attribute, member in sorted(getattr(value, "__dict__", {}).items()):
                    if not attribute.startswith("_") and inspect.isroutine(member):
                        check(f"{qualified}.{attribute}", member)
    return missing


def test_every_public_name_has_a_docstring():
    missing = _undocumented()
    assert not missing, (f"{len(missing)} public names have no docstring:\n  "
                         + "\n  ".join(missing))
