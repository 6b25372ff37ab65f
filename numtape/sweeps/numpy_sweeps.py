"""The no-compile tier: a tape swept by NumPy on views of the arena, op by op, from Python.

Nothing here is compiled, so a tape's first value and gradient take milliseconds on a machine
whose Numba cache is empty, while the compiled interpreters are built off the user's path
(numtape/sweeps/tiers.py).  The sweeps read the same arrays and keep the same conventions as
the generated interpreters (numtape/sweeps/generated.py), and take the same arguments, so a
tape's plan runs either of them segment by segment:

* an elementwise op evaluates its declared ``value`` and ``partials`` (the op table's NumPy
  expressions) on views of its operand blocks: one NumPy call per op and operand, whatever the
  block length;
* a block op runs its ``OpSpec.numpy`` bodies (NumPy, or the jitted bodies' Python twins);
* the derivative convention is the interpreters': a zero adjoint, tangent or local partial
  contributes exactly zero; a broadcast operand's adjoint adds its contributions one by one, in
  element order (``np.add.accumulate`` is sequential), as the interpreters' loops do.

Values agree with the compiled tiers bit for bit where both compute correctly rounded
operations (arithmetic, sqrt, abs, floor ...); where a formula calls any other function (NumPy's
own builds of exp, expm1, log1p, sinh, tanh, arctan2 ... against libm's, SciPy's special
functions against numtape's) or BLAS, the two round differently and agree to a few ulps
(tests/test_numpy_tier.py and tests/test_every_op.py hold every op to both).  Per op the cost
is Python's, a few NumPy calls (benchmarks/costs.py, ``numpy-tier``), so longer scalar tapes go
to compiled code (``tiers.py``).
"""
from __future__ import annotations

import time

import numpy as np

from numtape.ops import ELEMENTWISE, OPS, PER_ELEMENT
from numtape.ops.flags import CONST_BIT

_ELEMENTWISE = [s.kind == ELEMENTWISE for s in OPS]


def _program(op, flags, uout_ptr, args, iargs):
    """Each op of a run as (spec, o, n, p, q, f, operand offsets), with the cursors into
    ``args``/``iargs`` the interpreters keep."""
    out = uout_ptr.astype(np.int64).tolist()
    prog, p, q = [], 0, 0
    for k, (code, f) in enumerate(zip(op.tolist(), flags.tolist())):
        spec = OPS[code]
        o, n = out[k], out[k + 1] - out[k]
        arity = n if spec.arity == PER_ELEMENT else spec.arity
        xs = args[p:p + arity].tolist() if _ELEMENTWISE[code] else ()
        prog.append((spec, o, n, p, q, f, xs))
        p += arity
        q += spec.nparams
    return prog


class NumpySweeps:
    """The three sweeps of the no-compile tier, with the generated interpreters' signatures
    (``forward(op, flags, uout_ptr, uargs, args, iargs, val, work, adj0, zero)`` ...), so
    ``Sweeps`` can hold either.  Decoded runs are cached per tape (one object per tape)."""

    spent = [0.0]   # seconds this process has swept on the NumPy tier (tiers.py: when to leave)

    def __init__(self):
        self._programs = {}

    def _prog(self, op, flags, uout_ptr, args, iargs):
        key = (op.__array_interface__["data"][0], op.size)
        prog = self._programs.get(key)
        if prog is None:
            prog = self._programs[key] = _program(op, flags, uout_ptr, args, iargs)
        return prog

    def forward(self, op, flags, uout_ptr, uargs, args, iargs, val, work, adj0, zero):
        t = time.perf_counter()
        with np.errstate(all="ignore"):
            for spec, o, n, p, q, f, xs in self._prog(op, flags, uout_ptr, args, iargs):
                if xs:
                    if n == 1:   # a scalar op (Python loops): NumPy scalars, no arrays
                        val[o] = spec.value(*[val[x] for x in xs])
                    else:
                        val[o:o + n] = spec.value(*_operands(val, xs, f, n))
                else:
                    spec.numpy[0](val, o, n, args, p, iargs, q, f, work)
                if zero:
                    adj0[o:o + n] = 0.0
        self.spent[0] += time.perf_counter() - t

    def reverse(self, op, flags, uout_ptr, uargs, args, iargs, val, adj, work, clear):
        t = time.perf_counter()
        with np.errstate(all="ignore"):
            for spec, o, n, p, q, f, xs in reversed(self._prog(op, flags, uout_ptr, args,
                                                                iargs)):
                if xs:
                    if n == 1:
                        _scalar_reverse(spec, val, adj, o, f, xs)
                    else:
                        _ew_reverse(spec, val, adj, o, n, f, xs)
                else:
                    spec.numpy[1](val, adj, o, n, args, p, iargs, q, f, work)
                if clear:
                    adj[:, o:o + n] = 0.0
        self.spent[0] += time.perf_counter() - t

    def tangent(self, op, flags, uout_ptr, uargs, args, iargs, val, tan, work):
        t = time.perf_counter()
        with np.errstate(all="ignore"):
            for spec, o, n, p, q, f, xs in self._prog(op, flags, uout_ptr, args, iargs):
                if xs:
                    if n == 1:
                        _scalar_tangent(spec, val, tan, o, xs)
                    else:
                        _ew_tangent(spec, val, tan, o, n, f, xs)
                else:
                    spec.numpy[2](val, tan, o, n, args, p, iargs, q, f, work)
        self.spent[0] += time.perf_counter() - t


def _operands(val, xs, f, n):
    """Views of an elementwise op's operand blocks (one element where broadcast)."""
    return [val[x:x + (1 if (f >> j) & 1 else n)] for j, x in enumerate(xs)]


def _scalar_reverse(spec, val, adj, o, f, xs):
    """The reverse step of a scalar elementwise op, as the interpreters' inline cases: a zero
    adjoint skips the op, a zero partial its operand; each partial computed once for every
    seed row."""
    g = adj[:, o]
    if not g.any():
        return
    ops_ = [val[x] for x in xs]
    y = val[o]
    for j, x in enumerate(xs):
        if (f >> (CONST_BIT + j)) & 1:
            continue
        d = spec.partials[j](*ops_, y)
        if d != 0.0:
            adj[:, x] += np.where(g != 0.0, g * d, 0.0) if g.size > 1 else g * d


def _scalar_tangent(spec, val, tan, o, xs):
    ops_ = [val[x] for x in xs]
    y = val[o]
    t = np.zeros(tan.shape[0])
    for x, partial in zip(xs, spec.partials):
        tx = tan[:, x]
        if tx.any():
            d = partial(*ops_, y)
            if d != 0.0:
                t += np.where(tx != 0.0, d * tx, 0.0)
    tan[:, o] = t


def _ew_reverse(spec, val, adj, o, n, f, xs):
    """The reverse step of an elementwise op over a block (n > 1)."""
    ops_ = _operands(val, xs, f, n)
    y = val[o:o + n]
    g = adj[:, o:o + n]
    live = g != 0.0
    if not live.any():
        return
    for j, x in enumerate(xs):
        if (f >> (CONST_BIT + j)) & 1:
            continue
        d = np.broadcast_to(spec.partials[j](*ops_, y), (n,))
        c = np.where(live & (d != 0.0), g * d, 0.0)
        if (f >> j) & 1:   # a broadcast operand: its n contributions in element order
            for r in range(adj.shape[0]):
                adj[r, x] = np.add.accumulate(np.concatenate([adj[r, x:x + 1], c[r]]))[-1]
        else:
            adj[:, x:x + n] += c


def _ew_tangent(spec, val, tan, o, n, f, xs):
    ops_ = _operands(val, xs, f, n)
    y = val[o:o + n]
    t = np.zeros((tan.shape[0], n))
    for j, x in enumerate(xs):
        tx = tan[:, x:x + (1 if (f >> j) & 1 else n)]
        live = tx != 0.0
        if not live.any():
            continue
        d = spec.partials[j](*ops_, y)
        t += np.where(live & (d != 0.0), d * tx, 0.0)
    tan[:, o:o + n] = t
