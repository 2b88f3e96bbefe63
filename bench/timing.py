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


def checked_seconds(name, call, synchronize, check=None, samples=7, sample_seconds=0.25):
    """seconds_per_launch of `call` after a first call whose result `check` accepts (it
    raises when the result is wrong); None, with the reason printed, for a peer that fails."""
    try:
        result = call()
        synchronize()
        if check is not None:
            check(result)
        return seconds_per_launch(call, synchronize, samples, sample_seconds)
    except Exception as error:  # a peer that fails prints n/a with its reason
        print(f"  {name}: n/a ({type(error).__name__}: {error})")
        return None
