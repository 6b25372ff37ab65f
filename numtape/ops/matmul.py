"""Matrix product as one block op (Stan's varmat): C (m, n) = A (m, k) @ B (k, n).

Vectors, dot products and outer products are the same op with m, k or n equal to 1.
Parameters are ``(m, k, n)``.  Reverse: dA += dC B^T, dB += A^T dC, skipped for an operand
marked constant (flag bit 4 / 5: a data matrix X in ``X @ beta`` gets no adjoint).  The
products run in BLAS (``np.dot`` with an output view, no allocation), with one thread while a
sweep runs (numtape/tape/blas.py), except a row vector times a matrix, a loop; the sums go
through the tape's scratch ``work`` array.  Derivative products keep the derivative convention
(a zero factor contributes exactly zero, even against inf or NaN): BLAS would make 0 * inf = NaN, so
when BLAS's result holds a non-finite entry (checked in O(m n), against the O(m k n) product)
the product runs again as a loop that skips zero factors.
"""

import numpy as np

from numtape.kernels.jit import jit
from numtape.ops import Hessian, Jacobian, block_op
from numtape.ops.flags import const_flag
from numtape.ops.formulas import strong_mul, traced

_CONST_A, _CONST_B = const_flag(0), const_flag(1)   # flag bits: operand A / B constant


@jit
def _views(val, args, p, iargs, q):
    a, b, m, kk, nn = args[p], args[p + 1], iargs[q], iargs[q + 1], iargs[q + 2]
    return val[a:a + m * kk].reshape(m, kk), val[b:b + kk * nn].reshape(kk, nn), a, b, m, kk, nn


@jit
def _finite(x):
    for v in x.ravel():
        if not np.isfinite(v):
            return False
    return True


@jit
def _dot(x, y, t):
    """T = x @ y: BLAS, but a row vector times a matrix as a loop over y's rows (contiguous,
    vectorized across t's columns), which beats OpenBLAS at that shape (benchmarks/costs.py,
    ``dot``; the reverse sweep of X @ beta computes this product)."""
    if x.shape[0] == 1 and y.shape[1] > 1:
        t[0, :] = 0.0
        for l in range(y.shape[0]):
            v = x[0, l]
            for j in range(y.shape[1]):
                t[0, j] += v * y[l, j]
        return
    np.dot(x, y, t)


@jit
def _product(x, y, t):
    """T = x @ y: BLAS, or where that gave a non-finite entry the strong-zero loop
    (0 * inf = 0).  Only a term 0 * inf or 0 * NaN tells the two apart, and it leaves a NaN
    in BLAS's result; checking the (m, n) result, not the factors, keeps the reverse of
    X @ beta at one pass over X."""
    _dot(x, y, t)
    if _finite(t):
        return
    t[:, :] = 0.0
    for i in range(x.shape[0]):
        for l in range(x.shape[1]):
            u = x[i, l]
            if u == 0.0:
                continue
            for j in range(y.shape[1]):
                v = y[l, j]
                if v != 0.0:
                    t[i, j] += u * v


@jit
def _add_product(dst, x, y, work):
    """Dst (flat) += x @ y, through ``work``."""
    t = work[:x.shape[0] * y.shape[1]].reshape(x.shape[0], y.shape[1])
    _product(x, y, t)
    flat = t.ravel()
    for i in range(dst.shape[0]):
        dst[i] += flat[i]


@jit
def matmul_forward(val, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    _dot(A, B, val[o:o + m * nn].reshape(m, nn))


@jit
def matmul_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    for s in range(adj.shape[0]):
        G = adj[s, o:o + m * nn].reshape(m, nn)
        if (f & _CONST_A) == 0:
            _add_product(adj[s, a:a + m * kk], G, B.T, work)
        if (f & _CONST_B) == 0:  # dB += A^T G, computed as (G^T A)^T: the faster BLAS call
            t = work[:nn * kk].reshape(nn, kk)
            _product(G.T, A, t)
            dst = adj[s, b:b + kk * nn]
            for l in range(kk):
                for j in range(nn):
                    dst[l * nn + j] += t[j, l]


@jit
def matmul_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    for s in range(tan.shape[0]):
        out = tan[s, o:o + m * nn]
        out[:] = 0.0
        if (f & _CONST_A) == 0:
            _add_product(out, tan[s, a:a + m * kk].reshape(m, kk), B, work)
        if (f & _CONST_B) == 0:
            _add_product(out, A, tan[s, b:b + kk * nn].reshape(kk, nn), work)


def strong_matmul(x, y):
    """X @ y with the derivative convention's zeros (0 * inf = 0), for the recorded rule: a
    ChainMatMulOp on traced values, on numbers a product that skips zero factors."""
    t = traced(x, y)
    if t is not None:
        return t.__nt_block__("ChainMatMulOp", (x, y), (x.shape[0], x.shape[1], y.shape[1]),
                              (x.shape[0], y.shape[1]))
    if np.all(np.isfinite(x)) and np.all(np.isfinite(y)):
        return x @ y
    return np.sum(strong_mul(x[:, :, None], y[None, :, :]), axis=1)


def matmul_vjp(g, xs, y, params):
    m, kk, nn = (int(v) for v in params)
    a, b = xs[0].reshape(m, kk), xs[1].reshape(kk, nn)
    gc = g.reshape(m, nn)
    return [strong_matmul(gc, b.T).ravel(), strong_matmul(a.T, gc).ravel()]


# ---- the no-compile tier: NumPy's BLAS, the same strong-zero rule ----------------------------
def _np_views(val, args, p, iargs, q):
    a, b = int(args[p]), int(args[p + 1])
    m, kk, nn = (int(v) for v in iargs[q:q + 3])
    return val[a:a + m * kk].reshape(m, kk), val[b:b + kk * nn].reshape(kk, nn), a, b, m, kk, nn


def _np_product(x, y):
    """X @ y by BLAS, or where that gave a non-finite entry, with zero factors skipped."""
    with np.errstate(all="ignore"):
        t = x @ y
        if np.isfinite(t).all():
            return t
        return np.sum(np.where((x[:, :, None] == 0.0) | (y[None, :, :] == 0.0), 0.0,
                               x[:, :, None] * y[None, :, :]), axis=1)


def np_matmul_forward(val, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _np_views(val, args, p, iargs, q)
    val[o:o + n] = (A @ B).ravel()


def np_chain_matmul_forward(val, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _np_views(val, args, p, iargs, q)
    val[o:o + n] = _np_product(A, B).ravel()


def np_matmul_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _np_views(val, args, p, iargs, q)
    for s in range(adj.shape[0]):
        G = adj[s, o:o + n].reshape(m, nn)
        if (f & _CONST_A) == 0:
            adj[s, a:a + m * kk] += _np_product(G, B.T).ravel()
        if (f & _CONST_B) == 0:
            adj[s, b:b + kk * nn] += _np_product(G.T, A).T.ravel()


def np_matmul_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _np_views(val, args, p, iargs, q)
    for s in range(tan.shape[0]):
        out = np.zeros(n)
        if (f & _CONST_A) == 0:
            out += _np_product(tan[s, a:a + m * kk].reshape(m, kk), B).ravel()
        if (f & _CONST_B) == 0:
            out += _np_product(A, tan[s, b:b + kk * nn].reshape(kk, nn)).ravel()
        tan[s, o:o + n] = out


def _sizes(params):
    m, kk, nn = params
    return [m * kk, kk * nn], m * nn


def _scratch(params):
    m, kk, nn = params
    return np.maximum(np.maximum(m * kk, kk * nn), m * nn)


block_op("MatMulOp", arity=2, params=("m", "k", "n"), forward=matmul_forward,
         reverse=matmul_reverse, tangent=matmul_tangent, vjp=matmul_vjp, sizes=_sizes,
         scratch=_scratch, jacobian=Jacobian.MATMUL, hessian=Hessian.CROSS, blas=True,
         numpy=(np_matmul_forward, np_matmul_reverse, np_matmul_tangent))


# The product the recorded rules use (adjoint times partials): its value keeps the derivative
# convention, 0 * inf = 0 (as ChainMulOp does for MulOp); its derivatives are MatMulOp's.
@jit
def chain_matmul_forward(val, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    _product(A, B, val[o:o + m * nn].reshape(m, nn))


block_op("ChainMatMulOp", arity=2, params=("m", "k", "n"), forward=chain_matmul_forward,
         reverse=matmul_reverse, tangent=matmul_tangent, vjp=matmul_vjp, sizes=_sizes,
         scratch=_scratch, jacobian=Jacobian.MATMUL, hessian=Hessian.CROSS, blas=True,
         numpy=(np_chain_matmul_forward, np_matmul_reverse, np_matmul_tangent))
