"""``nt.distributions``: ``scipy.stats``' names and signatures for model code.

``import numtape.stats.distributions as stats`` (or ``nt.distributions``) where the model had
``import scipy.stats as stats``: ``stats.norm.logpdf(x, loc, scale)`` and the rest keep their
SciPy names, parameters and defaults, and every argument may be traced, a NumPy array or a
number, broadcasting as NumPy does.  Each formula is written once with NumPy and
``scipy.special`` ufuncs, so the same line computes numbers on plain arrays (equal to SciPy's
to a few ulps) and records ops on traced ones.  Log-densities are formed in log space
(``xlogy``, ``xlog1py``, ``log1p``, ``log_ndtr``, ``log_expit``, ``gammaln``, ``betaln``),
never as the log of a density, so they stay finite and accurate in the tails.  As in SciPy, a
point outside the support (or a non-integer count) gives -inf, and an invalid parameter
(``scale <= 0``, ``p > 1`` ...) or a NaN argument gives NaN.  Both are chosen by ``np.where``,
whose derivative is zero on the branch not taken (and each branch is fed arguments at which
it is finite); a condition on plain data that picks one side everywhere records nothing, so
a tape over data inside the support holds no selects.
"""
from __future__ import annotations

import functools
import inspect

import numpy as np
import scipy.special as sc

from numtape.ops.formulas import NAMESPACE
from numtape.stats import observe
from numtape.surface.linalg import solve_triangular

_betaln = NAMESPACE["sc"].betaln   # on numbers numtape's betaln (SciPy's loses digits at
                                   # large arguments), on traced values BetalnOp

_LOG_2PI = float(np.log(2.0 * np.pi))
_LOG_PI = float(np.log(np.pi))


def _checked(value, *valid):
    """``value`` where every parameter condition in ``valid`` holds, NaN (SciPy's bad value)
    elsewhere.  A plain condition that holds everywhere records nothing; a 0-d plain result
    comes back as a NumPy scalar, as SciPy returns it."""
    cond = None
    for c in valid:
        if isinstance(c, (bool, np.bool_, np.ndarray)) and np.all(c):
            continue
        cond = c if cond is None else np.logical_and(cond, c)
    out = value if cond is None else _where(cond, value, np.nan)
    if isinstance(out, (float, np.floating, np.ndarray)) and np.ndim(out) == 0:
        return np.float64(out)
    return out


def _shape(v):
    return v.shape if hasattr(v, "shape") else np.shape(v)


def _where(cond, a, b):
    """``np.where(cond, a, b)``, recording nothing when a plain ``cond`` (one on data, not on
    traced values) takes one side everywhere and that side already has the result's shape."""
    if isinstance(cond, (bool, np.bool_, np.ndarray)):
        pick = a if np.all(cond) else b if not np.any(cond) else None
        if pick is not None and _shape(pick) == np.broadcast_shapes(
                np.shape(cond), _shape(a), _shape(b)):
            return pick
    return np.where(cond, a, b)


def _outside(cond, value, fill=-np.inf):
    """``fill`` where ``cond`` (outside the support: phrased so that NaN is never outside, and
    a NaN argument keeps its NaN), ``value`` elsewhere."""
    return _where(cond, fill, value)


def _non_integer(k):
    """True at finite non-integers (False at NaN, so NaN counts stay NaN)."""
    return np.floor(k) < k


def log1mexp(w):
    """log(1 - exp(-w)) for w > 0, accurate at both ends (Maechler's switch at log 2): on
    traced values one Log1mexpOp (numtape/ops/elementwise.py), whose derivatives are one op
    each, not the switch's two branches and their selects."""
    return NAMESPACE["sc"].log1mexp(w)


def _log1mexp_of_log(lw):
    """log(1 - exp(-exp(lw))): ``log1mexp`` of w = exp(lw), continued below lw = -30 by
    lw - w/2 (error w^2/24), which stays right where w itself underflows."""
    tiny = lw < -30.0
    w = np.exp(lw)
    return _where(tiny, lw - 0.5 * w, log1mexp(_where(tiny, 1.0, w)))


def _half_gamma_ratio(v):
    """The log of G(v + 1/2) / G(v): for v >= 100 its asymptotic series (the two log-gammas
    would cancel to about |log G(v)| * eps), else the difference itself."""
    large = v >= 100.0
    big = _where(large, v, 100.0)
    w = 1.0 / big
    w2 = w * w
    series = 0.5 * np.log(big) + w * (-1 / 8 + w2 * (1 / 192 + w2 * (-1 / 640 + w2 * 17 / 14336)))
    small = _where(large, 100.0, v)
    return _where(large, series, sc.gammaln(small + 0.5) - sc.gammaln(small))


def _z(x, loc, scale):
    return (x - loc) / scale


def _numbers(fn):
    """``fn`` with Python numbers among its arguments taken as NumPy float64 scalars, so that
    arithmetic on them follows NumPy (1.0 / 0.0 is inf with a RuntimeWarning, as in SciPy, not
    ZeroDivisionError) and a documented NaN comes back as NaN."""
    def wrapped(*args, **kwargs):
        args = [np.float64(a) if type(a) in (int, float) else a for a in args]
        kwargs = {k: np.float64(v) if type(v) in (int, float) else v
                  for k, v in kwargs.items()}
        return fn(*args, **kwargs)
    return functools.wraps(fn)(wrapped)


def _observed(fn, family, method):
    """``fn`` (a log-density) that, evaluated at an ``nt.OBS`` observation while a fit
    simulates or explains the model, first draws it anew or records its residual
    (numtape/stats/observe.py), from the parameters it was given (SciPy's ``family``)."""
    signature = inspect.signature(fn)

    def wrapped(self, x, *args, **kwargs):
        run = observe.active()
        if run is not None and run.mode == "trace" and run.weights is not None:
            keep = run.keep_of(x)   # one-step Gaussian: the observation traced, weighted
            if keep is not None:
                return keep * fn(self, x, *args, **kwargs)
        if type(x) is observe.Observed and run.mode == "osa":
            bound = signature.bind(self, x, *args, **kwargs)
            bound.apply_defaults()
            params = list(bound.arguments.values())[2:]
            return _one_step_terms(family, method, fn(self, np.asarray(x), *args, **kwargs),
                                   x, params)
        if type(x) is observe.Observed:
            bound = signature.bind(self, x, *args, **kwargs)
            bound.apply_defaults()
            params = [np.asarray(v, dtype=np.float64) if v is not None else None
                      for v in list(bound.arguments.values())[2:]]
            if method == "logpdf_chol":   # the covariance from its Cholesky factor
                params = [params[0], params[1] @ params[1].T]
            if family == "multivariate_normal" and params[0] is None:
                params[0] = np.zeros(x.shape[-1])
            observe.simulate_or_explain(self if getattr(self, "_own_sampler", False)
                                        else family, method, x, params, {})
        return fn(self, x, *args, **kwargs)
    return functools.wraps(fn)(wrapped)


def _one_step_terms(family, method, logdens, x, params):
    """In a one-step-ahead recording (``Fit.residuals(type="osa", method="cdf")``): each
    observation's contribution keep * log f(y) + lower * log P(Y <= y) + lower1 * log P(Y <= y
    - 1), the weights traced inputs of the recording (numtape/stats/observe.py)."""
    keep, lower, lower1 = observe.active().weights_of(x)
    y = np.asarray(x)
    logcdf = getattr(globals()[family], "logcdf", None)
    if logcdf is None:
        raise ValueError(f"residuals(type='osa', method='cdf'): {family} has no logcdf "
                         "(norm, poisson, nbinom, nbinom2, binom and the continuous families "
                         "with one do)")
    total = keep * logdens + lower * logcdf(y, *params)
    if method == "logpmf":   # P(Y <= y - 1), 0 below the support (its weight stays 0 there)
        total = total + lower1 * logcdf(np.maximum(y - 1.0, 0.0), *params)
    return total


class _Family:
    """Every public method of a distribution takes Python numbers as NumPy scalars
    (``_numbers``); its log-densities draw or explain ``nt.OBS`` observations (``_observed``).
    """

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        family = cls.__name__.removesuffix("_gen")
        for name, value in list(vars(cls).items()):
            if callable(value) and not name.startswith("_"):
                if name in ("logpdf", "logpmf", "logpdf_chol"):
                    value = _observed(value, family, name)
                setattr(cls, name, _numbers(value))


class _Continuous(_Family):
    """pdf = exp(logpdf); subclasses define logpdf (and cdf/logcdf/ppf where they can)."""

    def pdf(self, x, *args, **kwargs):
        return np.exp(self.logpdf(x, *args, **kwargs))


class _Discrete(_Family):
    """pmf = exp(logpmf); subclasses define logpmf."""

    def pmf(self, k, *args, **kwargs):
        return np.exp(self.logpmf(k, *args, **kwargs))


class norm_gen(_Continuous):
    """Normal(loc, scale)."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _checked(-0.5 * z * z - np.log(scale) - 0.5 * _LOG_2PI, scale > 0)

    def logcdf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.log_ndtr(_z(x, loc, scale)), scale > 0)

    def cdf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.ndtr(_z(x, loc, scale)), scale > 0)

    def logsf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.log_ndtr(-_z(x, loc, scale)), scale > 0)

    def sf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.ndtr(-_z(x, loc, scale)), scale > 0)

    def ppf(self, q, loc=0.0, scale=1.0):
        return _checked(loc + scale * sc.ndtri(q), scale > 0)


class poisson_gen(_Discrete):
    """Poisson(mu), k shifted by loc."""

    def logpmf(self, k, mu, loc=0.0):
        """The log-pmf, k log mu - mu - log k!; from k = 100 on as Loader's saddle-point form
        -bd0(k, mu) - log(2 pi k) / 2 - (Stirling's correction), which keeps the digits the
        direct form loses to cancellation at large k (8e-7 relative at k = mu = 1e10, in SciPy
        too; below 100 the direct form is within 1.3e-14).  Counts below 100 (most data) record
        the direct form alone."""
        k = k - loc
        big = k >= 100.0
        kb = _where(big & (k < np.inf), k, 100.0)   # each branch sees finite counts
        loader = -_bd0(kb, mu) - 0.5 * np.log(2.0 * np.pi * kb) - _stirling(kb)
        ks = _where(big, 0.0, k)
        direct = sc.xlogy(ks, mu) - mu - sc.gammaln(ks + 1.0)
        return _checked(_outside((k < 0) | _non_integer(k) | (k == np.inf),
                                 _where(big, loader, direct)), mu >= 0)

    def logcdf(self, k, mu, loc=0.0):
        """Log P(K <= k) = log Q(floor(k) + 1, mu) (the regularized upper incomplete gamma);
        -inf below 0, 0 at k = inf."""
        k = np.floor(k - loc)
        kp = _where((k < 0) | (k == np.inf), 0.0, k)
        return _checked(_where(k == np.inf, 0.0, _outside(k < 0, np.log(sc.gammaincc(
            kp + 1.0, mu)))), mu >= 0)

    def cdf(self, k, mu, loc=0.0):
        return np.exp(self.logcdf(k, mu, loc))


def _stirling(x):
    """Stirling's correction, log x! - ((x + 1/2) log x - x + log(2 pi) / 2), for x >= 20
    (its series to x^-7)."""
    w = 1.0 / x
    w2 = w * w
    return w * (1 / 12 - w2 * (1 / 360 - w2 * (1 / 1260 - w2 / 1680)))


def _bd0(x, m):
    """Loader's bd0 = x log(x / m) + m - x for x > 0, m >= 0 (Loader 2000): where
    |x - m| < (x + m) / 10 as its series in v = (x - m) / (x + m), which has no cancellation;
    else directly."""
    near = np.abs(x - m) < 0.1 * (x + m)
    mn = _where(near, m, x)               # the series sees only near points ...
    v = (x - mn) / (x + mn)
    v2 = v * v
    s = 0.0
    for j in range(8, 0, -1):
        s = s * v2 + 1.0 / (2 * j + 1)
    series = (x - mn) * v + 2.0 * x * v * v2 * s
    mf = _where(near, x, m)               # ... and the direct form only far ones
    with np.errstate(divide="ignore"):    # m = 0: -inf, as SciPy gives, without a warning
        direct = sc.xlogy(x, x / mf) + mf - x
    return _where(near, series, direct)


class binom_gen(_Discrete):
    """Binomial(n, p), k shifted by loc."""

    def logpmf(self, k, n, p, loc=0.0):
        k = k - loc
        comb = sc.gammaln(n + 1.0) - sc.gammaln(k + 1.0) - sc.gammaln(n - k + 1.0)
        return _checked(_outside((k < 0) | (k > n) | _non_integer(k),
                                 comb + sc.xlogy(k, p) + sc.xlog1py(n - k, -p)),
                        n >= 0, np.floor(n) == n, p >= 0, p <= 1)

    def logcdf(self, k, n, p, loc=0.0):
        """Log P(K <= k) = log I_{1-p}(n - k, k + 1) (the regularized incomplete beta) for
        0 <= k < n; -inf below 0, 0 from n on."""
        k = np.floor(k - loc)
        inside = ~((k < 0) | (k >= n))   # NaN stays inside, and NaN
        kk = _where(inside, k, 0.0)
        nn = _where(inside, n, 1.0)
        return _checked(_where(k >= n, 0.0, _outside(k < 0, np.log(sc.betainc(
            nn - kk, kk + 1.0, 1.0 - p)))), n >= 0, np.floor(n) == n, p >= 0, p <= 1)

    def cdf(self, k, n, p, loc=0.0):
        return np.exp(self.logcdf(k, n, p, loc))


class nbinom_gen(_Discrete):
    """Negative binomial in SciPy's (n, p): failures k before the n-th success."""

    def logpmf(self, k, n, p, loc=0.0):
        k = k - loc
        return _checked(_outside((k < 0) | _non_integer(k),
                                 _log_choose_nb(k, n) + n * np.log(p) + sc.xlog1py(k, -p)),
                        n > 0, p > 0, p <= 1)

    def logcdf(self, k, n, p, loc=0.0):
        """Log P(K <= k) = log I_p(n, k + 1) (the regularized incomplete beta); -inf below 0,
        0 at k = inf."""
        k = np.floor(k - loc)
        kp = _where((k < 0) | (k == np.inf), 0.0, k)
        return _checked(_where(k == np.inf, 0.0, _outside(k < 0, np.log(sc.betainc(
            n, kp + 1.0, p)))), n > 0, p > 0, p <= 1)

    def cdf(self, k, n, p, loc=0.0):
        return np.exp(self.logcdf(k, n, p, loc))


@_numbers
def nbinom2_logpmf(k, mu, size):
    """Negative binomial with mean ``mu`` and variance mu + mu^2 / size.

    TMB's ``dnbinom2`` and R's ``dnbinom(k, size = size, mu = mu)``: SciPy's nbinom with
    n = size, p = size / (size + mu), written without cancellation at either end (log p =
    -log1p(mu / size) and log(1 - p) = -log1p(size / mu): a large ``size`` tends to the Poisson
    smoothly, a large ``mu`` keeps its digits; the binomial coefficient through ``betaln``); a
    plain ``size = inf`` is the Poisson.  -inf at negative or non-integer k, NaN unless
    mu >= 0 and size > 0.  d/dsize is a difference of digammas and logs, each of order 1/size,
    that cancel to order 1/size^2: betaln's partials keep the digamma difference's
    digits (``sc.digamma_diff``), and what the log terms' partials lose leaves 1e-10 of its
    scale to size 1e6, 3e-5 at 1e12 (against mpmath, tests/test_distributions.py; a fused form
    would remove the rest, at a multiple of a negative binomial GLMM's evaluation cost).

    Parameters
    ----------
    k : array_like
        Counts.
    mu : array_like
        Mean.
    size : array_like
        Dispersion (R's ``size``, SciPy's ``n``); the Poisson is the limit size -> inf.

    Returns
    -------
    array_like
        The log-probabilities, broadcast over the arguments.
    """
    run = observe.active()
    if run is not None and run.mode == "trace" and run.weights is not None:
        keep = run.keep_of(k)   # one-step Gaussian: the observation traced, weighted
        if keep is not None:
            return keep * _nbinom2(k, mu, size)
    if type(k) is observe.Observed and run.mode == "osa":
        return _one_step_terms("nbinom", "logpmf", _nbinom2(np.asarray(k), mu, size), k,
                               [size, size / (size + mu)])
    if type(k) is observe.Observed:   # simulated or explained (nt.OBS): SciPy's nbinom
        n = np.asarray(size, dtype=np.float64)
        observe.simulate_or_explain("nbinom", "logpmf", k, [n, n / (n + mu)], {})
    return _nbinom2(k, mu, size)


def _nbinom2(k, mu, size):
    """nbinom2_logpmf's formula (its docstring)."""
    if not hasattr(type(size), "__nt_traced__") and np.all(np.isposinf(size)):
        return poisson.logpmf(k, mu)   # a plain size = inf: the Poisson limit
    # a plain mu = inf is NaN, as in SciPy (p = 0); a traced one records no check
    finite = [mu < np.inf] if not hasattr(type(mu), "__nt_traced__") else []
    return _checked(_outside((k < 0) | _non_integer(k),
                             _log_choose_nb(k, size) - size * np.log1p(mu / size)
                             - sc.xlog1py(k, size / mu)),   # k log(mu / (size + mu))
                    mu >= 0, size > 0, *finite)


def _log_choose_nb(k, n):
    """The log of G(n + k) / (G(n) k!) as -log k - betaln(n, k) (k > 0; 0 at k = 0): the
    log-gamma difference would cancel to |log G(n)| * eps at large n (1e-5 relative at
    n = 1e12), betaln does not."""
    pos = k > 0
    kp = _where(pos, k, 1.0)
    return _where(pos, -np.log(kp) - _betaln(n, kp), 0.0)


class gamma_gen(_Continuous):
    """Gamma(a) with loc and scale."""

    def logpdf(self, x, a, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        zs = _where(z < 0, 0.0, z)
        return _checked(_outside(z < 0, sc.xlogy(a - 1.0, zs) - zs - sc.gammaln(a)
                                 - np.log(scale)), a > 0, scale > 0)


class beta_gen(_Continuous):
    """Beta(a, b) with loc and scale."""

    def logpdf(self, x, a, b, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        out = (z < 0) | (z > 1)
        zs = _where(out, 0.5, z)
        return _checked(_outside(out,
                                 sc.xlogy(a - 1.0, zs) + sc.xlog1py(b - 1.0, -zs)
                                 - _betaln(a, b) - np.log(scale)),
                        a > 0, b > 0, scale > 0)


class expon_gen(_Continuous):
    """Exponential with loc and scale (rate 1 / scale)."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _checked(_outside(z < 0, -z - np.log(scale)), scale > 0)

    def cdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _checked(-np.expm1(-_where(z < 0, 0.0, z)), scale > 0)

    def logcdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _checked(_outside(z <= 0, log1mexp(_where(z <= 0, 1.0, z))), scale > 0)

    def logsf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _checked(-_where(z < 0, 0.0, z), scale > 0)


class lognorm_gen(_Continuous):
    """Log-normal with shape s (sd of the log), loc and scale (exp of the log's mean)."""

    def _log_z(self, x, s, loc, scale):
        """z, log z and u = log(z) / s (log z = 0 where z <= 0; u = +inf at x = +inf even
        for s = inf: the top of the support, where SciPy's density is 0 and its cdf 1 for
        every s)."""
        z = _z(x, loc, scale)
        lz = np.log(_where(z <= 0, 1.0, z))
        return z, lz, _where(x == np.inf, np.inf, lz / s)

    def logpdf(self, x, s, loc=0.0, scale=1.0):
        z, lz, u = self._log_z(x, s, loc, scale)
        return _checked(_outside(z <= 0, -0.5 * u * u - lz - np.log(s) - np.log(scale)
                                 - 0.5 * _LOG_2PI), s > 0, scale > 0)

    def cdf(self, x, s, loc=0.0, scale=1.0):
        z, _, u = self._log_z(x, s, loc, scale)
        return _checked(_outside(z <= 0, sc.ndtr(u), 0.0), s > 0, scale > 0)

    def logcdf(self, x, s, loc=0.0, scale=1.0):
        z, _, u = self._log_z(x, s, loc, scale)
        return _checked(_outside(z <= 0, sc.log_ndtr(u)), s > 0, scale > 0)


class t_gen(_Continuous):
    """Student's t with df degrees of freedom, loc and scale (the normal at df = inf)."""

    def logpdf(self, x, df, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        normal = df == np.inf
        d = _where(normal, 1.0, df)
        lt = (_half_gamma_ratio(0.5 * d) - 0.5 * (np.log(d) + _LOG_PI)
              - 0.5 * (d + 1.0) * np.log1p(z * z / d))
        return _checked(_where(normal, -0.5 * z * z - 0.5 * _LOG_2PI, lt) - np.log(scale),
                        df > 0, scale > 0)


class cauchy_gen(_Continuous):
    """Cauchy with loc and scale."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        # log(1 + z^2) as 2 log hypot(1, z): no overflow at |z| > 1e154 (absolute error an ulp)
        return _checked(-_LOG_PI - np.log(scale) - 2.0 * np.log(np.hypot(1.0, z)), scale > 0)

    def cdf(self, x, loc=0.0, scale=1.0):
        # arctan2(1, -z) / pi: no cancellation in the left tail (0.5 + arctan(z)/pi would)
        return _checked(np.arctan2(1.0, -_z(x, loc, scale)) / np.pi, scale > 0)

    def logcdf(self, x, loc=0.0, scale=1.0):
        # left of 0 the log of the cdf, right of it log1p(-sf): accurate in both tails
        z = _z(x, loc, scale)
        return _checked(_where(z < 0, np.log(np.arctan2(1.0, -z) / np.pi),
                                 np.log1p(-np.arctan2(1.0, z) / np.pi)), scale > 0)


class logistic_gen(_Continuous):
    """Logistic with loc and scale."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        y = -np.abs(_z(x, loc, scale))
        return _checked(y - 2.0 * np.log1p(np.exp(y)) - np.log(scale), scale > 0)

    def cdf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.expit(_z(x, loc, scale)), scale > 0)

    def logcdf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.log_expit(_z(x, loc, scale)), scale > 0)

    def logsf(self, x, loc=0.0, scale=1.0):
        return _checked(sc.log_expit(-_z(x, loc, scale)), scale > 0)


class weibull_min_gen(_Continuous):
    """Weibull with shape c, loc and scale."""

    def _parts(self, x, c, loc, scale):
        """z, c log z and z^c (0 for z <= 0, NaN kept)."""
        z = _z(x, loc, scale)
        out = z <= 0
        lz = np.log(_where(out, 1.0, z))
        clz = c * lz
        if not hasattr(type(c), "__nt_traced__") and np.any(np.isinf(c)):
            clz = _where(lz == 0.0, 0.0, clz)   # z^c = 1 at z = 1 for every c, as in SciPy
        return z, clz, _where(out, 0.0, np.exp(clz))

    def logpdf(self, x, c, loc=0.0, scale=1.0):
        z, _, zc = self._parts(x, c, loc, scale)
        return _checked(_outside(z < 0, np.log(c) + sc.xlogy(c - 1.0, _where(z < 0, 0.0, z)) - zc
                                 - np.log(scale)), c > 0, scale > 0)

    def cdf(self, x, c, loc=0.0, scale=1.0):
        return _checked(-np.expm1(-self._parts(x, c, loc, scale)[2]), c > 0, scale > 0)

    def logsf(self, x, c, loc=0.0, scale=1.0):
        return _checked(-self._parts(x, c, loc, scale)[2], c > 0, scale > 0)

    def logcdf(self, x, c, loc=0.0, scale=1.0):
        z, clz, _ = self._parts(x, c, loc, scale)
        return _checked(_outside(z <= 0, _log1mexp_of_log(clz)), c > 0, scale > 0)


class tweedie_gen(_Continuous):
    """Tweedie with power 1 < p < 2 (the compound Poisson-gamma): mean mu, variance
    phi mu^p, an atom at 0 of probability exp(-mu^(2-p) / (phi (2-p))) and a density above
    (TMB's and glmmTMB's ``dtweedie(y, mu, phi, p)``; SciPy has none).  The density's series
    is numtape/kernels/tweedie.py's (Dunn and Smyth), to about 1e-15 relative against mpmath,
    with derivatives of every order in mu, phi and p; y itself may be traced above 0.  -inf
    below 0, NaN unless mu > 0, phi > 0 and 1 < p < 2.  ``cdf``, ``rvs``, ``mean`` and
    ``std`` work on numbers (what ``Fit.simulate`` and ``Fit.residuals`` draw and explain
    with: residuals are randomized on the atom at 0)."""

    _own_sampler = True

    def logpdf(self, x, mu, phi, p):
        pos = (x > 0) & (x < np.inf)
        xs = _where(pos, x, 1.0)
        lmu = np.log(mu)
        q = 2.0 - p
        mean_part = np.exp(q * lmu) / (q * phi)             # lambda, the Poisson mean
        lw = NAMESPACE["sc"].tweedie_logw(0.0, q * np.log(xs) - np.log(phi), p)
        above = -np.log(xs) + lw + xs * np.exp((1.0 - p) * lmu) / ((1.0 - p) * phi) - mean_part
        return _checked(_outside((x < 0) | (x == np.inf), _where(pos, above, -mean_part)),
                        mu > 0, phi > 0, p > 1, p < 2)

    @staticmethod
    def _parts(mu, phi, p):
        """(lambda, gamma shape, gamma scale) of the compound Poisson-gamma."""
        mu, phi, p = (np.asarray(v, dtype=np.float64) for v in (mu, phi, p))
        return (mu ** (2.0 - p) / (phi * (2.0 - p)), (2.0 - p) / (p - 1.0),
                phi * (p - 1.0) * mu ** (p - 1.0))

    def cdf(self, x, mu, phi, p):
        """P(Y <= x): exp(-lambda) plus the Poisson mixture of gamma CDFs (numbers)."""
        lam, shape, scale = self._parts(mu, phi, p)
        x = np.asarray(x, dtype=np.float64)
        lam, shape, scale, x = np.broadcast_arrays(lam, shape, scale, x)
        total = np.exp(-lam)
        top = int(np.ceil(np.max(lam + 12.0 * np.sqrt(lam) + 30.0))) if lam.size else 0
        for n in range(1, top + 1):
            total = total + np.exp(n * np.log(lam) - lam - sc.gammaln(n + 1.0)) * sc.gammainc(
                n * shape, np.maximum(x, 0.0) / scale)
        out = np.where(x < 0, 0.0, np.minimum(total, 1.0))
        return out[()] if out.ndim == 0 else out

    def cdf_left(self, x, mu, phi, p):
        """P(Y < x): 0 at the atom x = 0, the CDF above."""
        return np.where(np.asarray(x) > 0, self.cdf(x, mu, phi, p), 0.0)

    def rvs(self, mu, phi, p, size=None, random_state=None):
        if isinstance(random_state, np.floating):    # a seed (_numbers made it a float)
            random_state = int(random_state)
        rng = np.random.default_rng(random_state)
        lam, shape, scale = self._parts(mu, phi, p)
        size = np.shape(lam) if size is None else tuple(int(v) for v in np.atleast_1d(size))
        n = rng.poisson(np.broadcast_to(lam, size))
        return np.where(n > 0, rng.gamma(np.maximum(n * shape, 1e-300), scale), 0.0)

    def mean(self, mu, phi, p):
        return np.asarray(mu, dtype=np.float64) + 0.0 * np.asarray(phi) + 0.0 * np.asarray(p)

    def var(self, mu, phi, p):
        return np.asarray(phi, dtype=np.float64) * np.asarray(mu, dtype=np.float64) ** p

    def std(self, mu, phi, p):
        return np.sqrt(self.var(mu, phi, p))


def _plain(v):
    """A non-traced argument as a float array (traced ones pass unchanged)."""
    return np.asarray(v, dtype=np.float64) if not hasattr(v, "shape") or isinstance(
        v, np.ndarray) else v


class multivariate_normal_gen(_Family):
    """Multivariate normal: ``logpdf(x, mean, cov)`` through the Cholesky factor of cov, or
    ``logpdf_chol(x, mean, chol)`` from a lower Cholesky factor (no covariance formed).

    The dimension and the shapes follow SciPy: d is cov's (or chol's) order, else mean's
    length, else 1; x of shape (d,) gives a scalar and (..., d) one value per point; a 1-D x
    with d = 1 holds N points; size-1 axes of the result are squeezed, as SciPy does.  A
    scalar cov means cov * I, a vector the diagonal.  mean may also be (..., d), broadcast
    against x.
    """

    def logpdf(self, x, mean=None, cov=1.0):
        cov = _plain(cov)
        mean = None if mean is None else _plain(mean)
        d = self._dim(mean, cov)
        if cov.ndim == 0:
            cov = cov * np.eye(d)
        elif cov.ndim == 1:
            cov = np.diag(cov) if cov.shape[0] == d else cov * np.eye(d)
        return self.logpdf_chol(x, mean, np.linalg.cholesky(cov))

    def logpdf_chol(self, x, mean, chol):
        chol = _plain(chol)
        d = chol.shape[-1]
        x = _plain(x)
        if x.ndim == 0:
            x = np.reshape(x, (1,))
        if x.ndim == 1:
            x = np.reshape(x, (-1, 1) if d == 1 else (1, d))
        r = x if mean is None else x - _plain(mean)
        shape = r.shape[:-1]
        R = np.reshape(r, (-1, d))
        W = solve_triangular(chol, R.T, lower=True)       # L^-1 (x - mean), a column per point
        quad = np.sum(W * W, axis=0)
        logdet = np.sum(np.log(np.abs(np.diag(chol))))   # |L_ii|: any factor of cov = L L^T
        out = -0.5 * quad - logdet - 0.5 * d * _LOG_2PI
        out = np.reshape(out, tuple(n for n in shape if n != 1))
        return out[()] if isinstance(out, np.ndarray) and out.ndim == 0 else out

    def pdf(self, x, mean=None, cov=1.0):
        return np.exp(self.logpdf(x, mean, cov))

    @staticmethod
    def _dim(mean, cov):
        if cov.ndim == 2:
            return cov.shape[0]
        if mean is not None and mean.ndim >= 1:
            return mean.shape[-1]
        return cov.shape[0] if cov.ndim == 1 else 1


norm = norm_gen()
poisson = poisson_gen()
binom = binom_gen()
nbinom = nbinom_gen()
gamma = gamma_gen()
beta = beta_gen()
expon = expon_gen()
lognorm = lognorm_gen()
t = t_gen()
cauchy = cauchy_gen()
logistic = logistic_gen()
weibull_min = weibull_min_gen()
tweedie = tweedie_gen()
multivariate_normal = multivariate_normal_gen()

__all__ = ["beta", "binom", "cauchy", "expon", "gamma", "logistic", "lognorm",
           "multivariate_normal", "nbinom", "nbinom2_logpmf", "norm", "poisson", "t",
           "tweedie", "weibull_min"]
