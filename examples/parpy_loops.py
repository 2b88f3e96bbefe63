#!/usr/bin/env python3
"""ParPy's loops on cudapy: plain Python functions parallelized by labels at the call.

Three programs written as ParPy users write them, each checked against NumPy: row sums with a
reduction label, a softmax of each row with slice reductions, and a 1-d Jacobi stencil whose
time loop runs on the host and launches a kernel per statement. Then the first lines of the
code cudapy generated for one of them. Runs on the GPU, or on the CPU target with
CUDAPY_TARGET=cpu."""

import numpy as np

import cudapy.parpy as parpy


@parpy.jit
def sum_rows(x, y, N, M):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        for j in range(M):
            y[i] += x[i, j]


@parpy.jit
def softmax(x, out, N):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        m = parpy.operators.max(x[i, :])
        parpy.label('M')
        s = parpy.operators.sum(parpy.operators.exp(x[i, :] - m))
        parpy.label('M')
        out[i, :] = parpy.operators.exp(x[i, :] - m) / s


@parpy.jit
def jacobi_1d(steps, A, B):
    for t in range(1, steps):
        parpy.label('N')
        B[1:-1] = (A[:-2] + A[1:-1] + A[2:]) / 3.0
        parpy.label('N')
        A[1:-1] = (B[:-2] + B[1:-1] + B[2:]) / 3.0


def main():
    rows, columns = 300, 2000
    x = np.random.default_rng(7).standard_normal((rows, columns)).astype(np.float32)

    y = np.zeros(rows, np.float32)
    sum_rows(x, y, rows, columns, opts=parpy.par({'N': parpy.threads(rows),
                                                  'M': parpy.threads(256).reduce()}))
    assert np.allclose(y, x.sum(axis=1), rtol=1e-4, atol=1e-3), "row sums"

    out = np.zeros_like(x)
    softmax(x, out, rows, opts=parpy.par({'N': parpy.threads(rows), 'M': parpy.threads(256)}))
    e = np.exp(x - x.max(axis=1, keepdims=True))
    assert np.allclose(out, e / e.sum(axis=1, keepdims=True), atol=1e-6), "softmax"

    A = np.linspace(0.0, 1.0, 1000) ** 2
    B = np.zeros_like(A)
    A_ref, B_ref = A.copy(), B.copy()
    jacobi_1d.__wrapped__(10, A_ref, B_ref)  # the function as CPython runs it
    jacobi_1d(10, A, B, opts=parpy.par({'N': parpy.threads(1024)}))
    assert np.allclose(A, A_ref) and np.allclose(B, B_ref), "jacobi"

    code = parpy.print_compiled(sum_rows, [x, y, rows, columns],
                                parpy.par({'N': parpy.threads(rows),
                                           'M': parpy.threads(256).reduce()}))
    kernel = code[code.index('extern "C" __global__'):]
    print("The kernel of sum_rows, as cudapy generated it:")
    print("\n".join(line for line in kernel.splitlines()[:12] if not line.startswith("#line")))
    print("row sums, softmax, jacobi: OK")


if __name__ == "__main__":
    main()
