"""Symmetric positive definite matrices given by their entries on a fixed sparsity pattern.

The inner Hessians of ``newton`` and ``laplace`` arrive as the values ``h`` of a sparse
Hessian tape: one value per structural non-zero (i, j), both triangles listed.  The matrix they
stand for is A(h) with A_ij = A_ji = (h_ij + h_ji) / 2, so every derivative below is that of a
function of a symmetric matrix (the two triangles share a perturbation).

``SymmetricPattern`` holds the pattern and factorizes A(h) for given values:

* above ``DENSE_MAX`` rows, **qdldl** (the LDL^T of the OSQP solver; an approximate minimum
  degree ordering, then a numeric refactorization that reuses the symbolic analysis).  It is a
  wheel on every platform, and unlike CHOLMOD through cvxopt it hands out the factor itself,
  which the selected inverse (``numtape.kernels.selinv``) needs;
* up to ``DENSE_MAX`` rows, LAPACK's Cholesky on the dense matrix;
* a diagonal pattern (one random effect per group: ``(1 | g)``) is its own factorization:
  log det, solves, the selected inverse and its adjoint are elementwise in the diagonal.

A ``Factor`` answers what the statistical layer asks of A: ``logdet``, ``solve``, ``selinv``
(A^-1 on the pattern) and ``selinv_adjoint`` (the reverse derivative of ``selinv``, which is
also its tangent: the map W -> -(A^-1 W A^-1) on the pattern is self-adjoint).  The last
factorization is kept, so the sweeps of one evaluation (Newton's last step, the log-determinant,
its gradient) factorize once.
"""
from __future__ import annotations

import threading

import numpy as np
import scipy.linalg as la
import scipy.sparse as sp

from numtape.kernels.twins import now
from numtape.tape import blas
from numtape.kernels.selinv import pair_positions, selinv, selinv_adjoint

DENSE_MAX = 64   # rows up to which A is factorized dense (LAPACK)


class NotPositiveDefinite(np.linalg.LinAlgError):
    """A(h) is not positive definite (or not finite); ``min_pivot`` says how far from it."""

    def __init__(self, min_pivot):
        super().__init__(f"the matrix is not positive definite (smallest pivot {min_pivot:.3g})")
        self.min_pivot = min_pivot


class SymmetricPattern:
    """The pattern (rows, cols) of an n x n symmetric matrix, both triangles listed."""

    def __init__(self, rows, cols, n):
        self.rows = np.asarray(rows, dtype=np.int64)
        self.cols = np.asarray(cols, dtype=np.int64)
        self.n, self.nnz = int(n), int(self.rows.size)
        diag = np.zeros(self.n, dtype=bool)
        diag[self.rows[self.rows == self.cols]] = True
        if not diag.all():   # a Hessian's diagonal may be structurally zero: keep it stored
            miss = np.flatnonzero(~diag)
            self._extra = miss
        else:
            self._extra = np.zeros(0, dtype=np.int64)
        self.weight = np.where(self.rows == self.cols, 1.0, 0.5)
        self.dense = self.n <= DENSE_MAX
        self.diagonal = self.nnz == self.n and bool(np.all(self.rows == self.cols))
        self._lock = threading.Lock()
        self._last = None
        self._sparse = None

    def matrix(self, h):
        """A(h) as a dense array (the dense path, and tests)."""
        A = np.zeros((self.n, self.n))
        np.add.at(A, (self.rows, self.cols), 0.5 * h)
        np.add.at(A, (self.cols, self.rows), 0.5 * h)
        return A

    def factor(self, h):
        """The factorization of A(h) (the last one is reused for equal values)."""
        h = np.asarray(h, dtype=np.float64)
        with self._lock:
            last = self._last
            if last is not None and np.array_equal(last[0], h):
                return last[1]
            f = (DiagonalFactor(self, h) if self.diagonal else DenseFactor(self, h)
                 if self.dense else SparseFactor(self, h))
            self._last = (h.copy(), f)
            return f

    def symmetric_product(self, h, x):
        """A(h) @ x; with h of shape (nnz, k) and x (n, k), column s is A(h[:, s]) @ x[:, s]."""
        hx = 0.5 * h
        out = np.zeros(np.broadcast_shapes(x.shape, (self.n,) + h.shape[1:]))
        np.add.at(out, self.rows, hx * x[self.cols])
        np.add.at(out, self.cols, hx * x[self.rows])
        return out


class DiagonalFactor:
    """A(h) with every listed entry on the diagonal: the factorization is the diagonal."""

    def __init__(self, pattern, h):
        self.pattern = pattern
        d = np.empty(pattern.n)
        d[pattern.rows] = h
        dmin = float(d.min()) if d.size else 1.0
        if not dmin > 0.0 or not np.all(np.isfinite(d)):
            raise NotPositiveDefinite(dmin)
        self.d = d

    @property
    def logdet(self):
        return float(np.sum(np.log(self.d)))

    def solve(self, b):
        b = np.asarray(b, dtype=np.float64)
        return b / (self.d if b.ndim == 1 else self.d[:, None])

    def selinv(self):
        return 1.0 / self.d[self.pattern.rows]

    def selinv_adjoint(self, W):
        """The gradient of sum(W * selinv) in h: -W / d^2 (rows of W at once)."""
        return -W / self.d[self.pattern.rows] ** 2


class DenseFactor:
    """Cholesky of the dense A(h)."""

    def __init__(self, pattern, h):
        self.pattern = pattern
        A = pattern.matrix(h)
        if not np.all(np.isfinite(A)):
            raise NotPositiveDefinite(np.nan)
        try:
            with blas.one_thread(pattern.n):
                self.c = la.cho_factor(A, lower=True, check_finite=False)
        except la.LinAlgError:
            raise NotPositiveDefinite(float(np.linalg.eigvalsh(A)[0])) from None
        self._Z = None

    @property
    def logdet(self):
        return 2.0 * float(np.sum(np.log(np.diag(self.c[0]))))

    def solve(self, b):
        with blas.one_thread(self.pattern.n):
            return la.cho_solve(self.c, b, check_finite=False)

    def inverse(self):
        if self._Z is None:
            self._Z = self.solve(np.eye(self.pattern.n))
        return self._Z

    def selinv(self):
        P = self.pattern
        return self.inverse()[P.rows, P.cols]

    def selinv_adjoint(self, W):
        """The gradient of sum(W * selinv) in h: -(Z Ws Z) on the pattern, Ws = A(W)."""
        P, Z = self.pattern, self.inverse()
        Ws = P.matrix(W)
        with blas.one_thread(P.n):
            return -(Z @ Ws @ Z)[P.rows, P.cols]


class _SparseStructure:
    """What the qdldl factorizations of one pattern share: the solver (its ordering and
    symbolic analysis), the map of the listed entries into the permuted lower factor, and the
    pair positions of the selected inverse."""

    def __init__(self, pattern, h):
        import qdldl
        P = pattern
        up = P.rows <= P.cols
        extra = P._extra
        r = np.concatenate([P.rows[up], extra])
        c = np.concatenate([P.cols[up], extra])
        self.upper = sp.csc_matrix((np.arange(1, r.size + 1, dtype=np.float64), (r, c)),
                                   shape=(P.n, P.n))
        self.upper.sum_duplicates()
        self.upper.sort_indices()
        # the csc data index of each listed upper entry (then each extra diagonal)
        self.data_index = np.empty(r.size, dtype=np.int64)
        self.data_index[self.upper.data.astype(np.int64) - 1] = np.arange(r.size)
        self.n_up = int(up.sum())
        self.up_index = np.flatnonzero(up)
        self.partner = None
        self.solver = qdldl.Solver(self._matrix(h, P), upper=True)
        L, _, perm = self.solver.factors()
        self.Lp = np.asarray(L.indptr, dtype=np.int64)
        self.Li = np.asarray(L.indices, dtype=np.int64)
        self.perm = np.asarray(perm, dtype=np.int64)
        inv = np.empty_like(self.perm)
        inv[self.perm] = np.arange(self.perm.size)
        pp, pos, ok = now(pair_positions, 20 * self.Li.size)(self.Lp, self.Li)
        if not ok:
            raise RuntimeError("qdldl returned a factor pattern that is not symbolic")
        self.pp, self.pos = pp, pos
        # each listed entry's position in the permuted lower factor (diagonal: -1 - i)
        i, j = inv[P.rows], inv[P.cols]
        lo, hi = np.minimum(i, j), np.maximum(i, j)
        lkey = np.repeat(np.arange(P.n, dtype=np.int64), np.diff(self.Lp)) * P.n + self.Li
        where = np.searchsorted(lkey, lo * P.n + hi)   # csc keys (col, row) are sorted
        where[lo == hi] = -1 - lo[lo == hi]
        # listed entries on the diagonal (index i into Zd) and off it (position p into Zl)
        self.diag_e = np.flatnonzero(where < 0)
        self.diag_i = -1 - where[self.diag_e]
        self.off_e = np.flatnonzero(where >= 0)
        self.off_p = where[self.off_e]

    def _matrix(self, h, P):
        """The upper triangle of A(h) as qdldl takes it (csc, this structure's layout)."""
        data = np.zeros(self.upper.nnz)
        data[self.data_index[:self.n_up]] = self.symmetric_upper(h, P)
        return sp.csc_matrix((data, self.upper.indices, self.upper.indptr),
                             shape=self.upper.shape)

    def symmetric_upper(self, h, P):
        """A_ij = (h_ij + h_ji) / 2 for each listed upper entry (the lower partner found once)."""
        if self.partner is None:
            key = P.rows * P.n + P.cols
            order = np.argsort(key)
            r, c = P.rows[self.up_index], P.cols[self.up_index]
            self.partner = order[np.searchsorted(key[order], c * P.n + r)]
        return 0.5 * (h[self.up_index] + h[self.partner])


class SparseFactor:
    """qdldl's LDL^T of the permuted A(h), with the selected inverse on its pattern."""

    def __init__(self, pattern, h):
        self.pattern = pattern
        if not np.all(np.isfinite(h)):
            raise NotPositiveDefinite(np.nan)
        s = pattern._sparse
        if s is None:
            s = pattern._sparse = _SparseStructure(pattern, h)
            self.A = s._matrix(h, pattern)
        else:
            self.A = s._matrix(h, pattern)
            s.solver.update(self.A, upper=True)
        s.current = self
        self.s = s
        L, D, _ = s.solver.factors()
        self.Lx = np.array(L.data, dtype=np.float64)
        self.d = np.array(D, dtype=np.float64)
        if self.Lx.size != s.Li.size:
            raise RuntimeError("qdldl changed the factor pattern between factorizations")
        dmin = float(self.d.min()) if self.d.size else 1.0
        if not dmin > 0.0 or not np.all(np.isfinite(self.Lx)):
            raise NotPositiveDefinite(dmin)
        self._Z = None

    @property
    def logdet(self):
        return float(np.sum(np.log(self.d)))

    def solve(self, b):
        """A^-1 b for b of shape (n,) or (n, k)."""
        s = self.s
        with self.pattern._lock:
            if s.current is not self:   # the solver has factorized other values since
                s.solver.update(self.A, upper=True)
                s.current = self
            b = np.asarray(b, dtype=np.float64)
            if b.ndim == 1:
                return np.asarray(s.solver.solve(b))
            return np.stack([s.solver.solve(np.ascontiguousarray(c)) for c in b.T], axis=1)

    def _selinv(self):
        if self._Z is None:
            s = self.s
            self._Z = now(selinv, 20 * s.Li.size)(s.Lp, self.Lx, self.d, s.pp, s.pos)
        return self._Z

    def selinv(self):
        s = self.s
        Zd, Zl = self._selinv()
        out = np.empty(self.pattern.nnz)
        out[s.diag_e] = Zd[s.diag_i]
        out[s.off_e] = Zl[s.off_p]
        return out

    def selinv_adjoint(self, W):
        s, P = self.s, self.pattern
        Zd, Zl = self._selinv()
        Wd = np.bincount(s.diag_i, weights=W[s.diag_e], minlength=Zd.size)
        Wl = np.bincount(s.off_p, weights=W[s.off_e], minlength=Zl.size)
        Ad, Al = now(selinv_adjoint, 20 * s.Li.size)(s.Lp, self.Lx, self.d, s.pp, s.pos, Zd, Zl,
                                                Wd, Wl)
        # a stored off-diagonal entry stands for A_ij and A_ji: each listed h_ij moves it by 1/2
        g = np.empty(P.nnz)
        g[s.diag_e] = Ad[s.diag_i]
        g[s.off_e] = 0.5 * Al[s.off_p]
        return g
