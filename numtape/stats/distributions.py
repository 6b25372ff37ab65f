"""``nt.distributions``: ``scipy.stats``' names and signatures for model code.

``import numtape as nt`` then ``nt.distributions.norm.logpdf(x, loc, scale)`` where the model
had ``scipy.stats.norm.logpdf(x, loc, scale)``: every argument may be traced, a NumPy array or
a number, broadcasting as NumPy does.  Each formula is written once with NumPy and
``scipy.special`` ufuncs, so the same line computes numbers on plain arrays (equal to SciPy's
to a few ulps) and records ops on traced ones.  Log-densities are formed in log space
(``xlogy``, ``xlog1py``, ``log1p``, ``log_ndtr``, ``gammaln``, ``betaln``), never as the log
of a density, so they stay finite and accurate in the tails.  Outside the support a
log-density is -inf (as in SciPy), chosen by ``np.where``, so its derivative there is zero and
the branch not taken never leaks NaN into gradients.
"""
from __future__ import annotations

import numpy as np
import scipy.special as sc

from numtape.surface.linalg import solve_triangular

_LOG_2PI = float(np.log(2.0 * np.pi))
_LOG_PI = float(np.log(np.pi))


def _support(cond, value):
    """``value`` where ``cond`` holds, -inf elsewhere."""
    return np.where(cond, value, -np.inf)


def _log1mexp(w):
    """log(1 - exp(-w)) for w > 0, accurate at both ends (Maechler's switch at log 2); each
    branch is evaluated only where it is finite."""
    big = np.maximum(w, 0.6931471805599453)
    small = np.minimum(np.maximum(w, 1e-300), 0.6931471805599453)
    return np.where(w > 0.6931471805599453, np.log1p(-np.exp(-big)), np.log(-np.expm1(-small)))


def _half_gamma_ratio(v):
    """The log of G(v + 1/2) / G(v): for v >= 100 its asymptotic series (the two log-gammas
    would cancel to about |log G(v)| * eps), else the difference itself."""
    big = np.maximum(v, 100.0)
    w = 1.0 / big
    w2 = w * w
    series = 0.5 * np.log(big) + w * (-1 / 8 + w2 * (1 / 192 + w2 * (-1 / 640 + w2 * 17 / 14336)))
    small = np.minimum(v, 100.0)
    return np.where(v >= 100.0, series, sc.gammaln(small + 0.5) - sc.gammaln(small))


def _z(x, loc, scale):
    return (x - loc) / scale


class _Continuous:
    """pdf = exp(logpdf); subclasses define logpdf (and cdf/logcdf/ppf where they can)."""

    def pdf(self, x, *args, **kwargs):
        return np.exp(self.logpdf(x, *args, **kwargs))


class _Discrete:
    def pmf(self, k, *args, **kwargs):
        return np.exp(self.logpmf(k, *args, **kwargs))


class norm_gen(_Continuous):
    """Normal(loc, scale)."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return -0.5 * z * z - np.log(scale) - 0.5 * _LOG_2PI

    def logcdf(self, x, loc=0.0, scale=1.0):
        return sc.log_ndtr(_z(x, loc, scale))

    def cdf(self, x, loc=0.0, scale=1.0):
        return sc.ndtr(_z(x, loc, scale))

    def logsf(self, x, loc=0.0, scale=1.0):
        return sc.log_ndtr(-_z(x, loc, scale))

    def sf(self, x, loc=0.0, scale=1.0):
        return sc.ndtr(-_z(x, loc, scale))

    def ppf(self, q, loc=0.0, scale=1.0):
        return loc + scale * sc.ndtri(q)


class poisson_gen(_Discrete):
    """Poisson(mu), k shifted by loc."""

    def logpmf(self, k, mu, loc=0.0):
        k = k - loc
        return _support(k >= 0, sc.xlogy(k, mu) - mu - sc.gammaln(k + 1.0))


class binom_gen(_Discrete):
    """Binomial(n, p)."""

    def logpmf(self, k, n, p, loc=0.0):
        k = k - loc
        comb = sc.gammaln(n + 1.0) - sc.gammaln(k + 1.0) - sc.gammaln(n - k + 1.0)
        return _support((k >= 0) & (k <= n), comb + sc.xlogy(k, p) + sc.xlog1py(n - k, -p))


class nbinom_gen(_Discrete):
    """Negative binomial in SciPy's (n, p): failures k before the n-th success."""

    def logpmf(self, k, n, p, loc=0.0):
        k = k - loc
        return _support(k >= 0, _log_choose_nb(k, n) + n * np.log(p) + sc.xlog1py(k, -p))


def nbinom2_logpmf(k, mu, size):
    """Negative binomial with mean ``mu`` and variance mu + mu^2 / size (TMB's ``dnbinom2``,
    R's ``dnbinom(k, size = size, mu = mu)``): SciPy's nbinom with n = size,
    p = size / (size + mu), written so that a large ``size`` tends to the Poisson smoothly
    (log p = -log1p(mu / size), no cancellation)."""
    log_p = -np.log1p(mu / size)                       # log(size / (size + mu))
    log_q = np.log(mu) - np.log(size + mu)             # log(mu / (size + mu))
    return _support(k >= 0, _log_choose_nb(k, size) + size * log_p
                    + np.where(k > 0, k * log_q, 0.0))


def _log_choose_nb(k, n):
    """The log of G(n + k) / (G(n) k!) as -log k - betaln(n, k) (k > 0; 0 at k = 0): the
    log-gamma difference would cancel to |log G(n)| * eps at large n (1e-5 relative at
    n = 1e12), betaln does not."""
    kp = np.where(k > 0, k, 1.0)
    return np.where(k > 0, -np.log(kp) - sc.betaln(n, kp), 0.0)


class gamma_gen(_Continuous):
    """Gamma(a) with loc and scale."""

    def logpdf(self, x, a, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _support(z >= 0, sc.xlogy(a - 1.0, z) - z - sc.gammaln(a) - np.log(scale))


class beta_gen(_Continuous):
    """Beta(a, b) with loc and scale."""

    def logpdf(self, x, a, b, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _support((z >= 0) & (z <= 1),
                        sc.xlogy(a - 1.0, z) + sc.xlog1py(b - 1.0, -z) - sc.betaln(a, b)
                        - np.log(scale))


class expon_gen(_Continuous):
    """Exponential with loc and scale (rate 1 / scale)."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _support(z >= 0, -z - np.log(scale))

    def cdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return np.where(z > 0, -np.expm1(-np.maximum(z, 0.0)), 0.0)

    def logcdf(self, x, loc=0.0, scale=1.0):
        return _support(_z(x, loc, scale) > 0, _log1mexp(_z(x, loc, scale)))

    def logsf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return np.where(z > 0, -z, 0.0)


class lognorm_gen(_Continuous):
    """Log-normal with shape s (sd of the log), loc and scale (exp of the log's mean)."""

    def logpdf(self, x, s, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        zp = np.where(z > 0, z, 1.0)
        lz = np.log(zp)
        return _support(z > 0, -0.5 * (lz / s) ** 2 - lz - np.log(s) - np.log(scale)
                        - 0.5 * _LOG_2PI)

    def cdf(self, x, s, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return np.where(z > 0, sc.ndtr(np.log(np.where(z > 0, z, 1.0)) / s), 0.0)

    def logcdf(self, x, s, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _support(z > 0, sc.log_ndtr(np.log(np.where(z > 0, z, 1.0)) / s))


class t_gen(_Continuous):
    """Student's t with df degrees of freedom, loc and scale."""

    def logpdf(self, x, df, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return (_half_gamma_ratio(0.5 * df) - 0.5 * (np.log(df) + _LOG_PI) - np.log(scale)
                - 0.5 * (df + 1.0) * np.log1p(z * z / df))


class cauchy_gen(_Continuous):
    """Cauchy with loc and scale."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return -_LOG_PI - np.log(scale) - np.log1p(z * z)

    def cdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        # left tail: F = arctan(-1/z)/pi for z < 0 (0.5 + arctan(z)/pi would cancel)
        left = np.arctan(-1.0 / np.where(z < 0, z, -1.0)) / np.pi
        return np.where(z < 0, left, 0.5 + np.arctan(np.maximum(z, 0.0)) / np.pi)

    def logcdf(self, x, loc=0.0, scale=1.0):
        return np.log(self.cdf(x, loc, scale))


class logistic_gen(_Continuous):
    """Logistic with loc and scale."""

    def logpdf(self, x, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return -z - 2.0 * np.logaddexp(0.0, -z) - np.log(scale)

    def cdf(self, x, loc=0.0, scale=1.0):
        return sc.expit(_z(x, loc, scale))

    def logcdf(self, x, loc=0.0, scale=1.0):
        return -np.logaddexp(0.0, -_z(x, loc, scale))

    def logsf(self, x, loc=0.0, scale=1.0):
        return -np.logaddexp(0.0, _z(x, loc, scale))


class weibull_min_gen(_Continuous):
    """Weibull with shape c, loc and scale."""

    def logpdf(self, x, c, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        zp = np.where(z > 0, z, 1.0)
        return _support(z >= 0, np.log(c) + sc.xlogy(c - 1.0, z)
                        - np.where(z > 0, zp ** c, 0.0) - np.log(scale))

    def cdf(self, x, c, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return np.where(z > 0, -np.expm1(-np.where(z > 0, z, 1.0) ** c), 0.0)

    def logsf(self, x, c, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return np.where(z > 0, -np.where(z > 0, z, 1.0) ** c, 0.0)

    def logcdf(self, x, c, loc=0.0, scale=1.0):
        z = _z(x, loc, scale)
        return _support(z > 0, _log1mexp(np.where(z > 0, z, 1.0) ** c))


class multivariate_normal_gen:
    """Multivariate normal: ``logpdf(x, mean, cov)`` through the Cholesky factor of cov, or
    ``logpdf_chol(x, mean, chol)`` from a lower Cholesky factor (no covariance formed).  x has
    shape (d,) (a scalar result) or (N, d) (one value per row)."""

    def logpdf(self, x, mean=None, cov=1.0):
        x = x if hasattr(x, "ndim") else np.asarray(x, dtype=np.float64)
        d = x.shape[-1]
        cov = cov if hasattr(cov, "ndim") else np.asarray(cov, dtype=np.float64)
        if cov.ndim == 0:
            cov = cov * np.eye(d)
        elif cov.ndim == 1:
            cov = np.diag(cov)
        return self.logpdf_chol(x, mean, np.linalg.cholesky(cov))

    def logpdf_chol(self, x, mean, chol):
        x = x if hasattr(x, "ndim") else np.asarray(x, dtype=np.float64)
        d = x.shape[-1]
        r = x if mean is None else x - mean
        R = np.reshape(r, (-1, d))
        W = solve_triangular(chol, R.T, lower=True)       # L^-1 (x - mean), a column per row
        quad = np.sum(W * W, axis=0)
        logdet = np.sum(np.log(np.diag(chol)))
        out = -0.5 * quad - logdet - 0.5 * d * _LOG_2PI
        return out[0] if x.ndim == 1 else out

    def pdf(self, x, mean=None, cov=1.0):
        return np.exp(self.logpdf(x, mean, cov))


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
multivariate_normal = multivariate_normal_gen()

__all__ = ["beta", "binom", "cauchy", "expon", "gamma", "logistic", "lognorm",
           "multivariate_normal", "nbinom", "nbinom2_logpmf", "norm", "poisson", "t",
           "weibull_min"]
