"""Externals as cudapy links them: each one a C device function named parpy_ext_<name>
wrapping the CUDA C++ function it names, after its header, declared to the kernels with
cudapy's declare_device."""

import os

from ..linking import declare_device
from .types import ElemSize

_C_TYPES = {ElemSize.Bool: "bool", ElemSize.I8: "signed char", ElemSize.I16: "short",
            ElemSize.I32: "int", ElemSize.I64: "long long", ElemSize.U8: "unsigned char",
            ElemSize.U16: "unsigned short", ElemSize.U32: "unsigned int",
            ElemSize.U64: "unsigned long long", ElemSize.F32: "float", ElemSize.F64: "double"}


def _c_type(elem, external):
    if elem not in _C_TYPES:
        raise RuntimeError(f"The external {external.name} takes or gives {elem}, which cudapy "
                           "does not pass to CUDA C++ functions")
    return _C_TYPES[elem]


def _header_text(header, includes):
    """The header's lines: its text where it is a file of one of the `includes` folders (NVRTC
    sees no folders), else the #include of a header the compiler knows."""
    name = header[1:-1]
    for folder in includes:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as file:
                return f"// {header}, from {folder}\n{file.read()}\n"
    return f"#include {header}\n"


def declarations(externals, opts):
    """The declare_device declarations of the externals a specialization calls."""
    result = []
    for name, external in sorted(externals.items()):
        params = [_c_type(param, external) for param in external.params]
        result_type = _c_type(external.result, external)
        arguments = ", ".join(f"{c_type} a{index}" for index, c_type in enumerate(params))
        names = ", ".join(f"a{index}" for index in range(len(params)))
        source = (_header_text(external.header, opts.includes) if external.header else "")
        source += (f'extern "C" __device__ {result_type} parpy_ext_{name}({arguments}) '
                   f"{{ return {external.ext_name}({names}); }}\n")
        signature = (f"{external.result.dtype().name}("
                     f"{', '.join(param.dtype().name for param in external.params)})")
        result.append(declare_device(f"parpy_ext_{name}", signature.replace("bool(", "bool_("),
                                     link=[source], abi="c"))
    return result
