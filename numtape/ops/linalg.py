"""Linear solves and factorizations as block ops (one node per call, Stan's varmat).

======================  ==============  ============================  ======================
op                      parameters      operands -> output            reverse, by identity
======================  ==============  ============================  ======================
SolveOp                 (n, k)          A (n,n), B (n,k) -> X         B' = A^-T X', A' = -B' X^T
TriSolveOp              (n, k, lo, tr)  A (n,n), B (n,k) -> X         same, through triangles
CholeskyOp              (n,)            A (n,n) -> L (lower)          A' = Phi(S + S^T) (below)
DetOp                   (n,)            A (n,n) -> det A              A' = y' adj(A)^T
SlogdetOp               (n,)            A (n,n) -> (sign, log|det|)   A' = y'_1 A^-T
ExpmOp                  (n,)            A (n,n) -> expm(A)            A' = L(A^T, Y') (Frechet)
EighOp                  (n,)            A (n,n) -> (w, V)             A' = V (w' + F o V^T V') V^T
SvdOp                   (m, n)          A (m,n) -> (U, s, Vt)         Townsend 2016 (below)
QrOp                    (m, n), m >= n  A (m,n) -> (Q, R)             (Q' + Q sym(M)) R^-T
======================  ==============  ============================  ======================

``TriSolveOp`` solves op(T) X = B with T the lower (``lo`` = 1) or upper triangle of A (the
other triangle is never read, as in LAPACK and ``scipy.linalg.solve_triangular``) and op(T) =
T or T^T (``tr`` = 1).  ``CholeskyOp`` reads the lower triangle of A, as ``np.linalg.cholesky``
does, so its adjoint lives on that triangle: with Phi(M) = the lower triangle of M with its
diagonal halved, P = Phi(L^T L') and S = L^-T P L^-1, A' = Phi(S + S^T) (the tangent is
L' = L Phi(L^-1 A'_sym L^-T); Murray 2016).  No reverse rule expands into scalar ops: every
rule is a handful of triangular solves and products, and the recorded rules (``*_vjp``) are
written with the same ops, so they can be differentiated again.

These are *host* ops: the tape runs them from Python between segments of the jitted sweeps
(tape.py), with NumPy and SciPy's LAPACK, all seed directions of a sweep in one call.  Their
O(n^3) work dwarfs a call's microseconds, and it keeps LAPACK bindings out of the Numba
compilation every user waits for.  They allocate their factorizations (O(n^2) next to O(n^3)
work).  A singular or non-positive-definite matrix raises ``np.linalg.LinAlgError`` from the
sweep, as NumPy raises when evaluating the function itself; NaN and inf propagate (an SVD of
a matrix holding them is NaN, where NumPy's raises: a branch ``np.where`` does not take must
sweep).
"""
import numpy as np
import scipy.linalg as la

from numtape.ops import Jacobian, block_op
from numtape.ops.flags import const_flag
from numtape.ops.formulas import strong_mul, traced
from numtape.ops.matmul import strong_matmul

_CONST_A, _CONST_B = const_flag(0), const_flag(1)   # flag bits: operand A / B constant


# The recorded rules (``*_vjp``) are written once for both of their uses: on traced values while
# a derivative tape records (g of shape (n,)), and on numbers as the host ops' reverse bodies
# (``reverse_from_rule``: g of shape (k, n), one row per seed direction).  The helpers below
# treat leading dimensions as a stack of seeds and solve them side by side, one factorization
# for all of them.
def _T(M):
    """M transposed in its last two axes."""
    return M.T if M.ndim == 2 else np.swapaxes(M, -1, -2)


def _solve(a, b):
    """a^-1 b for b of shape (..., m, k): one LU for every leading index."""
    if traced(a, b) is not None or b.ndim == 2:
        return np.linalg.solve(a, b)
    if b.shape[0] == 1:
        return np.linalg.solve(a, b[0])[None]
    lu = la.lu_factor(a, check_finite=False)
    return _stacked(lambda M, R: la.lu_solve(M, R, check_finite=False), lu, b)


def _solve_triangular(a, b, trans=0, lower=False):
    """scipy.linalg.solve_triangular on arrays (b of shape (..., m, k), side by side) or traced
    values."""
    t = traced(a, b)
    if t is not None:
        return t.__nt_function__("solve_triangular")(a, b, trans=trans, lower=lower)
    if b.ndim == 2 or b.shape[0] == 1:
        return la.solve_triangular(a, b.reshape(b.shape[-2:]), trans=trans, lower=lower,
                                   check_finite=False).reshape(b.shape)
    return _tri(a, b, lower, trans)


def _mat(v, start, rows, cols):
    return v[start:start + rows * cols].reshape(rows, cols)


def _seeds(d, start, rows, cols):
    """The (k, rows, cols) view of k adjoint/tangent rows of a block."""
    return d[:, start:start + rows * cols].reshape(d.shape[0], rows, cols)


def _stacked(fn, M, S):
    """Fn applied to the (rows, k*cols) side-by-side stack of the k matrices S; back to
    (k, rows', cols)."""
    S = S.reshape(-1, *S.shape[-2:])
    k, rows, cols = S.shape
    out = fn(M, S.transpose(1, 0, 2).reshape(rows, k * cols))
    return out.reshape(out.shape[0], k, cols).transpose(1, 0, 2)


def _tri(A, X, lower, trans):
    """op(T)^-1 X for k stacked right-hand sides, T the lower/upper triangle of A."""
    return _stacked(lambda M, R: la.solve_triangular(M, R, trans=trans, lower=bool(lower),
                                                     check_finite=False), A, X)


# ---- SolveOp: X = A^-1 B -------------------------------------------------------------------
def solve_forward(val, o, n, args, p, iargs, q, f, work):
    m, k = int(iargs[q]), int(iargs[q + 1])
    try:
        _mat(val, o, m, k)[...] = np.linalg.solve(_mat(val, args[p], m, m),
                                                  _mat(val, args[p + 1], m, k))
    except np.linalg.LinAlgError as e:
        raise np.linalg.LinAlgError(
            f"{e}: a tape's solve or inv met a singular {m}x{m} matrix at this point (the "
            "recorded derivative of det and slogdet uses inv(A): det's gradient is defined at "
            "singular A through the adjugate, its Hessian is not)") from e


def solve_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, k, a, b = int(iargs[q]), int(iargs[q + 1]), int(args[p]), int(args[p + 1])
    lu = la.lu_factor(_mat(val, a, m, m), check_finite=False)
    rhs = _seeds(tan, b, m, k) - _seeds(tan, a, m, m) @ _mat(val, o, m, k)
    tan[:, o:o + m * k] = _stacked(lambda M, R: la.lu_solve(M, R, check_finite=False), lu,
                                   rhs).reshape(-1, m * k)


def solve_vjp(g, xs, y, params):
    """B' = A^-T X', A' = -B' X^T."""
    m, k = (int(v) for v in params)
    lead = g.shape[:-1]
    A, X = xs[0].reshape(m, m), y.reshape(m, k)
    gb = _solve(A.T, g.reshape(lead + (m, k)))
    return [-_strong_product(gb, X.T).reshape(lead + (m * m,)), gb.reshape(lead + (m * k,))]


def _strong_product(x, y):
    """X @ y with the derivative convention's zeros: a zero adjoint times an infinite solution
    (the branch np.where did not take) contributes 0, not NaN.  Traced: ChainMatMulOp."""
    if traced(x, y) is not None or (np.ndim(x) == 2 and np.ndim(y) == 2):
        return strong_matmul(x, y)
    with np.errstate(invalid="ignore"):
        t = x @ y
    if np.isfinite(t).all():
        return t
    return np.sum(strong_mul(x[..., :, :, None], y[..., None, :, :]), axis=-2)


def _sizes_solve(params):
    m, k = params[0], params[1]
    return [m * m, m * k], m * k


block_op("SolveOp", arity=2, params=("m", "k"), forward=solve_forward, reverse=None,
         tangent=solve_tangent, vjp=solve_vjp, sizes=_sizes_solve, host=True,
         jacobian=Jacobian.SOLVE)


# ---- TriSolveOp: X = op(T)^-1 B ------------------------------------------------------------
def _triangle(m, lower):
    return np.tri(m, dtype=bool) if lower else np.tri(m, dtype=bool).T


def trisolve_forward(val, o, n, args, p, iargs, q, f, work):
    m, k, lower, trans = (int(v) for v in iargs[q:q + 4])
    _mat(val, o, m, k)[...] = la.solve_triangular(
        _mat(val, args[p], m, m), _mat(val, args[p + 1], m, k), trans=trans, lower=bool(lower),
        check_finite=False)


def trisolve_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, k, lower, trans = (int(v) for v in iargs[q:q + 4])
    a, b = int(args[p]), int(args[p + 1])
    A, X = _mat(val, a, m, m), _mat(val, o, m, k)
    dT = np.where(_triangle(m, lower), _seeds(tan, a, m, m), 0.0)
    dM = dT.transpose(0, 2, 1) if trans else dT
    R = _seeds(tan, b, m, k) - dM @ X
    tan[:, o:o + m * k] = _tri(A, R, lower, trans).reshape(-1, m * k)


def trisolve_vjp(g, xs, y, params):
    """B' = op(T)^-T X', T' = -(B' X^T) (transposed if trans) on T's triangle."""
    m, k, lower, trans = (int(v) for v in params)
    lead = g.shape[:-1]
    A, X = xs[0].reshape(m, m), y.reshape(m, k)
    gb = _solve_triangular(A, g.reshape(lead + (m, k)), trans=1 - trans, lower=bool(lower))
    ga = -_strong_product(X, _T(gb)) if trans else -_strong_product(gb, X.T)
    return [np.where(_triangle(m, lower), ga, 0.0).reshape(lead + (m * m,)),
            gb.reshape(lead + (m * k,))]


block_op("TriSolveOp", arity=2, params=("m", "k", "lower", "trans"), forward=trisolve_forward,
         reverse=None, tangent=trisolve_tangent, vjp=trisolve_vjp, sizes=_sizes_solve,
         bounds=[(1, None), (1, None), (0, 1), (0, 1)], host=True, jacobian=Jacobian.SOLVE)


# ---- CholeskyOp: A = L L^T ------------------------------------------------------------------
def _phi_stack(M):
    """Phi on a stack of matrices: lower triangles, diagonals halved."""
    out = np.tril(M)
    d = np.arange(M.shape[-1])
    out[..., d, d] *= 0.5
    return out


def cholesky_forward(val, o, n, args, p, iargs, q, f, work):
    m = int(iargs[q])
    _mat(val, o, m, m)[...] = np.linalg.cholesky(_mat(val, args[p], m, m))


def cholesky_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    L = _mat(val, o, m, m)
    dA = _seeds(tan, a, m, m)
    D = np.tril(dA) + np.tril(dA, -1).transpose(0, 2, 1)   # the symmetric matrix read
    Y = _tri(L, D, True, 0)                                # L^-1 D
    C = _tri(L, Y.transpose(0, 2, 1), True, 0)             # L^-1 D L^-T (symmetric)
    tan[:, o:o + m * m] = (L @ _phi_stack(C)).reshape(-1, m * m)


def _phi(M, m):
    """The lower triangle of M with its diagonal halved (a constant mask: no op on ADArrays
    but one product)."""
    if traced(M) is None:
        return _phi_stack(M)
    w = np.tri(m) - 0.5 * np.eye(m)
    return np.where(w != 0.0, M * w, 0.0)


def cholesky_vjp(g, xs, y, params):
    """Murray's rule: P = Phi(L^T L'), S = L^-T P L^-1, A' = Phi(S + S^T) (lower triangle read)."""
    m = int(params[0])
    lead = g.shape[:-1]
    L = y.reshape(m, m)
    P = _phi(L.T @ np.where(np.tri(m, dtype=bool), g.reshape(lead + (m, m)), 0.0), m)
    Y = _solve_triangular(L, P, trans=1, lower=True)          # L^-T P
    Z = _solve_triangular(L, _T(Y), trans=1, lower=True)      # (L^-T P L^-1)^T = S^T
    return [_phi(Z + _T(Z), m).reshape(lead + (m * m,))]


def _sizes_square(params):
    m = params[0]
    return [m * m], m * m


block_op("CholeskyOp", arity=1, params=("m",), forward=cholesky_forward, reverse=None,
         tangent=cholesky_tangent, vjp=cholesky_vjp, sizes=_sizes_square, host=True)


# ---- DetOp and SlogdetOp: A^-T carries the derivative ---------------------------------------
def _inverse_t(val, args, p, m):
    return np.linalg.inv(_mat(val, args[p], m, m)).T.ravel()


def det_forward(val, o, n, args, p, iargs, q, f, work):
    m = int(iargs[q])
    val[o] = np.linalg.det(_mat(val, args[p], m, m))


def _cofactor(val, args, p, m):
    """adj(A)^T, the derivative of det A: det(A) A^-T, or where A is singular (there that
    formula is 0 * inf) through the SVD, adj(A) = det(U) det(V) V diag(prod_{j!=i} s_j) U^T."""
    A = _mat(val, args[p], m, m)
    d = np.linalg.det(A)
    if d != 0.0 or not np.all(np.isfinite(A)):
        return (d * np.linalg.inv(A).T).ravel() if np.isfinite(d) else np.full(m * m, np.nan)
    U, sv, Vt = np.linalg.svd(A)
    left = np.concatenate([[1.0], np.cumprod(sv[:-1])])
    right = np.concatenate([np.cumprod(sv[:0:-1])[::-1], [1.0]])
    adj = np.linalg.det(U) * np.linalg.det(Vt) * ((Vt.T * (left * right)) @ U.T)
    return adj.T.ravel()


def det_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    g = adj[:, o]
    if np.any(g != 0.0):
        adj[:, a:a + m * m] += g[:, None] * _cofactor(val, args, p, m)


def det_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    tan[:, o] = tan[:, a:a + m * m] @ _cofactor(val, args, p, m)


def det_vjp(g, xs, y, params):
    """G det(A) A^-T: the sweeps' cofactor form away from singular A (a derivative tape of
    det evaluated at an exactly singular matrix raises LinAlgError from its solve)."""
    m = int(params[0])
    return [((g * y) * np.linalg.inv(xs[0].reshape(m, m)).T).ravel()]


def slogdet_forward(val, o, n, args, p, iargs, q, f, work):
    m = int(iargs[q])
    val[o], val[o + 1] = np.linalg.slogdet(_mat(val, args[p], m, m))


def slogdet_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    tan[:, o] = 0.0   # the sign is piecewise constant
    tan[:, o + 1] = tan[:, a:a + m * m] @ _inverse_t(val, args, p, m)


def slogdet_vjp(g, xs, y, params):
    """log|det A|' = A^-T (the sign is piecewise constant)."""
    m = int(params[0])
    return [g[..., 1:2] * np.linalg.inv(xs[0].reshape(m, m)).T.ravel()]


def _sizes_det(params):
    m = params[0]
    return [m * m], np.ones_like(m)


def _sizes_slogdet(params):
    m = params[0]
    return [m * m], 2 * np.ones_like(m)


block_op("DetOp", arity=1, params=("m",), forward=det_forward, reverse=det_reverse,
         tangent=det_tangent, vjp=det_vjp, sizes=_sizes_det, host=True)
block_op("SlogdetOp", arity=1, params=("m",), forward=slogdet_forward, reverse=None,
         tangent=slogdet_tangent, vjp=slogdet_vjp, sizes=_sizes_slogdet, host=True)


# ---- ExpmOp: the matrix exponential --------------------------------------------------------
# Its derivative is the Frechet derivative L(A, E), read off the block-triangular identity
# expm([[A, E], [0, A]]) = [[expm A, L(A, E)], [0, expm A]]; the adjoint is L(A^T, G).  The
# recorded rule is that identity with ExpmOp itself (on 2n x 2n), so every order exists.
def expm_forward(val, o, n, args, p, iargs, q, f, work):
    m = int(iargs[q])
    _mat(val, o, m, m)[...] = la.expm(_mat(val, args[p], m, m))


def _frechet(A, E):
    return la.expm_frechet(A, E, compute_expm=False, check_finite=False)


def expm_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    A = _mat(val, a, m, m)
    for s in range(tan.shape[0]):
        tan[s, o:o + m * m] = _frechet(A, tan[s, a:a + m * m].reshape(m, m)).ravel()


def expm_vjp(g, xs, y, params):
    """A' = L(A^T, G): the top-right block of expm([[A^T, G], [0, A^T]])."""
    m = int(params[0])
    At = _T(xs[0].reshape(m, m))
    if traced(g, xs[0]) is None:   # numbers: each seed direction (rows of g)
        G = g.reshape(-1, m, m)
        return [np.stack([_frechet(At, Gs).ravel() for Gs in G]).reshape(g.shape)]
    big = np.concatenate([np.concatenate([At, g.reshape(m, m)], axis=1),
                          np.concatenate([np.zeros((m, m)), At], axis=1)], axis=0)
    return [np.ravel(_expm(big)[:m, m:])]


def _expm(M):
    """ExpmOp recorded on traced M (the rule's own call)."""
    return traced(M).__nt_block__("ExpmOp", (M,), (int(np.shape(M)[0]),), np.shape(M))


block_op("ExpmOp", arity=1, params=("m",), forward=expm_forward, reverse=None, tangent=expm_tangent,
         vjp=expm_vjp, sizes=_sizes_square, host=True)


# ---- EighOp: symmetric eigendecomposition -----------------------------------------------------
# A's lower triangle is read (NumPy's UPLO="L"), so the derivative lives there: with
# G = V (diag(w') + F o (V^T V')) V^T and F_ij = 1 / (w_j - w_i) off the diagonal, a lower
# entry gets G_ij + G_ji and a diagonal one G_ii.  F o (V^T V') is taken as 0 where V^T V' is 0,
# so eigenvalue-only uses (eigvalsh) stay finite at repeated eigenvalues; eigenvector
# derivatives there are not defined (inf or NaN), as in every AD system.
def _sizes_eigh(params):
    m = params[0]
    return [m * m], m + m * m


def eigh_forward(val, o, n, args, p, iargs, q, f, work):
    m = int(iargs[q])
    w, V = np.linalg.eigh(_mat(val, args[p], m, m), UPLO="L")
    val[o:o + m] = w
    _mat(val, o + m, m, m)[...] = V


def _eigh_gap(w):
    d = w[None, :] - w[:, None]
    off = ~np.eye(w.shape[0], dtype=bool)
    with np.errstate(divide="ignore"):
        return np.where(off, 1.0 / np.where(off, d, 1.0), 0.0)


def _strong(F, M):
    """F * M, 0 where M is 0 (an infinite F at a repeated eigenvalue meets no adjoint)."""
    with np.errstate(invalid="ignore"):
        return np.where(M == 0.0, 0.0, F * M)


def eigh_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, a = int(iargs[q]), int(args[p])
    w, V = val[o:o + m], _mat(val, o + m, m, m)
    F = _eigh_gap(w)
    for s in range(tan.shape[0]):
        L = np.tril(tan[s, a:a + m * m].reshape(m, m))
        dA = L + np.tril(L, -1).T
        P = V.T @ dA @ V
        tan[s, o:o + m] = np.diag(P)
        tan[s, o + m:o + m + m * m] = (V @ _strong(F, P)).ravel()


def eigh_vjp(g, xs, y, params):
    """A' on the lower triangle from G = V (diag(w') + F o K) V^T, K = skew(V^T V') / 2: the
    symmetrized form of the rule (F o M + (F o M)^T = F o (M - M^T) as F is antisymmetric),
    with the strong zero on K, so a function symmetric in tied eigenvalues (equal adjoints on
    both) keeps finite derivatives of every order at the tie."""
    m = int(params[0])
    w, V = y[:m], y[m:].reshape(m, m)
    lead = g.shape[:-1]
    gw, gV = g[..., :m], g[..., m:].reshape(lead + (m, m))
    if traced(g, y) is None:   # numbers: one seed direction per row of g
        F = _eigh_gap(w)
        out = []
        for s in range(g.reshape(-1, g.shape[-1]).shape[0]):
            gws, gVs = gw.reshape(-1, m)[s], gV.reshape(-1, m, m)[s]
            M = V.T @ gVs
            G = V @ (np.diag(gws) + _strong(F, 0.5 * (M - M.T))) @ V.T
            out.append((2.0 * np.tril(G, -1) + np.diag(np.diag(G))).ravel())
        return [np.stack(out).reshape(lead + (m * m,))]
    off = ~np.eye(m, dtype=bool)
    D = w[None, :] - w[:, None]
    F = np.where(off, 1.0 / np.where(off, D, 1.0), 0.0)
    M = V.T @ gV
    K = 0.5 * (M - M.T)
    inner = np.where(K == 0.0, 0.0, F * K) + np.eye(m) * gw[None, :]
    G = V @ inner @ V.T
    low = np.tril(np.ones((m, m)), -1)
    return [np.ravel(2.0 * low * G + np.eye(m) * G)]


block_op("EighOp", arity=1, params=("m",), forward=eigh_forward, reverse=None, tangent=eigh_tangent,
         vjp=eigh_vjp, sizes=_sizes_eigh, host=True)


# ---- SvdOp: reduced singular value decomposition ---------------------------------------------
# A (m, n) = U diag(s) Vt, k = min(m, n), outputs (U (m,k), s (k), Vt (k,n)).  Reverse (Townsend
# 2016), with F_ij = 1 / (s_j^2 - s_i^2) off the diagonal:
#   A' = U [ (F o (U^T U' - U'^T U)) S + diag(s') + S (F o (V^T V' - V'^T V)) ] V^T
#        + (I - U U^T) U' S^-1 V^T + U S^-1 V'^T (I - V V^T).
# F o 0 is taken as 0, so singular-value-only uses stay finite at repeated values; the vector
# derivatives there are not defined.
def _sizes_svd(params):
    m, n = params
    k = np.minimum(m, n)
    return [m * n], m * k + k + k * n


def _svd_parts(y, m, n):
    k = min(m, n)
    U = y[..., :m * k].reshape(y.shape[:-1] + (m, k))
    s = y[..., m * k:m * k + k]
    Vt = y[..., m * k + k:].reshape(y.shape[:-1] + (k, n))
    return U, s, Vt


def svd_forward(val, o, n, args, p, iargs, q, f, work):
    m, nn = int(iargs[q]), int(iargs[q + 1])
    k = min(m, nn)
    A = _mat(val, args[p], m, nn)
    if not np.isfinite(A).all():     # LAPACK would not converge: NaN factors, as a branch
        val[o:o + n] = np.nan        # np.where does not take is swept without raising
        return
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    val[o:o + m * k] = U.ravel()
    val[o + m * k:o + m * k + k] = s
    val[o + m * k + k:o + n] = Vt.ravel()


def _svd_gap(s):
    k = s.shape[0]
    d = (s * s)[None, :] - (s * s)[:, None]
    off = ~np.eye(k, dtype=bool)
    with np.errstate(divide="ignore"):
        return np.where(off, 1.0 / np.where(off, d, 1.0), 0.0)


def svd_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, nn, a = int(iargs[q]), int(iargs[q + 1]), int(args[p])
    k = min(m, nn)
    U, s, Vt = _svd_parts(val[o:o + n], m, nn)
    V = Vt.T
    F = _svd_gap(s)
    S = np.diag(s)
    with np.errstate(divide="ignore"):
        Sinv = np.diag(1.0 / s)
    for t in range(tan.shape[0]):
        dA = tan[t, a:a + m * nn].reshape(m, nn)
        P = U.T @ dA @ V
        ds = np.diag(P).copy()
        dU = U @ _strong(F, P @ S + S @ P.T) + (np.eye(m) - U @ U.T) @ dA @ V @ Sinv
        dV = V @ _strong(F, S @ P + P.T @ S) + (np.eye(nn) - V @ V.T) @ dA.T @ U @ Sinv
        tan[t, o:o + m * k] = dU.ravel()
        tan[t, o + m * k:o + m * k + k] = ds
        tan[t, o + m * k + k:o + n] = dV.T.ravel()


def svd_vjp(g, xs, y, params):
    m, nn = (int(v) for v in params)
    k = min(m, nn)
    U, s, Vt = _svd_parts(y, m, nn)
    if traced(g, y) is None:   # numbers: one seed direction per row of g
        rows = g.reshape(-1, g.shape[-1])
        out = [_svd_adjoint(U, s, Vt, *_svd_parts(r, m, nn), m, nn, k, False) for r in rows]
        return [np.stack(out).reshape(g.shape[:-1] + (m * nn,))]
    gU, gs, gVt = _svd_parts(g, m, nn)
    return [np.ravel(_svd_adjoint(U, s, Vt, gU, gs, gVt, m, nn, k, True))]


def _svd_adjoint(U, s, Vt, gU, gs, gVt, m, nn, k, recording):
    V, gV = Vt.T, gVt.T
    eye = np.eye(k)
    off = 1.0 - eye
    if recording:
        D = (s * s)[None, :] - (s * s)[:, None]
        F = off / (D + eye)
        strong = lambda A, B: np.where(B == 0.0, 0.0, A * B)   # noqa: E731
        Sinv = eye / (s[None, :] + (1.0 - eye))
    else:
        F = _svd_gap(s)
        strong = _strong
        with np.errstate(divide="ignore"):
            Sinv = np.diag(1.0 / s)
    S = eye * s[None, :]
    J = strong(F, U.T @ gU - gU.T @ U)
    K = strong(F, V.T @ gV - gV.T @ V)
    inner = J @ S + eye * gs[None, :] + S @ K
    out = U @ inner @ Vt
    out = out + (np.eye(m) - U @ U.T) @ gU @ Sinv @ Vt
    out = out + U @ Sinv @ gV.T @ (np.eye(nn) - V @ Vt)
    return out.ravel() if not recording else out


block_op("SvdOp", arity=1, params=("m", "n"), forward=svd_forward, reverse=None,
         tangent=svd_tangent, vjp=svd_vjp, sizes=_sizes_svd, host=True)


# ---- QrOp: reduced QR of a tall matrix ---------------------------------------------------------
# A (m, n), m >= n, = Q (m, n) R (n, n).  With C = Q^T dA R^-1 and W = tril(C, -1) - its
# transpose: dR = (C - W) R, dQ = dA R^-1 - Q (C - W).  Reverse: M = R R'^T - Q'^T Q,
# A' = (Q' + Q sym(M)) R^-T with sym(M) the symmetric matrix of M's lower triangle.
def _sizes_qr(params):
    m, n = params
    return [m * n], m * n + n * n


def qr_forward(val, o, n, args, p, iargs, q, f, work):
    m, k = int(iargs[q]), int(iargs[q + 1])
    Q, R = np.linalg.qr(_mat(val, args[p], m, k), mode="reduced")
    val[o:o + m * k] = Q.ravel()
    val[o + m * k:o + n] = R.ravel()


def qr_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    m, k, a = int(iargs[q]), int(iargs[q + 1]), int(args[p])
    Q, R = _mat(val, o, m, k), _mat(val, o + m * k, k, k)
    for t in range(tan.shape[0]):
        dA = tan[t, a:a + m * k].reshape(m, k)
        dAR = la.solve_triangular(R, dA.T, trans=1, lower=False, check_finite=False).T
        C = Q.T @ dAR
        L = np.tril(C, -1)
        U = C - (L - L.T)
        tan[t, o:o + m * k] = (dAR - Q @ U).ravel()
        tan[t, o + m * k:o + n] = (U @ R).ravel()


def qr_vjp(g, xs, y, params):
    m, k = (int(v) for v in params)
    Q, R = y[:m * k].reshape(m, k), y[m * k:].reshape(k, k)
    lead = g.shape[:-1]
    gQ = g[..., :m * k].reshape(lead + (m, k))
    gR = g[..., m * k:].reshape(lead + (k, k))
    M = R @ _T(gR) - _T(gQ) @ Q
    low = np.tril(np.ones((k, k)), -1)
    sym = low * M + _T(low * M) + np.eye(k) * M
    B = gQ + Q @ sym
    # B R^-T: solve R X^T = B^T for each seed
    X = _solve_triangular(R, _T(B), lower=False)
    return [np.reshape(_T(X), lead + (m * k,))]


block_op("QrOp", arity=1, params=("m", "n"), forward=qr_forward, reverse=None, tangent=qr_tangent,
         vjp=qr_vjp, sizes=_sizes_qr, host=True)
