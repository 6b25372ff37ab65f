"""``scipy.linalg`` drop-ins on traced values: cho_factor, cho_solve, solve_triangular,
solve, block_diag, expm (with its Frechet derivative, exactly, through the block-triangular
identity expm([[A, E], [0, A]]) = [[expm A, L(A, E)], [0, expm A]])."""
import numpy as np
import scipy.linalg as _la

from numtape.ops import OP
from numtape.surface import linalg as _nl
from numtape.tape.tape import is_traced
from numtape.trace.recorder import addr_array, recorder_of, record_block, wrap


def _any(*xs):
    return any(is_traced(x) for x in xs if x is not None)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """(c, lower): the Cholesky factor in the chosen triangle.  On traced values the other
    triangle holds zeros (SciPy leaves whatever was there; cho_solve never reads it)."""
    if not _any(a):
        return _la.cho_factor(a, lower=lower, overwrite_a=overwrite_a,
                              check_finite=check_finite)
    # SciPy reads the chosen triangle: the upper one of a is the lower one of a^T
    L = np.linalg.cholesky(a if lower else np.swapaxes(a, -1, -2))
    return (L if lower else np.swapaxes(L, -1, -2)), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """A^-1 b from ``cho_factor``'s (c, lower)."""
    c, lower = c_and_lower
    if not _any(c, b):
        return _la.cho_solve((c, lower), b, overwrite_b=overwrite_b, check_finite=check_finite)
    y = _nl.solve_triangular(c, b, trans=0 if lower else 1, lower=lower)
    return _nl.solve_triangular(c, y, trans=1 if lower else 0, lower=lower)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     check_finite=True):
    """op(T) x = b with T a triangle of ``a`` (SciPy's signature)."""
    if not _any(a, b):
        return _la.solve_triangular(a, b, trans=trans, lower=lower,
                                    unit_diagonal=unit_diagonal, check_finite=check_finite)
    return _nl.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)


_STRUCTURES = {"gen": "general", "general": "general", "banded": "general",
               "sym": "symmetric", "symmetric": "symmetric", "her": "symmetric",
               "hermitian": "symmetric", "pos": "pos", "positive definite": "pos",
               "diagonal": "diagonal", "tridiagonal": "tridiagonal",
               "lower triangular": "lower", "upper triangular": "upper"}


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True,
          assume_a="gen", transposed=False):
    """A x = b, reading of A what ``assume_a`` says SciPy reads: "pos" through the Cholesky
    factor of its ``lower`` (or upper) triangle; "sym"/"her" one triangle; "lower triangular"
    / "upper triangular" a triangle (a triangular solve); "diagonal" the diagonal;
    "tridiagonal" the three central diagonals; "gen" and "banded" (whose band SciPy finds
    from A's zeros) all of it."""
    if not _any(a, b):
        return _la.solve(a, b, lower=lower, check_finite=check_finite, assume_a=assume_a,
                         transposed=transposed)
    structure = _STRUCTURES.get(assume_a)
    if structure is None:
        raise ValueError(f"solve: {assume_a!r} is not a recognized matrix structure; valid: "
                         f"{', '.join(map(repr, _STRUCTURES))}")
    if structure in ("lower", "upper"):
        return _nl.solve_triangular(a, b, trans=int(bool(transposed)),
                                    lower=structure == "lower")
    if structure == "diagonal":
        d = np.diagonal(a)
        return b / (d if np.ndim(b) == 1 else d[:, None])
    if structure == "tridiagonal":
        n = np.shape(a)[-1]
        band = np.abs(np.subtract.outer(np.arange(n), np.arange(n))) <= 1
        a = np.where(band, a, 0.0)
    if structure == "pos":   # symmetric: transposed changes nothing
        L = np.linalg.cholesky(a if lower else np.swapaxes(a, -1, -2))
        return cho_solve((L, True), b)
    if structure == "symmetric":
        tri = np.tril(a) if lower else np.triu(a)   # SciPy reads one triangle
        d = np.diagonal(tri)
        a = tri + np.swapaxes(tri, -1, -2) - d[..., None] * np.eye(np.shape(a)[-1])
    elif transposed:
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, b)


def block_diag(*arrs):
    """The block-diagonal matrix of the inputs (zeros elsewhere)."""
    if not _any(*arrs):
        return _la.block_diag(*arrs)
    rec = recorder_of(*[x for x in arrs if is_traced(x)])
    blocks = [np.atleast_2d(addr_array(rec, x)) for x in arrs]
    zero = rec.const(0.0)
    rows = sum(b.shape[0] for b in blocks)
    cols = sum(b.shape[1] for b in blocks)
    out = np.full((rows, cols), zero, dtype=np.int64)
    r = c = 0
    for blk in blocks:
        out[r:r + blk.shape[0], c:c + blk.shape[1]] = blk
        r, c = r + blk.shape[0], c + blk.shape[1]
    return wrap(rec, out)


def expm(A):
    """The matrix exponential (SciPy's scaling and squaring on numbers, one ExpmOp node when
    traced; its derivative is the Frechet derivative, exact to every order)."""
    if not _any(A):
        return _la.expm(A)
    n = np.shape(A)[-1]
    if np.shape(A) != (n, n):
        raise ValueError(f"expm: a square matrix is needed, got shape {np.shape(A)}")
    return record_block(OP.ExpmOp, (A,), OP.ExpmOp.Params(m=n), (n, n))


def __getattr__(name):
    return getattr(_la, name)
