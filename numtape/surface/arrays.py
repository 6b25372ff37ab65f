"""NumPy functions building or rearranging arrays on traced values: no op of their own.

Where NumPy's result is a permutation or selection of the input (tril, triu, pad, split,
append, insert, delete, meshgrid) the NumPy function itself runs on the *address* array: no op
is recorded.  ``np.linspace`` with traced endpoints is arithmetic on them.
"""
from __future__ import annotations

import math

import numpy as np

from numtape.errors import TracingError
from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray
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
