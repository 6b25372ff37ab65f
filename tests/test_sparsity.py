"""Sparsity patterns, colorings and compressed evaluation (numtape.sparsity).

Patterns are held against the non-zeros of dense derivatives at random points: a structural
pattern must contain every numerical non-zero, and equal them for generic functions (no
cancellation, no untaken branch).  Colorings are checked by their defining property, and
compressed Jacobians/Hessians against dense ones.
"""
from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
import scipy.special as sc

import numtape as nt
from numtape.ops import BY_NAME
from numtape.sparsity import (HessianPlan, JacobianPlan, color_columns, color_rows,
                            hessian_pattern, jacobian_pattern, sparse_hessian_from_gradient,
                            sparse_jacobian, star_coloring)
from numtape.sparsity import _sets, evaluate, pattern

RNG = np.random.default_rng(20240607)
A34 = RNG.normal(size=(3, 4))
B43 = RNG.normal(size=(4, 3))
IDX1, IDX2 = np.array([3, 1, 1, 0, 11]), np.array([0, 2, 11, 3, 3])


def loop_chain(x):
    """A Python-loop scalar recurrence with one output per step."""
    s, out = x[0], []
    for i in range(1, x.size):
        s = 0.5 * s + np.sin(x[i]) * x[i - 1]
        out.append(s)
    return out


# name, f, x0, exact (pattern == numerical non-zeros at a generic point)
JACOBIAN_CASES = [
    ("unary_chain", lambda x: np.exp(np.sin(x)) * 2.0 - np.log1p(x * x), np.zeros(12), True),
    ("binary", lambda x: x[:-1] * x[1:] + x[1:] / (1.0 + x[:-1] ** 2), np.zeros(12), True),
    ("broadcast_scalar", lambda x: x * x[0] + np.arctan2(x[3], x), np.zeros(12), True),
    ("constants_mixed", lambda x: 3.0 * x - np.arange(12.0) * x ** 2, np.zeros(12), True),
    ("zero_derivative", lambda x: np.sign(x) * x + (x > 0.3) + (x[::-1] <= x), np.zeros(12),
     True),
    ("where", lambda x: np.where(x[:-1] > x[1:], np.sin(x[:-1]), x[1:] ** 2), np.zeros(12),
     False),
    ("sum_axis0", lambda x: np.sum(x.reshape(3, 4) ** 2, axis=0), np.zeros(12), True),
    ("prod_axis1", lambda x: np.prod(x.reshape(3, 4), axis=1), np.zeros(12), True),
    ("mean_3d", lambda x: np.mean(np.cos(x).reshape(2, 3, 2), axis=1), np.zeros(12), True),
    ("max_axis0", lambda x: np.max(x.reshape(3, 4), axis=0), np.zeros(12), False),
    ("min_axis1", lambda x: np.min(x.reshape(3, 4), axis=1) * x[0], np.zeros(12), False),
    ("cumsum_1d", lambda x: np.cumsum(x) * x, np.zeros(12), True),
    ("cumsum_axis1", lambda x: np.cumsum(x.reshape(3, 4) ** 3, axis=1), np.zeros(12), True),
    ("matmul_const_left", lambda x: A34 @ np.tanh(x.reshape(4, 3)), np.zeros(12), True),
    ("matmul_const_right", lambda x: x.reshape(3, 4) @ B43, np.zeros(12), True),
    ("matmul_traced", lambda x: x[:6].reshape(2, 3) @ x[6:].reshape(3, 2), np.zeros(12), True),
    ("matvec_traced", lambda x: x[:9].reshape(3, 3) @ x[9:], np.zeros(12), True),
    ("fancy_gather", lambda x: x[IDX1] * np.exp(x[IDX2]) + x[::3][[0, 1, 2, 3, 0]],
     np.zeros(12), True),
    ("concatenate", lambda x: np.concatenate([x[5:], x[:2] * x[3]]) ** 2, np.zeros(12), True),
    ("loop_chain", loop_chain, np.zeros(12), True),
    ("dict_inputs", lambda d: d["a"][:2] * np.sum(d["b"], axis=0) + d["b"][1] ** 2,
     {"a": np.zeros(3), "b": np.zeros((2, 2))}, True),
]


def random_point(x0, rng):
    if isinstance(x0, dict):
        return {k: rng.uniform(0.2, 1.5, size=np.shape(v)) for k, v in x0.items()}
    return rng.uniform(0.2, 1.5, size=np.shape(x0))


def flat(x):
    return np.concatenate([np.ravel(v) for v in x.values()]) if isinstance(x, dict) else x


@pytest.mark.parametrize("name, f, x0, exact", JACOBIAN_CASES, ids=[c[0] for c in JACOBIAN_CASES])
def test_jacobian_pattern_against_dense(name, f, x0, exact):
    F = nt.MakeTape(f, x0)
    P = jacobian_pattern(F)
    assert P.shape == (F.n_out, F.n_in) and P.dtype == bool
    nonzero = F.jacobian(random_point(x0, np.random.default_rng(1))) != 0
    dense = P.toarray()
    assert np.all(dense[nonzero]), "pattern misses a numerical non-zero"
    if exact:
        np.testing.assert_array_equal(dense, nonzero)


def test_unknown_block_ops_fall_back_to_dense_blocks(monkeypatch):
    """An op missing from JACOBIAN_RULES/HESSIAN_RULES: every output depends on every operand
    element, jointly nonlinear; so the result contains the precise pattern."""
    f = lambda x: np.concatenate([x[:6].reshape(2, 3) @ x[6:9], np.cumsum(x[9:]) ** 2])
    F = nt.MakeTape(f, np.zeros(12))
    precise, precise_h = jacobian_pattern(F), hessian_pattern(nt.MakeTape(
        lambda x: np.sum(f(x)), np.zeros(12)))
    unknown = pattern.RULE.copy()
    keep = [BY_NAME[n].code for n in ("GatherOp", "DepOp")]
    unknown[pattern.RULE != _sets.EW] = _sets.DENSE
    unknown[keep] = _sets.GATHER
    hunknown = pattern.HRULE.copy()
    hunknown[pattern.RULE != _sets.EW] = _sets.JOINT
    monkeypatch.setattr(pattern, "RULE", unknown)
    monkeypatch.setattr(pattern, "HRULE", hunknown)
    coarse = jacobian_pattern(F).toarray()
    assert np.all(coarse[precise.toarray()])
    # the matmul block: both outputs depend on all 9 of its operand elements
    assert coarse[:2, :9].all() and not coarse[:2, 9:].any()
    assert coarse[2:, 9:].all()  # cumsum as one dense block
    coarse_h = hessian_pattern(nt.MakeTape(lambda x: np.sum(f(x)), np.zeros(12))).toarray()
    assert np.all(coarse_h[precise_h.toarray()]) and coarse_h[:9, :9].all()


def fd_hessian(F, x, h=1e-5):
    """Central differences of the gradient (a reference independent of the pattern code)."""
    n = x.size
    H = np.empty((n, n))
    for j in range(n):
        e = np.zeros(n)
        e[j] = h
        H[:, j] = (F.gradient(x + e) - F.gradient(x - e)) / (2 * h)
    return H


def pair_loop(x):
    s = x[0] * 0.0
    for i in range(x.size - 1):
        s = s + x[i] * x[i + 1]
    return s


HESSIAN_CASES = [
    ("banded_cubic", lambda x: np.sum(x[:-1] ** 2 * x[1:]) + np.sum(np.exp(x)), True),
    ("broadcast_product", lambda x: np.sum(x * x[0]), True),
    ("const_matmul", lambda x: np.sum(np.sin(A34 @ x[:4])) + x[5], True),
    ("traced_matmul", lambda x: np.sum(x[:4].reshape(2, 2) @ x[4:8].reshape(2, 2)), True),
    ("prod_and_div", lambda x: np.prod(x[:4]) + x[4] / x[5] + x[6], True),
    ("cumsum_square", lambda x: np.sum(np.cumsum(x[:5]) ** 2) + np.sum(x[5:]), True),
    ("hypot_joint", lambda x: np.sum(np.hypot(x[:-1], x[1:])), True),
    ("piecewise_linear", lambda x: np.sum(np.abs(x - 0.7)) + np.max(x) - np.sum(x), True),
    ("sign_times_square", lambda x: np.sum(np.sign(x - 0.7) * x ** 2), True),
    ("xlogy", lambda x: np.sum(sc.xlogy(x[:-1], x[1:])),
     True),
    ("where_branches", lambda x: np.sum(np.where(x > 0.8, x ** 2, x)), False),
    ("max_squared", lambda x: np.max(x) ** 2, False),
    ("pair_loop", pair_loop, True),
]


@pytest.mark.parametrize("name, f, exact", HESSIAN_CASES, ids=[c[0] for c in HESSIAN_CASES])
def test_hessian_pattern_against_finite_differences(name, f, exact):
    F = nt.MakeTape(f, np.zeros(8))
    x = np.random.default_rng(2).uniform(0.2, 1.5, size=8)
    P = hessian_pattern(F).toarray()
    np.testing.assert_array_equal(P, P.T)
    H = fd_hessian(F, x)
    nonzero = np.abs(H) > 1e-6 * max(1.0, np.abs(H).max())
    assert np.all(P[nonzero]), "pattern misses a numerical non-zero"
    if exact:
        np.testing.assert_array_equal(P, nonzero)



@pytest.mark.parametrize("name, f, exact", HESSIAN_CASES, ids=[c[0] for c in HESSIAN_CASES])
def test_hessian_pattern_block_is_the_leading_block_of_the_full_pattern(name, f, exact):
    F = nt.MakeTape(f, np.zeros(8))
    P = hessian_pattern(F).toarray()
    for m in (0, 1, 5, 8):
        np.testing.assert_array_equal(hessian_pattern(F, block=m).toarray(), P[:m, :m])
    with pytest.raises(ValueError, match="block"):
        hessian_pattern(F, block=9)


def test_sparse_hessian_block_colors_only_the_block():
    """U (20 values, each meeting theta's 6 values nonlinearly): the full Hessian's theta
    rows need several colors, its (u, u) block (diagonal) one replay; the block tape's values are
    the dense Hessian's block, exactly, and the entries its pattern leaves out are zeros."""
    from numtape.transforms.sparse import sparse_hessian_block

    def f(z):
        u, th = z[:20], z[20:]
        eta = u + np.repeat(th[:4], 5) * np.exp(th[4])
        return np.sum(np.exp(eta) - 3.0 * eta) + th[5] ** 2 * np.sum(u ** 2)
    z0 = np.random.default_rng(4).normal(size=26) * 0.3
    F = nt.MakeTape(f, z0)
    G = F.jacfun()
    Gu = nt.MakeTape(lambda z: G(z)[:20], z0)
    Hb = sparse_hessian_block(F, Gu, 20)
    assert Hb.n_out == 20 and Hb.shape == (20, 20)
    H = F.hessian(z0)[:20, :20]
    np.testing.assert_allclose(Hb(z0).toarray(), H, rtol=1e-14, atol=0)
    assert HessianPlan(hessian_pattern(F, block=20)).n_colors == 1
    assert HessianPlan(hessian_pattern(F)).n_colors > 1
    with pytest.raises(ValueError, match="gradient tape"):
        sparse_hessian_block(F, G, 20)


def test_hessian_pair_codes_are_sorted_and_unique_by_the_radix_sort():
    from numtape.sparsity._hessian import _unique
    rng = np.random.default_rng(5)
    cases = [np.zeros(0, dtype=np.int64), np.array([7], dtype=np.int64),
             rng.integers(0, 50, 10_000), rng.integers(0, 2 ** 62, 5_000),
             np.repeat(np.arange(3000, 0, -1) * 100_003, 3)]      # descending, repeated
    for a in cases:
        a = a.astype(np.int64)
        np.testing.assert_array_equal(_unique.py_func(a), np.unique(a))
        np.testing.assert_array_equal(_unique(a), np.unique(a))

def test_hessian_pattern_needs_a_scalar_tape():
    with pytest.raises(ValueError, match="scalar"):
        hessian_pattern(nt.MakeTape(lambda x: x * x, np.zeros(3)))


def banded(n, width):
    offsets = range(-width, width + 1)
    return sp.diags([np.ones(n - abs(k)) for k in offsets], list(offsets), shape=(n, n))


PATTERNS = [
    ("tridiagonal", banded(50, 1)),
    ("pentadiagonal", banded(60, 2)),
    ("rectangular_random", sp.random(40, 70, density=0.08, random_state=3)),
    ("tall_random", sp.random(90, 30, density=0.1, random_state=4)),
    ("arrowhead", banded(30, 0) + sp.coo_matrix((np.ones(59), (np.r_[[0] * 30, 1:30],
                                                               np.r_[0:30, [0] * 29])))),
]


@pytest.mark.parametrize("order", ["natural", "largest_first"])
@pytest.mark.parametrize("name, P", PATTERNS, ids=[p[0] for p in PATTERNS])
def test_column_and_row_colorings_are_distance_2(name, P, order):
    P = sp.csr_matrix(P, dtype=bool)
    for colors, lines in ((color_columns(P, order), P), (color_rows(P, order), P.T.tocsr())):
        assert colors.min() == 0
        for r in range(lines.shape[0]):
            c = colors[lines.indices[lines.indptr[r]:lines.indptr[r + 1]]]
            assert np.unique(c).size == c.size, f"line {r} has two entries of one color"


def symmetric_random(n, density, seed):
    A = sp.random(n, n, density=density, random_state=seed)
    return sp.csr_matrix(A + A.T + sp.eye(n))


STAR_PATTERNS = [("tridiagonal", banded(40, 1)), ("band_3", banded(50, 3)),
                 ("random_sparse", symmetric_random(60, 0.04, 5)),
                 ("random_denser", symmetric_random(40, 0.15, 6)),
                 ("arrowhead", PATTERNS[-1][1])]


@pytest.mark.parametrize("name, P", STAR_PATTERNS, ids=[p[0] for p in STAR_PATTERNS])
def test_star_coloring_recovers_every_entry(name, P):
    """Compress a random symmetric matrix on P by its star coloring and recover it exactly."""
    P = sp.csr_matrix(P, dtype=bool)
    colors = star_coloring(P)
    rows, cols = P.nonzero()
    off = rows != cols
    assert np.all(colors[rows[off]] != colors[cols[off]]), "not a proper coloring"
    vals = np.random.default_rng(7).normal(size=rows.size)
    H = sp.csr_matrix((vals, (rows, cols)), shape=P.shape)
    H = (H + H.T).toarray()
    S = np.zeros((P.shape[0], colors.max() + 1))
    S[np.arange(P.shape[0]), colors] = 1.0
    plan = HessianPlan(P, colors)
    got = sp.csr_matrix(((H @ S).T.ravel()[plan.index], plan.pattern.indices,
                         plan.pattern.indptr), shape=P.shape).toarray()
    np.testing.assert_array_equal(got, H * P.toarray())


def test_invalid_colorings_are_refused():
    P = banded(6, 1)
    with pytest.raises(ValueError, match="not valid"):
        JacobianPlan(P, ("column", np.array([0, 1, 0, 1, 0, 1])))
    with pytest.raises(ValueError, match="star coloring"):
        HessianPlan(banded(6, 2), np.array([0, 1, 2, 0, 1, 2]))


def tridiagonal_residual(x):
    return x[1:-1] ** 2 - x[:-2] + np.sin(x[2:])


def arrowhead_residual(x):
    return [np.sum(x ** 2), x[0] * x[1:] + np.exp(x[1:])]


def block_diagonal(x):
    return ((x.reshape(6, 3) ** 2) @ B43[:3]).ravel() + np.cos(x)


SPARSE_IDX = RNG.integers(0, 40, size=(3, 50))


def random_sparse(x):
    i, j, k = SPARSE_IDX
    return x[i] * np.sin(x[j]) + x[k] ** 3


def banded_loop(x):
    r = nt.zeros(x.size - 2)
    for i in range(x.size - 2):
        r[i] = x[i] * x[i + 1] - np.exp(x[i + 2])
    return r


COMPRESSED_CASES = [("tridiagonal", tridiagonal_residual, 30),
                    ("arrowhead", arrowhead_residual, 20),
                    ("block_diagonal", block_diagonal, 18),
                    ("random_sparse", random_sparse, 40),
                    ("banded_loop", banded_loop, 25)]


@pytest.mark.parametrize("mode", ["auto", "column", "row"])
@pytest.mark.parametrize("name, f, n", COMPRESSED_CASES, ids=[c[0] for c in COMPRESSED_CASES])
def test_compressed_jacobian_equals_dense(name, f, n, mode):
    F = nt.MakeTape(f, np.zeros(n))
    x = np.random.default_rng(8).normal(size=n)
    P = jacobian_pattern(F)
    coloring = {"auto": None, "column": ("column", color_columns(P)),
                "row": ("row", color_rows(P))}[mode]
    J = sparse_jacobian(F, x, pattern=P, coloring=coloring)
    assert sp.issparse(J) and J.format == "csr" and J.shape == (F.n_out, F.n_in)
    np.testing.assert_allclose(J.toarray(), F.jacobian(x), rtol=1e-13, atol=0)


def test_plan_is_reused_across_points_and_chunks_seeds(monkeypatch):
    monkeypatch.setattr(evaluate, "_MAX_SEEDS", 2)  # 3 colors: two sweeps of the chunk loop
    F = nt.MakeTape(tridiagonal_residual, np.zeros(30))
    plan = JacobianPlan(jacobian_pattern(F))
    for seed in range(3):
        x = np.random.default_rng(seed).normal(size=30)
        np.testing.assert_allclose(plan(F, x).toarray(), F.jacobian(x), rtol=1e-13, atol=0)


def test_tridiagonal_residual_needs_three_colors():
    F = nt.MakeTape(tridiagonal_residual, np.zeros(1000))
    plan = JacobianPlan(jacobian_pattern(F))
    assert plan.n_colors == 3


def banded_objective(x):
    return np.sum(x[:-1] ** 2 * x[1:]) + np.sum(np.exp(x)) + np.sum(x[:-2] * x[2:])


def banded_gradient(x):
    """Hand-written gradient of ``banded_objective``, recorded as a tape R^n -> R^n."""
    z = np.zeros(1)
    z2 = np.zeros(2)
    return (np.concatenate([2.0 * x[:-1] * x[1:], z]) + np.concatenate([z, x[:-1] ** 2])
            + np.exp(x) + np.concatenate([x[2:], z2]) + np.concatenate([z2, x[:-2]]))


@pytest.mark.parametrize("use_pattern", [True, False], ids=["hessian_pattern", "default"])
def test_sparse_hessian_from_gradient_tape(use_pattern):
    n = 25
    F = nt.MakeTape(banded_objective, np.zeros(n))
    G = nt.MakeTape(banded_gradient, np.zeros(n))
    x = np.random.default_rng(9).normal(size=n)
    np.testing.assert_allclose(G(x), F.gradient(x), rtol=1e-14)
    hp = hessian_pattern(F) if use_pattern else None
    H = sparse_hessian_from_gradient(G, x, hp)
    assert (H != H.T).nnz == 0
    np.testing.assert_allclose(H.toarray(), G.jacobian(x), rtol=1e-13, atol=0)
    plan = HessianPlan(hessian_pattern(F))
    x2 = x + 0.25
    np.testing.assert_allclose(sparse_hessian_from_gradient(G, x2, plan=plan).toarray(),
                               G.jacobian(x2), rtol=1e-13, atol=0)


# ---- every op of the table: its declared sparsity facts hold ------------------------------------
def _table_cases():
    """(id, f, x0) for every elementwise op (all operands active, vectors) and every block-op
    case of the op table's tests."""
    from opcases import BLOCK_CASES, build, sample_operands   # the op tables
    from numtape.ops import ELEMENTWISE, OPS
    cases = []
    for spec in OPS:
        if spec.kind == ELEMENTWISE:
            pattern = tuple(("v", True) for _ in range(spec.arity))
            rng = np.random.default_rng(spec.code)
            vals = sample_operands(spec.name, [(4,)] * spec.arity, rng)
            f, x0, _ = build(spec, pattern, vals)
            cases.append((spec.name, f, x0))
    for name, block in BLOCK_CASES.items():
        for case in block:
            cases.append((f"{name}-{case.id}", case.f, case.x))
    return cases


TABLE_CASES = _table_cases()


def _total(y):
    """The sum of every output of a case (cases may return a list or tuple of arrays)."""
    if isinstance(y, (list, tuple)):
        return sum(np.sum(p) for p in y)
    return np.sum(y)


@pytest.mark.parametrize("name, f, x0", TABLE_CASES, ids=[c[0] for c in TABLE_CASES])
def test_declared_sparsity_of_every_op_covers_its_derivatives(name, f, x0):
    """OpSpec.jacobian/.active/.hessian of every op: the Jacobian pattern holds every
    numerical non-zero of J, and the Hessian pattern of sum(f) every non-zero of a
    finite-difference Hessian (jacfun's Jacobian of the gradient, exact up to rounding)."""
    F = nt.MakeTape(f, x0)
    x = np.asarray(x0, dtype=float)
    P = jacobian_pattern(F).toarray()
    assert np.all(P[F.jacobian(x) != 0]), "Jacobian pattern misses a non-zero"
    S = nt.MakeTape(lambda v: _total(f(v)), x0)
    H = S.hessian(x)
    HP = hessian_pattern(S).toarray()
    assert np.all(HP[np.abs(H) > 1e-12 * max(1.0, np.abs(H).max())]), \
        "Hessian pattern misses a non-zero"


def test_public_sparse_hessian_equals_dense_hessian():
    """numtape.sparsity.sparse_hessian (star-colored tangent sweeps of the gradient tape) equals
    the dense Hessian, with its plan reused at a second point."""
    from numtape.sparsity import sparse_hessian
    f = lambda x: np.sum(np.sin(x[1:] * x[:-1])) + np.sum(np.exp(x) * x[::-1])
    F = nt.MakeTape(f, np.zeros(9))
    x = np.linspace(-1.0, 1.0, 9)
    np.testing.assert_allclose(sparse_hessian(F, x).toarray(), F.hessian(x), rtol=1e-13,
                               atol=1e-13)
    plan = HessianPlan(hessian_pattern(F))
    np.testing.assert_allclose(sparse_hessian(F, 2 * x, plan).toarray(), F.hessian(2 * x),
                               rtol=1e-13, atol=1e-13)


def test_sparse_hessfun_of_a_linear_function_is_an_empty_csr():
    """A linear objective has an all-zero Hessian: hessfun(sparse=True) gives an (n, n) csr
    matrix with no stored entries."""
    F = nt.MakeTape(lambda x: 2.0 * x[0] + x[1], np.zeros(2))
    np.testing.assert_array_equal(F.hessian(np.ones(2)), np.zeros((2, 2)))
    H = F.hessfun(sparse=True)(np.ones(2))
    assert H.shape == (2, 2) and H.nnz == 0


def test_sparse_jacfun_of_a_constant_function_is_an_empty_csr():
    """Outputs that do not depend on x: the sparse jacfun is an all-zero (m, n) csr matrix."""
    F = nt.MakeTape(lambda x: np.full(2, 2.0) + 0.0 * 0.0, np.zeros(2))
    np.testing.assert_array_equal(F.jacfun()(np.ones(2)), np.zeros(4))
    J = F.jacfun(sparse=True)(np.ones(2))
    assert J.shape == (2, 2) and J.nnz == 0


SOLVE_CASES = {
    "solve": lambda A, B: np.linalg.solve(A, B),
    "solve_triangular lower": lambda A, B: nt.linalg.solve_triangular(A, B, lower=True),
    "solve_triangular upper, transposed": lambda A, B: nt.linalg.solve_triangular(
        A, B, lower=False, trans=1),
}


@pytest.mark.parametrize("name", list(SOLVE_CASES))
def test_solve_patterns_keep_the_columns_of_b_apart(name):
    """X = A^-1 B: column j of X depends on A and column j of B only, so the patterns are
    exact for a dense A (no coupling of B's columns through the solve)."""
    solve = SOLVE_CASES[name]
    A0 = np.array([[3.0, 0.5, 0.1], [0.2, 4.0, 0.3], [0.1, 0.2, 5.0]])

    def f(x):
        return np.ravel(solve(A0 + np.diag(x[:3]), x[3:].reshape(3, 2)))
    F = nt.MakeTape(f, np.ones(9))
    x = np.random.default_rng(1).uniform(0.5, 1.5, 9)
    P = jacobian_pattern(F).toarray()
    assert np.all((F.jacobian(x) != 0) <= P)
    assert not P[0::2, 4::2].any() and not P[1::2, 3::2].any()   # columns stay apart
    G = nt.MakeTape(lambda x: np.sum(f(x) ** 3), np.ones(9))
    H = hessian_pattern(G).toarray()
    assert np.all((np.abs(G.hessian(x)) > 0) <= H)
    assert not H[3::2, 4::2].any()


def test_a_multivariate_normal_per_group_keeps_the_inner_hessian_block_diagonal():
    """Random effects u (18 groups x 2) with multivariate_normal.logpdf(u, None, cov): the
    Hessian in u is 18 blocks of 2 x 2 (72 entries), so the Laplace approximation's inner
    Hessian takes 2 colors, not 36 (it once made such a model 20-170x slower than the same
    density written as two normals)."""
    cov = np.array([[2.0, 0.3], [0.3, 1.0]])

    def f(z):
        u = z[:36].reshape(18, 2)
        c = cov * z[36]
        return -np.sum(nt.distributions.multivariate_normal.logpdf(u, None, c))
    F = nt.MakeTape(f, np.concatenate([np.zeros(36), [1.0]]))
    H = hessian_pattern(F).toarray()[:36, :36]
    assert H.sum() == 72 and np.array_equal(H, np.kron(np.eye(18), np.ones((2, 2))) > 0)


def _seeded_by_addresses(rec, seed, d, zero, shape):
    """The compressed Hessian's seeding as it was for a seed of 0s and 1s: d's addresses
    where it is 1, the zero's elsewhere (a gather of n scattered operands once recorded)."""
    from numtape.trace.recorder import addr_array, wrap
    d_addr = rec.const(float(d)) if type(d) is float else addr_array(rec, d)
    return wrap(rec, np.where(seed == 1.0, np.broadcast_to(d_addr, seed.shape), zero))


def test_compressed_hessian_seeds_are_selects_with_the_gathers_bits(monkeypatch):
    """A color's seed meeting a partial that is not constant is one select over the seed as a
    constant block, not a gather of n addresses (which every simplify pass and sweep walked
    operand by operand): the (u, u) block's Hessian tape of an AR(1)-like objective has no
    gather, and its values are the gathers' bit for bit, at overflowing c = exp(800), NaN and
    zeros included."""
    from numtape.ops.layout import arg_pointers
    from numtape.transforms import jacfun
    from numtape.transforms.sparse import sparse_hessian_block
    n = 100

    def f(z):
        u, c = z[:n], np.exp(z[n])
        return 0.5 * np.sum((u[1:] - c * u[:-1]) ** 2) + np.sum(np.exp(u))

    def block_tape():
        F = nt.MakeTape(f, np.zeros(n + 1))
        G = F.jacfun()
        return sparse_hessian_block(F, nt.MakeTape(lambda z: G(z)[:n], np.zeros(n + 1)), n)

    def gathers(T):
        nargs = np.diff(arg_pointers(T.op, np.diff(T.out_ptr))[0])
        return [int(a) for c, a in zip(T.op, nargs) if c == BY_NAME["GatherOp"].code]

    monkeypatch.setattr(jacfun, "BATCH_SLOTS", 1)   # a replay per color: no broadcast partials
    H = block_tape()
    seeded = jacfun._seeded
    with monkeypatch.context() as m:
        m.setattr(jacfun, "_seeded", lambda rec, seed, *a: (
            seeded if type(seed) is float else _seeded_by_addresses)(rec, seed, *a))
        H_ref = block_tape()
    assert gathers(H) == [] and len(gathers(H_ref)) > 2 and min(gathers(H_ref)) >= n // 4
    u = np.random.default_rng(3).normal(size=n)
    for z in (np.r_[u, 0.3], np.r_[u, 800.0], np.r_[-u, -800.0], np.r_[u, np.nan],
              np.zeros(n + 1)):
        a, b = H(z), H_ref(z)
        np.testing.assert_array_equal(a.indices, b.indices)
        np.testing.assert_array_equal(a.data.view(np.int64), b.data.view(np.int64))
    z = np.r_[u, 0.3]
    dense = nt.MakeTape(f, z).hessian(z)[:n, :n]
    np.testing.assert_allclose(H(z).toarray(), dense, rtol=1e-14, atol=1e-14)
