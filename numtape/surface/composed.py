"""NumPy functions composed from other traced functions: no op of their own.

Each is written with operations numtape already records (gathers, ``np.where``, reductions,
matrix products), so values, derivatives in every mode, sparsity and derivative tapes come
for free.  Where NumPy's result is a permutation or selection of the input (pad, split,
insert, delete, meshgrid, triu ...) the NumPy function itself runs on the *address* array: no
op is recorded.  Group sums (``np.bincount`` with weights, ``np.add.at``) are recorded as one
gather and one row sum per distinct group size, however many groups there are.
"""
from __future__ import annotations

import math

import numpy as np

from numtape.errors import TracingError
from numtape.ops.order import take as _take_flat
from numtape.surface.functions import implements
from numtape.trace.adarray import UFUNC_METHODS, ADArray
from numtape.trace.recorder import addr_array, recorder_of, wrap


def _traced(x):
    return type(x) is ADArray


def _addresses(rec, *xs):
    return [addr_array(rec, x) for x in xs]


# ---- structural: NumPy's function on the address arrays ----------------------------------
def _triangle(m, k, upper):
    rec = recorder_of(m)
    a = addr_array(rec, m)
    if a.ndim < 2:
        raise ValueError("tril/triu need an array of at least two dimensions")
    rows, cols = a.shape[-2:]
    keep = ~np.tri(rows, cols, k=k - 1, dtype=bool) if upper else np.tri(rows, cols, k=k,
                                                                         dtype=bool)
    return wrap(rec, np.where(keep, a, rec.const(0.0)))


@implements(np.tril)
def tril(m, k=0):
    return _triangle(m, k, upper=False)


@implements(np.triu)
def triu(m, k=0):
    return _triangle(m, k, upper=True)


@implements(np.pad)
def pad(array, pad_width, mode="constant", **kwargs):
    rec = recorder_of(array)
    a = addr_array(rec, array)
    if mode == "constant":
        value = kwargs.pop("constant_values", 0.0)
        if _traced(value) or np.ndim(value) != 0:
            raise TracingError("np.pad on traced arrays: constant_values must be one number")
        return wrap(rec, np.pad(a, pad_width, mode="constant",
                                constant_values=rec.const(float(value)), **kwargs))
    if mode not in ("edge", "reflect", "symmetric", "wrap"):
        raise TracingError(f"np.pad(mode={mode!r}) is not supported on traced arrays (constant, "
                           "edge, reflect, symmetric, wrap are)")
    return wrap(rec, np.pad(a, pad_width, mode=mode, **kwargs))


def _splitter(func):
    def impl(ary, indices_or_sections, *args, **kwargs):
        rec = recorder_of(ary)
        return [wrap(rec, p) for p in func(addr_array(rec, ary), indices_or_sections,
                                           *args, **kwargs)]
    implements(func)(impl)


for _f in (np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit):
    _splitter(_f)


@implements(np.append)
def append(arr, values, axis=None):
    rec = recorder_of(arr, values)
    a, v = _addresses(rec, arr, values)
    return wrap(rec, np.append(a, v, axis=axis))


@implements(np.insert)
def insert(arr, obj, values, axis=None):
    if _traced(obj):
        raise TracingError("np.insert with traced positions: positions must be known")
    rec = recorder_of(arr, values)
    a, v = _addresses(rec, arr, values)
    return wrap(rec, np.insert(a, obj, v, axis=axis))


@implements(np.delete)
def delete(arr, obj, axis=None):
    if _traced(obj):
        raise TracingError("np.delete with traced positions: positions must be known")
    rec = recorder_of(arr)
    return wrap(rec, np.delete(addr_array(rec, arr), obj, axis=axis))


@implements(np.meshgrid)
def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    rec = recorder_of(*xi)
    grids = np.meshgrid(*_addresses(rec, *xi), copy=True, sparse=sparse, indexing=indexing)
    return tuple(wrap(rec, g) for g in grids) if isinstance(grids, tuple) else \
        [wrap(rec, g) for g in grids]


@implements(np.kron)
def kron(a, b):
    A, B = (x if _traced(x) else np.asarray(x, dtype=np.float64) for x in (a, b))
    nd = max(np.ndim(A), np.ndim(B))
    A = np.reshape(A, (1,) * (nd - np.ndim(A)) + np.shape(A))
    B = np.reshape(B, (1,) * (nd - np.ndim(B)) + np.shape(B))
    # a[i, j] * b[k, l] laid out as (i, k, j, l) ... then merged pairwise
    ea = np.reshape(A, sum(((s, 1) for s in np.shape(A)), ()))
    eb = np.reshape(B, sum(((1, s) for s in np.shape(B)), ()))
    out = ea * eb
    return np.reshape(out, tuple(p * q for p, q in zip(np.shape(A), np.shape(B))))


@implements(np.tensordot)
def tensordot(a, b, axes=2):
    a = a if _traced(a) else np.asarray(a, dtype=np.float64)
    b = b if _traced(b) else np.asarray(b, dtype=np.float64)
    if isinstance(axes, (int, np.integer)):
        ax_a = list(range(np.ndim(a) - axes, np.ndim(a)))
        ax_b = list(range(axes))
    else:
        ax_a, ax_b = ([axes[0]] if np.ndim(axes[0]) == 0 else list(axes[0]),
                      [axes[1]] if np.ndim(axes[1]) == 0 else list(axes[1]))
        ax_a = [x % np.ndim(a) for x in ax_a]
        ax_b = [x % np.ndim(b) for x in ax_b]
    free_a = [d for d in range(np.ndim(a)) if d not in ax_a]
    free_b = [d for d in range(np.ndim(b)) if d not in ax_b]
    sa, sb = np.shape(a), np.shape(b)
    m = int(np.prod([sa[d] for d in ax_a]))
    A = np.reshape(np.transpose(a, free_a + ax_a), (-1, m))
    B = np.reshape(np.transpose(b, ax_b + free_b), (m, -1))
    return np.reshape(A @ B, tuple(sa[d] for d in free_a) + tuple(sb[d] for d in free_b))


@implements(np.linalg.matrix_power)
def matrix_power(a, n):
    if not isinstance(n, (int, np.integer)):
        raise TypeError("matrix_power: the exponent must be an integer")
    if np.shape(a)[-1] != np.shape(a)[-2]:
        raise np.linalg.LinAlgError("matrix_power needs square matrices")
    if n < 0:
        a, n = np.linalg.inv(a), -n
    result, base = None, a
    while True:                     # binary powering, as NumPy does
        if n & 1:
            result = base if result is None else result @ base
        n >>= 1
        if not n:
            break
        base = base @ base
    if result is None:
        return np.broadcast_to(np.eye(np.shape(a)[-1]), np.shape(a)) + 0.0 * a
    return result


@implements(np.polyval)
def polyval(p, x):
    """Horner's rule, as NumPy evaluates it."""
    y = np.zeros_like(x) if _traced(x) else np.zeros(np.shape(x))
    for c in (p if _traced(p) else np.asarray(p, dtype=np.float64)):
        y = y * x + c
    return y


@implements(np.linspace)
def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    if axis != 0 or (dtype not in (None, float, np.float64)):
        raise TracingError("np.linspace on traced endpoints: only axis=0 and float dtype")
    div = (num - 1) if endpoint else num
    t = np.arange(num, dtype=np.float64)
    step = (stop - start) / div if div > 0 else (stop - start) * math.nan
    shape = (num,) + (1,) * np.ndim(start)
    y = start + np.reshape(t, shape) * step if div > 0 else \
        start + np.reshape(t, shape) * (stop - start)
    if endpoint and num > 1:
        y[-1] = stop
    return (y, step) if retstep else y


@implements(np.nan_to_num)
def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    big = np.finfo(np.float64).max
    x = np.where(x != x, nan, x)
    x = np.where(x == np.inf, big if posinf is None else posinf, x)
    return np.where(x == -np.inf, -big if neginf is None else neginf, x)


@implements(np.isnan)
def isnan(x):
    return x != x


@implements(np.isfinite)
def isfinite(x):
    return np.abs(x) < np.inf


@implements(np.isinf)
def isinf(x):
    return np.abs(x) == np.inf


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


# ---- piecewise and small ufuncs -----------------------------------------------------------
@implements(np.heaviside)
def heaviside(x1, x2):
    return np.where(x1 != x1, x1, np.where(x1 > 0, 1.0, np.where(x1 < 0, 0.0, x2)))


@implements(np.sinc)
def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (its derivative there is 0, the constant branch's)."""
    y = np.pi * np.where(x == 0, 1.0e-20, x)
    return np.where(x == 0, 1.0, np.sin(y) / y)


@implements(np.logaddexp2)
def logaddexp2(x1, x2):
    ln2 = math.log(2.0)
    return np.logaddexp(x1 * ln2, x2 * ln2) / ln2


@implements(np.deg2rad, np.radians)
def deg2rad(x):
    return x * (np.pi / 180.0)


@implements(np.rad2deg, np.degrees)
def rad2deg(x):
    return x * (180.0 / np.pi)


@implements(np.round, np.around)
def round_(a, decimals=0, out=None):
    """NumPy's rounding: rint of the scaled value, scaled back (derivative 0)."""
    if out is not None:
        raise TypeError("np.round(..., out=...) cannot write into a traced array")
    if decimals == 0:
        return np.rint(a)
    if decimals > 0:
        f = 10.0 ** decimals
        return np.rint(a * f) / f
    f = 10.0 ** (-decimals)
    return np.rint(a / f) * f


@implements(np.fix)
def fix(x, out=None):
    """Round toward zero (np.fix is np.trunc for floats)."""
    return np.trunc(x)


@implements(np.floor_divide)
def floor_divide(a, b):
    """NumPy's float floor division: (a - a mod b) / b, floored, rounded up when within 1/2
    of the next integer (derivative 0, piecewise constant); a / b where b is 0."""
    mod = np.remainder(a, b)
    div = (a - mod) / b
    fl = np.floor(div)
    fl = np.where(div - fl > 0.5, fl + 1.0, fl)
    return np.where(b == 0, a / b, fl)


@implements(np.convolve)
def convolve(a, v, mode="full"):
    """Sum over the shorter operand's entries of the other, shifted and scaled: one
    multiply-add of block length per entry of the shorter one."""
    if np.ndim(a) != 1 or np.ndim(v) != 1:
        raise ValueError("convolve: object too deep for desired array")
    if np.shape(a)[0] < np.shape(v)[0]:
        a, v = v, a
    n, m = np.shape(a)[0], np.shape(v)[0]
    if m == 0:
        raise ValueError("v cannot be empty")
    rec = recorder_of(a, v)
    zero = rec.const(0.0)
    A = addr_array(rec, a)
    out = None
    for j in range(m):   # full[k] = sum_j v[j] a[k - j]
        shifted = np.concatenate([np.full(j, zero), A, np.full(m - 1 - j, zero)])
        term = wrap(rec, shifted) * v[j]
        out = term if out is None else out + term
    if mode == "full":
        return out
    if mode == "same":
        start = (m - 1) // 2
        return out[start:start + n]
    if mode == "valid":
        return out[m - 1:n]
    raise ValueError(f"convolve: mode must be full, same or valid, got {mode!r}")


@implements(np.correlate)
def correlate(a, v, mode="valid"):
    """np.correlate: the convolution with v reversed (v is real)."""
    if np.shape(v)[0] > np.shape(a)[0]:     # NumPy swaps, and reverses the result
        return correlate(v, a, mode)[::-1]
    return convolve(a, v[::-1], mode)


@implements(np.interp)
def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation with traced x, fp (and xp), the interval of each x
    found again at every sweep: j = the number of xp <= x, as a sum of comparisons, and the
    end points gathered at j with TakeOps.  Derivatives: the slope in x, the two weights in
    fp.  Outside [xp[0], xp[-1]]: ``left``/``right`` (default fp[0], fp[-1]), as NumPy."""
    if period is not None:
        raise TracingError("np.interp(period=...) is not supported on traced arrays")
    n = np.shape(xp)[0]
    if np.ndim(xp) != 1 or np.shape(fp) != (n,) or n == 0:
        raise ValueError("interp: xp and fp must be 1-D sequences of the same length")
    xs = np.reshape(x, (-1,))
    if n == 1:
        y = fp[0] + 0.0 * xs
    else:
        below = np.where(xs[:, None] >= (xp[None, :] if _traced(xp) else
                                         np.asarray(xp)[None, :]), 1.0, 0.0)
        j = np.clip(np.sum(below, axis=1), 1.0, n - 1.0)    # the interval [j - 1, j]
        x0, x1 = _take_flat(xp, j - 1.0), _take_flat(xp, j)
        f0, f1 = _take_flat(fp, j - 1.0), _take_flat(fp, j)
        y = f0 + (xs - x0) * ((f1 - f0) / (x1 - x0))
    lo = fp[0] if left is None else left
    hi = fp[-1] if right is None else right
    y = np.where(xs < xp[0], lo, np.where(xs > xp[-1], hi, y))
    y = np.where(xs == xp[-1], fp[-1], y)
    return np.reshape(y, np.shape(x))
