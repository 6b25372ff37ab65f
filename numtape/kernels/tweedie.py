"""The series of the Tweedie density and its derivatives (Dunn and Smyth 2005).

For 1 < p < 2 the Tweedie density with mean mu and dispersion phi is, at y > 0,

    log f(y) = -log y + log W + (y mu^(1-p) / (1-p) - mu^(2-p) / (2-p)) / phi,
    W = sum_{j >= 1} exp(a_j),  a_j = j Z - lgamma(j + 1) - lgamma(j g),

with g = (2 - p) / (p - 1) and Z = s / (p - 1) - g log(p - 1) - log(2 - p), where
s = (2 - p) log y - log phi: y and phi enter W only through s.  The kernel takes (s, p), so the
op has two active operands and the chain rule through s is the tape's.

a_j is concave in j, so the terms rise to one peak (near j = e^s / (2 - p)) and fall on both
sides; the sum starts at the peak and walks out both ways until a term is 2^-72 of the peak
(50 nats: the derivatives' weights, polynomial in j, do not bring a dropped term back).

Derivatives up to order 2 (what a fit's gradients and Hessians use) are moments of the terms'
derivatives under the weights w_j = exp(a_j) / W, in one pass (``_second_order``); higher ones
with bivariate Taylor jets (numtape/kernels/incbeta.py's arithmetic): each a_j becomes a jet in
(s + sigma, p + tau), log W the log of the sum of their exponentials.  The two agree to 1e-13
(tests/test_tweedie.py); the moments need no jet arithmetic per term.

The orders travel in one number, ``code = j + 8 k`` for d^(j+k) log W / ds^j dp^k (code 0 is
log W itself), orders up to 6 in each variable; anything else gives NaN, as do p outside
(1, 2) and s that is not finite.
"""
import math

import numpy as np

from numtape.kernels.incbeta import _exp, _mul, _orders
from numtape.kernels.jit import jit
from numtape.kernels.special import _B2K, digamma, polygamma

_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)

CUTOFF = 50.0        # nats below the peak where the walk stops
MAX_TERMS = 10_000_000


@jit
def _lgamma(x):
    """The log-gamma function at x > 0 in plain arithmetic and log: the same bits in the kernel
    and its Python twin (math.lgamma is libm's in one, CPython's own in the other, a few ulps
    apart, and log W's derivatives amplify the terms' roundoff by up to 1e4).  Below 10 the
    recurrence up to 10, then Stirling's series (error below 1e-17 relative from 10 on)."""
    shift = 1.0
    while x < 10.0:
        shift *= x
        x += 1.0
    z = 1.0 / (x * x)
    s = 0.0
    for k in range(7, -1, -1):     # sum B_2k / (2k (2k - 1) x^(2k - 1))
        s = s * z + _B2K[k] / ((2.0 * k + 2.0) * (2.0 * k + 1.0))
    return (x - 0.5) * math.log(x) - x + _HALF_LOG_2PI + s / x - math.log(shift)


# lgamma(j + 1) = log j! of the terms' first j, by _lgamma itself (the same bits as computing
# it per term: the table only spares the work)
_LOG_FACT = np.array([getattr(_lgamma, "py_func", _lgamma)(j + 1.0) for j in range(1024)])


@jit
def _setup(s, p):
    """(p - 1, 2 - p, g, Z) of the module docstring."""
    pm1, tmp = p - 1.0, 2.0 - p
    g = tmp / pm1
    return pm1, tmp, g, s / pm1 - g * math.log(pm1) - math.log(tmp)


@jit
def _term(j, z, g):
    log_fact = _LOG_FACT[int(j)] if j < _LOG_FACT.size else _lgamma(j + 1.0)
    return j * z - log_fact - _lgamma(j * g)


@jit
def _range(z, g, s, p):
    """(first j, last j, peak log-term, peak j, sum of w_j, sum of j w_j) over the terms
    within CUTOFF of the peak (and the first beyond it on each side), w_j = exp(a_j - peak),
    each term computed once and summed as the walk from the peak meets it; (0, -1, nan, 0,
    nan, nan) when the walk would exceed MAX_TERMS."""
    start = math.exp(min(s, 700.0)) / (2.0 - p)
    if start > 1e15:
        return 0, -1, math.nan, 0.0, math.nan, math.nan
    j = max(1.0, math.floor(start))
    t = _term(j, z, g)
    while j > 1.0:                              # to the exact peak (concave in j)
        below = _term(j - 1.0, z, g)
        if not below > t:
            break
        j -= 1.0
        t = below
    while True:
        above = _term(j + 1.0, z, g)
        if not above > t:
            break
        j += 1.0
        t = above
    total, first = 1.0, j
    hi = j
    while True:                                 # up to the first term CUTOFF below
        hi += 1.0
        a = _term(hi, z, g)
        w = math.exp(a - t)
        total += w
        first += hi * w
        if a < t - CUTOFF or hi - j > MAX_TERMS:
            break
    lo = j
    while lo > 1.0:                             # down likewise, or to j = 1
        lo -= 1.0
        a = _term(lo, z, g)
        w = math.exp(a - t)
        total += w
        first += lo * w
        if a < t - CUTOFF or j - lo > MAX_TERMS:
            break
    if hi - lo > MAX_TERMS:
        return 0, -1, math.nan, 0.0, math.nan, math.nan
    return int(lo), int(hi), t, j, total, first


@jit
def _lgamma_of(h, m):
    """The column jet of lgamma(h(tau)), h a column jet with h[0] > 0 (Faa di Bruno through
    the powers of h - h[0])."""
    out = np.zeros(m)
    out[0] = _lgamma(h[0])
    d = np.zeros(m)
    for t in range(1, m):
        d[t] = h[t]
    power = d.copy()
    fact = 1.0
    for n in range(1, m):
        fact *= n
        c = polygamma(float(n - 1), h[0]) / fact
        for t in range(m):
            out[t] += c * power[t]
        nxt = np.zeros(m)                      # power * d, truncated
        for a in range(m):
            if power[a] != 0.0:
                for b in range(1, m - a):
                    nxt[a + b] += power[a] * d[b]
        power = nxt
    return out


@jit
def _second_order(jj, kk, s, p):
    """Orders up to 2 in (s, p) without jets: log W's derivatives are the weighted mean of the
    terms' derivatives plus their covariance (L_x = E[a_x], L_xy = E[a_xy] + Cov(a_x, a_y),
    weights w_j = exp(a_j - top)), each term's derivative taken relative to the peak term's so
    the moments do not cancel."""
    pm1, tmp, g, z = _setup(s, p)
    lo, hi, top, peak, _, _ = _range(z, g, s, p)
    if hi < lo:
        return math.nan
    r0 = 1.0 / pm1
    r1 = -r0 * r0                       # g' = r'
    r2 = -2.0 * r1 * r0                 # g'' = r''
    l1, l1p, l1pp = math.log(pm1), r0, r1
    l2p, l2pp = -1.0 / tmp, -1.0 / (tmp * tmp)
    zp = s * r1 - (g * l1p + r1 * l1) - l2p
    zpp = s * r2 - (r2 * l1 + 2.0 * r1 * l1p + g * l1pp) - l2pp
    # the peak term's derivatives (added back at the end)
    hp = peak * g
    dpk = digamma(hp)
    ps_peak = peak * r0
    pp_peak = peak * zp - peak * r1 * dpk
    total = 0.0
    m_s = m_p = m_ss = m_sp = m_pp = m_app = m_asp = 0.0
    for j in range(lo, hi + 1):
        fj = float(j)
        w = math.exp(_term(fj, z, g) - top)
        dj = fj - peak
        xs = dj * r0                                     # a_s - peak's
        h = fj * g
        dg = digamma(h)
        xp = dj * zp - r1 * (fj * dg - peak * dpk)       # a_p - peak's
        total += w
        m_s += w * xs
        m_p += w * xp
        m_ss += w * xs * xs
        m_sp += w * xs * xp
        m_pp += w * xp * xp
        if jj + kk == 2:
            m_asp += w * fj * r1                          # a_sp = j d/dp 1/(p-1)
            m_app += w * (fj * zpp - (fj * r2 * dg + fj * fj * r1 * r1 * polygamma(1.0, h)))
    m_s /= total
    m_p /= total
    if jj == 1 and kk == 0:
        return m_s + ps_peak
    if jj == 0 and kk == 1:
        return m_p + pp_peak
    if jj == 2:
        return m_ss / total - m_s * m_s
    if jj == 1 and kk == 1:
        return m_asp / total + m_sp / total - m_s * m_p
    return m_app / total + m_pp / total - m_p * m_p


@jit
def tweedie_logw(code, s, p):
    """d^(j+k) log W / ds^j dp^k at (s, p) for code = j + 8 k (module docstring)."""
    jj, kk = _orders(code)
    if jj < 0 or not (p > 1.0) or not (p < 2.0) or s != s or abs(s) == math.inf:
        return math.nan
    if jj + kk > 2:
        return _by_jets(jj, kk, s, p)
    if jj + kk == 2 or kk == 1:
        return _second_order(jj, kk, s, p)
    pm1, tmp, g, z = _setup(s, p)             # log W and d/ds = E[j] / (p - 1)
    lo, hi, top, _, total, first = _range(z, g, s, p)
    if hi < lo:
        return math.nan
    if jj == 0:
        return top + math.log(total)
    return first / total / pm1


@jit
def _by_jets(jj, kk, s, p):
    """d^(jj+kk) log W / ds^jj dp^kk (jj + kk >= 1) by bivariate jets (module docstring)."""
    pm1, tmp, g, z = _setup(s, p)
    lo, hi, top, peak, _, _ = _range(z, g, s, p)
    if hi < lo:
        return math.nan
    n, m = jj + 1, kk + 1
    # column jets in tau of r = 1/(p-1+tau), g = r - 1, log(p-1+tau), log(2-p-tau)
    r = np.zeros(m)
    l1 = np.zeros(m)
    l2 = np.zeros(m)
    r[0], l1[0], l2[0] = 1.0 / pm1, math.log(pm1), math.log(tmp)
    for t in range(1, m):
        r[t] = -r[t - 1] / pm1
        l1[t] = (-1.0) ** (t + 1) / (t * pm1 ** t)
        l2[t] = -1.0 / (t * tmp ** t)
    gj = r.copy()
    gj[0] -= 1.0
    zj = np.zeros((n, m))                      # Z = (s + sigma) r - g log(p-1) - log(2-p)
    for t in range(m):
        acc = s * r[t] - l2[t]
        for a in range(t + 1):
            acc -= gj[a] * l1[t - a]
        zj[0, t] = acc
        if n > 1:
            zj[1, t] = r[t]
    # log W = K + log sum exp(A_j - K) with K the peak term's jet: the jets summed are
    # differences from the peak, small near it, so the moments they build do not cancel (the
    # raw jets' third derivatives lose 1e-10 relative at a peak j of 300)
    h = np.zeros(m)
    for t in range(m):
        h[t] = peak * gj[t]
    lg_peak = _lgamma_of(h, m)
    total = np.zeros((n, m))
    for j in range(lo, hi + 1):
        fj = float(j)
        for t in range(m):
            h[t] = fj * gj[t]
        lg = _lgamma_of(h, m)
        a = (fj - peak) * zj
        a[0, 0] = _term(fj, z, g) - top
        for t in range(1, m):
            a[0, t] -= lg[t] - lg_peak[t]
        total += _exp(a)
    # log of the sum: log total00 + log(1 + U), U nilpotent of degree jj + kk
    u = total / total[0, 0]
    u[0, 0] = 0.0
    logs = np.zeros((n, m))
    power = u.copy()
    for q in range(1, jj + kk + 1):
        logs += ((-1.0) ** (q + 1) / q) * power
        power = _mul(power, u)
    k_peak = 0.0                                # the peak term's own coefficient
    if jj == 0:
        k_peak = peak * zj[0, kk] - lg_peak[kk]
    elif jj == 1:
        k_peak = peak * zj[1, kk]
    return (logs[jj, kk] + k_peak) * math.gamma(jj + 1.0) * math.gamma(kk + 1.0)
