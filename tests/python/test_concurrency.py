"""Eight threads compiling and launching different kernels at once, on the CPU target and on
the GPU where there is one."""

import threading

import numpy as np
import pytest

import cudapy as cp

THREADS = 8
LAUNCHES = 20

TARGETS = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


def kernel_source(k):
    # A different kernel in each thread: the constant makes the source, and so the compile, distinct.
    return f"""
# affine{k} : void (int* X, int* Y)
def affine{k}(X, Y):
    if idx < len(X):
        Y[idx] = X[idx] * {k + 2} + {k}
"""


@pytest.mark.parametrize("target", TARGETS)
def test_threads_compile_and_launch_different_kernels(target):
    failures = []
    start = threading.Barrier(THREADS)

    def work(k):
        try:
            start.wait()
            kernel = cp.compile(kernel_source(k), target=target)
            rng = np.random.default_rng(k)
            for _ in range(LAUNCHES):
                x = rng.integers(-1000, 1000, 1000 + 37 * k).astype(np.int32)
                y = np.full_like(x, -1)
                kernel(len(x))(x, y)
                if not np.array_equal(y, x * (k + 2) + k):
                    failures.append(f"thread {k}: wrong result")
                    return
        except Exception as error:  # reported below with the thread it happened in
            failures.append(f"thread {k}: {error!r}")

    workers = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not failures, "\n".join(failures)
