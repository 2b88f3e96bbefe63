"""Faults outside the kernel's source: NVRTC missing or broken, no GPU, a kernel that faults on
the GPU. Each gives a clear error of its own class, and the library stays usable for what does
not need the missing part (and, after a GPU fault, for everything that does not need the GPU).

Each scenario runs in a fresh interpreter, since NVRTC is loaded once per process and a GPU
fault leaves the process's CUDA context unusable.
"""

import ctypes.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

import cudapy as cp

KERNEL = ("# scale : void (float a, float* X)\ndef scale(a, X):\n    if idx < len(X):\n"
          "        X[idx] = a * X[idx]\n")

# Shared by the scripts: prints one JSON object of observations as its last line.
PRELUDE = textwrap.dedent("""
    import ctypes, json, os, shutil, sys
    import numpy as np
    import cudapy as cp
    from cudapy import _ffi

    KERNEL = %r
    seen = {}

    def attempt(name, function):
        try:
            value = function()
        except Exception as error:
            seen[name] = {"raised": type(error).__name__, "message": str(error),
                          "cudapy_error": isinstance(error, cp.CudapyError)}
        else:
            seen[name] = {"raised": None, "value": value}

    def capi_program(text=KERNEL):
        program = _ffi.program_p()
        assert _ffi.lib.cudapy_program_new(ctypes.byref(program)) == 0
        raw = text.encode()
        assert _ffi.lib.cudapy_program_add_source(program, raw, len(raw), b"k.py", 1, 0) == 0
        return program

    def cpu_target_works():
        if shutil.which(os.environ.get("CXX") or "c++") is None:
            return "no host compiler"
        kernel = cp.compile(KERNEL, target="cpu")
        values = np.arange(8, dtype=np.float32)
        kernel(len(values))(3.0, values)
        return values.tolist() == [3.0 * v for v in range(8)]
""") % KERNEL


def run_script(body, **environment):
    """Runs PRELUDE + body in a fresh interpreter; returns its observations. The interpreter must
    exit normally: the faults may not crash the process."""
    env = dict(os.environ, **environment)
    env["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    env.pop("CUDAPY_TARGET", None)
    script = PRELUDE + textwrap.dedent(body) + "\nprint(json.dumps(seen))\n"
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, (
        f"the process ended with status {result.returncode}\nstdout:\n{result.stdout[-3000:]}"
        f"\nstderr:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def has_gpu():
    return cp.device_count() > 0


# ---- NVRTC missing or not NVRTC ------------------------------------------------------------

NVRTC_SCRIPT = """
attempt("ptx", lambda: cp.ptx(KERNEL))
attempt("ptx_again", lambda: cp.ptx(KERNEL))
attempt("translate", lambda: " scale(float a, " in cp.translate(KERNEL))
attempt("compile", lambda: cp.compile(KERNEL, target="cuda").name)
attempt("launch", lambda: cp.compile(KERNEL, target="cuda")(4)(2.0, np.ones(4, np.float32)))

program = capi_program()
out = ctypes.c_void_p()
status = _ffi.lib.cudapy_program_ptx(program, None, ctypes.byref(out))
seen["capi_ptx"] = {"status": status, "out": out.value, "error": _ffi.last_error()}
module = _ffi.module_p()
status = _ffi.lib.cudapy_program_compile(program, None, ctypes.byref(module))
seen["capi_compile"] = {"status": status, "out": bool(module), "error": _ffi.last_error()}
status = _ffi.lib.cudapy_program_translate(program, None)
seen["capi_translate_after"] = status
_ffi.lib.cudapy_program_delete(program)
attempt("cpu_target", cpu_target_works)
"""


def nvrtc_stand_ins(tmp_path):
    """CUDAPY_NVRTC values that name no usable NVRTC, with what the message must quote."""
    not_a_library = tmp_path / "libnvrtc.so"
    not_a_library.write_text("this is not a shared library\n")
    cases = [("missing file", "/nonexistent/libnvrtc.so.12", "/nonexistent/libnvrtc.so.12"),
             ("text file", str(not_a_library), str(not_a_library)),
             ("directory", str(tmp_path), str(tmp_path))]
    libm = ctypes.util.find_library("m")
    if libm:
        cases.append(("library without NVRTC's functions", libm, "nvrtcCompileProgram"))
    return cases


@pytest.mark.parametrize("what", ["missing file", "text file", "directory",
                                  "library without NVRTC's functions"])
def test_unusable_nvrtc_is_reported_and_translation_still_works(tmp_path, what):
    cases = {name: (value, quoted) for name, value, quoted in nvrtc_stand_ins(tmp_path)}
    if what not in cases:
        pytest.skip("no libm to stand in for a library without NVRTC")
    value, quoted = cases[what]
    seen = run_script(NVRTC_SCRIPT, CUDAPY_NVRTC=value)

    for name in ("ptx", "ptx_again"):
        error = seen[name]
        assert error["raised"] == "NvrtcUnavailableError", error
        assert quoted in error["message"], error["message"]
        assert "CUDAPY_NVRTC" in error["message"] and "NVRTC" in error["message"]
        assert "install" in error["message"].lower(), "the message should say what to install"
    assert seen["ptx_again"]["message"] == seen["ptx"]["message"]

    assert seen["translate"] == {"raised": None, "value": True}
    assert seen["compile"] == {"raised": None, "value": "scale"}, (
        "compiling translates only; it needs no NVRTC")
    expected_launch = {"NvrtcUnavailableError"} if has_gpu() else {"NvrtcUnavailableError",
                                                                   "NoDeviceError"}
    assert seen["launch"]["raised"] in expected_launch, seen["launch"]

    capi = seen["capi_ptx"]
    assert capi["status"] == 4, f"expected CUDAPY_ERROR_NVRTC_UNAVAILABLE: {capi}"
    assert capi["out"] is None, "*out must stay NULL on failure"
    assert quoted in capi["error"]
    expected_compile = {4} if has_gpu() else {4, 6}
    assert seen["capi_compile"]["status"] in expected_compile, seen["capi_compile"]
    assert not seen["capi_compile"]["out"]
    assert seen["capi_translate_after"] == 0

    cpu = seen["cpu_target"]
    if cpu["value"] == "no host compiler":
        pytest.skip("no host C++ compiler for the CPU target")
    assert cpu == {"raised": None, "value": True}, "the CPU target needs no NVRTC"


# ---- No GPU --------------------------------------------------------------------------------

NO_GPU_SCRIPT = """
attempt("device_count", cp.device_count)
attempt("device_info", lambda: cp.device_info(0))
attempt("array", lambda: cp.CudaArray([1.0, 2.0], target="cuda"))
attempt("allocate", lambda: cp.CudaArray.allocate(4, cp.Float, target="cuda"))
kernel = cp.compile(KERNEL, target="cuda")
attempt("launch_threads", lambda: kernel(4)(2.0, np.ones(4, np.float32)))
attempt("launch_grid", lambda: kernel[1, 32](2.0, np.ones(4, np.float32)))
attempt("launch_list", lambda: kernel(4)(2.0, [1.0, 2.0]))
attempt("synchronize", cp.synchronize)


def cpu_work_on_a_stream():
    from cudapy import cuda
    stream = cuda.stream()
    values = np.arange(6, dtype=np.float32)
    device = cuda.to_device(values, stream=stream, target="cpu")
    cp.compile(KERNEL, target="cpu")[1, 8, stream](2.0, device)
    stream.synchronize()
    return [stream.handle, stream.query(), device.copy_to_host(stream=stream).tolist()]


if shutil.which(os.environ.get("CXX") or "c++") is not None:
    attempt("cpu_stream", cpu_work_on_a_stream)

buffer = _ffi.buffer_p()
status = _ffi.lib.cudapy_buffer_new(16, ctypes.byref(buffer))
seen["capi_buffer"] = {"status": status, "out": bool(buffer), "error": _ffi.last_error()}
program = capi_program()
module = _ffi.module_p()
status = _ffi.lib.cudapy_program_compile(program, None, ctypes.byref(module))
seen["capi_compile"] = {"status": status, "out": bool(module), "error": _ffi.last_error()}
info = _ffi.DeviceInfo(size=ctypes.sizeof(_ffi.DeviceInfo))
seen["capi_device_info"] = _ffi.lib.cudapy_device_info_get(0, ctypes.byref(info))
_ffi.lib.cudapy_program_delete(program)

attempt("translate_after", lambda: " scale(float a, " in cp.translate(KERNEL))
attempt("ptx_after", lambda: ".entry scale" in cp.ptx(KERNEL))
attempt("cpu_target", cpu_target_works)
"""


def check_no_gpu(seen):
    assert seen["device_count"] == {"raised": None, "value": 0}
    for name in ("device_info", "array", "allocate", "launch_threads", "launch_grid",
                 "launch_list"):
        error = seen[name]
        assert error["raised"] == "NoDeviceError", (name, error)
        assert "GPU" in error["message"], (name, error["message"])
    for name in ("array", "allocate", "launch_threads"):
        message = seen[name]["message"]
        assert "driver" in message or "target" in message, (
            f"{name}: the message should say what is needed or what works instead: {message}")
    assert seen["synchronize"]["raised"] is None, "without a GPU there is nothing to wait for"
    if "cpu_stream" in seen:  # a stream is the legacy default one, its work done at once
        assert seen["cpu_stream"] == {"raised": None,
                                      "value": [0, True, [2.0 * v for v in range(6)]]}
    assert seen["capi_buffer"]["status"] == 6 and not seen["capi_buffer"]["out"]
    assert seen["capi_compile"]["status"] == 6 and not seen["capi_compile"]["out"]
    assert "GPU" in seen["capi_compile"]["error"]
    assert seen["capi_device_info"] == 6
    assert seen["translate_after"] == {"raised": None, "value": True}
    ptx = seen["ptx_after"]
    assert ptx["raised"] in (None, "NvrtcUnavailableError"), ptx
    if ptx["raised"] is None:
        assert ptx["value"] is True
    if seen["cpu_target"]["value"] != "no host compiler":
        assert seen["cpu_target"] == {"raised": None, "value": True}


def test_no_gpu_gives_no_device_error():
    """On this machine, when it has no GPU."""
    if has_gpu():
        pytest.skip("a GPU is present; test_hidden_gpus_give_no_device_error covers this")
    check_no_gpu(run_script(NO_GPU_SCRIPT))


def test_hidden_gpus_give_no_device_error():
    """With every GPU hidden by CUDA_VISIBLE_DEVICES, also on a machine with a driver."""
    check_no_gpu(run_script(NO_GPU_SCRIPT, CUDA_VISIBLE_DEVICES=""))


# ---- A kernel that faults on the GPU ---------------------------------------------------------

FAULT_SCRIPT = """
SMASH = "# smash : void (int* X)\\ndef smash(X):\\n    X[idx * 100000000] = 1\\n"
smash = cp.compile(SMASH, target="cuda")
good = cp.compile(KERNEL, target="cuda")
attempt("warm_up", lambda: good(4)(2.0, np.ones(4, np.float32)))
MODE = %r
if MODE == "device_array":
    # The launch returns at once; the fault is reported by the next call that waits.
    attempt("fault", lambda: (smash(1 << 16)(cp.CudaArray(np.zeros(16, np.int32))),
                              cp.synchronize()))
else:  # the copy back after the launch reports the fault
    attempt("fault", lambda: smash(1 << 16)(np.zeros(16, np.int32)))
attempt("synchronize_after", cp.synchronize)
attempt("launch_after", lambda: good(4)(2.0, np.ones(4, np.float32)))
attempt("array_after", lambda: cp.CudaArray([1.0, 2.0]).toList())
attempt("translate_after", lambda: " scale(float a, " in cp.translate(KERNEL))
attempt("ptx_after", lambda: ".entry scale" in cp.ptx(KERNEL))
attempt("cpu_target_after", cpu_target_works)
"""


@pytest.mark.gpu
@pytest.mark.parametrize("mode", ["device_array", "numpy_array"])
def test_gpu_fault_is_a_sticky_launch_error(mode):
    seen = run_script(FAULT_SCRIPT % mode)
    assert seen["warm_up"]["raised"] is None, seen["warm_up"]
    fault = seen["fault"]
    assert fault["raised"] == "LaunchError", fault
    message = fault["message"]
    assert "fault" in message and "unusable" in message, (
        f"the message should say the kernel faulted and the context is unusable: {message}")
    # The context stays broken: every later GPU call fails with a clear error, none crashes.
    for name in ("synchronize_after", "launch_after", "array_after"):
        after = seen[name]
        assert after["raised"] is not None and after["cudapy_error"], (name, after)
        assert after["raised"] in ("LaunchError", "CudaError"), (name, after)
        assert "unusable" in after["message"] or "fault" in after["message"], (name, after)
    # What needs no GPU still works in the same process.
    assert seen["translate_after"] == {"raised": None, "value": True}
    assert seen["ptx_after"] == {"raised": None, "value": True}
    if seen["cpu_target_after"]["value"] != "no host compiler":
        assert seen["cpu_target_after"] == {"raised": None, "value": True}

