"""The compile cache: compiled code is kept in memory and in a folder, $CUDAPY_CACHE_DIR, else
$XDG_CACHE_HOME/cudapy, else ~/.cache/cudapy (CUDAPY_NO_DISK_CACHE=1 keeps it in memory only).
Entries are checked when read; damaged ones are compiled again."""

import binascii
import ctypes
import marshal
import os
import sys
from types import CodeType

from . import _ffi

# The generated launch functions' code objects, by their keys, for this process.
_launch_codes = {}
# Names the cache folder's files of code objects: marshal's format and the bytecode are this
# interpreter's own, so no other version reads them.
_LAUNCH_CODE_PREFIX = f"launch-{sys.implementation.cache_tag}-{sys.hexversion:08x}-"


def clear_cache():
    """Forgets compiled code: empties the in-memory caches and deletes cudapy's entries from
    the cache folder. Kernels already compiled keep working."""
    _ffi.check(_ffi.lib.cudapy_cache_clear())
    _launch_codes.clear()
    folder = cache_directory()
    try:
        names = os.listdir(folder) if folder else []
    except FileNotFoundError:
        names = []
    for name in names:  # entries, and the partial files of writers that died
        if name.startswith("launch-") and (name.endswith(".marshal") or ".marshal." in name):
            os.remove(os.path.join(folder, name))


def launch_code(key, make_source):
    """The code object of a generated launch function, named by `key`, which must tell apart
    everything its source depends on: from memory, else from the cache folder (as Python keeps
    .pyc files, a file holding the key and the code, used only when the key is the same), else
    compiled from make_source() and then stored there. Compiling it costs half a millisecond,
    and building its source a tenth, of a kernel's first call from the disk cache."""
    code = _launch_codes.get(key)
    if code is not None:
        return code
    folder = cache_directory()
    path = None
    if folder:
        name = f"{_LAUNCH_CODE_PREFIX}{binascii.crc32(key.encode()):08x}-{len(key)}.marshal"
        path = os.path.join(folder, name)
        try:
            stored_key, code = marshal.loads(read_file(path)[0])
            if stored_key != key or not isinstance(code, CodeType):
                code = None
        except (OSError, ValueError, EOFError, TypeError):  # absent or damaged: made again
            code = None
    if code is None:
        code = compile(make_source(), "<cudapy launch>", "exec")
        if path:
            partial = f"{path}.{os.getpid()}.tmp"
            try:
                os.makedirs(folder, exist_ok=True)
                with open(partial, "wb") as file:
                    file.write(marshal.dumps((key, code)))
                os.replace(partial, path)
            except OSError:  # a folder that cannot be written costs the compile only
                pass
    _launch_codes[key] = code
    return code


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
