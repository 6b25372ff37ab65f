"""Recorded derivative rules: the VJP of every op written with other ops.

``vjp_rule`` works on plain NumPy arrays (tests hold it against the jitted reverse bodies) and
on ADArrays (derivative tapes record it).  Elementwise rules come from the op's local partials,
chained with ``strong_mul`` (0 * anything = 0, the sweeps' convention).
"""

import numpy as np

from numtape.tape.seam import SERVICES
from numtape.ops import BLOCK, OP
from numtape.ops.formulas import strong_mul, traced

_CALL_CODE = OP.CallOp.code


def vjp_rule(spec, g, xs, y, params=(), subtapes=()):
    """Cotangents of op ``spec``'s operands given the output adjoint ``g``.

    ``xs`` are the operand values (elementwise: broadcast to y's shape), ``y`` the output,
    ``params`` the op's integer parameters, ``subtapes`` the tape's sub-tapes (CallOps).
    Returns one array per operand (None: no derivative)."""
    if spec.code == _CALL_CODE:   # the one rule that needs its tape: the sub-tape called
        return SERVICES.call_vjp(g, xs, y, params, subtapes)
    if spec.kind == BLOCK:
        cts = spec.vjp(g, xs, y, params)
        if spec.host and traced(g) is not None:
            # the strong zero for the whole op: a zero adjoint contributes exactly zero, even
            # where the op's values are inf or NaN (the branch np.where did not take); its
            # LAPACK-based rule would multiply through them (0 * inf)
            live = np.max(np.abs(g)) > 0.0
            cts = [None if ct is None else np.where(live, ct, 0.0) for ct in cts]
        return cts
    if spec.zero_derivative:
        return [None] * spec.arity
    return [chain_partial(g, d(*xs, y)) for d in spec.partials]


def chain_partial(g, d):
    """G * d for a local partial d (recording nothing for the constant partials 0, 1, -1)."""
    if type(d) is float:  # a constant partial records no product
        if d == 0.0:
            return None
        if d == 1.0:
            return g
        if d == -1.0:
            return -g
    return strong_mul(g, d)
