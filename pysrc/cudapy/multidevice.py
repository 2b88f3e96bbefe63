"""Work spread over several devices: an array split by rows over them (split, SplitArray),
put back together (gather), and one launch whose threads are spread over them, each device
running its own rows (launch_split). On the CPU target the devices are simulated ones (see
cudapy.simulate_devices), so that such programs are tested without GPUs."""

from ._lazy import numpy as np
from . import targets
from .array import CudaArray, to_device
from ._devices import Device, devices as all_devices


def _devices_of(devices, target, where):
    """The Devices asked for: None (all of `target`'s), a count (the first that many), or a
    sequence of ordinals and Devices, none twice."""
    if devices is None:
        chosen = all_devices(target)
    elif isinstance(devices, int) and not isinstance(devices, bool):
        available = all_devices(target)
        if not 1 <= devices <= len(available):
            raise ValueError(f"{where}: asked for {devices} devices; the {target} target has "
                             f"{len(available)}")
        chosen = available[:devices]
    else:
        chosen = [device if isinstance(device, Device) else Device(device, target)
                  for device in devices]
    if not chosen:
        raise ValueError(f"{where}: no devices to spread the work over")
    if len({device.id for device in chosen}) != len(chosen):
        raise ValueError(f"{where}: a device is named twice in {[d.id for d in chosen]}")
    return chosen


def _bounds(rows, count):
    """Where each of `count` nearly equal parts of `rows` rows starts, and the end."""
    return [rows * part // count for part in range(count + 1)]


class SplitArray:
    """An array split by rows (its first axis) over devices: `pieces[k]`, a CudaArray on
    `devices[k]`, holds rows `bounds[k]` to `bounds[k + 1]`. Indexing and iteration give the
    pieces; copy_to_host() and gather() put the whole array back together."""

    __slots__ = ("pieces", "devices", "bounds", "shape", "dtype", "target")

    def __init__(self, pieces, devices, bounds):
        self.pieces = list(pieces)
        self.devices = list(devices)
        self.bounds = list(bounds)
        first = self.pieces[0]
        self.shape = (self.bounds[-1], *first.shape[1:])
        self.dtype = first.dtype
        self.target = first.target

    def __len__(self):
        return len(self.pieces)

    def __getitem__(self, index):
        return self.pieces[index]

    def __iter__(self):
        return iter(self.pieces)

    def __repr__(self):
        placed = ", ".join(f"rows {start}:{stop} on device {device.id}" for start, stop, device
                           in zip(self.bounds, self.bounds[1:], self.devices))
        return f"SplitArray(shape={self.shape}, dtype={self.dtype}, {placed})"

    def copy_to_host(self):
        """The whole array as a NumPy array (each piece copied after its device's work)."""
        host = np.empty(self.shape, self.dtype)
        for piece, start, stop in zip(self.pieces, self.bounds, self.bounds[1:]):
            if stop > start:
                piece.copy_to_host(host[start:stop])
        return host

    def gather(self, device=None):
        """The whole array as one CudaArray on `device` (the current one unless given)."""
        return gather(self, device)


def split(array, devices=None, target=None):
    """`array` (a CudaArray, a NumPy array or anything np.asarray takes) split by rows over
    `devices` (all of the target's unless given; a count takes the first that many; or a list
    of ordinals or Devices), as nearly evenly as the rows allow: a SplitArray. Host data goes
    to each device directly; a CudaArray's rows are copied from its GPU to the others."""
    where = "split()"
    if isinstance(array, CudaArray):
        target = array.target if target is None else targets.resolve(target)
        if not array.is_c_contiguous():
            raise ValueError(f"{where}: the CudaArray must be C-contiguous to be split by rows, "
                             f"got strides {array.strides}")
    else:
        array = array if isinstance(array, np.ndarray) else np.asarray(array)
        target = targets.resolve(target)
    if array.ndim == 0:
        raise ValueError(f"{where}: a 0-d array has no rows to split")
    chosen = _devices_of(devices, target, where)
    bounds = _bounds(array.shape[0], len(chosen))
    pieces = [to_device(array[start:stop], target=target, device=device)
              for device, start, stop in zip(chosen, bounds, bounds[1:])]
    return SplitArray(pieces, chosen, bounds)


def gather(pieces, device=None):
    """The rows of a SplitArray (or of a list of CudaArrays, one after the other) as one
    CudaArray on `device` (the current one unless given)."""
    where = "gather()"
    if not isinstance(pieces, SplitArray):
        pieces = list(pieces)
        if not pieces or not all(isinstance(piece, CudaArray) for piece in pieces):
            raise TypeError(f"{where}: takes a SplitArray or a non-empty list of CudaArrays")
        rows = [0]
        for piece in pieces:
            if piece.ndim == 0 or piece.shape[1:] != pieces[0].shape[1:] or (
                    piece.dtype != pieces[0].dtype or piece.target != pieces[0].target):
                raise ValueError(f"{where}: the pieces must share their dtype, target and all "
                                 f"but their first extent; got {piece.shape} of {piece.dtype}")
            rows.append(rows[-1] + piece.shape[0])
        pieces = SplitArray(pieces, [piece.device for piece in pieces], rows)
    device = Device(device, pieces.target) if isinstance(device, int) else device
    out = (CudaArray.allocate(pieces.shape, pieces.dtype, target=pieces.target) if device is None
           else _allocate_on(device, pieces.shape, pieces.dtype, pieces.target))
    for piece, start, stop in zip(pieces.pieces, pieces.bounds, pieces.bounds[1:]):
        if stop > start:
            out[start:stop].copy_to_device(piece)
    return out


def _allocate_on(device, shape, dtype, target):
    with device:
        return CudaArray.allocate(shape, dtype, target=target)


def launch_split(kernel, n, args, devices=None):
    """Launches `kernel` (a compiled Kernel or a @cuda.jit dispatcher) over `n` threads, one
    per row, spread over devices: device k runs the threads of its rows, as kernel(count)
    launches them, on its own piece of each argument, with its thread and row numbers counted
    from its first row. The arguments are taken as:

    - a SplitArray: its pieces (all SplitArrays must be split alike, over `n` rows in all,
      and they choose the devices);
    - a NumPy array of `n` rows: split over the devices, copied there, and copied back after
      the launches (the kernel's results in it);
    - anything else (scalars, arrays of one device): as it is, to every device.

    The launches are queued on each device's legacy default stream without waiting for each
    other; reading a SplitArray's pieces (copy_to_host, gather) waits for them. A kernel bounds
    its threads by its arrays' extents (`if i < x.shape[0]`), as every thread-count launch
    may run a few threads past the end."""
    where = f"{getattr(kernel, 'name', getattr(kernel, '__name__', 'kernel'))}.launch_split()"
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"{where}: the thread count must be a non-negative int, got {n!r}")
    target = getattr(kernel, "target", None) or getattr(kernel, "_program").target
    layouts = [arg for arg in args if isinstance(arg, SplitArray)]
    if layouts:
        first = layouts[0]
        for other in layouts[1:]:
            if other.bounds != first.bounds or [d.id for d in other.devices] != [
                    d.id for d in first.devices]:
                raise ValueError(f"{where}: the SplitArrays are split differently: {first!r} "
                                 f"and {other!r}")
        if first.bounds[-1] != n:
            raise ValueError(f"{where}: {n} threads asked, but the SplitArrays have "
                             f"{first.bounds[-1]} rows")
        if devices is not None and [d.id for d in _devices_of(devices, target, where)] != [
                d.id for d in first.devices]:
            raise ValueError(f"{where}: devices= differs from the SplitArrays' devices")
        chosen, bounds = first.devices, first.bounds
    else:
        chosen = _devices_of(devices, target, where)
        bounds = _bounds(n, len(chosen))
    placed = []
    copied_back = []  # (NumPy array, its SplitArray)
    for arg in args:
        if isinstance(arg, np.ndarray) and arg.ndim > 0:
            if arg.shape[0] != n:
                raise ValueError(f"{where}: a NumPy argument of shape {arg.shape} does not have "
                                 f"one row per thread ({n})")
            pieces = SplitArray(
                [to_device(arg[start:stop], target=target, device=device)
                 for device, start, stop in zip(chosen, bounds, bounds[1:])], chosen, bounds)
            if arg.flags.writeable:
                copied_back.append((arg, pieces))
            placed.append(pieces)
        else:
            placed.append(arg)
    for index, device in enumerate(chosen):
        count = bounds[index + 1] - bounds[index]
        if count == 0:
            continue
        with device:
            kernel(count)(*[arg.pieces[index] if isinstance(arg, SplitArray) else arg
                            for arg in placed])
    for host, pieces in copied_back:
        host[...] = pieces.copy_to_host()
