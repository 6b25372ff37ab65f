"""Linear solves and factorizations as block ops (one node per call, Stan's varmat).

======================  ==============  ============================  ======================
op                      parameters      operands -> output            reverse, by identity
======================  ==============  ============================  ======================
SolveOp                 (n, k)          A (n,n), B (n,k) -> X         B' = A^-T X', A' = -B' X^T
TriSolveOp              (n, k, lo, tr)  A (n,n), B (n,k) -> X         same, through triangles
CholeskyOp              (n,)            A (n,n) -> L (lower)          A' = Phi(S + S^T) (below)
DetOp                   (n,)            A (n,n) -> det A              A' = y' det A  A^-T
SlogdetOp               (n,)            A (n,n) -> (sign, log|det|)   A' = y'_1 A^-T
======================  ==============  ============================  ======================

``TriSolveOp`` solves op(T) X = B with T the lower (``lo`` = 1) or upper triangle of A (the
other triangle is never read, as in LAPACK and ``scipy.linalg.solve_triangular``) and op(T) =
T or T^T (``tr`` = 1).  ``CholeskyOp`` reads the lower triangle of A, as ``np.linalg.cholesky``
does, so its adjoint lives on that triangle: with Phi(M) = the lower triangle of M with its
diagonal halved, P = Phi(L^T L') and S = L^-T P L^-1, A' = Phi(S + S^T) (the tangent is
L' = L Phi(L^-1 A'_sym L^-T); Murray 2016).  No reverse rule expands into scalar ops: every
rule is a handful of triangular solves and products, and the recorded rules (``*_vjp``) are
written with the same ops, so they can be differentiated again.

Triangular solves are hand-written substitutions (no allocation); solve, Cholesky and
determinants call Numba's LAPACK bindings, which allocate their O(n^2) factorization next to
O(n^3) work.  A singular or non-positive-definite matrix raises ``np.linalg.LinAlgError`` from
the sweep, as NumPy raises when evaluating the function itself.
"""
import numba
import numpy as np

from numtape.ops import block_op

_CONST_A, _CONST_B = 16, 32


def _linalg():
    from numtape import linalg  # the recording layer (imported when a rule is recorded)
    return linalg


@numba.njit(nogil=True)
def _tri_solve(A, lower, trans, X):
    """Solve op(T) X = X in place (T: the lower/upper triangle of A; op: transpose if trans)."""
    n, k = X.shape
    if lower != trans:  # op(T) is lower triangular: forward substitution
        for i in range(n):
            for j in range(i):
                m = A[j, i] if trans else A[i, j]
                for c in range(k):
                    X[i, c] -= m * X[j, c]
            d = A[i, i]
            for c in range(k):
                X[i, c] /= d
    else:
        for i in range(n - 1, -1, -1):
            for j in range(i + 1, n):
                m = A[j, i] if trans else A[i, j]
                for c in range(k):
                    X[i, c] -= m * X[j, c]
            d = A[i, i]
            for c in range(k):
                X[i, c] /= d


@numba.njit(nogil=True)
def _mat(v, start, rows, cols):
    return v[start:start + rows * cols].reshape(rows, cols)


# ---- SolveOp: X = A^-1 B -------------------------------------------------------------------
@numba.njit(nogil=True)
def solve_forward(val, o, n, args, p, iargs, q, f, work):
    m, k = iargs[q], iargs[q + 1]
    _mat(val, o, m, k)[:, :] = np.linalg.solve(_mat(val, args[p], m, m),
                                               _mat(val, args[p + 1], m, k))


@numba.njit(nogil=True)
def solve_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    m, k, a, b = iargs[q], iargs[q + 1], args[p], args[p + 1]
    A, X = _mat(val, a, m, m), _mat(val, o, m, k)
    for s in range(adj.shape[0]):
        Bbar = np.linalg.solve(A.T, _mat(adj[s], o, m, k))
        if (f & _CONST_B) == 0:
            _mat(adj[s], b, m, k)[:, :] += Bbar
        if (f & _CONST_A) == 0:
            _mat(adj[s], a, m, m)[:, :] -= np.dot(Bbar, X.T)


@numba.njit(nogil=True)
def solve_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, k, a, b = iargs[q], iargs[q + 1], args[p], args[p + 1]
    A, X = _mat(val, a, m, m), _mat(val, o, m, k)
    for s in range(tan.shape[0]):
        rhs = _mat(tan[s], b, m, k) - np.dot(_mat(tan[s], a, m, m), X)
        _mat(tan[s], o, m, k)[:, :] = np.linalg.solve(A, rhs)


def solve_vjp(g, xs, y, params):
    m, k = (int(v) for v in params)
    A, X = xs[0].reshape(m, m), y.reshape(m, k)
    gb = np.linalg.solve(A.T, g.reshape(m, k))
    return [-(gb @ X.T).ravel(), gb.ravel()]


def _sizes_solve(params):
    m, k = params[0], params[1]
    return [m * m, m * k], m * k


block_op("SolveOp", 2, 2, solve_forward, solve_reverse, solve_tangent, solve_vjp, _sizes_solve)


# ---- TriSolveOp: X = op(T)^-1 B ------------------------------------------------------------
@numba.njit(nogil=True)
def trisolve_forward(val, o, n, args, p, iargs, q, f, work):
    m, k, lower, trans = iargs[q], iargs[q + 1], iargs[q + 2], iargs[q + 3]
    X = _mat(val, o, m, k)
    X[:, :] = _mat(val, args[p + 1], m, k)
    _tri_solve(_mat(val, args[p], m, m), lower, trans, X)


@numba.njit(nogil=True)
def trisolve_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    m, k, lower, trans = iargs[q], iargs[q + 1], iargs[q + 2], iargs[q + 3]
    a, b = args[p], args[p + 1]
    A, X = _mat(val, a, m, m), _mat(val, o, m, k)
    Bbar = _mat(work, 0, m, k)
    for s in range(adj.shape[0]):
        Bbar[:, :] = _mat(adj[s], o, m, k)
        _tri_solve(A, lower, 1 - trans, Bbar)
        if (f & _CONST_B) == 0:
            _mat(adj[s], b, m, k)[:, :] += Bbar
        if (f & _CONST_A) == 0:  # A'[i, j] = -(B' X^T)[i, j] (transposed if trans), triangle
            Abar = _mat(adj[s], a, m, m)
            for i in range(m):
                lo, hi = (0, i + 1) if lower else (i, m)
                for j in range(lo, hi):
                    r, t = (j, i) if trans else (i, j)
                    acc = 0.0
                    for c in range(k):
                        acc += Bbar[r, c] * X[t, c]
                    Abar[i, j] -= acc


@numba.njit(nogil=True)
def trisolve_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, k, lower, trans = iargs[q], iargs[q + 1], iargs[q + 2], iargs[q + 3]
    a, b = args[p], args[p + 1]
    A, X = _mat(val, a, m, m), _mat(val, o, m, k)
    for s in range(tan.shape[0]):
        R, dA = _mat(tan[s], o, m, k), _mat(tan[s], a, m, m)
        R[:, :] = _mat(tan[s], b, m, k)
        for i in range(m):           # R -= op(tri(dA)) X, over A's stored triangle
            lo, hi = (0, i + 1) if lower else (i, m)
            for j in range(lo, hi):
                d = dA[i, j]
                r, t = (j, i) if trans else (i, j)
                for c in range(k):
                    R[r, c] -= d * X[t, c]
        _tri_solve(A, lower, trans, R)


def trisolve_vjp(g, xs, y, params):
    m, k, lower, trans = (int(v) for v in params)
    A, X = xs[0].reshape(m, m), y.reshape(m, k)
    gb = _linalg().solve_triangular(A, g.reshape(m, k), trans=1 - trans, lower=bool(lower))
    ga = -(X @ gb.T) if trans else -(gb @ X.T)
    tri = np.tri(m, dtype=bool) if lower else np.tri(m, dtype=bool).T
    return [np.where(tri, ga, 0.0).ravel(), gb.ravel()]


def _scratch_nk(params):
    return params[0] * params[1]


block_op("TriSolveOp", 2, 4, trisolve_forward, trisolve_reverse, trisolve_tangent, trisolve_vjp,
         _sizes_solve, scratch=_scratch_nk,
         bounds=[(1, None), (1, None), (0, 1), (0, 1)])


# ---- CholeskyOp: A = L L^T ------------------------------------------------------------------
@numba.njit(nogil=True)
def cholesky_forward(val, o, n, args, p, iargs, q, f, work):
    m = iargs[q]
    _mat(val, o, m, m)[:, :] = np.linalg.cholesky(_mat(val, args[p], m, m))


@numba.njit(nogil=True)
def cholesky_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    m, a = iargs[q], args[p]
    L = _mat(val, o, m, m)
    P, Z = _mat(work, 0, m, m), _mat(work, m * m, m, m)
    for s in range(adj.shape[0]):
        Lbar = _mat(adj[s], o, m, m)
        for i in range(m):           # P = Phi(L^T tril(L')); zero above the diagonal
            for j in range(m):
                acc = 0.0
                if j <= i:
                    for r in range(i, m):
                        acc += L[r, i] * Lbar[r, j]
                P[i, j] = 0.5 * acc if i == j else acc
        _tri_solve(L, 1, 1, P)       # P <- L^-T P
        for i in range(m):
            for j in range(m):
                Z[i, j] = P[j, i]
        _tri_solve(L, 1, 1, Z)       # Z = (L^-T P L^-1)^T = S^T
        Abar = _mat(adj[s], a, m, m)
        for i in range(m):
            for j in range(i):
                Abar[i, j] += Z[i, j] + Z[j, i]
            Abar[i, i] += Z[i, i]


@numba.njit(nogil=True)
def cholesky_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = iargs[q], args[p]
    L = _mat(val, o, m, m)
    Y, Z = _mat(work, 0, m, m), _mat(work, m * m, m, m)
    for s in range(tan.shape[0]):
        dA = _mat(tan[s], a, m, m)
        for i in range(m):           # the symmetric matrix the lower triangle stands for
            for j in range(m):
                Y[i, j] = dA[i, j] if j <= i else dA[j, i]
        _tri_solve(L, 1, 0, Y)       # Y = L^-1 dA
        for i in range(m):
            for j in range(m):
                Z[i, j] = Y[j, i]
        _tri_solve(L, 1, 0, Z)       # Z = L^-1 dA L^-T (symmetric)
        dL = _mat(tan[s], o, m, m)
        for i in range(m):           # dL = L Phi(Z)
            for j in range(m):
                acc = 0.0
                if j <= i:
                    acc = 0.5 * L[i, j] * Z[j, j]
                    for r in range(j + 1, i + 1):
                        acc += L[i, r] * Z[r, j]
                dL[i, j] = acc


def _phi(M, m):
    """The lower triangle of M with its diagonal halved (a constant mask: no op on ADArrays
    but one product)."""
    w = np.tri(m) - 0.5 * np.eye(m)
    return np.where(w != 0.0, M * w, 0.0)


def cholesky_vjp(g, xs, y, params):
    m = int(params[0])
    la = _linalg()
    L = y.reshape(m, m)
    P = _phi(L.T @ np.where(np.tri(m, dtype=bool), g.reshape(m, m), 0.0), m)
    Y = la.solve_triangular(L, P, trans=1, lower=True)
    Z = la.solve_triangular(L, Y.T, trans=1, lower=True)
    return [_phi(Z + Z.T, m).ravel()]


def _sizes_square(params):
    m = params[0]
    return [m * m], m * m


def _scratch_2nn(params):
    return 2 * params[0] * params[0]


block_op("CholeskyOp", 1, 1, cholesky_forward, cholesky_reverse, cholesky_tangent, cholesky_vjp,
         _sizes_square, scratch=_scratch_2nn)


# ---- DetOp and SlogdetOp: A^-T carries the derivative ---------------------------------------
@numba.njit(nogil=True)
def det_forward(val, o, n, args, p, iargs, q, f, work):
    m = iargs[q]
    val[o] = np.linalg.det(_mat(val, args[p], m, m))


@numba.njit(nogil=True)
def _add_scaled_inverse_t(val, adj, o, args, p, m, slot, scale_by_value):
    """adj[s, A] += g_s * c * A^-T with g_s = adj[s, o + slot], c = val[o] or 1."""
    A = _mat(val, args[p], m, m)
    inv_t = np.linalg.inv(A).T
    c = val[o] if scale_by_value else 1.0
    for s in range(adj.shape[0]):
        g = adj[s, o + slot] * c
        if g != 0.0:
            _mat(adj[s], args[p], m, m)[:, :] += g * inv_t


@numba.njit(nogil=True)
def _trace_inv_times(val, tan, o, args, p, m, slot, scale_by_value):
    """tan[s, o + slot] = c * trace(A^-1 dA_s)."""
    A = _mat(val, args[p], m, m)
    inv_t = np.linalg.inv(A).T
    c = val[o] if scale_by_value else 1.0
    for s in range(tan.shape[0]):
        tan[s, o + slot] = c * np.sum(inv_t * _mat(tan[s], args[p], m, m))


@numba.njit(nogil=True)
def det_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    _add_scaled_inverse_t(val, adj, o, args, p, iargs[q], 0, True)


@numba.njit(nogil=True)
def det_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    _trace_inv_times(val, tan, o, args, p, iargs[q], 0, True)


def det_vjp(g, xs, y, params):
    m = int(params[0])
    return [((g * y) * np.linalg.inv(xs[0].reshape(m, m)).T).ravel()]


@numba.njit(nogil=True)
def slogdet_forward(val, o, n, args, p, iargs, q, f, work):
    m = iargs[q]
    sign, logdet = np.linalg.slogdet(_mat(val, args[p], m, m))
    val[o] = sign
    val[o + 1] = logdet


@numba.njit(nogil=True)
def slogdet_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    _add_scaled_inverse_t(val, adj, o, args, p, iargs[q], 1, False)


@numba.njit(nogil=True)
def slogdet_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    for s in range(tan.shape[0]):
        tan[s, o] = 0.0   # the sign is piecewise constant
    _trace_inv_times(val, tan, o, args, p, iargs[q], 1, False)


def slogdet_vjp(g, xs, y, params):
    m = int(params[0])
    return [(g[1:2] * np.linalg.inv(xs[0].reshape(m, m)).T).ravel()]


def _sizes_det(params):
    m = params[0]
    return [m * m], np.ones_like(m)


def _sizes_slogdet(params):
    m = params[0]
    return [m * m], 2 * np.ones_like(m)


block_op("DetOp", 1, 1, det_forward, det_reverse, det_tangent, det_vjp, _sizes_det)
block_op("SlogdetOp", 1, 1, slogdet_forward, slogdet_reverse, slogdet_tangent, slogdet_vjp,
         _sizes_slogdet)
