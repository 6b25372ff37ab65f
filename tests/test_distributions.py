"""nt.distributions against scipy.stats (values, tails) and finite differences (gradients)."""
import numpy as np
import pytest
import scipy.stats as ss

import numtape as nt
from numtape.testing import check_grads

D = nt.distributions

# (distribution, method, arguments): plain-array values must equal SciPy's, extreme points
# included (far tails, k = 0, p near 0 and 1, huge df)
VALUE_CASES = [
    ("norm", "logpdf", (np.array([-40.0, -1, 0, 3, 50]), 0.5, 2.0)),
    ("norm", "logcdf", (np.array([-40.0, -1, 0, 3, 10]), 0.5, 2.0)),
    ("norm", "logsf", (np.array([-40.0, -1, 0, 3, 90]),)),
    ("norm", "cdf", (np.array([-4.0, 0.3]),)),
    ("norm", "sf", (np.array([-4.0, 0.3, 9.0]),)),
    ("norm", "ppf", (np.array([1e-10, 0.3, 0.999]), 1.0, 2.0)),
    ("poisson", "logpmf", (np.array([0.0, 1, 5, 100, -1]), 3.5)),
    ("poisson", "logpmf", (np.array([0.0, 3]), 1e-8)),
    ("binom", "logpmf", (np.array([0.0, 3, 10, 11]), 10, 0.3)),
    ("binom", "logpmf", (np.array([0.0, 1]), 10, 1e-12)),
    ("binom", "logpmf", (np.array([9.0, 10]), 10, 1 - 1e-12)),
    ("nbinom", "logpmf", (np.array([0.0, 3, 50]), 2.5, 0.3)),
    ("gamma", "logpdf", (np.array([0.1, 1, 30, -1]), 2.5, 0.0, 1.7)),
    ("gamma", "logpdf", (np.array([1e-300, 1e-5, 700.0]), 0.5)),
    ("beta", "logpdf", (np.array([1e-8, 0.3, 0.99, 1.5]), 2.5, 0.7)),
    ("expon", "logpdf", (np.array([0.0, 1, 30, -1]), 0.0, 1.7)),
    ("expon", "logcdf", (np.array([1e-10, 0.3, 1, 30, -1]),)),
    ("expon", "cdf", (np.array([1e-10, 1, -1]),)),
    ("expon", "logsf", (np.array([1e-10, 1, -1]),)),
    ("lognorm", "logpdf", (np.array([1e-5, 1, 30, -1]), 0.8, 0.0, 2.0)),
    ("lognorm", "cdf", (np.array([1e-5, 1, 30, -1]), 0.8)),
    ("lognorm", "logcdf", (np.array([1e-5, 1, 30]), 0.8)),
    ("t", "logpdf", (np.array([-300.0, 0, 2.5]), 1.0)),
    ("t", "logpdf", (np.array([-3.0, 0, 2.5]), 1e6, 1.0, 2.0)),
    ("t", "logpdf", (np.array([-3.0, 0, 2.5]), 250.0)),
    ("cauchy", "logpdf", (np.array([-1e8, 0, 2.5]), 1.0, 2.0)),
    ("cauchy", "cdf", (np.array([-1e8, 0, 2.5]),)),
    ("cauchy", "logcdf", (np.array([-1e8, -3, 0, 2.5]),)),
    ("logistic", "logpdf", (np.array([-800.0, 0, 30]), 1.0, 2.0)),
    ("logistic", "logcdf", (np.array([-800.0, 0, 30]),)),
    ("logistic", "cdf", (np.array([-30.0, 0, 30]),)),
    ("logistic", "logsf", (np.array([-30.0, 0, 800]),)),
    ("weibull_min", "logpdf", (np.array([0.0, 0.5, 3, -1]), 1.5, 0.0, 2.0)),
    ("weibull_min", "logpdf", (np.array([0.5, 3]), 0.7)),
    ("weibull_min", "cdf", (np.array([1e-9, 0.5, 3, -1]), 1.5)),
    ("weibull_min", "logcdf", (np.array([1e-9, 0.5, 3]), 1.5)),
    ("weibull_min", "logsf", (np.array([1e-9, 0.5, 3, -1]), 1.5)),
]


@pytest.mark.parametrize("name, method, args", VALUE_CASES,
                         ids=[f"{c[0]}.{c[1]}-{i}" for i, c in enumerate(VALUE_CASES)])
def test_values_equal_scipy_stats_including_tails(name, method, args):
    ours = getattr(getattr(D, name), method)(*args)
    ref = getattr(getattr(ss, name), method)(*args)
    np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=0)


# (distribution, method, fixed data, interior parameter points): the tape over the parameters
# (and x where continuous) against finite differences, reverse against tangent, recorded rules
GRADIENT_CASES = [
    ("norm", "logpdf", lambda p: D.norm.logpdf(p[0], p[1], p[2]), [0.3, -0.2, 1.4]),
    ("norm", "logcdf", lambda p: D.norm.logcdf(p[0], p[1], p[2]), [-3.0, 0.5, 0.8]),
    ("norm", "ppf", lambda p: D.norm.ppf(p[0], p[1], p[2]), [0.2, 0.5, 0.8]),
    ("poisson", "logpmf", lambda p: np.sum(D.poisson.logpmf(np.array([0.0, 3, 9]), p[0])),
     [2.5]),
    ("binom", "logpmf", lambda p: np.sum(D.binom.logpmf(np.array([0.0, 3, 9]), 10, p[0])),
     [0.35]),
    ("nbinom", "logpmf",
     lambda p: np.sum(D.nbinom.logpmf(np.array([0.0, 3, 9]), p[0], p[1])), [2.5, 0.4]),
    ("nbinom2", "logpmf",
     lambda p: np.sum(D.nbinom2_logpmf(np.array([0.0, 3, 9]), p[0], p[1])), [3.0, 2.0]),
    ("gamma", "logpdf", lambda p: D.gamma.logpdf(p[0], p[1], scale=p[2]), [1.3, 2.2, 0.7]),
    ("beta", "logpdf", lambda p: D.beta.logpdf(p[0], p[1], p[2]), [0.3, 2.2, 1.7]),
    ("expon", "logcdf", lambda p: D.expon.logcdf(p[0], scale=p[1]), [0.4, 1.3]),
    ("lognorm", "logpdf", lambda p: D.lognorm.logpdf(p[0], p[1], scale=p[2]),
     [1.3, 0.6, 2.0]),
    ("t", "logpdf", lambda p: D.t.logpdf(p[0], p[1], p[2], p[3]), [0.4, 3.5, 0.2, 1.5]),
    ("t", "logpdf-large-df", lambda p: D.t.logpdf(p[0], p[1]), [0.4, 350.0]),
    ("cauchy", "logcdf", lambda p: D.cauchy.logcdf(p[0], p[1], p[2]), [-2.0, 0.3, 1.2]),
    ("logistic", "logpdf", lambda p: D.logistic.logpdf(p[0], p[1], p[2]), [0.4, 0.1, 1.3]),
    ("weibull_min", "logpdf", lambda p: D.weibull_min.logpdf(p[0], p[1], scale=p[2]),
     [0.7, 1.6, 1.2]),
    ("weibull_min", "logcdf", lambda p: D.weibull_min.logcdf(p[0], p[1], scale=p[2]),
     [0.7, 1.6, 1.2]),
    # far tails
    ("norm", "logcdf-tail", lambda p: D.norm.logcdf(p[0], p[1], p[2]), [-35.0, 0.0, 1.0]),
    ("norm", "logsf-tail", lambda p: D.norm.logsf(p[0]), [38.0]),
    ("logistic", "logcdf-tail", lambda p: D.logistic.logcdf(p[0]), [-700.0]),
    ("t", "logpdf-df-1e6", lambda p: D.t.logpdf(p[0], p[1]), [2.0, 1e6]),
    ("nbinom2", "logpmf-size-1e9",
     lambda p: np.sum(D.nbinom2_logpmf(np.array([0.0, 5.0]), p[0], p[1])), [3.0, 1e9]),
]


@pytest.mark.parametrize("name, method, f, p", GRADIENT_CASES,
                         ids=[f"{c[0]}.{c[1]}" for c in GRADIENT_CASES])
def test_gradients_match_finite_differences_and_the_other_sweeps(name, method, f, p):
    check_grads(f, np.array(p), rtol=1e-6)


def test_traced_values_broadcast_like_scipy():
    x = np.linspace(-2, 3, 7)
    F = nt.MakeTape(lambda p: D.gamma.logpdf(x + 2.5, p[0], p[1], p[2]), np.ones(3))
    np.testing.assert_allclose(F([1.7, 0.2, 1.3]), ss.gamma.logpdf(x + 2.5, 1.7, 0.2, 1.3),
                               rtol=1e-12)


def test_outside_the_support_is_minus_inf_with_a_zero_gradient():
    F = nt.MakeTape(lambda p: D.gamma.logpdf(np.array([-1.0, 2.0]), p[0]), np.ones(1))
    assert F([2.0])[0] == -np.inf
    np.testing.assert_array_equal(F.jacobian([2.0])[0], [0.0])


def test_nbinom2_tends_to_the_poisson_at_large_size():
    k = np.array([0.0, 3, 7])
    np.testing.assert_allclose(D.nbinom2_logpmf(k, 4.0, 1e12), ss.poisson.logpmf(k, 4.0),
                               rtol=1e-10)
    np.testing.assert_allclose(D.nbinom2_logpmf(k, 4.0, 2.5),
                               ss.nbinom.logpmf(k, 2.5, 2.5 / 6.5), rtol=1e-12)


COV = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 0.5]])
X5 = np.random.default_rng(0).normal(size=(5, 3))
MEAN = np.array([0.1, -0.2, 0.3])


def test_multivariate_normal_from_cov_and_from_cholesky_equal_scipy():
    ref = ss.multivariate_normal.logpdf(X5, MEAN, COV)
    np.testing.assert_allclose(D.multivariate_normal.logpdf(X5, MEAN, COV), ref, rtol=1e-12)
    np.testing.assert_allclose(D.multivariate_normal.logpdf_chol(X5, MEAN,
                                                                 np.linalg.cholesky(COV)),
                               ref, rtol=1e-12)
    assert D.multivariate_normal.logpdf(X5[0], MEAN, COV) == pytest.approx(ref[0], rel=1e-12)
    assert np.ndim(D.multivariate_normal.logpdf(X5[0], MEAN, COV)) == 0


def test_multivariate_normal_gradients_in_x_mean_and_factor():
    L0 = np.linalg.cholesky(COV)
    rows, cols = np.tril_indices(3)

    def f(p):
        L = nt.zeros((3, 3))
        L[rows, cols] = p[6:]
        return np.sum(D.multivariate_normal.logpdf_chol(X5 + p[:3], p[3:6], L))
    check_grads(f, np.concatenate([[0.1, 0.2, -0.1], MEAN, L0[rows, cols]]), rtol=1e-6)
    check_grads(lambda p: D.multivariate_normal.logpdf(X5[1], p[:3], COV * p[3]),
                np.concatenate([MEAN, [1.3]]), rtol=1e-6)
