"""Elementwise ops: value and local partials, written once in duck-typed NumPy.

Each partial is called as ``d(*x, y)`` with the operand values and the op's output; it runs
jitted inside the sweeps and on ADArrays when a derivative tape is recorded.  Conventions at
kinks: abs'(0) = 0; maximum/minimum send the derivative to the first argument on ties;
sqrt'(0) = inf (use np.where to guard it: the untaken branch contributes exactly zero).
"""
import math

import numpy as np

from numtape.ops import elementwise_op as ew
from numtape.ops._duck import select

LN2 = math.log(2.0)
LN10 = math.log(10.0)


def _zero(*_):
    return 0.0


def _one(*_):
    return 1.0


# ---- unary: name, value, dy/dx, numpy ufuncs recorded as this op ---------------------------
ew("NegOp", lambda x: -x, [lambda x, y: -1.0], ufuncs=[np.negative])
ew("AbsOp", lambda x: np.abs(x), [lambda x, y: np.sign(x)], ufuncs=[np.absolute, np.fabs])
ew("ExpOp", lambda x: np.exp(x), [lambda x, y: y], ufuncs=[np.exp])
ew("Exp2Op", lambda x: np.exp2(x), [lambda x, y: y * LN2], ufuncs=[np.exp2])
ew("Expm1Op", lambda x: np.expm1(x), [lambda x, y: y + 1.0], ufuncs=[np.expm1])
ew("LogOp", lambda x: np.log(x), [lambda x, y: 1.0 / x], ufuncs=[np.log])
ew("Log2Op", lambda x: np.log2(x), [lambda x, y: 1.0 / (x * LN2)], ufuncs=[np.log2])
ew("Log10Op", lambda x: np.log10(x), [lambda x, y: 1.0 / (x * LN10)], ufuncs=[np.log10])
ew("Log1pOp", lambda x: np.log1p(x), [lambda x, y: 1.0 / (1.0 + x)], ufuncs=[np.log1p])
ew("SqrtOp", lambda x: np.sqrt(x), [lambda x, y: 0.5 / y], ufuncs=[np.sqrt])
ew("CbrtOp", lambda x: np.cbrt(x), [lambda x, y: 1.0 / (3.0 * y * y)], ufuncs=[np.cbrt])
ew("SquareOp", lambda x: x * x, [lambda x, y: 2.0 * x], ufuncs=[np.square])
ew("ReciprocalOp", lambda x: 1.0 / x, [lambda x, y: -(y * y)], ufuncs=[np.reciprocal])
ew("SinOp", lambda x: np.sin(x), [lambda x, y: np.cos(x)], ufuncs=[np.sin])
ew("CosOp", lambda x: np.cos(x), [lambda x, y: -np.sin(x)], ufuncs=[np.cos])
ew("TanOp", lambda x: np.tan(x), [lambda x, y: 1.0 + y * y], ufuncs=[np.tan])
ew("ArcsinOp", lambda x: np.arcsin(x), [lambda x, y: 1.0 / np.sqrt(1.0 - x * x)],
   ufuncs=[np.arcsin])
ew("ArccosOp", lambda x: np.arccos(x), [lambda x, y: -1.0 / np.sqrt(1.0 - x * x)],
   ufuncs=[np.arccos])
ew("ArctanOp", lambda x: np.arctan(x), [lambda x, y: 1.0 / (1.0 + x * x)], ufuncs=[np.arctan])
ew("SinhOp", lambda x: np.sinh(x), [lambda x, y: np.cosh(x)], ufuncs=[np.sinh])
ew("CoshOp", lambda x: np.cosh(x), [lambda x, y: np.sinh(x)], ufuncs=[np.cosh])
ew("TanhOp", lambda x: np.tanh(x), [lambda x, y: 1.0 - y * y], ufuncs=[np.tanh])
# hypot(x, 1) and sqrt(x-1)*sqrt(x+1) avoid overflowing x*x for large |x|
ew("ArcsinhOp", lambda x: np.arcsinh(x), [lambda x, y: 1.0 / np.hypot(x, 1.0)],
   ufuncs=[np.arcsinh])
ew("ArccoshOp", lambda x: np.arccosh(x),
   [lambda x, y: 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))], ufuncs=[np.arccosh])
ew("ArctanhOp", lambda x: np.arctanh(x), [lambda x, y: 1.0 / (1.0 - x * x)],
   ufuncs=[np.arctanh])
ew("SignOp", lambda x: np.sign(x), [_zero], ufuncs=[np.sign], zero_derivative=True)

# ---- binary: partials are d(a, b, y) ------------------------------------------------------
ew("AddOp", lambda a, b: a + b, [_one, _one], ufuncs=[np.add])
ew("SubOp", lambda a, b: a - b, [_one, lambda a, b, y: -1.0], ufuncs=[np.subtract])
ew("MulOp", lambda a, b: a * b, [lambda a, b, y: b, lambda a, b, y: a], ufuncs=[np.multiply])
ew("DivOp", lambda a, b: a / b, [lambda a, b, y: 1.0 / b, lambda a, b, y: -y / b],
   ufuncs=[np.divide, np.true_divide])
# d/db a**b = y log a, taken as 0 where y == 0 (so 0**b and constant-exponent tapes stay finite)
ew("PowOp", lambda a, b: a ** b,
   [lambda a, b, y: b * a ** (b - 1.0), lambda a, b, y: select(y == 0.0, 0.0, y * np.log(a))],
   ufuncs=[np.power, np.float_power])
ew("Arctan2Op", lambda a, b: np.arctan2(a, b),
   [lambda a, b, y: b / (a * a + b * b), lambda a, b, y: -a / (a * a + b * b)],
   ufuncs=[np.arctan2])
ew("HypotOp", lambda a, b: np.hypot(a, b),
   [lambda a, b, y: select(y == 0.0, 0.0, a / y), lambda a, b, y: select(y == 0.0, 0.0, b / y)],
   ufuncs=[np.hypot])
ew("MaximumOp", lambda a, b: np.maximum(a, b),
   [lambda a, b, y: (a >= b) * 1.0, lambda a, b, y: (a < b) * 1.0], ufuncs=[np.maximum])
ew("MinimumOp", lambda a, b: np.minimum(a, b),
   [lambda a, b, y: (a <= b) * 1.0, lambda a, b, y: (a > b) * 1.0], ufuncs=[np.minimum])
# fmax/fmin ignore a NaN argument, so the derivative goes to the other one
ew("FmaxOp", lambda a, b: np.fmax(a, b),
   [lambda a, b, y: select(b != b, 1.0, (a >= b) * 1.0),
    lambda a, b, y: select(b != b, 0.0, (a < b) * 1.0)], ufuncs=[np.fmax])
ew("FminOp", lambda a, b: np.fmin(a, b),
   [lambda a, b, y: select(b != b, 1.0, (a <= b) * 1.0),
    lambda a, b, y: select(b != b, 0.0, (a > b) * 1.0)], ufuncs=[np.fmin])
ew("LogaddexpOp", lambda a, b: np.logaddexp(a, b),
   [lambda a, b, y: np.exp(a - y), lambda a, b, y: np.exp(b - y)], ufuncs=[np.logaddexp])

# ---- comparisons: 0.0 / 1.0 values, zero derivative ---------------------------------------
ew("LtOp", lambda a, b: (a < b) * 1.0, [_zero, _zero], ufuncs=[np.less], zero_derivative=True)
ew("LeOp", lambda a, b: (a <= b) * 1.0, [_zero, _zero], ufuncs=[np.less_equal],
   zero_derivative=True)
ew("GtOp", lambda a, b: (a > b) * 1.0, [_zero, _zero], ufuncs=[np.greater], zero_derivative=True)
ew("GeOp", lambda a, b: (a >= b) * 1.0, [_zero, _zero], ufuncs=[np.greater_equal],
   zero_derivative=True)
ew("EqOp", lambda a, b: (a == b) * 1.0, [_zero, _zero], ufuncs=[np.equal], zero_derivative=True)
ew("NeOp", lambda a, b: (a != b) * 1.0, [_zero, _zero], ufuncs=[np.not_equal],
   zero_derivative=True)
ew("AndOp", lambda a, b: ((a != 0.0) & (b != 0.0)) * 1.0, [_zero, _zero],
   ufuncs=[np.logical_and], zero_derivative=True)
ew("OrOp", lambda a, b: ((a != 0.0) | (b != 0.0)) * 1.0, [_zero, _zero],
   ufuncs=[np.logical_or], zero_derivative=True)
ew("NotOp", lambda a: (a == 0.0) * 1.0, [_zero], ufuncs=[np.logical_not], zero_derivative=True)

# ---- conditional select (CppAD's CondExp): re-decided at every sweep; the branch not taken
# gets an exactly-zero partial, which the sweeps skip ---------------------------------------
ew("SelectOp", lambda c, a, b: select(c != 0.0, a, b),
   [_zero, lambda c, a, b, y: (c != 0.0) * 1.0, lambda c, a, b, y: (c == 0.0) * 1.0])

# ---- the product derivative rules use: 0 * anything = 0, so an exactly-zero adjoint stays
# exactly zero through infinite partials when derivative tapes are recorded ---------------
ew("ChainMulOp", lambda a, b: select((a == 0.0) | (b == 0.0), 0.0, a * b),
   [lambda a, b, y: b, lambda a, b, y: a])
