"""Table-driven derivative tests: every op of ``numtape.ops.OPS``, checked by ``check_grads``.

Elementwise ops get a sampling domain per operand (``DOMAINS``) and are recorded through
``elementwise(spec, ...)`` under every active/constant and broadcast pattern of their operands;
block ops get a list of NumPy-level cases (``BLOCK_CASES``) that must record them.  Points
where a derivative is defined but delicate (kinks, ties, tiny and huge arguments) are in
``EDGES`` with their exact partials.  A test asserts every op in the table has test data, so a
new op without it fails.
"""
from __future__ import annotations

import operator

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
import numtape.ops.order
import numtape.scipy
from numtape.trace.adarray import elementwise
from numtape.ops import BLOCK, BY_NAME, ELEMENTWISE, OPS
from numtape.testing import (check_grads, finite_jacobian, reverse_jacobian, rule_vjp,
                             tangent_jacobian)
from opcases import (BLOCK_CASES, CONSTANT_ORDER, DOMAINS, POINTS, SEPARATED, SHAPES, build,
                     case_seed, pattern_id, patterns, uniform, sample_operands)


# ---- the checks -----------------------------------------------------------------------------
def rule_jacobian(F, x):
    """Jacobian from reverse sweeps through the recorded rules (vjp_rule), row by row."""
    return np.array([rule_vjp(F, x, e) for e in np.eye(F.n_out)]).reshape(F.n_out, F.n_in)


def jacobians(F, x):
    """(reverse, tangent, recorded-rule) Jacobians."""
    return reverse_jacobian(F, x), tangent_jacobian(F, x), rule_jacobian(F, x)


def check_multi_direction(F, x, jr):
    """Several adjoint/tangent directions in one sweep agree with the Jacobian (exercises the
    k > 1 paths of the sweeps for scalar ops too)."""
    rng = np.random.default_rng(1)
    W = rng.standard_normal((3, F.n_out))
    V = rng.standard_normal((3, F.n_in))
    W[2], V[2] = W[0] + W[1], V[0] + V[1]
    val = F.sweeps.forward(F.flatten_input(x))
    np.testing.assert_allclose(F.sweeps.reverse(val, W), W @ jr, rtol=1e-12, atol=1e-13)
    val = F.sweeps.forward(F.flatten_input(x))
    np.testing.assert_allclose(F.sweeps.tangent(val, V), V @ jr.T, rtol=1e-12, atol=1e-13)


def check_op(spec, f, x, discrete):
    """check_grads, plus: zero-derivative ops have exactly-zero Jacobians in every mode;
    x entries from a discrete domain (conditions) have exactly-zero columns, and finite
    differences run over the continuous entries only."""
    zero = spec.zero_derivative
    F = check_grads(f, x, fd=not (zero or discrete.any()))
    jr, jt, jrule = jacobians(F, x)
    if zero:
        for j in (jr, jt, jrule):
            assert np.all(j == 0.0), f"{spec.name} has a non-zero derivative"
    elif discrete.any():
        for j in (jr, jt, jrule):
            assert np.all(j[:, discrete] == 0.0)
        cont = ~discrete

        def g(xc):
            z = x.copy()
            z[cont] = xc
            return f(z)
        np.testing.assert_allclose(jr[:, cont], finite_jacobian(g, x[cont]), rtol=1e-6,
                                   atol=1e-9, err_msg="Jacobian differs from finite differences")
    check_multi_direction(F, x, jr)
    return F


def _elementwise_cases():
    for spec in OPS:
        if spec.kind == ELEMENTWISE and spec.name in DOMAINS:
            for pat in patterns(spec.arity):
                yield pytest.param(spec.name, pat, id=f"{spec.name}-{pattern_id(pat)}")


@pytest.mark.parametrize("name, pattern", list(_elementwise_cases()))
def test_elementwise(name, pattern):
    """check_op at POINTS random points (same constants); the tape recorded at the first
    point replays the others exactly as a tape recorded there."""
    spec = BY_NAME[name]
    shapes = [SHAPES[kind] for kind, _ in pattern]
    rng = np.random.default_rng(case_seed(name, pattern_id(pattern)))
    values = sample_operands(name, shapes, rng)
    f, x0, discrete = build(spec, pattern, values)
    F0 = check_op(spec, f, x0, discrete)
    assert spec.code in F0.op
    consts = {j: v for j, ((_, active), v) in enumerate(zip(pattern, values)) if not active}
    for _ in range(POINTS - 1):
        _, x, _ = build(spec, pattern, sample_operands(name, shapes, rng, consts))
        F = check_op(spec, f, x, discrete)
        np.testing.assert_array_equal(F0(x), F(x))
        for jac in (reverse_jacobian, tangent_jacobian):
            np.testing.assert_array_equal(jac(F0, x), jac(F, x))


def _alias_cases():
    """Binary ops whose operands can all be one traced array (a domain inside every
    operand's domain): f(x) = op(x, x), adjoints of both operands accumulate in one slot."""
    for spec in OPS:
        if spec.kind != ELEMENTWISE or spec.arity != 2 or spec.name not in DOMAINS:
            continue
        doms = DOMAINS[spec.name]
        for d in doms:
            if all(_inside(d, e) for e in doms):
                yield pytest.param(spec.name, d, id=spec.name)
                break


def _inside(d, e):
    return all(any(lo2 <= lo and hi <= hi2 for lo2, hi2 in e.intervals())
               for lo, hi in d.intervals())


@pytest.mark.parametrize("shape", [(), (5,)], ids=["0d", "vec"])
@pytest.mark.parametrize("name, dom", list(_alias_cases()))
def test_elementwise_same_operand_twice(name, dom, shape):
    spec = BY_NAME[name]
    x = dom.sample(np.random.default_rng(case_seed(name, "alias")), shape)
    check_op(spec, lambda x: elementwise(spec, x, x), x, np.full(x.size, dom.discrete))


# ---- edge points: exact partials where the derivative is defined but delicate, declared with
# each op (OpSpec.edges)
EDGES = [(spec.name, e) for spec in OPS for e in spec.edges]


def _edge_id(case):
    name, e = case
    return f"{name}{e.point}".replace(" ", "")


def _edge_tape(name, e):
    spec = BY_NAME[name]
    active = e.active or (True,) * spec.arity
    pattern = tuple(("s", a) for a in active)
    return build(spec, pattern, [np.array(v) for v in e.point])


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("case", EDGES, ids=[_edge_id(c) for c in EDGES])
def test_edge_partials(case):
    name, e = case
    f, x, _ = _edge_tape(name, e)
    F = check_grads(f, x, fd=False)
    expected = np.array(e.partials, dtype=np.float64).reshape(1, -1)
    for mode, j in zip(("reverse", "tangent", "rule"), jacobians(F, x)):
        np.testing.assert_allclose(j, expected, rtol=e.rtol, atol=e.atol,
                                   err_msg=f"{name} at {e.point}: {mode} mode. {e.why}")
        np.testing.assert_array_equal(j == 0.0, expected == 0.0,
                                      err_msg=f"{name} at {e.point}: {mode} mode zeros. {e.why}")
    np.testing.assert_allclose(F.jvp(x, np.ones_like(x)), expected.sum(), rtol=e.rtol,
                               atol=e.atol)


def test_edges_are_declared_where_they_are_delicate():
    """The kinks (abs, max/min and their NaN-ignoring twins), the far tails and the select
    carry their edge points on the declaration."""
    assert {"AbsOp", "SqrtOp", "MaximumOp", "FmaxOp", "PowOp", "SelectOp", "NdtriOp",
            "XlogyOp"} <= {name for name, _ in EDGES}


def _tie_cases():
    for name in sorted(SEPARATED):
        for pid, a_active, b_active, b_shape in [("vec-vec", True, True, (5,)),
                                                 ("vec-const", True, False, (5,)),
                                                 ("vec-scalar", True, True, ()),
                                                 ("const-vec", False, True, (5,)),
                                                 ("vec-constscalar", True, False, ())]:
            yield pytest.param(name, a_active, b_active, b_shape, id=f"{name}-{pid}")


@pytest.mark.parametrize("name, a_active, b_active, b_shape", list(_tie_cases()))
def test_ties_go_to_first_argument(name, a_active, b_active, b_shape):
    """Broadcast operands with ties in some elements, in reverse, tangent and rule modes."""
    spec = BY_NAME[name]
    a = np.array([1.0, 0.5, -2.0, 3.0, 0.0])
    b = np.array([1.0, 1.0, -2.0, -1.0, 0.0]) if b_shape else np.array(0.0)
    a_b, b_b = np.broadcast_arrays(a, b)
    wins = (a_b >= b_b) if name in ("MaximumOp", "FmaxOp") else (a_b <= b_b)
    d_a, d_b = np.diag(wins * 1.0), np.zeros((5, b.size))
    for i in range(5):
        d_b[i, i if b.size > 1 else 0] = 1.0 - wins[i]
    expected = np.hstack([d for d, act in ((d_a, a_active), (d_b, b_active)) if act])
    f, x, _ = build(spec, (("v", a_active), ("v" if b_shape else "s", b_active)), [a, b])
    F = check_grads(f, x, fd=False)
    for j in jacobians(F, x):
        np.testing.assert_array_equal(j, expected)


@pytest.mark.parametrize("f, at, expected", [
    pytest.param(lambda x: np.maximum(x, 1.0), 1.0, 1.0, id="maximum-x-first"),
    pytest.param(lambda x: np.maximum(1.0, x), 1.0, 0.0, id="maximum-x-second"),
    pytest.param(lambda x: np.minimum(x, 1.0), 1.0, 1.0, id="minimum-x-first"),
    pytest.param(lambda x: np.clip(x, 0.0, 1.0), 0.0, 1.0, id="clip-lower"),
    pytest.param(lambda x: np.clip(x, 0.0, 1.0), 1.0, 1.0, id="clip-upper"),
    pytest.param(lambda x: np.abs(x), 0.0, 0.0, id="abs-zero"),
])
def test_kink_conventions_through_numpy(f, at, expected):
    x = np.array([at])
    F = check_grads(f, x, fd=False)
    for j in jacobians(F, x):
        assert j[0, 0] == expected


# ---- the branch not taken contributes exactly zero --------------------------------------
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("x", [np.array(0.0), np.array([0.0, 0.0]), np.array([0.0, 4.0, 0.0])],
                         ids=["0d", "zeros", "mixed"])
def test_branch_not_taken_sqrt(x):
    f = lambda x: np.where(x > 0, np.sqrt(x), 0.0)
    F = check_grads(f, x, fd=False)
    xf = np.ravel(x)
    with np.errstate(divide="ignore"):
        expected = np.diag(np.where(xf > 0, 0.5 / np.sqrt(xf), 0.0))
    for j in jacobians(F, x):
        np.testing.assert_array_equal(j, expected)
    np.testing.assert_array_equal(np.ravel(F.jvp(x, np.ones_like(x))), np.diag(expected))
    G = nt.MakeTape(lambda x: np.sum(f(x)), x)
    np.testing.assert_array_equal(np.ravel(G.gradient(x)), np.diag(expected))
    np.testing.assert_array_equal(rule_vjp(G, x, np.ones(1)), np.diag(expected))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("x", [np.array(0.5), np.array([0.5, 3.0])], ids=["0d", "vec"])
def test_branch_not_taken_log(x):
    f = lambda x: np.where(x > 1, np.log(x - 1), x)
    F = check_grads(f, x)
    xf = np.ravel(x)
    expected = np.diag(np.where(xf > 1, 1.0 / (xf - 1.0), 1.0))
    for j in jacobians(F, x):
        np.testing.assert_array_equal(j, expected)
    G = nt.MakeTape(lambda x: np.sum(f(x)), x)
    assert np.ravel(G.gradient(x))[0] == 1.0
    assert np.ravel(G.vjp(x, 1.0))[0] == 1.0
    assert G.jvp(x, np.eye(xf.size)[0]) == 1.0
    assert rule_vjp(G, x, np.ones(1))[0] == 1.0


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
def test_branch_not_taken_through_product():
    """X * log(x) at 0 is 0 * -inf = NaN in the untaken branch; the gradient is still 0."""
    f = lambda x: np.sum(np.where(x > 0, x * np.log(x), 0.0))
    x = np.array([0.0, 2.0])
    G = nt.MakeTape(f, x)
    g = np.array([0.0, np.log(2.0) + 1.0])
    np.testing.assert_allclose(G.gradient(x), g, rtol=1e-15)
    assert G.gradient(x)[0] == 0.0
    for j in jacobians(G, x):
        assert j[0, 0] == 0.0


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("p", [2, 2.0, 0.5, -1, -1.0], ids=str)
@pytest.mark.parametrize("shape", [(), (7,)], ids=["0d", "vec"])
def test_special_powers_bit_identical(p, shape):
    """X ** 2, x ** 0.5, x ** -1 on a tape give exactly NumPy's values, at the recording
    point and at new points (tiny, huge, irrational)."""
    x = np.asarray(np.random.default_rng(3).uniform(1e-3, 50.0, shape))
    F = check_grads(lambda x: x ** p, x)
    assert np.array_equal(F(x), x ** p)
    for y in (1e-300, 3.0, 1e300, 2.0 ** 0.5, 0.1, 1e-5, 5e-324):
        y = np.full(shape, y)
        assert np.array_equal(F(y), y ** p), y


# ---- the same ops reached through the NumPy surface (ufuncs and Python operators) --------
def surface_patterns(arity):
    """(shape kind, active) patterns a user writes: all traced scalars (the fast scalar
    paths), all traced vectors, and each operand in turn a Python float or a NumPy array."""
    yield (("s", True),) * arity
    yield (("v", True),) * arity
    if arity > 1:
        for j in range(arity):
            for kind in ("s", "v"):
                for other in ("s", "v"):
                    yield tuple((kind, False) if i == j else (other, True) for i in range(arity))


def check_surface(spec, fn, pattern, key):
    rng = np.random.default_rng(case_seed(spec.name, key, pattern_id(pattern)))
    values = sample_operands(spec.name, [SHAPES[k] for k, _ in pattern], rng)
    check_op(spec, *build(spec, pattern, values, fn))


def _ufunc_cases():
    for spec in OPS:
        if spec.kind == ELEMENTWISE and spec.name in DOMAINS:
            # bitwise ufuncs reach And/Or/Not on traced 0/1 values only (floats have no bits)
            for uf in (u for u in spec.ufuncs if "dd" in "".join(t[:2] for t in u.types)
                       or "d->" in " ".join(u.types)):
                for pat in surface_patterns(spec.arity):
                    if spec.name in CONSTANT_ORDER and pat[0][1]:
                        continue   # a traced order is refused (test_traced_bessel_order_...)
                    yield pytest.param(spec.name, uf, pat,
                                       id=f"{spec.name}-np.{uf.__name__}-{pattern_id(pat)}")




@pytest.mark.parametrize("ufunc", [sc.iv, sc.ive, sc.kv, sc.kve])
def test_traced_bessel_order_is_refused_naming_the_function(ufunc):
    with pytest.raises(nt.TracingError, match=f"{ufunc.__name__}: the order must be a constant"):
        nt.MakeTape(lambda x: ufunc(x[0], x[1]), np.ones(2))


@pytest.mark.parametrize("name, ufunc, pattern", list(_ufunc_cases()))
def test_numpy_ufunc_surface(name, ufunc, pattern):
    """Every ufunc the table maps to an op (np.power(x, 2.0) may record SquareOp instead)."""
    check_surface(BY_NAME[name], ufunc, pattern, ufunc.__name__)


OPERATORS = [
    ("NegOp", operator.neg), ("AbsOp", abs), ("AddOp", operator.add),
    ("SubOp", operator.sub), ("MulOp", operator.mul), ("DivOp", operator.truediv),
    ("PowOp", operator.pow), ("LtOp", operator.lt), ("LeOp", operator.le),
    ("GtOp", operator.gt), ("GeOp", operator.ge), ("EqOp", operator.eq), ("NeOp", operator.ne),
    ("AndOp", lambda a, b: (a > 0.5) & (b > 0.5)), ("OrOp", lambda a, b: (a > 0.5) | (b > 0.5)),
    ("NotOp", lambda a: ~(a > 0.5)),
]


@pytest.mark.parametrize("name, fn, pattern", [
    pytest.param(name, fn, pat, id=f"{name}-{pattern_id(pat)}")
    for name, fn in OPERATORS for pat in surface_patterns(BY_NAME[name].arity)])
def test_python_operators(name, fn, pattern):
    """Operators on traced values, Python floats on either side, reflected operators."""
    check_surface(BY_NAME[name], fn, pattern, "operator")


def _block_cases():
    for spec in OPS:
        for case in BLOCK_CASES.get(spec.name, []):
            yield pytest.param(spec.name, case, id=f"{spec.name}-{case.id}")


def check_block_case(name, case):
    spec = BY_NAME[name]
    x = case.x
    F = check_grads(case.f, x, fd=case.fd)
    assert spec.code in F.op, f"case {case.id} does not record {name}"
    jr, jt, jrule = jacobians(F, x)
    check_multi_direction(F, x, jr)
    if case.jac is not None:
        expected = case.jac(x)
        generic = nt.MakeTape(case.f, uniform(x.shape, case_seed(name, case.id), 0.5, 2.0))
        for j in (jr, jt, jrule, generic.jacobian(x)):
            np.testing.assert_allclose(j, expected, rtol=1e-14, atol=0)
            np.testing.assert_array_equal(j == 0.0, expected == 0.0)
    check_atomic_equivalence(spec, case.f, x)


EXPANDED = {"MatMulOp", "CholeskyOp", "TriSolveOp", "SumOp", "ProdOp", "MaxOp", "MinOp",
            "CumsumOp", "CallOp"}   # recorded element by element under TapeConfig(atomic="disable")


def check_atomic_equivalence(spec, f, x):
    """TapeConfig(atomic="disable") gives the same values and Jacobians; matrix products are
    then recorded element by element (no MatMulOp)."""
    F1 = nt.MakeTape(f, x)
    with nt.TapeConfig(atomic="disable"):
        F2 = nt.MakeTape(f, x)
    if spec.name in EXPANDED and spec.code in F1.op:
        assert spec.code not in F2.op, f"{spec.name} is not expanded under atomic='disable'"
    np.testing.assert_allclose(F2(x), F1(x), rtol=1e-13, atol=1e-300)
    for jac in (reverse_jacobian, tangent_jacobian):
        j1, j2 = jac(F1, x), jac(F2, x)
        scale = np.nanmax(np.abs(j1), initial=1.0)
        np.testing.assert_allclose(j2, j1, rtol=1e-13, atol=1e-13 * scale)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("name, case", list(_block_cases()))
def test_block_op(name, case):
    check_block_case(name, case)


# ---- the table is covered -------------------------------------------------------------------
def test_every_op_has_test_data():
    names = [s.name for s in OPS]
    assert len(set(names)) == len(names)
    missing = [n for n in names if n not in DOMAINS and n not in BLOCK_CASES]
    assert not missing, f"ops without test data: {missing}"
    stale = (set(DOMAINS) | set(BLOCK_CASES)) - set(names)
    assert not stale, f"test data for ops not in the table: {sorted(stale)}"
    for spec in OPS:
        if spec.kind == ELEMENTWISE:
            assert spec.name not in BLOCK_CASES
            assert len(DOMAINS[spec.name]) == spec.arity, spec.name
        else:
            assert spec.kind == BLOCK and spec.name not in DOMAINS
            assert BLOCK_CASES[spec.name], spec.name


@pytest.mark.parametrize("spec", OPS, ids=[s.name for s in OPS])
def test_every_op_once(spec):
    """One representative case per op (the fast subset the no-JIT leg runs)."""
    if spec.kind == ELEMENTWISE:
        if spec.name not in DOMAINS:
            pytest.fail(f"{spec.name} has no sampling domain in DOMAINS")
        # all vectors; then operand 0 a scalar (a broadcast flag; the n = 1 path if unary)
        for kinds in (["v"] * spec.arity, ["s"] + ["v"] * (spec.arity - 1)):
            pattern = tuple((k, True) for k in kinds)
            values = sample_operands(spec.name, [SHAPES[k] for k in kinds],
                                     np.random.default_rng(case_seed(spec.name, "once", kinds)))
            f, x, discrete = build(spec, pattern, values)
            assert spec.code in check_op(spec, f, x, discrete).op
    else:
        if not BLOCK_CASES.get(spec.name):
            pytest.fail(f"{spec.name} has no cases in BLOCK_CASES")
        check_block_case(spec.name, BLOCK_CASES[spec.name][0])
