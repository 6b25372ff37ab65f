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
from dataclasses import dataclass, field

import numba
import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic

from numtape.kernels.jit import jit
from numtape.ops import OPS
from numtape.tape.plan import HOST, Fused, Loop, Run
from numtape.tape.sweeper import PRODUCTS

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
        val = np.zeros(max(self.arena_size, 1))
        work, adj = np.zeros(max(self.work_size, 1)), np.zeros((1, val.size))
        with _lock:
            for row, seg in zip(self.plan, self.segments):
                for c in cols:
                    if not row[c]:
                        row[c] = address(*_signature(seg, c, self.kargs, val, work, adj))
        return self


def _signature(seg, col, kargs, val, work, adj):
    """(dispatcher, argument types) of sweep ``col`` of segment ``seg`` as Sweeps calls it
    (a compiled segment says so itself: ``calls``)."""
    name = {FWD: "forward", REV: "reverse", TAN: "tangent"}[col]
    if type(seg) is tuple:   # (kernels module, ...): the interpreter over the whole arrays
        tail = {FWD: (val, work, adj[0], False), REV: (val, adj, work, False),
                TAN: (val, adj, work)}[col]
        return getattr(seg[0], name), tuple(numba.typeof(a) for a in kargs + tail)
    return next((fn, sig) for fn, sig in seg.calls() if fn.py_func.__name__ == name)


def native_plan(F):
    """The ``NativePlan`` of tape ``F`` for its current plan, or None when a sweep needs Python
    (host ops, calls); built once per plan."""
    S = F.sweeps
    plan = S.plan
    return F.derived(("native plan", id(plan)), lambda: _native_plan(F, plan))


def _offset(view, base):
    if view.size == 0:
        return 0
    return (view.__array_interface__["data"][0] - base.__array_interface__["data"][0]) \
        // base.itemsize


def _native_plan(F, plan):
    S = F.sweeps
    unsigned = np.uint32 if F.args.dtype == np.int32 else np.uint64
    kargs = (F.op, F.flags, F.out_ptr.view(unsigned), F.args.view(unsigned), F.args, F.iargs)
    module = S.compiled_module()
    rows, segments, pool = [], [], []

    def pooled(a):
        start = sum(p.size for p in pool)
        pool.append(np.ravel(a).astype(np.int64))
        return start, start + a.size

    for seg in plan:
        if type(seg) is Run:
            seg = seg.args
            k0, p0, q0 = (_offset(seg[i], b) for i, b in ((0, F.op), (4, F.args), (5, F.iargs)))
            rows.append([INTERPRETED, 0, 0, 0, k0, k0 + seg[0].size, p0, p0 + seg[4].size,
                         q0, q0 + seg[5].size])
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
        np.concatenate(pool) if pool else np.zeros(0, dtype=np.int64), F.consts, F.dep,
        F.n_in, S.arena_size, S.work_size, S.clear, bool(np.isin(F.op, PRODUCTS).any()),
        plan, tuple(segments))


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
