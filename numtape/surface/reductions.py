"""NumPy's reductions and statistics composed from recorded ones: no op of their own.

Along an axis: ``np.cumprod``, ``np.ptp``, the NaN-ignoring ``nansum``, ``nanmean``,
``nanmax``, ``nanmin``, ``np.average``, ``np.cov``, ``np.corrcoef``, and the axis calculus
``np.trapezoid`` and ``np.gradient``.  Group sums (``np.bincount`` with weights,
``np.add.at``, ``np.maximum.at``, ``np.minimum.at``) are recorded as one gather and one row
reduction per distinct group size, however many groups there are.
"""
from __future__ import annotations

import numpy as np

from numtape.errors import TracingError
from numtape.surface.functions import implements
from numtape.trace.adarray import UFUNC_METHODS, ADArray
from numtape.trace.recorder import addr_array, recorder_of, wrap


def _traced(x):
    return type(x) is ADArray


def _along(a, axis, sl):
    idx = [slice(None)] * np.ndim(a)
    idx[axis] = sl
    return a[tuple(idx)]


@implements(np.trapezoid)
def trapezoid(y, x=None, dx=1.0, axis=-1):
    axis = axis % np.ndim(y)
    mid = 0.5 * (_along(y, axis, slice(1, None)) + _along(y, axis, slice(None, -1)))
    if x is None:
        return np.sum(mid * dx, axis=axis)
    d = np.diff(x, axis=-1 if np.ndim(x) == 1 else axis)
    if np.ndim(x) == 1:
        d = np.reshape(d, (-1,) + (1,) * (np.ndim(y) - 1 - axis))
    return np.sum(mid * d, axis=axis)


@implements(np.gradient)
def gradient(f, *varargs, axis=None, edge_order=1):
    if edge_order != 1:
        raise TracingError("np.gradient on traced arrays: edge_order=1 only")
    axes = list(range(np.ndim(f))) if axis is None else \
        [a % np.ndim(f) for a in (axis if isinstance(axis, (tuple, list)) else [axis])]
    spacing = list(varargs) if varargs else [1.0] * len(axes)
    if len(spacing) == 1 and len(axes) > 1:
        spacing = spacing * len(axes)
    out = []
    for ax, h in zip(axes, spacing):
        if np.ndim(h) != 0:
            raise TracingError("np.gradient on traced arrays: scalar spacings only")
        n = np.shape(f)[ax]
        if n < 2:
            raise ValueError("np.gradient needs at least two points along each axis")
        first = (_along(f, ax, slice(1, 2)) - _along(f, ax, slice(0, 1))) / h
        last = (_along(f, ax, slice(n - 1, n)) - _along(f, ax, slice(n - 2, n - 1))) / h
        parts = [first]
        if n > 2:
            parts.append((_along(f, ax, slice(2, None)) - _along(f, ax, slice(None, -2)))
                         / (2.0 * h))
        parts.append(last)
        out.append(np.concatenate(parts, axis=ax))
    return out[0] if len(out) == 1 else out


# ---- reductions and statistics -------------------------------------------------------------
@implements(np.cumprod)
def cumprod(a, axis=None, dtype=None, out=None):
    if out is not None:
        raise TypeError("np.cumprod(..., out=...) cannot write into a traced array")
    if axis is None:
        a, axis = np.ravel(a), 0
    axis = axis % np.ndim(a)
    n = np.shape(a)[axis]
    if n == 0:
        return a.copy()
    run = [_along(a, axis, slice(0, 1))]
    for i in range(1, n):
        run.append(run[-1] * _along(a, axis, slice(i, i + 1)))
    return np.concatenate(run, axis=axis)


@implements(np.ptp)
def ptp(a, axis=None, out=None, keepdims=False):
    return np.max(a, axis=axis, keepdims=keepdims) - np.min(a, axis=axis, keepdims=keepdims)


@implements(np.nansum)
def nansum(a, axis=None, dtype=None, out=None, keepdims=False, **kw):
    return np.sum(np.where(a != a, 0.0, a), axis=axis, keepdims=keepdims)


@implements(np.nanmean)
def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, **kw):
    ok = a == a
    return (np.sum(np.where(ok, a, 0.0), axis=axis, keepdims=keepdims)
            / np.sum(np.where(ok, 1.0, 0.0), axis=axis, keepdims=keepdims))


@implements(np.nanmax)
def nanmax(a, axis=None, out=None, keepdims=False, **kw):
    return np.max(np.where(a != a, -np.inf, a), axis=axis, keepdims=keepdims)


@implements(np.nanmin)
def nanmin(a, axis=None, out=None, keepdims=False, **kw):
    return np.min(np.where(a != a, np.inf, a), axis=axis, keepdims=keepdims)


@implements(np.average)
def average(a, axis=None, weights=None, returned=False, keepdims=False):
    if weights is None:
        avg = np.mean(a, axis=axis, keepdims=keepdims)
        scl = np.size(a) / np.size(avg) + 0.0 * avg
    else:
        w = weights
        if np.ndim(w) != np.ndim(a):
            if axis is None or np.ndim(w) != 1:
                raise TypeError("average: 1-D weights need an axis (as NumPy)")
            w = np.reshape(w, (-1,) + (1,) * (np.ndim(a) - 1 - axis % np.ndim(a)))
        scl = np.sum(w + 0.0 * a, axis=axis, keepdims=keepdims)
        avg = np.sum(a * w, axis=axis, keepdims=keepdims) / scl
    return (avg, scl) if returned else avg


@implements(np.cov)
def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, **kw):
    if fweights is not None or aweights is not None:
        raise TracingError("np.cov on traced arrays: fweights/aweights are not supported")
    X = np.atleast_2d(m)
    if not rowvar and np.ndim(X) == 2 and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = np.atleast_2d(y)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = np.concatenate([X, Y], axis=0)
    ddof = (0 if bias else 1) if ddof is None else ddof
    n = X.shape[1]
    Xc = X - np.mean(X, axis=1, keepdims=True)
    c = (Xc @ Xc.T) / (n - ddof)
    return np.squeeze(c) if c.shape == (1, 1) else c


@implements(np.corrcoef)
def corrcoef(x, y=None, rowvar=True, **kw):
    c = cov(x, y, rowvar)
    if np.ndim(c) == 0:
        return c / c
    d = np.sqrt(np.diagonal(c))
    r = c / d[:, None] / d[None, :]
    return np.clip(r, -1.0, 1.0)


def _group_sums(rec, slots, values, reducer=np.sum):
    """Unique ``slots`` and, per slot, ``reducer`` of the traced/constant ``values`` read at it
    (addresses); one gather and one row reduction per distinct group size."""
    order = np.argsort(slots, kind="stable")
    s, v = slots[order], values[order]
    uniq, first, counts = np.unique(s, return_index=True, return_counts=True)
    out = v[first].copy()
    for c in np.unique(counts[counts > 1]):
        grp = np.flatnonzero(counts == c)
        block = v[first[grp][:, None] + np.arange(c)[None, :]]
        out[grp] = addr_array(rec, reducer(wrap(rec, block), axis=1)).ravel()
    return uniq, out


@implements(np.bincount)
def bincount(x, weights=None, minlength=0):
    if _traced(x):
        raise TracingError("np.bincount of traced values: the bins must be known integers "
                           "(weights may be traced)")
    x = np.asarray(x)
    if x.ndim != 1 or (x.size and (x.dtype.kind not in "iu" or x.min() < 0)):
        raise ValueError("bincount: x must be a 1-D array of non-negative integers")
    rec = recorder_of(weights)
    w = np.ravel(addr_array(rec, weights))
    if w.size != x.size:
        raise ValueError("bincount: weights and x must have the same length")
    n = max(int(minlength), int(x.max()) + 1 if x.size else 0)
    out = np.full(n, rec.const(0.0), dtype=np.int64)
    if x.size:
        bins, sums = _group_sums(rec, x.astype(np.int64), w)
        out[bins] = sums
    return wrap(rec, out)


def _at(reducer, combine):
    def at(a, indices, b=None):
        if not _traced(a):
            raise TracingError("np.ufunc.at into a NumPy array with traced values: start from a "
                               "traced array (np.zeros_like(x) or nt.zeros(shape)) and update "
                               "that")
        if b is None:
            raise TypeError("ufunc.at needs the values to combine")
        rec = recorder_of(a, b)
        A = addr_array(rec, a)
        if A.ndim == 0:
            raise TypeError("ufunc.at needs an array of at least one dimension")
        slots = np.arange(A.size, dtype=np.int64).reshape(A.shape)[indices]
        vals = np.broadcast_to(addr_array(rec, b), slots.shape)
        uniq, red = _group_sums(rec, slots.ravel(), vals.ravel(), reducer)
        where = np.unravel_index(uniq, A.shape)
        a[where] = combine(wrap(rec, A[where]), wrap(rec, red))
    return at


UFUNC_METHODS[(np.add, "at")] = _at(np.sum, lambda x, y: x + y)
UFUNC_METHODS[(np.maximum, "at")] = _at(np.max, np.maximum)
UFUNC_METHODS[(np.minimum, "at")] = _at(np.min, np.minimum)
