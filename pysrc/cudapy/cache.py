"""The compile cache: compiled code is kept in memory and in a folder, $CUDAPY_CACHE_DIR, else
$XDG_CACHE_HOME/cudapy, else ~/.cache/cudapy (CUDAPY_NO_DISK_CACHE=1 keeps it in memory only).
Entries are checked when read; damaged ones are compiled again."""

import ctypes
import os

from . import _ffi


def clear_cache():
    """Forgets compiled code: empties the in-memory caches and deletes cudapy's entries from
    the cache folder. Kernels already compiled keep working."""
    _ffi.check(_ffi.lib.cudapy_cache_clear())


def cache_directory():
    """The cache folder as the environment names it now (it may not exist yet), or None when
    the disk cache is off."""
    folder = _ffi.lib.cudapy_cache_directory()
    return os.fsdecode(folder) if folder else None


def cache_stats():
    """Where this process's compiled code came from: a dict of counts since it started
    (memory_hits, disk_hits, compiles, disk_writes, bad_entries, disk_errors)."""
    stats = _ffi.CacheStats(size=ctypes.sizeof(_ffi.CacheStats))
    _ffi.check(_ffi.lib.cudapy_cache_stats_get(ctypes.byref(stats)))
    return {name: getattr(stats, name) for name, _ in _ffi.CacheStats._fields_[1:]}
