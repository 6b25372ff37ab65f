"""Recorded derivative rules: the VJP of every op written with other ops.

``vjp_rule`` works on plain NumPy arrays (tests hold it against the jitted reverse bodies) and
on ADArrays (derivative tapes record it).  Elementwise rules come from the op's local partials,
chained with ``strong_mul`` (0 * anything = 0, the sweeps' convention).
"""

import numpy as np

from numtape.tape.seam import SERVICES
from numtape.ops import BLOCK, OP
from numtape.ops.formulas import strong_mul, traced
from numtape.ops.matmul import strong_matmul

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


def batched_vjp_rule(spec, G, xs, y, params):
    """The cotangents of block op ``spec``'s operands for K output adjoints at once (``G``:
    shape (K, n_out)), each (K, operand length), as one recording whatever K is; None when
    the op has no batched rule (its caller then calls ``vjp_rule`` once per row)."""
    rule = _BATCHED.get(spec.code)
    return None if rule is None else rule(G, xs, params)


def _sum_batched(G, xs, params):
    # K stacked sums of (outer, m, inner) are one sum of (K * outer, m, inner): spread the
    # adjoint back over the reduced axis (addresses only)
    outer, m, inner = (int(v) for v in params)
    K = G.shape[0]
    return [np.broadcast_to(G.reshape(K * outer, 1, inner), (K * outer, m, inner)).reshape(K, -1)]


def _matmul_batched(G, xs, params):
    # C = A B with K adjoints dC_k: dA_k = dC_k B^T for all k is one product of the stacked
    # (K m, n) adjoints; dB_k = A^T dC_k, rows of G A for a matrix times a vector, else one
    # product of A^T with the adjoints side by side (n columns each)
    m, kk, nn = (int(v) for v in params)
    K = G.shape[0]
    a, b = xs[0].reshape(m, kk), xs[1].reshape(kk, nn)
    ct_a = strong_matmul(G.reshape(K * m, nn), b.T).reshape(K, m * kk)
    if nn == 1:
        ct_b = strong_matmul(G.reshape(K, m), a)
    else:
        side = G.reshape(K, m, nn).transpose(1, 0, 2).reshape(m, K * nn)
        ct_b = strong_matmul(a.T, side).reshape(kk, K, nn).transpose(1, 0, 2).reshape(K, kk * nn)
    return [ct_a, ct_b]


_BATCHED = {OP.SumOp.code: _sum_batched, OP.MatMulOp.code: _matmul_batched,
            OP.ChainMatMulOp.code: _matmul_batched}
