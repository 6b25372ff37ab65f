"""The op cases the table-driven tests share: sampling, operand patterns, tapes of one op,
and the NumPy-level cases that record each block op.

Elementwise ops: the sampling domains and edge points are declared with each op
(``OpSpec.domain``, ``OpSpec.edges``: numtape/ops/info.py); ``patterns`` gives every
active/constant and broadcast pattern of an op's operands, ``sample_operands`` draws operand
values from the op's domains, ``build`` makes f(x) recording the op under a pattern.  Block
ops: ``BLOCK_CASES`` maps each block op's name to cases that must record it (a function, a
point, whether finite differences apply, the exact Jacobian where known).

Imported by tests/test_ops_table.py, tests/test_every_op.py, tests/test_numpy_tier.py and
others; not a test module itself.
"""
from __future__ import annotations

import functools
import itertools
import re
import zlib
from dataclasses import dataclass
from typing import Callable

import numpy as np

import numtape as nt
import numtape.ops.order
import numtape.scipy
from numtape.ops import ELEMENTWISE, OPS
from numtape.ops.info import Away, Choice  # noqa: F401 (the domains' kinds, for importers)
from numtape.trace.adarray import elementwise


# ---- sampling domains: declared with each op (OpSpec.domain; numtape/ops/info.py) ---------
DOMAINS = {spec.name: spec.domain for spec in OPS if spec.domain}
INF, NAN = np.inf, np.nan
# kinked where the operands are equal: random points keep them >= GAP apart (ties: EDGES)
SEPARATED = {"MaximumOp", "MinimumOp", "FmaxOp", "FminOp"}
GAP = 0.05

SHAPES = {"s": (), "v": (4,), "col": (3, 1), "m": (3, 4)}
POINTS = 2  # random points per pattern


def case_seed(*key):
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


CONSTANT_ORDER = {"IvOp", "IveOp", "KvOp", "KveOp"}   # Bessel orders: constants only


# ---- block ops ------------------------------------------------------------------------------
@dataclass
class Case:
    id: str
    f: Callable
    x: np.ndarray
    fd: bool = True
    jac: Callable | None = None   # exact expected Jacobian at x (also from a tape recorded
                                  # at a generic point)


def uniform(shape, seed, lo=-2.0, hi=2.0):
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
        cases.append(Case(sid, f, uniform(shape, case_seed(name, sid), lo, 2.0)))
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


_C34 = uniform((3, 4), 11)
_C2x3 = uniform((2, 3), 12)
_C4 = uniform(4, 13)


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
    return (uniform((n, n), seed, -1.0, 1.0) + n * np.eye(n)).ravel()


def _spd(n, seed):
    b = uniform((n, n), seed, -1.0, 1.0)
    return (b @ b.T + n * np.eye(n)).ravel()


def _with(a, n, seed):
    """X = a followed by n random entries."""
    return np.concatenate([a, uniform(n, seed)])


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
        Case("fancy", lambda x: np.sin(x[[2, 0, 2]]), uniform(4, 1)),
        Case("fancy-binary", lambda x: x[[2, 0, 2]] * x[1:], uniform(4, 2)),
        Case("strided", lambda x: np.exp(x[::2]) + x[1::2], uniform(6, 3)),
        Case("reversed", lambda x: x[::-1] * x, uniform(4, 4)),
        Case("transposed", lambda x: np.sin(x.T), uniform((3, 4), 5)),
        Case("broadcast-outer", lambda x: x[:, None] * x[None, :], uniform(3, 6)),
        Case("filled-zeros_like", _filled, uniform(3, 7)),
        Case("filled-nt.zeros", _nt_zeros, uniform(4, 8)),
        Case("take-axis1", lambda x: np.cos(np.take(x, [2, 0], axis=1)), uniform((3, 4), 9)),
        Case("concatenate", lambda x: np.sin(np.concatenate([x[2:], x[:2]])), uniform(4, 10)),
        Case("repeat", lambda x: np.log1p(np.repeat(x, 2) ** 2), uniform(3, 11)),
        Case("fancy-2d", lambda x: np.tanh(x[[1, 0], :][:, [3, 3, 0]]), uniform((2, 4), 12)),
    ],
    "DepOp": [
        Case("identity", lambda x: x, uniform(4, 20)),
        Case("transposed-output", lambda x: x.T, uniform((2, 3), 21)),
        Case("tuple-of-scalars", lambda x: (x[1], 2.0 * x[0], x[0]), uniform(2, 22)),
        Case("repeated-output", lambda x: x[[0, 0, 2]], uniform(3, 23)),
        Case("constant-entries", lambda x: np.where([True, False, True], x, 5.0), uniform(3, 24)),
        Case("scalar-output", lambda x: x[1], uniform(3, 25)),
        Case("computed-2d", lambda x: np.exp(x).reshape(2, 2).T, uniform(4, 26)),
    ],
    "SumOp": _reductions("SumOp", np.sum) + [
        Case("method", lambda x: x.sum(axis=0), uniform((3, 4), 30)),
        Case("mean-axis1", lambda x: np.mean(x, axis=1), uniform((3, 4), 31)),
        Case("trace", lambda x: np.trace(x), uniform((3, 3), 32)),
        Case("nonlinear", lambda x: np.sin(np.sum(x ** 3, axis=1)), uniform((3, 4), 33)),
        Case("add.reduce", lambda x: np.add.reduce(x), uniform((3, 4), 34)),
        Case("einsum-ii", lambda x: np.einsum("ii", x), uniform((3, 3), 35)),
        Case("einsum-ij->j", lambda x: np.einsum("ij->j", x), uniform((3, 4), 36)),
        Case("einsum-ij,ij->i", lambda x: np.einsum("ij,ij->i", x, np.sin(x)), uniform((2, 3), 37)),
        Case("einsum-bij,bj->bi", lambda x: np.einsum("bij,bj->bi", x[:12].reshape(2, 2, 3),
                                                      x[12:].reshape(2, 3)), uniform(18, 38)),
    ],
    "ProdOp": _reductions("ProdOp", np.prod) + [
        Case("negative", lambda x: np.prod(x, axis=1), uniform((3, 4), 40)),
        _zeros_case("one-zero", [[1.5, 0.0, -2.0, 3.0], [1.0, 2.0, 3.0, 4.0]], 1),
        _zeros_case("two-zeros", [[1.5, 0.0, -2.0, 0.0], [1.0, 2.0, 3.0, 4.0]], 1),
        _zeros_case("zeros-axis0", [[0.0, 0.0, 2.0], [3.0, 0.0, -1.0]], 0),
        _zeros_case("all-zero", [0.0, 0.0, 0.0], None),
        _zeros_case("zeros-3d", np.where(uniform((2, 3, 4), 41) > 1.0, 0.0, uniform((2, 3, 4), 42)),
                    (0, 2)),
        Case("signed-zero", lambda x: np.prod(x), np.array([-0.0, 2.0, 3.0]),
             jac=lambda x: np.array([[6.0, 0.0, 0.0]])),
    ],
    "MaxOp": _reductions("MaxOp", np.max) + _tie_cases_reduce(np.max, np.argmax, 1.0) + [
        Case("method", lambda x: x.max(axis=1), uniform((3, 4), 50)),
        Case("amax", lambda x: np.amax(x), uniform(5, 51)),
    ],
    "MinOp": _reductions("MinOp", np.min) + _tie_cases_reduce(np.min, np.argmin, -1.0) + [
        Case("method", lambda x: x.min(axis=0), uniform((3, 4), 52)),
    ],
    "CumsumOp": [
        Case(sid, functools.partial(np.cumsum, axis=ax), uniform(shape, case_seed(sid)))
        for sid, shape, ax in [("3x4-axisNone", (3, 4), None), ("3x4-axis0", (3, 4), 0),
                               ("3x4-axis1", (3, 4), 1), ("3x4-axis-1", (3, 4), -1),
                               ("2x3x4-axis1", (2, 3, 4), 1), ("5-axis0", (5,), 0),
                               ("1x4-axis0", (1, 4), 0)]
    ] + [
        Case("method", lambda x: x.cumsum(), uniform((2, 3), 60)),
        Case("nonlinear", lambda x: np.cumsum(np.sin(x), axis=1) ** 2, uniform((2, 3), 61)),
        Case("add.accumulate", lambda x: np.add.accumulate(x), uniform((3, 4), 62)),
    ],
    "ChainMatMulOp": [
        Case("gradient-of-product", lambda x: _MM_GRAD(x) * x, uniform(12, 60)),
        Case("jacobian-of-matvec", lambda x: np.sin(_MM_VJP(x)), uniform(9, 61)),
    ],
    "MatMulOp": [
        Case("mat@mat", _mm((3, 4), (4, 2)), uniform(20, 70)),
        Case("mat@vec", _mm((3, 4), (4,)), uniform(16, 71)),
        Case("vec@mat", _mm((3,), (3, 4)), uniform(15, 72)),
        Case("vec@vec", _mm((4,), (4,)), uniform(8, 73)),
        Case("k=1", _mm((3, 1), (1, 2)), uniform(5, 74)),
        Case("const@mat", lambda x: _C2x3 @ x.reshape(3, 4), uniform(12, 75)),
        Case("mat@const", lambda x: x.reshape(2, 3) @ _C34, uniform(6, 76)),
        Case("constvec@mat", lambda x: _C4 @ x.reshape(4, 2), uniform(8, 77)),
        Case("mat@constvec", lambda x: x.reshape(3, 4) @ _C4, uniform(12, 78)),
        Case("np.dot-mat-vec", lambda x: np.dot(x[:12].reshape(3, 4), x[12:]), uniform(16, 79)),
        Case("np.dot-vec-vec", lambda x: np.dot(x[:3], x[3:]), uniform(6, 80)),
        Case("method-dot", lambda x: x[:6].reshape(2, 3).dot(x[6:].reshape(3, 2)),
             uniform(12, 81)),
        Case("np.outer", lambda x: np.outer(x[:3], x[3:]), uniform(5, 82)),
        Case("np.matmul-const-first", lambda x: np.matmul(_C2x3, x.reshape(3, 2)),
             uniform(6, 83)),
        Case("gram", lambda x: x.reshape(3, 2).T @ x.reshape(3, 2), uniform(6, 84)),
        Case("batched", _mm((2, 3, 4), (2, 4, 2)), uniform(40, 85)),
        Case("nonlinear", lambda x: np.tanh(x.reshape(2, 2) @ np.sin(x.reshape(2, 2))),
             uniform(4, 86)),
        Case("einsum-ij,jk->ik", lambda x: np.einsum("ij,jk->ik", x[:6].reshape(2, 3),
                                                     x[6:].reshape(3, 2)), uniform(12, 87)),
        Case("einsum-ij,kj->ik", lambda x: np.einsum("ij,kj", x[:6].reshape(2, 3),
                                                     x[6:].reshape(2, 3)), uniform(12, 88)),
        Case("einsum-i,i", lambda x: np.einsum("i,i->", x[:3], x[3:]), uniform(6, 89)),
        Case("einsum-ij,ij", lambda x: np.einsum("ij,ij->", x, np.sin(x)), uniform((2, 3), 93)),
        Case("einsum-ij,j->i-const", lambda x: np.einsum("ij,j->i", x.reshape(3, 4), _C4),
             uniform(12, 90)),
        Case("einsum-bij,bjk->bik", lambda x: np.einsum("bij,bjk->bik", x[:12].reshape(2, 2, 3),
                                                        x[12:].reshape(2, 3, 2)), uniform(24, 91)),
        Case("einsum-i,j->ij", lambda x: np.einsum("i,j->ij", x[:2], x[2:]), uniform(5, 92)),
    ],
    "CallOp": [
        Case("scalar-out", lambda x: _ATOM_SUM(x[:3]) * x[3], uniform(4, 100)),
        Case("vector-out", lambda x: _ATOM_VEC(x[1:3]) * x[0], uniform(3, 101)),
        Case("twice-gathered", lambda x: _ATOM_VEC(x[::-1][:2]) + _ATOM_VEC(x[:2]),
             uniform(3, 102)),
        Case("nested", lambda x: _ATOM_NESTED(x) ** 2, uniform(2, 103)),
    ],
    "SolveOp": [
        Case("mat-vec", lambda x: np.linalg.solve(_mat(x[:9]), x[9:]), _with(_spd(3, 1), 3, 2)),
        Case("mat-mat", lambda x: np.linalg.solve(_mat(x[:9]), x[9:].reshape(3, 2)),
             _with(_wellcond(3, 3), 6, 4)),
        Case("const-a", lambda x: np.linalg.solve(_wellcond(3, 5).reshape(3, 3), x.reshape(3, 2)),
             uniform(6, 6)),
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
             uniform(6, 34)),
        Case("const-b", lambda x: nt.linalg.solve_triangular(_mat(x), _C2x3.T, lower=True),
             _wellcond(3, 35)),
    ],
    "CholeskyOp": [
        Case("lower-triangle-read", lambda x: np.linalg.cholesky(_mat(x)), _spd(3, 40)),
        Case("of-gram", lambda x: np.linalg.cholesky(_mat(x) @ _mat(x).T + np.eye(3)),
             uniform(9, 41)),
        Case("upper", lambda x: np.linalg.cholesky(_mat(x), upper=True), _spd(3, 42)),
        Case("1x1", lambda x: np.linalg.cholesky(x.reshape(1, 1)), np.array([2.5])),
        Case("batched", lambda x: np.linalg.cholesky(x.reshape(2, 2, 2)),
             np.concatenate([_spd(2, 43), _spd(2, 44)])),
        Case("mvn-logpdf", _mvn_logpdf, _with(_spd(3, 45), 3, 46)),
    ],
    "DetOp": [
        Case("3x3", lambda x: np.linalg.det(_mat(x)), uniform(9, 50)),
        Case("1x1", lambda x: np.linalg.det(x.reshape(1, 1)), np.array([-1.5])),
        Case("batched", lambda x: np.linalg.det(x.reshape(2, 2, 2)), uniform(8, 51)),
        Case("nonlinear", lambda x: np.log(np.linalg.det(_mat(x)) ** 2), _wellcond(3, 52)),
    ],
    "SlogdetOp": [
        Case("logabsdet", lambda x: np.linalg.slogdet(_mat(x))[1], uniform(9, 60)),
        Case("sign-times-exp", lambda x: _sign_exp(*np.linalg.slogdet(_mat(x))), uniform(9, 61)),
        Case("negative-det", lambda x: np.linalg.slogdet(_mat(x))[1],
             -_wellcond(3, 62)),
        Case("batched", lambda x: np.linalg.slogdet(x.reshape(2, 2, 2))[1], uniform(8, 63)),
    ],
    "ArgsortOp": [
        Case("sort-by", lambda x: x[np.argsort(x)] * x, uniform(5, 80)),
        Case("axis0", lambda x: np.take_along_axis(_mat(x), np.argsort(_mat(x), axis=0), 0),
             uniform(9, 81)),
    ],
    "TakeOp": [
        Case("sort", lambda x: np.sort(x), uniform(6, 82)),
        Case("sort-rows", lambda x: np.sort(_mat(x), axis=1) ** 2, uniform(9, 83)),
        Case("median", lambda x: np.median(_mat(x), axis=0), uniform(9, 84)),
    ],
    "ScatterAddOp": [
        Case("unsort", lambda x: numtape.ops.order.scatter_add(np.argsort(x), x * x, 5),
             uniform(5, 85)),
        Case("second-order", lambda x: nt.MakeTape(lambda z: np.sum(np.sort(z) ** 3),
                                                   np.zeros(4)).jacfun()(x), uniform(4, 86)),
    ],
    "EighOp": [
        Case("values-vectors", lambda x: np.concatenate(
            [np.linalg.eigh(_mat(x) + _mat(x).T)[0],
             np.abs(np.linalg.eigh(_mat(x) + _mat(x).T)[1]).ravel()]), uniform(9, 90)),
        Case("lower-read", lambda x: np.linalg.eigvalsh(_mat(x)), uniform(9, 91)),
        Case("upper-read", lambda x: np.linalg.eigh(_mat(x), UPLO="U")[0], uniform(9, 92)),
        Case("vectors-scaled", lambda x: np.sum(np.linalg.eigh(_mat(_spd(3, 93)) + x[0] * _mat(x)
                                                          )[1][:, 0] ** 4)
             + np.linalg.eigvalsh(_mat(x))[2] ** 2, uniform(9, 94)),
        Case("batched", lambda x: np.linalg.eigvalsh(x.reshape(2, 2, 2)), uniform(8, 95)),
    ],
    "SvdOp": [
        Case("values", lambda x: np.linalg.svd(x.reshape(3, 2), compute_uv=False),
             uniform(6, 100)),
        Case("vectors-abs", lambda x: np.concatenate(
            [np.abs(np.linalg.svd(x.reshape(2, 3), full_matrices=False)[0]).ravel(),
             np.abs(np.linalg.svd(x.reshape(2, 3), full_matrices=False)[2]).ravel()]),
             uniform(6, 101)),
        Case("reconstruct", lambda x: _svd_rebuild(_mat(x)), uniform(9, 102)),
        Case("norm-2-nuc", lambda x: np.linalg.norm(_mat(x), 2) * np.linalg.norm(_mat(x), "nuc")
             + np.linalg.norm(_mat(x), -2), uniform(9, 103)),
        Case("pinv", lambda x: np.linalg.pinv(x.reshape(3, 2)), uniform(6, 104)),
        Case("lstsq", lambda x: np.linalg.lstsq(x[:6].reshape(3, 2), x[6:])[0], uniform(9, 105)),
    ],
    "QrOp": [
        Case("tall", lambda x: np.concatenate([np.ravel(v) for v in np.linalg.qr(x.reshape(3, 2))]),
             uniform(6, 110)),
        Case("square", lambda x: np.linalg.qr(_mat(x))[0] @ np.linalg.qr(_mat(x), mode="r"),
             _wellcond(3, 111)),
        Case("logdet-by-r", lambda x: np.sum(np.log(np.abs(np.diagonal(
            np.linalg.qr(_mat(x))[1])))), _wellcond(3, 112)),
        Case("batched", lambda x: np.linalg.qr(x.reshape(2, 2, 2))[1], uniform(8, 113)),
    ],
    "ExpmOp": [
        Case("3x3", lambda x: numtape.scipy.linalg.expm(_mat(x)), 0.5 * uniform(9, 70)),
        Case("large-norm", lambda x: numtape.scipy.linalg.expm(3.0 * _mat(x)), uniform(9, 71)),
        Case("nonlinear", lambda x: np.sum(numtape.scipy.linalg.expm(_mat(x)) ** 2),
             0.5 * uniform(9, 72)),
        Case("1x1", lambda x: numtape.scipy.linalg.expm(x.reshape(1, 1)), np.array([0.7])),
    ],
    "FftOp": [
        Case("fft-real", lambda x: _reim(np.fft.fft(x)), uniform(5, 120)),
        Case("ifft-complex-ortho", lambda x: _reim(np.fft.ifft(x[:4] + 1j * x[4:], norm="ortho")),
             uniform(8, 121)),
        Case("rfft-rows", lambda x: _reim(np.fft.rfft(x.reshape(2, 4), norm="forward")),
             uniform(8, 122)),
        Case("irfft-odd", lambda x: np.fft.irfft(x[:3] + 1j * x[3:], n=5), uniform(6, 123)),
        Case("power-spectrum", lambda x: np.abs(np.fft.fft2(x.reshape(2, 3))) ** 2,
             uniform(6, 124)),
    ],
}


def _reim(z):
    return np.concatenate([np.ravel(np.real(z)), np.ravel(np.imag(z))])


def _svd_rebuild(A):
    U, s, Vt = np.linalg.svd(A)
    return (U * s) @ Vt


# ---- one case per op, and comparing sweeps -------------------------------------------------
ROWS = 3


def op_case(spec):
    """(f, rows): a function recording ``spec`` and ROWS input points in its domain: every
    operand a vector drawn from the op's sampling domains (elementwise ops), or the op's first
    block case at its point and two points near it."""
    if spec.kind == ELEMENTWISE:
        kinds = ["v"] * spec.arity
        pattern = tuple((k, True) for k in kinds)
        points = []
        for r in range(ROWS):
            rng = np.random.default_rng(case_seed(spec.name, "batched", r))
            values = sample_operands(spec.name, [SHAPES[k] for k in kinds], rng)
            f, x, _ = build(spec, pattern, values)
            points.append(x)
        return f, points
    case = BLOCK_CASES[spec.name][0]
    rng = np.random.default_rng(case_seed(spec.name, "batched"))
    return case.f, [case.x] + [case.x + 1e-3 * rng.standard_normal(case.x.shape)
                               for _ in range(ROWS - 1)]


def assert_bitwise(a, b):
    """Same shape and the same float64 values (NaN where NaN)."""
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype == np.float64
    np.testing.assert_array_equal(a, b)
    assert np.array_equal(np.signbit(a), np.signbit(b))


# where the tiers may differ: the NumPy tier evaluates a formula with NumPy's and SciPy's
# functions, the compiled interpreters with Numba's (libm) and numtape's own special functions,
# and the two round differently except for correctly rounded operations (arithmetic and the
# functions below); BLAS may round differently too.  They then agree to ULPS units in the last
# place of the largest entry of a result (tests/test_every_op.py, tests/test_numpy_tier.py)
ULPS = 64
EXACT_FUNCTIONS = {"sqrt", "abs", "absolute", "fabs", "floor", "ceil", "trunc", "rint", "sign",
                   "minimum", "maximum", "fmin", "fmax", "copysign", "where", "isnan", "isinf",
                   "isfinite", "signbit", "fmod", "remainder", "square", "negative"}


def tiers_may_differ(spec):
    """Whether the NumPy tier may differ from the compiled interpreters on ``spec`` (within
    ``ULPS``), rather than agree bit for bit: its formulas call a function that is not
    correctly rounded (a NumPy or SciPy one: NumPy's SIMD versions and libm's differ; numtape's
    vectorizable ``vm.`` functions in the kernels against NumPy's on the NumPy tier), or its
    bodies call BLAS."""
    text = " ".join((spec.value_expr or "",) + tuple(spec.partial_exprs or ()))
    called = set(re.findall(r"\bnp\.(\w+)\(", text))
    return ("sc." in text or "vm." in text or bool(called - EXACT_FUNCTIONS)
            or spec.name in ("MatMulOp", "ChainMatMulOp"))


def assert_close_tiers(got, want, err_msg=""):
    """Within ``ULPS`` units in the last place of the largest entry, or of 1: partials written
    as differences of order-one terms (erfcx's ``2 x y - 2 / sqrt(pi)``) keep the terms'
    absolute error, not the result's relative one."""
    want = np.asarray(want)
    scale = float(np.max(np.abs(want), initial=1.0, where=np.isfinite(want)))
    np.testing.assert_allclose(got, want, rtol=ULPS * 2.2e-16, atol=ULPS * 2.2e-16 * scale,
                               err_msg=err_msg)
