"""A tape's sweeps as Numba functions for the user's own jitted code (``Tape.njit``).

``bind(F)`` returns a ``Bound`` whose ``value(x, out)`` and, for scalar tapes,
``value_and_grad(x, g) -> float`` are ``numba.njit`` functions: call them inside an
``@numba.njit`` function (as a global or closure variable) or pass them to one as arguments;
nothing leaves nopython mode.

How they are bound
    Each is a small closure over the tape's arrays and its plan (native.py: the segments the
    sweeps run, with their compiled kernels' addresses), calling a cached body (``_value``,
    ``_value_and_grad``: plain arrays in) that calls the kernels by address.  Numba freezes the
    closure's arrays into the compiled code (arrays over 1 MB stay in place, referenced by
    address), so binding costs one small compile, whatever the tape's size
    (benchmarks/njit_calls.py prints it), and no kernel is compiled again.  The addresses are
    read through a *dynamic global*: Numba will not cache the closures, nor a user's
    ``cache=True`` function compiled with them, on disk (a cached copy would call stale
    addresses in the next process; Numba warns instead); the bodies and kernels are cached.
Workspaces and threads
    Each bound tape keeps a pool of workspaces (``_Pool``: up to ``SLOTS`` of them, each one
    buffer holding the value arena with its constants, an adjoint row and the scratch), so a
    call costs what the sweep costs, not fresh arenas and their page faults
    (benchmarks/njit_calls.py, ``--large``).  A call takes a free workspace with an atomic
    compare-and-swap on its slot's state and gives it back with an atomic store, in nopython
    mode, without the GIL: the functions are safe to call from many threads at once and
    re-entrantly (``nogil``; a taken workspace belongs to one call only).  A slot's buffer is
    allocated at its first use, so a pool holds as many workspaces as calls have ever run at
    once; when all ``SLOTS`` are taken a call sweeps in fresh arrays, as before the pool.
    Adjoints follow ``Sweeps.gradient``'s contract: a workspace whose last reverse sweep
    cleared its adjoints (block-heavy tapes, ``Sweeps.clear``) is not zeroed again.  The
    buffers are freed when both functions are garbage (the pool is kept alive by them): a
    user's jitted function must not outlive the bound functions it calls (as with the tape's
    arrays, which large tapes reference by address).
Limits
    Host ops (LAPACK linear algebra, atomic calls: CallOps) run from Python between segments
    of a sweep, so a tape holding any cannot be bound: TypeError naming the ops.  The
    functions sweep the tape's plan as it is when ``F.njit()`` is called (the interpreter, and
    after ``F.compile()`` its fused runs and re-rolled loops; ``F.njit()`` after a compile
    binds anew), so they equal ``F(x)`` and ``F.gradient(x)`` bit for bit.  Inside the jitted
    sweeps, block products call BLAS with the process's threads (``Sweeps`` pins them to one
    from Python).
"""
from __future__ import annotations

import weakref

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.core.runtime.nrtdynmod import incref_decref_ty
from numba.extending import intrinsic

from numtape.kernels.jit import jit
from numtape.tape import native


@intrinsic
def _check_flat(typingctx, x, out):
    """Refuse, at compile time, anything but a 1-d float64 ``x`` and a writable 1-d float64
    ``out`` (``g``)."""
    for name, t, writable in (("x", x, False), ("out/g", out, True)):
        if not (isinstance(t, types.Array) and t.ndim == 1 and t.dtype == types.float64) or (
                writable and not t.mutable):
            raise TypingError(f"numtape F.njit() functions: {name} must be a "
                              f"{'writable ' if writable else ''}1-d float64 array, got {t}")
    return types.none(x, out), lambda context, builder, signature, args: (
        context.get_dummy_value())


SLOTS = 64          # workspaces a bound tape's pool may hold (allocated at first use)
_META = 4           # int64 columns of a pool's slot table: state, meminfo, buffer address, clean
_FREE, _TAKEN = 0, 1


# ---- the pool's primitives: atomics on a slot table at an address, buffers kept alive --------
def _integers(*ts):
    if not all(isinstance(t, types.Integer) for t in ts):
        raise TypingError(f"numtape pool: integer arguments expected, got {ts}")


@intrinsic
def _cas(typingctx, addr, expected, new):
    """Atomically: if the int64 at address ``addr`` equals ``expected``, store ``new``; returns
    the value found (sequentially consistent)."""
    _integers(addr, expected, new)

    def codegen(context, builder, signature, args):
        a, e, v = (context.cast(builder, x, t, types.int64)
                   for x, t in zip(args, signature.args))
        ptr = builder.inttoptr(a, ir.IntType(64).as_pointer())
        return builder.extract_value(builder.cmpxchg(ptr, e, v, "seq_cst", "seq_cst"), 0)

    return types.int64(addr, expected, new), codegen


@intrinsic
def _store_release(typingctx, addr, value):
    """Atomically store ``value`` into the int64 at address ``addr`` (release: every write
    before it is seen by whoever takes the slot next)."""
    _integers(addr, value)

    def codegen(context, builder, signature, args):
        a, v = (context.cast(builder, x, t, types.int64) for x, t in zip(args, signature.args))
        ptr = builder.inttoptr(a, ir.IntType(64).as_pointer())
        builder.store_atomic(v, ptr, "release", 8)
        return context.get_dummy_value()

    return types.none(addr, value), codegen


@intrinsic
def _pointer(typingctx, addr, dtype):
    """The integer ``addr`` as a pointer to ``dtype`` (for ``numba.carray``)."""
    _integers(addr)
    ty = dtype.dtype if isinstance(dtype, types.DType) else dtype.instance_type

    def codegen(context, builder, signature, args):
        a = context.cast(builder, args[0], signature.args[0], types.intp)
        return builder.inttoptr(a, context.get_value_type(signature.return_type))

    return types.CPointer(ty)(addr, dtype), codegen


@intrinsic
def _keep(typingctx, arr):
    """Add a reference to ``arr``'s memory (it then outlives every array of it) and return the
    address of its MemInfo, for ``_release``."""
    if not isinstance(arr, types.Array):
        raise TypingError(f"_keep: an array expected, got {arr}")

    def codegen(context, builder, signature, args):
        context.nrt.incref(builder, signature.args[0], args[0])
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        return builder.ptrtoint(ary.meminfo, ir.IntType(64))

    return types.int64(arr), codegen


@intrinsic
def _release(typingctx, meminfo):
    """Drop the reference ``_keep`` added (its MemInfo's address)."""
    _integers(meminfo)

    def codegen(context, builder, signature, args):
        ptr = builder.inttoptr(context.cast(builder, args[0], signature.args[0], types.int64),
                               cgutils.voidptr_t)
        fn = cgutils.get_or_insert_function(builder.module, incref_decref_ty, "NRT_decref")
        builder.call(fn, [ptr])
        return context.get_dummy_value()

    return types.none(meminfo), codegen


@jit
def _table(meta):
    """The pool's (slots, _META) int64 slot table, from ``meta`` = (its address, slots)."""
    return numba.carray(_pointer(meta[0], np.int64), (meta[1], _META))


@jit
def _release_all(meta):
    """Free every buffer of the pool (its functions are garbage: nothing runs in it)."""
    T = _table(meta)
    for i in range(T.shape[0]):
        if T[i, 1] != 0:
            _release(T[i, 1])
            T[i, 1] = 0
            T[i, 2] = 0


@jit
def _fresh(n_in, consts, arena, work_size):
    """Fresh (val, adj, work) arrays, as every call made them before the pool (and as a call
    does when every slot is taken): constants in the arena, the inputs' and constants' adjoints
    zero (the rest is zeroed by the first forward sweep)."""
    val = np.empty(arena)
    val[n_in:n_in + consts.size] = consts
    adj = np.empty((1, arena))
    adj[0, :n_in + consts.size] = 0.0
    return val, adj, np.empty(work_size)


@jit
def _take(meta, n_in, consts, arena, work_size):
    """(slot, val, adj, work, clean): a free workspace of the pool, its buffer [value arena |
    adjoint row | scratch] allocated at the slot's first use; slot -1 and fresh arrays when
    every slot is taken.  ``clean``: the adjoint row is zero outside the inputs and constants
    (the last reverse sweep in it cleared it)."""
    T = _table(meta)
    size = 2 * arena + work_size
    for i in range(T.shape[0]):
        if _cas(meta[0] + 8 * _META * i, _FREE, _TAKEN) == _FREE:
            if T[i, 2] == 0:
                buf = np.empty(size)
                buf[n_in:n_in + consts.size] = consts
                buf[arena:arena + n_in + consts.size] = 0.0
                T[i, 3] = 0
                T[i, 2] = buf.ctypes.data
                T[i, 1] = _keep(buf)
            buf = numba.carray(_pointer(T[i, 2], np.float64), size)
            return (i, buf[:arena], buf[arena:2 * arena].reshape((1, arena)), buf[2 * arena:],
                    T[i, 3] != 0)
    val, adj, work = _fresh(n_in, consts, arena, work_size)
    return -1, val, adj, work, False


@jit
def _give(meta, slot, clean):
    """Return slot ``slot`` (-1: a fresh buffer, nothing to return) to the pool."""
    if slot >= 0:
        T = _table(meta)
        T[slot, 3] = 1 if clean else 0
        _store_release(meta[0] + 8 * _META * slot, _FREE)


@jit
def _check_token(token, P):
    """``token``, the plan's first address read from a dynamic global (module docstring), must
    be the plan's: the read keeps the global, and so the no-caching mark, in the code."""
    if token != P[0, native.FWD]:
        raise RuntimeError("numtape: a bound tape function holds another process's addresses")


@jit
def _value(token, P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims, meta, x,
           out):
    """Outputs at ``x`` into ``out`` (one forward sweep of the plan, in a workspace of the
    pool ``meta`` = (slot table address, slots)); ``dims`` = (n_in, arena size, scratch size,
    clear)."""
    _check_token(token, P)
    n_in, arena, work_size = dims[0], dims[1], dims[2]
    if x.size != n_in:
        raise ValueError("value(x, out): x has " + str(x.size) + " values; this tape expects "
                         + str(n_in))
    if out.size != dep.size:
        raise ValueError("value(x, out): out has " + str(out.size) + " values; this tape has "
                         + str(dep.size) + " outputs")
    slot, val, _, work, clean = _take(meta, n_in, consts, arena, work_size)
    for i in range(n_in):
        val[i] = x[i]
    zero = False   # with zero False the adjoint row is not touched: val stands in for it
    native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, val, zero)
    for j in range(dep.size):
        out[j] = val[dep[j]]
    _give(meta, slot, clean)


@jit
def _value_and_grad(token, P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims,
                    meta, x, g):
    """Value at ``x`` (returned) and gradient into ``g``: Sweeps.gradient in a workspace of
    the pool (the forward sweep zeroes the adjoints of op outputs unless the last reverse sweep
    in it cleared them; the inputs' are zeroed here)."""
    _check_token(token, P)
    n_in, arena, work_size, clear = dims[0], dims[1], dims[2], dims[3] != 0
    if x.size != n_in:
        raise ValueError("value_and_grad(x, g): x has " + str(x.size) + " values; this tape "
                         "expects " + str(n_in))
    if g.size != n_in:
        raise ValueError("value_and_grad(x, g): g has " + str(g.size) + " values; this tape "
                         "has " + str(n_in) + " inputs")
    slot, val, adj, work, clean = _take(meta, n_in, consts, arena, work_size)
    row = adj[0]
    for i in range(n_in):
        val[i] = x[i]
        row[i] = 0.0
    native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, not clean)
    row[dep[0]] = 1.0
    native.reverse(P, pool, op, flags, uout, uargs, args, iargs, val, adj, work, clear)
    for i in range(n_in):
        g[i] = row[i]
    v = val[dep[0]]
    _give(meta, slot, clear)
    return v


class _Pool:
    """A bound tape's workspace pool (module docstring): its slot table, an int64 (slots,
    _META) array of state (_FREE, _TAKEN), MemInfo and address of the slot's buffer (0 until
    first use) and its clean flag.  ``meta`` = (table address, slots) goes to the jitted
    bodies; the buffers are freed when the pool is garbage."""

    def __init__(self, slots=SLOTS):
        self.table = np.zeros((max(slots, 0), _META), dtype=np.int64)
        self.meta = np.array([self.table.ctypes.data, slots], dtype=np.int64)
        _release_all(np.array([self.meta[0], 0]))   # compiled (or loaded) now, not in a gc
        done = weakref.finalize(self, _free, self.table, self.meta)
        done.atexit = False   # at exit the process's memory goes anyway

    def buffers(self):
        """How many slots have a buffer (calls that have run at once, up to SLOTS)."""
        return int(np.count_nonzero(self.table[:, 2]))

    def taken(self):
        """How many slots are taken now."""
        return int(np.count_nonzero(self.table[:, 0]))


def _free(table, meta):
    if table.size:
        _release_all(meta)


class Bound:
    """The jitted functions of one tape (module docstring): ``value(x, out)``;
    ``value_and_grad(x, g) -> float`` for scalar tapes; ``n_in``, ``n_out``."""

    def __init__(self, n_in, n_out, value, value_and_grad, pool=None):
        self.n_in, self.n_out = n_in, n_out
        self.value = value
        self._value_and_grad = value_and_grad
        self.pool = pool   # the workspaces' _Pool (None without the jit)

    @property
    def value_and_grad(self):
        if self._value_and_grad is None:
            raise ValueError(f"value_and_grad needs a scalar tape; this one has {self.n_out} "
                             "outputs (use value, or F.jacobian from Python)")
        return self._value_and_grad

    def __repr__(self):
        return f"<numtape jitted sweeps R^{self.n_in} -> R^{self.n_out}>"


def bind(F):
    """The ``Bound`` functions of tape ``F`` (TypeError if its sweeps need Python), built once
    per plan of its sweeps."""
    return F.derived(("njit", id(F.sweeps.plan)), lambda: _bind(F))


def _bind(F, slots=SLOTS):
    """New ``Bound`` functions of ``F`` with a pool of ``slots`` workspaces (0: every call
    sweeps in fresh arrays, as before the pool: benchmarks/njit_calls.py times both)."""
    hosts = native.host_ops(F.op)
    if hosts:
        names = ", ".join(f"{k} x{n}" for k, n in hosts.items())
        raise TypeError(f"F.njit(): this tape has ops that run from Python between the jitted "
                        f"sweeps ({names}: LAPACK linear algebra or atomic calls), so it cannot "
                        "run in Numba's nopython mode; call F(x) / F.gradient(x) from Python, "
                        "or F.map / F.gradient_map for many points")
    scalar = F.n_out == 1
    if numba.config.DISABLE_JIT:
        return _python(F, scalar)
    K = native.native_plan(F, "forward", "reverse").need("forward", "reverse")
    mark = native.dynamic_constant(K.plan[0, native.FWD])   # never cached on disk (above)
    P, pool = K.plan.copy(), K.pool
    op, flags, uout, uargs, args, iargs = K.kargs
    consts, dep = K.consts, K.dep
    # sizes in an array: closure ints would be typed as literals, one body compile per tape
    dims = np.array([K.n_in, K.arena_size, K.work_size, K.clear], dtype=np.int64)
    workspaces = _Pool(slots)
    table = native.dynamic_constant(workspaces.meta[0])   # an address: never cached either
    n_slots = np.array([slots], dtype=np.int64)

    @numba.njit(nogil=True, error_model="numpy")
    def value(x, out):
        _check_flat(x, out)
        meta = (table(), n_slots[0])
        _value(mark(), P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims, meta,
               x, out)

    @numba.njit(nogil=True, error_model="numpy")
    def value_and_grad(x, g):
        _check_flat(x, g)
        meta = (table(), n_slots[0])
        return _value_and_grad(mark(), P, pool, op, flags, uout, uargs, args, iargs, consts,
                               dep, dims, meta, x, g)

    for fn in (value, value_and_grad):   # the pool lives while either function does
        fn.py_func.numtape_pool = workspaces
    return Bound(F.n_in, F.n_out, value, value_and_grad if scalar else None, workspaces)


def _python(F, scalar):
    """The same functions in Python, for NUMBA_DISABLE_JIT=1 (where the user's "jitted"
    code is Python too)."""
    S = F.sweeps
    one = np.ones((1, 1))

    def value(x, out):
        if x.size != F.n_in or out.size != F.n_out:
            raise ValueError(f"value(x, out): x has {x.size} values and out {out.size}; this "
                             f"tape maps {F.n_in} inputs to {F.n_out} outputs")
        out[:] = S.forward(x)[S.out]

    def value_and_grad(x, g):
        if x.size != F.n_in or g.size != F.n_in:
            raise ValueError(f"value_and_grad(x, g): x has {x.size} values and g {g.size}; "
                             f"this tape has {F.n_in} inputs")
        g[:] = S.gradient(x, one)[0]
        return float(S.workspace("val")[S.out][0])   # the arena the gradient swept

    return Bound(F.n_in, F.n_out, value, value_and_grad if scalar else None)
