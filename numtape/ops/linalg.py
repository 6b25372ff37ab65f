"""Matrix product as one block op (Stan's varmat): C (m, n) = A (m, k) @ B (k, n).

Vectors, dot products and outer products are the same op with m, k or n equal to 1.
Parameters are ``(m, k, n)``.  Reverse: dA += dC B^T, dB += A^T dC, skipped for an operand
marked constant (flag bit 4 / 5: a data matrix X in ``X @ beta`` gets no adjoint).  The
products run in BLAS (``np.dot`` with an output view, no allocation); the sums go through the
tape's scratch ``work`` array.  Being BLAS, a block product follows IEEE arithmetic: a zero
adjoint times an infinite entry is NaN here (the elementwise ops' strong zero does not apply).
"""
import numba
import numpy as np

from numtape.ops import block_op
from numtape.ops.flags import const_flag

_CONST_A, _CONST_B = const_flag(0), const_flag(1)   # flag bits: operand A / B constant


@numba.njit(nogil=True)
def _views(val, args, p, iargs, q):
    a, b, m, kk, nn = args[p], args[p + 1], iargs[q], iargs[q + 1], iargs[q + 2]
    return val[a:a + m * kk].reshape(m, kk), val[b:b + kk * nn].reshape(kk, nn), a, b, m, kk, nn


@numba.njit(nogil=True)
def _add_product(dst, x, y, work):
    """dst (flat) += x @ y, through ``work``."""
    t = work[:x.shape[0] * y.shape[1]].reshape(x.shape[0], y.shape[1])
    np.dot(x, y, t)
    flat = t.ravel()
    for i in range(dst.shape[0]):
        dst[i] += flat[i]


@numba.njit(nogil=True)
def matmul_forward(val, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    np.dot(A, B, val[o:o + m * nn].reshape(m, nn))


@numba.njit(nogil=True)
def matmul_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    for s in range(adj.shape[0]):
        G = adj[s, o:o + m * nn].reshape(m, nn)
        if (f & _CONST_A) == 0:
            _add_product(adj[s, a:a + m * kk], G, B.T, work)
        if (f & _CONST_B) == 0:  # dB += A^T G, computed as (G^T A)^T: the faster BLAS call
            t = work[:nn * kk].reshape(nn, kk)
            np.dot(G.T, A, t)
            dst = adj[s, b:b + kk * nn]
            for l in range(kk):
                for j in range(nn):
                    dst[l * nn + j] += t[j, l]


@numba.njit(nogil=True)
def matmul_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    A, B, a, b, m, kk, nn = _views(val, args, p, iargs, q)
    for s in range(tan.shape[0]):
        out = tan[s, o:o + m * nn]
        out[:] = 0.0
        if (f & _CONST_A) == 0:
            _add_product(out, tan[s, a:a + m * kk].reshape(m, kk), B, work)
        if (f & _CONST_B) == 0:
            _add_product(out, A, tan[s, b:b + kk * nn].reshape(kk, nn), work)


def matmul_vjp(g, xs, y, params):
    m, kk, nn = (int(v) for v in params)
    a, b = xs[0].reshape(m, kk), xs[1].reshape(kk, nn)
    gc = g.reshape(m, nn)
    return [(gc @ b.T).ravel(), (a.T @ gc).ravel()]


def _sizes(params):
    m, kk, nn = params
    return [m * kk, kk * nn], m * nn


def _scratch(params):
    m, kk, nn = params
    return np.maximum(np.maximum(m * kk, kk * nn), m * nn)


block_op("MatMulOp", 2, 3, matmul_forward, matmul_reverse, matmul_tangent, matmul_vjp, _sizes,
         scratch=_scratch, jacobian="matmul", hessian="cross")
