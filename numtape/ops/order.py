"""Order statistics: permutations decided again at every sweep (like ``np.where``'s branch).

=============  ==================  ==============================  ===========================
op             parameters          operands -> output              derivative
=============  ==================  ==============================  ===========================
ArgsortOp      (outer, m, inner)   x -> lane-relative indices      zero (piecewise constant)
TakeOp         (n_v, n)            v (n_v), idx (n) -> v[idx]      v' = ScatterAdd(idx, y')
ScatterAddOp   (n_w, n)            idx (n_w), w (n_w) -> sum at    w' = Take(y', idx)
=============  ==================  ==============================  ===========================

``ArgsortOp`` sorts each lane of an (outer, m, inner) block stably, NaN last (NumPy's order);
indices are float64 integers.  ``TakeOp`` and ``ScatterAddOp`` read flat indices from the arena
at sweep time: ``np.sort`` is a TakeOp of the array at its argsort, so a tape recorded at one
point sorts correctly at every other.  The two are each other's derivative rule, linear in
their values and constant in their indices, so every order of derivative exists.  An index
that is not an integer in range (only a hand-made tape can hold one) gives NaN, never a read
outside the block.
"""
import numpy as np

from numtape.kernels.jit import jit
from numtape.ops import Hessian, Jacobian, block_op
from numtape.ops.formulas import traced

_u = np.uint64


@jit
def _valid(t, n):
    return t == t and t >= 0.0 and t < n and t == np.floor(t)


# ---- ArgsortOp ------------------------------------------------------------------------------
def _sizes_argsort(params):
    outer, m, inner = params
    return [outer * m * inner], outer * m * inner


@jit
def argsort_forward(val, o, n, args, p, iargs, q, f, work):
    x, outer, m, inner, o = _u(args[p]), _u(iargs[q]), _u(iargs[q + 1]), _u(iargs[q + 2]), _u(o)
    lane = np.empty(m)
    for a in range(outer):
        for b in range(inner):
            for i in range(m):
                lane[i] = val[x + (a * m + i) * inner + b]
            perm = np.argsort(lane, kind="mergesort")
            for i in range(m):
                val[o + (a * m + i) * inner + b] = float(perm[i])


@jit
def argsort_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    return


@jit
def argsort_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    o = _u(o)
    for j in range(tan.shape[0]):
        for i in range(n):
            tan[j, o + _u(i)] = 0.0


def argsort_vjp(g, xs, y, params):
    return [None]


block_op("ArgsortOp", arity=1, params=("outer", "m", "inner"), forward=argsort_forward,
         reverse=argsort_reverse, tangent=argsort_tangent, vjp=argsort_vjp, sizes=_sizes_argsort,
         jacobian=Jacobian.NONE, hessian=Hessian.LINEAR, active=())


# ---- TakeOp and ScatterAddOp -----------------------------------------------------------------
def _sizes_take(params):
    n_v, n = params
    return [n_v, n], n


@jit
def take_forward(val, o, n, args, p, iargs, q, f, work):
    v, idx, n_v, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    for i in range(n):
        t = val[idx + _u(i)]
        val[o + _u(i)] = val[v + _u(int(t))] if _valid(t, n_v) else np.nan


@jit
def take_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    v, idx, n_v, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    if f & 16:   # v constant: nothing to accumulate
        return
    for j in range(adj.shape[0]):   # a row at a time; each slot still in reading order
        row = adj[j]
        for i in range(n):
            t = val[idx + _u(i)]
            if _valid(t, n_v):
                row[v + _u(int(t))] += row[o + _u(i)]


@jit
def take_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    v, idx, n_v, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    for j in range(tan.shape[0]):
        row = tan[j]
        for i in range(n):
            t = val[idx + _u(i)]
            row[o + _u(i)] = row[v + _u(int(t))] if _valid(t, n_v) else np.nan


def _np_valid(t, n):
    with np.errstate(invalid="ignore"):
        return (t >= 0.0) & (t < n) & (t == np.floor(t))


def np_take_forward(val, o, n, args, p, iargs, q, f, work):
    v, idx, n_v = int(args[p]), int(args[p + 1]), int(iargs[q])
    t = val[idx:idx + n]
    ok = _np_valid(t, n_v)
    val[o:o + n] = np.where(ok, val[v + np.where(ok, t, 0).astype(np.int64)], np.nan)


def np_take_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    if f & 16:
        return
    v, idx, n_v = int(args[p]), int(args[p + 1]), int(iargs[q])
    t = val[idx:idx + n]
    ok = np.flatnonzero(_np_valid(t, n_v))
    for j in range(adj.shape[0]):
        np.add.at(adj[j], v + t[ok].astype(np.int64), adj[j, o + ok])


def np_take_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    v, idx, n_v = int(args[p]), int(args[p + 1]), int(iargs[q])
    t = val[idx:idx + n]
    ok = _np_valid(t, n_v)
    tan[:, o:o + n] = np.where(ok, tan[:, v + np.where(ok, t, 0).astype(np.int64)], np.nan)


def take_vjp(g, xs, y, params):
    n_v = int(params[0])
    return [scatter_add(xs[1], g, n_v), None]


def _sizes_scatter(params):
    n_w, n = params
    return [n_w, n_w], n


@jit
def scatter_forward(val, o, n, args, p, iargs, q, f, work):
    idx, w, n_w, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    for i in range(n):
        val[o + _u(i)] = 0.0
    for i in range(n_w):
        t = val[idx + _u(i)]
        if not _valid(t, n):
            for k in range(n):
                val[o + _u(k)] = np.nan
            return
        val[o + _u(int(t))] += val[w + _u(i)]


@jit
def scatter_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    idx, w, n_w, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    if f & 32:   # w constant
        return
    for i in range(n_w):
        t = val[idx + _u(i)]
        if _valid(t, n):
            for j in range(adj.shape[0]):
                adj[j, w + _u(i)] += adj[j, o + _u(int(t))]


@jit
def scatter_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    idx, w, n_w, o = _u(args[p]), _u(args[p + 1]), iargs[q], _u(o)
    for j in range(tan.shape[0]):
        for i in range(n):
            tan[j, o + _u(i)] = 0.0
        for i in range(n_w):
            t = val[idx + _u(i)]
            if _valid(t, n):
                tan[j, o + _u(int(t))] += tan[j, w + _u(i)]
            else:
                for k in range(n):
                    tan[j, o + _u(k)] = np.nan
                break


def scatter_vjp(g, xs, y, params):
    return [None, take(g, xs[0])]


block_op("TakeOp", arity=2, params=("n_v", "n"), forward=take_forward, reverse=take_reverse,
         tangent=take_tangent, vjp=take_vjp, sizes=_sizes_take, hessian=Hessian.LINEAR, active=(0,),
         numpy=(np_take_forward, np_take_reverse, np_take_tangent))
block_op("ScatterAddOp", arity=2, params=("n_w", "n"), forward=scatter_forward,
         reverse=scatter_reverse, tangent=scatter_tangent, vjp=scatter_vjp, sizes=_sizes_scatter,
         hessian=Hessian.LINEAR, active=(1,))


# ---- the two on arrays and traced values (rules, and the surface's np.sort) ------------------
def take(v, idx):
    """v[idx] for flat v and float indices idx (NaN where an index is not valid)."""
    t = traced(v, idx)
    if t is None:   # numbers; leading axes of v are seed directions
        v, idx = np.asarray(v, dtype=np.float64), np.ravel(idx)
        n_v = v.shape[-1] if v.ndim else 1
        ok = (idx >= 0) & (idx < n_v) & (idx == np.floor(idx))
        return np.where(ok, v[..., np.where(ok, idx, 0).astype(np.int64)], np.nan)
    return t.__nt_block__("TakeOp", (np.ravel(v), np.ravel(idx)),
                          (int(np.size(v)), int(np.size(idx))), (int(np.size(idx)),))


def scatter_add(idx, w, n):
    """Zeros(n) with w[i] added at idx[i]."""
    t = traced(idx, w)
    if t is None:
        out = np.zeros(np.shape(w)[:-1] + (n,))
        for i, k in enumerate(np.ravel(idx).astype(np.int64)):
            out[..., k] += np.asarray(w)[..., i]
        return out
    return t.__nt_block__("ScatterAddOp", (np.ravel(idx), np.ravel(w)),
                          (int(np.size(w)), int(n)), (int(n),))
