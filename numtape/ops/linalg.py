"""Matrix product as one block op (Stan's varmat): C (m, n) = A (m, k) @ B (k, n).

Vectors, dot products and outer products are the same op with m, k or n equal to 1.
Parameters are ``(m, k, n)``.  Reverse: dA += dC B^T, dB += A^T dC.
"""
import numba

from numtape.ops import block_op


@numba.njit(nogil=True)
def matmul_forward(val, o, n, args, p, iargs, q):
    a, b, m, kk, nn = args[p], args[p + 1], iargs[q], iargs[q + 1], iargs[q + 2]
    for i in range(m):
        for j in range(nn):
            val[o + i * nn + j] = 0.0
        for l in range(kk):
            ail = val[a + i * kk + l]
            for j in range(nn):
                val[o + i * nn + j] += ail * val[b + l * nn + j]


@numba.njit(nogil=True)
def matmul_reverse(val, adj, o, n, args, p, iargs, q):
    a, b, m, kk, nn = args[p], args[p + 1], iargs[q], iargs[q + 1], iargs[q + 2]
    for s in range(adj.shape[0]):
        for i in range(m):
            for j in range(nn):
                g = adj[s, o + i * nn + j]
                if g != 0.0:
                    for l in range(kk):
                        adj[s, a + i * kk + l] += g * val[b + l * nn + j]
                        adj[s, b + l * nn + j] += val[a + i * kk + l] * g


@numba.njit(nogil=True)
def matmul_tangent(val, tan, o, n, args, p, iargs, q):
    a, b, m, kk, nn = args[p], args[p + 1], iargs[q], iargs[q + 1], iargs[q + 2]
    for s in range(tan.shape[0]):
        for i in range(m):
            for j in range(nn):
                t = 0.0
                for l in range(kk):
                    ta = tan[s, a + i * kk + l]
                    tb = tan[s, b + l * nn + j]
                    if ta != 0.0:
                        t += ta * val[b + l * nn + j]
                    if tb != 0.0:
                        t += val[a + i * kk + l] * tb
                tan[s, o + i * nn + j] = t


def matmul_vjp(g, xs, y, params):
    m, kk, nn = (int(v) for v in params)
    a, b = xs[0].reshape(m, kk), xs[1].reshape(kk, nn)
    gc = g.reshape(m, nn)
    return [(gc @ b.T).ravel(), (a.T @ gc).ravel()]


def _sizes(params):
    m, kk, nn = params
    return [m * kk, kk * nn], m * nn


block_op("MatMulOp", 2, 3, matmul_forward, matmul_reverse, matmul_tangent, matmul_vjp, _sizes)
