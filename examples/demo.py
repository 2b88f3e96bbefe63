#!/usr/bin/env python3
"""cudapy in one run: with a GPU, SAXPY and the Mandelbrot set, checked against NumPy; without
one, the CUDA C++ translated from SAXPY, the PTX that NVRTC compiles from it, and both programs
run on the CPU target instead."""

import argparse
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import cudapy as cp
import mandelbrot
import saxpy

PTX_LINES_SHOWN = 30


PRELUDE_END = "}  // namespace cudapy\n"  # the run-time support the translation begins with


def without_gpu():
    print("No CUDA GPU was found: the SAXPY kernel is translated and compiled to PTX, and both "
          "programs run on the CPU target.\n")
    translated = cp.translate(saxpy.saxpy)
    print("The CUDA C++ translated from the SAXPY kernel (after the run-time support):")
    print(translated.rpartition(PRELUDE_END)[2])
    try:
        ptx = cp.ptx(saxpy.saxpy)
    except cp.NvrtcUnavailableError as error:
        print(error)
        print("No CUDA GPU was found, and NVRTC could not be loaded: translated to CUDA C++ only.")
        return
    lines = ptx.splitlines()
    print(f"The beginning of the PTX compiled by NVRTC ({len(lines)} lines):\n")
    print("\n".join(lines[:PTX_LINES_SHOWN]))
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="mandelbrot.png", help="where to write the PNG")
    args = parser.parse_args()
    if cp.device_count() == 0:
        without_gpu()
        results = [saxpy.run(target="cpu"), mandelbrot.run(args.out, target="cpu")]
        return 0 if all(results) else 1
    info = cp.device_info(0)
    print(f"GPU: {info.name}, compute capability {info.compute_capability[0]}."
          f"{info.compute_capability[1]}")
    results = [saxpy.run(), mandelbrot.run(args.out)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
