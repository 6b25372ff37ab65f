"""Every distribution at the edges of every argument, as one table (issue 19, "beyond the list").

For each family and method, every combination of edge values of its parameters (0, tiny, 1,
huge, inf, -inf, NaN, negative, non-integer counts) is evaluated at edge points of x:

- plain values equal SciPy's, or, where they differ, mpmath's (numtape keeps digits SciPy
  loses: weibull_min's logcdf where z^c underflows, lognorm's density at a tiny or huge s) or
  a limit declared below (Poisson at k = inf);
- the same arguments traced (x and every parameter on the tape at once) give the plain values;
- at finite points inside the domain, near the edges (tiny and huge parameters, far tails), the
  tape's gradient in every argument equals mpmath's derivative of the textbook formula.
"""
import itertools
import warnings

import mpmath as mp
import numpy as np
import pytest
import scipy.stats as ss

import numtape as nt

D = nt.distributions
INF, NAN = np.inf, np.nan
EDGE = [0.0, 1e-300, 1e-8, 0.5, 1.0, 3.7, 1e8, 1e300, INF, -INF, NAN, -1.0]
X = [-INF, -1e300, -3.0, -1e-8, 0.0, 1e-300, 0.3, 1.0, 2.5, 1e8, INF, NAN]
K = [-1.0, 0.0, 1.0, 2.5, 3.0, 50.0, 150.0, 1e6, INF, NAN]
UNIT = [0.0, 1e-300, 0.3, 1.0, 1.5, NAN, -0.2]

# family: (x points, [(parameter, edge values)], methods)
FAMILIES = {
    "norm": (X, [("loc", [0.0, -2.0, 1e300, INF, NAN]), ("scale", EDGE)],
             ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"]),
    "expon": (X, [("loc", [0.0, 1.0]), ("scale", EDGE)], ["logpdf", "cdf", "logcdf", "logsf"]),
    "gamma": (X, [("a", EDGE), ("loc", [0.0]), ("scale", [1.0, 2.0, 1e-300])], ["logpdf"]),
    "beta": ([0.0, 1e-300, 0.3, 0.5, 1.0, -0.1, 1.1, NAN],
             [("a", EDGE), ("b", [0.5, 1.0, 2.0, 1e8])], ["logpdf"]),
    "t": (X, [("df", EDGE)], ["logpdf"]),
    "cauchy": (X, [("loc", [0.0]), ("scale", EDGE)], ["logpdf", "cdf", "logcdf"]),
    "logistic": (X, [("loc", [0.0]), ("scale", EDGE)], ["logpdf", "cdf", "logcdf", "logsf"]),
    "weibull_min": (X, [("c", EDGE)], ["logpdf", "cdf", "logcdf", "logsf"]),
    "lognorm": (X, [("s", EDGE)], ["logpdf", "cdf", "logcdf"]),
    "poisson": (K, [("mu", EDGE)], ["logpmf"]),
    "binom": (K, [("n", [0.0, 1.0, 10.0, 2.5, 1e6, -1.0, NAN]), ("p", UNIT)], ["logpmf"]),
    "nbinom": (K, [("n", [1e-8, 0.5, 3.0, 1e8, 0.0, INF, NAN]), ("p", UNIT)], ["logpmf"]),
    "nbinom2": (K, [("mu", [0.0, 1e-300, 0.5, 3.7, 1e8, INF, NAN, -1.0]),
                    ("size", [1e-8, 0.5, 3.0, 1e8, 1e15, INF, 0.0, NAN])], ["logpmf"]),
}


def _method(module, fam, method):
    """A family's method; ``nbinom2`` is ``nbinom2_logpmf(k, mu, size)``, in SciPy the
    nbinom with n = size, p = size / (size + mu)."""
    if fam != "nbinom2":
        return getattr(getattr(module, fam), method)
    if module is D:
        return D.nbinom2_logpmf
    return lambda k, mu, size: ss.nbinom.logpmf(k, size, np.float64(size) / (size + mu))
VALUE_CASES = [(fam, m) for fam, (_, _, ms) in FAMILIES.items() for m in ms]


def _mp_ncdf(z):
    return mp.ncdf(z) if abs(z) < 1e10 else mp.mpf(z > 0)   # (mpmath overflows beyond)


def _mp_log_ncdf(z):
    """Log Phi(z), without losing Phi's distance from 1 on the right (beyond |z| = 1e10,
    where mpmath's erfc overflows, Phi's first asymptotic term: relative error 1/z^2)."""
    if z > 1e10:
        return mp.mpf(0)
    if z < -1e10:
        return -z * z / 2 - mp.log(-z) - mp.log(2 * mp.pi) / 2
    return mp.log1p(-mp.ncdf(-z)) if z > 0 else mp.log(mp.ncdf(z))


# textbook formulas in mpmath: (x, *params) -> log-density / cdf, standard loc/scale handled
# by the caller through z = (x - loc) / scale and the Jacobian term
def _z(x, loc, scale):
    return (x - loc) / scale


MP = {
    ("norm", "logpdf"): lambda x, l, s: -_z(x, l, s) ** 2 / 2 - mp.log(s) - mp.log(2 * mp.pi) / 2,
    ("norm", "pdf"): lambda x, l, s: mp.npdf(x, l, s),
    ("norm", "cdf"): lambda x, l, s: _mp_ncdf(_z(x, l, s)),
    ("norm", "logcdf"): lambda x, l, s: _mp_log_ncdf(_z(x, l, s)),
    ("norm", "sf"): lambda x, l, s: _mp_ncdf(-_z(x, l, s)),
    ("norm", "logsf"): lambda x, l, s: _mp_log_ncdf(-_z(x, l, s)),
    ("expon", "logpdf"): lambda x, l, s: -_z(x, l, s) - mp.log(s),
    ("expon", "cdf"): lambda x, l, s: -mp.expm1(-_z(x, l, s)),
    ("expon", "logcdf"): lambda x, l, s: mp.log(-mp.expm1(-_z(x, l, s))),
    ("expon", "logsf"): lambda x, l, s: -_z(x, l, s),
    ("gamma", "logpdf"): lambda x, a, l, s: ((a - 1) * mp.log(_z(x, l, s)) - _z(x, l, s)
                                             - mp.loggamma(a) - mp.log(s)),
    ("beta", "logpdf"): lambda x, a, b: ((a - 1) * mp.log(x) + (b - 1) * mp.log1p(-x)
                                         - mp.log(mp.beta(a, b))),
    ("t", "logpdf"): lambda x, d: (mp.loggamma((d + 1) / 2) - mp.loggamma(d / 2)
                                   - mp.log(d * mp.pi) / 2 - (d + 1) / 2 * mp.log1p(x * x / d)),
    ("cauchy", "logpdf"): lambda x, l, s: -mp.log(mp.pi * s) - mp.log1p(_z(x, l, s) ** 2),
    ("cauchy", "cdf"): lambda x, l, s: mp.mpf(1) / 2 + mp.atan(_z(x, l, s)) / mp.pi,
    ("cauchy", "logcdf"): lambda x, l, s: mp.log(mp.mpf(1) / 2 + mp.atan(_z(x, l, s)) / mp.pi),
    ("logistic", "logpdf"): lambda x, l, s: (-_z(x, l, s) - 2 * mp.log1p(mp.exp(-_z(x, l, s)))
                                             - mp.log(s)),
    ("logistic", "cdf"): lambda x, l, s: 1 / (1 + mp.exp(-_z(x, l, s))),
    ("logistic", "logcdf"): lambda x, l, s: -mp.log1p(mp.exp(-_z(x, l, s))),
    ("logistic", "logsf"): lambda x, l, s: -mp.log1p(mp.exp(_z(x, l, s))),
    ("weibull_min", "logpdf"): lambda x, c: mp.log(c) + (c - 1) * mp.log(x) - x ** c,
    ("weibull_min", "cdf"): lambda x, c: -mp.expm1(-x ** c),
    ("weibull_min", "logcdf"): lambda x, c: mp.log(-mp.expm1(-x ** c)),
    ("weibull_min", "logsf"): lambda x, c: -x ** c,
    ("lognorm", "logpdf"): lambda x, s: (-(mp.log(x) / s) ** 2 / 2 - mp.log(x) - mp.log(s)
                                         - mp.log(2 * mp.pi) / 2),
    ("lognorm", "cdf"): lambda x, s: _mp_ncdf(mp.log(x) / s),
    ("lognorm", "logcdf"): lambda x, s: _mp_log_ncdf(mp.log(x) / s),
    ("poisson", "logpmf"): lambda k, mu: k * mp.log(mu) - mu - mp.loggamma(k + 1),
    ("binom", "logpmf"): lambda k, n, p: (mp.loggamma(n + 1) - mp.loggamma(k + 1)
                                          - mp.loggamma(n - k + 1) + k * mp.log(p)
                                          + (n - k) * mp.log1p(-p)),
    ("nbinom", "logpmf"): lambda k, n, p: (mp.loggamma(n + k) - mp.loggamma(n)
                                           - mp.loggamma(k + 1) + n * mp.log(p)
                                           + k * mp.log1p(-p)),
    ("nbinom2", "logpmf"): lambda k, mu, n: (mp.loggamma(n + k) - mp.loggamma(n)
                                             - mp.loggamma(k + 1) - n * mp.log1p(mu / n)
                                             + k * mp.log(mu / (n + mu))),
}

# declared limits where numtape and SciPy differ on purpose, with the reason
LIMITS = {
    # the pmf tends to 0 as k -> inf for every mu (SciPy: NaN)
    ("poisson", "logpmf"): lambda x, *params: -INF if x == INF else None,
    # P(0) = p^n -> 0 as n -> inf for p < 1 (SciPy: NaN)
    ("nbinom", "logpmf"): lambda x, n, p: -INF if x == 0 and n == INF and 0 < p < 1 else None,
    # size = inf is the Poisson (R's dnbinom; SciPy's n = inf is NaN), and so is the limit
    ("nbinom2", "logpmf"): lambda k, mu, n: (float(ss.poisson.logpmf(k, mu)) if k < INF
                                             else -INF) if n == INF and mu >= 0 else None,
}


def _mp_value(fam, method, x, params):
    """Mpmath's value at float arguments, as a float (None when the formula is undefined)."""
    with mp.workdps(60):
        try:
            v = MP[fam, method](*(mp.mpf(a) for a in (x, *params)))
            return float(v) if abs(v) < 1e308 else float(mp.sign(v)) * INF
        except (ValueError, ZeroDivisionError, TypeError):
            return None


def _combos(fam):
    xs, params, _ = FAMILIES[fam]
    return np.array(xs), list(itertools.product(*[v for _, v in params]))


def _same(a, b, rtol=1e-10):
    a, b = np.asarray(a, float), np.asarray(b, float)
    return (a == b) | np.isclose(a, b, rtol=rtol, atol=0.0, equal_nan=True)


def _disagreements(fam, method, xs, params, got, ref, rtol, exact_rtol=1e-12):
    """Points where ``got`` differs from ``ref`` beyond ``rtol`` and is not at least as close
    to the exact value (a declared limit, else mpmath's) as ``ref`` is, or within
    ``exact_rtol`` of it."""
    bad = []
    for i in np.flatnonzero(~_same(got, ref, rtol)):
        limit = LIMITS.get((fam, method), lambda *a: None)(xs[i], *params)
        exact = limit if limit is not None else _mp_value(fam, method, xs[i], params)
        closer = (exact is not None and np.isfinite(got[i]) and np.isfinite(ref[i])
                  and abs(got[i] - exact) <= abs(ref[i] - exact))
        if exact is None or not (closer or _same(got[i], exact, rtol=exact_rtol)):
            bad.append((params, xs[i], float(got[i]), float(ref[i]), exact))
    return bad


@pytest.mark.parametrize("fam, method", VALUE_CASES, ids=[f"{f}.{m}" for f, m in VALUE_CASES])
def test_plain_values_at_every_edge_equal_scipy_or_mpmath_where_scipy_loses_them(fam, method):
    xs, combos = _combos(fam)
    ours, ref = _method(D, fam, method), _method(ss, fam, method)
    bad = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for params in combos:
            # plain values come from SciPy's special functions, whose betaln loses 7e-11 at
            # (1e8, 150) (numtape's kernel, on the traced path, keeps it to 1e-16)
            bad += _disagreements(fam, method, xs, params, np.asarray(ours(xs, *params), float),
                                  np.asarray(ref(xs, *params), float), 1e-10, 2e-10)
    assert not bad, bad[:10]


# what a tape does not special-case (the plain formulas do, as SciPy or R): an infinite
# Weibull shape c at z = 1 exactly (plain: IEEE's 1^inf = 1, as SciPy; traced: NaN), and
# nbinom2 at size = inf (plain: the Poisson, as R's dnbinom; traced: NaN) or mu = inf (plain:
# NaN as in SciPy; traced: no check recorded)
TRACED_ONLY = {
    "weibull_min": lambda x, c: x == 1.0 and c == INF,
    "nbinom2": lambda k, mu, size: size == INF or mu == INF,
}


@pytest.mark.parametrize("fam, method", VALUE_CASES, ids=[f"{f}.{m}" for f, m in VALUE_CASES])
def test_traced_values_at_every_edge_equal_plain_ones(fam, method):
    """Recorded at an ordinary point, swept at the edges: whatever branch each point takes,
    the tape gives the plain value (which the test above holds to SciPy), or one at least as
    close to mpmath's (numtape's special functions keep digits SciPy's lose: betaln at
    (1e8, 1e8))."""
    xs, combos = _combos(fam)
    ours = _method(D, fam, method)
    recorded = _tape_at_ordinary_point(fam, method, len(xs))
    bad = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for params in combos:
            got = recorded(np.concatenate([xs, params]))
            want = np.asarray(ours(xs, *params), float)
            skip = np.array([TRACED_ONLY.get(fam, lambda *a: False)(x, *params) for x in xs])
            bad += _disagreements(fam, method, xs[~skip], params, got[~skip], want[~skip], 1e-13)
    assert not bad, bad[:5]


# an ordinary point per family (x, params) at which tapes are recorded
ORDINARY = {"norm": (0.3, (0.1, 1.3)), "expon": (0.7, (0.1, 1.3)), "gamma": (0.7, (2.2, 0.0, 1.3)),
            "beta": (0.3, (2.2, 1.7)), "t": (0.3, (3.5,)), "cauchy": (0.3, (0.1, 1.3)),
            "logistic": (0.3, (0.1, 1.3)), "weibull_min": (0.7, (1.6,)),
            "lognorm": (0.7, (0.6,)), "poisson": (3.0, (2.5,)), "binom": (3.0, (10.0, 0.4)),
            "nbinom": (3.0, (2.5, 0.4)), "nbinom2": (3.0, (2.5, 4.0))}


def _tape_at_ordinary_point(fam, method, n):
    ours = _method(D, fam, method)
    x0, p0 = ORDINARY[fam]
    k = len(p0)

    def f(v):
        return ours(v[:n], *(v[n + j] for j in range(k)))

    return nt.MakeTape(f, np.concatenate([np.full(n, x0), p0]))


# gradient points: finite, inside the domain, at the edges of what is finite (tiny and huge
# parameters, far tails); (family, method, x, params)
def _grid(fam, method, xs, *param_values):
    return [(fam, method, x, p) for x in xs for p in itertools.product(*param_values)]


GRADIENT_POINTS = (
    _grid("norm", "logpdf", [-40.0, 0.3, 1e8], [0.0, -1e3], [1e-8, 0.7, 1e8])
    + _grid("norm", "logcdf", [-1e4, -38.0, 0.3, 8.0], [0.0], [1e-3, 1.0, 1e8])
    + _grid("norm", "logsf", [-8.0, 0.3, 38.0, 1e4], [0.0], [1e-3, 1.0, 1e8])
    + _grid("norm", "cdf", [-30.0, 0.3, 5.0], [0.0], [0.5, 1.0])
    + _grid("expon", "logpdf", [1e-8, 0.3, 1e8], [0.0], [1e-8, 1.0, 1e8])
    + _grid("expon", "logcdf", [1e-200, 1e-8, 0.3, 30.0, 1e3], [0.0], [1.0, 1e8])
    + _grid("expon", "cdf", [1e-8, 0.3, 30.0], [0.0], [1.0, 7.0])
    + _grid("gamma", "logpdf", [1e-8, 0.3, 1e8], [1e-8, 0.5, 3.7, 1e8], [0.0], [1.0, 1e3])
    + _grid("beta", "logpdf", [1e-8, 0.3, 1 - 1e-8], [1e-8, 0.5, 3.7, 1e8], [0.5, 2.0, 1e8])
    + _grid("t", "logpdf", [-1e8, -3.0, 0.3, 1e3], [1e-8, 0.5, 3.7, 1e3, 1e8])
    + _grid("cauchy", "logpdf", [-1e8, 0.3, 1e150], [0.0], [1e-8, 1.0, 1e8])
    + _grid("cauchy", "logcdf", [-1e8, -3.0, 0.3, 1e8], [0.0], [1e-3, 1.0])
    + _grid("logistic", "logpdf", [-700.0, -3.0, 0.3, 1e3], [0.0], [1e-3, 1.0, 1e8])
    + _grid("logistic", "logcdf", [-1e3, -3.0, 0.3, 40.0], [0.0], [1.0, 1e8])
    + _grid("logistic", "logsf", [-40.0, 0.3, 1e3], [0.0], [1.0])
    + _grid("weibull_min", "logpdf", [1e-8, 0.3, 1.0, 30.0], [1e-8, 0.5, 3.7, 1e2])
    + _grid("weibull_min", "logcdf", [1e-8, 0.3, 1.0, 3.0], [1e-3, 0.5, 3.7, 1e2])
    + _grid("weibull_min", "logsf", [1e-8, 0.3, 3.0], [1e-3, 0.5, 3.7])
    + _grid("lognorm", "logpdf", [1e-8, 0.3, 1.0, 1e8], [1e-3, 0.5, 3.7, 1e8])
    + _grid("lognorm", "logcdf", [1e-8, 0.3, 3.0, 1e8], [1e-2, 0.5, 3.7, 1e8])
    + _grid("poisson", "logpmf", [0.0, 1.0, 50.0, 150.0, 1e6], [1e-8, 0.5, 37.0, 1e6, 1e10])
    + _grid("binom", "logpmf", [0.0, 3.0, 10.0], [10.0, 1e6], [1e-8, 0.3, 1 - 1e-8])
    + _grid("nbinom", "logpmf", [0.0, 3.0, 150.0], [1e-8, 0.5, 3.7, 1e8], [1e-8, 0.3, 1 - 1e-8])
    + _grid("nbinom2", "logpmf", [0.0, 3.0, 150.0], [1e-8, 0.5, 37.0, 1e6], [1e-8, 0.5, 3.7, 1e6])
)
DISCRETE = {"poisson", "binom", "nbinom", "nbinom2"}
# arguments held as data, not differentiated: counts, and the binomial's integer n
HELD = {"binom": {0, 1}}


def _steps(args, rel):
    """Difference steps: ``rel`` relative to each argument, or to the smallest nonzero one
    where the argument is 0 (so no step crosses a support edge)."""
    tiny = min([abs(a) for a in args if a != 0] or [mp.mpf(1)])
    return [(abs(a) or tiny) * rel for a in args]


def _mp_gradient(f, args):
    """Mpmath's gradient of ``f`` at ``args`` (central differences, steps 1e-40 relative, at
    the caller's 200 digits)."""
    out = []
    for j, h in enumerate(_steps(args, mp.mpf(10) ** -40)):
        def g(t, j=j):
            a = list(args)
            a[j] = t
            return f(*a)
        out.append(mp.diff(g, args[j], h=h))
    return out


def _input_roundoff(f, args):
    """sum_i |d2f / da_j da_i| |a_i| for each j: how far the gradient moves when each input
    moves by its own relative roundoff, which bounds what any float64 method can reach."""
    n = len(args)
    bound = [mp.mpf(0)] * n
    for i, h in enumerate(_steps(args, mp.mpf(10) ** -20)):
        up, down = list(args), list(args)
        up[i] += h
        down[i] -= h
        gu, gd = _mp_gradient(f, up), _mp_gradient(f, down)
        for j in range(n):
            bound[j] += abs((gu[j] - gd[j]) / (2 * h)) * abs(args[i])
    return bound


@pytest.mark.parametrize("fam, method", sorted({(p[0], p[1]) for p in GRADIENT_POINTS}),
                         ids=lambda v: str(v))
def test_gradients_near_every_edge_equal_mpmath(fam, method):
    """d/d(every argument) at tiny and huge parameters and in the far tails, against mpmath
    (200 digits): each component to 1e-8 relative, or within what the inputs' own rounding
    moves it (sum_i |d2f/da_j da_i| |a_i| eps: no float64 method does better)."""
    ours = _method(D, fam, method)
    held = {0} if fam in DISCRETE else set()
    held |= HELD.get(fam, set())
    bad = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _, _, x, params in [p for p in GRADIENT_POINTS if p[:2] == (fam, method)]:
            args = np.array([x, *params])
            free = [j for j in range(len(args)) if j not in held]

            def f(v, args=args, free=free):
                a = [args[j] for j in range(len(args))]
                for i, j in enumerate(free):
                    a[j] = v[i]
                return ours(*a)

            F = nt.MakeTape(f, args[free])
            got = F.gradient(args[free])
            with mp.workdps(200):
                f, a = MP[fam, method], [mp.mpf(v) for v in args]
                want = np.array([float(mp.re(w)) for w in _mp_gradient(f, a)])[free]
                room = np.array([float(mp.re(w)) for w in _input_roundoff(f, a)])[free]
            # 1e-8 relative, or 1e-13 of the gradient's largest component where terms cancel to
            # ~0, or 8 eps of the inputs' own roundoff
            tol = 1e-8 * np.abs(want) + 1e-13 * np.max(np.abs(want)) + 8 * 2.2e-16 * room
            if not (np.all(np.isfinite(got)) and np.all(np.abs(got - want) <= tol)):
                bad.append((x, params, got.tolist(), want.tolist()))
    assert not bad, bad[:6]
