"""Linear algebra on traced arrays: ``np.linalg`` solve, inv, det, slogdet, cholesky, norm,
eigh, svd, pinv, lstsq, qr, and ``nt.linalg.solve_triangular`` (SciPy's signature; SciPy's own
function converts its arguments with ``np.asarray``, which a traced array refuses).
``np.einsum`` is in numtape/surface/einsum.py, complex traced matrices in
numtape/surface/complex_linalg.py.

Each call records one block op (ops/linalg.py), leading dimensions looping over 2-d calls.
Under ``TapeConfig(atomic="disable")`` Cholesky and triangular solves are recorded element by
element (the scalar algorithm); solve, inv, det and slogdet stay block ops there, since
partial pivoting chooses its pivots from values, which a recorded scalar program cannot.
Every function here also works on plain arrays (the recorded derivative rules call them on
NumPy arrays too).

>>> import numpy as np, numtape as nt
>>> F = nt.MakeTape(lambda x: np.linalg.slogdet(x.reshape(2, 2))[1], np.eye(2).ravel())
>>> F.gradient([2.0, 1.0, 1.0, 3.0])        # inv(A)^T
array([ 0.6, -0.2, -0.2,  0.4])
"""
from __future__ import annotations

import functools

import numpy as np
import scipy.linalg

from numtape.errors import TracingError
from numtape.ops import OP
from numtape.surface.functions import implements
from numtape.trace.adarray import NAMED_FUNCTIONS, ADArray
from numtape.trace.recorder import addr_array, record_block, recorder_of, wrap

__all__ = ["cholesky", "det", "eigh", "eigvalsh", "inv", "lstsq", "norm", "pinv", "qr",
           "slogdet", "solve", "solve_triangular", "svd", "svdvals"]


def named(name):
    """Register a function for ``ADArray.__nt_function__`` (op rules call it by name)."""
    def register(fn):
        NAMED_FUNCTIONS[name] = fn
        return fn
    return register


def _traced(*xs):
    return any(type(x) is ADArray for x in xs)


def _square(name, a):
    if np.ndim(a) < 2 or np.shape(a)[-1] != np.shape(a)[-2]:
        raise np.linalg.LinAlgError(f"{name}: last 2 dimensions of the array must be square, "
                                    f"got shape {np.shape(a)}")


def _empty(fn, *xs, **kw):
    """NumPy's own result for empty matrices or batches (0x0, or a zero-length batch): no entry
    depends on the input, so it is a constant (det of 0x0 is 1, as in NumPy)."""
    return fn(*(np.zeros(np.shape(x)) for x in xs), **kw)


def _batched(fn, a, *rest):
    """Apply the 2-d ``fn`` over the leading dimensions of ``a`` (and of ``rest``)."""
    if np.ndim(a) == 2:
        return fn(a, *rest)
    lead = np.shape(a)[:-2]
    parts = [fn(a[i], *(r[i] for r in rest)) for i in np.ndindex(*lead)]
    if isinstance(parts[0], tuple):
        return tuple(np.stack([p[j] for p in parts]).reshape(lead + np.shape(parts[0][j]))
                     for j in range(len(parts[0])))
    return np.stack(parts).reshape(lead + np.shape(parts[0]))


# ---- solve / inv -------------------------------------------------------------------------
@implements(np.linalg.solve)
def solve(a, b):
    """X with a @ x = b (``np.linalg.solve``; ``b`` a vector or a matrix of columns)."""
    if not _traced(a, b):
        return np.linalg.solve(a, b)
    _square("solve", a)
    if np.size(a) == 0 or np.size(b) == 0:
        return _empty(np.linalg.solve, a, b)
    if np.ndim(b) == 1:
        return solve(a, np.reshape(b, (-1, 1)))[..., 0]
    if np.ndim(a) > 2 or np.ndim(b) > 2:
        lead = np.broadcast_shapes(np.shape(a)[:-2], np.shape(b)[:-2])
        a = np.broadcast_to(a, lead + np.shape(a)[-2:])
        b = np.broadcast_to(b, lead + np.shape(b)[-2:])
        return _batched(solve, a, b)
    n, k = np.shape(b)
    if np.shape(a)[0] != n:
        raise ValueError(f"solve: a has shape {np.shape(a)}, b has shape {np.shape(b)}")
    return record_block(OP.SolveOp, (a, b), OP.SolveOp.Params(m=n, k=k), (n, k))


def _square_matrix_function(numpy_fn, plain=None):
    """Register the traced version of ``numpy_fn`` (inv, det, slogdet, cholesky): plain arrays
    go to NumPy (``plain``, default ``numpy_fn`` itself), traced ones must be (stacks of)
    square matrices, and empty ones give NumPy's own result; the decorated body handles the
    rest."""
    plain = plain or numpy_fn

    def register(body):
        @implements(numpy_fn)
        @functools.wraps(body)
        def traced_fn(a, *args, **kwargs):
            if not _traced(a):
                return plain(a, *args, **kwargs)
            _square(numpy_fn.__name__, a)
            if np.size(a) == 0:
                return plain(np.zeros(np.shape(a)), *args, **kwargs)
            return body(a, *args, **kwargs)
        return traced_fn
    return register


@_square_matrix_function(np.linalg.inv)
def inv(a):
    """The inverse, as the solve A X = I (``np.linalg.inv``)."""
    return _batched(lambda m: solve(m, np.eye(np.shape(m)[0])), a)


# ---- determinants ------------------------------------------------------------------------
@_square_matrix_function(np.linalg.det)
def det(a):
    """Determinant (``np.linalg.det``); its derivative is det(A) A^-T."""
    return _batched(lambda m: record_block(OP.DetOp, (m,), OP.DetOp.Params(m=np.shape(m)[0]),
                                           ()), a)


def _slogdet2(m):
    y = record_block(OP.SlogdetOp, (m,), OP.SlogdetOp.Params(m=np.shape(m)[0]), (2,))
    return y[0], y[1]


@_square_matrix_function(np.linalg.slogdet)
def slogdet(a):
    """(sign, log|det A|) (``np.linalg.slogdet``); the sign has derivative zero."""
    sign, logdet = _batched(_slogdet2, a)
    return (sign, logdet) if _SLOGDET is tuple else _SLOGDET(sign, logdet)


_SLOGDET = type(np.linalg.slogdet(np.eye(1)))  # NumPy's named result (a tuple before 2.0)


# ---- Cholesky and triangular solves --------------------------------------------------------
def _numpy_cholesky(a, upper=False):
    """np.linalg.cholesky with NumPy 2's ``upper`` on every NumPy version."""
    c = np.linalg.cholesky(a)
    return np.swapaxes(c, -1, -2) if upper else c


@_square_matrix_function(np.linalg.cholesky, _numpy_cholesky)
def cholesky(a, upper=False):
    """Lower Cholesky factor L (A = L L^T) from A's lower triangle (``np.linalg.cholesky``);
    ``upper=True`` returns the upper factor from A's upper triangle, as NumPy does."""
    if upper:   # NumPy then reads the upper triangle: the lower one of a^T
        return np.swapaxes(_batched(_cholesky2, np.swapaxes(a, -1, -2)), -1, -2)
    return _batched(_cholesky2, a)


def _cholesky2(a):
    n = np.shape(a)[0]
    rec = recorder_of(a)
    if rec.blocks:
        return record_block(OP.CholeskyOp, (a,), OP.CholeskyOp.Params(m=n), (n, n))
    a = a if type(a) is ADArray else wrap(rec, addr_array(rec, a))
    L = wrap(rec, np.full((n, n), rec.const(0.0), dtype=np.int64))
    for j in range(n):                      # the scalar algorithm, column by column
        s = a[j, j]
        for t in range(j):
            s = s - L[j, t] * L[j, t]
        L[j, j] = np.sqrt(s)
        for i in range(j + 1, n):
            s = a[i, j]
            for t in range(j):
                s = s - L[i, t] * L[j, t]
            L[i, j] = s / L[j, j]
    return L


@named("solve_triangular")
def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False):
    """X with op(T) x = b, T the lower (``lower=True``) or upper triangle of ``a`` (the other
    triangle is never read) and op(T) = T, or T^T for ``trans`` = 1 / "T" (and 2 / "C": the
    same on real numbers); ``unit_diagonal`` takes T's diagonal as ones.  The signature of
    ``scipy.linalg.solve_triangular``; works on plain and traced arrays.

    >>> import numpy as np, numtape as nt
    >>> nt.linalg.solve_triangular(np.array([[2.0, 0.0], [1.0, 1.0]]), [2.0, 3.0], lower=True)
    array([1., 2.])
    """
    trans = {0: 0, 1: 1, 2: 1, "N": 0, "T": 1, "C": 1}.get(trans)   # real: T^H = T^T
    if trans is None:
        raise ValueError("solve_triangular: trans must be 0, 1, 2, 'N', 'T' or 'C'")
    if not _traced(a, b):
        return scipy.linalg.solve_triangular(a, b, trans=trans, lower=lower,
                                             unit_diagonal=unit_diagonal)
    if np.ndim(a) != 2 or np.shape(a)[0] != np.shape(a)[1]:
        raise ValueError(f"solve_triangular: a must be a square matrix, got shape {np.shape(a)}")
    if unit_diagonal:   # the diagonal is taken as ones and never read
        a = (np.tril(a, -1) if lower else np.triu(a, 1)) + np.eye(np.shape(a)[0])
    if np.size(a) == 0 or np.size(b) == 0:
        return _empty(scipy.linalg.solve_triangular, a, b)
    if np.ndim(b) == 1:
        return solve_triangular(a, np.reshape(b, (-1, 1)), trans, lower)[:, 0]
    n, k = np.shape(b)
    if np.shape(a)[0] != n:
        raise ValueError(f"solve_triangular: a has shape {np.shape(a)}, b has shape "
                         f"{np.shape(b)}")
    rec = recorder_of(a, b)
    if rec.blocks:
        params = OP.TriSolveOp.Params(m=n, k=k, lower=int(bool(lower)), trans=trans)
        return record_block(OP.TriSolveOp, (a, b), params, (n, k))
    return _trisolve_scalar(rec, a, b, trans, lower)


def _trisolve_scalar(rec, a, b, trans, lower):
    A = wrap(rec, addr_array(rec, a))
    B = wrap(rec, addr_array(rec, b))
    n, k = B.shape
    X = wrap(rec, np.array(B._a))

    def M(i, j):
        return A[j, i] if trans else A[i, j]
    rows = range(n) if bool(lower) != bool(trans) else range(n - 1, -1, -1)
    done = []
    for i in rows:
        for c in range(k):
            s = X[i, c]
            for j in done:
                s = s - M(i, j) * X[j, c]
            X[i, c] = s / M(i, i)
        done.append(i)
    return X


# ---- norms -------------------------------------------------------------------------------
@implements(np.linalg.norm)
def norm(x, ord=None, axis=None, keepdims=False):
    """``np.linalg.norm`` composed from ops: vector norms (ord None/2, 1, inf, -inf, other
    p > 0) and matrix norms over two axes (ord None/'fro', 1, -1, inf, -inf: column or row
    sums of absolute values, then their max or min).  sqrt(sum of squares) has derivative
    NaN/inf at 0, as the norm has none there.  Matrix ord 2, -2 and 'nuc' go through the
    singular values."""
    nd = np.ndim(x)
    if axis is None and ord is None:   # the 2-norm of the flattened array, any ndim
        r = np.sqrt(np.sum(x * x))
        return np.reshape(r, (1,) * nd) if keepdims else r
    if axis is None:
        if nd > 2:
            raise ValueError("Improper number of dimensions to norm.")
        axis = tuple(range(nd))
    axes = tuple(int(a) % nd for a in (axis if isinstance(axis, tuple) else (axis,)))
    if len(axes) == 2:
        r = _matrix_norm(x, ord, axes)
        return np.expand_dims(r, tuple(sorted(axes))) if keepdims else r
    if len(axes) != 1:
        raise ValueError("Improper number of dimensions to norm.")
    ax = axes[0]
    if ord is None or ord == 2:
        r = np.sqrt(np.sum(x * x, axis=ax, keepdims=keepdims))
    elif ord == 1:
        r = np.sum(np.abs(x), axis=ax, keepdims=keepdims)
    elif ord == np.inf:
        r = np.max(np.abs(x), axis=ax, keepdims=keepdims)
    elif ord == -np.inf:
        r = np.min(np.abs(x), axis=ax, keepdims=keepdims)
    elif isinstance(ord, (int, float)) and not isinstance(ord, bool) and ord > 0:
        r = np.sum(np.abs(x) ** float(ord), axis=ax, keepdims=keepdims) ** (1.0 / ord)
    else:
        raise TracingError(f"np.linalg.norm(..., ord={ord!r}) of a traced vector is not "
                           "supported (use ord None, 1, 2, inf, -inf or p > 0)")
    return r


def _matrix_norm(x, ord, axes):
    """The matrix norm over ``axes`` (row axis, column axis), as NumPy defines it."""
    row, col = axes
    if ord is None or ord == "fro":
        return np.sqrt(np.sum(x * x, axis=axes))
    if ord in (1, -1):      # max/min over columns of the column sums
        sums = np.sum(np.abs(x), axis=row)
        pick = np.max if ord == 1 else np.min
        return pick(sums, axis=col - 1 if col > row else col)
    if ord in (np.inf, -np.inf):   # max/min over rows of the row sums
        sums = np.sum(np.abs(x), axis=col)
        pick = np.max if ord == np.inf else np.min
        return pick(sums, axis=row - 1 if row > col else row)
    if ord in (2, -2, "nuc"):   # through the singular values (an SvdOp per matrix)
        last = np.moveaxis(x, axes, (-2, -1))
        s = svd(last, compute_uv=False)
        return np.max(s, axis=-1) if ord == 2 else (np.min(s, axis=-1) if ord == -2
                                                    else np.sum(s, axis=-1))
    raise ValueError(f"Invalid norm order {ord!r} for matrices.")


# ---- symmetric eigendecomposition ------------------------------------------------------------
_EIGH = type(np.linalg.eigh(np.eye(1)))   # NumPy's named result (a tuple before 2.0)


def _eigh2(a, UPLO):
    n = np.shape(a)[0]
    if UPLO == "U":   # the upper triangle of a is the lower one of a^T
        a = a.T
    y = record_block(OP.EighOp, (a,), OP.EighOp.Params(m=n), (n + n * n,))
    return y[:n], np.reshape(y[n:], (n, n))


@_square_matrix_function(np.linalg.eigh)
def eigh(a, UPLO="L"):
    """Eigenvalues (ascending) and eigenvectors of the symmetric matrix in A's ``UPLO``
    triangle (``np.linalg.eigh``).  Derivatives exist where the eigenvalues are distinct; at a
    repeated eigenvalue those of the eigenvalues stay finite, those of the eigenvectors do not
    (they are not unique there)."""
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO must be 'L' or 'U'")
    w, V = _batched(lambda m: _eigh2(m, UPLO), a)
    return (w, V) if _EIGH is tuple else _EIGH(w, V)


@_square_matrix_function(np.linalg.eigvalsh)
def eigvalsh(a, UPLO="L"):
    """Eigenvalues of the symmetric matrix in A's ``UPLO`` triangle (``np.linalg.eigvalsh``);
    their derivatives are finite at repeated eigenvalues too."""
    return eigh(a, UPLO)[0]


# ---- singular value decomposition --------------------------------------------------------------
_SVD = type(np.linalg.svd(np.eye(1)))   # NumPy's named result (a tuple before 2.0)


def _svd2(a):
    m, n = np.shape(a)
    k = min(m, n)
    y = record_block(OP.SvdOp, (a,), OP.SvdOp.Params(m=m, n=n), (m * k + k + k * n,))
    return (np.reshape(y[:m * k], (m, k)), y[m * k:m * k + k],
            np.reshape(y[m * k + k:], (k, n)))


def _svd_traced(a):
    if np.ndim(a) < 2:
        raise np.linalg.LinAlgError("svd needs an array of at least two dimensions")
    return _batched(_svd2, a)


@implements(np.linalg.svd)
def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Reduced SVD of traced matrices (one SvdOp per matrix).  Singular values always have
    derivatives (finite at repeated values); singular vectors where the values are distinct
    and non-zero.  ``full_matrices=True`` needs square matrices (the completed bases are not
    unique, so have no derivative)."""
    if not _traced(a):
        return np.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv,
                             hermitian=hermitian)
    U, s, Vt = _svd_traced(a)
    if not compute_uv:
        return s
    if full_matrices and np.shape(a)[-1] != np.shape(a)[-2]:
        raise TracingError("np.linalg.svd of a traced non-square matrix: pass "
                           "full_matrices=False (the completed bases have no derivative)")
    return (U, s, Vt) if _SVD is tuple else _SVD(U, s, Vt)


@implements(np.linalg.svdvals)
def svdvals(x):
    """Singular values, descending (``np.linalg.svdvals``)."""
    return svd(x, compute_uv=False)


@implements(np.linalg.pinv)
def pinv(a, rcond=None, hermitian=False, *, rtol=np._NoValue):
    """Pseudo-inverse by the SVD, with NumPy's cutoff rcond * max(s) re-decided at every
    sweep (np.where): singular values below it contribute 0, and so do their derivatives."""
    if not _traced(a):
        kw = {} if rtol is np._NoValue else {"rtol": rtol}
        return np.linalg.pinv(a, rcond=rcond, hermitian=hermitian, **kw)
    if rcond is None:
        rcond = 1e-15 if rtol is np._NoValue else (
            max(np.shape(a)[-2:]) * np.finfo(np.float64).eps if rtol is None else rtol)
    U, s, Vt = _svd_traced(a)
    large = s > rcond * np.max(s, axis=-1, keepdims=True)
    inv_s = np.where(large, 1.0 / np.where(large, s, 1.0), 0.0)
    return np.swapaxes(Vt, -1, -2) @ (inv_s[..., :, None] * np.swapaxes(U, -1, -2))


@implements(np.linalg.lstsq)
def lstsq(a, b, rcond=None):
    """Least squares through the pseudo-inverse (rcond as NumPy's: eps * max(M, N) by
    default).  Returns (x, residuals, rank, s) like NumPy; the rank depends on the values, so
    it is a traced count (derivative zero), and residuals are the column sums of squared
    residuals whenever M > N (NumPy leaves them empty for a rank-deficient a)."""
    if not _traced(a, b):
        return np.linalg.lstsq(a, b, rcond=rcond)
    m, n = np.shape(a)
    if rcond is None:
        rcond = np.finfo(np.float64).eps * max(m, n)
    x = pinv(a, rcond=rcond) @ b
    U, s, Vt = _svd_traced(a)
    rank = np.sum(np.where(s > rcond * np.max(s), 1.0, 0.0))
    resid = np.sum((b - a @ x) ** 2, axis=0) if m > n else np.zeros(0)
    return x, np.reshape(resid, (-1,)), rank, s


# ---- QR ------------------------------------------------------------------------------------------
_QR = type(np.linalg.qr(np.eye(1)))   # NumPy's named result (a tuple before 2.0)


def _qr2(a):
    m, n = np.shape(a)
    y = record_block(OP.QrOp, (a,), OP.QrOp.Params(m=m, n=n), (m * n + n * n,))
    return np.reshape(y[:m * n], (m, n)), np.reshape(y[m * n:], (n, n))


@implements(np.linalg.qr)
def qr(a, mode="reduced"):
    """Reduced QR of tall (m >= n) traced matrices, batched (one QrOp each); derivatives where
    R is invertible.  mode "r" gives R; "complete" and wide matrices need a basis completion,
    which has no derivative, and raise TracingError."""
    if not _traced(a):
        return np.linalg.qr(a, mode=mode)
    if np.ndim(a) < 2:
        raise np.linalg.LinAlgError("qr needs an array of at least two dimensions")
    m, n = np.shape(a)[-2:]
    if mode not in ("reduced", "r") or m < n:
        raise TracingError("np.linalg.qr of traced values: mode 'reduced' or 'r' of a matrix "
                           "with at least as many rows as columns (a completed basis has no "
                           "derivative)")
    Q, R = _batched(_qr2, a)
    if mode == "r":
        return R
    return (Q, R) if _QR is tuple else _QR(Q, R)
