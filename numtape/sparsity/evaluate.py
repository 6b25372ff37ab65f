"""Compressed evaluation of sparse Jacobians and Hessians from precomputed plans.

A plan holds everything that does not depend on x: the pattern, the coloring, and one flat
index per non-zero into the compressed sweep result, so evaluating at a new x is one forward
sweep, one tangent (or reverse) sweep per chunk of at most 64 colors, and one vectorized gather
into the csr ``data`` array.
"""
import numpy as np
import scipy.sparse as sp

from numtape.kernels.twins import now
from numtape.sparsity import _kernels
from numtape.sparsity.coloring import color_columns, color_rows, star_coloring
from numtape.sparsity.pattern import hessian_pattern, jacobian_pattern

_MAX_SEEDS = 64          # directions per sweep
_WORK_FLOATS = 1 << 24   # bound on the (k, arena) tangent/adjoint workspace of one sweep


def _csr_bool(P, shape=None):
    P = sp.csr_matrix(P, dtype=bool, shape=shape)
    P.sum_duplicates()
    P.eliminate_zeros()
    P.sort_indices()
    return P


def _entries(P):
    """(row, col) of every stored entry of the csr P, in storage order."""
    return np.repeat(np.arange(P.shape[0]), np.diff(P.indptr)), P.indices.astype(np.int64)


def _by_color(colors, k):
    """Indices sorted by color and the start of each color's run (k + 1), for seeding."""
    order = np.argsort(colors, kind="stable")
    return order, np.searchsorted(colors[order], np.arange(k + 1))


def _compressed(sweep, colors, by_color, n_seed, n_result, arena):
    """Run ``sweep(seeds)`` over chunks of the k colors; seeds[c, j] = 1 where colors[j] == c.

    Returns the (k, n_result) compressed result."""
    chunk = int(min(_MAX_SEEDS, max(1, _WORK_FLOATS // max(arena, 1))))
    order, bounds = by_color
    k = bounds.size - 1
    out = np.empty((k, n_result))
    for s in range(0, k, chunk):
        e = min(k, s + chunk)
        idx = order[bounds[s]:bounds[e]]
        seeds = np.zeros((e - s, n_seed))
        seeds[colors[idx] - s, idx] = 1.0
        out[s:e] = sweep(seeds)
    return out


class JacobianPlan:
    """Pattern, coloring and recovery indices of a compressed Jacobian (reused for every x).

    Parameters
    ----------
    pattern : sparse (m, n) structural pattern (e.g. ``jacobian_pattern(F)``).
    coloring : optional ``("column", colors)`` (colors of the n columns: tangent sweeps) or
        ``("row", colors)`` (colors of the m rows: reverse sweeps).  By default both greedy
        colorings are computed and the one with fewer colors is used (columns on a tie).

    Attributes: ``pattern`` (csr bool), ``mode``, ``colors``, ``n_colors``, ``index`` (flat
    index of each non-zero, in csr order, into the (n_colors, m or n) compressed result).

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: x[1:] * x[:-1], np.zeros(5))
    >>> plan = JacobianPlan(jacobian_pattern(F))
    >>> plan.mode, plan.n_colors
    ('column', 2)
    >>> plan(F, np.arange(5.0)).toarray()
    array([[1., 0., 0., 0., 0.],
           [0., 2., 1., 0., 0.],
           [0., 0., 3., 2., 0.],
           [0., 0., 0., 4., 3.]])
    """

    def __init__(self, pattern, coloring=None):
        P = _csr_bool(pattern)
        m, n = P.shape
        if coloring is None:
            cols, rows = color_columns(P), color_rows(P)
            k_cols = int(cols.max()) + 1 if n else 0
            k_rows = int(rows.max()) + 1 if m else 0
            coloring = ("column", cols) if k_cols <= k_rows else ("row", rows)
        mode, colors = coloring
        colors = np.asarray(colors, dtype=np.int64)
        if mode not in ("column", "row"):
            raise ValueError(f"coloring mode must be 'column' or 'row', got {mode!r}")
        if colors.shape != ((n,) if mode == "column" else (m,)):
            raise ValueError(f"{mode} coloring has shape {colors.shape}; pattern is {P.shape}")
        self.pattern, self.mode, self.colors = P, mode, colors
        self.n_colors = int(colors.max()) + 1 if colors.size else 0
        self._by_color = _by_color(colors, self.n_colors)
        r, c = _entries(P)
        if mode == "column":
            self.index = colors[c] * m + r
            lines = P
        else:
            self.index = colors[r] * n + c
            lines = P.T.tocsr()
        ptr, idx = (np.asarray(a, dtype=np.int64) for a in (lines.indptr, lines.indices))
        if not now(_kernels.lines_distinct, idx.size)(ptr, idx, colors, self.n_colors):
            raise ValueError(f"the {mode} coloring is not valid for this pattern: two "
                             f"same-colored {mode}s share a non-zero line")

    def __call__(self, F, x):
        """Sparse Jacobian of tape ``F`` at ``x`` -> csr_matrix (m, n), float64."""
        m, n = self.pattern.shape
        if (F.n_out, F.n_in) != (m, n):
            raise ValueError(f"plan is for a ({m}, {n}) Jacobian; tape is "
                             f"R^{F.n_in} -> R^{F.n_out}")
        val = F.sweeps.forward(F.flatten_input(x))
        if self.mode == "column":
            B = _compressed(lambda V: F.sweeps.tangent(val, V), self.colors, self._by_color, n, m,
                            F.arena_size)
        else:
            B = _compressed(lambda W: F.sweeps.reverse(val, W), self.colors, self._by_color, m, n,
                            F.arena_size)
        P = self.pattern
        return sp.csr_matrix((B.ravel()[self.index], P.indices.copy(), P.indptr.copy()),
                             shape=P.shape)


def sparse_jacobian(F, x, pattern=None, coloring=None):
    """Sparse Jacobian of tape ``F`` at ``x`` by compressed sweeps (one per color).

    ``pattern`` defaults to ``jacobian_pattern(F)``; ``coloring`` as in ``JacobianPlan``.  To
    evaluate at many points, build the ``JacobianPlan`` once and call it.

    Returns
    -------
    scipy.sparse.csr_matrix (F.n_out, F.n_in), float64, holding the structural non-zeros.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: x ** 2, np.zeros(3))
    >>> sparse_jacobian(F, [1.0, 2.0, 3.0]).diagonal()
    array([2., 4., 6.])
    """
    if pattern is None:
        pattern = jacobian_pattern(F)
    return JacobianPlan(pattern, coloring)(F, x)


class HessianPlan:
    """Symmetric pattern, star coloring and recovery indices of a compressed Hessian.

    For every non-zero (i, j), with a = min(i, j), b = max(i, j): H[a, b] is read from
    (H S)[a, color[b]] when b is the only entry of row a with that color, else from
    (H S)[b, color[a]] (a star coloring guarantees one of the two); (i, j) and (j, i) read the
    same value, so the result is exactly symmetric.

    >>> import numpy as np, numtape as nt, scipy.sparse as sp
    >>> plan = HessianPlan(sp.eye(4) + sp.eye(4, k=1) + sp.eye(4, k=-1))
    >>> plan.n_colors
    3
    """

    def __init__(self, pattern, colors=None):
        P = _csr_bool(pattern)
        if P.shape[0] != P.shape[1] or (P != P.T).nnz:
            raise ValueError(f"a Hessian pattern must be square and symmetric (shape {P.shape})")
        n = P.shape[0]
        colors = star_coloring(P) if colors is None else np.asarray(colors, dtype=np.int64)
        if colors.shape != (n,):
            raise ValueError(f"colors has shape {colors.shape}; expected ({n},)")
        self.pattern, self.colors = P, colors
        k = self.n_colors = int(colors.max()) + 1 if n else 0
        self._by_color = _by_color(colors, k)
        r, c = _entries(P)
        keys, counts = np.unique(r * k + colors[c], return_counts=True)

        def alone(row, col):  # is col the only entry of its color in this row?
            return counts[np.searchsorted(keys, row * k + colors[col])] == 1

        a, b = np.minimum(r, c), np.maximum(r, c)
        first, second = alone(a, b), alone(b, a)
        if not np.all(first | second):
            raise ValueError("colors is not a star coloring of this pattern: some entry "
                             "cannot be recovered directly")
        # (H S) comes back transposed from the tangent sweeps: T[color, row]
        self.index = np.where(first, colors[b] * n + a, colors[a] * n + b)

    def __call__(self, G, x):
        """Hessian at ``x`` from the gradient tape ``G`` (R^n -> R^n) -> symmetric csr."""
        n = self.pattern.shape[0]
        if (G.n_out, G.n_in) != (n, n):
            raise ValueError(f"plan is for an ({n}, {n}) Hessian; gradient tape is "
                             f"R^{G.n_in} -> R^{G.n_out}")
        val = G.sweeps.forward(G.flatten_input(x))
        T = _compressed(lambda V: G.sweeps.tangent(val, V), self.colors, self._by_color, n, n,
                        G.arena_size)
        P = self.pattern
        return sp.csr_matrix((T.ravel()[self.index], P.indices.copy(), P.indptr.copy()),
                             shape=P.shape)


def sparse_hessian_from_gradient(G, x, hpattern=None, plan=None):
    """Sparse Hessian of a scalar function at ``x``, from a tape ``G`` of its gradient.

    Tangent sweeps of G with star-colored seeds and symmetric direct recovery (``HessianPlan``).
    ``hpattern`` (symmetric, e.g. ``hessian_pattern(F)`` of the scalar tape) defaults to the
    symmetrized ``jacobian_pattern(G)``; pass ``plan`` to reuse one across points.

    Returns
    -------
    scipy.sparse.csr_matrix (n, n), float64, exactly symmetric.
    """
    if plan is None:
        if hpattern is None:
            J = jacobian_pattern(G)
            hpattern = J + J.T
        plan = HessianPlan(hpattern)
    return plan(G, x)


def sparse_hessian(F, x, plan=None):
    """Sparse Hessian of scalar tape ``F`` at ``x``: compressed tangent sweeps of F's gradient
    tape (built once per tape) over the star-colored ``hessian_pattern(F)``.  Pass a
    ``HessianPlan`` to reuse the pattern and coloring across points.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sum(x[1:] * x[:-1]) + np.sum(x ** 3), np.zeros(4))
    >>> sparse_hessian(F, np.ones(4)).toarray()
    array([[6., 1., 0., 0.],
           [1., 6., 1., 0.],
           [0., 1., 6., 1.],
           [0., 0., 1., 6.]])
    """
    if F.n_out != 1:
        raise ValueError(f"sparse_hessian needs a scalar tape; this one has {F.n_out} outputs")
    G = F.derived("gradient", F.jacfun)
    return plan(G, x) if plan is not None else sparse_hessian_from_gradient(
        G, x, hessian_pattern(F))
