#!/usr/bin/env bash
# Installs cudapy as its users do, each time into a fresh place outside the source tree, and
# checks the result from there:
#   1. `pip wheel .`, the wheel installed into a new virtual environment, tools/smoke_test.py;
#   2. `meson install` into a prefix, the package imported from it, tools/smoke_test.py;
#   3. the C example built against that installed library with pkg-config, and run (on the GPU,
#      or on the CPU target without one).
# Arguments are passed to `meson setup` (e.g. -Dcuda=disabled). Meson is $CUDAPY_MESON or meson.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-python3}
read -r -a MESON <<< "${CUDAPY_MESON:-meson}"
# The installed package alone: nothing from the source tree or a developer's settings.
unset PYTHONPATH CUDAPY_LIBRARY
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
log() { printf '==> %s\n' "$*"; }

log "install check 1: a wheel in a fresh virtual environment"
"$PYTHON" -m pip wheel "$ROOT" -w "$WORK/wheel" --no-deps -q
if ! "$PYTHON" -m venv "$WORK/venv" 2>/dev/null; then
  "$PYTHON" -m pip install -q virtualenv || "$PYTHON" -m pip install -q --user --break-system-packages virtualenv
  "$PYTHON" -m virtualenv -q "$WORK/venv"
fi
"$WORK/venv/bin/python" -m pip install -q "$WORK"/wheel/*.whl
"$WORK/venv/bin/python" "$ROOT/tools/smoke_test.py" "$WORK/venv"

log "install check 2: meson install into a prefix"
"${MESON[@]}" setup "$WORK/build" "$ROOT" --prefix "$WORK/prefix" -Dtests=false -Dbenchmarks=false "$@" > "$WORK/setup.log" ||
  { cat "$WORK/setup.log"; exit 1; }
"${MESON[@]}" compile -C "$WORK/build" > "$WORK/compile.log" || { cat "$WORK/compile.log"; exit 1; }
"${MESON[@]}" install -C "$WORK/build" --quiet
package=$(find "$WORK/prefix" -path '*/cudapy/__init__.py' | head -n 1)
[[ -n $package ]] || { echo "meson install put no cudapy package under $WORK/prefix" >&2; exit 1; }
PYTHONPATH=$(dirname "$(dirname "$package")") "$PYTHON" "$ROOT/tools/smoke_test.py" "$WORK/prefix"

log "install check 3: the C example against the installed library, with pkg-config"
pc=$(find "$WORK/prefix" -name cudapy.pc | head -n 1)
[[ -n $pc ]] || { echo "meson install put no cudapy.pc under $WORK/prefix" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
read -r -a flags <<< "$(pkg-config --cflags --libs cudapy)"
"${CC:-cc}" "$ROOT/examples/c_host/saxpy.c" "${flags[@]}" -lm -o "$WORK/saxpy"
LD_LIBRARY_PATH=$(pkg-config --variable=libdir cudapy) "$WORK/saxpy" | tee "$WORK/saxpy.log"
grep -q ": correct$" "$WORK/saxpy.log"
log "install checks passed"
