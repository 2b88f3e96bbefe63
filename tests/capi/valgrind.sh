#!/bin/sh
# Runs a C ABI test under valgrind's memcheck with a sample of its cycles: fails on any memory
# error or leak, and is skipped (exit 77) where valgrind is not installed.
if ! command -v valgrind >/dev/null 2>&1; then
    echo "SKIP: valgrind not found"
    exit 77
fi
CUDAPY_LEAK_CYCLES=${CUDAPY_LEAK_CYCLES:-200}
export CUDAPY_LEAK_CYCLES
exec valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
    --error-exitcode=1 "$@"
