"""Greedy colorings of sparsity patterns for compressed derivative evaluation.

Columns (or rows) given one color are evaluated together in one sweep: a Jacobian needs no
two columns of one color to share a row (distance-2 coloring of the column intersection graph,
Curtis-Powell-Reid); a symmetric Hessian needs a star coloring (Gebremedhin, Manne, Pothen,
"What color is your Jacobian?", SIAM Review 2005) for direct recovery.  The greedy loops run in
Numba (``_kernels.py``).
"""
import numpy as np
import scipy.sparse as sp

from numtape.kernels.twins import now
from numtape.sparsity import _kernels


def _order(degree, order):
    if order == "natural":
        return np.arange(degree.size, dtype=np.int64)
    if order == "largest_first":  # stable, so ties keep the natural order
        return np.argsort(-degree, kind="stable").astype(np.int64)
    raise ValueError(f"order must be 'natural' or 'largest_first', got {order!r}")


def color_columns(P, order="natural"):
    """Distance-2 coloring of the columns of the pattern P (m, n).

    Columns sharing a row get different colors, so J @ S for the 0/1 seed matrix
    S[j, color[j]] = 1 holds every entry J[i, j] alone in B[i, color[j]].  Columns are visited
    in ``order``: ``"natural"`` (0, 1, ...; 3 colors for a tridiagonal pattern) or
    ``"largest_first"`` (by decreasing number of non-zeros in the column).

    Returns
    -------
    int64 array (n,) of colors 0, 1, ..., k - 1.

    >>> import scipy.sparse as sp
    >>> color_columns(sp.diags([1.0, 1.0, 1.0], [-1, 0, 1], shape=(5, 5)))
    array([0, 1, 2, 0, 1])
    """
    P = sp.csr_matrix(P, dtype=bool)
    P.sort_indices()
    C = P.tocsc()
    cptr, crow, rptr, rcol = (np.asarray(a, dtype=np.int64)
                              for a in (C.indptr, C.indices, P.indptr, P.indices))
    return now(_kernels.greedy_distance2, crow.size)(_order(np.diff(cptr), order), cptr, crow,
                                                     rptr, rcol)


def color_rows(P, order="natural"):
    """Distance-2 coloring of the rows of P: rows sharing a column get different colors (for
    reverse sweeps, W @ J with W[color[i], i] = 1).  See ``color_columns``."""
    return color_columns(sp.csr_matrix(P, dtype=bool).T, order)


def star_coloring(H, order="natural"):
    """Greedy star coloring of the adjacency graph of a symmetric pattern H (n, n).

    Off-diagonal non-zeros are the edges (the diagonal is ignored: a proper coloring already
    recovers it).  In a star coloring every edge (i, j) has an end, say i, such that j is
    i's only neighbor of its color, so H[i, j] = (H S)[i, color[j]] directly, which is what
    ``HessianPlan`` uses.  Visiting order as in ``color_columns``.

    Returns
    -------
    int64 array (n,) of colors.

    >>> import scipy.sparse as sp
    >>> star_coloring(sp.diags([1.0, 1.0, 1.0], [-1, 0, 1], shape=(6, 6)))
    array([0, 1, 0, 2, 0, 1])
    """
    H = sp.csr_matrix(H, dtype=bool)
    if H.shape[0] != H.shape[1]:
        raise ValueError(f"star_coloring needs a square pattern, got shape {H.shape}")
    A = (H + H.T).tocoo()
    off = A.row != A.col
    A = sp.csr_matrix((A.data[off], (A.row[off], A.col[off])), shape=H.shape)
    A.sort_indices()
    ptr, adj = (np.asarray(a, dtype=np.int64) for a in (A.indptr, A.indices))
    return now(_kernels.greedy_star, adj.size)(_order(np.diff(ptr), order), ptr, adj)
