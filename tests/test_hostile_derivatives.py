"""Derivatives a hostile run of the package found silently wrong, checked in every mode.

Every case is a scalar function with its exact gradient at a point chosen to hit the problem
(an untaken branch holding inf or NaN, an exponent 0, a far tail).  Each mode must give that
gradient: reverse sweeps, tangent sweeps, the derivative tape (dense and sparse), the
simplified tape, and a recording with ``TapeConfig(atomic="disable")`` (scalar expansion of
block ops).
"""
import mpmath
import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.testing import check_grads

A = np.array([[1.0, 2.0], [3.0, 4.0]])
X0 = np.array([0.0, 2.0])     # x[0] = 0: log(0) = -inf in the branch np.where does not take


def _masked_log(x):
    """Log x where x > 0, else 0; the untaken branch is -inf (x = 0) or NaN (x < 0)."""
    return np.where(x > 0, np.log(x), 0.0)


CASES = [
    # (id, f, x, exact gradient)
    ("pow-0.0-at-0", lambda x: np.sum(x ** 0.0), np.zeros(2), [0.0, 0.0]),
    ("pow-int-0-at-0", lambda x: np.sum(x ** 0) + x[0] * 0.0, np.zeros(2), [0.0, 0.0]),
    ("power-0-at-0", lambda x: np.sum(np.power(x, 0.0)), np.zeros(2), [0.0, 0.0]),
    ("pow-traced-0-exponent", lambda x: x[0] ** (x[1] * 0.0), np.zeros(2), [0.0, 0.0]),
    # the untaken branch's inf must not reach the gradient through block ops
    ("dot", lambda x: np.where(x[1] > 0, np.dot(np.log(x), np.array([0.0, 1.0])), 0.0),
     X0, [0.0, 0.5]),
    ("outer", lambda x: np.sum(np.where(x[:, None] > 0, np.outer(np.log(x), x), 0.0)),
     X0, [np.log(2.0), 1.0 + np.log(2.0)]),
    ("einsum-outer", lambda x: np.sum(np.where(x[:, None] > 0,
                                               np.einsum("i,j->ij", np.log(x), x), 0.0)),
     X0, [np.log(2.0), 1.0 + np.log(2.0)]),
    ("prod", lambda x: np.where(x[0] > 0, np.prod(np.log(x)), 0.0), X0, [0.0, 0.0]),
    ("masked-then-matmul", lambda x: np.sum(A @ _masked_log(x)), X0, [0.0, 3.0]),
    ("masked-then-solve", lambda x: np.sum(np.linalg.solve(A, _masked_log(x))), X0,
     [0.0, np.linalg.solve(A.T, np.ones(2))[1] / 2.0]),
    ("det-of-masked", lambda x: np.linalg.det(A + np.diag(_masked_log(x))), X0,
     [0.0, (A[0, 0]) / 2.0]),
    # sigmoid-like partials in their far tails (relative accuracy, against mpmath)
    ("expit-tail-30", lambda x: sc.expit(x[0]), np.array([30.0]),
     [float(mpmath.exp(-30) / (1 + mpmath.exp(-30)) ** 2)]),
    ("expit-tail-50", lambda x: sc.expit(x[0]), np.array([50.0]),
     [float(mpmath.exp(-50) / (1 + mpmath.exp(-50)) ** 2)]),
    ("expit-tail-700", lambda x: sc.expit(x[0]), np.array([700.0]),
     [float(mpmath.exp(-700) / (1 + mpmath.exp(-700)) ** 2)]),
    ("expit-left-tail", lambda x: sc.expit(x[0]), np.array([-40.0]),
     [float(mpmath.exp(-40) / (1 + mpmath.exp(-40)) ** 2)]),
    ("logsumexp-with--inf", lambda x: nt.logsumexp(x), np.array([-np.inf, 3.0]), [0.0, 1.0]),
]


def _modes(f, x):
    """The gradient of f at x by every route (name -> flat gradient)."""
    F = nt.MakeTape(f, np.zeros_like(x) + 0.5)
    eye = np.eye(x.size)
    with nt.TapeConfig(atomic="disable"):
        E = nt.MakeTape(f, np.zeros_like(x) + 0.5)
    return {
        "reverse": F.gradient(x),
        "tangent": np.array([F.jvp(x, e) for e in eye]).ravel(),
        "jacfun": F.jacfun()(x),
        "sparse-jacfun": F.jacfun(sparse=True)(x).toarray().ravel(),
        "optimize": F.simplify("optimize").gradient(x),
        "atomic-disable": E.gradient(x),
    }


@pytest.mark.parametrize("name, f, x, exact", CASES, ids=[c[0] for c in CASES])
def test_gradient_is_exact_in_every_mode(name, f, x, exact):
    with np.errstate(all="ignore"):
        got = _modes(f, np.asarray(x, dtype=float))
    for mode, g in got.items():
        np.testing.assert_allclose(g, exact, rtol=1e-13, atol=0, err_msg=mode)


def test_pow_zero_exponent_has_zero_second_derivative_at_zero():
    F = nt.MakeTape(lambda x: np.sum(x ** 0.0 + x ** 2), np.zeros(2))
    np.testing.assert_array_equal(F.hessian(np.zeros(2)), 2.0 * np.eye(2))


# ---- values that were wrong ------------------------------------------------------------------
@pytest.mark.parametrize("a", [[-np.inf, -np.inf], [np.inf, 1.0], [np.inf, -np.inf],
                               [-np.inf, 2.0], [1.0, 2.0]], ids=str)
def test_logsumexp_matches_scipy_at_infinities(a):
    a = np.array(a)
    F = nt.MakeTape(lambda x: nt.logsumexp(x), np.zeros(2))
    G = nt.MakeTape(lambda x: np.logaddexp.reduce(x), np.zeros(2))
    ref = sc.logsumexp(a)
    assert F(a) == ref and G(a) == ref and nt.logsumexp(a) == ref


@pytest.mark.parametrize("ufunc", [np.maximum, np.minimum, np.fmax, np.fmin],
                         ids=lambda u: u.__name__)
def test_max_and_min_match_numpy_at_signed_zeros_and_nans(ufunc):
    """Values as NumPy's array loops give them: max(-0., 0.) is 0., max(0., -0.) is -0. (the
    second operand on ties), NaNs propagated (maximum) or ignored (fmax).  A signed zero decides
    later ops (arctan2(-0., -0.) is -pi).  NumPy's fmax/fmin return either zero on ties
    depending on the array's length (SIMD loop or not), so only their values are compared."""
    v = np.array([-0.0, 0.0, 1.0, np.nan, np.inf, -np.inf])
    a, b = np.repeat(v, v.size), np.tile(v, v.size)
    F = nt.MakeTape(lambda x: ufunc(x[:a.size], x[a.size:]), np.zeros(2 * a.size))
    got, want = F(np.concatenate([a, b])), ufunc(a, b)
    np.testing.assert_array_equal(got, want)
    if ufunc in (np.maximum, np.minimum):
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("ord", [None, "fro", 1, -1, np.inf, -np.inf], ids=str)
@pytest.mark.parametrize("axis, shape", [(None, (3, 4)), ((0, 1), (3, 4)), ((1, 0), (3, 4)),
                                         ((2, 1), (2, 3, 4)), ((0, 2), (2, 3, 4))], ids=str)
def test_matrix_norm_matches_numpy(ord, axis, shape):
    rng = np.random.default_rng(7)
    M = rng.normal(size=shape)
    for keepdims in (False, True):
        F = nt.MakeTape(lambda x, k=keepdims: np.linalg.norm(x.reshape(shape), ord, axis=axis,
                                                              keepdims=k), M.ravel())
        ref = np.linalg.norm(M, ord, axis=axis, keepdims=keepdims)
        np.testing.assert_allclose(F(M.ravel()), ref, rtol=1e-14)
        assert np.shape(F(M.ravel())) == np.shape(ref)


@pytest.mark.parametrize("ord", [2, -2, "nuc"])
def test_matrix_norms_through_singular_values_match_numpy_and_differences(ord):
    x = np.array([0.7, -1.2, 0.4, 2.1])
    F = nt.MakeTape(lambda x: np.linalg.norm(x.reshape(2, 2), ord), np.ones(4))
    assert F(x) == pytest.approx(np.linalg.norm(x.reshape(2, 2), ord), rel=1e-14)
    fd = np.array([(F(x + 1e-6 * e) - F(x - 1e-6 * e)) / 2e-6 for e in np.eye(4)])
    np.testing.assert_allclose(F.gradient(x), fd, rtol=1e-7, atol=1e-8)


def test_vdot_conjugates_a_complex_constant_first_argument():
    z = np.array([1 + 2j, 3 - 1j])
    x = np.array([0.5, -1.5])
    for part in (np.real, np.imag):
        F = nt.MakeTape(lambda v, p=part: p(np.vdot(z, v)), np.ones(2))
        assert F(x) == part(np.vdot(z, x))


@pytest.mark.parametrize("n", [0, 1, 5, 50, 153, 154, 160, 200, 300])
@pytest.mark.parametrize("x", [0.5, 2.0, 10.0, 50.0, 300.0])
def test_polygamma_of_high_order_matches_mpmath(n, x):
    ref = mpmath.polygamma(n, x)
    if abs(ref) > mpmath.mpf("1e308"):
        pytest.skip("beyond float64")
    F = nt.MakeTape(lambda v: nt.polygamma(n, v), np.ones(1))
    np.testing.assert_allclose(F([x])[0], float(ref), rtol=5e-13)
    np.testing.assert_allclose(F.jacobian([x])[0, 0], float(mpmath.polygamma(n + 1, x)),
                               rtol=5e-13)


# ---- aliasing: a result shares addresses with an input only where NumPy returns a view ------
ALIASES = [
    ("pow-1", lambda x: x ** 1),
    ("unary-plus", lambda x: +x),
    ("positive", np.positive),
    ("conj-real", np.conj),
    ("clip-none-none", lambda x: np.clip(x, None, None)),
    ("sum-length-1-axis", lambda x: np.sum(x.reshape(3, 1), axis=1)),
    ("max-length-1-axis", lambda x: np.max(x.reshape(3, 1), axis=1)),
    ("min-length-1-axis", lambda x: np.min(x.reshape(3, 1), axis=1)),
    ("prod-length-1-axis", lambda x: np.prod(x.reshape(3, 1), axis=1)),
]


@pytest.mark.parametrize("name, g", ALIASES, ids=[a[0] for a in ALIASES])
def test_assigning_into_a_result_leaves_the_input_alone(name, g):
    def f(x):
        y = g(x)
        y[0] = 0.0 * x[1]
        return np.sum(x) + 10.0 * np.sum(y)
    x = np.array([1.0, 2.0, 3.0])
    F = nt.MakeTape(f, np.ones(3))
    assert F(x) == 6.0 + 10.0 * 5.0
    np.testing.assert_array_equal(F.gradient(x), [1.0, 11.0, 11.0])


# ---- det at singular matrices ------------------------------------------------------------------
def test_det_gradient_at_a_singular_matrix_is_the_cofactor():
    """D det(A)/dA = adj(A)^T, non-zero at a rank n-1 matrix: at A = diag(1, 0), det = 0 but
    d det / d A[1,1] = 1."""
    from numtape.testing import finite_jacobian
    f = lambda x: np.linalg.det(x.reshape(2, 2))   # noqa: E731
    x = np.array([1.0, 0.0, 0.0, 0.0])
    F = nt.MakeTape(f, np.ones(4))
    np.testing.assert_allclose(F.gradient(x), finite_jacobian(f, x)[0], atol=1e-8)


def test_det_of_a_1x1_zero_has_derivative_one():
    """det([[a]]) = a, so its derivative is 1 everywhere, including a = 0."""
    F = nt.MakeTape(lambda x: np.linalg.det(x.reshape(1, 1)), np.ones(1))
    np.testing.assert_array_equal(F.gradient([0.0]), [1.0])


@pytest.mark.filterwarnings("ignore::RuntimeWarning")   # BLAS's own 0 * inf, redone
@pytest.mark.parametrize("k", [1, 3])
def test_matrix_product_reverse_keeps_zero_times_inf_at_zero(k):
    """Only row 0 of X @ beta is an output: row 1's inf meets a zero adjoint, which must
    contribute 0 (BLAS alone gives NaN), in the row-vector loop (k = 3) and in BLAS (k = 1)."""
    X = np.arange(1.0, 4.0 * k + 1.0).reshape(4, k)
    X[1, 0] = np.inf
    F = nt.MakeTape(lambda b: (X @ b)[0], np.zeros(k))
    np.testing.assert_array_equal(F.gradient(np.ones(k)), X[0])
    G = nt.MakeTape(lambda b: np.sum((X[::2] @ b) ** 2), np.zeros(k))   # all finite: BLAS
    b = np.linspace(0.5, 1.0, k)
    np.testing.assert_allclose(G.gradient(b), 2 * X[::2].T @ (X[::2] @ b), rtol=1e-14)


X19 = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])


@pytest.mark.parametrize("solver", [
    lambda A, b: np.linalg.solve(A, b),
    lambda A, b: nt.scipy.linalg.solve(A, b),
    lambda A, b: nt.scipy.linalg.solve_triangular(A, b, lower=True),
    lambda A, b: nt.scipy.linalg.solve_triangular(A, b, lower=False, trans=1),
])
def test_solve_rules_keep_strong_zeros_at_an_untaken_branch(solver):
    """np.where's untaken branch holds an infinite solution (log 0): a zero seed times it is
    zero in derivative tapes too (jacfun, hessian), as in the plain gradient."""
    def f(x):
        return np.where(x[0] > 0, np.sum(solver(x[2:6].reshape(2, 2), np.log(x[:2]))), 0.0)
    with np.errstate(all="ignore"):
        F = nt.MakeTape(f, np.ones(6))
        np.testing.assert_array_equal(F.gradient(X19), np.zeros(6))
        np.testing.assert_array_equal(np.ravel(F.jacfun()(X19)), np.zeros(6))
        np.testing.assert_array_equal(F.hessian(X19), np.zeros((6, 6)))


HOST_RULE_CASES = {
    "cholesky": lambda A: np.sum(np.linalg.cholesky(A)),
    "slogdet": lambda A: np.linalg.slogdet(A)[1],
    "det": lambda A: np.linalg.det(A),
    "inv": lambda A: np.sum(np.linalg.inv(A)),
    "eigh": lambda A: np.sum(np.linalg.eigh(A)[0] * np.arange(1.0, 3.0)),
    "qr": lambda A: np.sum(np.linalg.qr(A)[1]),
    "solve": lambda A: np.sum(np.linalg.solve(A, np.ones(2))),
    "svd": lambda A: np.sum(np.linalg.svd(A)[1]),
    "svd-vectors": lambda A: np.sum(np.linalg.svd(A)[0] * np.linalg.svd(A)[2]),
    "pinv": lambda A: np.sum(np.linalg.pinv(A)),
    "lstsq": lambda A: np.sum(np.linalg.lstsq(A, np.ones(2))[0]),
    "expm": lambda A: np.sum(nt.scipy.linalg.expm(A)),
}


@pytest.mark.parametrize("name", list(HOST_RULE_CASES))
def test_every_host_op_rule_keeps_strong_zeros_at_an_untaken_branch(name):
    """A host op (LAPACK) on np.where's untaken branch, its matrix NaN there: the recorded
    rule of the whole op gives 0 for a zero adjoint in jacfun and hessian, as the plain
    gradient does; and the rule is still right where the branch is taken."""
    g = HOST_RULE_CASES[name]

    def f(x):
        A = np.stack([np.stack([x[2] + np.log(x[0]) * 0.0, x[3]]), np.stack([x[4], x[5]])])
        return np.where(x[0] > 0, g(A), 0.0)
    x = np.array([0.0, 1.0, 2.0, 0.5, 0.5, 3.0])
    with np.errstate(all="ignore"):
        F = nt.MakeTape(f, np.ones(6))
        np.testing.assert_array_equal(F.gradient(x), np.zeros(6))
        np.testing.assert_array_equal(np.ravel(F.jacfun()(x)), np.zeros(6))
        np.testing.assert_array_equal(F.hessian(x), np.zeros((6, 6)))
    check_grads(lambda z: g(np.stack([np.stack([z[0] + 3.0, z[1]]),
                                      np.stack([z[1], z[2] + 2.0])])), np.array([0.3, 0.2, 0.4]))
