"""The timing the kernel benchmarks share: the median of samples of back-to-back launches."""

import math
import statistics
import time


def seconds_per_launch(launch, synchronize, samples, sample_seconds):
    """The median over `samples` samples of the mean time of back-to-back launches, each sample
    repeating the launch until it lasts about `sample_seconds`, after a warm-up launch."""
    launch()
    synchronize()
    start = time.perf_counter()
    launch()
    synchronize()
    repeats = max(1, math.ceil(sample_seconds / (time.perf_counter() - start)))
    times = []
    for _ in range(samples):
        synchronize()
        start = time.perf_counter()
        for _ in range(repeats):
            launch()
        synchronize()
        times.append((time.perf_counter() - start) / repeats)
    return statistics.median(times)
