"""Derivatives of the regularized incomplete beta function I_x(a, b) in its shapes a and b.

Like those of the incomplete gamma (kernels/incgamma.py) they have no closed form, and they are
computed the same way: every quantity of the classical evaluation becomes a truncated Taylor
series, here in two variables ("bivariate jets": coefficients c[p, q] of s^p t^q for a + s,
b + t, kept for p <= j and q <= k, a set closed under products).  The evaluation is

    I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) / (1 + d1 / (1 + d2 / (1 + ...)))

with the partial numerators d_2m = m (b - m) x / ((a + 2m - 1)(a + 2m)) and
d_2m+1 = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)), rational in a and b, by the modified
Lentz method, for x < (a + 1) / (a + b + 2); otherwise through I_x(a, b) = 1 - I_1-x(b, a), so
the fraction always converges fast and the derivatives never lose digits to 1 - (...).

The orders travel in one number, ``code = j + 8 k`` (the op table's operands are floats):
``betainc_d(code, a, b, x)`` is d^(j+k) I / da^j db^k (code 0 gives SciPy's I itself) and
``betainc_dx(code, a, b, x)`` the same derivative of the density dI/dx =
x^(a-1) (1 - x)^(b-1) / B(a, b).  Orders above K = 6 in either shape give NaN.
"""
import math

import numpy as np

from numtape.kernels.cython_special import betainc as _c_betainc
from numtape.kernels.jit import jit
from numtape.kernels.special import betaln, polygamma

K = 6          # highest order in each shape
STRIDE = 8     # code = j + STRIDE * k


@jit
def _mul(p, q):
    """Product of two bivariate jets of the same shape."""
    n, m = p.shape
    r = np.zeros((n, m))
    for i1 in range(n):
        for j1 in range(m):
            v = p[i1, j1]
            if v == 0.0:
                continue
            for i2 in range(n - i1):
                for j2 in range(m - j1):
                    r[i1 + i2, j1 + j2] += v * q[i2, j2]
    return r


@jit
def _inv(p):
    """1 / p, coefficient by coefficient in the order of the total degree."""
    n, m = p.shape
    r = np.zeros((n, m))
    r[0, 0] = 1.0 / p[0, 0]
    for i in range(n):
        for j in range(m):
            if i == 0 and j == 0:
                continue
            s = 0.0
            for i1 in range(i + 1):
                for j1 in range(j + 1):
                    if i1 or j1:
                        s += p[i1, j1] * r[i - i1, j - j1]
            r[i, j] = -s / p[0, 0]
    return r


@jit
def _exp(h):
    """exp(h): e_s = h_s e along s (rows), and the univariate recurrence along t in row 0."""
    n, m = h.shape
    e = np.zeros((n, m))
    e[0, 0] = math.exp(h[0, 0])
    for j in range(1, m):
        s = 0.0
        for j1 in range(1, j + 1):
            s += j1 * h[0, j1] * e[0, j - j1]
        e[0, j] = s / j
    for i in range(1, n):
        for j in range(m):
            s = 0.0
            for i1 in range(1, i + 1):
                for j1 in range(j + 1):
                    s += i1 * h[i1, j1] * e[i - i1, j - j1]
            e[i, j] = s / i
    return e


@jit
def _log_beta(a, b, n, m):
    """Jet of log B(a + s, b + t) = lgamma(a + s) + lgamma(b + t) - lgamma(a + b + s + t)."""
    h = np.zeros((n, m))
    h[0, 0] = betaln(a, b)
    for i in range(n):
        for j in range(m):
            d = i + j
            if d == 0:
                continue
            c = -polygamma(float(d - 1), a + b) / (math.gamma(i + 1.0) * math.gamma(j + 1.0))
            if j == 0:
                c += polygamma(float(d - 1), a) / math.gamma(i + 1.0)
            if i == 0:
                c += polygamma(float(d - 1), b) / math.gamma(j + 1.0)
            h[i, j] = c
    return h


@jit
def _linear(v0, ds, dt, n, m):
    """The jet of v0 + ds s + dt t."""
    r = np.zeros((n, m))
    r[0, 0] = v0
    if n > 1:
        r[1, 0] = ds
    if m > 1:
        r[0, 1] = dt
    return r


@jit
def _fraction(a, b, x, lx, l1x, n, m):
    """Jet of I_x(a, b) by the continued fraction (x below the switch point); lx = log x and
    l1x = log(1 - x), passed in so the mirrored call keeps them to full precision."""
    tiny = 1e-300
    # prefactor x^a (1 - x)^b / (a B(a, b)) = exp(a lx + b l1x - log a - log B)
    h = -_log_beta(a, b, n, m)
    h[0, 0] += a * lx + b * l1x - math.log(a)
    if n > 1:
        h[1, 0] += lx
    if m > 1:
        h[0, 1] += l1x
    p = 1.0 / a
    sign = 1.0
    for i in range(1, n):       # -log(a + s) = -log a - s / a + s^2 / (2 a^2) - ...
        h[i, 0] -= sign * p / i
        p /= a
        sign = -sign
    pre = _exp(h)
    c = np.zeros((n, m))
    c[0, 0] = 1.0
    # d = 1 / (1 - (a + b) x / (a + 1))
    d = _mul(_linear(a + b, 1.0, 1.0, n, m), _inv(_linear(a + 1.0, 1.0, 0.0, n, m)))
    d = _linear(1.0, 0.0, 0.0, n, m) - x * d
    if abs(d[0, 0]) < tiny:
        d[0, 0] = tiny
    d = _inv(d)
    f = d.copy()
    one = _linear(1.0, 0.0, 0.0, n, m)
    for it in range(1, 200000):
        mm = float(it)
        for half in range(2):
            if half == 0:   # m (b - m) x / ((a + 2m - 1)(a + 2m))
                num = _linear(mm * (b - mm) * x, 0.0, mm * x, n, m)
                den = _mul(_linear(a + 2.0 * mm - 1.0, 1.0, 0.0, n, m),
                           _linear(a + 2.0 * mm, 1.0, 0.0, n, m))
            else:           # -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
                num = -x * _mul(_linear(a + mm, 1.0, 0.0, n, m),
                                _linear(a + b + mm, 1.0, 1.0, n, m))
                den = _mul(_linear(a + 2.0 * mm, 1.0, 0.0, n, m),
                           _linear(a + 2.0 * mm + 1.0, 1.0, 0.0, n, m))
            aa = _mul(num, _inv(den))
            d = one + _mul(aa, d)
            if abs(d[0, 0]) < tiny:
                d[0, 0] = tiny
            c = one + _mul(aa, _inv(c))
            if abs(c[0, 0]) < tiny:
                c[0, 0] = tiny
            d = _inv(d)
            delta = _mul(d, c)
            f = _mul(f, delta)
        done = abs(delta[0, 0] - 1.0) < 1e-16
        scale = abs(f[0, 0]) + 1e-300
        for i in range(n):
            for j in range(m):
                if (i or j) and abs(delta[i, j]) > 1e-16 * (1.0 + abs(f[i, j]) / scale):
                    done = False
        if done:
            break
    return _mul(pre, f)


@jit
def _orders(code):
    """(j, k) from code = j + 8 k, or (-1, -1) when the code is not a valid order pair."""
    if code != code or code < 0.0 or code != math.floor(code) or code >= STRIDE * (K + 1):
        return -1, -1
    c = int(code)
    j, k = c % STRIDE, c // STRIDE
    if j > K:
        return -1, -1
    return j, k


@jit
def betainc_d(code, a, b, x):
    """d^(j+k) I_x(a, b) / da^j db^k for code = j + 8 k (floats 0, 1, 2, ...; j, k <= K)."""
    j, k = _orders(code)
    if j < 0 or a != a or b != b or x != x:
        return math.nan
    if not (a > 0.0) or not (b > 0.0) or x < 0.0 or x > 1.0:
        return math.nan
    if j == 0 and k == 0:
        return _c_betainc(a, b, x)
    if x == 0.0 or x == 1.0 or a == math.inf or b == math.inf:
        return 0.0
    scale = math.gamma(j + 1.0) * math.gamma(k + 1.0)
    if x * (a + b + 2.0) < a + 1.0:
        jet = _fraction(a, b, x, math.log(x), math.log1p(-x), j + 1, k + 1)
        return jet[j, k] * scale
    # mirrored: I_x(a, b) = 1 - I_y(b, a) with y = 1 - x, the shapes' roles swapped
    jet = _fraction(b, a, 1.0 - x, math.log1p(-x), math.log(x), k + 1, j + 1)
    return -jet[k, j] * scale


@jit
def betainc_dx(code, a, b, x):
    """d^(j+k) / da^j db^k of the density x^(a-1) (1 - x)^(b-1) / B(a, b), code = j + 8 k."""
    j, k = _orders(code)
    if j < 0 or a != a or b != b or x != x:
        return math.nan
    if not (a > 0.0) or not (b > 0.0) or x < 0.0 or x > 1.0:
        return math.nan
    if x == 0.0 or x == 1.0:
        # the power at the end point: 0 (every order) where its exponent is positive; the
        # exponent 0 (a = 1 at x = 0) leaves (1 - x)^(b-1) / B(1, b) = b, whose b-derivatives
        # are b, 1, 0, ...; a negative exponent is infinite
        e, other, jo, ko = (a, b, j, k) if x == 0.0 else (b, a, k, j)
        if e > 1.0:
            return 0.0
        if e == 1.0 and jo == 0:
            return other if ko == 0 else (1.0 if ko == 1 else 0.0)
        return math.inf if e < 1.0 and jo == 0 and ko == 0 else math.nan
    n, m = j + 1, k + 1
    lx, l1x = math.log(x), math.log1p(-x)
    h = -_log_beta(a, b, n, m)
    h[0, 0] += (a - 1.0) * lx + (b - 1.0) * l1x
    if n > 1:
        h[1, 0] += lx
    if m > 1:
        h[0, 1] += l1x
    return _exp(h)[j, k] * math.gamma(j + 1.0) * math.gamma(k + 1.0)
