"""Calls of atomic tapes (``F.atomic()``, one CallOp per call): the CallOp's recorded rule.

A CallOp's sweeps live in the tape layer (``numtape.tape.plan``, ``Call``: the sub-tape's own
sweeps, reverse and tangent recomputing its values from the call's input block), and recording
one is ``numtape.trace.make.record_call``.  What needs the transforms layer is its recorded rule: a
call of the sub-tape's VJP tape ``(x, w) -> w^T J(x)``, atomic too, so derivative tapes
(jacfun, Hessians) also grow by one node per call.
"""
from __future__ import annotations

import numpy as np

from numtape.transforms.jacfun import weighted_reverse


def call_vjp(g, xs, y, params, subtapes):
    """The recorded rule of a call: the sub-tape's atomic VJP tape at (x, g)."""
    sub = subtapes[int(params[2])]
    return [vjp_tape(sub)(np.concatenate([np.ravel(xs[0]), np.ravel(g)]))]


def vjp_tape(F):
    """The atomic tape (x, w) -> w^T J(x) of F, built once per tape."""
    return F.derived("vjp", lambda: weighted_reverse(F).atomic())
