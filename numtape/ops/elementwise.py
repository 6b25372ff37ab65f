"""Elementwise ops: value and local partials, each written once as a duck-typed NumPy expression.

Operands are named ``x`` (unary), ``a, b`` (binary), ``c, a, b`` (ternary); ``y`` is the op's
output.  The expressions are pasted into the generated Numba sweeps, and compiled into Python
functions that run on ADArrays (to record derivative tapes) and on plain arrays (tests).
Names available: ``np``, ``sc`` (scipy.special; inside the kernels, kernels/special.py),
``vm`` (NumPy and SciPy's expit and log_expit; inside the kernels, the vectorizable exp, expm1,
log, log1p, tanh, expit and log_expit of kernels/vmath.py),
``vb`` (NumPy; inside the kernels, vmath's sin and cos, whose loops over blocks check their
arguments' range first: sweeps/emit.py ``element_loop``),
``select`` (np.where; a conditional expression inside the kernels), and the constants of
ops/formulas.py.  Conventions at
kinks: abs'(0) = 0; maximum/minimum send the derivative to the first argument on ties;
sqrt'(0) = inf (use np.where to guard it: the untaken branch contributes exactly zero).
"""
import numpy as np
import scipy.special as sc

from numtape.ops import Complex, Hessian, elementwise_op as ew
from numtape.ops.info import (BOOL, JETS, LOGIC, NZ, ORDERS, POS, R, TIES, WIDE, Away, Choice,
                              Edge, U)


# ---- unary: name, value, dy/dx, numpy ufuncs recorded as this op ---------------------------
ew("NegOp", "-x", ["-1.0"], ufuncs=[np.negative], hessian=Hessian.LINEAR,
   domain=(R,),
   base=True, complex=Complex.PAIRS)
ew("AbsOp", "np.abs(x)", ["np.sign(x)"], ufuncs=[np.absolute, np.fabs], hessian=Hessian.LINEAR,
   domain=(NZ,),
   edges=(Edge((1e-8,), (1.0,)),
          Edge((-1e-8,), (-1.0,)),
          Edge((1e-300,), (1.0,)),
          Edge((-5e-324,), (-1.0,)),
          Edge((0.0,), (0.0,), why="documented: abs'(0) = 0"),),
   complex=Complex.PAIRS)
ew("ExpOp", "vm.exp(x)", ["y"], ufuncs=[np.exp],
   domain=(WIDE,),
   complex=Complex.PAIRS)
ew("Exp2Op", "np.exp2(x)", ["y * LN2"], ufuncs=[np.exp2],
   domain=(WIDE,))
ew("Expm1Op", "vm.expm1(x)", ["vm.exp(x)"], ufuncs=[np.expm1],
   domain=(WIDE,))   # not y + 1: exact below -37
ew("LogOp", "vm.log(x)", ["1.0 / x"], ufuncs=[np.log],
   domain=(POS,),
   edges=(Edge((1e-300,), (1e300,)),),
   complex=Complex.PAIRS)
ew("Log2Op", "np.log2(x)", ["1.0 / (x * LN2)"], ufuncs=[np.log2],
   domain=(POS,),
   edges=(Edge((1e-300,), (1e300 / np.log(2.0),)),))
ew("Log10Op", "np.log10(x)", ["1.0 / (x * LN10)"], ufuncs=[np.log10],
   domain=(POS,),
   edges=(Edge((1e-300,), (1e300 / np.log(10.0),)),))
ew("Log1pOp", "vm.log1p(x)", ["1.0 / (1.0 + x)"], ufuncs=[np.log1p],
   domain=(U(-0.5, 3.0),),
   edges=(Edge((1e-300,), (1.0,)),
          Edge((-1 + 2 ** -40,), (2.0 ** 40,)),))
ew("SqrtOp", "np.sqrt(x)", ["0.5 / y"], ufuncs=[np.sqrt],
   domain=(POS,),
   edges=(Edge((1e-300,), (5e149,)),
          Edge((5e-324,), (0.5 / np.sqrt(5e-324),)),
          Edge((0.0,), (np.inf,), why="documented: sqrt'(0) = inf"),),
   power=0.5, complex=Complex.PAIRS)
ew("CbrtOp", "np.cbrt(x)", ["1.0 / (3.0 * y * y)"], ufuncs=[np.cbrt],
   domain=(NZ,),
   edges=(Edge((1e-300,), (1.0 / 3e-200,)),
          Edge((-1e-300,), (1.0 / 3e-200,)),))
ew("SquareOp", "x * x", ["2.0 * x"], ufuncs=[np.square],
   domain=(R,),
   power=2.0, complex=Complex.PAIRS)
ew("ReciprocalOp", "1.0 / x", ["-(y * y)"], ufuncs=[np.reciprocal],
   domain=(NZ,),
   edges=(Edge((1e-150,), (-1e300,)),),
   power=-1.0, complex=Complex.PAIRS)
ew("SinOp", "vb.sin(x)", ["vb.cos(x)"], ufuncs=[np.sin],
   domain=(U(-4.0, 4.0),), joint=("y, d = vm.sincos{}(x)",))
ew("CosOp", "vb.cos(x)", ["-vb.sin(x)"], ufuncs=[np.cos],
   domain=(U(-4.0, 4.0),), joint=("d, y = vm.sincos{}(x)", "d = -d"))
ew("TanOp", "np.tan(x)", ["1.0 + y * y"], ufuncs=[np.tan],
   domain=(U(-1.2, 1.2),))
ew("ArcsinOp", "np.arcsin(x)", ["1.0 / np.sqrt(1.0 - x * x)"],
   ufuncs=[np.arcsin],
   domain=(U(-0.9, 0.9),))
ew("ArccosOp", "np.arccos(x)", ["-1.0 / np.sqrt(1.0 - x * x)"],
   ufuncs=[np.arccos],
   domain=(U(-0.9, 0.9),))
ew("ArctanOp", "np.arctan(x)", ["1.0 / (1.0 + x * x)"], ufuncs=[np.arctan],
   domain=(WIDE,))
ew("SinhOp", "np.sinh(x)", ["np.cosh(x)"], ufuncs=[np.sinh],
   domain=(WIDE,))
ew("CoshOp", "np.cosh(x)", ["np.sinh(x)"], ufuncs=[np.cosh],
   domain=(WIDE,))
# 1 - y*y loses relative accuracy as |y| -> 1 (it is exactly 0 beyond |x| ~ 19): sech^2 there
ew("TanhOp", "vm.tanh(x)",
   ["select(np.abs(x) < 1.0, 1.0 - y * y, 1.0 / (np.cosh(x) * np.cosh(x)))"], ufuncs=[np.tanh],
   domain=(WIDE,),
   edges=(Edge((20.0,), (1.0 / np.cosh(20.0) ** 2,), why="1 - tanh(20)**2 rounds to 0"),
          Edge((-400.0,), (0.0,), atol=1e-300),
          Edge((1e300,), (0.0,)),))
# hypot(x, 1) and sqrt(x-1)*sqrt(x+1) avoid overflowing x*x for large |x|
ew("ArcsinhOp", "np.arcsinh(x)", ["1.0 / np.hypot(x, 1.0)"],
   ufuncs=[np.arcsinh],
   domain=(U(-4.0, 4.0),),
   edges=(Edge((1e-300,), (1.0,)),
          Edge((1e200,), (1e-200,)),
          Edge((-1e300,), (1e-300,)),))
ew("ArccoshOp", "np.arccosh(x)",
   ["1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))"], ufuncs=[np.arccosh],
   domain=(U(1.1, 4.0),),
   edges=(Edge((1e200,), (1e-200,)),
          Edge((1e300,), (1e-300,)),
          Edge((1 + 2 ** -30,), (1.0 / np.sqrt(2 ** -30 * (2 + 2 ** -30)),)),))
ew("ArctanhOp", "np.arctanh(x)", ["1.0 / (1.0 - x * x)"],
   ufuncs=[np.arctanh],
   domain=(U(-0.9, 0.9),))
ew("SignOp", "np.sign(x)", ["0.0"], ufuncs=[np.sign], zero_derivative=True,
   domain=(Choice((-1.5, -1e-300, 0.0, 1e-300, 2.0)),),
   edges=(Edge((0.0,), (0.0,)),))
# rounding: piecewise constant, derivative 0 (np.round(x, d) is composed from RintOp)
ew("FloorOp", "np.floor(x)", ["0.0"], ufuncs=[np.floor], zero_derivative=True,
   domain=(Choice((-2.5, -1.0, -0.0, 0.3, 1.0, 2.7)),))
ew("CeilOp", "np.ceil(x)", ["0.0"], ufuncs=[np.ceil], zero_derivative=True,
   domain=(Choice((-2.5, -1.0, -0.0, 0.3, 1.0, 2.7)),))
ew("TruncOp", "np.trunc(x)", ["0.0"], ufuncs=[np.trunc], zero_derivative=True,
   domain=(Choice((-2.5, -1.0, -0.0, 0.3, 1.0, 2.7)),))
ew("RintOp", "np.rint(x)", ["0.0"], ufuncs=[np.rint], zero_derivative=True,
   domain=(Choice((-2.5, -1.5, -0.0, 0.3, 0.5, 2.7)),))

# ---- binary: partials are d(a, b, y) ------------------------------------------------------
ew("AddOp", "a + b", ["1.0", "1.0"], ufuncs=[np.add], hessian=Hessian.LINEAR,
   identities=((0, 1, "minus_zero"), (1, 0, "minus_zero")),
   domain=(R, R),
   base=True, complex=Complex.PAIRS)
ew("SubOp", "a - b", ["1.0", "-1.0"], ufuncs=[np.subtract], hessian=Hessian.LINEAR,
   identities=((0, 1, "plus_zero"),),
   domain=(R, R),
   base=True, complex=Complex.PAIRS)
ew("MulOp", "a * b", ["b", "a"], ufuncs=[np.multiply], hessian=Hessian.CROSS,
   identities=((0, 1, "one"), (1, 0, "one")),
   domain=(R, R),
   base=True, complex=Complex.PAIRS)
ew("DivOp", "a / b", ["1.0 / b", "-y / b"],
   ufuncs=[np.divide, np.true_divide], hessian=Hessian.DIV, identities=((0, 1, "one"),),
   domain=(R, NZ),
   base=True, complex=Complex.PAIRS)
# d/db a**b = y log a, taken as 0 where y == 0 (so 0**b and constant-exponent tapes stay finite);
# d/da is 0 where b == 0 (a**0 is the constant 1: no 0 * inf at a = 0, as in JAX and PyTorch)
ew("PowOp", "a ** b",
   ["select(b == 0.0, 0.0, b * a ** (b - 1.0))", "select(y == 0.0, 0.0, y * np.log(a))"],
   ufuncs=[np.power, np.float_power],
   domain=(U(0.3, 2.5), U(-2.0, 2.5)),
   edges=(Edge((0.0, 3.0), (0.0, 0.0)),
          Edge((2.0, 0.0), (0.0, np.log(2.0))),
          Edge((1.0, 2.5), (2.5, 0.0)),
          Edge((-1.5, 3.0), (6.75,), active=(True, False)),
          Edge((0.0, 2.0), (0.0,), active=(True, False)),
          Edge((0.0, 1.5), (0.0,), active=(False, True)),),
   complex=Complex.PAIRS)
# remainders: derivative 1 in a and minus the quotient in b, away from the jumps
ew("RemainderOp", "np.remainder(a, b)", ["1.0", "-np.floor(a / b)"],
   ufuncs=[np.remainder, np.mod], hessian=Hessian.LINEAR,
   domain=(U(2.0, 3.4), U(1.75, 1.95)))
ew("FmodOp", "np.fmod(a, b)", ["1.0", "-np.trunc(a / b)"], ufuncs=[np.fmod], hessian=Hessian.LINEAR,
   domain=(U(2.0, 3.4), U(1.75, 1.95)))
ew("CopysignOp", "np.copysign(a, b)", ["np.copysign(1.0, a) * np.copysign(1.0, b)", "0.0"],
   ufuncs=[np.copysign], hessian=Hessian.LINEAR, active=("a",),
   domain=(NZ, Choice((-1.5, -0.0, 0.0, 2.0))))
# scaled by hypot: a*a + b*b would overflow or underflow far from 1
ew("Arctan2Op", "np.arctan2(a, b)",
   ["(b / np.hypot(a, b)) / np.hypot(a, b)", "-(a / np.hypot(a, b)) / np.hypot(a, b)"],
   ufuncs=[np.arctan2],
   domain=(NZ, NZ),
   edges=(Edge((1e-200, 1e-200), (5e199, -5e199)),
          Edge((1e200, 1e200), (5e-201, -5e-201)),))
ew("HypotOp", "np.hypot(a, b)",
   ["select(y == 0.0, 0.0, a / y)", "select(y == 0.0, 0.0, b / y)"],
   ufuncs=[np.hypot],
   domain=(NZ, NZ),
   edges=(Edge((0.0, 2.0), (0.0, 1.0)),
          Edge((1e200, 1e200), (0.5 ** 0.5, 0.5 ** 0.5)),
          Edge((1e-200, 1e-200), (0.5 ** 0.5, 0.5 ** 0.5)),))
# maximum/minimum propagate a NaN argument (the first one if both are): the derivative follows.
# Values written out as NumPy computes them (its loops return b on ties, so max(-0., 0.) is 0.
# and max(0., -0.) is -0.); Numba's np.maximum differs at signed zeros.  fmax/fmin return a on
# ties (NumPy returns either, depending on the array's length)
ew("MaximumOp", "select(a != a, a, select(a > b, a, b))",
   ["select(a != a, 1.0, select(b != b, 0.0, (a >= b) * 1.0))",
    "select(a != a, 0.0, select(b != b, 1.0, (a < b) * 1.0))"], ufuncs=[np.maximum],
   hessian=Hessian.LINEAR,
   domain=(R, R),
   edges=(Edge((1.5, 1.5), (1.0, 0.0)),
          Edge((-0.0, 0.0), (1.0, 0.0)),),
   complex=Complex.UNORDERED)
ew("MinimumOp", "select(a != a, a, select(a < b, a, b))",
   ["select(a != a, 1.0, select(b != b, 0.0, (a <= b) * 1.0))",
    "select(a != a, 0.0, select(b != b, 1.0, (a > b) * 1.0))"], ufuncs=[np.minimum],
   hessian=Hessian.LINEAR,
   domain=(R, R),
   edges=(Edge((1.5, 1.5), (1.0, 0.0)),),
   complex=Complex.UNORDERED)
# fmax/fmin ignore a NaN argument, so the derivative goes to the other one
ew("FmaxOp", "select(b != b, a, select(a != a, b, select(a >= b, a, b)))",
   ["select(a != a, 0.0, select(b != b, 1.0, (a >= b) * 1.0))",
    "select(a != a, 1.0, select(b != b, 0.0, (a < b) * 1.0))"], ufuncs=[np.fmax],
   hessian=Hessian.LINEAR,
   domain=(R, R),
   edges=(Edge((1.5, 1.5), (1.0, 0.0)),
          Edge((2.0, np.nan), (1.0, 0.0)),
          Edge((np.nan, 2.0), (0.0, 1.0)),),
   complex=Complex.UNORDERED)
ew("FminOp", "select(b != b, a, select(a != a, b, select(a <= b, a, b)))",
   ["select(a != a, 0.0, select(b != b, 1.0, (a <= b) * 1.0))",
    "select(a != a, 1.0, select(b != b, 0.0, (a > b) * 1.0))"], ufuncs=[np.fmin],
   hessian=Hessian.LINEAR,
   domain=(R, R),
   edges=(Edge((1.5, 1.5), (1.0, 0.0)),
          Edge((2.0, np.nan), (1.0, 0.0)),
          Edge((np.nan, 2.0), (0.0, 1.0)),),
   complex=Complex.UNORDERED)
# logistic weights; exp(a - y) would cancel once y is rounded at large |a|
ew("LogaddexpOp", "np.logaddexp(a, b)",
   ["1.0 / (1.0 + np.exp(b - a))", "1.0 / (1.0 + np.exp(a - b))"], ufuncs=[np.logaddexp],
   domain=(WIDE, WIDE),
   edges=(Edge((1000.0, 1000.0), (0.5, 0.5)),
          Edge((-1000.0, -1000.0), (0.5, 0.5)),
          Edge((1000.0, -1000.0), (1.0, 0.0)),
          Edge((-1e4, 1e4), (0.0, 1.0)),
          Edge((1e16, 1e16), (0.5, 0.5), why="partials of logaddexp sum to 1"),))

# ---- comparisons: 0.0 / 1.0 values, zero derivative ---------------------------------------
ew("LtOp", "(a < b) * 1.0", ["0.0", "0.0"], ufuncs=[np.less], zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   complex=Complex.UNORDERED)
ew("LeOp", "(a <= b) * 1.0", ["0.0", "0.0"], ufuncs=[np.less_equal],
   zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   edges=(Edge((1.5, 1.5), (0.0, 0.0)),),
   complex=Complex.UNORDERED)
ew("GtOp", "(a > b) * 1.0", ["0.0", "0.0"], ufuncs=[np.greater],
   zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   complex=Complex.UNORDERED)
ew("GeOp", "(a >= b) * 1.0", ["0.0", "0.0"], ufuncs=[np.greater_equal],
   zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   complex=Complex.UNORDERED)
ew("EqOp", "(a == b) * 1.0", ["0.0", "0.0"], ufuncs=[np.equal],
   zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   edges=(Edge((1.5, 1.5), (0.0, 0.0)),),
   complex=Complex.PAIRS)
ew("NeOp", "(a != b) * 1.0", ["0.0", "0.0"], ufuncs=[np.not_equal],
   zero_derivative=True, comparison=True,
   domain=(TIES, TIES),
   complex=Complex.PAIRS)
ew("AndOp", "((a != 0.0) & (b != 0.0)) * 1.0", ["0.0", "0.0"],
   ufuncs=[np.logical_and, np.bitwise_and], zero_derivative=True,
   domain=(LOGIC, LOGIC))
ew("OrOp", "((a != 0.0) | (b != 0.0)) * 1.0", ["0.0", "0.0"],
   ufuncs=[np.logical_or, np.bitwise_or], zero_derivative=True,
   domain=(LOGIC, LOGIC))
ew("NotOp", "(x == 0.0) * 1.0", ["0.0"], ufuncs=[np.logical_not, np.invert], zero_derivative=True,
   domain=(LOGIC,),
   edges=(Edge((0.0,), (0.0,)),))

# ---- conditional select (CppAD's CondExp): re-decided at every sweep; the branch not taken
# gets an exactly-zero partial, which the sweeps skip ---------------------------------------
ew("SelectOp", "select(c != 0.0, a, b)",
   ["0.0", "(c != 0.0) * 1.0", "(c == 0.0) * 1.0"], hessian=Hessian.LINEAR,
   active=("a", "b"),
   domain=(BOOL, R, R),
   edges=(Edge((1.0, 2.0, 3.0), (0.0, 1.0, 0.0)),
          Edge((0.0, 2.0, 3.0), (0.0, 0.0, 1.0)),
          Edge((-2.0, 2.0, 3.0), (0.0, 1.0, 0.0)),),
   complex=Complex.PAIRS)

# ---- the product derivative rules use: 0 * anything = 0, so an exactly-zero adjoint stays
# exactly zero through infinite partials when derivative tapes are recorded ---------------
ew("ChainMulOp", "select((a == 0.0) | (b == 0.0), 0.0, a * b)",
   ["b", "a"], hessian=Hessian.CROSS,
   domain=(R, R),
   edges=(Edge((0.0, 3.0), (3.0, 0.0)),
          Edge((0.0, 0.0), (0.0, 0.0)),),
   base=True)

# ---- scipy.special -------------------------------------------------------------------------
ew("ErfOp", "sc.erf(x)", ["TWO_SQRTPI * np.exp(-(x * x))"], ufuncs=[sc.erf],
   domain=(U(-3.0, 3.0),))
ew("ErfcOp", "sc.erfc(x)", ["-TWO_SQRTPI * np.exp(-(x * x))"], ufuncs=[sc.erfc],
   domain=(U(-3.0, 3.0),))
ew("ErfcxOp", "sc.erfcx(x)", ["2.0 * x * y - TWO_SQRTPI"], ufuncs=[sc.erfcx],
   domain=(U(-2.0, 20.0),))
ew("NdtrOp", "sc.ndtr(x)", ["INV_SQRT_2PI * np.exp(-0.5 * x * x)"], ufuncs=[sc.ndtr],
   domain=(U(-4.0, 4.0),),
   edges=(Edge((-30.0,), (1.0 / np.sqrt(2 * np.pi) * np.exp(-450.0),),
               why="Phi'(x) = phi(x), no cancellation in the tail"),))
# expit(x) expit(-x), not y (1 - y): 1 - y cancels in the upper tail (all digits beyond x ~ 37)
ew("ExpitOp", "vm.expit(x)", ["y * vm.expit(-x)"], ufuncs=[sc.expit],
   domain=(WIDE,),
   edges=(Edge((-40.0,), (np.exp(-40.0) / (1 + np.exp(-40.0)) ** 2,),
               why="y (1 - y) stays relatively accurate for small y"),))
ew("LogitOp", "sc.logit(x)", ["1.0 / (x * (1.0 - x))"], ufuncs=[sc.logit],
   domain=(U(0.05, 0.95),))
# xlogy(0, b) = 0 for every b: the derivative in a is log b there too, in b it is 0
ew("XlogyOp", "sc.xlogy(a, b)", ["np.log(b)", "select(a == 0.0, 0.0, a / b)"],
   ufuncs=[sc.xlogy], hessian=Hessian.DIV,
   domain=(R, POS),
   edges=(Edge((0.0, 0.0), (-np.inf, 0.0), why="xlogy(0, b) = 0 for every b"),))
ew("Xlog1pyOp", "sc.xlog1py(a, b)", ["np.log1p(b)", "select(a == 0.0, 0.0, a / (1.0 + b))"],
   ufuncs=[sc.xlog1py], hessian=Hessian.DIV,
   domain=(R, U(-0.5, 3.0)))
ew("GammalnOp", "sc.gammaln(x)", ["sc.digamma(x)"], ufuncs=[sc.gammaln],
   domain=(U(0.1, 20.0),))
ew("DigammaOp", "sc.digamma(x)", ["sc.polygamma(1.0, x)"], ufuncs=[sc.digamma],
   domain=(U(0.1, 20.0),))
# d log Phi = phi / Phi = exp(log phi - log Phi): no overflow or 0/0 in either tail
# d/dx log Phi(x) = phi(x) / Phi(x): below -1 as sqrt(2/pi) / erfcx(-x / sqrt 2), which stays
# accurate where -x^2/2 - log Phi(x) would cancel (x ~ -700: 1e-11 relative otherwise)
ew("LogNdtrOp", "sc.log_ndtr(x)",
   ["select(x < -1.0, SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2), "
    "INV_SQRT_2PI * np.exp(-0.5 * x * x - y))"],
   ufuncs=[sc.log_ndtr],
   domain=(U(-30.0, 8.0),))
# polygamma(n, x) with a constant order n (nt.polygamma records it; SciPy's cannot)
ew("PolygammaOp", "sc.polygamma(a, b)", ["0.0", "sc.polygamma(a + 1.0, b)"], active=("b",),
   domain=(Choice((0.0, 1.0, 2.0, 3.0)), U(0.2, 10.0)))
# 1 / phi(y) as sqrt(2 pi) exp(y^2 / 2): one exp, no 1/0 before it overflows (|y| > 37.6)
ew("NdtriOp", "sc.ndtri(x)", ["SQRT_2PI * np.exp(0.5 * y * y)"], ufuncs=[sc.ndtri],
   domain=(U(0.02, 0.98),),
   edges=(Edge((0.5,), (np.sqrt(2 * np.pi),)),
          Edge((1e-300,), (np.sqrt(2 * np.pi) * np.exp(0.5 * sc.ndtri(1e-300) ** 2),),
               why="1 / phi(ndtri(p)) = 2.6e298: no under/overflow in the far tail"),))
# ---- scipy.special, values from SciPy's own C code (kernels/cython_special.py) -------------
ew("GammaOp", "sc.gamma(x)", ["y * sc.digamma(x)"], ufuncs=[sc.gamma],
   domain=(U(0.3, 5.0),))
ew("LoggammaOp", "sc.loggamma(x)", ["sc.digamma(x)"], ufuncs=[sc.loggamma],
   domain=(U(0.1, 20.0),))
ew("BetaOp", "sc.beta(a, b)", ["y * (sc.digamma(a) - sc.digamma(a + b))",
                               "y * (sc.digamma(b) - sc.digamma(a + b))"], ufuncs=[sc.beta],
   domain=(U(0.5, 5.0), U(0.5, 5.0)))
# 1 / erf'(y) = sqrt(pi) / 2 exp(y^2)
ew("ErfinvOp", "sc.erfinv(x)", ["0.5 / INV_SQRT_PI * np.exp(y * y)"], ufuncs=[sc.erfinv],
   domain=(U(-0.9, 0.9),))
ew("ErfcinvOp", "sc.erfcinv(x)", ["-0.5 / INV_SQRT_PI * np.exp(y * y)"], ufuncs=[sc.erfcinv],
   domain=(U(0.1, 1.9),))
ew("LogExpitOp", "vm.log_expit(x)", ["vm.expit(-x)"], ufuncs=[sc.log_expit],
   domain=(WIDE,))
# log(1 - exp(-x)) (kernels/special.py; a zero-truncated count's normalizer): its derivative
# 1 / expm1(x) = expm1(-y), one op that is finite at every order for x up to inf
ew("Log1mexpOp", "sc.log1mexp(x)", ["vm.expm1(-y)"],
   domain=(U(0.05, 30.0),),
   edges=(Edge((1e-300,), (1e300,)),
          Edge((800.0,), (0.0,)),))
# modified Bessel functions: I0' = I1, I1' = (I0 + I2) / 2 (no 1/x at 0); the scaled ones carry
# the derivative of their factor exp(-|x|) (I) or exp(x) (K)
ew("I0Op", "sc.i0(x)", ["sc.i1(x)"], ufuncs=[sc.i0],
   domain=(WIDE,))
ew("I0eOp", "sc.i0e(x)", ["sc.i1e(x) - np.sign(x) * y"], ufuncs=[sc.i0e],
   domain=(NZ,))
ew("I1Op", "sc.i1(x)", ["0.5 * (sc.i0(x) + sc.iv(2.0, x))"], ufuncs=[sc.i1],
   domain=(WIDE,))
ew("I1eOp", "sc.i1e(x)", ["0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y"],
   ufuncs=[sc.i1e],
   domain=(NZ,))
# order a constant (the surface refuses a traced order): its partial is 0
ew("IvOp", "sc.iv(a, b)", ["0.0", "0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))"],
   ufuncs=[sc.iv], active=("b",),
   domain=(ORDERS, POS))
ew("IveOp", "sc.ive(a, b)",
   ["0.0", "0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y"],
   ufuncs=[sc.ive], active=("b",),
   domain=(ORDERS, POS))
ew("KvOp", "sc.kv(a, b)", ["0.0", "-0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))"],
   ufuncs=[sc.kv], active=("b",),
   domain=(ORDERS, POS))
ew("KveOp", "sc.kve(a, b)", ["0.0", "y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))"],
   ufuncs=[sc.kve], active=("b",),
   domain=(ORDERS, POS))
# Box-Cox: d/dlambda = (x^l log x - y) / l, by its series L^2/2 + l L^3/3 + l^2 L^4/8 near
# l = 0, where the difference would cancel
ew("BoxcoxOp", "sc.boxcox(a, b)",
   ["a ** (b - 1.0)",
    "select(np.abs(b) < 1e-4, np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 "
    "+ b * b * np.log(a) ** 2 / 8.0), (a ** b * np.log(a) - y) / b)"],
   ufuncs=[sc.boxcox],
   domain=(POS, U(-1.5, 1.5)))
# inverse: x = exp(log1p(l y) / l); d/dl = x (y / (l (1 + l y)) - log1p(l y) / l^2), by its
# series x (-y^2 / 2 + 2 l y^3 / 3 - 3 l^2 y^4 / 4) near l = 0
ew("InvBoxcoxOp", "sc.inv_boxcox(a, b)",
   ["y / (1.0 + b * a)",
    "select(np.abs(b) < 1e-4, y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)), "
    "y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b)))"],
   ufuncs=[sc.inv_boxcox],
   domain=(U(0.1, 2.0), U(-0.3, 1.5)))
# regularized incomplete gamma: d/dx in closed form, d/da by Taylor jets through the series or
# the continued fraction (kernels/incgamma.py); GammaincDOp(k, a, x) = d^k P / da^k and
# GammaincDxOp(k, a, x) = d^k / da^k dP/dx carry every higher order (order k a constant; it
# enters the x-partial through floor(k), which has derivative zero, as the order must)
ew("GammaincOp", "sc.gammainc(a, b)", ["sc.gammainc_d(1.0, a, b)", "sc.gammainc_dx(0.0, a, b)"],
   ufuncs=[sc.gammainc],
   domain=(U(0.5, 5.0), U(0.1, 8.0)))
ew("GammainccOp", "sc.gammaincc(a, b)",
   ["-sc.gammainc_d(1.0, a, b)", "-sc.gammainc_dx(0.0, a, b)"], ufuncs=[sc.gammaincc],
   domain=(U(0.5, 5.0), U(0.1, 8.0)))
ew("GammaincDOp", "sc.gammainc_d(c, a, b)",
   ["0.0", "sc.gammainc_d(c + 1.0, a, b)", "sc.gammainc_dx(c, a, b)"], active=("a", "b"),
   domain=(JETS, U(0.5, 5.0), U(0.1, 8.0)))
ew("GammaincDxOp", "sc.gammainc_dx(c, a, b)",
   ["0.0", "sc.gammainc_dx(c + 1.0, a, b)",
    "((a - 1.0) / b - 1.0) * y + select(c > 0.0, np.floor(c) * sc.gammainc_dx("
    "np.maximum(c - 1.0, 0.0), a, b) / b, 0.0)"], active=("a", "b"),
   domain=(JETS, U(0.5, 5.0), U(0.1, 8.0)))
# regularized incomplete beta I_x(a, b): d/dx in closed form, the shape derivatives by bivariate
# Taylor jets through the continued fraction (kernels/incbeta.py).  BetaincDOp(m, a, b, x)
# = d^(j+k) I / da^j db^k and BetaincDxOp the same of dI/dx, with m = j + 8 k a constant
# (it enters the x-partial through floor, whose derivative is zero: j = floor(m) - 8 floor(m/8))
ew("BetaincOp", "sc.betainc(c, a, b)",
   ["sc.betainc_d(1.0, c, a, b)", "sc.betainc_d(8.0, c, a, b)", "sc.betainc_dx(0.0, c, a, b)"],
   ufuncs=[sc.betainc],
   domain=(U(0.5, 5.0), U(0.5, 5.0), U(0.05, 0.95)))
ew("BetaincDOp", "sc.betainc_d(m, c, a, b)",
   ["0.0", "sc.betainc_d(m + 1.0, c, a, b)", "sc.betainc_d(m + 8.0, c, a, b)",
    "sc.betainc_dx(m, c, a, b)"], active=("c", "a", "b"),
   domain=(Choice((0.0, 1.0, 8.0, 9.0)), U(0.5, 5.0), U(0.5, 5.0), U(0.05, 0.95)))
ew("BetaincDxOp", "sc.betainc_dx(m, c, a, b)",
   ["0.0", "sc.betainc_dx(m + 1.0, c, a, b)", "sc.betainc_dx(m + 8.0, c, a, b)",
    "((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y"
    " + select(np.fmod(m, 8.0) > 0.0, (np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx("
    "np.maximum(m - 1.0, 0.0), c, a, b) / b, 0.0)"
    " - select(m >= 8.0, np.floor(m / 8.0) * sc.betainc_dx("
    "np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b), 0.0)"], active=("c", "a", "b"),
   domain=(Choice((0.0, 1.0, 8.0, 9.0)), U(0.5, 5.0), U(0.5, 5.0), U(0.05, 0.95)))
# log W of the Tweedie series (kernels/tweedie.py) as a function of s = (2 - p) log y - log phi
# and the power p; TweedieLogWOp(m, s, p) = d^(j+k) log W / ds^j dp^k with m = j + 8 k a
# constant, by bivariate Taylor jets through the series (nt.distributions.tweedie_logpdf)
ew("TweedieLogWOp", "sc.tweedie_logw(c, a, b)",
   ["0.0", "sc.tweedie_logw(c + 1.0, a, b)", "sc.tweedie_logw(c + 8.0, a, b)"],
   active=("a", "b"),
   domain=(Choice((0.0, 1.0, 8.0, 9.0)), U(-3.0, 4.0), U(1.1, 1.9)))
# Hurwitz and Riemann zeta (kernels/zeta.py): d/dq zeta(x, q) = -x zeta(x + 1, q); the
# x-derivatives by Taylor jets through the Euler-Maclaurin sum, ZetaDOp(k, x, q) = d^k/dx^k
# (k a constant), ZetacDOp(k, x) the same of Riemann's zeta (reflection formula below 0)
ew("ZetaOp", "sc.zeta(a, b)", ["sc.zeta_d(1.0, a, b)", "-a * sc.zeta(a + 1.0, b)"],
   ufuncs=[sc._ufuncs._zeta],
   domain=(U(1.5, 6.0), U(0.2, 5.0)))
ew("ZetaDOp", "sc.zeta_d(c, a, b)",
   ["0.0", "sc.zeta_d(c + 1.0, a, b)",
    "-(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), "
    "a + 1.0, b))"], active=("a", "b"),
   domain=(JETS, U(1.5, 6.0), U(0.2, 5.0)))
ew("RiemannZetaOp", "sc.riemann_zeta(x)", ["sc.zetac_d(1.0, x)"],
   ufuncs=[sc._ufuncs._riemann_zeta],
   domain=(Away(1.5, 7.0),))
ew("ZetacOp", "sc.zetac(x)", ["sc.zetac_d(1.0, x)"], ufuncs=[sc.zetac],
   domain=(Away(1.5, 7.0),))
ew("ZetacDOp", "sc.zetac_d(a, b)", ["0.0", "sc.zetac_d(a + 1.0, b)"], active=("b",),
   domain=(JETS, Away(1.5, 7.0)))
# polygamma(n, a) - polygamma(n, a + b) with a constant order n (kernels/special.py): the
# derivatives of betaln's partials without cancellation where a is large, one op per order
ew("PolygammaDiffOp", "sc.polygamma_diff(c, a, b)",
   ["0.0", "sc.polygamma_diff(c + 1.0, a, b)", "-sc.polygamma(c + 1.0, a + b)"],
   active=("a", "b"),
   domain=(JETS, U(0.5, 300.0), U(0.5, 300.0)))
# d/da betaln = digamma(a) - digamma(a + b), a difference of nearly equal large digammas where
# a is large: sc.digamma_diff keeps its digits (the negative binomial's dispersion gradient)
ew("BetalnOp", "sc.betaln(a, b)",
   ["sc.digamma_diff(a, b)", "sc.digamma_diff(b, a)"],
   ufuncs=[sc.betaln],
   domain=(U(1.5, 12.0), U(1.5, 12.0)),
   edges=(Edge((1.0, 1.0), (-1.0, -1.0), why="psi(1) - psi(2) = -1"),
          Edge((0.5, 0.5), (-2.0 * np.log(2.0), -2.0 * np.log(2.0)),
               why="psi(1/2) - psi(1) = -2 log 2"),))
