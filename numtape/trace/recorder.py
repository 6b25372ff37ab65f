"""The recorder: a thread-local stack of open recordings, an arena allocator and a constant pool.

While recording, addresses are *provisional*: inputs occupy [0, n_in), op outputs are allocated
upwards from n_in in op order, and constants live in a separate numbering starting at
``CONST_BASE``.  ``finish`` relocates everything to the final arena layout::

    [ inputs (n_in) | captured | constants (n_const) | op outputs, in op order ... | outputs ]

so every op's operands lie below its own output: "defined before use" is one comparison.
"Captured" are values of outer (paused) recordings that a nested recording uses (RTMB's
nested tapes): they become extra inputs of the inner tape, numbered from ``CAPTURE_BASE``
while recording (see numtape/transforms/nested.py).
"""
from __future__ import annotations

import math
import threading
from array import array
from contextlib import contextmanager

import numpy as np

from numtape import config
from numtape.errors import TracingError
from numtape.ops import BY_NAME, OP, PER_ELEMENT
from numtape.ops.layout import ARITY, breaks
from numtape.ops.flags import MAX_MARKED, const_flag
from numtape.tape import validate
from numtape.tape.pages import small_pages

CONST_BASE = 1 << 60
_CHUNK = 1 << 18   # ops (or operands) finish() processes at a time
CAPTURE_BASE = 1 << 59   # provisional addresses of values captured from outer recordings
GATHER = OP.GatherOp.code
DEP = OP.DepOp.code

_local = threading.local()

# The traced classes of the modules above this one in the trace layer (they import this
# module; it never imports them), installed once by numtape/trace/__init__.py (``install``):
# ``wrap`` makes ARRAY instances, ``elementwise`` hands complex operands to
# COMPLEX_ELEMENTWISE.  Module globals, as the recording fast paths read them.
ARRAY = None
COMPLEX_ELEMENTWISE = None


def install(array_type, complex_elementwise):
    """Install the traced array class and the complex elementwise recorder (once)."""
    global ARRAY, COMPLEX_ELEMENTWISE
    if not (isinstance(array_type, type) and callable(complex_elementwise)):
        raise TypeError("recorder.install: a class and a function")
    ARRAY, COMPLEX_ELEMENTWISE = array_type, complex_elementwise


def _stack():
    if not hasattr(_local, "stack"):
        _local.stack = []
    return _local.stack


def current():
    """The innermost open recording of this thread, or None."""
    s = _stack()
    return s[-1] if s else None


class Recorder:
    """Appends ops to growing lists; ``finish`` freezes them into tape arrays."""

    def __init__(self, n_in):
        self.n_in = n_in
        self.top = n_in
        # typed growable buffers, not lists: 4 bytes per op and 8 per operand, no Python int
        # object per entry (a list costs ~36 bytes an entry).  A scalar op has flags 0 and
        # size 1: only block ops store theirs (index, flags, size), filled in by finish()
        self.op, self.args, self.iargs = array("i"), array("q"), array("q")
        # bound once: the Python-loop fast paths (trace/adarray.py, ``_op``) append one
        # operand at a time, which beats array.extend of a tuple
        self.op_append, self.arg_append = self.op.append, self.args.append
        self.block_at, self.block_flags, self.block_size = array("q"), array("B"), array("q")
        self._consts = np.empty(16)             # the pool, grown by doubling
        self.n_const = 0
        self.const_pool = {}
        self._const_blocks = {}                 # rearranged constants, by their addresses
        self.subtapes = []                      # tapes called atomically (CallOp)
        self.captured = []                      # (outer recording, address) per capture
        self._capture_at = {}
        self.active = True
        # TapeConfig(atomic="enable"): block ops (and CallOps); "disable": scalar expansion
        self.blocks = config.current()["atomic"] == "enable"
        self.comparisons = config.current()["comparison"] == "tape"

    # ---- constants ---------------------------------------------------------------------
    def const(self, v: float) -> int:
        """Address of the pooled scalar constant v (one slot per distinct bit pattern)."""
        key = v if (v == v and v != 0.0) else (repr(v), math.copysign(1.0, v))
        a = self.const_pool.get(key)
        if a is None:
            a = CONST_BASE + self.n_const
            self.const_pool[key] = a
            self._reserve(1)[0] = v
        return a

    def const_block(self, values: np.ndarray) -> np.ndarray:
        """Addresses (shaped like ``values``) of a fresh contiguous constant block."""
        flat = np.asarray(values, dtype=np.float64).ravel()
        start = CONST_BASE + self.n_const
        self._reserve(flat.size)[:] = flat
        return np.arange(start, start + flat.size, dtype=np.int64).reshape(np.shape(values))

    def _reserve(self, n):
        """The next n slots of the constant pool (amortized O(1) growth)."""
        need = self.n_const + n
        if need > self._consts.size:
            grown = np.empty(max(need, 2 * self._consts.size))
            grown[:self.n_const] = self._consts[:self.n_const]
            self._consts = grown
        self.n_const = need
        return self._consts[need - n:need]

    def _const_flat(self):
        """All constant values so far, by provisional address - CONST_BASE (a view)."""
        return self._consts[:self.n_const]

    def const_value(self, addr):
        """The value of constant ``addr`` (a provisional constant address)."""
        return self._consts[addr - CONST_BASE]

    # ---- ops ---------------------------------------------------------------------------
    def scalar_op(self, code: int, args) -> int:
        """Record a size-1 op with operand addresses ``args``; return its output address."""
        self.op.append(code)
        self.args.extend(args)
        t = self.top
        self.top = t + 1
        return t

    def block_op(self, code: int, flags: int, args, iargs, n: int) -> int:
        """Record an op with an n-element output block; return the block's start address."""
        self.block_at.append(len(self.op))
        self.block_flags.append(flags)
        self.block_size.append(n)
        self.op.append(code)
        if isinstance(args, np.ndarray):
            self.args.frombytes(np.ascontiguousarray(args, dtype=np.int64).tobytes())
        else:
            self.args.extend(args)
        self.iargs.extend(iargs)
        t = self.top
        self.top = t + n
        return t

    def record_block(self, op, operands, params, shape):
        """Record block op ``op`` (an OpSpec, ``OP.SolveOp``, or inside the op table its name)
        reading address arrays ``operands`` (each made one contiguous block) with parameters
        ``params``; the output's addresses, shaped ``shape``."""
        n = int(np.prod(shape))
        if n == 0:   # an empty result has nothing to compute: no op (a tape's ops write >= 1)
            return np.zeros(shape, dtype=np.int64)
        starts = [self.contiguous(a) for a in operands]
        o = self.block_op((BY_NAME[op] if type(op) is str else op).code, 0, starts, params, n)
        return np.arange(o, o + n, dtype=np.int64).reshape(shape)

    def capture(self, outer, addr):
        """Provisional addresses here of outer recording ``outer``'s addresses ``addr`` (an int
        or an int64 array): each distinct value becomes one captured input."""
        def one(a):
            key = (id(outer), int(a))
            at = self._capture_at.get(key)
            if at is None:
                at = self._capture_at[key] = CAPTURE_BASE + len(self.captured)
                self.captured.append((outer, int(a)))
            return at
        if type(addr) is int:
            return one(addr)
        return np.array([one(a) for a in np.ravel(addr)], dtype=np.int64).reshape(np.shape(addr))

    def subtape(self, tape) -> int:
        """Index of ``tape`` among the sub-tapes this recording's CallOps run."""
        for i, t in enumerate(self.subtapes):
            if t is tape:
                return i
        self.subtapes.append(tape)
        return len(self.subtapes) - 1

    def contiguous(self, addr: np.ndarray) -> int:
        """Start address of a block holding ``addr`` (C order), gathering it if needed.

        An array that owns its addresses (a fancy-index result, a filled array) remembers its
        gathered copy, so it is gathered once: its addresses are overwritten in place, which
        changes no value.  Views are left alone (rewriting them would scatter their base)."""
        flat = addr.ravel()
        n = flat.size
        if n == 0:
            return 0   # an empty block: any address (nothing is read)
        a0 = int(flat[0])
        if n > 1 and a0 >= CONST_BASE and int(flat.min()) >= CONST_BASE:   # constants only:
            key = flat.tobytes()   # a constant block, made once per arrangement
            start = self._const_blocks.get(key)
            if start is None:
                start = self._const_blocks[key] = int(
                    self.const_block(self._const_flat()[flat - CONST_BASE])[0])
            return start
        if n == 1 or (int(flat[-1]) - a0 == n - 1 and not a0 < self.n_in <= int(flat[-1])
                      and breaks(flat, 1).size == 0):
            return a0   # consecutive, and not across the inputs' end (constants go there)
        start = self.block_op(GATHER, 0, flat.copy(), (), n)
        if addr.base is None and addr.flags.writeable:
            addr[...] = np.arange(start, start + n, dtype=np.int64).reshape(addr.shape)
        return start

    # ---- freezing ----------------------------------------------------------------------
    def finish(self, out_addr: np.ndarray) -> dict:
        """Append the DepOp and return the relocated tape arrays."""
        out_flat = np.asarray(out_addr, dtype=np.int64).ravel()
        if out_flat.size:   # (a tape without outputs has no DepOp: ops write >= 1 value)
            self.block_op(DEP, 0, out_flat.copy(), (), out_flat.size)
        n_cap, n_const = len(self.captured), self.n_const
        n_in = self.n_in + n_cap   # captured values are inputs of the tape
        # the buffers, moved into arrays (each buffer is freed as its array is made; the bound
        # appends would keep two of them alive)
        self.op_append = self.arg_append = None
        args = _take(self, "args", np.int64)
        op = _take(self, "op", np.int32)
        at = _take(self, "block_at", np.int64)
        flags = np.zeros(op.size, dtype=np.uint8)
        flags[at] = _take(self, "block_flags", np.uint8)
        size = np.ones(op.size, dtype=np.int64)
        size[at] = _take(self, "block_size", np.int64)
        del at
        _mark_constant_operands(op, flags, size, args)
        out_ptr = np.empty(size.size + 1, dtype=np.int64)
        out_ptr[0] = n_in + n_const
        np.cumsum(size, out=out_ptr[1:])
        out_ptr[1:] += n_in + n_const
        del size
        # the final index width now, so the int64 buffer is gone before validation (which
        # keeps int32 arrays as they are)
        idx = np.int32 if out_ptr[-1] < validate.INT32_ARENA_LIMIT else np.int64
        final = np.empty(args.size, dtype=idx)
        # relocation in chunks: captures after the inputs, then constants; op outputs shift
        # up by both
        for a0 in range(0, args.size, _CHUNK):
            a = args[a0:a0 + _CHUNK]
            const = a >= CONST_BASE
            cap = (a >= CAPTURE_BASE) & ~const
            out = (a >= self.n_in) & ~const & ~cap
            a[const] += n_in - CONST_BASE
            a[cap] += self.n_in - CAPTURE_BASE
            a[out] += n_cap + n_const
            final[a0:a0 + _CHUNK] = a
        args = final
        out_ptr = out_ptr.astype(idx, copy=False)
        consts = self._consts[:n_const].copy()
        return dict(op=op, flags=flags,
                    out_ptr=out_ptr, args=args,
                    iargs=_take(self, "iargs", np.int64),
                    consts=consts, n_in=n_in,
                    dep=np.arange(out_ptr[-2], out_ptr[-1], dtype=idx) if out_flat.size
                    else np.zeros(0, dtype=np.int64),
                    subtapes=tuple(self.subtapes))


def _take(rec, name, dtype):
    """Buffer ``name`` of recorder ``rec`` as an array over the same memory (no copy); the
    recorder lets go of it."""
    buf = getattr(rec, name)
    setattr(rec, name, None)
    return np.frombuffer(buf, dtype=dtype) if len(buf) else np.zeros(0, dtype=dtype)


def _mark_constant_operands(op, flags, size, args):
    """Set flag bit 4 + j where operand j of an op is a constant (it needs no adjoint); in
    chunks of ops, so the temporaries stay small however long the tape."""
    start = 0   # the chunk's first operand in args
    for k0 in range(0, op.size, _CHUNK):
        k1 = min(op.size, k0 + _CHUNK)
        arity = ARITY[op[k0:k1]]
        nargs = np.where(arity == PER_ELEMENT, size[k0:k1], arity)
        starts = start + np.cumsum(nargs) - nargs
        chunk = flags[k0:k1]
        for j in range(MAX_MARKED):
            has = arity > j
            const = args[starts[has] + j] >= CONST_BASE
            chunk[has] |= np.where(const, const_flag(j), 0).astype(np.uint8)
        start += int(nargs.sum())


@contextmanager
def recording(n_in: int):
    """Open a recording on this thread's stack; it is closed (and popped) even if f raises."""
    rec = Recorder(n_in)
    stack = _stack()
    outer = stack[-1] if stack else None
    if outer is not None:
        outer.active = False        # an outer recording is paused while this one is open
    stack.append(rec)
    try:
        with small_pages():   # address arrays: short-lived (numtape/tape/pages.py)
            yield rec
    finally:
        rec.active = False
        rec.finished = True
        stack.remove(rec)
        if outer is not None:
            outer.active = True


def open_recorder(rec: Recorder) -> Recorder:
    """The recording an op on a value of ``rec`` goes to: ``rec`` while it records; the
    innermost open recording while ``rec`` is paused under it (which captures the value)."""
    if rec.active:
        return rec
    if getattr(rec, "finished", False) or rec not in _stack():
        raise inactive_error(rec)
    return _stack()[-1]


def inactive_error(rec: Recorder) -> TracingError:
    """The error for an op on a traced value whose recording is not the open one."""
    if getattr(rec, "finished", False):
        return TracingError("this traced value belongs to a recording that has finished; "
                            "traced arrays cannot escape the function being taped")
    if rec in _stack():
        return TracingError("this traced array belongs to an outer recording, paused while a "
                            "nested MakeTape records: it can be read (its values are captured "
                            "as inputs of the inner tape) but not assigned into")
    return TracingError("this traced value belongs to a recording of another thread")


# ---- traced values of a recording ---------------------------------------------------------
def wrap(rec, a):
    """A new ADArray over address(es) ``a`` (int for a scalar, int64 ndarray otherwise)."""
    r = object.__new__(ARRAY)
    if type(a) is not int:
        a = np.asarray(a, dtype=np.int64)
        if a.ndim == 0:
            a = int(a)
    r._a = a
    r._rec = rec
    return r


def recorder_of(*xs):
    """The recording the traced operands belong to (the first one found)."""
    for x in xs:
        if type(x) is ARRAY:
            return open_recorder(x._rec)
        if isinstance(x, (list, tuple)):
            rec = recorder_of(*x)
            if rec is not None:
                return rec
    return None


def operand(rec, v):
    """Addresses of v in recording ``rec``: an int for a scalar, an int64 array otherwise.

    Constants are pooled (scalars) or copied into a constant block (arrays)."""
    t = type(v)
    if t is ARRAY:
        if v._rec is not rec:
            if open_recorder(v._rec) is not rec:
                raise TracingError("traced values from two different recordings cannot be "
                                   "combined")
            return rec.capture(v._rec, v._a)   # an outer recording's value: captured
        return v._a
    if t is float or t is int or t is bool:
        return rec.const(float(v))
    if isinstance(v, (list, tuple)) and any(type(e) is ARRAY for e in _flatten(v)):
        return np.array([operand(rec, e) for e in v], dtype=np.int64)
    arr = np.asarray(v)
    if arr.dtype.kind == "c":
        raise TypeError("a complex constant cannot be part of a real traced array here; make "
                        "the traced operand complex first (x + 0j)")
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"cannot use a {arr.dtype} value as a constant of a tape")
    if arr.ndim == 0:
        return rec.const(float(arr))
    return rec.const_block(arr)


def _flatten(seq):
    for e in seq:
        if isinstance(e, (list, tuple)):
            yield from _flatten(e)
        else:
            yield e


def is_complex(v) -> bool:
    """Whether v is complex: a Python/NumPy complex, a complex array, or an ADComplex (its
    class attribute ``dtype`` is complex128, so this also answers for the class itself)."""
    t = type(v)
    if t is ARRAY or t is float or t is int:
        return False
    if t is complex:
        return True
    if t is list or t is tuple:
        return any(map(is_complex, _flatten(v)))
    dt = getattr(v, "dtype", None)
    return isinstance(dt, np.dtype) and dt.kind == "c"


def addr_array(rec, v) -> np.ndarray:
    """Like ``operand`` but always an ndarray (0-d for scalars)."""
    a = operand(rec, v)
    return np.asarray(a, dtype=np.int64)


# ---- recording elementwise ops -----------------------------------------------------------
def elementwise(spec, *xs):
    """Record elementwise op ``spec`` on operands xs (ADArrays or constants), broadcasting.

    With a complex operand the op is recorded on (re, im) pairs by numtape.trace.complex."""
    for x in xs:
        if type(x) is not ARRAY and is_complex(x):
            return COMPLEX_ELEMENTWISE(spec, *xs)
    rec = recorder_of(*xs)
    if rec is None:
        return spec.value(*[np.asarray(x, dtype=np.float64) for x in xs])
    if spec.comparison and not rec.comparisons:
        raise TracingError(f"{spec.name}: comparisons of traced values are forbidden by "
                           "TapeConfig(comparison='forbid')")
    addrs = [operand(rec, x) for x in xs]
    if all(type(a) is int for a in addrs):
        return wrap(rec, rec.scalar_op(spec.code, addrs))
    addrs = [np.asarray(a) for a in addrs]
    shape = np.broadcast_shapes(*(a.shape for a in addrs))
    n = int(np.prod(shape))
    if n == 0:
        return wrap(rec, np.zeros(shape, dtype=np.int64))
    scalar = [n > 1 and (a.size == 1 or _one_address(a)) for a in addrs]
    if all(scalar):   # every operand is one value: compute it once, broadcast the address
        y = rec.scalar_op(spec.code, [int(a.flat[0]) for a in addrs])
        return wrap(rec, np.full(shape, y, dtype=np.int64))
    flags, starts = 0, []
    for j, a in enumerate(addrs):
        if scalar[j]:   # a broadcast scalar (unary ops never get here)
            flags |= 1 << j
            starts.append(int(a.flat[0]))
        else:
            starts.append(rec.contiguous(a if a.shape == shape else np.broadcast_to(a, shape)))
    o = rec.block_op(spec.code, flags, starts, (), n)
    return wrap(rec, np.arange(o, o + n, dtype=np.int64).reshape(shape))


def _one_address(a):
    """Whether every entry of address array ``a`` is the same slot (a broadcast scalar)."""
    first = a.flat[0]
    return bool(a.flat[-1] == first and np.all(a == first))



def record_block(op, operands, params, shape):
    """Record block op ``op`` (as ``Recorder.record_block`` takes it) on ``operands`` (traced
    arrays or constants, each read as one contiguous block) with integer parameters
    ``params``; its output is a traced array shaped ``shape``."""
    rec = recorder_of(*operands)
    return wrap(rec, rec.record_block(op, [addr_array(rec, x) for x in operands], params,
                                      shape))
