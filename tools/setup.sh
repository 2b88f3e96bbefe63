#!/usr/bin/env bash
# Set up, build and then run the demo or the test suite.
#
#   tools/setup.sh demo    build the library, then run examples/demo.py
#   tools/setup.sh test    build, then run every registered test (meson test);
#                          then the installs users make (tools/check_install.sh:
#                          a wheel, meson install, pkg-config) and the docs
#                          build (mkdocs, strict); then the unit, C
#                          ABI, golden and bad-input tests once more in
#                          build-asan/ under ASan and UBSan (CUDAPY_SANITIZERS=0
#                          skips that)
#
# Safe to run again: each step only does work that is still missing.
# The CUDA toolkit is taken from $CUDA_HOME, $CUDA_PATH or /usr/local/cuda
# (else from nvcc on PATH); its bin/ goes on PATH when nvcc is not already
# there. Without a toolkit the project is configured with -Dcuda=disabled.
set -euo pipefail

usage() {
  echo "usage: $0 demo|test" >&2
  exit 2
}

[[ $# -eq 1 ]] || usage
MODE=$1
case "$MODE" in
  demo|test) ;;
  *) usage ;;
esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=build

log() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found; install Python 3 first"

# ---------------------------------------------------------------------------
# (a) System packages
# ---------------------------------------------------------------------------
# libtree-sitter-dev  tree-sitter runtime and api.h (found with pkg-config)
# libutf8proc-dev     NFKC normalization of identifiers (linked statically)
# doctest-dev         C++ unit test framework (header only)
# pkg-config          used by meson to find tree-sitter
# g++                 C and C++ compilers
# ninja-build         meson's backend
# python3-pip         only when the Python in use has no pip
apt_packages=(libtree-sitter-dev libutf8proc-dev doctest-dev pkg-config g++ ninja-build)
if ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
  apt_packages+=(python3-pip)
fi

if command -v dpkg >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  missing=()
  for pkg in "${apt_packages[@]}"; do
    status=$(dpkg -s "$pkg" 2>/dev/null || true)
    if [[ $status != *"Status: install ok installed"* ]]; then
      missing+=("$pkg")
    fi
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    log "installing system packages: ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then
      SUDO=()
    elif command -v sudo >/dev/null 2>&1; then
      SUDO=(sudo)
    else
      die "not root and no sudo: install ${missing[*]} yourself"
    fi
    ${SUDO[@]+"${SUDO[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -q
    ${SUDO[@]+"${SUDO[@]}"} env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    log "system packages present"
  fi
else
  warn "no apt-get/dpkg here; make sure these are installed: ${apt_packages[*]}"
fi

# ---------------------------------------------------------------------------
# (b) Python packages
# ---------------------------------------------------------------------------
# Scripts installed with --user land here; put it on PATH in case they do.
USER_BIN="$("$PYTHON" -m site --user-base 2>/dev/null || echo "$HOME/.local")/bin"
case ":$PATH:" in
  *":$USER_BIN:"*) ;;
  *) export PATH="$USER_BIN:$PATH" ;;
esac

pip_install() {
  # A distribution's own Python may refuse plain installs (PEP 668); fall
  # back to a per-user install then.
  "$PYTHON" -m pip install -q "$@" ||
    "$PYTHON" -m pip install -q --user --break-system-packages "$@"
}

meson_ok() {
  # $@: meson command; true when it runs and is at least 1.1
  local v
  v=$("$@" --version 2>/dev/null) || return 1
  "$PYTHON" - "$v" <<'PY'
import sys
parts = []
for p in sys.argv[1].strip().split('.')[:2]:
    digits = ''.join(c for c in p if c.isdigit())
    parts.append(int(digits or 0))
sys.exit(0 if tuple(parts) >= (1, 1) else 1)
PY
}

find_meson() {
  if meson_ok meson; then
    MESON=(meson)
  elif meson_ok "$PYTHON" -m mesonbuild.mesonmain; then
    MESON=("$PYTHON" -m mesonbuild.mesonmain)
  else
    return 1
  fi
}

py_pkgs=()
MESON=()
find_meson || py_pkgs+=('meson>=1.1')
command -v ninja >/dev/null 2>&1 || py_pkgs+=(ninja)
"$PYTHON" -c 'import numpy' >/dev/null 2>&1 || py_pkgs+=(numpy)
"$PYTHON" -c 'import pytest' >/dev/null 2>&1 || py_pkgs+=(pytest)

if [[ ${#py_pkgs[@]} -gt 0 ]]; then
  log "installing Python packages: ${py_pkgs[*]}"
  pip_install "${py_pkgs[@]}"
  hash -r
  find_meson || die "meson >= 1.1 still not usable after pip install"
  command -v ninja >/dev/null 2>&1 || die "ninja still not on PATH after pip install"
else
  log "Python packages present"
fi
log "meson: ${MESON[*]} ($("${MESON[@]}" --version))"

# ---------------------------------------------------------------------------
# (c) Source archives for the tree-sitter subprojects
# ---------------------------------------------------------------------------
# Each wrap names its archive and hash; the archives are PyPI sdists, so pip
# fetches them. Meson takes them from subprojects/packagecache/.
CACHE="$ROOT/subprojects/packagecache"
mkdir -p "$CACHE"

wrap_value() {
  # wrap_value FILE KEY
  sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1 | tr -d '[:space:]'
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    "$PYTHON" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"
  fi
}

fetch_sdist() {
  local wrap=$1 file hash url base name version tmp
  file=$(wrap_value "$wrap" source_filename)
  hash=$(wrap_value "$wrap" source_hash)
  url=$(wrap_value "$wrap" source_url)
  [[ -n $file && -n $hash ]] || die "$wrap lacks source_filename or source_hash"

  if [[ -f $CACHE/$file ]]; then
    if [[ $(sha256_of "$CACHE/$file") == "$hash" ]]; then
      log "$file present"
      return 0
    fi
    warn "$file has the wrong sha256; fetching it again"
    rm -f "$CACHE/$file"
  fi

  # name-version.tar.gz -> pip requirement name==version
  base=${file%.tar.gz}
  name=${base%-*}
  version=${base##*-}
  tmp=$(mktemp -d)
  log "downloading $name==$version (sdist)"
  if ! "$PYTHON" -m pip download -q --no-deps --no-binary :all: \
       "$name==$version" -d "$tmp" || [[ ! -f $tmp/$file ]]; then
    rm -f "$tmp/$file"
    if [[ -n $url ]]; then
      warn "pip download failed; trying $url"
      if command -v curl >/dev/null 2>&1; then
        curl -fsSL -o "$tmp/$file" "$url" || true
      elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$tmp/$file" "$url" || true
      fi
    fi
  fi
  [[ -f $tmp/$file ]] || { rm -rf "$tmp"; die "could not download $file"; }
  if [[ $(sha256_of "$tmp/$file") != "$hash" ]]; then
    rm -rf "$tmp"
    die "$file: sha256 mismatch (expected $hash)"
  fi
  mv "$tmp/$file" "$CACHE/$file"
  rm -rf "$tmp"
}

# Meson overlays packagefiles/<patch_directory>/ only when it extracts an
# archive; drop an extracted tree whose overlay is out of date so that the
# next configure extracts it again.
refresh_overlay() {
  local wrap=$1 dir patch rel
  dir=$(wrap_value "$wrap" directory)
  patch=$(wrap_value "$wrap" patch_directory)
  [[ -n $dir && -n $patch && -d $ROOT/subprojects/$dir ]] || return 0
  while IFS= read -r rel; do
    if ! cmp -s "$ROOT/subprojects/packagefiles/$patch/$rel" "$ROOT/subprojects/$dir/$rel"; then
      log "subprojects/$dir is out of date with packagefiles/$patch; removing it"
      rm -rf "${ROOT:?}/subprojects/$dir"
      return 0
    fi
  done < <(cd "$ROOT/subprojects/packagefiles/$patch" && find . -type f)
}

for w in tree-sitter-python tree-sitter-headers; do
  fetch_sdist "$ROOT/subprojects/$w.wrap"
  refresh_overlay "$ROOT/subprojects/$w.wrap"
done

# ---------------------------------------------------------------------------
# (d) Configure and build
# ---------------------------------------------------------------------------
# The toolkit root: $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, and failing
# those, the directory above a real nvcc found on PATH.
CUDA_ROOT=""
for d in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda; do
  if [[ -n $d && -x $d/bin/nvcc ]]; then
    CUDA_ROOT=$(cd "$d" && pwd)
    break
  fi
done
if [[ -z $CUDA_ROOT ]] && command -v nvcc >/dev/null 2>&1; then
  nvcc_path=$(command -v nvcc)
  nvcc_path=$(readlink -f "$nvcc_path" 2>/dev/null || echo "$nvcc_path")
  CUDA_ROOT=$(cd "$(dirname "$nvcc_path")/.." && pwd)
fi
if [[ -n $CUDA_ROOT ]]; then
  if ! command -v nvcc >/dev/null 2>&1; then
    export PATH="$CUDA_ROOT/bin:$PATH"
  fi
  export CUDA_HOME=${CUDA_HOME:-$CUDA_ROOT}
  export CUDA_PATH=${CUDA_PATH:-$CUDA_ROOT}
fi

# Pass -Dcuda only when the project declares it as a feature option.
have_cuda_option=false
for f in meson.options meson_options.txt; do
  if [[ -f $f ]] && "$PYTHON" - "$f" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"option\(\s*'cuda'\s*,[^)]*?type\s*:\s*'feature'", text, re.S)
sys.exit(0 if m else 1)
PY
  then
    have_cuda_option=true
  fi
done

setup_args=(--buildtype=release)
if [[ -n $CUDA_ROOT ]]; then
  log "CUDA toolkit: $CUDA_ROOT"
  if $have_cuda_option; then
    setup_args+=(-Dcuda=auto)
  fi
else
  log "no CUDA toolkit found (CUDA_HOME, CUDA_PATH, /usr/local/cuda): building without CUDA"
  if $have_cuda_option; then
    setup_args+=(-Dcuda=disabled)
  else
    warn "the project declares no 'cuda' feature option; configuring with its defaults"
  fi
fi

if [[ -f $BUILD_DIR/meson-private/coredata.dat ]]; then
  log "reconfiguring $BUILD_DIR"
  if ! "${MESON[@]}" setup --reconfigure "$BUILD_DIR" "${setup_args[@]}"; then
    warn "reconfigure failed; wiping $BUILD_DIR and configuring afresh"
    "${MESON[@]}" setup --wipe "$BUILD_DIR" "${setup_args[@]}"
  fi
else
  log "configuring $BUILD_DIR"
  "${MESON[@]}" setup "$BUILD_DIR" "${setup_args[@]}"
fi

if [[ $MODE == demo ]]; then
  # The demo needs the library alone, not the tests and benchmarks.
  log "building the library"
  "${MESON[@]}" compile -C "$BUILD_DIR" cudapy
else
  log "building"
  "${MESON[@]}" compile -C "$BUILD_DIR"
fi

# ---------------------------------------------------------------------------
# (e) The tests again under AddressSanitizer and UndefinedBehaviorSanitizer
# ---------------------------------------------------------------------------
# A second build, configured as the first but with the compiler's sanitizers
# and assertions on. It runs as CI does, without a GPU (CUDA_VISIBLE_DEVICES
# is emptied: the CUDA driver and ASan do not mix). Every registered test runs
# except the Python suite and the tests that measure the process's memory
# (valgrind, resident-memory leak tests), which ASan's allocator changes;
# LeakSanitizer checks the others at exit. The golden and bad-input corpora
# run through pytest with the ASan runtime preloaded into Python, whose own
# leaks are not checked. Any sanitizer report fails the test that made it.
ASAN_DIR=build-asan
sanitizer_tests() {
  local args=(--buildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false
              -Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all)
  local a
  for a in "${setup_args[@]}"; do
    if [[ $a == -Dcuda=* ]]; then
      args+=("$a")
    fi
  done
  if [[ -f $ASAN_DIR/meson-private/coredata.dat ]]; then
    "${MESON[@]}" setup --reconfigure "$ASAN_DIR" "${args[@]}" ||
      "${MESON[@]}" setup --wipe "$ASAN_DIR" "${args[@]}"
  else
    "${MESON[@]}" setup "$ASAN_DIR" "${args[@]}"
  fi
  log "building $ASAN_DIR (ASan, UBSan)"
  "${MESON[@]}" compile -C "$ASAN_DIR"

  # allocator_may_return_null: a failed allocation is the library's to report.
  local asan_options=abort_on_error=1:allocator_may_return_null=1:protect_shadow_gap=0
  asan_options+=:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
  local ubsan_options=halt_on_error=1:abort_on_error=1:print_stacktrace=1
  local tests=()
  mapfile -t tests < <("${MESON[@]}" test -C "$ASAN_DIR" --list --no-rebuild 2>/dev/null |
                       sed -n 's/^[^:]*://p' | grep -vx python | grep -v -e valgrind -e leaks)
  [[ ${#tests[@]} -gt 0 ]] || die "no tests registered in $ASAN_DIR"
  log "running ${tests[*]} under ASan and UBSan"
  # Their compiled code goes to a cache folder of their own, as the Python tests' does, never
  # the user's.
  local cache_folder
  cache_folder=$(mktemp -d)
  CUDAPY_CACHE_DIR=$cache_folder CUDA_VISIBLE_DEVICES= ASAN_OPTIONS=detect_leaks=1:$asan_options \
  UBSAN_OPTIONS=$ubsan_options \
    "${MESON[@]}" test -C "$ASAN_DIR" --no-rebuild --print-errorlogs "${tests[@]}"
  rm -rf "$cache_folder"

  # Python is no C++ program: preload the ASan runtime the library was linked
  # with (GCC: libasan.so; clang: its shared runtime) and the C++ runtime, so
  # that ASan finds __cxa_throw to intercept. Sanitizer reports are written to
  # fd 2, which pytest leaves alone with --capture=sys.
  local runtime cxx_runtime corpora=("$ROOT/tests/golden")
  runtime=$(ldd "$ASAN_DIR/libcudapy.so" | awk '/libasan|libclang_rt\.asan/ { print $3; exit }')
  if [[ -z $runtime ]]; then
    runtime=$("${CXX:-c++}" -print-file-name=libclang_rt.asan-x86_64.so)
  fi
  cxx_runtime=$(ldd "$ASAN_DIR/libcudapy.so" | awk '/libstdc\+\+|libc\+\+\./ { print $3; exit }')
  [[ -f $runtime ]] || die "no ASan runtime found for $ASAN_DIR/libcudapy.so"
  if [[ -d $ROOT/tests/bad_inputs ]]; then
    corpora+=("$ROOT/tests/bad_inputs")
  fi
  log "running the golden and bad-input corpora under ASan and UBSan"
  # An exabyte allocation makes ASan print a warning, which that case forbids; the cases that
  # run on a small thread stack measure the normal build's frames, which ASan makes larger.
  CUDA_VISIBLE_DEVICES= LD_PRELOAD="$runtime${cxx_runtime:+ $cxx_runtime}" \
  ASAN_OPTIONS=detect_leaks=0:$asan_options UBSAN_OPTIONS=$ubsan_options \
  PYTHONPATH="$ROOT/pysrc${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1 \
  CUDAPY_LIBRARY="$ROOT/$ASAN_DIR/libcudapy.so" \
    "$PYTHON" -m pytest -q -rs -p no:cacheprovider --capture=sys "${corpora[@]}" \
      -k 'not cpu_buffer_of_an_exabyte and not small_stack'
}

# ---------------------------------------------------------------------------
# (f) Demo or tests
# ---------------------------------------------------------------------------
case "$MODE" in
  demo)
    log "running examples/demo.py"
    PYTHONPATH="$ROOT/pysrc${PYTHONPATH:+:$PYTHONPATH}" \
    CUDAPY_LIBRARY="$ROOT/$BUILD_DIR/libcudapy.so" \
      "$PYTHON" "$ROOT/examples/demo.py"
    ;;
  test)
    log "running tests"
    "${MESON[@]}" test -C "$BUILD_DIR" --print-errorlogs
    cuda_args=()
    for a in "${setup_args[@]}"; do
      if [[ $a == -Dcuda=* ]]; then
        cuda_args+=("$a")
      fi
    done
    CUDAPY_MESON="${MESON[*]}" PYTHON="$PYTHON" "$ROOT/tools/check_install.sh" ${cuda_args[@]+"${cuda_args[@]}"}
    log "building the documentation (warnings are errors)"
    "$PYTHON" -c 'import mkdocs, mkdocstrings_handlers.python' >/dev/null 2>&1 ||
      pip_install mkdocs mkdocstrings-python
    site=$(mktemp -d)
    "$PYTHON" -m mkdocs build --strict --quiet -f "$ROOT/mkdocs.yml" -d "$site"
    rm -rf "$site"
    if [[ ${CUDAPY_SANITIZERS:-1} != 0 ]]; then
      sanitizer_tests
    fi
    ;;
esac
