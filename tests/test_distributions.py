"""nt.distributions against scipy.stats (values, tails, edges), mpmath (where SciPy loses
digits) and finite differences (gradients)."""
import math

import mpmath
import numpy as np
import pytest
import scipy.stats as ss

import numtape as nt
import numtape.stats.distributions as stats
from numtape.testing import check_grads

D = nt.distributions
NAN, INF = np.nan, np.inf

# (distribution, method, arguments): plain-array values must equal SciPy's to 1e-12, extreme
# points included (far tails, k = 0, tiny scale, p near 0 and 1, df = 1 and huge df) and the
# edges SciPy defines: -inf outside the support and at non-integer counts, NaN at a NaN
# argument and at an invalid parameter
VALUE_CASES = [
    ("norm", "logpdf", (np.array([-40.0, -1, 0, 3, 50, -INF, NAN]), 0.5, 2.0)),
    ("norm", "logpdf", (np.array([1e-12, 3e-10]), 0.0, 1e-10)),
    ("norm", "logcdf", (np.array([-40.0, -1, 0, 3, 10, -INF, INF]), 0.5, 2.0)),
    ("norm", "logcdf", (np.array([-1e5, -38.0, 38.0]),)),
    ("norm", "logsf", (np.array([-40.0, -1, 0, 3, 90]),)),
    ("norm", "cdf", (np.array([-40.0, -4.0, 0.3, 9.0]),)),
    ("norm", "sf", (np.array([-4.0, 0.3, 9.0, 40.0]),)),
    ("norm", "ppf", (np.array([0.0, 1e-300, 1e-10, 0.3, 0.999, 1.0, 1.5]), 1.0, 2.0)),
    ("norm", "pdf", (np.array([-3.0, 0.5]), 0.0, np.array([1.0, 0.0, -1.0])[:, None])),
    ("poisson", "logpmf", (np.array([0.0, 1, 5, 100, -1, 2.5, NAN]), 3.5)),
    ("poisson", "logpmf", (np.array([0.0, 3]), 1e-8)),
    ("poisson", "logpmf", (np.array([0.0, 1, 25.0]), 1e6)),   # large k: against mpmath below
    ("poisson", "logpmf", (np.array([0.0, 1]), 0.0)),
    ("poisson", "logpmf", (np.array([2.0, 3, 3.5]), 2.0, 1.0)),
    ("poisson", "pmf", (np.array([0.0, 4, 4.5]), np.array([[2.0], [-1.0]]))),
    ("binom", "logpmf", (np.array([0.0, 3, 10, 11, -1, 2.5, NAN]), 10, 0.3)),
    ("binom", "logpmf", (np.array([0.0, 1]), 10, 1e-12)),
    ("binom", "logpmf", (np.array([9.0, 10]), 10, 1 - 1e-12)),
    ("binom", "logpmf", (np.array([0.0, 10]), 10, np.array([0.0, 1.0, 1.5, -0.1])[:, None])),
    ("binom", "logpmf", (np.array([0.0, 3]), np.array([0.0, 10.5, -1.0])[:, None], 0.3)),
    ("nbinom", "logpmf", (np.array([0.0, 3, 50, -1, 2.5, NAN]), 2.5, 0.3)),
    ("nbinom", "logpmf", (np.array([0.0, 2]), 2.5, np.array([1.0, 0.0, 1.5])[:, None])),
    ("nbinom", "pmf", (np.array([0.0, 2]), np.array([0.5, 0.0])[:, None], 0.4)),
    ("gamma", "logpdf", (np.array([0.1, 1, 30, -1, NAN]), 2.5, 0.0, 1.7)),
    ("gamma", "logpdf", (np.array([1e-300, 1e-5, 700.0]), 0.5)),
    ("gamma", "logpdf", (np.array([0.0]), np.array([0.5, 1.0, 2.5, 0.0, -1.0]))),
    ("gamma", "logpdf", (np.array([1.0, 2.0]), 2.0, 0.5, np.array([1e-10, 0.0, -1.0])[:, None])),
    ("beta", "logpdf", (np.array([1e-8, 0.3, 0.99, 1.5, -0.1, NAN]), 2.5, 0.7)),
    ("beta", "logpdf", (np.array([0.0, 1.0]), np.array([0.5, 1, 2])[:, None], 2.0)),
    ("beta", "logpdf", (np.array([0.3, 2.5]), 2.0, np.array([3.0, 0.0]), 1.0, 2.0)),
    ("expon", "logpdf", (np.array([0.0, 1, 30, -1, NAN]), 0.0, 1.7)),
    ("expon", "logpdf", (np.array([1.0]), 0.0, np.array([0.0, -1.0]))),
    ("expon", "logcdf", (np.array([1e-300, 1e-10, 0.3, 1, 30, 800, 0, -1, NAN]),)),
    ("expon", "cdf", (np.array([1e-10, 1, -1, NAN]),)),
    ("expon", "logsf", (np.array([1e-10, 1, -1, NAN]),)),
    ("lognorm", "logpdf", (np.array([1e-5, 1, 30, 0, -1, NAN]), 0.8, 0.0, 2.0)),
    ("lognorm", "logpdf", (np.array([1e-200, 1e200]), 30.0)),
    ("lognorm", "cdf", (np.array([1e-5, 1, 30, 0, -1]), 0.8)),
    ("lognorm", "logcdf", (np.array([1e-5, 1, 30, 0]), 0.8)),
    ("lognorm", "logcdf", (np.array([1.0]), np.array([0.0, -1.0]))),
    ("t", "logpdf", (np.array([-300.0, 0, 2.5]), 1.0)),
    ("t", "logpdf", (np.array([-3.0, 0, 2.5]), 1e6, 1.0, 2.0)),
    ("t", "logpdf", (np.array([-3.0, 0, 2.5]), 250.0)),
    ("t", "logpdf", (np.array([-3.0, 0, 2.5]), np.array([0.5, 99.9, 100.0, 1e12])[:, None])),
    ("t", "logpdf", (np.array([-40.0, 0, 2.5, -INF]), INF, 0.5, 2.0)),
    ("t", "logpdf", (np.array([1.0]), np.array([0.0, -1.0]))),
    ("cauchy", "logpdf", (np.array([-1e300, -1e8, 0, 2.5, 1e200]), 1.0, 2.0)),
    ("cauchy", "cdf", (np.array([-1e300, -1e8, 0, 2.5, 1e8]),)),
    ("cauchy", "logcdf", (np.array([-1e300, -1e8, -3, 0, 2.5, 1e8, 1e300]),)),
    ("cauchy", "logcdf", (np.array([0.5, 40.0]), 0.0, 1e-10)),
    ("logistic", "logpdf", (np.array([-800.0, 0, 30, -INF]), 1.0, 2.0)),
    ("logistic", "logcdf", (np.array([-800.0, 0, 30, 800]),)),
    ("logistic", "cdf", (np.array([-30.0, 0, 30]),)),
    ("logistic", "logsf", (np.array([-30.0, 0, 800]),)),
    ("weibull_min", "logpdf", (np.array([0.0, 0.5, 3, -1, NAN]), 1.5, 0.0, 2.0)),
    ("weibull_min", "logpdf", (np.array([0.0, 0.5, 3]), np.array([0.7, 1.0, 0.0])[:, None])),
    ("weibull_min", "cdf", (np.array([1e-9, 0.5, 3, -1]), 1.5)),
    ("weibull_min", "logcdf", (np.array([1e-9, 0.5, 3, 40, 0, -1]), 1.5)),
    ("weibull_min", "logsf", (np.array([1e-9, 0.5, 3, -1]), 1.5)),
]


@pytest.mark.parametrize("name, method, args", VALUE_CASES,
                         ids=[f"{c[0]}.{c[1]}-{i}" for i, c in enumerate(VALUE_CASES)])
def test_values_equal_scipy_stats_including_tails_and_edges(name, method, args):
    with np.errstate(all="ignore"):
        ours = getattr(getattr(D, name), method)(*args)
        ref = getattr(getattr(ss, name), method)(*args)
    assert np.shape(ours) == np.shape(ref)
    np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=0)


def test_scalar_arguments_give_numpy_scalars_like_scipy():
    for ours, ref in [(D.gamma.logpdf(1.5, 2.0), ss.gamma.logpdf(1.5, 2.0)),
                      (D.poisson.logpmf(3, 2.0), ss.poisson.logpmf(3, 2.0)),
                      (D.norm.cdf(0.3), ss.norm.cdf(0.3)),
                      (D.multivariate_normal.logpdf(0.3), ss.multivariate_normal.logpdf(0.3))]:
        assert type(ours) is type(ref) is np.float64
        assert ours == pytest.approx(ref, rel=1e-14)


def _mp(f, *args):
    mpmath.mp.dps = 40
    return float(f(*[mpmath.mpf(a) for a in args]))


def _mp_nbinom(k, n, p):
    return (mpmath.loggamma(n + k) - mpmath.loggamma(k + 1) - mpmath.loggamma(n)
            + n * mpmath.log(p) + k * mpmath.log1p(-p))


# where SciPy itself loses digits: against mpmath instead
#   nbinom at large n: SciPy's log-gamma difference cancels (1e-7 relative at n = 1e9);
#   weibull_min.logcdf and expon.logcdf near 0: SciPy's x**c or its log underflows to -inf;
#   nbinom2 at large size: against the mu-size formula in 40 digits
ACCURACY_CASES = [
    (lambda: D.nbinom.logpmf(3.0, 1e9, 1 - 1e-12), lambda: _mp(_mp_nbinom, 3, 1e9, 1 - 1e-12),
     1e-13),
    (lambda: D.weibull_min.logcdf(1e-300, 2.5), lambda: _mp(
        lambda x, c: mpmath.log(-mpmath.expm1(-x ** c)), 1e-300, 2.5), 1e-14),
    (lambda: D.weibull_min.logcdf(1e-10, 300.0), lambda: 300 * np.log(1e-10), 1e-14),
    (lambda: D.expon.logcdf(5e-320), lambda: _mp(mpmath.log, 5e-320), 1e-3),   # subnormal
    (lambda: D.nbinom2_logpmf(5.0, 4.0, 1e12), lambda: _mp(
        lambda k, mu, s: _mp_nbinom(k, s, s / (s + mu)), 5, 4, 1e12), 1e-12),
    (lambda: D.nbinom2_logpmf(3.0, 0.3, 1e-3), lambda: _mp(
        lambda k, mu, s: _mp_nbinom(k, s, s / (s + mu)), 3, 0.3, 1e-3), 1e-13),
]


@pytest.mark.parametrize("ours, ref, rtol", ACCURACY_CASES)
def test_values_are_accurate_where_scipy_loses_digits(ours, ref, rtol):
    assert float(ours()) == pytest.approx(ref(), rel=rtol)


def _grad_case(name, method, points, lead=(), **kw):
    return pytest.param(name, method, lead, points, kw, id=f"{name}.{method}")


# (distribution, method, plain leading arguments, points of the traced arguments, keywords):
# the tape over all continuous arguments at several interior points, against central finite
# differences and the other derivative paths (check_grads), and its value against SciPy's
K = np.array([0.0, 3, 9])
GRADIENT_CASES = [
    _grad_case("norm", "logpdf", [(0.3, -0.2, 1.4), (-3.0, 0.5, 0.2), (40.0, 1.0, 3.0)]),
    _grad_case("norm", "pdf", [(0.3, -0.2, 1.4), (2.0, 0.5, 0.7)]),
    _grad_case("norm", "logcdf", [(-3.0, 0.5, 0.8), (2.0, 0.0, 1.0), (-35.0, 0.0, 1.0)]),
    _grad_case("norm", "cdf", [(-1.0, 0.5, 0.8), (0.4, 0.0, 2.0)]),
    _grad_case("norm", "sf", [(-1.0, 0.5, 0.8), (0.4, 0.0, 2.0)]),
    _grad_case("norm", "logsf", [(-1.0, 0.5, 0.8), (38.0, 0.0, 1.0)]),
    _grad_case("norm", "ppf", [(0.2, 0.5, 0.8), (0.02, 0.0, 2.0), (0.97, 1.0, 1.0)]),
    _grad_case("poisson", "logpmf", [(2.5,), (0.05,), (40.0,)], lead=(K,)),
    _grad_case("binom", "logpmf", [(0.35,), (0.02,), (0.98,)], lead=(K, 10)),
    _grad_case("nbinom", "logpmf", [(2.5, 0.4), (0.3, 0.9), (40.0, 0.05)], lead=(K,)),
    _grad_case("gamma", "logpdf", [(1.3, 2.2, 0.7), (0.3, 0.5, 0.1), (40.0, 3.0, 1.5)]),
    _grad_case("gamma", "logpdf", [(1.3, 2.2, 0.2, 0.7), (3.0, 0.5, -1.0, 2.0)]),
    _grad_case("beta", "logpdf", [(0.3, 2.2, 1.7), (0.1, 0.5, 3.0), (0.98, 4.0, 0.8)]),
    _grad_case("beta", "logpdf", [(1.3, 2.2, 1.7, 0.5, 2.0)]),
    _grad_case("expon", "logpdf", [(0.4, 0.1, 1.3), (20.0, 0.0, 0.5)]),
    _grad_case("expon", "cdf", [(0.4, 0.1, 1.3), (3.0, 0.0, 0.5)]),
    _grad_case("expon", "logcdf", [(0.4, 0.0, 1.3), (0.2, 0.0, 1.0), (30.0, 0.0, 1.0)]),
    _grad_case("expon", "logsf", [(0.4, 0.1, 1.3)]),
    _grad_case("lognorm", "logpdf", [(1.3, 0.6, 0.0, 2.0), (0.1, 1.5, 0.0, 1.0),
                                     (30.0, 0.4, 0.5, 3.0)]),
    _grad_case("lognorm", "cdf", [(1.3, 0.6, 0.0, 2.0), (0.5, 1.5, 0.1, 1.0)]),
    _grad_case("lognorm", "logcdf", [(1.3, 0.6, 0.0, 2.0), (0.05, 0.5, 0.0, 1.0)]),
    _grad_case("t", "logpdf", [(0.4, 3.5, 0.2, 1.5), (-30.0, 1.0, 0.0, 1.0),
                               (0.4, 350.0, 0.0, 1.0), (2.0, 1e6, 0.0, 1.0),
                               (1.0, 99.99, 0.0, 1.0)]),
    _grad_case("cauchy", "logpdf", [(-2.0, 0.3, 1.2), (1e6, 0.0, 1.0)]),
    _grad_case("cauchy", "cdf", [(-2.0, 0.3, 1.2), (0.5, 0.0, 1.0)]),
    _grad_case("cauchy", "logcdf", [(-2.0, 0.3, 1.2), (5.0, 0.0, 1.0), (-1e6, 0.0, 1.0)]),
    _grad_case("logistic", "logpdf", [(0.4, 0.1, 1.3), (-50.0, 0.0, 1.0), (50.0, 0.0, 1.0)]),
    _grad_case("logistic", "cdf", [(0.4, 0.1, 1.3)]),
    _grad_case("logistic", "logcdf", [(0.4, 0.1, 1.3), (-700.0, 0.0, 1.0)]),
    _grad_case("logistic", "logsf", [(0.4, 0.1, 1.3), (700.0, 0.0, 1.0)]),
    _grad_case("weibull_min", "logpdf", [(0.7, 1.6, 0.0, 1.2), (3.0, 0.6, 0.5, 2.0)]),
    _grad_case("weibull_min", "cdf", [(0.7, 1.6, 0.0, 1.2)]),
    _grad_case("weibull_min", "logcdf", [(0.7, 1.6, 0.0, 1.2), (0.2, 2.0, 0.0, 1.0),
                                         (3.0, 2.0, 0.0, 1.0)]),
    _grad_case("weibull_min", "logsf", [(0.7, 1.6, 0.0, 1.2)]),
]


@pytest.mark.parametrize("name, method, lead, points, kw", GRADIENT_CASES)
def test_gradients_match_finite_differences_and_tape_values_match_scipy(
        name, method, lead, points, kw):
    ours, ref = getattr(getattr(D, name), method), getattr(getattr(ss, name), method)
    for p in points:
        F = check_grads(lambda q: np.sum(ours(*lead, *q, **kw)), np.array(p), rtol=1e-6)
        assert F(np.array(p)) == pytest.approx(np.sum(ref(*lead, *p, **kw)), rel=1e-12)


@pytest.mark.parametrize("mu, size", [(3.0, 2.0), (0.2, 0.5), (3.0, 1e9), (50.0, 1e3)])
def test_nbinom2_gradients_match_finite_differences(mu, size):
    check_grads(lambda p: np.sum(D.nbinom2_logpmf(K, p[0], p[1])), np.array([mu, size]),
                rtol=1e-6)


# a traced vector x with plain scalar parameters, and plain vector x with traced parameters:
# values broadcast as SciPy's do
BROADCAST_CASES = [
    ("norm", "logpdf", (0.5, 2.0)), ("norm", "logcdf", (0.5, 2.0)), ("norm", "cdf", (0.5, 2.0)),
    ("norm", "logsf", (0.5, 2.0)), ("gamma", "logpdf", (1.7, -0.5, 1.3)),
    ("beta", "logpdf", (2.0, 3.0, -2.5, 6.0)), ("expon", "logpdf", (-2.5, 2.0)),
    ("expon", "logcdf", (-2.5, 2.0)), ("lognorm", "logpdf", (0.7, -2.5, 1.0)),
    ("lognorm", "logcdf", (0.7, -2.5, 1.0)), ("t", "logpdf", (4.0, 0.3, 1.5)),
    ("cauchy", "logpdf", (0.3, 1.5)), ("cauchy", "logcdf", (0.3, 1.5)),
    ("logistic", "logpdf", (0.3, 1.5)), ("logistic", "logcdf", (0.3, 1.5)),
    ("weibull_min", "logpdf", (1.5, -2.5, 2.0)), ("weibull_min", "logcdf", (1.5, -2.5, 2.0)),
]
X = np.linspace(-2.0, 3.0, 7)


@pytest.mark.parametrize("name, method, params", BROADCAST_CASES,
                         ids=[f"{c[0]}.{c[1]}" for c in BROADCAST_CASES])
def test_traced_values_broadcast_like_scipy(name, method, params):
    ours, ref = getattr(getattr(D, name), method), getattr(getattr(ss, name), method)
    F = nt.MakeTape(lambda x: ours(x, *params), np.ones(7))
    np.testing.assert_allclose(F(X), ref(X, *params), rtol=1e-12)
    G = nt.MakeTape(lambda p: ours(X, *p), np.array(params) + 0.25)
    np.testing.assert_allclose(G(np.array(params)), ref(X, *params), rtol=1e-12)


def test_traced_counts_broadcast_against_traced_rates():
    k = np.array([[0.0], [2.0], [7.0]])
    F = nt.MakeTape(lambda p: D.poisson.logpmf(k, p), np.ones(4))
    mu = np.array([0.5, 1.0, 4.0, 30.0])
    np.testing.assert_allclose(F(mu), ss.poisson.logpmf(k, mu), rtol=1e-12)


OUTSIDE_CASES = [
    ("gamma", lambda p: D.gamma.logpdf(np.array([-1.0, 2.0]), p[0], scale=p[1])),
    ("beta", lambda p: D.beta.logpdf(np.array([-0.5, 1.5, 0.5]), p[0], p[1])),
    ("expon", lambda p: D.expon.logpdf(np.array([-1.0, 2.0]), scale=p[0] * p[1])),
    ("lognorm", lambda p: D.lognorm.logpdf(np.array([-1.0, 0.0, 2.0]), p[0], scale=p[1])),
    ("weibull_min", lambda p: D.weibull_min.logpdf(np.array([-1.0, 2.0]), p[0], scale=p[1])),
    ("weibull_min.logcdf",
     lambda p: D.weibull_min.logcdf(np.array([-1.0, 0.0, 2.0]), p[0], scale=p[1])),
    ("poisson", lambda p: D.poisson.logpmf(np.array([-1.0, 2.5, 2.0]), p[0] * p[1])),
    ("binom", lambda p: D.binom.logpmf(np.array([-1.0, 2.5, 11.0, 2.0]), 10, p[0] / 4)),
    ("nbinom2", lambda p: D.nbinom2_logpmf(np.array([-1.0, 2.5, 2.0]), p[0], p[1])),
]


@pytest.mark.parametrize("name, f", OUTSIDE_CASES, ids=[c[0] for c in OUTSIDE_CASES])
def test_outside_the_support_is_minus_inf_with_a_zero_gradient(name, f):
    F = nt.MakeTape(f, np.ones(2))
    p = np.array([1.7, 1.3])
    val, J = F(p), F.jacobian(p)
    out = val == -np.inf
    assert out.sum() == len(val) - 1 and np.isfinite(val[-1])
    np.testing.assert_array_equal(J[out], 0.0)
    assert np.all(np.isfinite(J))
    np.testing.assert_allclose(J[-1], check_grads(lambda q: f(q)[-1], p).jacobian(p)[0])


def test_traced_invalid_parameters_give_nan_like_scipy():
    F = nt.MakeTape(lambda p: D.gamma.logpdf(np.array([-1.0, 2.0]), p[0], scale=p[1]),
                    np.ones(2))
    assert np.all(np.isnan(F([-1.0, 1.0]))) and np.all(np.isnan(F([1.0, -2.0])))
    G = nt.MakeTape(lambda p: D.binom.logpmf(np.array([0.0, 3.0]), 10, p[0]), np.full(1, 0.5))
    assert np.all(np.isnan(G([1.2]))) and np.all(np.isfinite(G([0.2])))


def test_t_at_infinite_df_is_the_normal_with_finite_gradients():
    F = check_grads(lambda p: D.t.logpdf(p[0], np.inf, p[1], p[2]), np.array([0.4, 0.1, 1.3]))
    assert F([0.4, 0.1, 1.3]) == pytest.approx(ss.norm.logpdf(0.4, 0.1, 1.3), rel=1e-14)


def test_nbinom2_tends_to_the_poisson_at_large_size():
    k = np.array([0.0, 3, 7])
    np.testing.assert_allclose(D.nbinom2_logpmf(k, 4.0, 1e12), ss.poisson.logpmf(k, 4.0),
                               rtol=1e-10)
    np.testing.assert_allclose(D.nbinom2_logpmf(k, 4.0, 2.5),
                               ss.nbinom.logpmf(k, 2.5, 2.5 / 6.5), rtol=1e-12)
    F = nt.MakeTape(lambda p: np.sum(D.nbinom2_logpmf(k, p[0], p[1])), np.ones(2))
    g_nb = F.gradient([4.0, 1e12])
    g_pois = nt.MakeTape(lambda p: np.sum(D.poisson.logpmf(k, p[0])), np.ones(1)).gradient([4.0])
    # d/dsize is O(1/size^2) here; what is left is the digamma difference's rounding
    assert g_nb[0] == pytest.approx(g_pois[0], rel=1e-9) and abs(g_nb[1]) < 1e-13


def test_module_is_a_drop_in_for_the_scipy_stats_import():
    assert stats is D
    for name in stats.__all__:
        if name not in ("nbinom2_logpmf", "tweedie"):    # numtape's own, not SciPy's
            assert hasattr(ss, name)


COV = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 0.5]])
X5 = np.random.default_rng(0).normal(size=(5, 3))
MEAN = np.array([0.1, -0.2, 0.3])


def test_multivariate_normal_from_cov_and_from_cholesky_equal_scipy():
    ref = ss.multivariate_normal.logpdf(X5, MEAN, COV)
    np.testing.assert_allclose(D.multivariate_normal.logpdf(X5, MEAN, COV), ref, rtol=1e-12)
    L = np.linalg.cholesky(COV)
    np.testing.assert_allclose(D.multivariate_normal.logpdf_chol(X5, MEAN, L), ref, rtol=1e-12)
    # any factor of cov = L L^T: a column's sign does not change the density
    np.testing.assert_allclose(D.multivariate_normal.logpdf_chol(X5, MEAN, L * [1, -1, 1]),
                               ref, rtol=1e-12)
    np.testing.assert_allclose(D.multivariate_normal.pdf(X5, MEAN, COV),
                               ss.multivariate_normal.pdf(X5, MEAN, COV), rtol=1e-12)
    F = nt.MakeTape(lambda x: D.multivariate_normal.logpdf(x, MEAN, COV), X5)
    np.testing.assert_allclose(F(X5), ref, rtol=1e-12)


MVN_SHAPE_CASES = [
    (X5[0], MEAN, COV), (X5[:1], None, COV), (np.ones((2, 4, 3)), MEAN, COV),
    (np.linspace(-1, 1, 4), None, 2.0), (0.3, 1.0, 2.0), (X5, MEAN, 2.0),
    (X5, MEAN, np.array([1.0, 2.0, 3.0])), (np.ones((4, 1)), 0.5, 3.0),
]


@pytest.mark.parametrize("x, mean, cov", MVN_SHAPE_CASES)
def test_multivariate_normal_shapes_and_dimension_follow_scipy(x, mean, cov):
    ref = ss.multivariate_normal.logpdf(x, mean, cov)
    ours = D.multivariate_normal.logpdf(x, mean, cov)
    assert np.shape(ours) == np.shape(ref)
    np.testing.assert_allclose(ours, ref, rtol=1e-12)
    F = nt.MakeTape(lambda v: D.multivariate_normal.logpdf(v, mean, cov), np.asarray(x) + 0.5)
    assert np.shape(F(np.asarray(x))) == np.shape(ref)
    np.testing.assert_allclose(F(np.asarray(x)), ref, rtol=1e-12)


def test_multivariate_normal_gradients_in_x_mean_and_factor():
    L0 = np.linalg.cholesky(COV)
    rows, cols = np.tril_indices(3)

    def f(p):
        L = nt.zeros((3, 3))
        L[rows, cols] = p[6:]
        return np.sum(D.multivariate_normal.logpdf_chol(X5 + p[:3], p[3:6], L))
    p0 = np.concatenate([[0.1, 0.2, -0.1], MEAN, L0[rows, cols]])
    F = check_grads(f, p0, rtol=1e-6)
    assert F(p0) == pytest.approx(np.sum(ss.multivariate_normal.logpdf(
        X5 + p0[:3], MEAN, COV)), rel=1e-12)
    check_grads(lambda p: D.multivariate_normal.logpdf(X5[1], p[:3], COV * p[3]),
                np.concatenate([MEAN, [1.3]]), rtol=1e-6)
    # the covariance's entries (a symmetric matrix from its lower triangle), N points
    c0 = COV[rows, cols]

    def g(c):
        C = nt.zeros((3, 3))
        C[rows, cols] = c
        C[cols, rows] = c
        return np.sum(D.multivariate_normal.logpdf(X5, MEAN, C))
    G = check_grads(g, c0, rtol=1e-6)
    assert G(c0) == pytest.approx(np.sum(ss.multivariate_normal.logpdf(X5, MEAN, COV)),
                                  rel=1e-12)


# scale (or t's df) given as a Python number 0: NaN as SciPy gives, never ZeroDivisionError
ZERO_SCALE_CASES = [(name, method, args)
                    for name, args in [("norm", (0.0, 0.0)), ("expon", (0.0, 0.0)),
                                       ("gamma", (1.5, 0.0, 0.0)), ("beta", (2.0, 2.0, 0.0, 0.0)),
                                       ("t", (3.0, 0.0, 0.0)), ("t", (0, 0.0, 1.0)),
                                       ("cauchy", (0.0, 0.0)), ("logistic", (0.0, 0.0)),
                                       ("weibull_min", (1.5, 0.0, 0.0)),
                                       ("lognorm", (0.7, 0.0, 0.0))]
                    for method in ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf", "ppf")
                    if hasattr(getattr(D, name), method)]


@pytest.mark.parametrize("name,method,args", ZERO_SCALE_CASES)
def test_a_python_zero_scale_gives_nan_like_scipy(name, method, args):
    with np.errstate(all="ignore"):
        got = getattr(getattr(D, name), method)(0.5, *args)
        want = getattr(getattr(ss, name), method)(0.5, *args)
    assert np.isnan(want) and np.isnan(got) and isinstance(got, np.float64)


def test_nbinom2_at_infinite_size_is_the_poisson():
    """R's dnbinom(k, size = Inf, mu) and the docstring: the Poisson limit (a plain size)."""
    want = ss.poisson.logpmf([0, 3, 9], 2.0)
    np.testing.assert_allclose(D.nbinom2_logpmf(np.array([0.0, 3, 9]), 2.0, np.inf), want,
                               rtol=1e-14)
    F = nt.MakeTape(lambda m: D.nbinom2_logpmf(np.array([0.0, 3, 9]), m[0], np.inf),
                    np.array([2.0]))
    np.testing.assert_allclose(F(np.array([2.0])), want, rtol=1e-14)
    np.testing.assert_allclose(F.jacobian(np.array([2.0]))[:, 0], np.array([0, 3, 9]) / 2.0 - 1,
                               rtol=1e-14)


@pytest.mark.parametrize("k", [0.0, 1.0, 20.0, 50.0, 99.0, 100.0, 1e3, 1e6, 1e10, 1e15])
def test_poisson_logpmf_keeps_its_digits_at_large_counts(k):
    """The direct k log mu - mu - log k! cancels at large k (SciPy: 8e-7 relative at k = mu = 1e10);
    Loader's saddle-point form (from k = 100) does not: within 4e-15 of mpmath, value and
    d/dmu."""
    with mpmath.workdps(50):
        for mu in (1e-3, 0.5, 20.0, 1e3, k, k * (1 + 1e-5) + 1.0, 1e10):
            if mu <= 0:
                continue
            want = float(k * mpmath.log(mu) - mu - mpmath.loggamma(k + 1))
            F = nt.MakeTape(lambda m, k=k: D.poisson.logpmf(k, m[0]), np.array([mu]))
            rtol = 4e-15 if k >= 100 else 2e-14   # the direct form below 100, as SciPy
            np.testing.assert_allclose(D.poisson.logpmf(k, mu), want, rtol=rtol)
            np.testing.assert_allclose(F(np.array([mu])), want, rtol=rtol)
            d_mu = float(k / mpmath.mpf(mu) - 1)   # k / mu - 1 in doubles cancels itself
            assert abs(F.gradient(np.array([mu]))[0] - d_mu) <= 4e-16 * max(1.0, k / mu)


def test_poisson_at_an_infinite_count_is_minus_inf():
    """The pmf's limit, 0 (SciPy: -inf at mu = 0 but NaN at mu > 0), with a zero gradient."""
    k = np.array([INF, 3.0, 150.0])
    np.testing.assert_array_equal(D.poisson.logpmf(k, 2.0)[0], -INF)
    F = nt.MakeTape(lambda m: D.poisson.logpmf(k, m[0]), np.ones(1))
    np.testing.assert_allclose(F(np.array([2.0])),
                               [-INF, *ss.poisson.logpmf(k[1:], 2.0)], rtol=1e-13)
    np.testing.assert_allclose(F.jacobian(np.array([2.0])).ravel(), [0.0, 0.5, 74.0], rtol=1e-13)


def _nb2_d_size(k, mu, n):
    k, mu, n = mpmath.mpf(k), mpmath.mpf(mu), mpmath.mpf(n)
    return float(mpmath.digamma(n + k) - mpmath.digamma(n) + mpmath.log(n / (n + mu))
                 + mu / (n + mu) - k / (n + mu))


@pytest.mark.parametrize("size", [1.0, 99.0, 1e3, 1e4, 1e6, 1e8, 1e10, 1e12])
def test_nbinom2_dispersion_gradient_against_mpmath(size):
    """d/dsize = digamma(size + k) - digamma(size) + ..., terms of order 1/size cancelling to
    order 1/size^2: betaln's digamma difference keeps its digits (BetalnOp's partials,
    sc.digamma_diff), so nearly-Poisson data still estimate the dispersion (it had the wrong
    sign at size 1e8).  What is left is the log1p terms' roundoff, eps * size / mu relative."""
    with mpmath.workdps(50):
        for k in (0.0, 1.0, 3.0, 10.0, 50.0):
            for mu in (0.5, 2.0, 7.0, 40.0):
                F = nt.MakeTape(lambda s, k=k, mu=mu: D.nbinom2_logpmf(k, mu, s[0]),
                                np.array([size]))
                want = _nb2_d_size(k, mu, size)
                scale = (k * k + mu * mu + k + 1.0) / size ** 2   # the derivative's own size
                got = F.gradient(np.array([size]))[0]
                assert abs(got - want) <= max(1e-9, 1e-15 * size) * scale, (k, mu, got, want)


LOGCDF_CASES = [("poisson", (3.5,)), ("poisson", (1e-8,)), ("poisson", (400.0,)),
                ("binom", (10.0, 0.3)), ("binom", (1e6, 2e-6)), ("nbinom", (2.5, 0.4)),
                ("nbinom", (1e8, 0.999))]
ORDINARY_CDF = {("poisson", (3.5,)), ("binom", (10.0, 0.3)), ("nbinom", (2.5, 0.4))}


@pytest.mark.parametrize("name, params", LOGCDF_CASES)
def test_discrete_logcdf_equals_scipy_and_its_gradient_finite_differences(name, params):
    """poisson/binom/nbinom logcdf (the one-step-ahead residuals' CDF terms): SciPy's values
    over the support, below it (-inf), past it (0), at non-integer and NaN counts (1e-9: the
    incomplete gamma and beta of two implementations); the gradient in the parameters
    against finite differences at ordinary points."""
    k = np.array([-1.0, 0.0, 1.0, 2.5, 3.0, 7.0, 30.0, 1e6, INF, NAN])
    ours = getattr(D, name).logcdf(k, *params)
    want = getattr(ss, name).logcdf(k, *params)
    finite = np.isfinite(want)
    np.testing.assert_allclose(ours[finite], want[finite], rtol=1e-9, atol=1e-300)
    np.testing.assert_array_equal(ours[~finite], want[~finite])
    if (name, params) not in ORDINARY_CDF:
        return
    lead = np.array([0.0, 2.0, 5.0])
    if name == "binom":
        check_grads(lambda q: np.sum(D.binom.logcdf(lead, params[0], q[0])),
                    np.array(params[1:]), rtol=1e-5)
    else:
        check_grads(lambda q: np.sum(getattr(D, name).logcdf(lead, *q)), np.array(params),
                    rtol=1e-5)


def test_nbinom_logcdf_keeps_p_to_the_n_where_scipy_underflows():
    """P(K <= 0) = p^n: at p = 1e-300, n = 1e-8 it is exp(-6.9e-6), where SciPy gives -inf."""
    assert D.nbinom.logcdf(0.0, 1e-8, 1e-300) == pytest.approx(1e-8 * math.log(1e-300),
                                                                rel=1e-12)
