"""Atomic tapes: ``F.atomic()`` records ONE CallOp per call (ops/call.py), sharing F.

A tape holding CallOps is swept in segments (numtape/segments.py): the jitted sweeps run
between calls, and each call runs its sub-tape's own sweeps (which may hold calls of their
own).  Reverse and tangent recompute the sub-tape's forward values from the call's input
block (checkpointing), so the outer arena keeps only each call's inputs and outputs.  The
recorded rule of a call is a call of the sub-tape's VJP tape ``(x, w) -> w^T J(x)``, atomic
too, so derivative tapes (jacfun, Hessians) also grow by one node per call.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numtape.adarray import recorder_of, wrap
from numtape.ops import BY_NAME

CALL = BY_NAME["CallOp"].code


@dataclass(frozen=True)
class Call:
    """One CallOp of a tape: its sub-tape, input block [a, a + n_in), output block [o, o + m),
    and whether the input block is a constant (no adjoint)."""
    sub: object
    a: int
    o: int
    n_in: int
    m: int
    const: bool


# ---- the sweeps of one call ----------------------------------------------------------------
def call_forward(c, val, adj0, zero):
    val[c.o:c.o + c.m] = c.sub._forward(val[c.a:c.a + c.n_in])[c.sub._out]
    if zero:
        adj0[c.o:c.o + c.m] = 0.0


def call_reverse(c, val, adj, clear):
    W = adj[:, c.o:c.o + c.m]
    if not c.const and np.any(W != 0.0):
        sub_val = c.sub._forward(val[c.a:c.a + c.n_in])   # checkpoint: recompute
        adj[:, c.a:c.a + c.n_in] += c.sub._reverse(sub_val, np.array(W))
    if clear:
        W[...] = 0.0


def call_tangent(c, val, tan):
    sub_val = c.sub._forward(val[c.a:c.a + c.n_in])
    tan[:, c.o:c.o + c.m] = c.sub._tangent(sub_val, np.array(tan[:, c.a:c.a + c.n_in]))


# ---- recording -----------------------------------------------------------------------------
def record_call(F, x):
    """Record one CallOp of atomic tape F on traced input x; returns the traced outputs."""
    rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
    xa = F._input_addresses(rec, x)
    o = rec.block_op(CALL, 0, [rec.contiguous(xa)], (F.n_in, F.n_out, rec.subtape(F)),
                     F.n_out)
    return wrap(rec, np.arange(o, o + F.n_out, dtype=np.int64).reshape(F.out_shape))


def call_vjp(g, xs, y, params, subtapes):
    """The recorded rule of a call: the sub-tape's atomic VJP tape at (x, g)."""
    sub = subtapes[int(params[2])]
    return [vjp_tape(sub)(np.concatenate([np.ravel(xs[0]), np.ravel(g)]))]


def vjp_tape(F):
    """The atomic tape (x, w) -> w^T J(x) of F, built once per tape."""
    V = F.__dict__.get("_vjp_tape")
    if V is None:
        from numtape.derived.jacfun import weighted_reverse
        V = F._vjp_tape = weighted_reverse(F).atomic()
    return V
