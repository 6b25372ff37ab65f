"""The Hurwitz zeta function zeta(x, q) = sum_k (k + q)^-x and its derivatives in x.

Values follow SciPy's (Cephes') algorithm: direct summation of the first terms until k + q > 9,
then the Euler-Maclaurin tail

    (q + N)^(1-x) / (x - 1) - (q + N)^-x / 2 + sum_j x (x+1) ... (x+2j-2) (q + N)^(-x-2j+1) / A_j

with A_j = (2j)! / B_2j (B the Bernoulli numbers), up to 12 terms; above q = 1e8 the two-term
asymptotic expansion.  The x-derivatives have no closed form in terms of zeta; they come from
the same sums carried as Taylor jets in x (kernels/incgamma.py's univariate jets): each term
(k + q)^-(x + t) is e^(-x L) (1, -L, L^2 / 2!, ...) with L = log(k + q), and the polynomial
factors of the tail are jets too.  The q-derivative is closed: d/dq zeta(x, q) = -x zeta(x+1, q).

``zeta_d(k, x, q)`` is d^k zeta / dx^k (k = 0 gives the value), on SciPy's domain: x > 1 and
q > 0 (x = 1 is a pole: inf; x < 1 NaN; q <= 0 as SciPy for the value and NaN for every
derivative, where the terms' logarithms are not real).  ``zetac_d(k, x)`` is d^k/dx^k of
Riemann's zeta(x) - 1 (``scipy.special.zetac``), on the whole line but the pole: k = 0 is SciPy's
value; below 0 the derivatives go through the reflection formula
zeta(x) = 2^x pi^(x-1) sin(pi x / 2) Gamma(1 - x) zeta(1 - x).  Orders above K = 6 give NaN.
"""
import math

import numpy as np

from numtape.kernels.cython_special import zetac as _c_zetac
from numtape.kernels.incgamma import _jet_exp, _jet_mul, _lgamma_jet
from numtape.kernels.jit import jit

K = 6
MACHEP = 1.11022302462515654042e-16
# (2j)! / B_2j, j = 1..12
A = np.array([12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1892437580.3183792,
              74724249600.0, -2950130727918.164, 116467828143500.67, -4597978722407473.0,
              1.8152105401943546e+17, -7.166165256175667e+18])


@jit
def _power_jet(x, z, n):
    """Jet in t of z^-(x + t), z > 0."""
    lz = math.log(z)
    r = np.zeros(n)
    r[0] = z ** -x
    for m in range(1, n):
        r[m] = r[m - 1] * -lz / m
    return r


@jit
def _recip_jet(v, n):
    """Jet in t of 1 / (v + t)."""
    r = np.zeros(n)
    r[0] = 1.0 / v
    for m in range(1, n):
        r[m] = -r[m - 1] / v
    return r


@jit
def _converged(term, total):
    for m in range(term.shape[0]):
        if abs(term[m]) > MACHEP * abs(total[m]):
            return False
    return True


@jit
def _hurwitz_jet(x, q, n, minimum):
    """Jet of zeta(x + t, q) for q > 0, x != 1 (the continuation below 1 included); the direct
    sum runs to at least ``minimum`` terms and k + q > 9."""
    if q > 1e8:   # zeta ~ (1 / (x - 1) + 1 / (2 q)) q^(1-x)
        lead = _recip_jet(x - 1.0, n)
        lead[0] += 0.5 / q
        return _jet_mul(lead, _power_jet(x - 1.0, q, n))
    s = _power_jet(x, q, n)
    a = q
    i = 0
    b = s
    while i < minimum or a <= 9.0:
        i += 1
        a += 1.0
        b = _power_jet(x, a, n)
        s = s + b
        if i >= minimum and a > 9.0 and _converged(b, s):
            return s
    w = a
    s = s + _jet_mul(b, _recip_jet(x - 1.0, n)) * w - 0.5 * b
    poly = np.zeros(n)   # x (x+1) ... as a jet
    poly[0] = 1.0
    kk = 0.0
    for j in range(12):
        lin = np.zeros(n)
        lin[0] = x + kk
        if n > 1:
            lin[1] = 1.0
        poly = _jet_mul(poly, lin)
        b = b / w
        t = _jet_mul(poly, b) / A[j]
        s = s + t
        if _converged(t, s):
            break
        kk += 1.0
        lin[0] = x + kk
        poly = _jet_mul(poly, lin)
        b = b / w
        kk += 1.0
    return s


@jit
def _order(k):
    if k != k or k < 0.0 or k > K or k != math.floor(k):
        return -1
    return int(k)


@jit
def _hurwitz_value(x, q):
    """SciPy's zeta(x, q), its domain conventions included."""
    if x == 1.0:
        return math.inf
    if x < 1.0:
        return math.nan
    if q <= 0.0:
        if q == math.floor(q):
            return math.inf
        if x != math.floor(x):
            return math.nan
        # a negative q with an integer x: the sum of SciPy's algorithm, term by term
        s = q ** -x
        a = q
        i = 0
        b = 0.0
        while i < 9 or a <= 9.0:
            i += 1
            a += 1.0
            b = a ** -x
            s += b
            if abs(b / s) < MACHEP:
                return s
        w = a
        s += b * w / (x - 1.0) - 0.5 * b
        p = 1.0
        kk = 0.0
        for j in range(12):
            p *= x + kk
            b /= w
            t = p * b / A[j]
            s += t
            if abs(t / s) < MACHEP:
                break
            kk += 1.0
            p *= x + kk
            b /= w
            kk += 1.0
        return s
    return _hurwitz_jet(x, q, 1, 9)[0]


@jit
def zeta(x, q):
    """SciPy's Hurwitz zeta(x, q)."""
    if x != x or q != q:
        return math.nan
    return _hurwitz_value(x, q)


@jit
def zeta_d(k, x, q):
    """d^k zeta(x, q) / dx^k (k = 0, 1, ... up to K, a float)."""
    kk = _order(k)
    if kk < 0 or x != x or q != q:
        return math.nan
    if kk == 0:
        return _hurwitz_value(x, q)
    if x == 1.0:
        return math.inf if kk % 2 == 0 else -math.inf
    if x < 1.0 or q == math.floor(q) and q <= 0.0:
        return math.nan
    if x == math.inf:
        return 0.0
    if q < 0.0:   # the terms (n + q)^-x with n + q < 0 split off: real at integer x only,
        if x != math.floor(x):   # with (-log(n + q))^k complex (log|t| + i pi); mpmath's
            return math.nan      # value is its real part
        m = int(math.ceil(-q))
        head = 0.0
        for n in range(m):
            t = n + q
            lg = complex(-math.log(-t), -math.pi) ** kk
            head += lg.real * (-t) ** (-x) * (1.0 if x % 2.0 == 0.0 else -1.0)
        return head + _hurwitz_jet(x, q + m, kk + 1, 9)[kk] * math.gamma(kk + 1.0)
    return _hurwitz_jet(x, q, kk + 1, 9)[kk] * math.gamma(kk + 1.0)


@jit
def _riemann_jet(x, n):
    """Jet of Riemann's zeta(x + t), x != 1."""
    if x >= 0.0:
        return _hurwitz_jet(x, 1.0, n, 9)
    # reflection: 2^s pi^(s-1) sin(pi s / 2) Gamma(1 - s) zeta(1 - s), s = x + t
    h = _lgamma_jet(1.0 - x, n)
    for m in range(1, n, 2):   # lgamma(1 - x - t): odd coefficients change sign
        h[m] = -h[m]
    h[0] += x * math.log(2.0) + (x - 1.0) * math.log(math.pi)
    if n > 1:
        h[1] += math.log(2.0) + math.log(math.pi)
    sine = np.zeros(n)
    c = 1.0
    r = np.fmod(x, 4.0)   # exact: sin(pi x / 2) is 0 at the even integers (trivial zeros)
    for m in range(n):      # sin(pi s / 2): (pi/2)^m / m! sin(pi x / 2 + m pi / 2)
        v = np.fmod(r + m, 4.0)
        sine[m] = c * (0.0 if v == 0.0 or v == 2.0 or v == -2.0 else
                       math.sin(0.5 * math.pi * v))
        c *= 0.5 * math.pi / (m + 1)
    z = _hurwitz_jet(1.0 - x, 1.0, n, 9)
    for m in range(1, n, 2):
        z[m] = -z[m]
    return _jet_mul(_jet_mul(_jet_exp(h), sine), z)


@jit
def riemann_zeta(x):
    """Riemann's zeta(x) (SciPy's ``zeta(x)``): 1 + zetac above 0, the reflection below."""
    if x != x:
        return math.nan
    if x >= 0.0 or x == -math.inf:
        return 1.0 + _c_zetac(x)
    return _riemann_jet(x, 1)[0]


@jit
def zetac_d(k, x):
    """d^k (zeta(x) - 1) / dx^k of Riemann's zeta (k = 0: SciPy's zetac)."""
    kk = _order(k)
    if kk < 0 or x != x:
        return math.nan
    if kk == 0:
        return _c_zetac(x)
    if x == 1.0:
        return math.inf if kk % 2 == 0 else -math.inf
    if x == math.inf:
        return 0.0
    if x == -math.inf:
        return math.nan
    return _riemann_jet(x, kk + 1)[kk] * math.gamma(kk + 1.0)
