"""Sweeps of tapes holding host ops: jitted segments, with host ops run from Python between.

Host ops (``OpSpec.host``: linear algebra on LAPACK, atomic calls) never enter the jitted
sweeps.  A tape holding any is swept as a list of segments: runs of ordinary ops (the jitted
kernels' argument tuples, over slices of the tape's arrays: views, no copies) and host ops,
each run with plain NumPy arrays.  Tapes without host ops have no plan and take one jitted call.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numtape.derived import atomic
from numtape.errors import TapeFormatError
from numtape.ops import OPS
from numtape.validate import CONST_BIT, arg_pointers

try:
    from numtape.kernels import sweeps
except (ImportError, AttributeError, KeyError):  # stale: tape.py refuses to build tapes then
    sweeps = None

HOST = np.array([s.host for s in OPS])


@dataclass(frozen=True)
class Host:
    """One host op: its spec and, as the jitted bodies get them, output block and cursors."""
    spec: object
    o: int
    n: int
    p: int
    q: int
    f: int


def plan(F):
    """The segments of tape F (see the module docstring), or None without host ops."""
    ks = np.flatnonzero(HOST[F.op])
    if ks.size == 0:
        return None
    arg_ptr, iarg_ptr = arg_pointers(F.op, np.diff(F.out_ptr))
    unsigned = np.uint32 if F.args.dtype == np.int32 else np.uint64
    segs, start = [], 0
    for k in list(ks) + [F.n_ops]:
        if k > start:
            p0, p1, q0, q1 = arg_ptr[start], arg_ptr[k], iarg_ptr[start], iarg_ptr[k]
            segs.append((F.op[start:k], F.flags[start:k],
                         F.out_ptr[start:k + 1].view(unsigned), F.args[p0:p1].view(unsigned),
                         F.args[p0:p1], F.iargs[q0:q1]))
        if k < F.n_ops:
            segs.append(_host(F, int(k), int(arg_ptr[k]), int(iarg_ptr[k])))
        start = k + 1
    return segs


def _host(F, k, p, q):
    spec, f = OPS[F.op[k]], int(F.flags[k])
    o, n = int(F.out_ptr[k]), int(F.out_ptr[k + 1] - F.out_ptr[k])
    if spec.code != atomic.CALL:
        return Host(spec, o, n, p, q, f)
    n_in, m, idx = (int(v) for v in F.iargs[q:q + 3])
    if idx >= len(F.subtapes) or (F.subtapes[idx].n_in, F.subtapes[idx].n_out) != (n_in, m):
        raise TapeFormatError(f"iargs: CallOp {k}: sub-tape {idx} does not exist or does not "
                              f"map {n_in} inputs to {m} outputs")
    return atomic.Call(F.subtapes[idx], int(F.args[p]), o, n_in, m,
                       bool((f >> CONST_BIT) & 1))


def forward(F, segs, val, work, adj0, zero, tolerant=False):
    """Values; with ``tolerant``, a host op that raises (a singular matrix at a made-up point)
    leaves NaN instead (simplify's evaluation of constants at x = 0 uses it)."""
    for s in segs:
        if type(s) is tuple:
            sweeps.forward(*s, val, work, adj0, zero)
            continue
        try:
            if type(s) is Host:
                s.spec.forward(val, s.o, s.n, F.args, s.p, F.iargs, s.q, s.f, work)
                if zero:
                    adj0[s.o:s.o + s.n] = 0.0
            else:
                atomic.call_forward(s, val, adj0, zero)
        except (np.linalg.LinAlgError, ValueError, FloatingPointError):
            if not tolerant:
                raise
            val[s.o:s.o + (s.n if type(s) is Host else s.m)] = np.nan


def reverse(F, segs, val, adj, work, clear):
    for s in reversed(segs):
        if type(s) is tuple:
            sweeps.reverse(*s, val, adj, work, clear)
        elif type(s) is Host:
            s.spec.reverse(val, adj, s.o, s.n, F.args, s.p, F.iargs, s.q, s.f, work)
            if clear:
                adj[:, s.o:s.o + s.n] = 0.0
        else:
            atomic.call_reverse(s, val, adj, clear)


def tangent(F, segs, val, tan, work):
    for s in segs:
        if type(s) is tuple:
            sweeps.tangent(*s, val, tan, work)
        elif type(s) is Host:
            s.spec.tangent(val, tan, s.o, s.n, F.args, s.p, F.iargs, s.q, s.f, work)
        else:
            atomic.call_tangent(s, val, tan)
