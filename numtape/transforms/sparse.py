"""Sparse derivative tapes: ``F.jacfun(sparse=True)`` and ``F.hessfun(sparse=True)``.

The pattern is found once (``numtape.sparsity``), the rows are colored so that rows of one color
share no column, and F's reverse sweep is re-recorded with all of a color's outputs seeded at
once, the colors of a small tape in one batched replay (``record_reverse``): the compressed
Jacobian W^T J.  The tape's outputs are the structural non-zeros, picked from it in csr
order.  For a Hessian the gradient tape is replayed with star-colored seeds, whose symmetric
direct recovery reads every entry from H S.
A banded Jacobian thus costs a few replays of F, however large n is.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from numtape.transforms.jacfun import record_reverse
from numtape.sparsity import HessianPlan, JacobianPlan, color_rows, hessian_pattern, \
    jacobian_pattern
from numtape.tape.tape import Tape


class SparseTape(Tape):
    """A tape of the structural non-zeros of a sparse matrix function of x (in csr order).

    Calling it on an array returns a ``scipy.sparse.csr_matrix``; ``pattern`` gives the
    (rows, cols) of the non-zeros; everything else (jacobian, jacfun, save, ...) sees the
    plain tape x -> non-zeros.  Called on traced values it returns the traced non-zeros.
    """

    def __init__(self, tape, pattern):
        super().__init__(**tape.arrays())
        self._csr = pattern

    def __reduce__(self):
        return (_rebuild_sparse, (self.arrays(), self._csr))

    @property
    def pattern(self):
        """(rows, cols) of the structural non-zeros, in the order of the tape's outputs."""
        P = self._csr
        return (np.repeat(np.arange(P.shape[0]), np.diff(P.indptr)),
                P.indices.astype(np.int64))

    @property
    def shape(self):
        return self._csr.shape

    def __call__(self, x):
        data = super().__call__(x)
        if not isinstance(data, np.ndarray):
            return data
        P = self._csr
        return sp.csr_matrix((data.ravel(), P.indices.copy(), P.indptr.copy()), shape=P.shape)


def _rebuild_sparse(arrays, pattern):
    """A SparseTape from its arrays and csr pattern (unpickling)."""
    return SparseTape(Tape(**arrays), pattern)


def _groups(colors, k):
    return [np.flatnonzero(colors == c).tolist() for c in range(k)]


def sparse_jacfun(F):
    """Tape of the structural non-zeros of F's Jacobian (see the module docstring)."""
    pattern = jacobian_pattern(F)
    plan = JacobianPlan(pattern, ("row", color_rows(pattern)))
    tape = record_reverse(F, _groups(plan.colors, plan.n_colors), plan.index)
    return SparseTape(tape, plan.pattern)


def sparse_hessfun(F, G):
    """Tape of the structural non-zeros of the Hessian of scalar tape F (gradient tape G)."""
    plan = HessianPlan(hessian_pattern(F))
    # replaying G with seed s gives s^T H = (H s)^T: the layout HessianPlan's index reads
    tape = record_reverse(G, _groups(plan.colors, plan.n_colors), plan.index)
    return SparseTape(tape, plan.pattern)


def sparse_hessian_block(F, Gm, m):
    """Tape z -> the structural non-zeros of the leading (m, m) block of the Hessian of scalar
    tape F, from ``Gm``, a tape of the first m entries of F's gradient (a Laplace problem's
    H_uu from dF/du): only that block is colored, so a diagonal block costs one replay of Gm
    however many other inputs F has.  Gm replayed with seed s gives s^T (H_u:), whose first m
    columns are (H_uu s)^T."""
    n = F.n_in
    if Gm.n_in != n or Gm.n_out != m:
        raise ValueError(f"sparse_hessian_block: the gradient tape is R^{Gm.n_in} -> "
                         f"R^{Gm.n_out}; expected R^{n} -> R^{m}")
    plan = HessianPlan(hessian_pattern(F, block=m))
    index = plan.index // max(m, 1) * n + plan.index % max(m, 1)
    tape = record_reverse(Gm, _groups(plan.colors, plan.n_colors), index)
    return SparseTape(tape, plan.pattern)
