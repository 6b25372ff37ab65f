"""Reductions and scans along one axis of a contiguous block.

A block of shape (outer, m, inner) (C order) is reduced over its middle axis; parameters are
``(outer, m, inner)``.  Reducing several axes transposes the address array first (so the
reduced axes are last) and gathers once.  max/min send the derivative to the first extremal
element (NaN, if present, is the extremum), in every mode and in the recorded rule.
"""

import numpy as np

from numtape.kernels.jit import jit
from numtape.ops import Hessian, Jacobian, block_op
from numtape.ops.formulas import strong_mul

# unsigned offsets: Numba skips negative-index wraparound, and simple loops vectorize
_u = np.uint64


def _sizes_reduce(params):
    outer, m, inner = params
    return [outer * m * inner], outer * inner


def _split(params):
    outer, m, inner = (int(v) for v in params)
    return outer, m, inner


def _spread(g, outer, m, inner):
    """Broadcast an output-shaped adjoint back over the reduced axis (address bookkeeping)."""
    return np.broadcast_to(g.reshape(outer, 1, inner), (outer, m, inner)).ravel()


# ---- sum ---------------------------------------------------------------------------------
@jit
def _sum_run(val, start, m):
    """Sum of val[start:start+m] with four interleaved accumulators (a fixed order, so replays
    agree bit for bit; four chains overlap their additions: benchmarks/costs.py, ``sum``)."""
    s0 = s1 = s2 = s3 = 0.0
    i = _u(0)
    while i + _u(4) <= m:
        s0 += val[start + i]
        s1 += val[start + i + _u(1)]
        s2 += val[start + i + _u(2)]
        s3 += val[start + i + _u(3)]
        i += _u(4)
    while i < m:
        s0 += val[start + i]
        i += _u(1)
    return (s0 + s1) + (s2 + s3)


@jit
def sum_forward(val, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        if inner == 1:
            val[o + a] = _sum_run(val, x + a * m, m)
            continue
        for b in range(inner):
            s = 0.0
            for i in range(m):
                s += val[x + (a * m + i) * inner + b]
            val[o + a * inner + b] = s


@jit
def sum_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            for j in range(adj.shape[0]):
                g = adj[j, o + a * inner + b]
                if g != 0.0:
                    for i in range(m):
                        adj[j, x + (a * m + i) * inner + b] += g


@jit
def sum_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            for j in range(tan.shape[0]):
                s = 0.0
                for i in range(m):
                    s += tan[j, x + (a * m + i) * inner + b]
                tan[j, o + a * inner + b] = s


def _block(a, x, outer, m, inner):
    """The (outer, m, inner) view of a reduced block at offset x of a (k, arena) array."""
    return a[..., x:x + outer * m * inner].reshape(a.shape[:-1] + (outer, m, inner))


def _running(x, axis):
    """Running sums along ``axis`` from 0.0, left to right as the jitted loops add (NumPy's
    add.accumulate is sequential; np.sum's pairwise order is not), with the leading 0.0."""
    shape = list(x.shape)
    shape[axis] = 1
    return np.add.accumulate(np.concatenate([np.zeros(shape), x], axis=axis), axis=axis)


def np_sum_forward(val, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    x = _block(val, int(args[p]), outer, m, inner)
    if inner > 1:
        val[o:o + n] = _running(x, 1)[:, -1, :].ravel()
        return
    x = x[:, :, 0]   # _sum_run's four accumulators, the tail going to the first
    full = m - m % 4
    s = [_running(x[:, j:full:4], 1)[:, -1] for j in range(4)]
    s[0] = _running(np.concatenate([s[0][:, None], x[:, full:]], axis=1), 1)[:, -1]
    val[o:o + n] = (s[0] + s[1]) + (s[2] + s[3])


def np_sum_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    g = adj[:, o:o + n].reshape(adj.shape[0], outer, 1, inner)
    _block(adj, int(args[p]), outer, m, inner)[...] += g


def np_sum_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    t = _running(_block(tan, int(args[p]), outer, m, inner), 2)[:, :, -1, :]
    tan[:, o:o + n] = t.reshape(tan.shape[0], n)


def sum_vjp(g, xs, y, params):
    return [_spread(g, *_split(params))]


block_op("SumOp", arity=1, params=("outer", "m", "inner"), forward=sum_forward, reverse=sum_reverse,
         tangent=sum_tangent, vjp=sum_vjp, sizes=_sizes_reduce, jacobian=Jacobian.REDUCE,
         hessian=Hessian.LINEAR, chain="AddOp", base=True,
         numpy=(np_sum_forward, np_sum_reverse, np_sum_tangent))


# ---- prod --------------------------------------------------------------------------------
@jit
def prod_forward(val, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            s = 1.0
            for i in range(m):
                s *= val[x + (a * m + i) * inner + b]
            val[o + a * inner + b] = s


@jit
def _others(val, x, a, b, m, inner, i):
    """Product of the slice's elements except element i (exact at zeros, no division)."""
    s = 1.0
    for t in range(m):
        if t != i:
            s *= val[x + (a * m + t) * inner + b]
    return s


@jit
def _prod_partial(val, x, a, b, m, inner, i, y, nzero):
    # y / x_i when the slice has no zero; otherwise only a zero element has a non-zero partial
    xi = val[x + (a * m + i) * inner + b]
    if nzero == 0:
        return y / xi
    if nzero == 1 and xi == 0.0:
        return _others(val, x, a, b, m, inner, i)
    return 0.0


@jit
def _count_zeros(val, x, a, b, m, inner):
    c = 0
    for i in range(m):
        if val[x + (a * m + i) * inner + b] == 0.0:
            c += 1
    return c


@jit
def prod_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            y = val[o + a * inner + b]
            nzero = _count_zeros(val, x, a, b, m, inner)
            for i in range(m):
                d = _prod_partial(val, x, a, b, m, inner, i, y, nzero)
                if d != 0.0:
                    for j in range(adj.shape[0]):
                        g = adj[j, o + a * inner + b]
                        if g != 0.0:
                            adj[j, x + (a * m + i) * inner + b] += g * d


@jit
def prod_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            y = val[o + a * inner + b]
            nzero = _count_zeros(val, x, a, b, m, inner)
            for j in range(tan.shape[0]):
                tan[j, o + a * inner + b] = 0.0
            for i in range(m):
                d = _prod_partial(val, x, a, b, m, inner, i, y, nzero)
                if d != 0.0:
                    for j in range(tan.shape[0]):
                        t = tan[j, x + (a * m + i) * inner + b]
                        if t != 0.0:
                            tan[j, o + a * inner + b] += d * t


def prod_vjp(g, xs, y, params):
    """G * (product of the other elements), by prefix and suffix products: no division, so
    it is exact at zeros and differentiates correctly there too (O(m) products per slice)."""
    outer, m, inner = _split(params)
    x = xs[0].reshape(outer, m, inner)
    left, right = [None] * m, [None] * m
    for i in range(1, m):
        left[i] = x[:, 0, :] if i == 1 else left[i - 1] * x[:, i - 1, :]
    for i in range(m - 2, -1, -1):
        right[i] = x[:, m - 1, :] if i == m - 2 else right[i + 1] * x[:, i + 1, :]
    others = [np.ones((outer, inner)) if lt is None and rt is None else
              rt if lt is None else lt if rt is None else lt * rt
              for lt, rt in zip(left, right)]
    # a zero adjoint stays exactly zero against an infinite product of the others
    return [strong_mul(_spread(g, outer, m, inner).reshape(outer, m, inner),
                       np.stack(others, axis=1)).ravel()]


block_op("ProdOp", arity=1, params=("outer", "m", "inner"), forward=prod_forward,
         reverse=prod_reverse, tangent=prod_tangent, vjp=prod_vjp, sizes=_sizes_reduce,
         jacobian=Jacobian.REDUCE, hessian=Hessian.PROD, chain="MulOp")


# ---- max / min ---------------------------------------------------------------------------
@jit
def _extreme_index(val, x, a, b, m, inner, sign):
    """Index of the first maximum (sign=1) or minimum (sign=-1); a NaN wins at once."""
    best = 0
    v0 = val[x + a * m * inner + b]
    if v0 != v0:
        return 0
    for i in range(1, m):
        v = val[x + (a * m + i) * inner + b]
        if v != v:
            return i
        if sign * v > sign * v0:
            v0 = v
            best = i
    return best


@jit
def _ext_forward(val, o, args, p, iargs, q, sign):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            i = _extreme_index(val, x, a, b, m, inner, sign)
            val[o + a * inner + b] = val[x + (a * m + i) * inner + b]


@jit
def _ext_reverse(val, adj, o, args, p, iargs, q, sign):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            i = _extreme_index(val, x, a, b, m, inner, sign)
            for j in range(adj.shape[0]):
                adj[j, x + (a * m + i) * inner + b] += adj[j, o + a * inner + b]


@jit
def _ext_tangent(val, tan, o, args, p, iargs, q, sign):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            i = _extreme_index(val, x, a, b, m, inner, sign)
            for j in range(tan.shape[0]):
                tan[j, o + a * inner + b] = tan[j, x + (a * m + i) * inner + b]


def _first_hit_vjp(g, xs, y, params):
    """The adjoint goes to the first element equal to the result (NaN matches NaN)."""
    outer, m, inner = _split(params)
    x = xs[0].reshape(outer, m, inner)
    yb = y.reshape(outer, 1, inner)
    hit = (x == yb) + (x != x) * (yb != yb)
    first = hit * (np.cumsum(hit, axis=1) == 1.0)
    return [strong_mul(_spread(g, outer, m, inner).reshape(outer, m, inner), first).ravel()]


@jit
def max_forward(val, o, n, args, p, iargs, q, f, work):
    _ext_forward(val, o, args, p, iargs, q, 1.0)


@jit
def max_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    _ext_reverse(val, adj, o, args, p, iargs, q, 1.0)


@jit
def max_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    _ext_tangent(val, tan, o, args, p, iargs, q, 1.0)


@jit
def min_forward(val, o, n, args, p, iargs, q, f, work):
    _ext_forward(val, o, args, p, iargs, q, -1.0)


@jit
def min_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    _ext_reverse(val, adj, o, args, p, iargs, q, -1.0)


@jit
def min_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    _ext_tangent(val, tan, o, args, p, iargs, q, -1.0)


block_op("MaxOp", arity=1, params=("outer", "m", "inner"), forward=max_forward, reverse=max_reverse,
         tangent=max_tangent, vjp=_first_hit_vjp, sizes=_sizes_reduce, jacobian=Jacobian.REDUCE,
         hessian=Hessian.LINEAR, chain="MaximumOp")
block_op("MinOp", arity=1, params=("outer", "m", "inner"), forward=min_forward, reverse=min_reverse,
         tangent=min_tangent, vjp=_first_hit_vjp, sizes=_sizes_reduce, jacobian=Jacobian.REDUCE,
         hessian=Hessian.LINEAR, chain="MinimumOp")


# ---- cumsum ------------------------------------------------------------------------------
def _sizes_scan(params):
    outer, m, inner = params
    return [outer * m * inner], outer * m * inner


@jit
def cumsum_forward(val, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            s = 0.0
            for i in range(m):
                k = (a * m + i) * inner + b
                s += val[x + k]
                val[o + k] = s


@jit
def cumsum_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            for j in range(adj.shape[0]):
                s = 0.0
                for i in range(m - 1, -1, -1):
                    k = (a * m + i) * inner + b
                    s += adj[j, o + k]
                    if s != 0.0:
                        adj[j, x + k] += s


@jit
def cumsum_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    for a in range(outer):
        for b in range(inner):
            for j in range(tan.shape[0]):
                s = 0.0
                for i in range(m):
                    k = (a * m + i) * inner + b
                    s += tan[j, x + k]
                    tan[j, o + k] = s


def np_cumsum_forward(val, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    val[o:o + n] = _running(_block(val, int(args[p]), outer, m, inner), 1)[:, 1:, :].ravel()


def np_cumsum_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    g = _block(adj, o, outer, m, inner)[:, :, ::-1, :]
    s = _running(g, 2)[:, :, 1:, :][:, :, ::-1, :]
    _block(adj, int(args[p]), outer, m, inner)[...] += s


def np_cumsum_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    outer, m, inner = (int(v) for v in iargs[q:q + 3])
    t = _running(_block(tan, int(args[p]), outer, m, inner), 2)[:, :, 1:, :]
    tan[:, o:o + n] = t.reshape(tan.shape[0], n)


def cumsum_vjp(g, xs, y, params):
    outer, m, inner = _split(params)
    gr = g.reshape(outer, m, inner)[:, ::-1, :]
    return [np.cumsum(gr, axis=1)[:, ::-1, :].ravel()]


block_op("CumsumOp", arity=1, params=("outer", "m", "inner"), forward=cumsum_forward,
         reverse=cumsum_reverse, tangent=cumsum_tangent, vjp=cumsum_vjp, sizes=_sizes_scan,
         jacobian=Jacobian.CUMSUM, hessian=Hessian.LINEAR,
         numpy=(np_cumsum_forward, np_cumsum_reverse, np_cumsum_tangent))
