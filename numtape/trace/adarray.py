"""ADArray: a traced array is a NumPy array of arena addresses with the user's shape.

Structural operations (indexing, slicing, reshape, transpose, concatenate, broadcast, ...) are
the same NumPy operation on the address array: no op is recorded.  Item assignment writes an
address: O(1).  An arithmetic op needs its operands as contiguous blocks; one that is not (a
fancy index, a filled array, a broadcast) is gathered once, then.  A scalar is an int address.
"""
from __future__ import annotations

import linecache
import re
import sys

import numpy as np

from numtape.errors import TracingError
from numtape.ops import BY_NAME, BY_UFUNC, OP, OPS
from numtape.trace.recorder import (elementwise, inactive_error, is_complex, operand,
                                     record_block, wrap)

HANDLED_FUNCTIONS: dict = {}
NAMED_FUNCTIONS: dict = {}  # functions outside NumPy's protocols, by name (``__nt_function__``)
UFUNC_METHODS: dict = {}   # (ufunc, "reduce"/"accumulate") -> implementation (surface/functions.py)

_CONVERSION_HINT = ("traced values have no concrete value while recording: use np.where(cond, "
                    "a, b) instead of if/else on traced values, and create arrays you fill with "
                    "traced values with np.zeros_like(x) or nt.zeros(shape)")


# The Python-loop fast paths: one op per scalar operation, recorded by ``_op`` (Recorder.scalar_op's
# lines, operands appended one by one, the result made by ADArray()): recording a Python loop
# is this code, run once per op (benchmarks/costs.py, ``recording``).
def _op(rec, code, a, b=None):
    """Record a size-1 op of operand addresses ``a`` (and ``b``: ints); its 0-d ADArray."""
    rec.op_append(code)
    rec.arg_append(a)
    if b is not None:
        rec.arg_append(b)
    t = rec.top
    rec.top = t + 1
    r = ADArray()
    r._a = t
    r._rec = rec
    return r


_NUMBER = (float, int, np.float64)


def _binary(spec):
    code = spec.code

    def op(self, other):
        # fast path: scalar (op) scalar or scalar (op) Python number, the Python-loop case
        rec = self._rec
        a = self._a
        if type(a) is int and rec.active:
            t = type(other)
            if t is ADArray:
                b = other._a
                if type(b) is int and other._rec is rec:
                    return _op(rec, code, a, b)
            elif t in _NUMBER:
                return _op(rec, code, a, rec.const(float(other)))
        return elementwise(spec, self, other)

    def rop(self, other):
        rec = self._rec
        b = self._a
        if type(b) is int and rec.active and type(other) in _NUMBER:
            return _op(rec, code, rec.const(float(other)), b)
        return elementwise(spec, other, self)

    return op, rop


def _unary(spec):
    code = spec.code

    def op(self):
        if type(self._a) is int and self._rec.active:
            return _op(self._rec, code, self._a)
        return elementwise(spec, self)
    return op


_UFUNC_FAST = {uf: spec.code for uf, spec in BY_UFUNC.items() if spec.arity == 1}
_SPECIAL_POWERS = {s.power: s for s in OPS if s.power is not None}   # OpSpec.power


def power(a, b):
    """A ** b; exponents 2, 0.5 and -1 record SquareOp/SqrtOp/ReciprocalOp, as NumPy computes
    them the same way."""
    if type(b) in (int, float) or (isinstance(b, np.ndarray) and b.ndim == 0 and
                                    b.dtype.kind in "iuf"):
        spec = _SPECIAL_POWERS.get(float(b))
        if spec is not None:
            return elementwise(spec, a)
        if float(b) == 1.0:   # the value itself, in new addresses (NumPy returns a new array)
            return a.copy() if type(a) is ADArray else elementwise(OP.PowOp, a, b)
    return elementwise(OP.PowOp, a, b)


class ArrayMethods:
    """ndarray's methods that are NumPy functions, for traced arrays (real and complex): each
    dispatches to the function, so the registries decide what is supported."""

    __slots__ = ()

    def reshape(self, *shape, order="C"):
        return np.reshape(self, shape[0] if len(shape) == 1 else shape, order=order)

    def ravel(self, order="C"):
        return np.ravel(self, order=order)

    def flatten(self, order="C"):
        """A copy (NumPy's flatten never returns a view: assigning into it leaves self)."""
        return np.ravel(self, order=order).copy()

    def transpose(self, *axes):
        return np.transpose(self, axes[0] if len(axes) == 1 else (axes or None))

    @property
    def T(self):
        return np.transpose(self)

    def squeeze(self, axis=None):
        return np.squeeze(self, axis=axis)

    def swapaxes(self, a, b):
        return np.swapaxes(self, a, b)

    def sum(self, axis=None, keepdims=False):
        return np.sum(self, axis=axis, keepdims=keepdims)

    def prod(self, axis=None, keepdims=False):
        return np.prod(self, axis=axis, keepdims=keepdims)

    def mean(self, axis=None, keepdims=False):
        return np.mean(self, axis=axis, keepdims=keepdims)

    def max(self, axis=None, keepdims=False):
        return np.max(self, axis=axis, keepdims=keepdims)

    def min(self, axis=None, keepdims=False):
        return np.min(self, axis=axis, keepdims=keepdims)

    def var(self, axis=None, ddof=0, keepdims=False):
        return np.var(self, axis=axis, ddof=ddof, keepdims=keepdims)

    def std(self, axis=None, ddof=0, keepdims=False):
        return np.std(self, axis=axis, ddof=ddof, keepdims=keepdims)

    def cumsum(self, axis=None):
        return np.cumsum(self, axis=axis)

    def dot(self, other):
        return np.dot(self, other)

    def clip(self, a_min=None, a_max=None):
        return np.clip(self, a_min, a_max)

    def repeat(self, repeats, axis=None):
        return np.repeat(self, repeats, axis=axis)

    def take(self, indices, axis=None):
        return np.take(self, indices, axis=axis)


class ADArray(ArrayMethods):
    """A traced float64 array (see module docstring).  Users meet it inside ``f`` of MakeTape."""

    __slots__ = ("_a", "_rec")
    __array_priority__ = 1000
    __nt_traced__ = True   # how lower layers (Tape.__call__, op rules) recognize traced values

    def __nt_elementwise__(self, name, *operands):
        """Record elementwise op ``name`` on ``operands`` (how op formulas record)."""
        return elementwise(BY_NAME[name], *operands)

    def __nt_block__(self, name, operands, params, shape):
        """Record block op ``name`` on ``operands`` (how op rules record block ops)."""
        return record_block(name, operands, params, shape)

    @staticmethod
    def __nt_function__(name):
        """The traced implementation of ``name`` (e.g. "solve_triangular"), for op rules."""
        return NAMED_FUNCTIONS[name]

    # ---- shape -------------------------------------------------------------------------
    @property
    def shape(self):
        return () if type(self._a) is int else self._a.shape

    @property
    def ndim(self):
        return 0 if type(self._a) is int else self._a.ndim

    @property
    def size(self):
        return 1 if type(self._a) is int else self._a.size

    @property
    def dtype(self):
        return np.dtype(np.float64)

    @property
    def addresses(self) -> np.ndarray:
        """A copy of the (provisional) arena addresses, for inspection."""
        return np.array(self._a, dtype=np.int64)

    def __len__(self):
        if type(self._a) is int:
            raise TypeError("len() of a 0-d traced array")
        return len(self._a)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __repr__(self):
        return f"ADArray(shape={self.shape}, traced)"

    # ---- indexing: address bookkeeping only --------------------------------------------
    def __getitem__(self, key):
        a = self._a
        if type(key) is int and type(a) is not int and a.ndim == 1:
            r = ADArray()
            r._a = a.item(key)
            r._rec = self._rec
            return r
        if type(key) is ADArray:   # traced indices (an argsort, an argmax): a TakeOp
            return HANDLED_FUNCTIONS[np.take](self, key, axis=0)
        _check_key(key)
        if type(a) is int:
            a = np.asarray(a)
        return wrap(self._rec, a[key])

    def __setitem__(self, key, value):
        rec = self._rec
        if not rec.active:
            raise inactive_error(rec)
        _check_key(key)
        v = operand(rec, value)
        if type(self._a) is int:
            raise TypeError("cannot assign into a 0-d traced value; rebind the name instead")
        self._a[key] = v

    # ---- refused conversions -----------------------------------------------------------
    def _refuse(self, *_args, **_kw):
        raise TracingError(_foreign_caller() + _math_call() + _CONVERSION_HINT)

    __bool__ = __int__ = __float__ = __index__ = __complex__ = _refuse

    def __round__(self, ndigits=None):
        raise TracingError("round() of a traced value: it has no number while recording, and "
                           "rounding is piecewise constant (its derivative is zero): round "
                           "data outside f, or keep the value unrounded")

    def __format__(self, spec):
        raise TracingError("formatting a traced value (f-string, format(), '%'): it has no "
                           "number while recording; print the results of F(x) outside f, or "
                           "F.print() for every node's value")

    def __hash__(self):
        raise TracingError("traced values are not hashable (they are arrays): key a dict by "
                           "id(x) or by a name, or keep the values in a list")

    def __array__(self, dtype=None, copy=None):
        foreign = _foreign_caller()
        raise TracingError(foreign + "np.asarray/np.array of a traced array" + (
            "" if foreign else ": if you wrote np.asarray(x) or np.array(x) of a traced x, drop "
            "it: a traced value already works as an array (np.sum, np.exp, @, indexing)") +
            "; " + _CONVERSION_HINT + "; combine traced values with np.stack or "
            "np.concatenate, or build them with np.array([[a, b], [b, c]], like=x) (x any "
            "traced array)")

    def item(self, *args):
        raise TracingError(_foreign_caller() + _CONVERSION_HINT)

    tolist = item

    # ---- arithmetic --------------------------------------------------------------------
    __add__, __radd__ = _binary(OP.AddOp)
    __sub__, __rsub__ = _binary(OP.SubOp)
    __mul__, __rmul__ = _binary(OP.MulOp)
    __truediv__, __rtruediv__ = _binary(OP.DivOp)
    # comparisons need no reflected form: Python swaps them (0 < x calls x > 0)
    __lt__ = _binary(OP.LtOp)[0]
    __le__ = _binary(OP.LeOp)[0]
    __gt__ = _binary(OP.GtOp)[0]
    __ge__ = _binary(OP.GeOp)[0]
    __eq__ = _binary(OP.EqOp)[0]
    __ne__ = _binary(OP.NeOp)[0]
    __and__, __rand__ = _binary(OP.AndOp)
    __or__, __ror__ = _binary(OP.OrOp)
    __neg__ = _unary(OP.NegOp)
    __abs__ = _unary(OP.AbsOp)
    __invert__ = _unary(OP.NotOp)

    def __pos__(self):
        return self.copy()   # a new array, as NumPy's: assigning into it leaves self alone

    def __pow__(self, other):
        return power(self, other)

    def __rpow__(self, other):
        return elementwise(OP.PowOp, other, self)

    def __matmul__(self, other):
        return HANDLED_FUNCTIONS[np.matmul](self, other)

    def __rmatmul__(self, other):
        return HANDLED_FUNCTIONS[np.matmul](other, self)

    def __mod__(self, other):
        return np.remainder(self, other)

    def __rmod__(self, other):
        return np.remainder(other, self)

    def __floordiv__(self, other):
        return np.floor_divide(self, other)

    def __rfloordiv__(self, other):
        return np.floor_divide(other, self)

    def __divmod__(self, other):
        return np.floor_divide(self, other), np.remainder(self, other)

    def __rdivmod__(self, other):
        return np.floor_divide(other, self), np.remainder(other, self)

    # ---- NumPy protocols ---------------------------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method == "__call__" and not kwargs and len(inputs) == 1:   # np.exp(x[i]): fast
            code = _UFUNC_FAST.get(ufunc)
            rec, a = self._rec, self._a
            if code is not None and type(a) is int and rec.active:
                return _op(rec, code, a)
        name = ufunc.__name__ + ("" if method == "__call__" else "." + method)
        if kwargs.get("out") is not None:
            raise TypeError(f"np.{name}(..., out=...) cannot write into a traced array; "
                            "assign the result instead")
        kwargs.pop("out", None)
        if kwargs.pop("dtype", None) not in (None, float, np.float64):
            raise TypeError(f"np.{name}: traced arrays are float64 only")
        reducer = UFUNC_METHODS.get((ufunc, method))
        if reducer is not None and method == "at":   # np.add.at(a, indices, b): in place
            if kwargs:
                raise TypeError(f"np.{name}: keywords are not supported")
            return reducer(*inputs)
        if reducer is not None:  # np.add.reduce(x, axis=0) etc.: NumPy's default axis is 0
            axis = kwargs.pop("axis", 0)
            keep = {"keepdims": kwargs.pop("keepdims")} if "keepdims" in kwargs else {}
            if kwargs:
                raise TypeError(f"np.{name}: keyword(s) {sorted(kwargs)} are not supported on "
                                "traced arrays")
            return reducer(*inputs, axis=axis, **keep)
        if kwargs:
            raise TypeError(f"np.{name}: keyword(s) {sorted(kwargs)} are not supported on "
                            "traced arrays")
        if method == "__call__":
            if ufunc in HANDLED_FUNCTIONS:  # gufuncs such as np.matmul
                return HANDLED_FUNCTIONS[ufunc](*inputs)
            if ufunc is np.power:
                return power(*inputs)
            if ufunc is np.positive or ufunc is np.conjugate:   # real: the values, copied
                return inputs[0].copy()
            code = _UFUNC_FAST.get(ufunc)
            x = inputs[0]
            if code is not None and type(x) is ADArray and type(x._a) is int and x._rec.active:
                return _op(x._rec, code, x._a)
            spec = BY_UFUNC.get(ufunc)
            if spec is not None:
                return elementwise(spec, *inputs)
        raise TracingError(f"np.{name} is not supported on traced arrays (numtape has no "
                           "derivative rule for it)")

    def __array_function__(self, func, types, args, kwargs):
        if len(types) > 1 and any(map(is_complex, types)):
            return NotImplemented   # ADComplex.__array_function__ handles mixed arguments
        impl = HANDLED_FUNCTIONS.get(func)
        if impl is None:
            mod = getattr(func, "__module__", "numpy") or "numpy"
            raise TracingError(f"{mod}.{func.__name__} is not supported on traced arrays; "
                               "see the README for the supported NumPy surface")
        return impl(*args, **kwargs)

    # ---- methods mirroring ndarray (the rest: ArrayMethods) --------------------------
    def copy(self):
        return wrap(self._rec, np.array(self._a, dtype=np.int64) if type(self._a) is not int
                    else self._a)

    def astype(self, dtype, copy=True):
        if np.dtype(dtype) != np.float64:
            raise TypeError("traced arrays are float64 only")
        return self.copy() if copy else self


# SciPy routines that run compiled code on numbers: what to use instead, by subpackage
_ALTERNATIVES = {
    "integrate": "write the integration in NumPy inside f (a fixed-step Runge-Kutta loop, or "
                 "quadrature on fixed nodes: np.sum(w * g(nodes)))",
    "optimize": "an inner optimum is F.newton(random) (a tape with implicit-function "
                "derivatives); optimize outside f, over the tape",
    "signal": "numtape.scipy.signal.convolve, np.convolve, or the filter written as a loop",
    "interpolate": "np.interp-style interpolation written with np.where, or fit outside f",
    "linalg": "numtape.scipy.linalg (cho_factor, cho_solve, solve_triangular, solve, "
              "block_diag, expm) or np.linalg",
}


def _foreign_caller():
    """'scipy.integrate.odeint cannot take traced values ...: use ...; ' when a SciPy routine
    (not a ufunc: those record) is converting the traced value, else ''."""
    frame = sys._getframe(2)
    while frame is not None:
        mod = frame.f_globals.get("__name__", "")
        if mod.startswith("scipy."):
            outer = frame     # the routine the user called: the outermost SciPy frame
            while outer.f_back is not None and \
                    outer.f_back.f_globals.get("__name__", "").startswith("scipy."):
                outer = outer.f_back
            parts = outer.f_globals.get("__name__", "").split(".")
            sub = parts[1].lstrip("_") if len(parts) > 1 else ""
            name = outer.f_code.co_name
            if sub == "stats" and hasattr(outer.f_locals.get("self"), "name"):
                family = outer.f_locals["self"].name   # a distribution's method
                return (f"scipy.stats.{family}.{name} cannot take traced values (it runs "
                        f"compiled code on numbers): use nt.distributions.{family}.{name} "
                        "(numtape.distributions keeps scipy.stats' names and signatures).  ")
            if sub == "special":
                return (f"scipy.special.{name} cannot take traced values (a Python function "
                        f"that converts its input): use numtape.scipy.special.{name} "
                        "(numtape.scipy is SciPy's drop-in for traced values).  ")
            hint = _ALTERNATIVES.get(sub, "compute it outside f, or write it in NumPy")
            return (f"scipy.{sub}.{name} cannot take traced values (it runs compiled code on "
                    f"numbers): {hint}.  ")
        frame = frame.f_back
    return ""


_MATH_CALL = re.compile(r"\bmath\.(\w+)\(")


def _math_call():
    """'math.log needs a number: use np.log ...; ' when the line converting the traced value
    calls a function of Python's math module, else ''."""
    frame = sys._getframe(2)
    line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
    m = _MATH_CALL.search(line)
    if m is None:
        return ""
    return (f"math.{m.group(1)} takes a Python number: use np.{m.group(1)}, which records on "
            "traced values.  ")


def _check_key(key):
    keys = key if isinstance(key, tuple) else (key,)
    for k in keys:
        if type(k) is ADArray:
            raise TracingError("indexing with a traced value inside a tuple key: use x[idx] "
                               "with one traced index array, np.take or np.take_along_axis "
                               "(or np.where to select between values)")


assert all(spec.code == i for i, spec in enumerate(OPS))
