"""The figures a benchmark prints, kept as JSON for the documentation's tables and plots: with
$CUDAPY_BENCH_JSON naming a folder, each script writes <folder>/<script>.json at its end, which
tools/bench_report.py turns into docs/benchmarks.md and its plots.

A figure belongs to a section (a title, its unit, whether more is better); a row is one
system's figure, None where the system was not measured."""

import atexit
import json
import os
import sys

_sections = []
_device = {}


def device(name):
    """Names the device the figures were measured on."""
    _device["name"] = name


def section(title, unit, higher_is_better=True):
    """Starts a section; the figures recorded after it are its rows."""
    _sections.append({"title": title, "unit": unit, "higher_is_better": higher_is_better,
                      "rows": []})


def record(name, value):
    """One row of the current section: `name`'s figure, in the section's unit."""
    _sections[-1]["rows"].append({"name": name, "value": None if value is None
                                  else float(value)})


def _write():
    folder = os.environ.get("CUDAPY_BENCH_JSON")
    if not folder or not _sections:
        return
    os.makedirs(folder, exist_ok=True)
    script = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    path = os.path.join(folder, f"{script}.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"benchmark": script, "device": _device.get("name"), "sections": _sections},
                  file, indent=1)


atexit.register(_write)
