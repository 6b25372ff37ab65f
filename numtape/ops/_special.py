"""The ``sc`` of the elementwise formulas inside the kernels: scipy.special's functions written
for Numba (formulas say ``sc.erf(x)``; on arrays and ADArrays ``sc`` is scipy.special itself).
They agree with SciPy to about an ulp (1e-13 relative in the far tails, where libm and Cephes
differ); tests/test_special.py holds them against SciPy."""
import math

import numba
import numpy as np
import scipy.special as _sc

SQRT1_2 = math.sqrt(0.5)


@numba.njit(nogil=True)
def erf(x):
    return math.erf(x)


@numba.njit(nogil=True)
def erfc(x):
    return math.erfc(x)


@numba.njit(nogil=True)
def ndtr(x):
    # Phi(x) = erfc(-x / sqrt 2) / 2: no cancellation in the lower tail
    return 0.5 * math.erfc(-x * SQRT1_2)


@numba.njit(nogil=True)
def expit(x):
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@numba.njit(nogil=True)
def logit(x):
    return math.log(x / (1.0 - x))


@numba.njit(nogil=True)
def xlogy(a, b):
    # SciPy: 0 where a == 0 (unless b is NaN), whatever b is
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log(b) if b > 0.0 else (a * -math.inf if b == 0.0 else math.nan)


@numba.njit(nogil=True)
def xlog1py(a, b):
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log1p(b) if b > -1.0 else (a * -math.inf if b == -1.0 else math.nan)


# ---- log-gamma and its derivatives: recurrence up to a large argument, then the asymptotic
# (Stirling) series; reflection for digamma below zero; a Taylor series around digamma's
# positive root, where the recurrence would cancel to nothing ---------------------------------
_B2K = np.array([1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510,
                 43867 / 798, -174611 / 330, 854513 / 138, -236364091 / 2730, 8553103 / 6,
                 -23749461029 / 870])                      # Bernoulli numbers B_2 .. B_28
_ROOT, _ROOT_LO = 1.4616321449683622, 9.549995429965697e-17  # digamma's positive root, hi + lo
_ROOT_TAYLOR = np.array([_sc.polygamma(k, _ROOT) / math.factorial(k) for k in range(1, 30)])


@numba.njit(nogil=True)
def gammaln(x):
    return math.lgamma(x)


@numba.njit(nogil=True)
def _digamma_positive(x):
    d = (x - _ROOT) - _ROOT_LO
    if abs(d) < 0.25:
        s = 0.0
        for k in range(_ROOT_TAYLOR.shape[0] - 1, -1, -1):
            s = s * d + _ROOT_TAYLOR[k]
        return s * d
    r = 0.0
    while x < 10.0:
        r -= 1.0 / x
        x += 1.0
    z = 1.0 / (x * x)
    s = 0.0
    for k in range(6, -1, -1):
        s = s * z + _B2K[k] / (2.0 * (k + 1))
    return r + math.log(x) - 0.5 / x - s * z


@numba.njit(nogil=True)
def digamma(x):
    if x != x or x == math.inf:
        return x
    if x == -math.inf:
        return math.nan
    if x <= 0.0:
        if x == math.floor(x):                     # poles; SciPy: psi(+0) = -inf, psi(-0) = inf
            return -math.copysign(math.inf, x) if x == 0.0 else math.nan
        # tan(pi x) has period 1: reduce to [-1/2, 1/2] first (exactly), so pi * r keeps
        # its relative precision near the poles
        r = x - math.floor(x + 0.5)
        return _digamma_positive(1.0 - x) - math.pi / math.tan(math.pi * r)
    return _digamma_positive(x)


@numba.njit(nogil=True)
def polygamma(n, x):
    """The n-th derivative of digamma, n = 0, 1, 2, ... (given as a float)."""
    if n == 0.0:
        return digamma(x)
    if n != n or x != x or n < 0.0 or abs(n) == math.inf or n != math.floor(n):
        return math.nan
    if abs(x) == math.inf:
        return 0.0 if x > 0.0 else math.nan
    sign = 1.0 if n % 2.0 == 1.0 else -1.0         # (-1) ** (n + 1)
    if x <= 0.0 and x == math.floor(x):
        return sign * math.inf
    r = 0.0
    while x < 20.0 + n:                            # sum_k 1 / (x + k) ** (n + 1)
        r += x ** -(n + 1.0)
        x += 1.0
    s = math.gamma(n) / x ** n + math.gamma(n + 1.0) / (2.0 * x ** (n + 1.0))
    for k in range(1, _B2K.shape[0] + 1):
        s += _B2K[k - 1] * math.exp(math.lgamma(2.0 * k + n) - math.lgamma(2.0 * k + 1.0)) \
            / x ** (2.0 * k + n)
    return sign * (s + math.gamma(n + 1.0) * r)


@numba.njit(nogil=True)
def log_ndtr(x):
    """log Phi(x), accurate in both tails: log1p(-Phi(-x)) on the right, log of erfc in the
    middle, and the asymptotic series of Phi's Mills ratio far left (below -20)."""
    if x > 0.0:
        return math.log1p(-0.5 * math.erfc(x * SQRT1_2))
    if x > -20.0:
        return math.log(0.5 * math.erfc(-x * SQRT1_2))
    z = 1.0 / (x * x)          # Phi(x) = phi(x) / -x * (1 - z + 3 z^2 - 15 z^3 + ...)
    s, t = 1.0, 1.0
    for k in range(1, 12):
        t *= -(2 * k - 1) * z
        s += t
    return -0.5 * x * x - math.log(-x) - 0.5 * math.log(2.0 * math.pi) + math.log(s)
