"""Derivatives of the regularized lower incomplete gamma function P(a, x) in its shape a.

They have no closed form.  Both are computed as truncated Taylor series in a ("jets": the
first K + 1 coefficients), carried through the two classical evaluations of P:

* x < a + 1: the series P = sum_n exp(h_n(a)), h_n = a log x - x - log G(a + n + 1), each term
  the exponential of a jet whose coefficients are log x - psi(a + n + 1) and the polygammas
  -psi_m(a + n + 1) / (m + 1)!, which a recurrence steps from n to n + 1;
* otherwise: Q = 1 - P = exp(a log x - x - log G(a)) times the continued fraction of Legendre,
  evaluated by the modified Lentz method with every quantity a jet (its partial numerators
  -i (i - a) and denominators x + 1 - a + 2i are linear in a).

``gammainc_d(k, a, x)`` is d^k P / da^k (k = 0 gives SciPy's P itself).
``gammainc_dx(k, a, x)`` is d^k / da^k of dP/dx = exp((a - 1) log x - x - log G(a)), from the
jet of that exponent.  Orders above K = 6 give NaN.
"""
import math

import numpy as np

from numtape.kernels.cython_special import gammainc as _c_gammainc
from numtape.kernels.jit import jit
from numtape.kernels.special import polygamma

K = 6            # highest order
_N = K + 1       # jet length


@jit
def _jet_exp(h):
    """Taylor coefficients of exp(h(a0 + t)) from those of h (h[0] the value)."""
    n = h.shape[0]
    e = np.zeros(n)
    e[0] = math.exp(h[0])
    for m in range(1, n):
        s = 0.0
        for j in range(1, m + 1):
            s += j * h[j] * e[m - j]
        e[m] = s / m
    return e


@jit
def _jet_mul(p, q):
    n = p.shape[0]
    r = np.zeros(n)
    for i in range(n):
        for j in range(n - i):
            r[i + j] += p[i] * q[j]
    return r


@jit
def _jet_inv(p):
    n = p.shape[0]
    r = np.zeros(n)
    r[0] = 1.0 / p[0]
    for m in range(1, n):
        s = 0.0
        for j in range(1, m + 1):
            s += p[j] * r[m - j]
        r[m] = -s / p[0]
    return r


@jit
def _lgamma_jet(z, n):
    """Taylor coefficients of log G(z + t): lgamma, psi, psi_1 / 2!, ..."""
    g = np.zeros(n)
    g[0] = math.lgamma(z)
    for m in range(1, n):
        g[m] = polygamma(float(m - 1), z) / math.gamma(m + 1.0)
    return g


@jit
def _series(a, x, n):
    """Jet of P by the series (x < a + 1)."""
    lx = math.log(x)
    h = -_lgamma_jet(a + 1.0, n)          # -log G(a + 1 + t)
    h[0] += a * lx - x
    h[1] += lx
    total = np.zeros(n)
    z = a + 1.0
    for it in range(100000):
        term = _jet_exp(h)
        total += term
        if abs(term[0]) <= 1e-17 * abs(total[0]) and it > 0:
            done = True
            for m in range(1, n):
                if abs(term[m]) > 1e-17 * (abs(total[m]) + 1e-300):
                    done = False
            if done:
                break
        # h_{n+1} = h_n + log x - log(z + t): the jet of -log(z + t) is -log z, -1/z, 1/(2 z^2)..
        h[0] += lx - math.log(z)
        p = 1.0 / z
        sign = -1.0
        for m in range(1, n):
            h[m] += sign * p / m
            p /= z
            sign = -sign
        z += 1.0
    return total


@jit
def _fraction(a, x, n):
    """Jet of Q by Legendre's continued fraction (x >= a + 1), modified Lentz."""
    tiny = 1e-300
    b = np.zeros(n)
    b[0] = x + 1.0 - a
    if n > 1:
        b[1] = -1.0
    c = np.zeros(n)
    c[0] = 1.0 / tiny
    d = _jet_inv(b)
    f = d.copy()
    for i in range(1, 100000):
        an = np.zeros(n)
        an[0] = -i * (i - a)
        if n > 1:
            an[1] = i
        b[0] += 2.0
        d = _jet_mul(an, d)
        d += b
        if abs(d[0]) < tiny:
            d[0] = tiny
        c = b + _jet_mul(an, _jet_inv(c))
        if abs(c[0]) < tiny:
            c[0] = tiny
        d = _jet_inv(d)
        delta = _jet_mul(c, d)
        f = _jet_mul(f, delta)
        done = abs(delta[0] - 1.0) < 1e-16
        for m in range(1, n):
            if abs(delta[m]) > 1e-16 * (1.0 + abs(f[m] / (abs(f[0]) + 1e-300))):
                done = False
        if done:
            break
    pre = -_lgamma_jet(a, n)
    pre[0] += a * math.log(x) - x
    pre[1] += math.log(x)
    return _jet_mul(_jet_exp(pre), f)


@jit
def gammainc_d(k, a, x):
    """d^k P(a, x) / da^k for the order k (a float: 0, 1, 2, ... up to K)."""
    if k != k or a != a or x != x or k < 0.0 or k > K or k != math.floor(k):
        return math.nan
    if not (a > 0.0) or x < 0.0:
        return math.nan
    kk = int(k)
    if kk == 0:
        return _c_gammainc(a, x)
    if x == 0.0:
        return 0.0
    if x == math.inf:
        return 0.0
    n = kk + 1
    if x < a + 1.0:
        jet = _series(a, x, n)
        return jet[kk] * math.gamma(kk + 1.0)
    jet = _fraction(a, x, n)
    return -jet[kk] * math.gamma(kk + 1.0)


@jit
def gammainc_dx(k, a, x):
    """d^k / da^k of dP/dx = x^(a-1) e^-x / G(a)."""
    if k != k or a != a or x != x or k < 0.0 or k > K or k != math.floor(k):
        return math.nan
    if not (a > 0.0) or x < 0.0:
        return math.nan
    if x == 0.0:   # x^(a-1) at 0: 0 for a > 1 (every order), 1 / G(1) = 1 for a = 1;
        if a > 1.0:  # else the limit x -> 0: x^(a-1) (log x)^k / G(a) -> (-1)^k inf
            return 0.0
        if a == 1.0 and k == 0.0:
            return 1.0
        return math.inf if int(k) % 2 == 0 else -math.inf
    kk = int(k)
    n = kk + 1
    h = -_lgamma_jet(a, n)
    lx = math.log(x)
    h[0] += (a - 1.0) * lx - x
    if n > 1:
        h[1] += lx
    return _jet_exp(h)[kk] * math.gamma(kk + 1.0)
