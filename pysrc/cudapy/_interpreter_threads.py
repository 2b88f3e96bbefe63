"""The threads of an interpreted launch (cudapy.interpreter): who runs when, and the barriers
and warp operations that make the threads of a block wait for each other.

A kernel without barriers or warp operations runs its threads one after another, each a plain
call in the calling thread. Otherwise each thread of a block runs on an OS thread of its own,
but only one at a time: a thread runs until it returns or waits at a barrier, then passes a
baton to the next runnable thread in order (x fastest, then y, then z), which starts or goes
on. So results are deterministic, shared memory needs no locks, the kernel's globals can hold
the running thread's names, and a deadlock is known for certain the moment no thread can run
while some have not returned.
"""

import collections
import itertools
import sys
import threading
import traceback
from typing import Any, NamedTuple

import numpy as np

from . import _ffi
from .errors import KernelAssertionError

WARP_SIZE = 32
_LANE_MASKS = (1 << WARP_SIZE) - 1

# The operations that wait for other threads, by their groups in the library's table of
# builtins: one barrier for the whole block, which all the syncthreads flavours share, as
# bar.sync 0 does on the GPU; and the warp operations, each matching only its own kind.
# activemask waits for the warp to converge.
BLOCK_BARRIERS = frozenset(builtin.name for builtin in _ffi.BUILTINS
                           if builtin.group == _ffi.BuiltinGroup.BLOCK_BARRIER)
WARP_OPERATIONS = frozenset(builtin.name for builtin in _ffi.BUILTINS
                            if builtin.group == _ffi.BuiltinGroup.WARP_COLLECTIVE)
COLLECTIVES = BLOCK_BARRIERS | WARP_OPERATIONS | frozenset(
    builtin.name for builtin in _ffi.BUILTINS if builtin.group == _ffi.BuiltinGroup.WARP_CONVERGENCE)


class DeadlockError(RuntimeError):
    """Threads of a block wait at a barrier or warp operation that other threads of the block,
    which have not returned, will never reach."""


class _Cancelled(BaseException):
    """Unwinds a waiting thread's kernel frames when its launch stops early; a BaseException
    so that the kernel's own `except Exception` lets it through."""


class Dim3(NamedTuple):
    x: np.int32
    y: np.int32
    z: np.int32


def dim3(value):
    counts = tuple(value) if isinstance(value, tuple) else (value,)
    return Dim3(*[np.int32(count) for count in counts + (1,) * (3 - len(counts))])


class Wait(NamedTuple):
    """What a thread waits in: the operation, its mask and the thread's operands."""

    kind: str
    mask: int
    value: Any
    argument: Any
    site: str  # FILE:LINE of the call


class GpuThread:
    """One thread of a launch: the names the kernel sees, its place in its block and warp, and
    its progress through the block's barriers. A thread of a launch by thread counts counts as
    thread (idx, idy, idz) of block (0, 0, 0)."""

    __slots__ = ("names", "thread_index", "block_index", "counted", "linear", "warp", "lane",
                 "alive", "started", "request", "result", "failure", "worker")

    def __init__(self, names, thread_index, block_index, linear, counted=False):
        self.names = names
        self.thread_index = thread_index
        self.block_index = block_index
        self.counted = counted
        self.linear = linear
        self.warp, self.lane = divmod(linear, WARP_SIZE)
        self.alive = True
        self.started = False
        self.request = None  # the Wait it is blocked in
        self.result = None  # what that operation returns to it
        self.failure = None  # the exception it stopped with
        self.worker = None

    @property
    def description(self):
        x, y, z = self.thread_index
        if self.counted:
            return f"idx={x}, idy={y}, idz={z}"
        return f"blockIdx={self.block_index}, threadIdx=({x}, {y}, {z})"


class Block:
    """A block's threads and its shared memory: static arrays by declaration site, and the
    dynamic shared bytes that every dynamic array aliases."""

    def __init__(self, threads, index=None, dynamic_bytes=0):
        self.threads = threads
        self.index = index
        self.shared_arrays = {}
        # Uninitialized, as _interpreter_cuda._poisoned makes memory.
        self.dynamic_shared = bytearray(b"\xff" * dynamic_bytes)


def _indices(extents):
    """Every (z, y, x) within the Dim3 `extents`, x fastest."""
    return itertools.product(range(extents.z), range(extents.y), range(extents.x))


def grid_blocks(grid, block, dynamic_bytes):
    """The blocks of `kernel[grid, block]`, each with its threads' names."""
    grid_dim, block_dim = dim3(grid), dim3(block)
    width, height, depth = (int(extent) for extent in block_dim)
    for bz, by, bx in _indices(grid_dim):
        block_idx = Dim3(np.int32(bx), np.int32(by), np.int32(bz))
        threads = []
        for tz, ty, tx in _indices(block_dim):
            linear = len(threads)
            names = {"idx": np.int32(bx * width + tx), "idy": np.int32(by * height + ty),
                     "idz": np.int32(bz * depth + tz),
                     "threadIdx": Dim3(np.int32(tx), np.int32(ty), np.int32(tz)),
                     "blockIdx": block_idx, "blockDim": block_dim, "gridDim": grid_dim,
                     "laneid": np.int32(linear % WARP_SIZE)}
            threads.append(GpuThread(names, (tx, ty, tz), (bx, by, bz), linear))
        yield Block(threads, (bx, by, bz), dynamic_bytes)


def counted_threads(counts, unknown_block_shape):
    """The threads of `kernel(*counts)`, lazily: the target chooses their blocks, so the block
    names get `unknown_block_shape`'s placeholders."""
    for z, y, x in _indices(dim3(counts)):
        names = {"idx": np.int32(x), "idy": np.int32(y), "idz": np.int32(z),
                 **unknown_block_shape}
        yield GpuThread(names, (x, y, z), (0, 0, 0), 0, counted=True)


def _format_mask(mask):
    return f"0x{mask:08x}"


# ---- barriers -----------------------------------------------------------------------------

class _Barriers:
    """Which waiting threads of a block may go on: the block barrier completes when every
    thread that has not returned waits in it; a warp operation when every lane of its mask that
    has not returned waits in one of its kind; activemask when every lane of the warp that has
    not returned waits somewhere (the lanes waiting in activemask then form its mask)."""

    def __init__(self, threads):
        self._live = len(threads)
        self._at_block_barrier = []
        self._warps = [threads[first:first + WARP_SIZE]
                       for first in range(0, len(threads), WARP_SIZE)]

    def released_after(self, thread):
        """The threads that may run again now that `thread` waits or has returned, in order."""
        if not thread.alive:
            self._live -= 1
        elif thread.request.kind in BLOCK_BARRIERS:
            self._at_block_barrier.append(thread)
        released = self._complete_warp(self._warps[thread.warp])
        if self._at_block_barrier and len(self._at_block_barrier) == self._live:
            released += self._complete_block_barrier()
        return released

    def _complete_block_barrier(self):
        waiting, self._at_block_barrier = self._at_block_barrier, []
        predicates = [bool(thread.request.value) for thread in waiting
                      if thread.request.kind != "syncthreads"]
        results = {"syncthreads": None, "syncthreads_count": np.int32(sum(predicates)),
                   "syncthreads_and": np.int32(all(predicates)),
                   "syncthreads_or": np.int32(any(predicates))}
        for thread in waiting:
            _finish(thread, results[thread.request.kind])
        return sorted(waiting, key=lambda thread: thread.linear)

    def _complete_warp(self, warp):
        live = [thread for thread in warp if thread.alive]
        if all(thread.request is None or thread.request.kind in BLOCK_BARRIERS
               for thread in live):
            return []
        released = []
        if all(thread.request is not None for thread in live):
            converged = [thread for thread in live if thread.request.kind == "activemask"]
            mask = np.uint32(sum(1 << thread.lane for thread in converged))
            for thread in converged:
                _finish(thread, mask)
            released += converged
        for thread in live:
            request = thread.request
            if request is None or request.kind not in WARP_OPERATIONS:
                continue
            members = [lane for lane in live if request.mask >> lane.lane & 1]
            if all(lane.request is not None and lane.request.kind == request.kind
                   for lane in members):
                results = _warp_results(request.kind, members)
                for lane, result in zip(members, results):
                    _finish(lane, result)
                released += members
        return sorted(released, key=lambda thread: thread.linear)


def _finish(thread, result):
    thread.request = None
    thread.result = result


def _source_lane(kind, lane, argument):
    """The lane whose value `lane` reads, as PTX's shfl.sync computes it for width 32: the
    operand's low five bits; outside the warp, the lane's own."""
    operand = int(argument) & (WARP_SIZE - 1)
    if kind == "shfl_sync":
        return operand
    if kind == "shfl_up_sync":
        return lane - operand if lane >= operand else lane
    if kind == "shfl_down_sync":
        return lane + operand if lane + operand < WARP_SIZE else lane
    return lane ^ operand


def _warp_results(kind, members):
    """Each member's result of the warp operation `kind` they all wait in."""
    if kind == "syncwarp":
        return [None] * len(members)
    if kind.startswith("shfl"):
        # A lane outside the operation has no defined value on the GPU; it reads its own.
        values = {lane.lane: lane.request.value for lane in members}
        return [values.get(_source_lane(kind, lane.lane, lane.request.argument),
                           lane.request.value) for lane in members]
    if kind == "match_all_sync":
        bits = {np.asarray(lane.request.value).tobytes() for lane in members}
        lanes = sum(1 << lane.lane for lane in members) if len(bits) == 1 else 0
        return [np.uint32(lanes)] * len(members)
    if kind == "match_any_sync":
        # The lanes whose value has the same bits, as the GPU compares them.
        bits = [np.asarray(lane.request.value).tobytes() for lane in members]
        return [np.uint32(sum(1 << other.lane for other, theirs in zip(members, bits)
                              if theirs == mine)) for mine in bits]
    predicates = [bool(lane.request.value) for lane in members]
    if kind == "eq_sync":
        return [np.int32(all(predicates) or not any(predicates))] * len(members)
    if kind == "ballot_sync":
        bits = np.uint32(sum(1 << lane.lane for lane, true in zip(members, predicates) if true))
        return [bits] * len(members)
    result = np.int32(all(predicates) if kind == "all_sync" else any(predicates))
    return [result] * len(members)


def _deadlock_message(block, threads):
    waiting = collections.defaultdict(list)
    for thread in threads:
        request = thread.request
        operation = request.kind + ("()" if request.kind in BLOCK_BARRIERS
                                    or request.kind == "activemask"
                                    else f"(mask={_format_mask(request.mask)})")
        waiting[f"{operation} at {request.site}"].append(thread.thread_index)
    lines = [f"deadlock in block {block.index}: no thread can go on"]
    for place, indices in waiting.items():
        shown = ", ".join(str(index) for index in indices[:8])
        more = f" and {len(indices) - 8} more" if len(indices) > 8 else ""
        lines.append(f"  thread{'s' if len(indices) > 1 else ''} {shown}{more} "
                     f"wait{'' if len(indices) > 1 else 's'} in {place}")
    lines.append("Every thread of the block that has not returned must reach the block's "
                 "barrier, and every lane of a warp operation's mask that has not returned "
                 "must reach a warp operation of that kind.")
    return "\n".join(lines)


# ---- running threads concurrently ---------------------------------------------------------

class _Worker:
    """An OS thread that runs the GPU threads given to it while it holds the baton."""

    def __init__(self, scheduler, number):
        self.wake = threading.Lock()
        self.wake.acquire()
        self.thread = None  # the GPU thread it runs next; None to stop
        self._os_thread = threading.Thread(target=self._serve, args=(scheduler,), daemon=True,
                                           name=f"cudapy interpreter thread {number}")
        self._os_thread.start()

    def _serve(self, scheduler):
        # NumPy's error state is a context variable, which a new OS thread does not inherit.
        with np.errstate(all="ignore"):
            while True:
                self.wake.acquire()
                if self.thread is None:
                    return
                scheduler.serve(self.thread)

    def stop(self):
        self.thread = None
        self.wake.release()
        self._os_thread.join()


class _BlockScheduler:
    """Runs the threads of a block on workers, one at a time. The thread holding the baton
    passes it on itself when it waits or returns: to the next runnable thread, or back to the
    launch's thread once none is left."""

    def __init__(self, launch):
        self._launch = launch
        self._block_done = threading.Lock()
        self._block_done.acquire()
        self._workers = []
        self._runnable = collections.deque()
        self._barriers = None
        self._stopping = False  # the threads left unwind instead of going on
        self._abandoned = False  # a thread may still hold the baton: nothing else may run

    def run_block(self, block):
        threads = block.threads
        while len(self._workers) < len(threads):
            self._workers.append(_Worker(self, len(self._workers)))
        for thread, worker in zip(threads, self._workers):
            thread.worker = worker
            worker.thread = thread
        self._barriers = _Barriers(threads)
        self._runnable = collections.deque(threads[1:])
        finished = False
        try:
            self._hand_to(threads[0])
            self._block_done.acquire()
            finished = True
            failed = next((thread for thread in threads if thread.failure is not None), None)
            if failed is not None:
                raise failed.failure
            waiting = [thread for thread in threads if thread.alive]
            if waiting:
                raise DeadlockError(_deadlock_message(block, waiting))
        finally:
            if finished:
                self._unwind([thread for thread in threads if thread.alive])
            else:  # interrupted while a thread runs, which cannot be stopped
                self._stopping = self._abandoned = True

    def _hand_to(self, thread):
        self._launch.switch_to(thread)
        thread.started = True
        thread.worker.wake.release()

    def _pass_baton(self, thread):
        """Called by `thread`, which holds the baton and now waits or has returned."""
        if not self._stopping and thread.failure is None:
            self._runnable += self._barriers.released_after(thread)
            if self._runnable:
                self._hand_to(self._runnable.popleft())
                return
        self._block_done.release()

    def serve(self, thread):
        """Runs `thread` on the calling worker, which holds the baton, to its end."""
        try:
            self._launch.execute(thread)
        except _Cancelled:
            pass
        except BaseException as error:  # given to the launch's thread, which raises it
            thread.failure = error
        thread.alive = False
        self._pass_baton(thread)

    def wait(self, thread, request):
        """Blocks `thread` (the calling worker's) in `request` until the operation completes;
        its result."""
        if self._stopping:
            raise _Cancelled
        thread.request = request
        self._pass_baton(thread)
        thread.worker.wake.acquire()
        if self._stopping:
            raise _Cancelled
        result, thread.result = thread.result, None
        return result

    def _unwind(self, threads):
        """Stops the threads that have not returned, unwinding those that started."""
        self._stopping = True
        for thread in threads:
            if thread.started:
                self._hand_to(thread)
                self._block_done.acquire()
            thread.alive = False
        self._stopping = False

    def close(self):
        if not self._abandoned:
            for worker in self._workers:
                worker.stop()


# ---- launches -----------------------------------------------------------------------------

class Launch:
    """One interpreted launch: the thread whose names the kernel sees now, and the operations
    that need the other threads of its block."""

    def __init__(self, debug=False):
        self.namespace = None  # the kernel's globals, which hold the current thread's names
        self.debug = debug
        self.block_shape_known = False
        self.current = None  # the GpuThread running now
        self.block = None
        self._scheduler = None
        self._kernel = None
        self._args = ()
        self.assertion = None  # the first failed assert: (message, AssertionError)

    def switch_to(self, thread):
        self.current = thread
        self.namespace.update(thread.names)

    def execute(self, thread):
        """Runs the kernel for `thread`, which is current. With debug, a failed assert stops
        the thread and is kept for the end of the launch."""
        try:
            self._kernel(*self._args)
        except AssertionError as error:
            if not self.debug:
                raise self._noted(error, thread)
            if self.assertion is None:
                self.assertion = (_assertion_message(error, thread), error)
        except Exception as error:
            raise self._noted(error, thread)

    def _noted(self, error, thread):
        if hasattr(error, "add_note"):  # Python 3.11 and later
            error.add_note(f"in {self._kernel.__name__}(), thread {thread.description} "
                           "(cudapy interpreter mode)")
        return error

    def run(self, kernel, args, blocks, concurrent):
        """Runs `kernel` on `args` for every thread of `blocks`; with `concurrent` the threads
        of a block run concurrently, so that they can wait for each other."""
        self._kernel, self._args = kernel, args
        if concurrent:
            self._scheduler = _BlockScheduler(self)
            try:
                for block in blocks:
                    self.block = block
                    self._scheduler.run_block(block)
            finally:
                self._scheduler.close()
        else:
            for block in blocks:
                self.block = block
                for thread in block.threads:
                    self.switch_to(thread)
                    self.execute(thread)
        if self.assertion is not None:
            message, error = self.assertion
            raise KernelAssertionError(message) from error

    def require_block_shape(self, what):
        if not self.block_shape_known:
            raise RuntimeError(f"{what} has no meaning in interpreter mode for a launch by "
                               "thread counts, kernel(n)(...), whose block shape the target "
                               "chooses; launch with kernel[grid, block](...) to give it one")

    def _wait(self, request):
        self.require_block_shape(f"{request.kind}()")
        if self._scheduler is None:
            raise RuntimeError(
                f"{request.kind}() was reached, but the interpreter runs this kernel's threads "
                "one after another because its functions name no barrier or warp operation; "
                "call it by its name (cuda.syncthreads(), syncthreads(), ...)")
        return self._scheduler.wait(self.current, request)

    def barrier(self, kind, predicate, site):
        return self._wait(Wait(kind, 0, predicate, None, site))

    def warp_operation(self, kind, mask, value, argument, site):
        self.require_block_shape(f"{kind}()")
        mask = int(mask) & _LANE_MASKS
        if not mask >> self.current.lane & 1:
            raise ValueError(f"{kind}(mask={_format_mask(mask)}) in lane {self.current.lane}, "
                             "which is not in the mask: a lane calling a warp operation must "
                             "have its bit set")
        return self._wait(Wait(kind, mask, value, argument, site))

    def activemask(self, site):
        return self._wait(Wait("activemask", 0, None, None, site))


def caller_site(depth=2):
    """FILE:LINE of the kernel code that called the cuda name calling this."""
    frame = sys._getframe(depth)
    return f"{display_filename(frame.f_code.co_filename)}:{frame.f_lineno}"


# The translator's names for the files the interpreter compiles source text into.
_DISPLAY_FILENAMES = {}


def display_filename(filename):
    return _DISPLAY_FILENAMES.get(filename, filename)


def set_display_filename(filename, display):
    _DISPLAY_FILENAMES[filename] = display


def _assertion_message(error, thread):
    """The message of a failed assert as a debug build reports it:
    `FILE:LINE: AssertionError: MESSAGE (thread (x, y, z) of block (x, y, z))`, without
    `: MESSAGE` when the assert has none."""
    frame = traceback.extract_tb(error.__traceback__)[-1]
    message = f": {error.args[0]}" if error.args else ""
    return (f"{display_filename(frame.filename)}:{frame.lineno}: AssertionError{message} "
            f"(thread {tuple(thread.thread_index)} of block {tuple(thread.block_index)})")
