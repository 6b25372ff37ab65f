"""The Tweedie density (nt.distributions.tweedie, numtape/kernels/tweedie.py): the series and
its derivatives against mpmath, the kernel against its Python twin, the distribution's
probabilities, moments and draws, and its derivatives through a tape."""
import math

import numpy as np
import pytest
import scipy.integrate as si

import numtape as nt
from numtape.kernels.tweedie import tweedie_logw
from numtape.testing import check_grads

mp = pytest.importorskip("mpmath")
D = nt.distributions


def _mp_logw(s, p, terms=None):
    """The series log W at 40 digits, summing every term the kernel's cutoff could drop and more."""
    with mp.workdps(max(40, mp.mp.dps)):
        s, p = mp.mpf(s), mp.mpf(p)
        g = (2 - p) / (p - 1)
        z = s / (p - 1) - g * mp.log(p - 1) - mp.log(2 - p)
        peak = float(mp.exp(s) / (2 - p))
        top = terms or int(3 * peak + 60 * math.sqrt(peak + 1) + 60)
        return mp.log(mp.fsum(mp.exp(j * z - mp.loggamma(j + 1) - mp.loggamma(j * g))
                              for j in range(1, top)))


POINTS = [(0.3, 1.5), (-3.0, 1.2), (4.0, 1.8), (2.0, 1.05), (-1.0, 1.95), (-25.0, 1.4),
          (6.0, 1.3)]


@pytest.mark.parametrize("s, p", POINTS)
def test_log_series_matches_mpmath(s, p):
    want = float(_mp_logw(s, p))
    assert tweedie_logw(0.0, s, p) == pytest.approx(want, rel=2e-15, abs=2e-15)


@pytest.mark.parametrize("s, p", POINTS[:5])
@pytest.mark.parametrize("code", [1.0, 8.0, 2.0, 9.0, 16.0, 3.0, 10.0, 17.0, 24.0])
def test_derivatives_of_every_order_match_mpmath(s, p, code):
    """d^(j+k) log W / ds^j dp^k, code = j + 8 k, against mpmath's differentiation at 60
    digits (steps of 1e-12: a third difference loses 36 of them, the rest is far below the
    tolerance)."""
    j, k = int(code) % 8, int(code) // 8
    with mp.workdps(60):
        want = float(mp.diff(lambda a, b: _mp_logw(a, b), (mp.mpf(s), mp.mpf(p)), (j, k),
                              h=mp.mpf("1e-12")))
    assert tweedie_logw(code, s, p) == pytest.approx(want, rel=1e-11, abs=1e-11)


@pytest.mark.parametrize("code", [0.0, 1.0, 2.0, 8.0, 9.0, 17.0])
def test_kernel_and_its_python_twin_agree_bit_for_bit(code):
    """The kernel computes its own log-gamma, so the NumPy tier's twin and the compiled
    kernel give the same bits (math.lgamma differs between CPython and libm)."""
    for s, p in POINTS:
        assert tweedie_logw.py_func(code, s, p) == tweedie_logw(code, s, p)


@pytest.mark.parametrize("args", [(0.0, 0.3, 1.0), (0.0, 0.3, 2.0), (0.0, math.nan, 1.5),
                                  (0.0, math.inf, 1.5), (0.5, 0.3, 1.5), (-1.0, 0.3, 1.5),
                                  (7.0 * 8 + 7.0, 0.3, 1.5), (0.0, 60.0, 1.5),
                                  (0.0, 32.0, 1.5)])
def test_outside_its_domain_the_series_is_nan_and_returns(args):
    """Bad orders, p outside (1, 2), s not finite and peaks too far out to walk (more than
    1e7 terms) give NaN, at once or after a bounded walk."""
    assert math.isnan(tweedie_logw(*args))


def test_density_integrates_to_one_with_its_atom_and_has_its_moments():
    mu, phi, p = 2.3, 1.4, 1.6
    f = lambda y: math.exp(D.tweedie.logpdf(y, mu, phi, p))   # noqa: E731
    atom = math.exp(D.tweedie.logpdf(0.0, mu, phi, p))
    assert atom == pytest.approx(math.exp(-mu ** (2 - p) / (phi * (2 - p))), rel=1e-15)
    total = atom + si.quad(f, 0, 80, limit=200, epsabs=1e-13)[0]
    mean = si.quad(lambda y: y * f(y), 0, 80, limit=200, epsabs=1e-13)[0]
    var = si.quad(lambda y: (y - mu) ** 2 * f(y), 0, 80, limit=200)[0] + atom * mu ** 2
    assert total == pytest.approx(1.0, abs=1e-10)
    assert mean == pytest.approx(mu, rel=1e-9)
    assert var == pytest.approx(phi * mu ** p, rel=1e-9)
    assert D.tweedie.cdf(3.0, mu, phi, p) == pytest.approx(atom + si.quad(f, 0, 3)[0],
                                                            rel=1e-9)
    assert D.tweedie.cdf(0.0, mu, phi, p) == pytest.approx(atom, rel=1e-14)
    assert D.tweedie.cdf_left(0.0, mu, phi, p) == 0.0


def test_logpdf_matches_the_mpmath_density():
    y, mu, phi, p = np.array([0.01, 0.7, 3.0, 25.0]), 1.7, 0.8, 1.35
    got = D.tweedie.logpdf(y, mu, phi, p)
    for yi, gi in zip(y, got):
        s = (2 - p) * math.log(yi) - math.log(phi)
        with mp.workdps(40):
            want = (-mp.log(yi) + _mp_logw(s, p) + (yi * mp.mpf(mu) ** (1 - p) / (1 - p)
                                                    - mp.mpf(mu) ** (2 - p) / (2 - p)) / phi)
        assert gi == pytest.approx(float(want), rel=1e-14)


def test_draws_have_the_atom_mean_and_variance():
    mu, phi, p = np.full(200_000, 2.3), 1.4, 1.6
    r = D.tweedie.rvs(mu, phi, p, random_state=1)
    atom = math.exp(-2.3 ** (2 - p) / (phi * (2 - p)))
    assert abs((r == 0).mean() - atom) < 4 * math.sqrt(atom / r.size)
    assert r.mean() == pytest.approx(2.3, rel=0.01)
    assert r.var() == pytest.approx(phi * 2.3 ** p, rel=0.03)


def test_logpdf_outside_support_and_at_bad_parameters():
    assert D.tweedie.logpdf(-0.5, 1.0, 1.0, 1.5) == -np.inf
    assert D.tweedie.logpdf(np.inf, 1.0, 1.0, 1.5) == -np.inf
    for bad in [(1.0, 0.0, 1.0, 1.5), (1.0, 1.0, -1.0, 1.5), (1.0, 1.0, 1.0, 2.0),
                (1.0, 1.0, 1.0, 1.0)]:
        assert np.isnan(D.tweedie.logpdf(*bad))


def test_logpdf_derivatives_in_mu_phi_power_and_y_on_every_path():
    """Value, gradient and Hessian paths of the log-likelihood in (log mu, log phi, psi) and
    in a traced response (numtape.testing.check_grads: reverse, tangent, recorded rules,
    finite differences), and the Hessian against finite differences of the gradient."""
    y = np.array([0.0, 0.3, 1.7, 5.0, 12.0])

    def ll(t):
        return D.tweedie.logpdf(y, np.exp(t[0]), np.exp(t[1]), 1.0 + 1.0 / (1.0 + np.exp(-t[2])))

    x0 = np.array([0.5, 0.2, 0.3])
    F = check_grads(ll, x0)
    check_grads(lambda v: D.tweedie.logpdf(v, 1.3, 0.9, 1.45), np.array([0.2, 1.1, 4.0]))
    G = nt.MakeTape(lambda t: np.sum(ll(t)), x0)
    H = G.jacfun().jacfun()(x0)
    eps = 1e-5
    fd = np.array([(G.jacobian(x0 + eps * e) - G.jacobian(x0 - eps * e))[0] / (2 * eps)
                   for e in np.eye(3)])
    np.testing.assert_allclose(np.reshape(H, (3, 3)), fd, rtol=1e-6, atol=1e-7)
    assert F.n_out == y.size


@pytest.mark.parametrize("code", [1.0, 8.0, 2.0, 9.0, 16.0])
def test_moments_and_jets_agree_on_every_order_up_to_two(code):
    """Two independent computations of the orders a fit uses: the weighted moments of the
    terms' derivatives (tweedie_logw's path) and the bivariate jets (its path above order 2),
    at 200 random points and the delicate ones."""
    from numtape.kernels.tweedie import _by_jets
    j, k = int(code) % 8, int(code) // 8
    rng = np.random.default_rng(0)
    pts = POINTS + [(rng.uniform(-5, 6), rng.uniform(1.02, 1.98)) for _ in range(200)]
    for s, p in pts:
        assert tweedie_logw(code, s, p) == pytest.approx(_by_jets(j, k, s, p), rel=2e-13,
                                                         abs=2e-13), (s, p)
