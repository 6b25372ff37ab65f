"""Structural Jacobian and Hessian patterns of a tape, by index-set propagation.

Each op's local dependence is read from its declaration in the op table (``OpSpec.jacobian``
and ``OpSpec.hessian``); the defaults are conservative (a block op: every output element
depends on every element of every operand block, nonlinear in all of them jointly; an
elementwise op: nonlinear in all its operands), so an op declared without them gives a correct,
if coarser, pattern.
"""
import numpy as np
import scipy.sparse as sp

from numtape.kernels.twins import now
from numtape.ops import OPS
from numtape.sparsity import _sets
from numtape.sparsity._hessian import hessian_pairs
from numtape.ops.layout import arg_pointers, operand_lengths

# the op table's sparsity facts (OpSpec.jacobian / .hessian) as the kernels' rule codes
JACOBIAN_CODES = {"elementwise": _sets.EW, "none": _sets.NONE, "gather": _sets.GATHER,
                  "reduce": _sets.REDUCE, "cumsum": _sets.CUMSUM, "matmul": _sets.MATMUL,
                  "dense": _sets.DENSE, "rows": _sets.ROWS, "solve": _sets.SOLVE}
HESSIAN_CODES = {"joint": _sets.JOINT, "linear": _sets.LINEAR, "cross": _sets.CROSS,
                 "div": _sets.DIV, "prod": _sets.PROD}


def _rule_tables():
    """Per-opcode rule arrays for the kernels, read from the op table."""
    rule = np.array([JACOBIAN_CODES[spec.jacobian] for spec in OPS], dtype=np.int64)
    dmask = np.array([(1 << max(spec.arity, 0)) - 1 if spec.active == -1 else spec.active
                      for spec in OPS], dtype=np.int64)
    hrule = np.array([HESSIAN_CODES[spec.hessian] for spec in OPS], dtype=np.int64)
    return rule, dmask, hrule


RULE, DMASK, HRULE = _rule_tables()


def _tape_arrays(F):
    """The tape's arrays as the kernels take them (int64, operand pointers and lengths)."""
    op = np.asarray(F.op, dtype=np.int64)
    size = np.diff(np.asarray(F.out_ptr, dtype=np.int64))
    arg_ptr, iarg_ptr = arg_pointers(F.op, size)
    arg_len = operand_lengths(F.op, F.flags, F.out_ptr, F.iargs, arg_ptr, iarg_ptr)
    i64 = [np.asarray(a, dtype=np.int64) for a in (F.out_ptr, F.args)]
    return (op, F.flags, i64[0], i64[1], arg_ptr, arg_len, np.asarray(F.iargs, dtype=np.int64),
            iarg_ptr, RULE, DMASK)


def _work(F):
    """The index-set kernels' work, for ``numtape.kernels.twins.now``: in their Python twins an
    op costs as much as many arena slots (benchmarks/costs.py, ``twins``: per op of a scalar
    tape, per slot of a vectorized one)."""
    return 25 * F.sweeps.n_ops + F.sweeps.arena_size


def _sets_of(F, m=None):
    """The tape's arrays and the dependence sets of its slots on its first m inputs (all)."""
    arrays = _tape_arrays(F)
    return arrays, now(_sets.forward_sets, _work(F))(*arrays, F.n_in if m is None else m)


def jacobian_pattern(F):
    """Structural sparsity pattern of the Jacobian of tape ``F``.

    Forward propagation of input-index sets over the tape (each op's local rule from
    ``OpSpec.jacobian``), linear in the tape's size when sets stay small (banded problems).
    The pattern is a superset of the non-zeros of ``F.jacobian(x)`` at every x, including the
    untaken branches of ``np.where``.

    Returns
    -------
    scipy.sparse.csr_matrix of bool, shape (n_out, n_in), sorted indices.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: x[1:] * x[:-1], np.zeros(4))
    >>> jacobian_pattern(F).toarray().astype(int)
    array([[1, 1, 0, 0],
           [0, 1, 1, 0],
           [0, 0, 1, 1]])
    """
    _, (start, length, pool) = _sets_of(F)
    indptr, indices = now(_sets.gather_rows, pool.size)(start, length, pool,
                                                        np.asarray(F.dep, dtype=np.int64))
    P = sp.csr_matrix((np.ones(indices.size, dtype=bool), indices, indptr),
                      shape=(F.n_out, F.n_in))
    P.sort_indices()
    return P


def hessian_pattern(F, block=None):
    """Structural sparsity pattern of the Hessian of a scalar tape ``F`` (n_out == 1).

    Forward dependence sets, then a reverse pass that follows liveness from the output and, at
    each live op, joins the sets of the operands the op is nonlinear in (``OpSpec.hessian``;
    unknown ops are taken as nonlinear in all their operands jointly).  With ``block`` = m,
    only the leading (m, m) block (the first m inputs: the random effects of a Laplace
    problem): the dependence sets then hold only those inputs, as if the others were
    constants, so their pairs are never formed.

    Returns
    -------
    scipy.sparse.csr_matrix of bool, shape (n_in, n_in) (or (m, m)), symmetric, sorted
    indices.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: x[0] * x[1] + np.exp(x[2]), np.zeros(3))
    >>> hessian_pattern(F).toarray().astype(int)
    array([[0, 1, 0],
           [1, 0, 0],
           [0, 0, 1]])
    >>> hessian_pattern(F, block=2).toarray().astype(int)
    array([[0, 1],
           [1, 0]])
    """
    if F.n_out != 1:
        raise ValueError(f"hessian_pattern needs a scalar tape; this one has {F.n_out} outputs")
    n = F.n_in
    m = n if block is None else int(block)
    if not 0 <= m <= n:
        raise ValueError(f"hessian_pattern: block {block!r} is not between 0 and {n}")
    arrays, (start, length, pool) = _sets_of(F, m)
    codes = now(hessian_pairs, _work(F))(*arrays, HRULE, start, length, pool,
                                         np.asarray(F.dep, dtype=np.int64), m)
    i, j = codes // max(m, 1), codes % max(m, 1)
    rows, cols = np.concatenate([i, j]), np.concatenate([j, i])
    P = sp.csr_matrix((np.ones(rows.size, dtype=bool), (rows, cols)), shape=(m, m))
    P.sum_duplicates()
    P.sort_indices()
    return P
