"""Scans (prefix sums with any associative operation): CudaPy's `scan`, and NumPy's cumsum and
cumprod on device arrays, on the GPU and on the CPU target.

One pass moves each element once in and once out, as CUB's scan does (decoupled look-back):
each block takes the next tile of the array in order, scans it in shared memory, and posts the
tile's total at once; its first warp then reads the posts of the 32 tiles before it at a time
(with atomic.load, past the multiprocessor's cache) and folds their totals until it meets one
that has posted its inclusive prefix, and posts its own. Rows of a 2-d problem are scanned independently in the same launch.

The operation is assumed associative and commutative. Integer scans are exact; floating-point
ones may differ from NumPy's sequential sums in the last bits, and from run to run, since the
tiles' totals are grouped as the look-back finds them."""

from . import reduction, targets
from ._lazy import numpy as np
from ._source import _source
from .array import CudaArray
from .elementwise import _device_target, _type_text, converter

_BLOCK = 256
_WARP = 32
_ALL = "0xFFFFFFFF"
_AGGREGATE, _PREFIX = 1, 2


def _storage(dtype):
    """Where a value is kept between threads: shuffled, in shared memory and in the posts."""
    return reduction._shuffled_type(dtype) or _type_text(dtype)


def _items(in_dtype, value_dtype):
    """The elements each thread scans: 16 (a tile of 4096) of values up to 8 bytes, 8 of wider
    ones, so that a tile's values fit the shared memory of several blocks. (An int32 cumsum
    into int64 on an H100: 2309 GB/s with 16, 1952 with 8.)"""
    return 16 if max(np.dtype(in_dtype).itemsize, np.dtype(value_dtype).itemsize) <= 8 else 8


def _scan_text(monoid, in_dtype, out_dtype, inclusive, items):
    """The kernel scanning rows of `length` elements of a flat input into a flat output,
    `items` consecutive elements per thread."""
    tile_size = items * _BLOCK
    value_dtype = monoid.components[0]
    value, store = _type_text(value_dtype), _storage(value_dtype)
    padded = tile_size + tile_size // _WARP

    def combine(dst, src):
        return monoid.combine([dst], [src])

    def fold(level, name, other):
        """`name` (with flag have_<name>) absorbs `other` (with have_<other>), `other` first."""
        return reduction._lines(level, [
            f"if have_{other} != 0:",
            f"    if have_{name} != 0:",
            f"        merged = {other}"] + [
            "        " + line for line in combine("merged", name)] + [
            f"        {name} = merged",
            "    else:",
            f"        {name} = {other}",
            f"        have_{name} = int32(1)"])

    def post(level, posts, name, flag):
        """The tile's value stored where the tiles after it read it, then its flag."""
        return reduction._lines(level, [f"{posts}[t] = {store}({name})", "threadfence()",
                                        f"atomic.exch(flags, t, {flag})"])

    lines = [
        f"# cudapy_scan : void ({_type_text(out_dtype)}[::1], {_type_text(in_dtype)}[::1], "
        f"int32[::1], {store}[::1], {store}[::1], int64, int64, int64, {value})",
        "def cudapy_scan(out, x, flags, aggregates, prefixes, length, tiles_per_row, tiles, "
        "init):",
        f"    tile_values = shared.array({padded}, {store})",
        f"    warp_totals = shared.array({_BLOCK // _WARP}, {store})",
        f"    warp_haves = shared.array({_BLOCK // _WARP}, int32)",
        f"    tile_prefix = shared.array(1, {store})",
        "    tile_id = shared.array(1, int64)",
        "    tid = threadIdx.x",
        f"    lane = tid % {_WARP}",
        f"    warp = tid // {_WARP}",
        # Tiles are numbered in the order blocks start, so that the tiles a block waits
        # for have started before it.
        "    if tid == 0:",
        "        tile_id[0] = int64(atomic.add(flags, tiles, 1))",
        "    syncthreads()",
        "    t = tile_id[0]",
        "    row = t // tiles_per_row",
        "    tile = t % tiles_per_row",
        f"    offset_in_row = tile * {tile_size}",
        "    base = row * length + offset_in_row",
        f"    count = min(int64({tile_size}), length - offset_in_row)",
        f"    for k in range({items}):",
        f"        j = k * {_BLOCK} + tid",
        "        if j < count:",
        f"            tile_values[j + j // {_WARP}] = {store}({value}(x[base + j]))",
        "    syncthreads()",
        # The thread's own items, in order.
        f"    start = tid * {items}",
        "    have_running = int32(0)",
        f"    running = {value}(0)",
        f"    for k in range({items}):",
        "        j = start + k",
        "        if j < count:",
        f"            item = {value}(tile_values[j + j // {_WARP}])",
        "            if have_running != 0:"]
    lines += reduction._lines(4, combine("running", "item"))
    lines += ["            else:",
              "                running = item",
              "                have_running = int32(1)",
              # The warp's inclusive scan of its threads' totals.
              "    step = 1",
              f"    while step < {_WARP}:",
              f"        up = {value}(shfl_up_sync({_ALL}, {store}(running), step))",
              f"        have_up = shfl_up_sync({_ALL}, have_running, step)",
              "        if lane >= step:"]
    lines += fold(3, "running", "up")
    lines += ["        step *= 2",
              f"    if lane == {_WARP - 1}:",
              f"        warp_totals[warp] = {store}(running)",
              "        warp_haves[warp] = have_running",
              f"    before = {value}(shfl_up_sync({_ALL}, {store}(running), 1))",
              f"    have_before = shfl_up_sync({_ALL}, have_running, 1)",
              "    if lane == 0:",
              "        have_before = int32(0)",
              "    syncthreads()",
              # What the warps before this thread's add, then the tile's total.
              "    have_earlier = int32(0)",
              f"    earlier = {value}(0)",
              "    for w in range(warp):",
              f"        total = {value}(warp_totals[w])",
              "        have_total = warp_haves[w]"]
    lines += fold(2, "earlier", "total")
    lines += fold(1, "before", "earlier")
    lines += ["    have_prefix = int32(0)",
              f"    prefix = {value}(0)",
              "    if warp == 0:",
              "        have_aggregate = int32(0)",
              f"        aggregate = {value}(0)",
              "        if lane == 0:",
              f"            for w in range({_BLOCK // _WARP}):",
              f"                total = {value}(warp_totals[w])",
              "                have_total = warp_haves[w]"]
    lines += fold(4, "aggregate", "total")
    lines += ["            if tile == 0:"]
    lines += post(4, "prefixes", "aggregate", _PREFIX)
    lines += ["            else:"]
    lines += post(4, "aggregates", "aggregate", _AGGREGATE)
    lines += ["        if tile != 0:",
              # Look back over the tiles before this one in the row, 32 at a time.
              "            row_start = row * tiles_per_row",
              "            p = t - 1",
              "            searching = int32(1)",
              "            while searching != 0:",
              "                q = p - lane",
              f"                flag = int32({_PREFIX})",
              "                if q >= row_start:",
              "                    flag = atomic.load(flags, q)",
              f"                while all_sync({_ALL}, flag != 0) == 0:",
              "                    if flag == 0:",
              "                        flag = atomic.load(flags, q)",
              f"                found = ballot_sync({_ALL}, flag == {_PREFIX})",
              f"                last_lane = {_WARP - 1}",
              "                if found != 0:",
              "                    last_lane = ffs(found) - 1",
              "                    searching = int32(0)",
              "                have_window = int32(0)",
              f"                window = {value}(0)",
              "                if lane <= last_lane:",
              "                    have_window = int32(1)",
              f"                    if flag == {_PREFIX}:",
              f"                        window = {value}(atomic.load(prefixes, q))",
              "                    else:",
              f"                        window = {value}(atomic.load(aggregates, q))",
              f"                offset = {_WARP // 2}",
              "                while offset > 0:",
              f"                    other = {value}(shfl_down_sync({_ALL}, {store}(window), offset))",
              f"                    have_other = shfl_down_sync({_ALL}, have_window, offset)"]
    lines += fold(5, "window", "other")
    lines += ["                    offset //= 2",
              "                if lane == 0:"]
    lines += fold(5, "prefix", "window")
    lines += ["                p -= 32",
              "            if lane == 0:",
              "                inclusive = prefix"]
    lines += reduction._lines(4, combine("inclusive", "aggregate"))
    lines += post(4, "prefixes", "inclusive", _PREFIX)
    lines += [f"                tile_prefix[0] = {store}(prefix)",
              "    syncthreads()",
              "    if tile != 0:",
              f"        prefix = {value}(tile_prefix[0])",
              "        have_prefix = int32(1)"]
    lines += fold(1, "before", "prefix")
    # Each thread's items again, each written as the scan up to it (or before it).
    lines += ["    running = before",
              "    have_running = have_before",
              f"    for k in range({items}):",
              "        j = start + k",
              "        if j < count:",
              f"            item = {value}(tile_values[j + j // {_WARP}])"]
    if inclusive:
        lines += ["            if have_running != 0:"]
        lines += reduction._lines(4, combine("running", "item"))
        lines += ["            else:",
                  "                running = item",
                  "                have_running = int32(1)",
                  f"            tile_values[j + j // {_WARP}] = {store}(running)"]
    else:
        lines += ["            written = init",
                  "            if have_running != 0:"]
        lines += reduction._lines(4, combine("written", "running"))
        lines += reduction._lines(4, combine("running", "item"))
        lines += ["            else:",
                  "                running = item",
                  "                have_running = int32(1)",
                  f"            tile_values[j + j // {_WARP}] = {store}(written)"]
    lines += ["    syncthreads()",
              f"    for k in range({items}):",
              f"        j = k * {_BLOCK} + tid",
              "        if j < count:",
              f"            out[base + j] = {_type_text(out_dtype)}({value}("
              f"tile_values[j + j // {_WARP}]))"]
    return "\n".join(lines) + "\n"


_KERNELS = {}  # by what their text depends on, so that a call builds no text


def _scan_rows(monoid, rows, out, inclusive, init, stream):
    """Scans `rows` (a C-contiguous 2-d device array) along its last axis into `out` (its
    shape, C-contiguous)."""
    count, length = rows.shape
    if rows.size == 0:
        return
    where = rows.target
    items = _items(rows.dtype, monoid.components[0])
    tiles_per_row = -(-length // (items * _BLOCK))
    tiles = count * tiles_per_row
    key = (monoid, rows.dtype, out.dtype, inclusive, where)
    kernel = _KERNELS.get(key)
    if kernel is None:
        text = _scan_text(monoid, rows.dtype, out.dtype, inclusive, items)
        kernel = _KERNELS[key] = reduction._kernel("cudapy_scan", text, monoid, "", (), where)
    flags = CudaArray.allocate((tiles + 1,), np.int32, target=where, stream=stream)
    converter(np.dtype(np.int32))(0, out=flags, stream=stream)
    store = np.dtype(_storage(monoid.components[0]))
    aggregates = CudaArray.allocate((tiles,), store, target=where, stream=stream)
    prefixes = CudaArray.allocate((tiles,), store, target=where, stream=stream)
    value = np.asarray(init if init is not None else 0).astype(monoid.components[0])[()]
    kernel[tiles, _BLOCK, stream](out.reshape(out.size), rows.reshape(rows.size), flags,
                                  aggregates, prefixes, length, tiles_per_row, tiles, value)


def _scan_array(monoid, array, axis, out_dtype, inclusive=True, init=None, stream=0):
    """The scan of a device array along `axis` (None: of the flattened array)."""
    if axis is None:
        flat = array if array.is_c_contiguous() else array.copy()
        flat = flat.reshape(1, flat.size)
        out = CudaArray.allocate((array.size,), out_dtype, target=array.target, stream=stream)
        _scan_rows(monoid, flat, out.reshape(1, out.size), inclusive, init, stream)
        return out
    (axis,) = reduction.normalize_axes(axis, array.ndim)
    shape = tuple(array.shape)
    out = CudaArray.allocate(shape, out_dtype, target=array.target, stream=stream)
    length = shape[axis]
    others = array.size // length if length else 0
    if axis == array.ndim - 1 and array.is_c_contiguous():
        _scan_rows(monoid, array.reshape(others, length), out.reshape(others, length),
                   inclusive, init, stream)
        return out
    # Moved so that the axis is last in memory, scanned, and moved back.
    order = [other for other in range(array.ndim) if other != axis] + [axis]
    moved_shape = tuple(shape[i] for i in order)
    moved = CudaArray.allocate(moved_shape, array.dtype, target=array.target, stream=stream)
    converter(array.dtype)(array._view(0, moved_shape, tuple(array.strides[i] for i in order)),
                           out=moved, stream=stream)
    scanned = CudaArray.allocate(moved_shape, out_dtype, target=array.target, stream=stream)
    _scan_rows(monoid, moved.reshape(others, length), scanned.reshape(others, length),
               inclusive, init, stream)
    back = [order.index(i) for i in range(array.ndim)]
    converter(np.dtype(out_dtype))(
        scanned._view(0, shape, tuple(scanned.strides[i] for i in back)), out=out,
        stream=stream)
    return out


def _cumulative(name, array, axis, dtype, out, stream):
    if not isinstance(array, CudaArray):
        raise TypeError(f"{name}() takes a device array, got {type(array).__name__}")
    if array.dtype.kind not in "biuf":
        raise TypeError(f"{name}() is not supported for arrays of {array.dtype}")
    result = np.dtype(dtype) if dtype is not None else getattr(np, name)(
        np.zeros(1, array.dtype)).dtype
    accumulator = reduction.accumulator(result)
    monoid = _MONOIDS.get((name, accumulator))
    if monoid is None:
        monoid = _MONOIDS[name, accumulator] = reduction.binary_monoid(
            accumulator, "a + b" if name == "cumsum" else "a * b")
    scanned = _scan_array(monoid, array, axis, result, stream=stream)
    if out is None:
        return scanned
    if not isinstance(out, CudaArray) or tuple(out.shape) != tuple(scanned.shape):
        raise ValueError(f"{name}(): out= must be a device array of shape "
                         f"{tuple(scanned.shape)}")
    converter(out.dtype)(scanned, out=out, stream=stream)
    return out


_MONOIDS = {}


def cumsum(a, axis=None, dtype=None, out=None, stream=0):
    """NumPy's cumsum of a device array: the running sums along `axis` (None: of the
    flattened array), in NumPy's result type (int64 for small integers)."""
    return _cumulative("cumsum", a, axis, dtype, out, stream)


def cumprod(a, axis=None, dtype=None, out=None, stream=0):
    """NumPy's cumprod of a device array: the running products along `axis`."""
    return _cumulative("cumprod", a, axis, dtype, out, stream)


def scan(function, array, inclusive=True, init=None, axis=None, target=None, stream=0):
    """CudaPy's scan: the running results of a binary Python function (associative and
    commutative, such as a sum, a product, max or min) over `array`, flattened or along
    `axis`; element i of an inclusive scan folds elements 0..i, of an exclusive one `init`
    and elements 0..i-1. A device array gives a device array; a host array a host array,
    computed on `target` (default: $CUDAPY_TARGET, else the GPU)."""
    if not inclusive and init is None:
        raise ValueError("scan(): an exclusive scan needs init=, the value before the first "
                         "element (0 for a sum)")
    name = _source(function).name
    if name is None:
        raise ValueError("scan(): the function's source defines no function")
    host = not isinstance(array, CudaArray)
    device = array
    if host:
        values = np.asarray(array)
        device = CudaArray(values, target=targets.resolve(target))
    _device_target([device])
    key = (function, device.dtype)
    monoid = _MONOIDS.get(key)
    if monoid is None:
        monoid = _MONOIDS[key] = reduction.function_monoid(device.dtype, function)
    result = _scan_array(monoid, device, axis, device.dtype, inclusive, init, stream)
    return result.copy_to_host() if host else result


def _install():
    def array_cumsum(self, axis=None, dtype=None, out=None, stream=0):
        """The running sums along `axis` (None: of the flattened array), as NumPy's
        ndarray.cumsum; a device array."""
        return cumsum(self, axis, dtype, out, stream)

    def array_cumprod(self, axis=None, dtype=None, out=None, stream=0):
        """The running products along `axis` (None: of the flattened array), as NumPy's
        ndarray.cumprod; a device array."""
        return cumprod(self, axis, dtype, out, stream)

    array_cumsum.__name__ = "cumsum"
    array_cumprod.__name__ = "cumprod"
    array_cumsum.__qualname__ = "CudaArray.cumsum"
    array_cumprod.__qualname__ = "CudaArray.cumprod"
    CudaArray.cumsum = array_cumsum
    CudaArray.cumprod = array_cumprod


_install()
