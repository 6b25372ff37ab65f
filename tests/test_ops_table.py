"""Table-driven derivative tests: every op of ``numtape.ops.OPS``, checked by ``check_grads``.

Elementwise ops get a sampling domain per operand (``DOMAINS``) and are recorded through
``elementwise(spec, ...)`` under every active/constant and broadcast pattern of their operands;
block ops get a list of NumPy-level cases (``BLOCK_CASES``) that must record them.  Points
where a derivative is defined but delicate (kinks, ties, tiny and huge arguments) are in
``EDGES`` with their exact partials.  A test asserts every op in the table has test data, so a
new op without it fails.
"""
from __future__ import annotations

import functools
import itertools
import operator
import zlib
from dataclasses import dataclass
from typing import Callable

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
import numtape.ops.order
import numtape.scipy
from numtape.trace.adarray import elementwise
from numtape.ops import BLOCK, BY_NAME, ELEMENTWISE, OPS
from numtape.ops.info import Away, Choice  # noqa: F401 (the domains' kinds, for importers)
from numtape.testing import (check_grads, finite_jacobian, reverse_jacobian, rule_vjp,
                             tangent_jacobian)


# ---- sampling domains: declared with each op (OpSpec.domain; numtape/ops/info.py) ---------
DOMAINS = {spec.name: spec.domain for spec in OPS if spec.domain}
INF, NAN = np.inf, np.nan
# kinked where the operands are equal: random points keep them >= GAP apart (ties: EDGES)
SEPARATED = {"MaximumOp", "MinimumOp", "FmaxOp", "FminOp"}
GAP = 0.05

SHAPES = {"s": (), "v": (4,), "col": (3, 1), "m": (3, 4)}
POINTS = 2  # random points per pattern


def _seed(*key):
    return zlib.crc32("-".join(map(str, key)).encode())


def patterns(arity):
    """Every (shape kind, active) assignment of the operands with at least one active one;
    for four operands (5 x 4^4 x 15 would be 3,840 cases) vectors with at most one scalar
    broadcast, all active or one constant."""
    if arity == 4:
        for j in range(-1, 4):
            shapes = ["s" if i == j else "v" for i in range(4)]
            for k in range(-1, 4):
                yield tuple((kind, i != k) for i, kind in enumerate(shapes))
        return
    kinds = list(SHAPES) if arity < 3 else ["s", "v", "m"]
    for shapes in itertools.product(kinds, repeat=arity):
        for active in itertools.product((True, False), repeat=arity):
            if any(active):
                yield tuple(zip(shapes, active))


def pattern_id(pattern):
    return "-".join(("x." if act else "k.") + kind for kind, act in pattern)


def sample_operands(name, shapes, rng, fixed=None):
    """Operand values from the op's domains (operands in ``fixed`` keep their values)."""
    doms, fixed = DOMAINS[name], fixed or {}
    for _ in range(100):
        vals = [fixed[j] if j in fixed else d.sample(rng, s)
                for j, (d, s) in enumerate(zip(doms, shapes))]
        if name not in SEPARATED or np.all(np.abs(np.subtract(vals[0], vals[1])) >= GAP):
            return vals
    raise AssertionError(f"could not sample separated operands for {name}")


def build(spec, pattern, values, fn=None):
    """f(x) = fn(...) (default: ``elementwise(spec, ...)``): active operands are slices of x,
    the others constants (scalars as Python floats).  Returns f, x0, and the mask of x
    entries drawn from a discrete domain."""
    fn = fn or functools.partial(elementwise, spec)
    parts, discrete, consts, start = [], [], [], 0
    for (_, active), v, dom in zip(pattern, values, DOMAINS[spec.name]):
        if active:
            parts.append((start, start + v.size, v.shape))
            discrete.append(np.full(v.size, dom.discrete))
            start += v.size
            consts.append(None)
        else:
            parts.append(None)
            consts.append(float(v) if v.ndim == 0 else np.array(v))
    x0 = np.concatenate([np.ravel(v) for (_, active), v in zip(pattern, values) if active])

    def f(x):
        return fn(*[x[p[0]:p[1]].reshape(p[2]) if p is not None else c
                    for p, c in zip(parts, consts)])
    return f, x0, np.concatenate(discrete)


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
    rng = np.random.default_rng(_seed(name, pattern_id(pattern)))
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
    x = dom.sample(np.random.default_rng(_seed(name, "alias")), shape)
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
    rng = np.random.default_rng(_seed(spec.name, key, pattern_id(pattern)))
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


CONSTANT_ORDER = {"IvOp", "IveOp", "KvOp", "KveOp"}   # Bessel orders: constants only


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


# ---- block ops ------------------------------------------------------------------------------
@dataclass
class Case:
    id: str
    f: Callable
    x: np.ndarray
    fd: bool = True
    jac: Callable | None = None   # exact expected Jacobian at x (also from a tape recorded
                                  # at a generic point)


def _rand(shape, seed, lo=-2.0, hi=2.0):
    return np.random.default_rng(seed).uniform(lo, hi, shape)


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axis = axis if isinstance(axis, tuple) else (axis,)
    return tuple(sorted(a % ndim for a in axis))


def first_extreme_jac(axis, pick):
    """Expected Jacobian of max/min over ``axis``: one-hot at the FIRST extremum of each slice
    (C order of the reduced axes); ``pick`` is np.argmax / np.argmin (NaN wins)."""
    def jac(x):
        axes = _axes(axis, x.ndim)
        keep = [d for d in range(x.ndim) if d not in axes]
        m = int(np.prod([x.shape[d] for d in axes]))
        idx = np.arange(x.size).reshape(x.shape).transpose(keep + list(axes)).reshape(-1, m)
        xv = x.transpose(keep + list(axes)).reshape(-1, m)
        J = np.zeros((xv.shape[0], x.size))
        J[np.arange(xv.shape[0]), idx[np.arange(xv.shape[0]), pick(xv, axis=1)]] = 1.0
        return J
    return jac


def multilinear_jac(f):
    """Exact Jacobian of a function affine in each input separately (a product): column i is
    f(x_i = 1) - f(x_i = 0), i.e. the leave-one-out product, with exact zeros."""
    def jac(x):
        cols = []
        for i in range(x.size):
            hi, lo = x.ravel().copy(), x.ravel().copy()
            hi[i], lo[i] = 1.0, 0.0
            cols.append(np.ravel(f(hi.reshape(x.shape))) - np.ravel(f(lo.reshape(x.shape))))
        return np.array(cols).T
    return jac


def _reductions(name, fn):
    """Random points, every axis/keepdims shape of a reduction on 1-, 2- and 3-d input."""
    cases = []
    for shape, axis, keep in [((3, 4), None, False), ((3, 4), 0, False), ((3, 4), 1, False),
                              ((3, 4), -1, True), ((3, 4), (0, 1), False),
                              ((3, 4), None, True), ((2, 3, 4), 0, False),
                              ((2, 3, 4), 1, False), ((2, 3, 4), 2, True),
                              ((2, 3, 4), (0, 2), False), ((2, 3, 4), (1, 2), True),
                              ((2, 3, 4), (-3, -1, 1), False), ((5,), 0, False),
                              ((4, 1), 0, False)]:
        sid = "x".join(map(str, shape)) + f"-axis{axis}".replace(" ", "") + \
            ("-keepdims" if keep else "")
        f = functools.partial(fn, axis=axis, keepdims=keep)
        lo = 0.5 if name == "ProdOp" else -2.0
        cases.append(Case(sid, f, _rand(shape, _seed(name, sid), lo, 2.0)))
    return cases


def _zeros_case(sid, x, axis):
    f = functools.partial(np.prod, axis=axis)
    return Case(sid, f, np.array(x, dtype=np.float64), jac=multilinear_jac(f))


_TIED = np.array([[1.0, 3.0, 3.0, 0.0], [2.0, 2.0, 2.0, 2.0], [5.0, -1.0, 5.0, 4.0]])


def _tie_cases_reduce(fn, pick, sign):
    """Ties (the derivative goes to the first extremum, C order of the reduced axes) and NaN."""
    out = []
    for axis in (None, 0, 1):
        f = functools.partial(fn, axis=axis)
        out.append(Case(f"ties-axis{axis}", f, sign * _TIED, fd=False,
                        jac=first_extreme_jac(axis, pick)))
    t3 = np.stack([sign * _TIED, sign * _TIED[::-1]])
    out.append(Case("ties-3d-axis(0,2)", functools.partial(fn, axis=(0, 2)), t3, fd=False,
                    jac=first_extreme_jac((0, 2), pick)))
    # NaN is the extremum (as in NumPy); the derivative goes to the first NaN
    out.append(Case("nan", functools.partial(fn, axis=0), np.array([1.0, NAN, 3.0, NAN]),
                    fd=False, jac=first_extreme_jac(0, pick)))
    return out


def _mm(shape_a, shape_b):
    """Slices of x as A and B, both active."""
    na = int(np.prod(shape_a))
    return lambda x: x[:na].reshape(shape_a) @ x[na:].reshape(shape_b)


_C34 = _rand((3, 4), 11)
_C2x3 = _rand((2, 3), 12)
_C4 = _rand(4, 13)


_ATOM_SUM = nt.MakeTape(lambda v: np.sum(np.sin(v) * v), np.zeros(3)).atomic()
_ATOM_VEC = nt.MakeTape(lambda v: np.stack([v[0] * np.exp(v[1]), np.cos(v[0])]),
                        np.zeros(2)).atomic()
# derivative tapes of products hold ChainMatMulOp (the rules' strong-zero product)
_MM_GRAD = nt.MakeTape(lambda v: np.sum(np.sin(v[:6].reshape(2, 3) @ v[6:].reshape(3, 2))),
                       np.zeros(12)).jacfun()
_MM_VJP = nt.MakeTape(lambda v: v[:6].reshape(2, 3) @ v[6:9], np.zeros(9)).jacfun()
_ATOM_NESTED = nt.MakeTape(lambda v: _ATOM_VEC(v)[0] * _ATOM_VEC(v[::-1])[1], np.zeros(2)).atomic()


def _mat(x):
    return x.reshape(3, 3)


def _wellcond(n, seed):
    """A flat n x n matrix, diagonally dominant (solves and determinants well conditioned)."""
    return (_rand((n, n), seed, -1.0, 1.0) + n * np.eye(n)).ravel()


def _spd(n, seed):
    b = _rand((n, n), seed, -1.0, 1.0)
    return (b @ b.T + n * np.eye(n)).ravel()


def _with(a, n, seed):
    """X = a followed by n random entries."""
    return np.concatenate([a, _rand(n, seed)])


def _trisolve(x, lower, trans):
    return nt.linalg.solve_triangular(_mat(x[:9]), x[9:].reshape(3, 2), trans=trans,
                                      lower=lower)


def _sign_exp(sign, logdet):
    return sign * np.exp(logdet)


def _mvn_logpdf(x):
    """Log N(y; 0, S) by Cholesky: the usual way a model writes it."""
    L = np.linalg.cholesky(_mat(x[:9]))
    z = nt.linalg.solve_triangular(L, x[9:], lower=True)
    return -0.5 * z @ z - np.sum(np.log(np.diagonal(L))) - 1.5 * np.log(2 * np.pi)


def _filled(x):
    y = np.zeros_like(x)
    y[0] = x[2]
    y[2] = x[0] * 3.0
    return np.exp(y)


def _nt_zeros(x):
    y = nt.zeros(5)
    y[::2] = x[:3]
    y[1] = x[3]
    return y * 2.0 + 1.0


BLOCK_CASES = {
    "GatherOp": [
        Case("fancy", lambda x: np.sin(x[[2, 0, 2]]), _rand(4, 1)),
        Case("fancy-binary", lambda x: x[[2, 0, 2]] * x[1:], _rand(4, 2)),
        Case("strided", lambda x: np.exp(x[::2]) + x[1::2], _rand(6, 3)),
        Case("reversed", lambda x: x[::-1] * x, _rand(4, 4)),
        Case("transposed", lambda x: np.sin(x.T), _rand((3, 4), 5)),
        Case("broadcast-outer", lambda x: x[:, None] * x[None, :], _rand(3, 6)),
        Case("filled-zeros_like", _filled, _rand(3, 7)),
        Case("filled-nt.zeros", _nt_zeros, _rand(4, 8)),
        Case("take-axis1", lambda x: np.cos(np.take(x, [2, 0], axis=1)), _rand((3, 4), 9)),
        Case("concatenate", lambda x: np.sin(np.concatenate([x[2:], x[:2]])), _rand(4, 10)),
        Case("repeat", lambda x: np.log1p(np.repeat(x, 2) ** 2), _rand(3, 11)),
        Case("fancy-2d", lambda x: np.tanh(x[[1, 0], :][:, [3, 3, 0]]), _rand((2, 4), 12)),
    ],
    "DepOp": [
        Case("identity", lambda x: x, _rand(4, 20)),
        Case("transposed-output", lambda x: x.T, _rand((2, 3), 21)),
        Case("tuple-of-scalars", lambda x: (x[1], 2.0 * x[0], x[0]), _rand(2, 22)),
        Case("repeated-output", lambda x: x[[0, 0, 2]], _rand(3, 23)),
        Case("constant-entries", lambda x: np.where([True, False, True], x, 5.0), _rand(3, 24)),
        Case("scalar-output", lambda x: x[1], _rand(3, 25)),
        Case("computed-2d", lambda x: np.exp(x).reshape(2, 2).T, _rand(4, 26)),
    ],
    "SumOp": _reductions("SumOp", np.sum) + [
        Case("method", lambda x: x.sum(axis=0), _rand((3, 4), 30)),
        Case("mean-axis1", lambda x: np.mean(x, axis=1), _rand((3, 4), 31)),
        Case("trace", lambda x: np.trace(x), _rand((3, 3), 32)),
        Case("nonlinear", lambda x: np.sin(np.sum(x ** 3, axis=1)), _rand((3, 4), 33)),
        Case("add.reduce", lambda x: np.add.reduce(x), _rand((3, 4), 34)),
        Case("einsum-ii", lambda x: np.einsum("ii", x), _rand((3, 3), 35)),
        Case("einsum-ij->j", lambda x: np.einsum("ij->j", x), _rand((3, 4), 36)),
        Case("einsum-ij,ij->i", lambda x: np.einsum("ij,ij->i", x, np.sin(x)), _rand((2, 3), 37)),
        Case("einsum-bij,bj->bi", lambda x: np.einsum("bij,bj->bi", x[:12].reshape(2, 2, 3),
                                                      x[12:].reshape(2, 3)), _rand(18, 38)),
    ],
    "ProdOp": _reductions("ProdOp", np.prod) + [
        Case("negative", lambda x: np.prod(x, axis=1), _rand((3, 4), 40)),
        _zeros_case("one-zero", [[1.5, 0.0, -2.0, 3.0], [1.0, 2.0, 3.0, 4.0]], 1),
        _zeros_case("two-zeros", [[1.5, 0.0, -2.0, 0.0], [1.0, 2.0, 3.0, 4.0]], 1),
        _zeros_case("zeros-axis0", [[0.0, 0.0, 2.0], [3.0, 0.0, -1.0]], 0),
        _zeros_case("all-zero", [0.0, 0.0, 0.0], None),
        _zeros_case("zeros-3d", np.where(_rand((2, 3, 4), 41) > 1.0, 0.0, _rand((2, 3, 4), 42)),
                    (0, 2)),
        Case("signed-zero", lambda x: np.prod(x), np.array([-0.0, 2.0, 3.0]),
             jac=lambda x: np.array([[6.0, 0.0, 0.0]])),
    ],
    "MaxOp": _reductions("MaxOp", np.max) + _tie_cases_reduce(np.max, np.argmax, 1.0) + [
        Case("method", lambda x: x.max(axis=1), _rand((3, 4), 50)),
        Case("amax", lambda x: np.amax(x), _rand(5, 51)),
    ],
    "MinOp": _reductions("MinOp", np.min) + _tie_cases_reduce(np.min, np.argmin, -1.0) + [
        Case("method", lambda x: x.min(axis=0), _rand((3, 4), 52)),
    ],
    "CumsumOp": [
        Case(sid, functools.partial(np.cumsum, axis=ax), _rand(shape, _seed(sid)))
        for sid, shape, ax in [("3x4-axisNone", (3, 4), None), ("3x4-axis0", (3, 4), 0),
                               ("3x4-axis1", (3, 4), 1), ("3x4-axis-1", (3, 4), -1),
                               ("2x3x4-axis1", (2, 3, 4), 1), ("5-axis0", (5,), 0),
                               ("1x4-axis0", (1, 4), 0)]
    ] + [
        Case("method", lambda x: x.cumsum(), _rand((2, 3), 60)),
        Case("nonlinear", lambda x: np.cumsum(np.sin(x), axis=1) ** 2, _rand((2, 3), 61)),
        Case("add.accumulate", lambda x: np.add.accumulate(x), _rand((3, 4), 62)),
    ],
    "ChainMatMulOp": [
        Case("gradient-of-product", lambda x: _MM_GRAD(x) * x, _rand(12, 60)),
        Case("jacobian-of-matvec", lambda x: np.sin(_MM_VJP(x)), _rand(9, 61)),
    ],
    "MatMulOp": [
        Case("mat@mat", _mm((3, 4), (4, 2)), _rand(20, 70)),
        Case("mat@vec", _mm((3, 4), (4,)), _rand(16, 71)),
        Case("vec@mat", _mm((3,), (3, 4)), _rand(15, 72)),
        Case("vec@vec", _mm((4,), (4,)), _rand(8, 73)),
        Case("k=1", _mm((3, 1), (1, 2)), _rand(5, 74)),
        Case("const@mat", lambda x: _C2x3 @ x.reshape(3, 4), _rand(12, 75)),
        Case("mat@const", lambda x: x.reshape(2, 3) @ _C34, _rand(6, 76)),
        Case("constvec@mat", lambda x: _C4 @ x.reshape(4, 2), _rand(8, 77)),
        Case("mat@constvec", lambda x: x.reshape(3, 4) @ _C4, _rand(12, 78)),
        Case("np.dot-mat-vec", lambda x: np.dot(x[:12].reshape(3, 4), x[12:]), _rand(16, 79)),
        Case("np.dot-vec-vec", lambda x: np.dot(x[:3], x[3:]), _rand(6, 80)),
        Case("method-dot", lambda x: x[:6].reshape(2, 3).dot(x[6:].reshape(3, 2)),
             _rand(12, 81)),
        Case("np.outer", lambda x: np.outer(x[:3], x[3:]), _rand(5, 82)),
        Case("np.matmul-const-first", lambda x: np.matmul(_C2x3, x.reshape(3, 2)),
             _rand(6, 83)),
        Case("gram", lambda x: x.reshape(3, 2).T @ x.reshape(3, 2), _rand(6, 84)),
        Case("batched", _mm((2, 3, 4), (2, 4, 2)), _rand(40, 85)),
        Case("nonlinear", lambda x: np.tanh(x.reshape(2, 2) @ np.sin(x.reshape(2, 2))),
             _rand(4, 86)),
        Case("einsum-ij,jk->ik", lambda x: np.einsum("ij,jk->ik", x[:6].reshape(2, 3),
                                                     x[6:].reshape(3, 2)), _rand(12, 87)),
        Case("einsum-ij,kj->ik", lambda x: np.einsum("ij,kj", x[:6].reshape(2, 3),
                                                     x[6:].reshape(2, 3)), _rand(12, 88)),
        Case("einsum-i,i", lambda x: np.einsum("i,i->", x[:3], x[3:]), _rand(6, 89)),
        Case("einsum-ij,ij", lambda x: np.einsum("ij,ij->", x, np.sin(x)), _rand((2, 3), 93)),
        Case("einsum-ij,j->i-const", lambda x: np.einsum("ij,j->i", x.reshape(3, 4), _C4),
             _rand(12, 90)),
        Case("einsum-bij,bjk->bik", lambda x: np.einsum("bij,bjk->bik", x[:12].reshape(2, 2, 3),
                                                        x[12:].reshape(2, 3, 2)), _rand(24, 91)),
        Case("einsum-i,j->ij", lambda x: np.einsum("i,j->ij", x[:2], x[2:]), _rand(5, 92)),
    ],
    "CallOp": [
        Case("scalar-out", lambda x: _ATOM_SUM(x[:3]) * x[3], _rand(4, 100)),
        Case("vector-out", lambda x: _ATOM_VEC(x[1:3]) * x[0], _rand(3, 101)),
        Case("twice-gathered", lambda x: _ATOM_VEC(x[::-1][:2]) + _ATOM_VEC(x[:2]), _rand(3, 102)),
        Case("nested", lambda x: _ATOM_NESTED(x) ** 2, _rand(2, 103)),
    ],
    "SolveOp": [
        Case("mat-vec", lambda x: np.linalg.solve(_mat(x[:9]), x[9:]), _with(_spd(3, 1), 3, 2)),
        Case("mat-mat", lambda x: np.linalg.solve(_mat(x[:9]), x[9:].reshape(3, 2)),
             _with(_wellcond(3, 3), 6, 4)),
        Case("const-a", lambda x: np.linalg.solve(_wellcond(3, 5).reshape(3, 3), x.reshape(3, 2)),
             _rand(6, 6)),
        Case("const-b", lambda x: np.linalg.solve(_mat(x), _C4[:3]), _wellcond(3, 7)),
        Case("inv", lambda x: np.linalg.inv(_mat(x)), _wellcond(3, 8)),
        Case("inv-1x1", lambda x: np.linalg.inv(x.reshape(1, 1)), np.array([0.7])),
        Case("batched", lambda x: np.linalg.solve(x[:18].reshape(2, 3, 3), x[18:].reshape(2, 3, 1)),
             _with(np.concatenate([_wellcond(3, 9), _wellcond(3, 10)]), 6, 11)),
        Case("nonlinear", lambda x: np.sum(np.linalg.inv(_mat(x)) * np.sin(_mat(x))),
             _wellcond(3, 12)),
    ],
    "TriSolveOp": [
        Case(f"lower={lo}-trans={tr}", functools.partial(_trisolve, lower=lo, trans=tr),
             _with(_wellcond(3, 20 + 2 * lo + tr), 6, 30))
        for lo in (True, False) for tr in (0, 1)
    ] + [
        Case("vector-rhs", lambda x: nt.linalg.solve_triangular(_mat(x[:9]), x[9:], lower=True),
             _with(_wellcond(3, 31), 3, 32)),
        Case("const-a", lambda x: nt.linalg.solve_triangular(_wellcond(3, 33).reshape(3, 3),
                                                             x.reshape(3, 2), trans="T"),
             _rand(6, 34)),
        Case("const-b", lambda x: nt.linalg.solve_triangular(_mat(x), _C2x3.T, lower=True),
             _wellcond(3, 35)),
    ],
    "CholeskyOp": [
        Case("lower-triangle-read", lambda x: np.linalg.cholesky(_mat(x)), _spd(3, 40)),
        Case("of-gram", lambda x: np.linalg.cholesky(_mat(x) @ _mat(x).T + np.eye(3)),
             _rand(9, 41)),
        Case("upper", lambda x: np.linalg.cholesky(_mat(x), upper=True), _spd(3, 42)),
        Case("1x1", lambda x: np.linalg.cholesky(x.reshape(1, 1)), np.array([2.5])),
        Case("batched", lambda x: np.linalg.cholesky(x.reshape(2, 2, 2)),
             np.concatenate([_spd(2, 43), _spd(2, 44)])),
        Case("mvn-logpdf", _mvn_logpdf, _with(_spd(3, 45), 3, 46)),
    ],
    "DetOp": [
        Case("3x3", lambda x: np.linalg.det(_mat(x)), _rand(9, 50)),
        Case("1x1", lambda x: np.linalg.det(x.reshape(1, 1)), np.array([-1.5])),
        Case("batched", lambda x: np.linalg.det(x.reshape(2, 2, 2)), _rand(8, 51)),
        Case("nonlinear", lambda x: np.log(np.linalg.det(_mat(x)) ** 2), _wellcond(3, 52)),
    ],
    "SlogdetOp": [
        Case("logabsdet", lambda x: np.linalg.slogdet(_mat(x))[1], _rand(9, 60)),
        Case("sign-times-exp", lambda x: _sign_exp(*np.linalg.slogdet(_mat(x))), _rand(9, 61)),
        Case("negative-det", lambda x: np.linalg.slogdet(_mat(x))[1],
             -_wellcond(3, 62)),
        Case("batched", lambda x: np.linalg.slogdet(x.reshape(2, 2, 2))[1], _rand(8, 63)),
    ],
    "ArgsortOp": [
        Case("sort-by", lambda x: x[np.argsort(x)] * x, _rand(5, 80)),
        Case("axis0", lambda x: np.take_along_axis(_mat(x), np.argsort(_mat(x), axis=0), 0),
             _rand(9, 81)),
    ],
    "TakeOp": [
        Case("sort", lambda x: np.sort(x), _rand(6, 82)),
        Case("sort-rows", lambda x: np.sort(_mat(x), axis=1) ** 2, _rand(9, 83)),
        Case("median", lambda x: np.median(_mat(x), axis=0), _rand(9, 84)),
    ],
    "ScatterAddOp": [
        Case("unsort", lambda x: numtape.ops.order.scatter_add(np.argsort(x), x * x, 5),
             _rand(5, 85)),
        Case("second-order", lambda x: nt.MakeTape(lambda z: np.sum(np.sort(z) ** 3),
                                                   np.zeros(4)).jacfun()(x), _rand(4, 86)),
    ],
    "EighOp": [
        Case("values-vectors", lambda x: np.concatenate(
            [np.linalg.eigh(_mat(x) + _mat(x).T)[0],
             np.abs(np.linalg.eigh(_mat(x) + _mat(x).T)[1]).ravel()]), _rand(9, 90)),
        Case("lower-read", lambda x: np.linalg.eigvalsh(_mat(x)), _rand(9, 91)),
        Case("upper-read", lambda x: np.linalg.eigh(_mat(x), UPLO="U")[0], _rand(9, 92)),
        Case("vectors-scaled", lambda x: np.sum(np.linalg.eigh(_mat(_spd(3, 93)) + x[0] * _mat(x)
                                                          )[1][:, 0] ** 4)
             + np.linalg.eigvalsh(_mat(x))[2] ** 2, _rand(9, 94)),
        Case("batched", lambda x: np.linalg.eigvalsh(x.reshape(2, 2, 2)), _rand(8, 95)),
    ],
    "SvdOp": [
        Case("values", lambda x: np.linalg.svd(x.reshape(3, 2), compute_uv=False),
             _rand(6, 100)),
        Case("vectors-abs", lambda x: np.concatenate(
            [np.abs(np.linalg.svd(x.reshape(2, 3), full_matrices=False)[0]).ravel(),
             np.abs(np.linalg.svd(x.reshape(2, 3), full_matrices=False)[2]).ravel()]),
             _rand(6, 101)),
        Case("reconstruct", lambda x: _svd_rebuild(_mat(x)), _rand(9, 102)),
        Case("norm-2-nuc", lambda x: np.linalg.norm(_mat(x), 2) * np.linalg.norm(_mat(x), "nuc")
             + np.linalg.norm(_mat(x), -2), _rand(9, 103)),
        Case("pinv", lambda x: np.linalg.pinv(x.reshape(3, 2)), _rand(6, 104)),
        Case("lstsq", lambda x: np.linalg.lstsq(x[:6].reshape(3, 2), x[6:])[0], _rand(9, 105)),
    ],
    "QrOp": [
        Case("tall", lambda x: np.concatenate([np.ravel(v) for v in np.linalg.qr(x.reshape(3, 2))]),
             _rand(6, 110)),
        Case("square", lambda x: np.linalg.qr(_mat(x))[0] @ np.linalg.qr(_mat(x), mode="r"),
             _wellcond(3, 111)),
        Case("logdet-by-r", lambda x: np.sum(np.log(np.abs(np.diagonal(
            np.linalg.qr(_mat(x))[1])))), _wellcond(3, 112)),
        Case("batched", lambda x: np.linalg.qr(x.reshape(2, 2, 2))[1], _rand(8, 113)),
    ],
    "ExpmOp": [
        Case("3x3", lambda x: numtape.scipy.linalg.expm(_mat(x)), 0.5 * _rand(9, 70)),
        Case("large-norm", lambda x: numtape.scipy.linalg.expm(3.0 * _mat(x)), _rand(9, 71)),
        Case("nonlinear", lambda x: np.sum(numtape.scipy.linalg.expm(_mat(x)) ** 2),
             0.5 * _rand(9, 72)),
        Case("1x1", lambda x: numtape.scipy.linalg.expm(x.reshape(1, 1)), np.array([0.7])),
    ],
    "FftOp": [
        Case("fft-real", lambda x: _reim(np.fft.fft(x)), _rand(5, 120)),
        Case("ifft-complex-ortho", lambda x: _reim(np.fft.ifft(x[:4] + 1j * x[4:], norm="ortho")),
             _rand(8, 121)),
        Case("rfft-rows", lambda x: _reim(np.fft.rfft(x.reshape(2, 4), norm="forward")),
             _rand(8, 122)),
        Case("irfft-odd", lambda x: np.fft.irfft(x[:3] + 1j * x[3:], n=5), _rand(6, 123)),
        Case("power-spectrum", lambda x: np.abs(np.fft.fft2(x.reshape(2, 3))) ** 2,
             _rand(6, 124)),
    ],
}


def _reim(z):
    return np.concatenate([np.ravel(np.real(z)), np.ravel(np.imag(z))])


def _svd_rebuild(A):
    U, s, Vt = np.linalg.svd(A)
    return (U * s) @ Vt


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
        generic = nt.MakeTape(case.f, _rand(x.shape, _seed(name, case.id), 0.5, 2.0))
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
                                     np.random.default_rng(_seed(spec.name, "once", kinds)))
            f, x, discrete = build(spec, pattern, values)
            assert spec.code in check_op(spec, f, x, discrete).op
    else:
        if not BLOCK_CASES.get(spec.name):
            pytest.fail(f"{spec.name} has no cases in BLOCK_CASES")
        check_block_case(spec.name, BLOCK_CASES[spec.name][0])
