"""The kernels' scipy.special functions (numtape/kernels/special.py) against SciPy itself."""
import math

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.kernels import special as _special

RNG = np.random.default_rng(7)
WIDE = np.concatenate([RNG.uniform(-40, 40, 400), [-745.0, -50.0, -1e-300, 0.0, 1e-300,
                                                   1e-12, 0.5, 30.0, 700.0]])


# libm's erf/erfc (what Numba calls) and SciPy's Cephes agree to about an ulp, and to 1e-13 in
# the far tail (values near 1e-200); SciPy's ndtr underflows to 0 a little before libm's erfc.
# (expit and log_expit are kernels/vmath.py's, held against mpmath in tests/test_vmath.py)
@pytest.mark.parametrize("name, points, rtol, atol", [
    ("erf", WIDE, 1e-15, 0.0), ("erfc", WIDE, 1e-13, 1e-300), ("ndtr", WIDE, 1e-13, 1e-300),
    ("logit", RNG.uniform(1e-9, 1 - 1e-9, 400), 1e-14, 0.0),
])
def test_unary_matches_scipy(name, points, rtol, atol):
    ours = np.array([getattr(_special, name).py_func(v) for v in points])
    np.testing.assert_allclose(ours, getattr(sc, name)(points), rtol=rtol, atol=atol)


@pytest.mark.parametrize("name", ["xlogy", "xlog1py"])
def test_binary_matches_scipy_including_zero_rules(name):
    a = np.concatenate([RNG.uniform(-3, 3, 200), np.zeros(6)])
    b = np.concatenate([RNG.uniform(0.01, 5, 200), [0.0, -1.0, -2.0, 3.0, np.nan, np.inf]])
    ours = np.array([getattr(_special, name).py_func(x, y) for x, y in zip(a, b)])
    np.testing.assert_allclose(ours, getattr(sc, name)(a, b), rtol=1e-14, atol=0)


def test_special_functions_on_a_tape_match_scipy_at_new_points():
    def f(x):
        return sc.erf(x) + sc.ndtr(x) * sc.expit(x) + sc.xlogy(x, x * x + 1.0)
    F = nt.MakeTape(f, np.zeros(5))
    x = RNG.uniform(-3, 3, 5)
    np.testing.assert_allclose(F(x), f(x), rtol=1e-14)


# ---- log-gamma family: held against mpmath (40 digits); SciPy is itself ~2e-13 off for
# digamma near negative poles, where our reduced reflection stays at ~2e-14 --------------------
mpmath = pytest.importorskip("mpmath")
mpmath.mp.dps = 40
POS = np.concatenate([RNG.uniform(1e-3, 60, 300), np.linspace(1.4, 1.52, 61), [1e-300, 1e-8,
                                                                               1e5, 1e12]])
NEG = RNG.uniform(-30, -1e-3, 300)


@pytest.mark.parametrize("points, rtol", [(POS, 2e-15), (NEG, 1e-13)], ids=["positive", "negative"])
def test_digamma_against_mpmath(points, rtol):
    ours = np.array([_special.digamma.py_func(v) for v in points])
    true = np.array([float(mpmath.digamma(mpmath.mpf(v))) for v in points])
    np.testing.assert_allclose(ours, true, rtol=rtol, atol=0)


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_polygamma_against_mpmath(n):
    pts = np.concatenate([RNG.uniform(1e-2, 40, 100), RNG.uniform(-8, -0.01, 50)])
    pts = pts[np.abs(pts - np.round(pts)) > 1e-3]
    ours = np.array([_special.polygamma.py_func(float(n), v) for v in pts])
    true = np.array([float(mpmath.polygamma(n, mpmath.mpf(v))) for v in pts])
    np.testing.assert_allclose(ours, true, rtol=1e-13, atol=0)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_polygamma_differences_keep_their_digits_at_large_arguments(n):
    """polygamma(n, a) - polygamma(n, a + b) (PolygammaDiffOp, betaln's partials and their
    derivatives) against mpmath, on both sides of the switch to the series
    at a, a + b >= 100, where the plain difference would cancel to |polygamma(n, a)| * eps
    (below the switch it keeps the rounding of a + b: 1e-13 here)."""
    pts = [(100.0, 1e-3), (150.0, 3.0), (1e8, 2.5), (1e4, 1e6), (0.7, 3.0), (99.0, 1.5),
           (5e3, 1e-6), (1e12, 7.0)] + [tuple(v) for v in 10 ** RNG.uniform(-1, 6, (40, 2))]
    for a, b in pts:
        a_, b_ = mpmath.mpf(a), mpmath.mpf(b)
        true = float(mpmath.polygamma(n, a_) - mpmath.polygamma(n, a_ + b_))
        ours = _special.polygamma_diff.py_func(float(n), a, b)
        assert ours == pytest.approx(true, rel=1e-13, abs=0), (n, a, b)
    assert math.isnan(_special.polygamma_diff.py_func(1.5, 2.0, 3.0))



def test_log1mexp_and_its_derivatives_against_mpmath():
    """log(1 - exp(-x)) (Log1mexpOp, the zero-truncated families' normalizer) and its first
    three derivatives on a tape, from 1e-300 (where it is log x) to 800 (where 1 - exp(-x)
    rounds to 1 and every derivative underflows to 0, none NaN), against mpmath; the kernel,
    the formula on numbers and the tape agree; 0 gives -inf and negative x NaN."""
    import numtape as nt
    from numtape.ops.formulas import NAMESPACE
    xs = np.array([1e-300, 1e-20, 1e-8, 1e-3, 0.3, 0.69, 0.7, 1.0, 5.0, 30.0, 40.0, 700.0,
                   800.0])
    f = nt.MakeTape(lambda x: NAMESPACE["sc"].log1mexp(x), xs)
    d1 = f.jacfun()
    d2 = nt.MakeTape(lambda x: np.diag(np.reshape(d1(x), (xs.size, xs.size))), xs).jacfun()
    d3 = nt.MakeTape(lambda x: np.diag(np.reshape(d2(x), (xs.size, xs.size))), xs).jacfun()
    got = [f(xs), np.diag(d1(xs).reshape(xs.size, -1)), np.diag(d2(xs).reshape(xs.size, -1)),
           np.diag(d3(xs).reshape(xs.size, -1))]
    def exact(k, t):    # log(1 - e^-t) and its derivatives 1/(e^t - 1), ... in closed form
        e, m = mpmath.exp(t), mpmath.expm1(t)
        return [mpmath.log(-mpmath.expm1(-t)), 1 / m, -e / m ** 2, e * (e + 1) / m ** 3][k]

    for k in range(4):
        for x, v in zip(xs, got[k]):
            if k > 1 and x < 1e-100:
                continue     # 1/x^2 overflows
            true = float(exact(k, mpmath.mpf(x)))
            # the derivatives come from y = log1mexp(x): |y| eps relative (690 eps at 1e-300)
            assert v == pytest.approx(true, rel=2e-16 * (8 + abs(math.log(x)) if x < 1 else 8),
                                      abs=1e-300), (k, x)
    np.testing.assert_array_equal(NAMESPACE["sc"].log1mexp(xs), got[0])
    assert [_special.log1mexp(v) for v in xs] == list(got[0])
    assert _special.log1mexp(0.0) == -math.inf and math.isnan(_special.log1mexp(-1.0))
    assert math.isnan(_special.log1mexp(math.nan)) and _special.log1mexp(math.inf) == 0.0
    with np.errstate(all="raise"):
        out = NAMESPACE["sc"].log1mexp(np.array([0.0, -1.0, np.inf]))
    assert out[0] == -np.inf and np.isnan(out[1]) and out[2] == 0.0

def test_poles_follow_scipy():
    for x in (0.0, -0.0, -1.0, -7.0, np.inf, -np.inf, np.nan):
        np.testing.assert_equal(_special.digamma.py_func(x), sc.psi(x))
    for n in (1, 2, 3):
        for x in (0.0, -1.0, -4.0):
            assert _special.polygamma.py_func(float(n), x) == sc.polygamma(n, x)


def test_gammaln_matches_scipy_and_its_tape_derivative_is_digamma():
    x = np.concatenate([RNG.uniform(1e-3, 100, 300), RNG.uniform(-20, -0.01, 100)])
    x = x[np.abs(x - np.round(x)) > 1e-6]
    np.testing.assert_allclose([_special.gammaln.py_func(v) for v in x], sc.gammaln(x),
                               rtol=1e-13, atol=1e-14)
    F = nt.MakeTape(lambda v: np.sum(sc.gammaln(v)) + np.sum(sc.digamma(v)), np.zeros(4))
    v = np.array([0.3, 2.5, 7.0, -1.5])
    np.testing.assert_allclose(F.gradient(v), sc.psi(v) + sc.polygamma(1, v), rtol=1e-13)


def test_log_ndtr_against_mpmath_in_both_tails():
    xs = np.concatenate([np.linspace(-60.0, 10.0, 701), [-1e3, -200.0, -20.0, -19.999]])
    ours = np.array([_special.log_ndtr.py_func(v) for v in xs])
    true = np.array([float(mpmath.log(mpmath.ncdf(mpmath.mpf(v)))) for v in xs])
    np.testing.assert_allclose(ours, true, rtol=2e-14, atol=0)
    F = nt.MakeTape(lambda v: np.sum(sc.log_ndtr(v)), np.zeros(3))
    v = np.array([-40.0, 0.5, 12.0])
    true_d = [float(mpmath.npdf(mpmath.mpf(t)) / mpmath.ncdf(mpmath.mpf(t))) for t in v]
    np.testing.assert_allclose(F.gradient(v), true_d, rtol=1e-13)


def test_logsumexp_and_logaddexp_reduce():
    x = np.array([1000.0, 999.0, -5.0, 1000.0])
    F = nt.MakeTape(lambda v: nt.logsumexp(v), np.zeros(4))
    G = nt.MakeTape(lambda v: np.logaddexp.reduce(v), np.zeros(4))
    np.testing.assert_allclose(F(x), sc.logsumexp(x), rtol=1e-15)
    np.testing.assert_allclose(G(x), sc.logsumexp(x), rtol=1e-15)
    soft = np.exp(x - x.max()) / np.sum(np.exp(x - x.max()))
    np.testing.assert_allclose(F.gradient(x), soft, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(G.gradient(x), soft, rtol=1e-14, atol=1e-300)
    H = nt.MakeTape(lambda v: nt.logsumexp(v.reshape(2, 2), axis=1), np.zeros(4))
    np.testing.assert_allclose(H(x), sc.logsumexp(x.reshape(2, 2), axis=1), rtol=1e-15)


def test_nt_polygamma_records_and_refuses_traced_orders():
    x = np.array([0.4, 3.0, 11.0])
    F = nt.MakeTape(lambda v: nt.polygamma(2, v), np.zeros(3))
    np.testing.assert_allclose(F(x), sc.polygamma(2, x), rtol=1e-13)
    np.testing.assert_allclose(np.diag(F.jacobian(x)), sc.polygamma(3, x), rtol=1e-13)
    np.testing.assert_allclose(nt.polygamma(1, x), sc.polygamma(1, x))   # plain arrays
    with pytest.raises(TypeError, match="order"):
        nt.MakeTape(lambda v: nt.polygamma(v[0], v), np.zeros(3))
    with pytest.raises(ValueError, match="non-negative integer"):
        nt.MakeTape(lambda v: nt.polygamma(1.5, v), np.zeros(3))


# ---- ndtri and betaln against mpmath ------------------------------------------------------
def _ndtri_mp(p):
    """X with Phi(x) = p to 40 digits (by symmetry, from the smaller tail probability)."""
    if p > 0.5:
        return -_ndtri_mp(1.0 - p)            # 1 - p is exact for p >= 1/2
    if p == 0.5:
        return 0.0
    p = mpmath.mpf(p)
    return float(mpmath.findroot(lambda x: mpmath.log(mpmath.ncdf(x)) - mpmath.log(p),
                                 mpmath.mpf(sc.ndtri(float(p))), tol=mpmath.mpf(10) ** -60))


NDTRI_P = np.concatenate([RNG.uniform(0, 1, 200), 10.0 ** -RNG.uniform(1, 300, 150),
                          1 - 10.0 ** -RNG.uniform(1, 16, 50),
                          [1e-300, 1e-310, 5e-324, 1 - 1e-16, 1 - 2 ** -53, 0.5 - 1e-12,
                           0.5 + 1e-12, 0.075, 0.925, 0.5]])


def test_ndtri_against_mpmath_and_scipy():
    ours = np.array([_special.ndtri.py_func(p) for p in NDTRI_P])
    true = np.array([_ndtri_mp(p) for p in NDTRI_P])
    np.testing.assert_allclose(ours, true, rtol=1e-15, atol=0)      # measured: 4.2e-16
    np.testing.assert_allclose(ours, sc.ndtri(NDTRI_P), rtol=1e-15, atol=0)
    special = np.array([0.0, 1.0, -0.1, 1.1, np.nan, -np.inf, np.inf])
    np.testing.assert_equal([_special.ndtri.py_func(p) for p in special], sc.ndtri(special))


BETALN_GRID = np.unique(np.concatenate([np.geomspace(1e-3, 1e6, 37),
                                        [0.5, 1.0, 2.0, 7.99, 8.0, 8.01, 10.0, 20.0, 100.0]]))


def test_betaln_against_mpmath_on_a_grid():
    """Relative error (absolute where |betaln| < 0.1, i.e. near B(a, b) = 1) over the grid of
    a, b in [1e-3, 1e6], every regime and their borders at 8.  SciPy is held to the same
    reference loosely: it is ~1e-9 off when one argument is ~1e7 times the other."""
    a, b = (v.ravel() for v in np.meshgrid(BETALN_GRID, BETALN_GRID))
    ours = np.array([_special.betaln.py_func(u, v) for u, v in zip(a, b)])
    true = np.array([float(mpmath.log(mpmath.beta(mpmath.mpf(u), mpmath.mpf(v))))
                     for u, v in zip(a, b)])
    scale = np.maximum(np.abs(true), 0.1)
    assert np.max(np.abs(ours - true) / scale) < 1e-14               # measured: 5.5e-15
    assert np.max(np.abs(sc.betaln(a, b) - true) / scale) < 1e-8
    np.testing.assert_array_equal(ours, [_special.betaln.py_func(v, u) for u, v in zip(a, b)])


def test_betaln_special_arguments_follow_scipy():
    """Non-positive arguments give log |B| as SciPy (poles: inf, B = 0: -inf); an infinite
    argument gives -inf.  Where the direct form is inf - inf (a and a + b both poles) we
    return NaN and SciPy its limit: documented in numtape/kernels/special.py."""
    pts = [(-1.5, 2.0), (-2.5, 1.0), (-3.5, 1.5), (-0.5, 0.5), (-1.0, 2.5), (0.0, 2.0),
           (np.inf, 1.0), (2.0, np.inf), (np.nan, 1.0), (1e-300, 1.0), (1.0, 1.0)]
    for u, v in pts:
        np.testing.assert_allclose(_special.betaln.py_func(u, v), sc.betaln(u, v), rtol=1e-14)
    assert np.isnan(_special.betaln.py_func(2.0, -3.0))


def test_ndtri_and_betaln_record_from_scipy_special():
    def f(x):
        return sc.ndtri(x[:2]) * sc.betaln(x[2], x[3:])
    x = np.array([0.2, 0.9, 1.5, 3.0, 400.0])
    F = nt.MakeTape(f, np.full(5, 0.5))
    np.testing.assert_allclose(F(x), f(x), rtol=1e-13)    # SciPy's betaln(1.5, 400): 2e-14 off
    J = F.jacobian(x)
    bl = sc.betaln(1.5, x[3:])
    np.testing.assert_allclose(np.diag(J[:, :2]), np.sqrt(2 * np.pi)
                               * np.exp(sc.ndtri(x[:2]) ** 2 / 2) * bl, rtol=1e-13)
    d_a = sc.psi(1.5) - sc.psi(1.5 + x[3:])
    np.testing.assert_allclose(J[:, 2], sc.ndtri(x[:2]) * d_a, rtol=1e-13)


# ---- issue 10: SciPy's special functions whose values numtape takes from SciPy's C code; their
# derivatives (closed forms in numtape's table) against mpmath at 30 digits -------------------
def _mp_derivatives():
    import mpmath as mp
    mp.mp.dps = 30
    return mp, [
        ("gamma", lambda a: sc.gamma(a[0]), lambda x: mp.gamma(x[0]), [3.7]),
        ("gamma-negative", lambda a: sc.gamma(a[0]), lambda x: mp.gamma(x[0]), [-1.3]),
        ("loggamma", lambda a: sc.loggamma(a[0]), lambda x: mp.loggamma(x[0]), [25.5]),
        ("beta", lambda a: sc.beta(a[0], a[1]), lambda x: mp.beta(x[0], x[1]), [2.5, 0.7]),
        ("erfinv", lambda a: sc.erfinv(a[0]), lambda x: mp.erfinv(x[0]), [0.999]),
        ("erfcinv", lambda a: sc.erfcinv(a[0]), lambda x: mp.erfinv(1 - x[0]), [1e-6]),
        ("log_expit", lambda a: sc.log_expit(a[0]), lambda x: -mp.log1p(mp.exp(-x[0])),
         [-30.0]),
        ("i0e", lambda a: sc.i0e(a[0]), lambda x: mp.besseli(0, x[0]) * mp.exp(-abs(x[0])),
         [-7.5]),
        ("i1-at-0", lambda a: sc.i1(a[0]), lambda x: mp.besseli(1, x[0]), [0.0]),
        ("i1e", lambda a: sc.i1e(a[0]), lambda x: mp.besseli(1, x[0]) * mp.exp(-abs(x[0])),
         [40.0]),
        ("iv", lambda a: sc.iv(2.5, a[0]), lambda x: mp.besseli(2.5, x[0]), [3.2]),
        ("ive", lambda a: sc.ive(0.7, a[0]), lambda x: mp.besseli(0.7, x[0]) * mp.exp(-x[0]),
         [12.0]),
        ("kv", lambda a: sc.kv(1.5, a[0]), lambda x: mp.besselk(1.5, x[0]), [0.4]),
        ("kve", lambda a: sc.kve(0.5, a[0]), lambda x: mp.besselk(0.5, x[0]) * mp.exp(x[0]),
         [30.0]),
        ("boxcox", lambda a: sc.boxcox(a[0], a[1]),
         lambda x: (x[0] ** x[1] - 1) / x[1], [2.5, 0.7]),
        ("boxcox-small-lambda", lambda a: sc.boxcox(a[0], a[1]),
         lambda x: (x[0] ** x[1] - 1) / x[1], [2.5, 3e-5]),
        ("inv_boxcox", lambda a: sc.inv_boxcox(a[0], a[1]),
         lambda x: (1 + x[1] * x[0]) ** (1 / x[1]), [1.3, 0.4]),
        ("inv_boxcox-small-lambda", lambda a: sc.inv_boxcox(a[0], a[1]),
         lambda x: (1 + x[1] * x[0]) ** (1 / x[1]), [1.3, -2e-5]),
    ]


@pytest.mark.parametrize("case", range(18))
def test_special_function_gradients_against_mpmath(case):
    mp, cases = _mp_derivatives()
    name, f, ref, x = cases[case]
    F = nt.MakeTape(f, np.zeros(len(x)))
    g = F.gradient(np.array(x, dtype=float))
    for i in range(len(x)):
        def along(t, i=i):
            z = [mp.mpf(v) for v in x]
            z[i] = t
            return ref(z)
        exact = float(mp.diff(along, mp.mpf(x[i]))) if x[i] != 0.0 else \
            float(mp.diff(along, mp.mpf(0)))
        assert g[i] == pytest.approx(exact, rel=1e-10, abs=1e-300), (name, i)


@pytest.mark.parametrize("a, x", [(2.5, 1.3), (0.7, 0.2), (3.0, 8.0), (15.0, 12.0), (0.3, 5.0),
                                  (50.0, 70.0), (1.5, 30.0), (100.0, 80.0), (0.05, 1e-3)])
def test_incomplete_gamma_shape_derivatives_against_mpmath(a, x):
    """d/da and d2/da2 of P(a, x) and Q(a, x) (no closed form: Taylor jets through the series
    and the continued fraction) within 1e-10 of mpmath's derivatives at 40 digits."""
    import mpmath as mp
    mp.mp.dps = 40

    def P(t, s):
        return mp.gammainc(t, 0, s, regularized=True)
    F = nt.MakeTape(lambda z: sc.gammainc(z[0], z[1]), np.ones(2))
    G = nt.MakeTape(lambda z: sc.gammaincc(z[0], z[1]), np.ones(2))
    z = np.array([a, x])
    da = float(mp.diff(lambda t: P(t, x), a))
    dx = float(mp.diff(lambda s: P(a, s), x))
    for T, sign in ((F, 1.0), (G, -1.0)):
        np.testing.assert_allclose(T.gradient(z), sign * np.array([da, dx]), rtol=1e-10)
    d2 = float(mp.diff(lambda t: P(t, x), a, 2))
    dax = float(mp.diff(lambda t: mp.diff(lambda s: P(t, s), x), a))
    np.testing.assert_allclose(F.hessian(z)[0], [d2, dax], rtol=1e-9)
    assert F(z) == sc.gammainc(a, x) and G(z) == sc.gammaincc(a, x)   # SciPy's own values


@pytest.mark.parametrize("a, b, x", [(2.5, 3.5, 0.3), (0.5, 0.7, 0.9), (10.0, 2.0, 0.95),
                                     (0.1, 50.0, 0.001), (200.0, 300.0, 0.4), (0.3, 0.3, 0.5),
                                     (1.0, 1.0, 0.2), (1e3, 20.0, 0.99)])
def test_incomplete_beta_shape_derivatives_against_mpmath(a, b, x):
    """d/da, d/db, d/dx and the second derivatives of I_x(a, b) (the shape derivatives by
    bivariate jets through the continued fraction) within 1e-10 of mpmath's at 30 digits, on
    both sides of the fraction's switch point; the value is SciPy's own."""
    import mpmath as mp
    mp.mp.dps = 30

    def ibeta(s, t, u):
        return mp.betainc(s, t, 0, u, regularized=True)
    F = nt.MakeTape(lambda z: sc.betainc(z[0], z[1], z[2]), np.array([1.0, 1.0, 0.5]))
    z = np.array([a, b, x])
    A, B, X = mp.mpf(a), mp.mpf(b), mp.mpf(x)
    grad = [float(mp.diff(ibeta, (A, B, X), o)) for o in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
    np.testing.assert_allclose(F.gradient(z), grad, rtol=1e-10, atol=1e-300)
    H = F.hessian(z)
    for (i, j) in [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2)]:
        order = [0, 0, 0]
        order[i] += 1
        order[j] += 1
        exact = float(mp.diff(ibeta, (A, B, X), tuple(order)))
        tol = 1e-9 * abs(exact) + 1e-14 * max(1.0, np.max(np.abs(H)))   # zeros at a = b, x = 1/2
        assert abs(H[i, j] - exact) <= tol, (i, j, H[i, j], exact)
    assert F(z) == sc.betainc(a, b, x)


def test_incomplete_beta_jets_at_the_ends_and_outside_the_domain():
    """Shape derivatives vanish at x = 0 and 1; invalid shapes, x outside [0, 1], NaN and
    orders above the jets' K give NaN."""
    for x in (0.0, 1.0):
        assert _special.betainc_d(1.0, 2.0, 3.0, x) == 0.0
        assert _special.betainc_d(8.0, 2.0, 3.0, x) == 0.0
    for args in [(1.0, -1.0, 2.0, 0.5), (1.0, 2.0, 0.0, 0.5), (1.0, 2.0, 3.0, 1.5),
                 (1.0, 2.0, 3.0, np.nan), (7.0, 2.0, 3.0, 0.5), (0.5, 2.0, 3.0, 0.5),
                 (8.0 * 7, 2.0, 3.0, 0.5)]:
        assert np.isnan(_special.betainc_d(*args)), args
    assert _special.betainc_dx(0.0, 1.0, 3.0, 0.0) == 3.0          # 1 / B(1, b) = b
    assert _special.betainc_dx(8.0, 1.0, 3.0, 0.0) == 1.0          # its b-derivative
    assert _special.betainc_dx(0.0, 2.0, 3.0, 0.0) == 0.0


@pytest.mark.parametrize("x", [1.5, 2.0, 3.7, 10.0, 1.01, 30.0])
@pytest.mark.parametrize("q", [0.1, 1.0, 2.5, 17.0, 1e3, 1e9])
def test_hurwitz_zeta_values_and_derivatives_against_scipy_and_mpmath(x, q):
    """zeta(x, q): SciPy's value (its algorithm, to 1e-14), d/dx and d2/dx2 by jets through the
    Euler-Maclaurin sum and d/dq = -x zeta(x + 1, q), within 1e-10 of mpmath."""
    import mpmath as mp
    mp.mp.dps = 30
    F = nt.MakeTape(lambda z: sc.zeta(z[0], z[1]), np.array([2.0, 1.0]))
    z = np.array([x, q])
    np.testing.assert_allclose(F(z), sc.zeta(x, q), rtol=1e-14)
    X, Q = mp.mpf(x), mp.mpf(q)
    grad = [float(mp.diff(mp.zeta, (X, Q), o)) for o in ((1, 0), (0, 1))]
    np.testing.assert_allclose(F.gradient(z), grad, rtol=1e-10)
    np.testing.assert_allclose(F.hessian(z)[0, 0], float(mp.diff(mp.zeta, (X, Q), (2, 0))),
                               rtol=1e-9)


@pytest.mark.parametrize("x", [-20.5, -7.3, -3.0, -2.0, -0.5, 0.0, 0.3, 0.999, 1.001, 2.0, 50.0])
def test_riemann_zeta_and_zetac_derivatives_against_mpmath(x):
    """zeta(x) and zetac(x) on the whole line but the pole: values as SciPy's, derivatives
    by the Euler-Maclaurin jets above 0 and the reflection formula below."""
    import mpmath as mp
    mp.mp.dps = 30
    F = nt.MakeTape(lambda z: sc.zeta(z), np.array([2.0]))
    G = nt.MakeTape(lambda z: sc.zetac(z), np.array([2.0]))
    z = np.array([x])
    d1 = float(mp.diff(mp.zeta, mp.mpf(x)))
    np.testing.assert_allclose(F(z), sc.zeta(x), rtol=1e-13, atol=1e-15)
    assert G(z) == sc.zetac(x)
    for T in (F, G):
        np.testing.assert_allclose(T.gradient(z), [d1], rtol=1e-10)
    np.testing.assert_allclose(F.hessian(z)[0, 0], float(mp.diff(mp.zeta, mp.mpf(x), 2)),
                               rtol=1e-9)


def test_zeta_domain_conventions_follow_scipy():
    for x, q in [(1.0, 2.0), (0.5, 2.0), (2.0, -1.5), (2.5, -1.5), (2.0, -2.0), (2.0, 0.0),
                 (np.nan, 1.0), (2.0, np.inf)]:
        got, want = _special.zeta(x, q), sc.zeta(x, q)
        assert got == want or (np.isnan(got) and np.isnan(want)), (x, q, got, want)


@pytest.mark.parametrize("a", [0.3, 0.5, 0.99])
def test_gammainc_x_derivative_at_zero_is_infinite_below_a_one(a):
    """dP/dx = x^(a-1) e^-x / G(a) -> +inf as x -> 0 for a < 1 (betainc already gives inf);
    its a-derivative -> -inf; a >= 1 finite."""
    F = nt.MakeTape(lambda z: sc.gammainc(z[0], z[1]), np.ones(2))
    assert F.gradient(np.array([a, 0.0]))[1] == np.inf
    H = F.hessian(np.array([a, 0.0]))
    assert H[0, 1] == -np.inf and H[1, 0] == -np.inf
    assert F.gradient(np.array([1.0, 0.0]))[1] == 1.0
    assert F.gradient(np.array([2.5, 0.0]))[1] == 0.0


@pytest.mark.parametrize("x,q", [(2.0, -0.5), (3.0, -0.5), (2.0, -1.7), (4.0, -2.3), (5.0, -0.25)])
def test_hurwitz_zeta_x_derivatives_at_negative_q_match_mpmath(x, q):
    """Terms with n + q < 0 are split off (real at integer x; mpmath's value, the real part,
    takes log|n + q| + i pi): d/dx at (2, -0.5) is 4.5207, not NaN."""
    import mpmath as mp
    F = nt.MakeTape(lambda z: sc.zeta(z[0], z[1]), np.array([2.0, 0.5]))
    with mp.workdps(30):
        want = [float(complex(mp.zeta(x, q, k)).real) for k in (1, 2)]
    np.testing.assert_allclose(F.gradient(np.array([x, q]))[0], want[0], rtol=1e-13)
    np.testing.assert_allclose(F.hessian(np.array([x, q]))[0, 0], want[1], rtol=1e-13)
