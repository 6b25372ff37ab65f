"""NumPy functions on traced arrays, composed from address bookkeeping and the op table.

Registered in ``HANDLED_FUNCTIONS`` (``__array_function__``); anything not registered raises
TracingError naming the function.
"""
from __future__ import annotations

import numpy as np
import scipy.special

from numtape.errors import TracingError
from numtape.ops import BY_NAME, OP
from numtape.trace import recorder as recording
from numtape.trace.adarray import HANDLED_FUNCTIONS, UFUNC_METHODS, ADArray
from numtape.trace.complex import complex_matmul
from numtape.trace.recorder import addr_array, elementwise, is_complex, recorder_of, wrap

_MUL = OP.MulOp.code
_ADD = OP.AddOp.code


def implements(*funcs):
    """Register an implementation of NumPy function(s) for traced arrays."""
    def deco(impl):
        for f in funcs:
            HANDLED_FUNCTIONS[f] = impl
        return impl
    return deco


def _refuse_kwargs(name, **kw):
    bad = [k for k, v in kw.items() if v is not None and v is not np._NoValue]
    if bad:
        raise TypeError(f"np.{name}: argument(s) {bad} are not supported on traced arrays")


# ---- structural: the NumPy function applied to the address array --------------------------
def _structural(func):
    def impl(x, *args, **kwargs):
        rec = recorder_of(x)
        return wrap(rec, func(addr_array(rec, x), *args, **kwargs))
    implements(func)(impl)


for _f in (np.reshape, np.ravel, np.transpose, np.swapaxes, np.moveaxis, np.squeeze,
           np.expand_dims, np.atleast_1d, np.atleast_2d, np.broadcast_to, np.flip, np.fliplr,
           np.flipud, np.roll, np.repeat, np.diagonal, np.rot90, np.tile):
    _structural(_f)


def _sequence(func):
    def impl(arrays, *args, **kwargs):
        arrays = list(arrays)
        rec = recorder_of(*arrays)
        return wrap(rec, func([addr_array(rec, a) for a in arrays], *args, **kwargs))
    implements(func)(impl)


for _f in (np.concatenate, np.stack, np.hstack, np.vstack, np.column_stack, np.dstack):
    _sequence(_f)


def _nested(rec, obj):
    """Addresses of a nested list or tuple of traced values and numbers, shaped as np.array
    shapes it (numbers become constants)."""
    if isinstance(obj, (list, tuple)):
        parts = [_nested(rec, e) for e in obj]
        return np.stack(parts) if parts else np.zeros(0, dtype=np.int64)
    return addr_array(rec, obj)


def _array(obj, dtype=None, *, ndmin=0, like=None, **ignored):
    """``np.array(obj, like=x)`` / ``np.asarray(obj, like=x)`` with x traced: a nested list of
    traced values and numbers (``[[a, b], [b, c]]``, a 2x2 covariance) as the traced array
    NumPy would build; plain np.array cannot be intercepted (it does not dispatch)."""
    if dtype is not None and np.dtype(dtype).kind not in "f":
        raise TracingError(f"np.array(..., like=traced, dtype={dtype}): traced arrays are "
                           "float64")
    rec = recorder_of(obj)   # NumPy passes like= only to choose this implementation
    if rec is None:
        return np.array(obj, dtype=np.float64, ndmin=ndmin)
    out = _nested(rec, obj)
    return wrap(rec, out.reshape((1,) * max(0, ndmin - out.ndim) + out.shape))


implements(np.array)(_array)
implements(np.asarray)(_array)


@implements(np.take)
def take(a, indices, axis=None):
    rec = recorder_of(a)
    if type(indices) is ADArray:
        raise TracingError("np.take with traced indices: indices must be known when recording")
    return wrap(rec, np.take(addr_array(rec, a), indices, axis=axis))


@implements(np.shape)
def shape(a):
    return a.shape


@implements(np.ndim)
def ndim(a):
    return a.ndim


@implements(np.size)
def size(a, axis=None):
    return a.size if axis is None else a.shape[axis]


@implements(np.copy)
def copy(a, *args, **kwargs):
    return a.copy()


def _filled(x, shape, fill):
    rec = recorder_of(x, fill)
    if shape is None:
        shape = np.shape(x) if type(x) is ADArray else np.shape(x)
    v = addr_array(rec, fill)
    return wrap(rec, np.array(np.broadcast_to(v, shape), dtype=np.int64))


@implements(np.zeros_like, np.empty_like)
def zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    return _filled(a, shape, 0.0)


@implements(np.ones_like)
def ones_like(a, dtype=None, order="K", subok=True, shape=None):
    return _filled(a, shape, 1.0)


@implements(np.full_like)
def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    return _filled(a, shape, fill_value)


def zeros(shape):
    """Zeros that can be filled with traced values while recording (plain zeros otherwise).

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: _fill(x), np.zeros(2))  # doctest: +SKIP
    """
    rec = recording.current()
    if rec is None:
        return np.zeros(shape)
    return wrap(rec, np.full(shape, rec.const(0.0), dtype=np.int64))


@implements(np.diag)
def diag(v, k=0):
    rec = recorder_of(v)
    a = addr_array(rec, v)
    if a.ndim == 2:
        return wrap(rec, np.diag(a, k))
    if a.ndim != 1:
        raise ValueError("np.diag: input must be 1-d or 2-d")
    n = a.size + abs(k)
    out = np.full((n, n), rec.const(0.0), dtype=np.int64)
    i = np.arange(a.size)
    out[i + max(-k, 0), i + max(k, 0)] = a
    return wrap(rec, out)


@implements(np.trace)
def trace(a, offset=0, axis1=0, axis2=1):
    return np.sum(np.diagonal(a, offset, axis1, axis2), axis=-1)


@implements(np.diff)
def diff(a, n=1, axis=-1):
    if np.ndim(a) == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    for _ in range(n):
        hi = [slice(None)] * a.ndim
        lo = [slice(None)] * a.ndim
        hi[axis], lo[axis] = slice(1, None), slice(None, -1)
        a = a[tuple(hi)] - a[tuple(lo)]
    return a


# ---- selection ---------------------------------------------------------------------------
@implements(np.where)
def where(condition, x=None, y=None):
    if x is None or y is None:
        raise TracingError("np.where(condition) with one argument (indices) needs concrete "
                           "values; use np.where(condition, a, b)")
    rec = recorder_of(condition, x, y)
    if type(condition) is not ADArray:
        # a constant condition selects addresses at recording time: no op
        return wrap(rec, np.where(np.asarray(condition, dtype=bool), addr_array(rec, x),
                                  addr_array(rec, y)))
    return elementwise(OP.SelectOp, condition, x, y)


@implements(np.real)
def real(x):
    return x


@implements(np.imag)
def imag(x):
    return np.zeros(np.shape(x))


@implements(np.angle)
def angle(x, deg=False):
    """np.angle of a real traced array: pi (180) where x < 0 or x is -0.0, else 0; zero
    derivative.  arctan2(0, x) only decides the branch (it is pi exactly for those x)."""
    return np.where(np.arctan2(0.0, x) > 1.0, 180.0 if deg else np.pi, 0.0)


@implements(np.clip)
def clip(a, a_min=None, a_max=None, out=None, **kwargs):
    _refuse_kwargs("clip", out=out)
    if a_min is not None:
        a = np.maximum(a, a_min)
    if a_max is not None:
        a = np.minimum(a, a_max)
    return a.copy() if a_min is None and a_max is None else a   # never the input's addresses


# ---- reductions --------------------------------------------------------------------------
# TapeConfig(atomic="disable") expands a reduction into a left-to-right chain of scalar ops
# (the op named by its OpSpec.chain), the order the block kernels use, so both give the same
# values.
def _chain(rec, code, src):
    """Running results of ``code`` along axis 1 of an (outer, m, inner) address array."""
    out = np.empty(src.shape, dtype=np.int64)
    outer, m, inner = src.shape
    for a in range(outer):
        for b in range(inner):
            c = int(src[a, 0, b])
            out[a, 0, b] = c
            for i in range(1, m):
                c = rec.scalar_op(code, (c, int(src[a, i, b])))
                out[a, i, b] = c
    return out
def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    out = []
    for ax in axes:
        ax = int(ax)
        if not -ndim <= ax < ndim:
            raise np.exceptions.AxisError(ax, ndim)
        out.append(ax % ndim)
    return tuple(sorted(set(out)))


def _reduce(spec, x, axis, keepdims, empty=None):
    rec = recorder_of(x)
    a = addr_array(rec, x)
    axes = _normalize_axes(axis, a.ndim)
    keep = [d for d in range(a.ndim) if d not in axes]
    out_shape = tuple(1 if d in axes else s for d, s in enumerate(a.shape)) if keepdims \
        else tuple(a.shape[d] for d in keep)
    m = int(np.prod([a.shape[d] for d in axes]))
    if m == 0:
        if empty is None:
            raise ValueError(f"zero-size array to reduction operation {spec.name} which has no "
                             "identity")
        return wrap(rec, np.full(out_shape, rec.const(empty), dtype=np.int64))
    if a.ndim == 0 or m == 1 and spec is not OP.CumsumOp:   # the values, in a new array
        return wrap(rec, a.reshape(out_shape).copy())
    if len(axes) == 1:
        ax = axes[0]
        outer, inner = int(np.prod(a.shape[:ax])), int(np.prod(a.shape[ax + 1:]))
        src = a
    else:
        src = a.transpose(keep + list(axes))
        outer, inner = int(np.prod([a.shape[d] for d in keep])), 1
    if not rec.blocks:
        chain = _chain(rec, BY_NAME[spec.chain].code, src.reshape(outer, m, inner))
        return wrap(rec, chain[:, -1, :].reshape(out_shape))
    return wrap(rec, rec.record_block(spec, [src], (outer, m, inner), out_shape))


@implements(np.sum)
def sum_(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _refuse_kwargs("sum", out=out, initial=initial, where=where)
    return _reduce(OP.SumOp, a, axis, keepdims, empty=0.0)


@implements(np.prod)
def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _refuse_kwargs("prod", out=out, initial=initial, where=where)
    return _reduce(OP.ProdOp, a, axis, keepdims, empty=1.0)


@implements(np.max, np.amax)
def max_(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    _refuse_kwargs("max", out=out, initial=initial, where=where)
    return _reduce(OP.MaxOp, a, axis, keepdims)


@implements(np.min, np.amin)
def min_(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    _refuse_kwargs("min", out=out, initial=initial, where=where)
    return _reduce(OP.MinOp, a, axis, keepdims)


@implements(np.mean)
def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    _refuse_kwargs("mean", out=out, where=where)
    shape = np.shape(a) if type(a) is not ADArray else a.shape
    count = int(np.prod([shape[d] for d in _normalize_axes(axis, len(shape))]))
    return np.sum(a, axis=axis, keepdims=keepdims) * (1.0 / count) if count else \
        np.sum(a, axis=axis, keepdims=keepdims) * np.nan


@implements(np.var)
def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    """Mean squared deviation from the mean (two passes, as NumPy), divided by count - ddof."""
    _refuse_kwargs("var", out=out, where=where)
    shape = np.shape(a)
    count = int(np.prod([shape[d] for d in _normalize_axes(axis, len(shape))]))
    d = a - np.mean(a, axis=axis, keepdims=True)
    return np.sum(d * d, axis=axis, keepdims=keepdims) * (1.0 / max(count - ddof, 0) if
                                                          count > ddof else np.inf)


@implements(np.std)
def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    _refuse_kwargs("std", out=out, where=where)
    return np.sqrt(np.var(a, axis=axis, ddof=ddof, keepdims=keepdims))


@implements(np.cumsum)
def cumsum(a, axis=None, dtype=None, out=None):
    _refuse_kwargs("cumsum", out=out)
    if axis is None:
        a = np.ravel(a)
        axis = 0
    rec = recorder_of(a)
    addr = addr_array(rec, a)
    ax = _normalize_axes(axis, addr.ndim)[0]
    m = addr.shape[ax]
    if m == 0:
        return wrap(rec, addr)
    outer, inner = int(np.prod(addr.shape[:ax])), int(np.prod(addr.shape[ax + 1:]))
    if not rec.blocks:
        return wrap(rec, _chain(rec, _ADD, addr.reshape(outer, m, inner)).reshape(addr.shape))
    params = OP.CumsumOp.Params(outer=outer, m=m, inner=inner)
    return wrap(rec, rec.record_block(OP.CumsumOp, [addr], params, addr.shape))


# ---- products ----------------------------------------------------------------------------
def _matmul2(rec, a, b):
    """(m, k) @ (k, n) on address arrays: one MatMulOp, or scalar ops when atomic is off."""
    m, k = a.shape
    n = b.shape[1]
    if k == 0:
        return np.full((m, n), rec.const(0.0), dtype=np.int64)
    if not rec.blocks:
        out = np.empty((m, n), dtype=np.int64)
        for i in range(m):
            for j in range(n):
                c = rec.scalar_op(_MUL, (int(a[i, 0]), int(b[0, j])))
                for t in range(1, k):
                    c = rec.scalar_op(_ADD, (c, rec.scalar_op(_MUL, (int(a[i, t]),
                                                                      int(b[t, j])))))
                out[i, j] = c
        return out
    return rec.record_block(OP.MatMulOp, [a, b], OP.MatMulOp.Params(m=m, k=k, n=n), (m, n))


@implements(np.matmul)
def matmul(x1, x2, out=None, **kwargs):
    _refuse_kwargs("matmul", out=out)
    if is_complex(x1) or is_complex(x2):
        return complex_matmul(x1, x2)
    rec = recorder_of(x1, x2)
    a, b = addr_array(rec, x1), addr_array(rec, x2)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: input operand does not have enough dimensions")
    if a.ndim > 2 or b.ndim > 2:
        batch = np.broadcast_shapes(a.shape[:-2] if a.ndim > 2 else (),
                                    b.shape[:-2] if b.ndim > 2 else ())
        aa = np.broadcast_to(a, batch + a.shape[-2:]) if a.ndim > 1 else a
        bb = np.broadcast_to(b, batch + b.shape[-2:]) if b.ndim > 1 else b
        parts = [np.matmul(wrap(rec, aa[i] if aa.ndim > 1 else aa),
                           wrap(rec, bb[i] if bb.ndim > 1 else bb))
                 for i in np.ndindex(*batch)]
        return np.reshape(np.stack(parts), batch + parts[0].shape)
    a2 = a if a.ndim == 2 else a[None, :]
    b2 = b if b.ndim == 2 else b[:, None]
    if a2.shape[1] != b2.shape[0]:
        raise ValueError(f"matmul: mismatch in core dimension 0 with gufunc signature "
                         f"(n?,k),(k,m?)->(n?,m?) (size {b2.shape[0]} is different from "
                         f"{a2.shape[1]})")
    c = _matmul2(rec, a2, b2)
    if a.ndim == 1:
        c = c[0]
    if b.ndim == 1:
        c = c[..., 0]
    return wrap(rec, c)


@implements(np.dot)
def dot(a, b, out=None):
    _refuse_kwargs("dot", out=out)
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return a * b
    if np.ndim(a) > 2 or np.ndim(b) > 2:
        raise TracingError("np.dot of arrays with more than 2 dimensions is not supported on "
                           "traced arrays; use np.matmul or np.einsum-free reshapes")
    return np.matmul(a, b)


@implements(np.outer)
def outer(a, b, out=None):
    _refuse_kwargs("outer", out=out)
    return np.matmul(np.reshape(np.ravel(a), (-1, 1)), np.reshape(np.ravel(b), (1, -1)))


@implements(np.vdot)
def vdot(a, b):
    """np.vdot: the flattened first argument conjugated, dotted with the second."""
    return np.matmul(np.ravel(np.conj(a)), np.ravel(b))


def logsumexp(a, axis=None, keepdims=False):
    """log(sum(exp(a))) along ``axis``, stable for large arguments (the maximum is factored
    out); its gradient is the softmax.  Works on traced and plain arrays.

    >>> import numpy as np, numtape as nt
    >>> float(nt.logsumexp(np.array([1000.0, 1000.0])))
    1000.6931471805599
    """
    if recorder_of(a) is None:
        return scipy.special.logsumexp(a, axis=axis, keepdims=keepdims)
    m = np.max(a, axis=axis, keepdims=True)
    # the shift's terms cancel in the derivative; an infinite maximum is not shifted by (as
    # SciPy: all -inf gives -inf, a +inf entry gives +inf; inf - inf would be NaN)
    m = np.where((m - m) == 0.0, m, 0.0)
    s = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    return s if keepdims else np.squeeze(s, axis=axis)


# ufunc methods (np.add.reduce(x, axis=0) ...): NumPy's default axis is 0, passed by the caller
UFUNC_METHODS.update({(np.add, "reduce"): sum_, (np.multiply, "reduce"): prod,
                      (np.maximum, "reduce"): max_, (np.minimum, "reduce"): min_,
                      (np.add, "accumulate"): cumsum, (np.logaddexp, "reduce"): logsumexp})
