"""``scipy.special``'s Python-level functions on traced values (the ufuncs such as gammaln
need no drop-in: NumPy's ufunc protocol already routes them)."""
import math

import numpy as np
import scipy.special as _sc

from numtape.tape.tape import is_traced


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """log(sum(b * exp(a))) along ``axis``, the maximum factored out (SciPy's signature).
    With ``return_sign`` returns (log|s|, sign(s)); the sign has derivative zero."""
    if not (is_traced(a) or is_traced(b)):
        return _sc.logsumexp(a, axis=axis, b=b, keepdims=keepdims, return_sign=return_sign)
    if b is not None:   # a zero weight removes its term, whatever a holds there (SciPy)
        a = np.where(b != 0, a, -np.inf)
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where((m - m) == 0.0, m, 0.0)   # an infinite maximum is not subtracted
    e = np.exp(a - m)
    s = np.sum(e if b is None else np.where(b != 0, b * e, 0.0), axis=axis, keepdims=True)
    if return_sign:
        sign = np.sign(s)
        out = np.log(np.abs(s)) + m
        if not keepdims:
            out, sign = np.squeeze(out, axis=axis), np.squeeze(sign, axis=axis)
        return out, sign
    out = np.log(s) + m
    return out if keepdims else np.squeeze(out, axis=axis)


def softmax(x, axis=None):
    """exp(x) / sum(exp(x)) along ``axis``, the maximum factored out, as SciPy computes it
    (an infinite maximum gives NaN throughout, as there)."""
    if not is_traced(x):
        return _sc.softmax(x, axis=axis)
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    """The log of softmax: x - logsumexp(x) along ``axis``."""
    if not is_traced(x):
        return _sc.log_softmax(x, axis=axis)
    return x - logsumexp(x, axis=axis, keepdims=True)


def multigammaln(a, d):
    """The log of the multivariate gamma function of dimension ``d``."""
    if not is_traced(a):
        return _sc.multigammaln(a, d)
    d = int(d)
    out = 0.25 * d * (d - 1) * math.log(math.pi)
    for j in range(d):
        out = out + _sc.gammaln(a - 0.5 * j)
    return out


def __getattr__(name):   # the ufuncs (gammaln, expit, ...) and the rest: scipy.special's own
    return getattr(_sc, name)
