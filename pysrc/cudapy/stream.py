"""Streams and events, and the one conversion of every form a stream is given in to its
cudaStream_t.

A stream orders the work queued on it: kernels launched with `kernel[grid, block, stream]`
and the copies of DeviceArray.copy_to_host/copy_to_device given `stream=`. Like numba's,
PyCUDA's and CuPy's, a cudapy Stream waits for the legacy default stream (where work without a
stream goes), and that stream for it; between two cudapy streams order work with events
(`stream.wait_event(event)`), or wait for it on the host with `stream.synchronize()` or
`cudapy.synchronize()`.
"""

import contextlib
import ctypes

from ._lazy import numpy as np
from . import _ffi
from ._devices import has_gpu

# The largest cudaStream_t, a pointer.
_HANDLE_BITS = 8 * ctypes.sizeof(ctypes.c_void_p)
_MAX_HANDLE = (1 << _HANDLE_BITS) - 1

# The CUDA Array Interface's and DLPack's names of the default streams.
LEGACY_DEFAULT_STREAM = 1
PER_THREAD_DEFAULT_STREAM = 2
# The default streams, by 0 and by their own handles.
_DEFAULT_HANDLES = (0, LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM)
_DEFAULT_HANDLES = (0, LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM)


def stream_handle(stream, what="the stream"):
    """The cudaStream_t, as an int, of a stream given as None or 0 (the legacy default stream),
    an int handle, a cudapy Stream, or another library's stream: an object with `cuda_stream`
    (PyTorch), `ptr` (CuPy), `handle` (numba; an int or a ctypes.c_void_p) or the
    `__cuda_stream__()` protocol. `what` names the argument in errors."""
    if stream is None:
        return 0
    if not isinstance(stream, (int, np.integer)):
        protocol = getattr(stream, "__cuda_stream__", None)
        if protocol is not None:
            stream = protocol()[1]
        else:
            for attribute in ("cuda_stream", "ptr", "handle"):
                handle = getattr(stream, attribute, None)
                if handle is not None:
                    stream = ((handle.value or 0) if isinstance(handle, ctypes.c_void_p)
                              else handle)
                    break
    if isinstance(stream, bool) or not isinstance(stream, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(stream).__name__}; pass None, "
                        "an int cudaStream_t, a cudapy Stream, or a CuPy, PyTorch or numba "
                        "stream")
    if stream < 0:
        raise ValueError(f"{what} must not be negative, got {stream}")
    if stream > _MAX_HANDLE:
        raise OverflowError(f"{what} {stream} does not fit in a cudaStream_t "
                            f"({_HANDLE_BITS} bits)")
    return int(stream)


class Stream:
    """A CUDA stream: cudapy's own (cudapy.stream()), the legacy default stream
    (cudapy.default_stream()), or another library's, named by its handle. `handle` and
    `cuda_stream` give the cudaStream_t as an int, so CuPy (cupy.cuda.ExternalStream) and
    PyTorch (torch.cuda.ExternalStream) can use it too. `with stream:` does nothing: work goes
    on a stream only when it is given one."""

    __slots__ = ("handle", "_owner", "__weakref__")

    def __init__(self, handle=0):
        self.handle = stream_handle(handle, "Stream(): the handle")
        self._owner = None

    @classmethod
    def _create(cls):
        created = cls.__new__(cls)
        created._open()
        return created

    def _open(self):
        """Makes this object a new stream of cudapy's."""
        stream = _ffi.stream_p()
        _ffi.check(_ffi.lib.cudapy_stream_new(ctypes.byref(stream)))
        self.handle = _ffi.lib.cudapy_stream_handle(stream) or 0
        # Destroyed when collected; queued work still runs.
        self._owner = _ffi.own(self, _ffi.lib.cudapy_stream_delete, stream)

    @property
    def external(self):
        """Whether the stream is another library's, named by its handle (numba's
        external_stream), rather than cudapy's own or a default stream."""
        return self._owner is None and self.handle not in _DEFAULT_HANDLES

    @property
    def cuda_stream(self):
        """The cudaStream_t as an int (PyTorch's name)."""
        return self.handle

    @property
    def ptr(self):
        """The cudaStream_t as an int (CuPy's name)."""
        return self.handle

    def __cuda_stream__(self):
        """The CUDA stream protocol: (version, handle)."""
        return 0, self.handle

    def synchronize(self):
        """Waits for the work queued on the stream; a kernel's fault is raised as LaunchError."""
        status = _ffi.lib.cudapy_stream_synchronize(self.handle)
        if status == _ffi.Status.NO_DEVICE and self.handle in _DEFAULT_HANDLES:
            return  # without a GPU nothing is queued: the CPU target's work is done at once
        _ffi.check(status)

    @contextlib.contextmanager
    def auto_synchronize(self):
        """numba's `with stream.auto_synchronize():` the stream is synchronized when the block
        ends (also when it raises)."""
        try:
            yield self
        finally:
            self.synchronize()

    def query(self):
        """Whether the work queued on the stream so far has finished."""
        done = ctypes.c_int()
        status = _ffi.lib.cudapy_stream_query(self.handle, ctypes.byref(done))
        if status == _ffi.Status.NO_DEVICE and self.handle == 0:
            return True  # as synchronize()
        _ffi.check(status)
        return bool(done.value)

    def wait_event(self, event):
        """Work queued on the stream from now on waits for the work before `event`'s record."""
        _ffi.check(_ffi.lib.cudapy_stream_wait_event(self.handle, event._live()))

    def record(self, event=None):
        """Records `event` (a new one when None) on the stream and returns it."""
        event = event if event is not None else Event(timing=False)
        event.record(self)
        return event

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return False

    def __int__(self):
        return self.handle

    def __eq__(self, other):
        # A stream is its handle: `array.stream == 0` asks for the legacy default stream.
        if isinstance(other, Stream):
            return other.handle == self.handle
        if isinstance(other, (int, np.integer)) and not isinstance(other, bool):
            return other == self.handle
        return NotImplemented

    def __hash__(self):
        return hash(self.handle)

    def __repr__(self):
        if self.handle == 0:
            return "<cudapy.Stream legacy default>"
        owner = "cudapy" if self._owner is not None else "external"
        return f"<cudapy.Stream {owner} 0x{self.handle:x}>"


class Event(_ffi.Owner):
    """A CUDA event: a point in a stream's work. With timing (the default) two events measure
    the time between them on the GPU (elapsed_time, in milliseconds)."""

    __slots__ = ("timing", "_event")

    def __init__(self, timing=True):
        self.timing = bool(timing)
        event = _ffi.event_p()
        _ffi.check(_ffi.lib.cudapy_event_new(1 if self.timing else 0, ctypes.byref(event)))
        self._event = event
        self._own(_ffi.lib.cudapy_event_delete, event)

    def _live(self):
        if self.closed:
            raise ValueError("the event is closed")
        return self._event

    def record(self, stream=None):
        """Marks the current end of `stream`'s work (None: the legacy default stream)."""
        _ffi.check(_ffi.lib.cudapy_event_record(self._live(), stream_handle(stream)))
        return self

    def synchronize(self):
        """Waits for the work before the last record."""
        _ffi.check(_ffi.lib.cudapy_event_synchronize(self._live()))

    def wait(self, stream=None):
        """Work queued on `stream` from now on waits for the work before the last record
        (numba's Event.wait)."""
        _ffi.check(_ffi.lib.cudapy_stream_wait_event(stream_handle(stream), self._live()))

    def query(self):
        """Whether the work before the last record has finished."""
        done = ctypes.c_int()
        _ffi.check(_ffi.lib.cudapy_event_query(self._live(), ctypes.byref(done)))
        return bool(done.value)

    def elapsed_time(self, end):
        """Milliseconds from this event's record to `end`'s; both timing events whose work has
        finished (synchronize `end` first)."""
        if not isinstance(end, Event):
            raise TypeError(f"elapsed_time(): end must be an Event, got {type(end).__name__}")
        milliseconds = ctypes.c_float()
        _ffi.check(_ffi.lib.cudapy_event_elapsed_ms(self._live(), end._live(),
                                                    ctypes.byref(milliseconds)))
        return milliseconds.value

    def __repr__(self):
        return f"<cudapy.Event timing={self.timing}>"


def stream():
    """A new cudapy Stream on the calling thread's current GPU, where its work runs (launch on
    it with that GPU current). Without a GPU, the legacy default stream: the CPU target's
    launches and copies are done when their calls return, so its work needs no stream of its
    own, and a program written for streams runs there unchanged."""
    if not has_gpu():
        return Stream(0)
    return Stream._create()


def default_stream():
    """The legacy default stream, where work given no stream goes."""
    return Stream(0)


def legacy_default_stream():
    """The legacy default stream by its own handle (cudaStreamLegacy): it waits for the work
    of the device's other blocking streams, as stream 0 does."""
    return Stream(LEGACY_DEFAULT_STREAM)


def per_thread_default_stream():
    """The calling host thread's default stream (cudaStreamPerThread)."""
    return Stream(PER_THREAD_DEFAULT_STREAM)


def external_stream(handle):
    """A Stream for another library's cudaStream_t; cudapy never destroys it."""
    return Stream(handle)


def event(timing=True):
    """A new Event; with timing it can measure elapsed time."""
    return Event(timing)


def wait_for_stream(producer, consumer):
    """Makes work queued on `consumer` wait for the work queued so far on `producer` (both
    cudaStream_t ints), through an event, without blocking the host."""
    if producer == consumer:
        return
    marker = Event(timing=False)
    marker.record(producer)
    _ffi.check(_ffi.lib.cudapy_stream_wait_event(consumer, marker._event))
