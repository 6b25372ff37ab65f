"""Sorting and order statistics on traced arrays (ops: numtape/ops/order.py).

``np.argsort`` records an ArgsortOp (float indices, derivative zero) and ``np.sort`` gathers the
array at them with a TakeOp, so the permutation is decided again at every sweep: a tape
recorded at one point sorts, takes medians and quantiles correctly at every other.  argsort is
always stable (NumPy's ``kind="stable"``); NaN sorts last, as in NumPy.  Traced indices (an
argsort, an argmax) index arrays through ``np.take_along_axis``, ``np.take`` or ``x[idx]``.
"""
from __future__ import annotations

import operator

import numpy as np

from numtape.errors import TracingError
from numtape.ops import OP
from numtape.ops.order import take as _take_flat
from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray
from numtape.trace.recorder import addr_array, recorder_of, wrap


def _axis(a, axis, several=False):
    """(a, ax): the array with the reduced axis at ``ax``; ``axis=None`` flattens; with
    ``several`` a tuple of axes (median, quantile) is moved to the end and merged into one."""
    if axis is None:
        return np.ravel(a), 0
    nd = np.ndim(a)
    if isinstance(axis, tuple) and several:
        axes = [_axis(a, ax)[1] for ax in axis]
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axis")
        rest = [d for d in range(nd) if d not in axes]
        moved = np.transpose(a, rest + axes)
        return np.reshape(moved, np.shape(moved)[:len(rest)] + (-1,)), len(rest)
    axis = operator.index(axis)
    if not -nd <= axis < nd:
        raise np.exceptions.AxisError(axis, nd)
    return a, axis % nd


@implements(np.argsort)
def argsort(a, axis=-1, kind=None, order=None, stable=None):
    if order is not None:
        raise TracingError("np.argsort(order=...) is for structured arrays")
    a, axis = _axis(a, axis)
    rec = recorder_of(a)
    A = addr_array(rec, a)
    shape = A.shape
    if A.size == 0:
        return wrap(rec, A.copy())
    outer, m = int(np.prod(shape[:axis])), shape[axis]
    inner = int(np.prod(shape[axis + 1:]))
    params = OP.ArgsortOp.Params(outer=outer, m=m, inner=inner)
    out = rec.record_block(OP.ArgsortOp, [A], params, shape)
    _index_blocks(rec).append((int(out.ravel()[0]), int(out.ravel()[-1]) + 1))
    return wrap(rec, out)


def _index_blocks(rec):
    """The address ranges of this recording's argsort outputs: the only traced values that
    may index arrays (an index computed from data any other way, a mask x > 0 or a value
    x[0], is data-dependent control flow)."""
    blocks = getattr(rec, "index_blocks", None)
    if blocks is None:
        blocks = rec.index_blocks = []
    return blocks


def _check_index(indices):
    rec = recorder_of(indices)
    a = np.ravel(addr_array(rec, indices))
    blocks = _index_blocks(rec)
    ok = np.zeros(a.size, dtype=bool)
    for lo, hi in blocks:
        ok |= (a >= lo) & (a < hi)
    if not ok.all():
        raise TracingError("indexing with traced values that are not an argsort, argmax or "
                           "argmin: the index would depend on the data (control flow); "
                           "select with np.where(cond, a, b), or index with "
                           "np.argsort/np.argmax results")


def _flat_index(shape, indices, axis):
    """Flat positions in an array of ``shape`` of take_along_axis(indices, axis) (traced
    indices along ``axis``, the other coordinates those of each position)."""
    ishape = np.shape(indices)
    if len(ishape) != len(shape) or any(i != s for d, (i, s) in enumerate(zip(ishape, shape))
                                          if d != axis):
        raise TracingError("take_along_axis with traced indices: the indices must have the "
                           "array's shape except along the axis")
    strides = np.cumprod((shape[1:] + (1,))[::-1])[::-1]
    coords = np.indices(ishape)
    base = sum(coords[d] * int(strides[d]) for d in range(len(shape)) if d != axis)
    return indices * float(strides[axis]) + np.asarray(base, dtype=np.float64)


@implements(np.take_along_axis)
def take_along_axis(arr, indices, axis):
    if axis is None:
        arr, axis = np.ravel(arr), 0
    axis %= max(np.ndim(arr), 1)
    if type(indices) is not ADArray:
        rec = recorder_of(arr)
        return wrap(rec, np.take_along_axis(addr_array(rec, arr), np.asarray(indices), axis))
    _check_index(indices)
    flat = _flat_index(np.shape(arr), indices, axis)
    return np.reshape(_take_flat(np.ravel(arr), np.ravel(flat)), np.shape(indices))


@implements(np.take)
def take(a, indices, axis=None, out=None, mode="raise"):
    if out is not None:
        raise TypeError("np.take(..., out=...) cannot write into a traced array")
    if type(indices) is not ADArray:
        rec = recorder_of(a)
        return wrap(rec, np.take(addr_array(rec, a), indices, axis=axis, mode=mode))
    _check_index(indices)
    if axis is None:
        return np.reshape(_take_flat(np.ravel(a), np.ravel(indices)), np.shape(indices))
    axis %= np.ndim(a)
    moved = np.moveaxis(a, axis, 0)
    row = int(np.prod(np.shape(moved)[1:]))
    flat = np.reshape(indices, (-1, 1)) * float(row) + np.arange(row, dtype=np.float64)
    got = np.reshape(_take_flat(np.ravel(moved), np.ravel(flat)),
                     np.shape(indices) + np.shape(moved)[1:])
    return np.moveaxis(got, list(range(np.ndim(indices))),
                       list(range(axis, axis + np.ndim(indices))))


@implements(np.sort)
def sort(a, axis=-1, kind=None, order=None, stable=None):
    a, axis = _axis(a, axis)
    return take_along_axis(a, argsort(a, axis), axis)


def _check_kth(kth, n):
    kth = np.asarray(kth)
    if kth.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    if np.any((kth < -n) | (kth >= n)):
        raise ValueError(f"kth(={kth.tolist()}) out of bounds ({n})")


@implements(np.argpartition)
def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """The full stable argsort: one valid partition for every ``kth`` (NumPy leaves the order
    inside each part unspecified; here it is sorted, so the result is decided again at every
    sweep like argsort's)."""
    if order is not None:
        raise TracingError("np.argpartition(order=...) is for structured arrays")
    b, ax = _axis(a, axis)
    _check_kth(kth, np.shape(b)[ax] if np.ndim(b) else 1)
    return argsort(b, ax)


@implements(np.partition)
def partition(a, kth, axis=-1, kind="introselect", order=None):
    """``np.sort``: a valid partition for every ``kth`` (the parts come out sorted)."""
    if order is not None:
        raise TracingError("np.partition(order=...) is for structured arrays")
    b, ax = _axis(a, axis)
    _check_kth(kth, np.shape(b)[ax] if np.ndim(b) else 1)
    return sort(b, ax)


def _lane(s, axis, i):
    return np.take(s, [i], axis=axis)


def _nan_guard(s, axis, value):
    """NaN where a lane holds a NaN (sorted last), else value (NumPy's median/quantile)."""
    last = _lane(s, axis, np.shape(s)[axis] - 1)
    return np.where(last != last, np.nan, value)


@implements(np.median)
def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    if out is not None:
        raise TypeError("np.median(..., out=...) cannot write into a traced array")
    nd = np.ndim(a)
    a, ax = _axis(a, axis, several=True)
    s = sort(a, ax)
    n = np.shape(s)[ax]
    if n == 0:
        raise ValueError("median of an empty array")
    mid = n // 2
    m = _lane(s, ax, mid) if n % 2 else (_lane(s, ax, mid - 1) + _lane(s, ax, mid)) / 2.0
    m = _nan_guard(s, ax, m)
    return _finish(m, ax, axis, nd, keepdims)


def _finish(m, ax, axis, nd, keepdims):
    if keepdims:
        if axis is None:
            return np.reshape(m, (1,) * nd)
        if isinstance(axis, tuple):   # a size-1 axis where each reduced axis was
            reduced = {int(d) % nd for d in axis}
            kept = iter(np.shape(m)[:ax])
            return np.reshape(m, tuple(1 if d in reduced else next(kept) for d in range(nd)))
        return m
    return np.squeeze(m, axis=ax)


@implements(np.quantile)
def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, weights=None, interpolation=None):
    if method != "linear" or interpolation is not None or weights is not None:
        raise TracingError("np.quantile on traced arrays: method='linear' (the default) only")
    if type(q) is ADArray:
        raise TracingError("np.quantile: q must be known numbers (the array may be traced)")
    q = np.asarray(q, dtype=np.float64)
    if not np.all((q >= 0) & (q <= 1)):   # NaN too
        raise ValueError("Quantiles must be in the range [0, 1]")
    nd = np.ndim(a)
    a, ax = _axis(a, axis, several=True)
    s = sort(a, ax)
    n = np.shape(s)[ax]
    virtual = q * (n - 1)
    lo = np.floor(virtual).astype(np.int64)
    hi = np.minimum(lo + 1, n - 1)
    gamma = virtual - lo
    outs = []
    for lo_i, hi_i, g in zip(np.ravel(lo), np.ravel(hi), np.ravel(gamma)):
        below, above = _lane(s, ax, int(lo_i)), _lane(s, ax, int(hi_i))
        diff = above - below          # NumPy's _lerp, exactly
        value = np.where(g >= 0.5, above - diff * (1.0 - g), below + diff * g)
        outs.append(_finish(_nan_guard(s, ax, value), ax, axis, nd, keepdims))
    if q.ndim == 0:
        return outs[0]
    return np.reshape(np.stack(outs), q.shape + np.shape(outs[0]))


@implements(np.percentile)
def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, weights=None, interpolation=None):
    if type(q) is ADArray:
        raise TracingError("np.percentile: q must be known numbers (the array may be traced)")
    return quantile(a, np.asarray(q, dtype=np.float64) / 100.0, axis=axis, method=method,
                    keepdims=keepdims, weights=weights, interpolation=interpolation)


def _arg_extreme(a, axis, keepdims, sign):
    """The first index of the lane's extreme; NaN ranks first, as NumPy returns the first NaN
    (its key -inf; a lane holding both NaN and an extreme infinity then takes the first of
    the two)."""
    nd = np.ndim(a)
    a, ax = _axis(a, axis)
    key = np.where(a != a, -np.inf, sign * a)
    first = _lane(argsort(key, ax), ax, 0)   # stable: the first of equal keys
    return _finish(first, ax, axis, nd, keepdims)


@implements(np.argmax)
def argmax(a, axis=None, out=None, keepdims=False):
    """Index of the first maximum, or of the first NaN (a float, derivative zero; it indexes
    arrays through x[i], np.take or np.take_along_axis)."""
    return _arg_extreme(a, axis, keepdims, -1.0)


@implements(np.argmin)
def argmin(a, axis=None, out=None, keepdims=False):
    """Index of the first minimum (see argmax)."""
    return _arg_extreme(a, axis, keepdims, 1.0)
