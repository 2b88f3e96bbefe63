#!/usr/bin/env bash
# The checks that need a GPU, on a machine with one and a tree built by tools/setup.sh (build/):
#
#   tools/gpu_suite.sh tests [LOGS]   the C ABI's GPU tests, the Python suite, then its
#                                     20,000-program differential batch (pytest -n, one worker
#                                     per core up to 16; about 5 minutes on 16 cores)
#   tools/gpu_suite.sh bench [LOGS]   bench/kernels.py, bench/launch.py, bench/elementwise.py,
#                                     bench/reduction.py, bench/random.py, bench/cudalib.py,
#                                     bench/toolbox.py, bench/parpy.py and bench/multi_gpu.py
#                                     (two GPUs); with CUDAPY_BENCH_JSON naming a folder, each
#                                     writes its figures there as JSON for tools/bench_report.py
#
# Each step's full output goes to LOGS (default: a new temporary folder); the summary lines are
# printed. Compiled code goes to a cache folder of its own. Exits nonzero when a step fails.
set -uo pipefail

usage() {
  echo "usage: $0 tests|bench [LOGS]" >&2
  exit 2
}
[[ $# -ge 1 && $# -le 2 ]] || usage
MODE=$1
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LOGS=${2:-$(mktemp -d)}
mkdir -p "$LOGS"
export PYTHONUNBUFFERED=1
export CUDAPY_LIBRARY="$ROOT/build/libcudapy.so"
export PYTHONPATH="$ROOT/pysrc${PYTHONPATH:+:$PYTHONPATH}"
export CUDAPY_CACHE_DIR=${CUDAPY_CACHE_DIR:-$(mktemp -d)}
[[ -f $CUDAPY_LIBRARY ]] || { echo "error: $CUDAPY_LIBRARY is missing: run tools/setup.sh first" >&2; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo "nvidia-smi: not found"

failed=0
step() {  # step NAME COMMAND...: runs it, its output into LOGS/NAME.log, and prints the end
  local name=$1
  shift
  local started=$SECONDS
  if "$@" > "$LOGS/$name.log" 2>&1; then
    echo "== $name: ok ($((SECONDS - started)) s)"
  else
    echo "== $name: FAILED ($((SECONDS - started)) s)"
    failed=1
  fi
  tail -n 4 "$LOGS/$name.log"
}

case "$MODE" in
  tests)
    for test in test_gpu test_leaks_gpu test_streams test_toolbox test_cache test_compile_start test_cuda_source \
                test_nvidia_libraries test_devices \
                test_threads; do
      step "capi_$test" "$ROOT/build/tests/capi/$test"
    done
    workers=$(nproc)
    (( workers > 16 )) && workers=16
    # The differential batch runs after the rest: its 40 chunks each start 8 jobs of their own,
    # which beside the other tests' workers take the suite from under 5 minutes to over 10.
    step python python3 -m pytest -q -n "$workers" -p no:cacheprovider -rfE -k "not gpu_batch" \
      "$ROOT/tests/python"
    step differential python3 -m pytest -q -n "$workers" -p no:cacheprovider -rfE -k gpu_batch \
      "$ROOT/tests/python/test_differential.py"
    ;;
  bench)
    step kernels python3 "$ROOT/bench/kernels.py"
    step launch python3 "$ROOT/bench/launch.py"
    step elementwise python3 "$ROOT/bench/elementwise.py"
    step reduction python3 "$ROOT/bench/reduction.py"
    step random python3 "$ROOT/bench/random.py"
    step cudalib python3 "$ROOT/bench/cudalib.py"
    step toolbox python3 "$ROOT/bench/toolbox.py"
    step parpy python3 "$ROOT/bench/parpy.py"
    step multi_gpu python3 "$ROOT/bench/multi_gpu.py"
    ;;
  *) usage ;;
esac
echo "logs: $LOGS"
exit $failed
