"""Complex intermediates (RTMB's ADcomplex): a complex traced value is a pair of real parts.

``ADComplex`` holds ``re`` and ``im``, each an ADArray or a plain float64 array (at least one
traced), and records complex arithmetic as ordinary real ops on the pair, so every derivative
path of numtape (reverse, tangent, ``jacfun``, Hessians) applies unchanged.  Tape inputs and
outputs stay real: ``np.real``, ``np.imag``, ``np.abs`` or ``np.angle`` bring a value back.

Conventions: division uses the plain formula ((ac + bd) + (bc - ad)i) / (c^2 + d^2), not
Smith's algorithm (it can overflow or underflow for parts near the float64 range); sqrt is the
principal branch, on the negative real axis the sign of a zero imaginary part decides the side
(as in NumPy).  Parts that are constant zeros are skipped, so ``1j * x`` records one op; NumPy
adds those zeros, so a traced part equal to -0.0 can keep a sign NumPy would turn into +0.0.

>>> import numpy as np, numtape as nt
>>> F = nt.MakeTape(lambda x: np.abs(np.exp((x[0] + 1j * x[1]) * (x[2] - 1j))), np.ones(3))
>>> bool(np.isclose(F(np.ones(3)), np.abs(np.exp((1 + 1j) * (1 - 1j)))))
True
"""
from __future__ import annotations

import numpy as np

from numtape.trace.adarray import _CONVERSION_HINT, ADArray, ArrayMethods, is_complex
from numtape.errors import TracingError
from numtape.ops import BY_UFUNC, OP, OPS, Complex

COMPLEX_FUNCTIONS: dict = {}   # NumPy function -> implementation on ADComplex (and mixed) args


def _plain(p):
    return type(p) is not ADArray


def _zero(p):
    """A constant part that is exactly zero (skipped by the arithmetic below)."""
    return _plain(p) and not np.any(p)


def _one(p, other):
    """A constant part equal to one that broadcasts to ``other``'s shape (a no-op factor)."""
    return (_plain(p) and np.ndim(p) <= np.ndim(other) and np.all(p == 1.0)
            and np.broadcast_shapes(np.shape(p), np.shape(other)) == np.shape(other))


def _add(p, q):
    return q if _zero(p) else p if _zero(q) else p + q


def _sub(p, q):
    return p if _zero(q) else -q if _zero(p) else p - q


def _mul(p, q):
    if _zero(p) or _zero(q):
        return np.zeros(np.broadcast_shapes(np.shape(p), np.shape(q)))
    return q if _one(p, q) else p if _one(q, p) else p * q


def _div(p, q):
    return np.zeros(np.broadcast_shapes(np.shape(p), np.shape(q))) if _zero(p) else p / q


def _mm(p, q):
    return np.matmul(np.zeros(np.shape(p)), np.zeros(np.shape(q))) if _zero(p) or _zero(q) \
        else np.matmul(p, q)


def _hypot(a, b):
    return np.abs(b) if _zero(a) else np.abs(a) if _zero(b) else np.hypot(a, b)


def split(v):
    """(re, im) of a traced or constant value; constants become float64 arrays."""
    if type(v) is ADComplex:
        return v.re, v.im
    if type(v) is ADArray:
        return v, np.zeros(v.shape)
    a = np.asarray(v)
    if a.dtype.kind not in "biufc":
        raise TypeError(f"cannot use a {a.dtype} value as a constant of a tape")
    return a.real.astype(np.float64), np.imag(a).astype(np.float64)


def make(re, im):
    """An ADComplex from two parts, or a plain complex array when neither part is traced."""
    if _plain(re) and _plain(im):
        return np.asarray(re) + 1j * np.asarray(im)
    z = object.__new__(ADComplex)
    shape = np.broadcast_shapes(np.shape(re), np.shape(im))
    z.re = re if np.shape(re) == shape else np.broadcast_to(re, shape)
    z.im = im if np.shape(im) == shape else np.broadcast_to(im, shape)
    return z


# ---- the pair arithmetic, by the op names elementwise() records ---------------------------
def _mul_pairs(x, y):
    (a, b), (c, d) = split(x), split(y)
    return make(_sub(_mul(a, c), _mul(b, d)), _add(_mul(a, d), _mul(b, c)))


def _div_pairs(x, y):
    (a, b), (c, d) = split(x), split(y)
    if _zero(d):
        return make(_div(a, c), _div(b, c))
    den = _add(_mul(c, c), _mul(d, d))
    return make(_div(_add(_mul(a, c), _mul(b, d)), den),
                _div(_sub(_mul(b, c), _mul(a, d)), den))


def _exp(x):
    a, b = split(x)
    ea = np.exp(a)
    return make(_mul(ea, np.cos(b)), _mul(ea, np.sin(b)))


def _log(x):
    a, b = split(x)
    return make(np.log(_hypot(a, b)), np.arctan2(b, a))


def _copysign(t, b):
    if _plain(b):
        return np.where(np.signbit(b), -t, t)
    # arctan2(b, -1) is -pi for b = -0.0 and +pi for +0.0: the sign bit, with a finite partial
    return np.where(np.arctan2(b, -1.0) < 0.0, -t, t)


def _sqrt(x):
    """Principal sqrt, stable in both half-planes: t = sqrt((|a| + |z|) / 2) is never a
    difference of close numbers; the other part is b / (2t) (guarded to 0 at z = 0)."""
    a, b = split(x)
    t = np.sqrt((np.abs(a) + _hypot(a, b)) * 0.5)
    den = np.where(t > 0.0, 2.0 * t, 1.0)
    right = np.asarray(a >= 0.0) if _plain(a) else a >= 0.0
    return make(np.where(right, t, _div(np.abs(b), den)),
                np.where(right, _div(b, den), _copysign(t, b)))


def _power(x, p):
    if type(p) is ADArray or type(p) is ADComplex or np.iscomplexobj(p) or np.ndim(p) > 0:
        raise TracingError("complex power: only a constant real scalar exponent is supported "
                           "on complex traced values")
    p = float(p)
    if not np.isfinite(p):
        raise ValueError(f"complex power: the exponent must be finite, got {p}")
    if p == 0.5:
        return _sqrt(x)
    if p != int(p) or abs(p) > 64:
        return _exp(_mul_pairs(p, _log(x)))
    n, result, base = abs(int(p)), None, x
    if n == 0:
        return np.ones(np.shape(x)) + 0j
    while True:  # binary powering, as NumPy does for small integer exponents
        if n & 1:
            result = base if result is None else _mul_pairs(result, base)
        n >>= 1
        if not n:
            break
        base = _mul_pairs(base, base)
    return _div_pairs(1.0, result) if p < 0 else result


def _select(c, x, y):
    if is_complex(c):
        raise TypeError("np.where: the condition must be real, not complex")
    (a, b), (e, f) = split(x), split(y)
    return make(np.where(c, a, e), np.where(c, b, f))


def _equal(x, y):
    (a, b), (c, d) = split(x), split(y)
    return (a == c) & (b == d)


def _ordering(*_xs):
    raise TypeError("ordering comparisons (<, <=, >, >=, maximum, minimum) of complex values "
                    "are not defined; compare np.real(z), np.abs(z) or np.angle(z)")


# the rules of the ops declared complex=Complex.PAIRS (tests/test_complex.py holds the two
# to each other), by op name
_PAIR_OPS = {
    OP.AddOp.name: lambda x, y: make(*map(_add, split(x), split(y))),
    OP.SubOp.name: lambda x, y: make(*map(_sub, split(x), split(y))),
    OP.MulOp.name: _mul_pairs,
    OP.DivOp.name: _div_pairs,
    OP.PowOp.name: _power,
    OP.NegOp.name: lambda x: make(*(_sub(0.0, p) for p in split(x))),
    OP.AbsOp.name: lambda x: _hypot(*split(x)),
    OP.ExpOp.name: _exp,
    OP.LogOp.name: _log,
    OP.SqrtOp.name: _sqrt,
    OP.SquareOp.name: lambda x: _mul_pairs(x, x),
    OP.ReciprocalOp.name: lambda x: _div_pairs(1.0, x),
    OP.SelectOp.name: _select,
    OP.EqOp.name: _equal,
    OP.NeOp.name: lambda x, y: ~_equal(x, y),
    # the orderings (OpSpec.complex == Complex.UNORDERED) refuse complex values
    **{s.name: _ordering for s in OPS if s.complex is Complex.UNORDERED},
}
_UFUNC_OF = {spec.name: uf.__name__ for uf, spec in reversed(BY_UFUNC.items())}


def complex_elementwise(spec, *xs):
    """Record elementwise op ``spec`` on operands of which at least one is complex."""
    fn = _PAIR_OPS.get(spec.name)
    if fn is None:
        name = _UFUNC_OF.get(spec.name, spec.name)
        raise TracingError(f"np.{name} is not supported on complex traced values (supported: "
                           "+ - * / **, exp, log, sqrt, abs, real, imag, conj, angle, matmul)")
    return fn(*xs)


def complex_matmul(x, y):
    """X @ y with a complex operand: (A_re B_re - A_im B_im) + (A_re B_im + A_im B_re) i."""
    (a, b), (c, d) = split(x), split(y)
    return make(_sub(_mm(a, c), _mm(b, d)), _add(_mm(a, d), _mm(b, c)))


def _binary(fn):
    return (lambda self, other: fn(self, other)), (lambda self, other: fn(other, self))


class ADComplex(ArrayMethods):
    """A complex traced value: the pair (``re``, ``im``) of real parts (see module docstring).

    Users meet it as the result of ``x + 1j * y`` or of a traced array mixed with complex
    constants; it supports the NumPy surface listed in the README and nothing else.
    """

    __slots__ = ("re", "im")
    __array_priority__ = 1001
    __hash__ = None
    dtype = np.dtype(np.complex128)   # a class attribute: also marks the type as complex

    @property
    def shape(self):
        return np.shape(self.re)

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: int(np.prod(self.shape)))
    real = property(lambda self: self.re)
    imag = property(lambda self: self.im)

    def __len__(self):
        return len(self.re)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __repr__(self):
        return f"ADComplex(shape={self.shape}, traced)"

    def conj(self):
        return make(self.re, _sub(0.0, self.im))

    conjugate = conj

    # ---- structure: the same operation on both parts -----------------------------------
    def __getitem__(self, key):
        return make(self.re[key], self.im[key])

    def __setitem__(self, key, value):
        """z[key] = value, copying the parts first (O(size) per assignment: parts may be
        shared with other values, e.g. ``z.conj()`` shares ``re``); to fill an array element
        by element, fill real arrays for both parts and combine them once."""
        (vr, vi), parts = split(value), []
        traced = next(p for p in (vr, vi, self.re, self.im) if not _plain(p))
        for p, v in ((self.re, vr), (self.im, vi)):
            # a constant part becomes a traced array of constants that can be filled
            p = np.full_like(traced, p, shape=self.shape) if _plain(p) else p.copy()
            p[key] = v
            parts.append(p)
        self.re, self.im = parts

    def copy(self):
        return make(self.re, self.im)

    # ---- refused conversions -----------------------------------------------------------
    def _refuse(self, *_args, **_kw):
        raise TracingError(_CONVERSION_HINT)

    __bool__ = __int__ = __float__ = __complex__ = __index__ = item = _refuse

    def __array__(self, dtype=None, copy=None):
        raise TracingError("np.asarray of a complex traced value: " + _CONVERSION_HINT +
                           "; a real traced array cannot hold complex values, take np.real, "
                           "np.imag or np.abs first")

    # ---- arithmetic --------------------------------------------------------------------
    __add__, __radd__ = _binary(_PAIR_OPS[OP.AddOp.name])
    __sub__, __rsub__ = _binary(_PAIR_OPS[OP.SubOp.name])
    __mul__, __rmul__ = _binary(_PAIR_OPS[OP.MulOp.name])
    __truediv__, __rtruediv__ = _binary(_PAIR_OPS[OP.DivOp.name])
    __eq__ = _binary(_PAIR_OPS[OP.EqOp.name])[0]
    __ne__ = _binary(_PAIR_OPS[OP.NeOp.name])[0]
    __lt__ = __le__ = __gt__ = __ge__ = _ordering

    __neg__ = _PAIR_OPS[OP.NegOp.name]
    __abs__ = _PAIR_OPS[OP.AbsOp.name]
    __pow__ = _power
    __matmul__, __rmatmul__ = _binary(complex_matmul)

    def __pos__(self):
        return self

    def __rpow__(self, other):
        raise TracingError("a complex traced exponent is not supported; write "
                           "np.exp(z * np.log(base))")

    # ---- NumPy protocols ---------------------------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if (ufunc, method) == (np.add, "reduce"):
            return np.sum(inputs[0], axis=kwargs.get("axis", 0))
        if method != "__call__" or kwargs:
            raise TracingError(f"np.{ufunc.__name__}.{method} (or keywords {sorted(kwargs)}) "
                               "is not supported on complex traced values")
        if ufunc is np.conjugate:
            return inputs[0].conj() if type(inputs[0]) is ADComplex else inputs[0]
        if ufunc is np.matmul:
            return complex_matmul(*inputs)
        if ufunc is np.positive:
            return inputs[0]
        if ufunc is np.power:
            return _power(*inputs)
        spec = BY_UFUNC.get(ufunc)
        if spec is None:
            raise TracingError(f"np.{ufunc.__name__} is not supported on complex traced "
                               "values")
        return complex_elementwise(spec, *inputs)

    def __array_function__(self, func, types, args, kwargs):
        impl = COMPLEX_FUNCTIONS.get(func)
        if impl is None:
            raise TracingError(f"np.{func.__name__} is not supported on complex traced values;"
                               " see the README for the supported surface")
        return impl(*args, **kwargs)


# ---- NumPy functions ---------------------------------------------------------------------
def _implements(*funcs):
    def deco(impl):
        COMPLEX_FUNCTIONS.update(dict.fromkeys(funcs, impl))
        return impl
    return deco


def _per_part(func):
    """Register a NumPy function that is real-linear (structural ops, sums): per part."""
    @_implements(func)
    def impl(z, *args, **kwargs):
        re, im = split(z)
        return make(func(re, *args, **kwargs), func(im, *args, **kwargs))


for _f in (np.reshape, np.ravel, np.transpose, np.swapaxes, np.moveaxis, np.squeeze,
           np.expand_dims, np.atleast_1d, np.atleast_2d, np.broadcast_to, np.flip, np.roll,
           np.repeat, np.tile, np.take, np.diagonal, np.diag, np.trace, np.sum, np.mean,
           np.cumsum, np.diff, np.copy):
    _per_part(_f)


def _sequence(func):
    @_implements(func)
    def impl(arrays, *args, **kwargs):
        parts = [split(z) for z in arrays]
        return make(func([p[0] for p in parts], *args, **kwargs),
                    func([p[1] for p in parts], *args, **kwargs))


for _f in (np.concatenate, np.stack, np.hstack, np.vstack, np.column_stack):
    _sequence(_f)


_implements(np.real)(lambda z: split(z)[0])
_implements(np.imag)(lambda z: split(z)[1])
_implements(np.shape)(lambda z: z.shape)
_implements(np.ndim)(lambda z: z.ndim)
_implements(np.size)(lambda z: z.size)
_implements(np.iscomplexobj)(lambda z: True)
_implements(np.where)(lambda c, x, y: _select(c, x, y))


@_implements(np.dot)
def dot(a, b):
    """np.dot for scalars, vectors and matrices (the cases where it equals matmul)."""
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return _mul_pairs(a, b)
    if np.ndim(a) > 2 or np.ndim(b) > 2:
        raise TracingError("np.dot of complex arrays with more than 2 dimensions is not "
                           "supported; use np.matmul")
    return complex_matmul(a, b)


@_implements(np.angle)
def angle(z, deg=False):
    """np.angle: arctan2(im, re) (in degrees with ``deg=True``)."""
    re, im = split(z)
    a = np.arctan2(im, re)
    return a * (180.0 / np.pi) if deg else a


