"""The ``sc`` of the elementwise formulas inside the kernels: scipy.special's functions written
for Numba (formulas say ``sc.erf(x)``; on arrays and ADArrays ``sc`` is scipy.special itself).
They agree with SciPy to about an ulp (1e-13 relative in the far tails, where libm and Cephes
differ); tests/test_special.py holds them against SciPy, and the log-gamma family, ndtri and
betaln against mpmath (betaln is more accurate than SciPy's for very unequal arguments)."""
import math


import numpy as np
import scipy.special as _sc

from numtape.kernels.jit import jit

SQRT1_2 = math.sqrt(0.5)


@jit
def erf(x):
    return math.erf(x)


@jit
def erfc(x):
    return math.erfc(x)


@jit
def _exp_square(x):
    """exp(x * x) without the rounding of x * x (Veltkamp split: x^2 = hi + lo exactly)."""
    c = 134217729.0 * x
    xh = c - (c - x)
    xl = x - xh
    hi = x * x
    lo = ((xh * xh - hi) + 2.0 * xh * xl) + xl * xl
    return math.exp(hi) * (1.0 + lo)


@jit
def erfcx(x):
    """exp(x^2) erfc(x): the product below 12 (the square taken exactly), the asymptotic
    series 1/(x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k above; reflection below 0."""
    if x != x:
        return x
    if x < 0.0:
        return 2.0 * _exp_square(x) - erfcx(-x) if x > -26.7 else math.inf
    if x < 12.0:
        return _exp_square(x) * math.erfc(x)
    r = 1.0 / (2.0 * x * x)
    term, s = 1.0, 1.0
    for k in range(1, 40):
        term *= -(2 * k - 1) * r
        s += term
        if abs(term) < 1e-17:
            break
    return s / (x * 1.7724538509055160273)


@jit
def ndtr(x):
    # Phi(x) = erfc(-x / sqrt 2) / 2: no cancellation in the lower tail
    return 0.5 * math.erfc(-x * SQRT1_2)


@jit
def logit(x):
    return math.log(x / (1.0 - x))


@jit
def xlogy(a, b):
    # SciPy: 0 where a == 0 (unless b is NaN), whatever b is
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log(b) if b > 0.0 else (a * -math.inf if b == 0.0 else math.nan)


@jit
def xlog1py(a, b):
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log1p(b) if b > -1.0 else (a * -math.inf if b == -1.0 else math.nan)



@jit
def log1mexp(x):
    # log(1 - exp(-x)) for x >= 0, Maechler's switch at log 2: log1p(-exp(-x)) above it,
    # log(-expm1(-x)) below (each where it keeps its digits); -inf at 0, NaN below 0 and at NaN
    if x > 0.6931471805599453:
        return math.log1p(-math.exp(-x))
    if x > 0.0:
        return math.log(-math.expm1(-x))
    return -math.inf if x == 0.0 else math.nan

# ---- log-gamma and its derivatives: recurrence up to a large argument, then the asymptotic
# (Stirling) series; reflection for digamma below zero; a Taylor series around digamma's
# positive root, where the recurrence would cancel to nothing ---------------------------------
_B2K = np.array([1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510,
                 43867 / 798, -174611 / 330, 854513 / 138, -236364091 / 2730, 8553103 / 6,
                 -23749461029 / 870])                      # Bernoulli numbers B_2 .. B_28
_ROOT, _ROOT_LO = 1.4616321449683622, 9.549995429965697e-17  # digamma's positive root, hi + lo
_ROOT_TAYLOR = np.array([_sc.polygamma(k, _ROOT) / math.factorial(k) for k in range(1, 30)])


@jit
def gammaln(x):
    return math.lgamma(x)


@jit
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


@jit
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


@jit
def digamma_diff(a, b):
    """digamma(a) - digamma(a + b): where both arguments are >= 100, from the asymptotic
    series of the difference (log1p and differences of powers of 1/x, each without
    cancellation): the two digammas would cancel to |digamma(a)| * eps, which at a = 1e8 is
    more than the difference itself (the dispersion gradient of a negative binomial)."""
    c = a + b
    if a >= 100.0 and c >= 100.0:
        ia, ic = 1.0 / a, 1.0 / c
        dab = b * ia * ic                          # 1/a - 1/c without the subtraction
        d2 = dab * (ia + ic)
        return (-math.log1p(b / a) - 0.5 * dab - d2 / 12.0
                + d2 * (ia * ia + ic * ic) / 120.0
                - d2 * (ia ** 4 + ia * ia * ic * ic + ic ** 4) / 252.0)
    return digamma(a) - digamma(c)


@jit
def polygamma_diff(n, a, b):
    """polygamma(n, a) - polygamma(n, a + b) for the order n = 0, 1, 2, ... (a float): n = 0
    is ``digamma_diff``; above, where a, a + b >= 100 and b >= 0, from the asymptotic series of
    the difference, (-1)^(n+1) [(n-1)! D_n + n!/2 D_(n+1) + sum_k B_2k (2k+n-1)!/(2k)!
    D_(2k+n)] with D_m = a^-m - (a+b)^-m built up without subtraction (D_1 = b / (a (a+b)),
    D_m = D_(m-1) / a + D_1 / (a+b)^(m-1)); elsewhere the plain difference."""
    if n == 0.0:
        return digamma_diff(a, b)
    if n != n or n < 0.0 or n != math.floor(n) or a != a or b != b:
        return math.nan
    c = a + b
    if not (a >= 100.0 and c >= 100.0 and b >= 0.0 and c < math.inf and n <= 10.0):
        return polygamma(n, a) - polygamma(n, c)
    ia, ic = 1.0 / a, 1.0 / c
    k = int(n)
    d1 = b * ia * ic
    dm, icp = d1, 1.0                          # D_m and ic^(m-1), m = 1, 2, ...
    s = 0.0
    for m in range(1, k + 17):                 # the terms at m = k, k + 1 and k + 2j, j <= 8
        if m > 1:
            icp *= ic
            dm = dm * ia + d1 * icp
        if m == k:
            s += _FACT[k - 1] * dm
        elif m == k + 1:
            s += 0.5 * _FACT[k] * dm
        if m > k and (m - k) % 2 == 0:
            s += _PG_COEF[k, (m - k) // 2 - 1] * dm
    return s if k % 2 == 1 else -s


_PG_TOP = 12      # polygamma's fast path: whole orders 1..12 at x > 0
# B_2k (2k + n - 1)! / (2k)!, the asymptotic series' coefficients for each order n
_PG_COEF = np.array([[_B2K[k - 1] * math.exp(math.lgamma(2.0 * k + n) - math.lgamma(2.0 * k + 1.0))
                      for k in range(1, _B2K.shape[0] + 1)] for n in range(_PG_TOP + 1)])
_FACT = np.array([math.factorial(i) for i in range(_PG_TOP + 1)], dtype=np.float64)


@jit
def _polygamma_small(k, x):
    """polygamma(k, x) for a whole order 1 <= k <= _PG_TOP and 0 < x < inf: the general
    path's recurrence and series with the powers of 1/x by multiplication and the series'
    coefficients from a table (no pow, lgamma or exp per term)."""
    r = 0.0
    top = 20.0 + k
    while x < top:                                 # k! sum_j 1 / (x + j) ** (k + 1)
        inv = 1.0 / x
        p = inv
        for _ in range(k):
            p *= inv
        r += p
        x += 1.0
    r *= _FACT[k]
    inv = 1.0 / x
    inv2 = inv * inv
    xk = inv
    for _ in range(k - 1):
        xk *= inv                                  # x^-k
    s = _FACT[k - 1] * xk + 0.5 * _FACT[k] * xk * inv
    t = xk * inv2
    for j in range(_B2K.shape[0]):
        s += _PG_COEF[k, j] * t
        t *= inv2
    return s + r if k % 2 == 1 else -(s + r)


@jit
def polygamma(n, x):
    """The n-th derivative of digamma, n = 0, 1, 2, ... (given as a float)."""
    if n == 0.0:
        return digamma(x)
    if n != n or x != x or n < 0.0 or abs(n) == math.inf or n != math.floor(n):
        return math.nan
    if n <= _PG_TOP and 0.0 < x < math.inf:
        return _polygamma_small(int(n), x)
    if abs(x) == math.inf:
        return 0.0 if x > 0.0 else math.nan
    sign = 1.0 if n % 2.0 == 1.0 else -1.0         # (-1) ** (n + 1)
    if x <= 0.0 and x == math.floor(x):
        return sign * math.inf
    small = n < 150.0   # n! finite (it overflows from n ~ 170; x ** n from n ~ 154 on)
    lg = math.lgamma(n + 1.0)
    r = 0.0
    while x < 20.0 + n:                            # n! sum_k 1 / (x + k) ** (n + 1)
        r += x ** -(n + 1.0) if small else math.exp(lg - (n + 1.0) * math.log(x))
        x += 1.0
    if small:
        r *= math.gamma(n + 1.0)
    # the asymptotic series at x >= 20 + n: direct while its powers stay finite, in logs beyond
    lx = math.log(x)
    if small and (n + 2.0 * _B2K.shape[0]) * lx < 700.0:
        s = math.gamma(n) / x ** n + math.gamma(n + 1.0) / (2.0 * x ** (n + 1.0))
        for k in range(1, _B2K.shape[0] + 1):
            s += _B2K[k - 1] * math.exp(math.lgamma(2.0 * k + n) - math.lgamma(2.0 * k + 1.0)) \
                / x ** (2.0 * k + n)
    else:
        s = math.exp(math.lgamma(n) - n * lx) + 0.5 * math.exp(lg - (n + 1.0) * lx)
        for k in range(1, _B2K.shape[0] + 1):
            s += _B2K[k - 1] * math.exp(math.lgamma(2.0 * k + n) - math.lgamma(2.0 * k + 1.0)
                                        - (2.0 * k + n) * lx)
    return sign * (s + r)


@jit
def _upper_tail(x):
    """Phi(-x) for x > 0: beyond 2 as exp(-x^2/2) erfcx(x / sqrt 2) with the square taken
    exactly, since erfc(x / sqrt 2) carries the rounding of x / sqrt 2 times x^2 (1e-13 at 30)."""
    if x < 2.0:
        return 0.5 * math.erfc(x * SQRT1_2)
    if x > 40.0:               # Phi(-40) < 1e-349 underflows; the split below would overflow
        return 0.0             # at x > 1e300 / 2^27 (and inf - inf at x = inf)
    c = 134217729.0 * x
    xh = c - (c - x)
    xl = x - xh
    hi = x * x
    lo = ((xh * xh - hi) + 2.0 * xh * xl) + xl * xl
    return 0.5 * math.exp(-0.5 * hi) * (1.0 - 0.5 * lo) * erfcx(x * SQRT1_2)


@jit
def log_ndtr(x):
    """Log Phi(x), accurate in both tails: log1p(-Phi(-x)) on the right, log of erfc in the
    middle, and the asymptotic series of Phi's Mills ratio far left (below -20)."""
    if x > 0.0:
        return math.log1p(-_upper_tail(x))
    if x > -20.0:
        return math.log(0.5 * math.erfc(-x * SQRT1_2))
    z = 1.0 / (x * x)          # Phi(x) = phi(x) / -x * (1 - z + 3 z^2 - 15 z^3 + ...)
    s, t = 1.0, 1.0
    for k in range(1, 12):
        t *= -(2 * k - 1) * z
        s += t
    return -0.5 * x * x - math.log(-x) - 0.5 * math.log(2.0 * math.pi) + math.log(s)


# ---- ndtri: Wichura's AS241 (PPND16), rational approximations in three regions of the
# smaller tail probability, about 1e-16 relative; SciPy's values at 0, 1 and outside [0, 1] --
_NDTRI_A = np.array([3.3871328727963666080e0, 1.3314166789178437745e2, 1.9715909503065514427e3,
                     1.3731693765509461125e4, 4.5921953931549871457e4, 6.7265770927008700853e4,
                     3.3430575583588128105e4, 2.5090809287301226727e3])
_NDTRI_B = np.array([1.0, 4.2313330701600911252e1, 6.8718700749205790830e2,
                     5.3941960214247511077e3, 2.1213794301586595867e4, 3.9307895800092710610e4,
                     2.8729085735721942674e4, 5.2264952788528545610e3])
_NDTRI_C = np.array([1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
                     3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
                     2.27238449892691845833e-2, 7.74545014278341407640e-4])
_NDTRI_D = np.array([1.0, 2.05319162663775882187e0, 1.67638483018380384940e0,
                     6.89767334985100004550e-1, 1.48103976427480074590e-1,
                     1.51986665636164571966e-2, 5.47593808499534494600e-4,
                     1.05075007164441684324e-9])
_NDTRI_E = np.array([6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
                     2.96560571828504891230e-1, 2.65321895265761230930e-2,
                     1.24266094738807843860e-3, 2.71155556874348757815e-5,
                     2.01033439929228813265e-7])
_NDTRI_F = np.array([1.0, 5.99832206555887937690e-1, 1.36929880922735805310e-1,
                     1.48753612908506148525e-2, 7.86869131145613259100e-4,
                     1.84631831751005468180e-5, 1.42151175831644588870e-7,
                     2.04426310338993978564e-15])


@jit
def _ratio(num, den, r):
    """num(r) / den(r), both polynomials with coefficients in increasing powers."""
    p, q = 0.0, 0.0
    for k in range(num.shape[0] - 1, -1, -1):
        p = p * r + num[k]
        q = q * r + den[k]
    return p / q


@jit
def ndtri(p):
    """The inverse of ndtr.  AS241 works on q = p - 1/2 (exact) in the centre and on the
    smaller tail probability min(p, 1 - p) (exact for p >= 1/2) in the tails, so both tails
    keep full relative accuracy; there one Newton step on log Phi(x) = log p (log_ndtr is
    accurate in the lower tail) removes the rational approximation's last ulps."""
    if p != p or p < 0.0 or p > 1.0:
        return math.nan
    if p == 0.0:
        return -math.inf
    if p == 1.0:
        return math.inf
    q = p - 0.5
    if abs(q) <= 0.425:
        return q * _ratio(_NDTRI_A, _NDTRI_B, 0.180625 - q * q)
    t = p if q < 0.0 else 1.0 - p
    r = math.sqrt(-math.log(t))
    if r <= 5.0:
        x = -_ratio(_NDTRI_C, _NDTRI_D, r - 1.6)
    else:
        x = -_ratio(_NDTRI_E, _NDTRI_F, r - 5.0)
    # d log Phi / dx = phi / Phi = exp(log phi - log Phi): no underflow down to p = 5e-324
    g = log_ndtr(x)
    x -= (g - math.log(t)) / math.exp(-0.5 * x * x - 0.5 * math.log(2.0 * math.pi) - g)
    return x if q < 0.0 else -x


# ---- betaln: log |B(a, b)|.  With p = min(a, b), q = max(a, b) > 0 (R's lbeta, TOMS 708):
# * q < 8: gammaln(p) + gammaln(q) - gammaln(p + q) directly (terms below ~25, no harmful
#   cancellation);
# * p < 8 <= q: gammaln(q) - gammaln(p + q) by Stirling's formula, written as
#   p - p log(p + q) + (q - 1/2) log1p(-p / (p + q)) plus the difference of the Stirling
#   corrections; this contains the a >> b asymptotic expansion (gammaln(b) - b log a + ...)
#   without truncating it, so it holds for every ratio q / p;
# * 8 <= p: both by Stirling's formula, -log(q)/2 + log sqrt(2 pi) + (p - 1/2) log(p/(p+q))
#   + q log1p(-p/(p+q)) + corrections: the large, nearly cancelling (x - 1/2) log x terms
#   never appear.
# Non-positive arguments: the direct form (log |B|, as SciPy), NaN where it is inf - inf
# (SciPy takes the limit there); an infinite argument with a positive other gives -inf.
@jit
def _stirling_correction(x):
    """gammaln(x) - ((x - 1/2) log x - x + log sqrt(2 pi)), for x >= 8."""
    z = 1.0 / (x * x)
    s = 0.0
    for k in range(8, -1, -1):
        s = s * z + _B2K[k] / ((2.0 * k + 2.0) * (2.0 * k + 1.0))
    return s / x


@jit
def _lgamma_poles(x):
    """Lgamma with its poles (0, -1, -2, ...) at inf in Python as in Numba (Python's raises)."""
    return math.inf if x <= 0.0 and x == math.floor(x) else math.lgamma(x)


@jit
def betaln(a, b):
    p, q = min(a, b), max(a, b)
    if p != p or q != q:
        return math.nan
    if p > 0.0 and q == math.inf:
        return -math.inf
    if p <= 0.0 or q < 8.0:
        return _lgamma_poles(p) + _lgamma_poles(q) - _lgamma_poles(p + q)
    r = p / (p + q)
    corr = _stirling_correction(q) - _stirling_correction(p + q)
    if p < 8.0:
        return math.lgamma(p) + corr + p - p * math.log(p + q) + (q - 0.5) * math.log1p(-r)
    corr += _stirling_correction(p)
    return (-0.5 * math.log(q) + 0.5 * math.log(2.0 * math.pi) + corr
            + (p - 0.5) * math.log(r) + q * math.log1p(-r))


# SciPy's own C implementations, for the functions whose values numtape does not write itself
from numtape.kernels.cython_special import (beta, betainc, boxcox, erfcinv,  # noqa: E402,F401
                                            erfinv, gamma, gammainc, gammaincc, i0, i0e, i1,
                                            i1e, inv_boxcox, iv, ive, kv, kve,
                                            loggamma, zetac)
from numtape.kernels.incgamma import gammainc_d, gammainc_dx  # noqa: E402,F401
from numtape.kernels.incbeta import betainc_d, betainc_dx  # noqa: E402,F401
from numtape.kernels.zeta import riemann_zeta, zeta, zeta_d, zetac_d  # noqa: E402,F401
from numtape.kernels.tweedie import tweedie_logw  # noqa: E402,F401
