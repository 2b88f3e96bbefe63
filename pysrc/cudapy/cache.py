"""The compile cache: compiled code is kept in memory and in a folder, $CUDAPY_CACHE_DIR, else
$XDG_CACHE_HOME/cudapy, else ~/.cache/cudapy (CUDAPY_NO_DISK_CACHE=1 keeps it in memory only).
Entries are checked when read; damaged ones are compiled again."""

import ctypes
import marshal
import os
import sys
from types import CodeType

from . import _ffi

# The generated launch functions' code objects, by their keys, for this process.
_launch_codes = {}
# Begins the keys of their disk entries: marshal's format and the bytecode are this
# interpreter's own, so no other version reads them.
_LAUNCH_CODE_TAG = f"launch code {sys.implementation.cache_tag} {sys.hexversion:08x} "


def clear_cache():
    """Forgets compiled code: empties the in-memory caches and deletes cudapy's entries from
    the cache folder. Kernels already compiled keep working."""
    _ffi.check(_ffi.lib.cudapy_cache_clear())
    _launch_codes.clear()


def launch_code(key, make_source):
    """The code object of a generated launch function, named by `key`, which must tell apart
    everything its source depends on: from memory, else from the disk cache (an entry of the
    library's for callers, cudapy_cache_get), else compiled from make_source() and stored
    there. Compiling it costs half a millisecond, and building its source a tenth, of a
    kernel's first call from the disk cache."""
    code = _launch_codes.get(key)
    if code is not None:
        return code
    stored_key = (_LAUNCH_CODE_TAG + key).encode()
    data = _cache_get(stored_key)
    try:
        code = marshal.loads(data) if data is not None else None
    except (ValueError, EOFError, TypeError):  # written by a damaged interpreter: made again
        code = None
    if not isinstance(code, CodeType):
        code = compile(make_source(), "<cudapy launch>", "exec")
        data = marshal.dumps(code)
        _ffi.check(_ffi.lib.cudapy_cache_put(stored_key, len(stored_key), data, len(data)))
    _launch_codes[key] = code
    return code


def _cache_get(key):
    """The bytes of the disk cache's entry of the caller's under `key`, or None."""
    pointer, size = ctypes.c_void_p(), ctypes.c_size_t()
    status = _ffi.lib.cudapy_cache_get(key, len(key), ctypes.byref(pointer), ctypes.byref(size))
    _ffi.warn_pending()
    _ffi.check(status)
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value, size.value)
    finally:
        _ffi.lib.cudapy_string_free(pointer)


def read_file(path):
    """The bytes of the file at `path` and its os.stat_result, read with the os module's calls,
    which cost half of what open() does in a fresh process. Raises OSError."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        status = os.fstat(descriptor)
        data = os.read(descriptor, status.st_size + 1)
        if len(data) != status.st_size:  # a short read, or a file that changed: read to the end
            data += b"".join(iter(lambda: os.read(descriptor, 1 << 16), b""))
        return data, status
    finally:
        os.close(descriptor)


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
