"""Recorded derivative rules: the VJP of every op written with other ops.

``vjp_rule`` works on plain NumPy arrays (tests hold it against the jitted reverse bodies) and
on ADArrays (derivative tapes record it).  Elementwise rules come from the op's local partials,
chained with ``chain_mul`` (0 * anything = 0, the sweeps' convention).
"""
import numpy as np

from numtape.tape.seam import use
from numtape.trace.adarray import ADArray
from numtape.trace.recorder import elementwise
from numtape.ops import BLOCK, BY_NAME

_CHAIN = BY_NAME["ChainMulOp"]
_CALL_CODE = BY_NAME["CallOp"].code


def chain_mul(g, d):
    """g * d, but exactly 0 where either factor is 0 (even if the other is inf or NaN)."""
    if type(g) is ADArray or type(d) is ADArray:
        return elementwise(_CHAIN, g, d)
    g, d = np.asarray(g, dtype=np.float64), np.asarray(d, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        return np.where((g == 0.0) | (d == 0.0), 0.0, g * d)


def vjp_rule(spec, g, xs, y, params=(), subtapes=()):
    """Cotangents of op ``spec``'s operands given the output adjoint ``g``.

    ``xs`` are the operand values (elementwise: broadcast to y's shape), ``y`` the output,
    ``params`` the op's integer parameters, ``subtapes`` the tape's sub-tapes (CallOps).
    Returns one array per operand (None: no derivative)."""
    if spec.code == _CALL_CODE:   # the one rule that needs its tape: the sub-tape called
        return use("call_vjp")(g, xs, y, params, subtapes)
    if spec.kind == BLOCK:
        return spec.vjp(g, xs, y, params)
    if spec.zero_derivative:
        return [None] * spec.arity
    return [chain_partial(g, d(*xs, y)) for d in spec.partials]


def chain_partial(g, d):
    """g * d for a local partial d (recording nothing for the constant partials 0, 1, -1)."""
    if type(d) is float:  # a constant partial records no product
        if d == 0.0:
            return None
        if d == 1.0:
            return g
        if d == -1.0:
            return -g
    return chain_mul(g, d)
