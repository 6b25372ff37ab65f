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
    Every call allocates its own value arena (constants copied in), scratch and, for
    gradients, adjoint row, so the functions are safe to call from many threads at once
    (``nogil``; the tape's arrays are read-only; nothing is shared but them).  On small and
    medium tapes this costs nothing measurable (benchmarks/njit_calls.py); on tapes of a
    million slots the fresh arenas' page faults show (benchmarks/costs.py --slow,
    ``bound-large``).
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

import numba
import numpy as np
from numba import types
from numba.core.errors import TypingError
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


@jit
def _arena(x, n_in, consts, arena):
    """A new value arena: inputs ``x``, then the constants."""
    val = np.empty(arena)
    for i in range(n_in):
        val[i] = x[i]
    val[n_in:n_in + consts.size] = consts
    return val


@jit
def _check_token(token, P):
    """``token``, the plan's first address read from a dynamic global (module docstring), must
    be the plan's: the read keeps the global, and so the no-caching mark, in the code."""
    if token != P[0, native.FWD]:
        raise RuntimeError("numtape: a bound tape function holds another process's addresses")


@jit
def _value(token, P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims, x, out):
    """Outputs at ``x`` into ``out`` (one forward sweep of the plan, in new arrays); ``dims``
    = (n_in, arena size, scratch size, clear)."""
    _check_token(token, P)
    n_in, arena, work_size = dims[0], dims[1], dims[2]
    if x.size != n_in:
        raise ValueError("value(x, out): x has " + str(x.size) + " values; this tape expects "
                         + str(n_in))
    if out.size != dep.size:
        raise ValueError("value(x, out): out has " + str(out.size) + " values; this tape has "
                         + str(dep.size) + " outputs")
    val = _arena(x, n_in, consts, arena)
    work = np.empty(work_size)
    zero = False   # with zero False the adjoint row is not touched: val stands in for it
    native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, val, zero)
    for j in range(dep.size):
        out[j] = val[dep[j]]


@jit
def _value_and_grad(token, P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims,
                    x, g):
    """Value at ``x`` (returned) and gradient into ``g``: Sweeps.gradient in new arrays (the
    forward sweep zeroes the adjoints of op outputs; inputs and constants are zeroed here)."""
    _check_token(token, P)
    n_in, arena, work_size, clear = dims[0], dims[1], dims[2], dims[3] != 0
    if x.size != n_in:
        raise ValueError("value_and_grad(x, g): x has " + str(x.size) + " values; this tape "
                         "expects " + str(n_in))
    if g.size != n_in:
        raise ValueError("value_and_grad(x, g): g has " + str(g.size) + " values; this tape "
                         "has " + str(n_in) + " inputs")
    val = _arena(x, n_in, consts, arena)
    work = np.empty(work_size)
    adj = np.empty((1, arena))
    row = adj[0]
    row[:n_in + consts.size] = 0.0
    zero = True
    native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, zero)
    row[dep[0]] = 1.0
    native.reverse(P, pool, op, flags, uout, uargs, args, iargs, val, adj, work, clear)
    for i in range(n_in):
        g[i] = row[i]
    return val[dep[0]]


class Bound:
    """The jitted functions of one tape (module docstring): ``value(x, out)``;
    ``value_and_grad(x, g) -> float`` for scalar tapes; ``n_in``, ``n_out``."""

    def __init__(self, n_in, n_out, value, value_and_grad):
        self.n_in, self.n_out = n_in, n_out
        self.value = value
        self._value_and_grad = value_and_grad

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


def _bind(F):
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
    K = native.native_plan(F).need("forward", "reverse")
    mark = native.dynamic_constant(K.plan[0, native.FWD])   # never cached on disk (above)
    P, pool = K.plan.copy(), K.pool
    op, flags, uout, uargs, args, iargs = K.kargs
    consts, dep = K.consts, K.dep
    # sizes in an array: closure ints would be typed as literals, one body compile per tape
    dims = np.array([K.n_in, K.arena_size, K.work_size, K.clear], dtype=np.int64)

    @numba.njit(nogil=True, error_model="numpy")
    def value(x, out):
        _check_flat(x, out)
        _value(mark(), P, pool, op, flags, uout, uargs, args, iargs, consts, dep, dims, x, out)

    @numba.njit(nogil=True, error_model="numpy")
    def value_and_grad(x, g):
        _check_flat(x, g)
        return _value_and_grad(mark(), P, pool, op, flags, uout, uargs, args, iargs, consts,
                               dep, dims, x, g)

    return Bound(F.n_in, F.n_out, value, value_and_grad if scalar else None)


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
