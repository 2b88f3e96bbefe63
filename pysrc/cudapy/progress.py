"""What compiles do while a program waits: each compile is logged through the `cudapy` logger
(`CUDAPY_LOG=info` prints them on stderr) with its time and whether the compile caches had it,
and a callback given to set_progress() hears of a compile still running after a second (nvcc,
the CPU target's C++ compiler, a large module) and of its end. Without either, a compile pays
for none of it."""

import contextlib
import logging
import os
import threading
import time

from .cache import cache_stats

logger = logging.getLogger("cudapy")

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING,
           "error": logging.ERROR}
_SLOW_SECONDS = 1.0
_callback = None


def _configure_from_environment():
    """CUDAPY_LOG=info (or debug, warning, error): the `cudapy` logger prints on stderr."""
    level = os.environ.get("CUDAPY_LOG", "").strip().lower()
    if not level:
        return
    if level not in _LEVELS:
        import warnings

        warnings.warn(f"CUDAPY_LOG={level!r} is not one of {', '.join(_LEVELS)}; ignored",
                      stacklevel=3)
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("cudapy: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(_LEVELS[level])


def set_progress(callback):
    """Calls `callback(what, seconds, done, compiled)` for each compile still running after a
    second (done False, compiled None), and at the end of such a compile (done True; compiled
    False when a cache had the code). None stops it. Returns the callback it replaces."""
    global _callback
    if callback is not None and not callable(callback):
        raise TypeError(f"set_progress() takes a callable or None, got {type(callback).__name__}")
    previous, _callback = _callback, callback
    return previous


_QUIET = contextlib.nullcontext()


def compiling(what):
    """A context that reports the compile its block runs; `what` names it ("kernel saxpy for
    the GPU"). With no callback and the logger quiet, one that does nothing (the logger is read
    as isEnabledFor reads it, less the cache whose first fill costs a program's first compile
    more than the rest of this)."""
    if _callback is None and (logger.disabled or logger.manager.disable >= logging.INFO
                              or logger.getEffectiveLevel() > logging.INFO):
        return _QUIET
    return _reporting(what, _callback)


@contextlib.contextmanager
def _reporting(what, callback):
    compiles = cache_stats()["compiles"]
    start = time.perf_counter()
    slow = threading.Event()

    def still_running():
        slow.set()
        logger.info("%s: still compiling after %.1f s", what, time.perf_counter() - start)
        if callback is not None:
            callback(what, time.perf_counter() - start, False, None)

    timer = threading.Timer(_SLOW_SECONDS, still_running)
    timer.daemon = True
    timer.start()
    failed = True
    try:
        yield
        failed = False
    finally:
        timer.cancel()
        timer.join()  # a report of the compile still running ends before the one of its end
        seconds = time.perf_counter() - start
        compiled = cache_stats()["compiles"] != compiles
        outcome = "failed" if failed else "compiled" if compiled else "found in the cache"
        logger.info("%s: %s in %.1f ms", what, outcome, seconds * 1e3)
        if callback is not None and slow.is_set():
            callback(what, seconds, True, compiled)


_configure_from_environment()
