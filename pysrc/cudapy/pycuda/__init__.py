"""PyCUDA's modules over cudapy: a PyCUDA program runs after `import pycuda.X` becomes
`import cudapy.pycuda.X` (driver, autoinit, compiler, gpuarray, cumath, elementwise,
reduction, scan, curandom, tools, characterize).

CUDA C++ is compiled by NVRTC (nvcc on request) through cudapy's disk cache; GPUArray is
cudapy's DeviceArray with PyCUDA's methods; contexts are the devices' primary contexts.
"""

VERSION = (2026, 1)
VERSION_STATUS = ""
VERSION_TEXT = "2026.1 (cudapy)"
