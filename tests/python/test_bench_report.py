"""The benchmark page is what tools/bench_report.py makes of the committed JSON (bench/results),
so that a figure on the page is one a script measured, and every chart it shows is there."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_page_is_generated_from_the_results(tmp_path):
    page = (ROOT / "docs" / "benchmarks.md").read_text()
    date = page.split("Measured on ", 1)[1].split(" ", 1)[0]
    subprocess.run([sys.executable, str(ROOT / "tools" / "bench_report.py"),
                    str(ROOT / "bench" / "results"), str(tmp_path), "--date", date,
                    "--no-plots"], check=True, capture_output=True)
    assert (tmp_path / "benchmarks.md").read_text() == page
    charts = [line.split("](", 1)[1].rstrip(")") for line in page.splitlines()
              if line.startswith("![")]
    assert charts
    for chart in charts:
        assert (ROOT / "docs" / chart).is_file(), chart
