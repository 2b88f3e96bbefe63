#!/usr/bin/env python3
"""The documentation's benchmark page from the benchmark scripts' JSON: one table per section
and a bar chart (PNG, matplotlib) beside it.

    CUDAPY_BENCH_JSON=results tools/gpu_suite.sh bench      # on the GPU machine
    python3 tools/bench_report.py results docs               # here: docs/benchmarks.md and
                                                             # docs/benchmarks/*.png

The page says which GPU measured each benchmark and when; every figure of a section comes from
one run of its script on one GPU and the same data, so the ratios within a section are fair.
"""

import argparse
import datetime
import json
import re
from pathlib import Path

# The order of the page; a benchmark not listed comes after these.
ORDER = ["kernels", "launch", "elementwise", "reduction", "random", "cudalib", "toolbox", "parpy",
         "multi_gpu"]
DESCRIPTIONS = {
    "kernels": "SAXPY, Mandelbrot and matrix multiply: cudapy against the same kernels "
               "hand-written in CUDA C++, numba-cuda, CuPy and PyTorch.",
    "launch": "The host's time to launch a kernel, against a C loop and ctypes' floor and the "
              "peers; cold figures of fresh processes.",
    "elementwise": "Array arithmetic without kernels: vectorize and DeviceArray operators "
                   "against CuPy, PyTorch and numba-cuda.",
    "reduction": "Sums, axis sums, dot products, scans and cuda.reduce against CuPy, PyTorch "
                 "and numba-cuda.",
    "random": "Device random numbers in a Monte Carlo kernel against numba-cuda's.",
    "cudalib": "cuFFT, cuBLAS and cuRAND through cudapy.cudalib against CuPy and PyTorch.",
    "toolbox": "numba-style kernels (shared memory, atomics, warp operations) against the same "
               "algorithms hand-written in CUDA C++ and against numba-cuda.",
    "parpy": "ParPy's programs on cudapy.parpy against PyTorch and the copy bandwidth.",
    "multi_gpu": "Two GPUs of one host: a split SAXPY and copies between GPUs.",
}


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def plot(section, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [row for row in section["rows"] if row["value"] is not None]
    names = [row["name"] for row in rows]
    values = [row["value"] for row in rows]
    figure, axes = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.1), dpi=100)
    colors = ["#2b6cb0" if name.startswith("cudapy") or name == "ours" else "#a0aec0"
              for name in names]
    axes.barh(range(len(rows)), values, color=colors)
    axes.set_yticks(range(len(rows)), names, fontsize=8)
    axes.invert_yaxis()
    better = "higher is better" if section["higher_is_better"] else "lower is better"
    axes.set_xlabel(f"{section['unit']} ({better})", fontsize=8)
    axes.set_title(section["title"], fontsize=9)
    axes.tick_params(axis="x", labelsize=8)
    for index, value in enumerate(values):
        axes.text(value, index, f" {value:.4g}", va="center", fontsize=7)
    axes.margins(x=0.18)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def table(section):
    lines = [f"| {section['title']} | {section['unit']} |", "| --- | ---: |"]
    for row in section["rows"]:
        value = "n/a" if row["value"] is None else f"{row['value']:.4g}"
        name = row["name"].replace("|", "\\|")
        lines.append(f"| {name} | {value} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="the folder of the scripts' JSON")
    parser.add_argument("docs", type=Path, help="the documentation folder to write into")
    parser.add_argument("--date", default=datetime.date.today().isoformat(),
                        help="the day of the measurements, for the page")
    parser.add_argument("--no-plots", action="store_true",
                        help="write the page alone, naming the charts a full run draws")
    arguments = parser.parse_args()
    found = {path.stem: json.loads(path.read_text()) for path in arguments.results.glob("*.json")}
    names = [name for name in ORDER if name in found] + sorted(set(found) - set(ORDER))
    images = arguments.docs / "benchmarks"
    images.mkdir(parents=True, exist_ok=True)
    if not arguments.no_plots:
        for old in images.glob("*.png"):
            old.unlink()
    page = ["# Benchmarks", "",
            f"Measured on {arguments.date} by the scripts of `bench/` as `tools/gpu_suite.sh "
            "bench` runs them, with `CUDAPY_BENCH_JSON` set (the JSON is in `bench/results/`); "
            "this page and its charts are generated from the scripts' "
            "JSON by `tools/bench_report.py`. Within a section every figure comes from one run "
            "on one GPU and the same data; cudapy's bars are blue. The scripts in `bench/` say "
            "what each workload is and how it is timed (the median of samples of back-to-back "
            "calls after a checked first call).", ""]
    for name in names:
        result = found[name]
        page += [f"## {name}", "", DESCRIPTIONS.get(name, ""), "",
                 f"Device: {result.get('device') or 'the host'}; script: `bench/{name}.py`.", ""]
        for number, section in enumerate(result["sections"]):
            image = f"{name}-{number:02d}-{slug(section['title'])}.png"
            drawn = any(row["value"] is not None for row in section["rows"])
            if drawn and not arguments.no_plots:
                plot(section, images / image)
            if drawn:
                page += [f"![{section['title']}](benchmarks/{image})", ""]
            page += [table(section), ""]
    (arguments.docs / "benchmarks.md").write_text("\n".join(page).rstrip() + "\n")
    print(f"wrote {arguments.docs / 'benchmarks.md'} ({len(names)} benchmarks)")


if __name__ == "__main__":
    main()
