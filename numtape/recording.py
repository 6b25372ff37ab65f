"""The recorder: a thread-local stack of open recordings, an arena allocator and a constant pool.

While recording, addresses are *provisional*: inputs occupy [0, n_in), op outputs are allocated
upwards from n_in in op order, and constants live in a separate numbering starting at
``CONST_BASE``.  ``finish`` relocates everything to the final arena layout::

    [ inputs (n_in) | captured | constants (n_const) | op outputs, in op order ... | outputs ]

so every op's operands lie below its own output: "defined before use" is one comparison.
"Captured" are values of outer (paused) recordings that a nested recording uses (RTMB's
nested tapes): they become extra inputs of the inner tape, numbered from ``CAPTURE_BASE``
while recording (see numtape/derived/nested.py).
"""
from __future__ import annotations

import math
import threading
from contextlib import contextmanager

import numpy as np

from numtape import config
from numtape.errors import TracingError
from numtape.ops import BY_NAME
from numtape.validate import ARITY, CONST_BIT, MAX_MARKED, arg_pointers

CONST_BASE = 1 << 60
CAPTURE_BASE = 1 << 59   # provisional addresses of values captured from outer recordings
GATHER = BY_NAME["GatherOp"].code
DEP = BY_NAME["DepOp"].code

_local = threading.local()


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
        self.op, self.flags, self.size = [], [], []
        self.args, self.args_done = [], []      # scalar appends, and finished int64 chunks
        self.iargs = []
        self._consts = np.empty(16)             # the pool, grown by doubling
        self.n_const = 0
        self.const_pool = {}
        self._const_blocks = {}                 # rearranged constants, by their addresses
        self.subtapes = []                      # tapes called atomically (CallOp)
        self.captured = []                      # (outer recording, address) per capture
        self._capture_at = {}
        self.active = True
        self.atomic = config.current()["atomic"] == "enable"
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

    # ---- ops ---------------------------------------------------------------------------
    def scalar_op(self, code: int, args) -> int:
        """Record a size-1 op with operand addresses ``args``; return its output address."""
        self.op.append(code)
        self.flags.append(0)
        self.size.append(1)
        self.args.extend(args)
        t = self.top
        self.top = t + 1
        return t

    def block_op(self, code: int, flags: int, args, iargs, n: int) -> int:
        """Record an op with an n-element output block; return the block's start address."""
        self.op.append(code)
        self.flags.append(flags)
        self.size.append(n)
        if isinstance(args, np.ndarray):
            self._flush_args()
            self.args_done.append(args.astype(np.int64, copy=False))
        else:
            self.args.extend(args)
        self.iargs.extend(iargs)
        t = self.top
        self.top = t + n
        return t

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

    def _flush_args(self):
        if self.args:
            self.args_done.append(np.array(self.args, dtype=np.int64))
            self.args = []

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
        if n > 1 and int(flat.min()) >= CONST_BASE:   # constants only: a constant block,
            key = flat.tobytes()                       # made once per arrangement
            start = self._const_blocks.get(key)
            if start is None:
                start = self._const_blocks[key] = int(
                    self.const_block(self._const_flat()[flat - CONST_BASE])[0])
            return start
        if n == 1 or (int(flat[-1]) - a0 == n - 1 and not a0 < self.n_in <= int(flat[-1])
                      and np.all(np.diff(flat) == 1)):
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
        self._flush_args()
        n_cap, n_const = len(self.captured), self.n_const
        n_in = self.n_in + n_cap   # captured values are inputs of the tape
        args = (np.concatenate(self.args_done) if self.args_done
                else np.zeros(0, dtype=np.int64))
        op = np.array(self.op, dtype=np.int32)
        flags = np.array(self.flags, dtype=np.uint8)
        size = np.array(self.size, dtype=np.int64)
        _mark_constant_operands(op, flags, size, args)
        # relocation: captures after the inputs, then constants; op outputs shift up by both
        args = np.where(args >= CONST_BASE, args - CONST_BASE + n_in,
                        np.where(args >= CAPTURE_BASE, args - CAPTURE_BASE + self.n_in,
                                 np.where(args >= self.n_in, args + n_cap + n_const, args)))
        out_ptr = np.empty(size.size + 1, dtype=np.int64)
        out_ptr[0] = n_in + n_const
        np.cumsum(size, out=out_ptr[1:])
        out_ptr[1:] += n_in + n_const
        consts = self._consts[:n_const].copy()
        return dict(op=op, flags=flags,
                    out_ptr=out_ptr, args=args,
                    iargs=np.array(self.iargs, dtype=np.int64),
                    consts=consts, n_in=n_in,
                    dep=np.arange(out_ptr[-2], out_ptr[-1], dtype=np.int64) if out_flat.size
                    else np.zeros(0, dtype=np.int64),
                    subtapes=tuple(self.subtapes))


def _mark_constant_operands(op, flags, size, args):
    """Set flag bit 4 + j where operand j of an op is a constant (it needs no adjoint)."""
    arg_ptr, _ = arg_pointers(op, size)
    arity = ARITY[op]
    for j in range(MAX_MARKED):
        has = arity > j
        const = args[arg_ptr[:-1][has] + j] >= CONST_BASE
        flags[has] |= (const.astype(np.uint8) << (CONST_BIT + j)).astype(np.uint8)


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
