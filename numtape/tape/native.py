"""Calling a tape's compiled interpreters from other jitted code, by address.

A Numba function that calls another dispatcher links the callee's code into its own and
optimizes the result again, so any new jitted function calling the full interpreters pays their
optimization again, even for a ten-line loop (benchmarks/costs.py --slow, ``native``, prints
that compile against binding by address).  Here the caller instead calls the interpreter's
already compiled machine code through its address: ``call_at(address, (args...))`` is a Numba
intrinsic emitting one indirect call in Numba's own calling convention, so a caller compiles in
a fraction of a second and the interpreters are compiled once, as always.

The address must belong to a function compiled for exactly the argument types the call site
passes (the tuple's types): ``address(dispatcher, sig)`` compiles (or loads from the disk
cache) the overload for the types of the very arrays the caller will pass, and returns its
address; the callers in this layer (batch.py, bound.py) pass those same arrays through.

``NativePlan`` gathers, for one tape, its plan as arrays: the segments ``Sweeps`` runs (the
interpreter over runs of ops, the fused runs and re-rolled loops of a compiled tape) with the
addresses of their kernels, and the tape's arrays in the form ``Sweeps`` passes them, so the
same compiled overloads serve both.  ``forward``, ``reverse`` and ``tangent`` are jitted
sweeps of such a plan, segment by segment, as ``Sweeps.run_forward`` and its siblings do
from Python.  Tapes with host ops (run from Python) have no ``NativePlan``.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numba
import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic

from numtape.kernels.jit import jit
from numtape.kernels.twins import compiled_for
from numtape.ops import OPS
from numtape.sweeps import tiers
from numtape.tape import blas
from numtape.tape.plan import HOST, PRODUCTS, Fused, Loop, Run, argument_type

_lock = threading.RLock()   # need() holds it while address() takes it
_addresses: dict = {}


@intrinsic
def call_at(typingctx, addr, args):
    """Call the compiled Numba function at integer ``addr`` with the tuple ``args`` (it must
    have been compiled for exactly these argument types and return None); an exception it
    raises propagates."""
    if not isinstance(addr, types.Integer) or not isinstance(args, types.BaseTuple):
        raise TypingError(f"call_at(address, (args...)): got {addr}, {args}")

    def codegen(context, builder, signature, llargs):
        ptr, tup = llargs
        argtys = list(signature.args[1].types)
        vals = [builder.extract_value(tup, i) for i in range(len(argtys))]
        fnty = context.call_conv.get_function_type(types.none, argtys)
        fn = builder.inttoptr(ptr, fnty.as_pointer())
        status, _ = context.call_conv.call_function(builder, fn, types.none, argtys, vals)
        with cgutils.if_unlikely(builder, status.is_error):
            context.call_conv.return_status_propagate(builder, status)
        return context.get_dummy_value()

    return types.none(addr, args), codegen


def dynamic_constant(value):
    """A new intrinsic returning the integer ``value`` (an address of this process) as a
    *dynamic global* of the code that calls it: Numba then refuses to cache that code, and
    any code it is compiled into, on disk (a cached copy would call stale addresses in the
    next process)."""
    value = int(value)

    @intrinsic
    def constant(typingctx):
        def codegen(context, builder, signature, llargs):
            p = context.add_dynamic_addr(builder, value, info="numtape address")
            return builder.ptrtoint(p, context.get_value_type(types.intp))

        return types.intp(), codegen

    return constant


def address(dispatcher, sig):
    """Address of ``dispatcher``'s machine code for the Numba argument types ``sig`` (compiled,
    or loaded from Numba's disk cache, on first use)."""
    key = (id(dispatcher), sig)
    addr = _addresses.get(key)
    if addr is None:
        with _lock:
            addr = _addresses.get(key)
            if addr is None:
                dispatcher.compile(sig)
                cres = dispatcher.overloads[sig]
                addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
                if not addr:
                    raise RuntimeError(f"no machine code for {dispatcher} at {sig}")
                # the key holds id(dispatcher): keep the dispatcher alive with its address
                _addresses[key] = addr
                _addresses[(key, "owner")] = dispatcher
    return addr


def host_ops(op):
    """``{op name: count}`` of the ops of ``op`` that run from Python (LAPACK, calls)."""
    codes, counts = np.unique(op[HOST[op]], return_counts=True)
    return {OPS[c].name: int(n) for c, n in zip(codes, counts)}


# ---- a tape's sweep plan as arrays: what Sweeps.run_forward/run_reverse/run_tangent run -------
INTERPRETED, FUSED, LOOP = 0, 1, 2
FWD, REV, TAN = 1, 2, 3   # columns of the three sweeps' addresses in a plan row


@dataclass(frozen=True)
class NativePlan:
    """One tape's sweeps as plain arrays, for jitted callers (module docstring).

    ``kargs`` = (op, flags, uout_ptr, uargs, args, iargs) as ``Sweeps`` passes them; ``plan``
    an int64 (segments, 10) array, one row per segment of ``Sweeps.plan`` (the whole tape
    when it has none): kind (INTERPRETED, FUSED, LOOP), the addresses of its forward,
    reverse and tangent kernels (0 until ``need`` asks for them), then for an interpreted
    run its op, args and iargs ranges [k0, k1), [p0, p1), [q0, q1); for a fused run the
    range of its addresses ``A`` in ``pool`` and its length n; for a loop the ranges of its
    ``A`` and ``G`` in ``pool`` and K.  ``consts``, ``dep`` (output addresses), ``n_in``,
    ``arena_size``, ``work_size``, ``clear`` (``Sweeps.clear``), ``products`` (BLAS inside
    the sweeps); ``source``, the ``Sweeps.plan`` it was built from; ``local``, per-thread
    state of its callers (batch.py keeps each thread's workspaces there, reused across calls).
    """

    kargs: tuple
    plan: np.ndarray
    pool: np.ndarray
    consts: np.ndarray
    dep: np.ndarray
    n_in: int
    arena_size: int
    work_size: int
    clear: bool
    products: bool
    source: object
    segments: tuple
    local: threading.local = field(default_factory=threading.local, compare=False, repr=False)

    def need(self, *sweeps):
        """Fill the plan's addresses of ``sweeps`` ("forward", "reverse", "tangent"),
        compiling (or loading) the kernels on first use; returns self."""
        cols = [{"forward": FWD, "reverse": REV, "tangent": TAN}[s] for s in sweeps]
        if all(self.plan[:, c].all() for c in cols):
            return self
        with _lock:
            for c in cols:
                for row, (fn, sig) in zip(self.plan, kernels(self.segments, c, self.kargs)):
                    if not row[c]:
                        row[c] = address(fn, sig)
        return self


_SAMPLE = (np.zeros(1), np.zeros(1), np.zeros((1, 1)))   # val, work, adj: their types only


def kernels(segments, col, kargs):
    """[(dispatcher, argument types)] of sweep ``col`` of each of a plan's ``segments`` as
    Sweeps calls it (a compiled segment says so itself: ``calls``)."""
    name = {FWD: "forward", REV: "reverse", TAN: "tangent"}[col]
    val, work, adj = _SAMPLE
    tail = {FWD: (val, work, adj[0], False), REV: (val, adj, work, False),
            TAN: (val, adj, work)}[col]
    runs, out = {}, []
    for seg in segments:
        if type(seg) is tuple:   # (kernels module,): the interpreter over the whole arrays
            k = runs.get(id(seg[0]))
            if k is None:
                k = runs[id(seg[0])] = (getattr(seg[0], name),
                                        tuple(numba.typeof(a) for a in kargs + tail))
            out.append(k)
        else:
            out.append(next((fn, sig) for fn, sig in seg.calls()
                            if fn.py_func.__name__ == name))
    return out


def native_plan(F, *sweeps):
    """The ``NativePlan`` of tape ``F`` for its current plan, or None when a sweep needs Python
    (host ops, calls); built once per plan.  ``sweeps`` ("forward", "reverse", "tangent"): the
    sweeps the caller will run, whose segment kernels are compiled first (a segment that fails
    to compile leaves the plan: ``Sweeps._kernels``)."""
    S = F.sweeps
    for sweep in sweeps:
        S._kernels(sweep)
    plan = S.plan
    return F.derived(("native plan", id(plan)), lambda: plan_of(S, plan))


def _offset(view, base):
    if view.size == 0:
        return 0
    return (view.__array_interface__["data"][0] - base.__array_interface__["data"][0]) \
        // base.itemsize


def plan_of(S, segs):
    """The ``NativePlan`` of segments ``segs`` of the plan of ``Sweeps`` S (all of it, or a
    stretch of it), or None when one of them runs from Python (host ops, calls)."""
    a = S._arrays
    unsigned = np.uint32 if a["args"].dtype == np.int32 else np.uint64
    kargs = (a["op"], a["flags"], a["out_ptr"].view(unsigned), a["args"].view(unsigned),
             a["args"], a["iargs"])
    module = S.compiled_module()
    rows, segments, pool = [], [], []

    def pooled(x):
        start = sum(p.size for p in pool)
        pool.append(np.ravel(x).astype(np.int64))
        return start, start + x.size

    for seg in segs:
        if type(seg) is Run:
            args = seg.args
            k0, p0, q0 = (_offset(args[i], a[b]) for i, b in ((0, "op"), (4, "args"),
                                                                 (5, "iargs")))
            rows.append([INTERPRETED, 0, 0, 0, k0, k0 + args[0].size, p0, p0 + args[4].size,
                         q0, q0 + args[5].size])
            segments.append((module,))
        elif isinstance(seg, Fused):
            rows.append([FUSED, 0, 0, 0, *pooled(seg.A), seg.n, 0, 0, 0])
            segments.append(seg)
        elif isinstance(seg, Loop):
            rows.append([LOOP, 0, 0, 0, *pooled(seg.A), *pooled(seg.G), seg.K, 0])
            segments.append(seg)
        else:   # Host, Call: Python
            return None
    return NativePlan(
        kargs, np.array(rows, dtype=np.int64).reshape(-1, 10),
        np.concatenate(pool) if pool else np.zeros(0, dtype=np.int64), a["consts"], a["dep"],
        a["n_in"], S.arena_size, S.work_size, S.clear, bool(np.isin(a["op"], PRODUCTS).any()),
        tuple(segs), tuple(segments))


# ---- stretches: consecutive jitted segments swept from one call ------------------------------
MIN_STRETCH = 3   # jitted segments in a row that Sweeps runs as one Stretch
MAX_POOL = 1 << 20   # a stretch copies its segments' address arrays into one pool: longer
                     # segments' sweeps dwarf the calls a stretch saves, and are left alone


def stretches(S, plan):
    """``plan`` (segments of ``Sweeps`` S on a compiled tier) with every run of ``MIN_STRETCH``
    or more consecutive jitted segments (interpreted runs, fused runs, re-rolled loops) whose
    address arrays hold at most ``MAX_POOL`` entries as one ``Stretch``; ``plan`` itself when
    there is none, or without Numba."""
    if not isinstance(forward, numba.core.registry.CPUDispatcher):   # NUMBA_DISABLE_JIT
        return plan
    out, run = [], []

    def flush():
        pool = sum(s.A.size + (s.G.size if isinstance(s, Loop) else 0) for s in run
                   if type(s) is not Run)
        if len(run) >= MIN_STRETCH and pool <= MAX_POOL:
            out.append(Stretch(plan_of(S, run)))
        else:
            out.extend(run)
        run.clear()

    for seg in plan:
        if seg.python:
            flush()
            out.append(seg)
        else:
            run.append(seg)
    flush()
    return out if len(out) < len(plan) else plan


_KNOWN: dict = {}   # kernel owner, sweep, types -> (owner, address); (sweep, types) -> True


class Stretch:
    """Consecutive jitted segments of a tape's plan, swept by one call of ``forward``,
    ``reverse`` or ``tangent`` below instead of one call each from Python: a call from Python
    costs microseconds to type its arguments, and a Laplace fit's inner tapes are dozens of
    short segments swept thousands of times.  The same kernels run in the same order, so the
    results are the segments' own bit for bit.

    Nothing compiles for it in the user's process: a sweep kind goes native once every kernel
    it calls, and the plan sweep itself, is compiled or in Numba's disk cache for the exact
    argument types (the plan sweep is otherwise asked of a background process,
    ``tiers.compile_behind``; a look again every ``LOOK`` seconds); until then, and for
    arrays of other types, the segments are swept one by one as before."""

    python = False
    LOOK = 0.5

    def __init__(self, K):
        self.K, self.segments = K, K.source
        self._ready = [None, None, None, None]   # by column: True, or when to look again

    def _go(self, col, arrays):
        r = self._ready[col]
        if r is not True:
            if r is not None and time.monotonic() < r:
                return False
            r = self._ready[col] = self._look(col) or time.monotonic() + self.LOOK
            if r is not True:
                return False
        for x in arrays:   # the types the addresses and the plan sweep were compiled for
            if not (x.flags.c_contiguous and x.flags.writeable and x.dtype == np.float64):
                return False
        return True

    def _look(self, col):
        """Fill column ``col`` of the plan with its kernels' addresses if every kernel and the
        plan sweep are compiled for their types (in this process or on disk): True; else
        False.  Kernels are known by the module holding them, shared by every tape with the
        same segment, so a new tape of a known shape looks up what an earlier one found."""
        K = self.K
        kk = tuple(argument_type(x) for x in K.kargs)
        addrs = []
        for seg in K.segments:
            owner = seg[0] if type(seg) is tuple else seg.kernels
            key = (id(owner), col, kk, None if type(seg) is tuple else argument_type(seg.A))
            hit = _KNOWN.get(key)
            if hit is None:
                fn, sig = kernels((seg,), col, K.kargs)[0]
                if not compiled_for(fn, sig):
                    return False   # the segments' own sweeps load or compile it first
                hit = _KNOWN[key] = (owner, address(fn, sig))
            addrs.append(hit[1])
        if (col, kk) not in _KNOWN:
            fn, tail = {FWD: (forward, (_SAMPLE[0], _SAMPLE[1], _SAMPLE[0], False)),
                        REV: (reverse, (_SAMPLE[0], _SAMPLE[2], _SAMPLE[1], False)),
                        TAN: (tangent, _SAMPLE[:1] + _SAMPLE[2:0:-1])}[col]
            sig = tuple(numba.typeof(x) for x in (K.plan, K.pool) + K.kargs + tail)
            if not compiled_for(fn, sig):
                tiers.compile_behind([(fn, sig)])
                return False
            _KNOWN[col, kk] = True
        K.plan[:, col] = addrs
        return True

    def _call(self, fn, args):
        if self.K.products:   # block products: one BLAS thread (tape/blas.py)
            blas.enter()
            try:
                fn(*args)
            finally:
                blas.leave()
        else:
            fn(*args)

    def forward(self, S, val, work, adj0, zero):
        K = self.K
        if self._go(FWD, (val, work, adj0)):
            self._call(forward, (K.plan, K.pool, *K.kargs, val, work, adj0, zero))
        else:
            for s in self.segments:
                s.forward(S, val, work, adj0, zero)

    def reverse(self, S, val, adj, work, clear):
        K = self.K
        if self._go(REV, (val, adj, work)):
            self._call(reverse, (K.plan, K.pool, *K.kargs, val, adj, work, clear))
        else:
            for s in reversed(self.segments):
                s.reverse(S, val, adj, work, clear)

    def tangent(self, S, val, tan, work):
        K = self.K
        if self._go(TAN, (val, tan, work)):
            self._call(tangent, (K.plan, K.pool, *K.kargs, val, tan, work))
        else:
            for s in self.segments:
                s.tangent(S, val, tan, work)

    def forward_tangent(self, S, val, tan, work):   # fused runs have a one-pass kernel
        for s in self.segments:
            s.forward_tangent(S, val, tan, work)


# ---- the sweeps of a plan, from jitted code ----------------------------------------------------
@jit
def forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, zero):
    """Sweeps.run_forward over the plan ``P`` (a NativePlan's plan with forward addresses)."""
    for s in range(P.shape[0]):
        a = P[s, 4:]
        _check_address(P[s, FWD])
        if P[s, 0] == INTERPRETED:
            call_at(P[s, FWD], (op[a[0]:a[1]], flags[a[0]:a[1]], uout[a[0]:a[1] + 1],
                                uargs[a[2]:a[3]], args[a[2]:a[3]], iargs[a[4]:a[5]], val,
                                work, row, zero))
        elif P[s, 0] == FUSED:
            call_at(P[s, FWD], (val, pool[a[0]:a[1]], a[2], row, zero))
        else:
            call_at(P[s, FWD], (val, pool[a[0]:a[1]], _grid(pool, a), a[4], row, zero))


@jit
def reverse(P, pool, op, flags, uout, uargs, args, iargs, val, adj, work, clear):
    """Sweeps.run_reverse over the plan ``P`` (with reverse addresses)."""
    for s in range(P.shape[0] - 1, -1, -1):
        a = P[s, 4:]
        _check_address(P[s, REV])
        if P[s, 0] == INTERPRETED:
            call_at(P[s, REV], (op[a[0]:a[1]], flags[a[0]:a[1]], uout[a[0]:a[1] + 1],
                                uargs[a[2]:a[3]], args[a[2]:a[3]], iargs[a[4]:a[5]], val, adj,
                                work, clear))
        elif P[s, 0] == FUSED:
            call_at(P[s, REV], (val, adj, pool[a[0]:a[1]], a[2], clear))
        else:
            call_at(P[s, REV], (val, adj, pool[a[0]:a[1]], _grid(pool, a), a[4], clear))


@jit
def tangent(P, pool, op, flags, uout, uargs, args, iargs, val, tan, work):
    """Sweeps.run_tangent over the plan ``P`` (with tangent addresses)."""
    for s in range(P.shape[0]):
        a = P[s, 4:]
        _check_address(P[s, TAN])
        if P[s, 0] == INTERPRETED:
            call_at(P[s, TAN], (op[a[0]:a[1]], flags[a[0]:a[1]], uout[a[0]:a[1] + 1],
                                uargs[a[2]:a[3]], args[a[2]:a[3]], iargs[a[4]:a[5]], val, tan,
                                work))
        elif P[s, 0] == FUSED:
            call_at(P[s, TAN], (val, tan, pool[a[0]:a[1]], a[2]))
        else:
            call_at(P[s, TAN], (val, tan, pool[a[0]:a[1]], _grid(pool, a), a[4]))


@jit
def _check_address(addr):
    if addr == 0:
        raise RuntimeError("numtape: a sweep of a plan without its kernels' addresses "
                           "(NativePlan.need was not asked for it)")


@jit
def _grid(pool, a):
    """A loop's (rows, K) gathered addresses G, a view of ``pool``."""
    return pool[a[2]:a[3]].reshape((a[3] - a[2]) // a[4], a[4])
