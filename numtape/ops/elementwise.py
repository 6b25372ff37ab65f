"""Elementwise ops: value and local partials, each written once as a duck-typed NumPy expression.

Operands are named ``x`` (unary), ``a, b`` (binary), ``c, a, b`` (ternary); ``y`` is the op's
output.  The expressions are pasted into the generated Numba sweeps, and compiled into Python
functions that run on ADArrays (to record derivative tapes) and on plain arrays (tests).
Names available: ``np``, ``sc`` (scipy.special; inside the kernels, kernels/special.py),
``select`` (np.where; a conditional expression inside the kernels), and the constants of
ops/formulas.py.  Conventions at
kinks: abs'(0) = 0; maximum/minimum send the derivative to the first argument on ties;
sqrt'(0) = inf (use np.where to guard it: the untaken branch contributes exactly zero).
"""
import numpy as np
import scipy.special as sc

from numtape.ops import elementwise_op as ew


# ---- unary: name, value, dy/dx, numpy ufuncs recorded as this op ---------------------------
ew("NegOp", "-x", ["-1.0"], ufuncs=[np.negative], hessian="linear")
ew("AbsOp", "np.abs(x)", ["np.sign(x)"], ufuncs=[np.absolute, np.fabs], hessian="linear")
ew("ExpOp", "np.exp(x)", ["y"], ufuncs=[np.exp])
ew("Exp2Op", "np.exp2(x)", ["y * LN2"], ufuncs=[np.exp2])
ew("Expm1Op", "np.expm1(x)", ["np.exp(x)"], ufuncs=[np.expm1])   # not y + 1: exact below -37
ew("LogOp", "np.log(x)", ["1.0 / x"], ufuncs=[np.log])
ew("Log2Op", "np.log2(x)", ["1.0 / (x * LN2)"], ufuncs=[np.log2])
ew("Log10Op", "np.log10(x)", ["1.0 / (x * LN10)"], ufuncs=[np.log10])
ew("Log1pOp", "np.log1p(x)", ["1.0 / (1.0 + x)"], ufuncs=[np.log1p])
ew("SqrtOp", "np.sqrt(x)", ["0.5 / y"], ufuncs=[np.sqrt])
ew("CbrtOp", "np.cbrt(x)", ["1.0 / (3.0 * y * y)"], ufuncs=[np.cbrt])
ew("SquareOp", "x * x", ["2.0 * x"], ufuncs=[np.square])
ew("ReciprocalOp", "1.0 / x", ["-(y * y)"], ufuncs=[np.reciprocal])
ew("SinOp", "np.sin(x)", ["np.cos(x)"], ufuncs=[np.sin])
ew("CosOp", "np.cos(x)", ["-np.sin(x)"], ufuncs=[np.cos])
ew("TanOp", "np.tan(x)", ["1.0 + y * y"], ufuncs=[np.tan])
ew("ArcsinOp", "np.arcsin(x)", ["1.0 / np.sqrt(1.0 - x * x)"],
   ufuncs=[np.arcsin])
ew("ArccosOp", "np.arccos(x)", ["-1.0 / np.sqrt(1.0 - x * x)"],
   ufuncs=[np.arccos])
ew("ArctanOp", "np.arctan(x)", ["1.0 / (1.0 + x * x)"], ufuncs=[np.arctan])
ew("SinhOp", "np.sinh(x)", ["np.cosh(x)"], ufuncs=[np.sinh])
ew("CoshOp", "np.cosh(x)", ["np.sinh(x)"], ufuncs=[np.cosh])
# 1 - y*y loses relative accuracy as |y| -> 1 (it is exactly 0 beyond |x| ~ 19): sech^2 there
ew("TanhOp", "np.tanh(x)",
   ["select(np.abs(x) < 1.0, 1.0 - y * y, 1.0 / (np.cosh(x) * np.cosh(x)))"], ufuncs=[np.tanh])
# hypot(x, 1) and sqrt(x-1)*sqrt(x+1) avoid overflowing x*x for large |x|
ew("ArcsinhOp", "np.arcsinh(x)", ["1.0 / np.hypot(x, 1.0)"],
   ufuncs=[np.arcsinh])
ew("ArccoshOp", "np.arccosh(x)",
   ["1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))"], ufuncs=[np.arccosh])
ew("ArctanhOp", "np.arctanh(x)", ["1.0 / (1.0 - x * x)"],
   ufuncs=[np.arctanh])
ew("SignOp", "np.sign(x)", ["0.0"], ufuncs=[np.sign], zero_derivative=True)
# rounding: piecewise constant, derivative 0 (np.round(x, d) is composed from RintOp)
ew("FloorOp", "np.floor(x)", ["0.0"], ufuncs=[np.floor], zero_derivative=True)
ew("CeilOp", "np.ceil(x)", ["0.0"], ufuncs=[np.ceil], zero_derivative=True)
ew("TruncOp", "np.trunc(x)", ["0.0"], ufuncs=[np.trunc], zero_derivative=True)
ew("RintOp", "np.rint(x)", ["0.0"], ufuncs=[np.rint], zero_derivative=True)

# ---- binary: partials are d(a, b, y) ------------------------------------------------------
ew("AddOp", "a + b", ["1.0", "1.0"], ufuncs=[np.add], hessian="linear",
   identities=((0, 1, "minus_zero"), (1, 0, "minus_zero")))
ew("SubOp", "a - b", ["1.0", "-1.0"], ufuncs=[np.subtract], hessian="linear",
   identities=((0, 1, "plus_zero"),))
ew("MulOp", "a * b", ["b", "a"], ufuncs=[np.multiply], hessian="cross",
   identities=((0, 1, "one"), (1, 0, "one")))
ew("DivOp", "a / b", ["1.0 / b", "-y / b"],
   ufuncs=[np.divide, np.true_divide], hessian="div", identities=((0, 1, "one"),))
# d/db a**b = y log a, taken as 0 where y == 0 (so 0**b and constant-exponent tapes stay finite);
# d/da is 0 where b == 0 (a**0 is the constant 1: no 0 * inf at a = 0, as in JAX and PyTorch)
ew("PowOp", "a ** b",
   ["select(b == 0.0, 0.0, b * a ** (b - 1.0))", "select(y == 0.0, 0.0, y * np.log(a))"],
   ufuncs=[np.power, np.float_power])
# remainders: derivative 1 in a and minus the quotient in b, away from the jumps
ew("RemainderOp", "np.remainder(a, b)", ["1.0", "-np.floor(a / b)"],
   ufuncs=[np.remainder, np.mod], hessian="linear")
ew("FmodOp", "np.fmod(a, b)", ["1.0", "-np.trunc(a / b)"], ufuncs=[np.fmod], hessian="linear")
ew("CopysignOp", "np.copysign(a, b)", ["np.copysign(1.0, a) * np.copysign(1.0, b)", "0.0"],
   ufuncs=[np.copysign], hessian="linear", active=1)
# scaled by hypot: a*a + b*b would overflow or underflow far from 1
ew("Arctan2Op", "np.arctan2(a, b)",
   ["(b / np.hypot(a, b)) / np.hypot(a, b)", "-(a / np.hypot(a, b)) / np.hypot(a, b)"],
   ufuncs=[np.arctan2])
ew("HypotOp", "np.hypot(a, b)",
   ["select(y == 0.0, 0.0, a / y)", "select(y == 0.0, 0.0, b / y)"],
   ufuncs=[np.hypot])
# maximum/minimum propagate a NaN argument (the first one if both are): the derivative follows.
# Values written out as NumPy computes them (its loops return b on ties, so max(-0., 0.) is 0.
# and max(0., -0.) is -0.); Numba's np.maximum differs at signed zeros.  fmax/fmin return a on
# ties (NumPy returns either, depending on the array's length)
ew("MaximumOp", "select(a != a, a, select(a > b, a, b))",
   ["select(a != a, 1.0, select(b != b, 0.0, (a >= b) * 1.0))",
    "select(a != a, 0.0, select(b != b, 1.0, (a < b) * 1.0))"], ufuncs=[np.maximum],
   hessian="linear")
ew("MinimumOp", "select(a != a, a, select(a < b, a, b))",
   ["select(a != a, 1.0, select(b != b, 0.0, (a <= b) * 1.0))",
    "select(a != a, 0.0, select(b != b, 1.0, (a > b) * 1.0))"], ufuncs=[np.minimum],
   hessian="linear")
# fmax/fmin ignore a NaN argument, so the derivative goes to the other one
ew("FmaxOp", "select(b != b, a, select(a != a, b, select(a >= b, a, b)))",
   ["select(a != a, 0.0, select(b != b, 1.0, (a >= b) * 1.0))",
    "select(a != a, 1.0, select(b != b, 0.0, (a < b) * 1.0))"], ufuncs=[np.fmax], hessian="linear")
ew("FminOp", "select(b != b, a, select(a != a, b, select(a <= b, a, b)))",
   ["select(a != a, 0.0, select(b != b, 1.0, (a <= b) * 1.0))",
    "select(a != a, 1.0, select(b != b, 0.0, (a > b) * 1.0))"], ufuncs=[np.fmin], hessian="linear")
# logistic weights; exp(a - y) would cancel once y is rounded at large |a|
ew("LogaddexpOp", "np.logaddexp(a, b)",
   ["1.0 / (1.0 + np.exp(b - a))", "1.0 / (1.0 + np.exp(a - b))"], ufuncs=[np.logaddexp])

# ---- comparisons: 0.0 / 1.0 values, zero derivative ---------------------------------------
ew("LtOp", "(a < b) * 1.0", ["0.0", "0.0"], ufuncs=[np.less], zero_derivative=True, comparison=True)
ew("LeOp", "(a <= b) * 1.0", ["0.0", "0.0"], ufuncs=[np.less_equal],
   zero_derivative=True, comparison=True)
ew("GtOp", "(a > b) * 1.0", ["0.0", "0.0"], ufuncs=[np.greater],
   zero_derivative=True, comparison=True)
ew("GeOp", "(a >= b) * 1.0", ["0.0", "0.0"], ufuncs=[np.greater_equal],
   zero_derivative=True, comparison=True)
ew("EqOp", "(a == b) * 1.0", ["0.0", "0.0"], ufuncs=[np.equal],
   zero_derivative=True, comparison=True)
ew("NeOp", "(a != b) * 1.0", ["0.0", "0.0"], ufuncs=[np.not_equal],
   zero_derivative=True, comparison=True)
ew("AndOp", "((a != 0.0) & (b != 0.0)) * 1.0", ["0.0", "0.0"],
   ufuncs=[np.logical_and, np.bitwise_and], zero_derivative=True)
ew("OrOp", "((a != 0.0) | (b != 0.0)) * 1.0", ["0.0", "0.0"],
   ufuncs=[np.logical_or, np.bitwise_or], zero_derivative=True)
ew("NotOp", "(x == 0.0) * 1.0", ["0.0"], ufuncs=[np.logical_not, np.invert], zero_derivative=True)

# ---- conditional select (CppAD's CondExp): re-decided at every sweep; the branch not taken
# gets an exactly-zero partial, which the sweeps skip ---------------------------------------
ew("SelectOp", "select(c != 0.0, a, b)",
   ["0.0", "(c != 0.0) * 1.0", "(c == 0.0) * 1.0"], hessian="linear", active=0b110)

# ---- the product derivative rules use: 0 * anything = 0, so an exactly-zero adjoint stays
# exactly zero through infinite partials when derivative tapes are recorded ---------------
ew("ChainMulOp", "select((a == 0.0) | (b == 0.0), 0.0, a * b)",
   ["b", "a"], hessian="cross")

# ---- scipy.special -------------------------------------------------------------------------
ew("ErfOp", "sc.erf(x)", ["TWO_SQRTPI * np.exp(-(x * x))"], ufuncs=[sc.erf])
ew("ErfcOp", "sc.erfc(x)", ["-TWO_SQRTPI * np.exp(-(x * x))"], ufuncs=[sc.erfc])
ew("ErfcxOp", "sc.erfcx(x)", ["2.0 * x * y - TWO_SQRTPI"], ufuncs=[sc.erfcx])
ew("NdtrOp", "sc.ndtr(x)", ["INV_SQRT_2PI * np.exp(-0.5 * x * x)"], ufuncs=[sc.ndtr])
# expit(x) expit(-x), not y (1 - y): 1 - y cancels in the upper tail (all digits beyond x ~ 37)
ew("ExpitOp", "sc.expit(x)", ["y * sc.expit(-x)"], ufuncs=[sc.expit])
ew("LogitOp", "sc.logit(x)", ["1.0 / (x * (1.0 - x))"], ufuncs=[sc.logit])
# xlogy(0, b) = 0 for every b: the derivative in a is log b there too, in b it is 0
ew("XlogyOp", "sc.xlogy(a, b)", ["np.log(b)", "select(a == 0.0, 0.0, a / b)"],
   ufuncs=[sc.xlogy], hessian="div")
ew("Xlog1pyOp", "sc.xlog1py(a, b)", ["np.log1p(b)", "select(a == 0.0, 0.0, a / (1.0 + b))"],
   ufuncs=[sc.xlog1py], hessian="div")
ew("GammalnOp", "sc.gammaln(x)", ["sc.digamma(x)"], ufuncs=[sc.gammaln])
ew("DigammaOp", "sc.digamma(x)", ["sc.polygamma(1.0, x)"], ufuncs=[sc.digamma])
# d log Phi = phi / Phi = exp(log phi - log Phi): no overflow or 0/0 in either tail
# d/dx log Phi(x) = phi(x) / Phi(x): below -1 as sqrt(2/pi) / erfcx(-x / sqrt 2), which stays
# accurate where -x^2/2 - log Phi(x) would cancel (x ~ -700: 1e-11 relative otherwise)
ew("LogNdtrOp", "sc.log_ndtr(x)",
   ["select(x < -1.0, SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2), "
    "INV_SQRT_2PI * np.exp(-0.5 * x * x - y))"],
   ufuncs=[sc.log_ndtr])
# polygamma(n, x) with a constant order n (nt.polygamma records it; SciPy's cannot)
ew("PolygammaOp", "sc.polygamma(a, b)", ["0.0", "sc.polygamma(a + 1.0, b)"], active=0b10)
# 1 / phi(y) as sqrt(2 pi) exp(y^2 / 2): one exp, no 1/0 before it overflows (|y| > 37.6)
ew("NdtriOp", "sc.ndtri(x)", ["SQRT_2PI * np.exp(0.5 * y * y)"], ufuncs=[sc.ndtri])
# ---- scipy.special, values from SciPy's own C code (kernels/cython_special.py) -------------
ew("GammaOp", "sc.gamma(x)", ["y * sc.digamma(x)"], ufuncs=[sc.gamma])
ew("LoggammaOp", "sc.loggamma(x)", ["sc.digamma(x)"], ufuncs=[sc.loggamma])
ew("BetaOp", "sc.beta(a, b)", ["y * (sc.digamma(a) - sc.digamma(a + b))",
                               "y * (sc.digamma(b) - sc.digamma(a + b))"], ufuncs=[sc.beta])
# 1 / erf'(y) = sqrt(pi) / 2 exp(y^2)
ew("ErfinvOp", "sc.erfinv(x)", ["0.5 / INV_SQRT_PI * np.exp(y * y)"], ufuncs=[sc.erfinv])
ew("ErfcinvOp", "sc.erfcinv(x)", ["-0.5 / INV_SQRT_PI * np.exp(y * y)"], ufuncs=[sc.erfcinv])
ew("LogExpitOp", "sc.log_expit(x)", ["sc.expit(-x)"], ufuncs=[sc.log_expit])
# modified Bessel functions: I0' = I1, I1' = (I0 + I2) / 2 (no 1/x at 0); the scaled ones carry
# the derivative of their factor exp(-|x|) (I) or exp(x) (K)
ew("I0Op", "sc.i0(x)", ["sc.i1(x)"], ufuncs=[sc.i0])
ew("I0eOp", "sc.i0e(x)", ["sc.i1e(x) - np.sign(x) * y"], ufuncs=[sc.i0e])
ew("I1Op", "sc.i1(x)", ["0.5 * (sc.i0(x) + sc.iv(2.0, x))"], ufuncs=[sc.i1])
ew("I1eOp", "sc.i1e(x)", ["0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y"],
   ufuncs=[sc.i1e])
# order a constant (the surface refuses a traced order): its partial is 0
ew("IvOp", "sc.iv(a, b)", ["0.0", "0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))"],
   ufuncs=[sc.iv], active=0b10)
ew("IveOp", "sc.ive(a, b)",
   ["0.0", "0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y"],
   ufuncs=[sc.ive], active=0b10)
ew("KvOp", "sc.kv(a, b)", ["0.0", "-0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))"],
   ufuncs=[sc.kv], active=0b10)
ew("KveOp", "sc.kve(a, b)", ["0.0", "y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))"],
   ufuncs=[sc.kve], active=0b10)
# Box-Cox: d/dlambda = (x^l log x - y) / l, by its series L^2/2 + l L^3/3 + l^2 L^4/8 near
# l = 0, where the difference would cancel
ew("BoxcoxOp", "sc.boxcox(a, b)",
   ["a ** (b - 1.0)",
    "select(np.abs(b) < 1e-4, np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 "
    "+ b * b * np.log(a) ** 2 / 8.0), (a ** b * np.log(a) - y) / b)"],
   ufuncs=[sc.boxcox])
# inverse: x = exp(log1p(l y) / l); d/dl = x (y / (l (1 + l y)) - log1p(l y) / l^2), by its
# series x (-y^2 / 2 + 2 l y^3 / 3 - 3 l^2 y^4 / 4) near l = 0
ew("InvBoxcoxOp", "sc.inv_boxcox(a, b)",
   ["y / (1.0 + b * a)",
    "select(np.abs(b) < 1e-4, y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)), "
    "y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b)))"],
   ufuncs=[sc.inv_boxcox])
# regularized incomplete gamma: d/dx in closed form, d/da by Taylor jets through the series or
# the continued fraction (kernels/incgamma.py); GammaincDOp(k, a, x) = d^k P / da^k and
# GammaincDxOp(k, a, x) = d^k / da^k dP/dx carry every higher order (order k a constant; it
# enters the x-partial through floor(k), which has derivative zero, as the order must)
ew("GammaincOp", "sc.gammainc(a, b)", ["sc.gammainc_d(1.0, a, b)", "sc.gammainc_dx(0.0, a, b)"],
   ufuncs=[sc.gammainc])
ew("GammainccOp", "sc.gammaincc(a, b)",
   ["-sc.gammainc_d(1.0, a, b)", "-sc.gammainc_dx(0.0, a, b)"], ufuncs=[sc.gammaincc])
ew("GammaincDOp", "sc.gammainc_d(c, a, b)",
   ["0.0", "sc.gammainc_d(c + 1.0, a, b)", "sc.gammainc_dx(c, a, b)"], active=0b110)
ew("GammaincDxOp", "sc.gammainc_dx(c, a, b)",
   ["0.0", "sc.gammainc_dx(c + 1.0, a, b)",
    "((a - 1.0) / b - 1.0) * y + select(c > 0.0, np.floor(c) * sc.gammainc_dx("
    "np.maximum(c - 1.0, 0.0), a, b) / b, 0.0)"], active=0b110)
# regularized incomplete beta I_x(a, b): d/dx in closed form, the shape derivatives by bivariate
# Taylor jets through the continued fraction (kernels/incbeta.py).  BetaincDOp(m, a, b, x)
# = d^(j+k) I / da^j db^k and BetaincDxOp the same of dI/dx, with m = j + 8 k a constant
# (it enters the x-partial through floor, whose derivative is zero: j = floor(m) - 8 floor(m/8))
ew("BetaincOp", "sc.betainc(c, a, b)",
   ["sc.betainc_d(1.0, c, a, b)", "sc.betainc_d(8.0, c, a, b)", "sc.betainc_dx(0.0, c, a, b)"],
   ufuncs=[sc.betainc])
ew("BetaincDOp", "sc.betainc_d(m, c, a, b)",
   ["0.0", "sc.betainc_d(m + 1.0, c, a, b)", "sc.betainc_d(m + 8.0, c, a, b)",
    "sc.betainc_dx(m, c, a, b)"], active=0b1110)
ew("BetaincDxOp", "sc.betainc_dx(m, c, a, b)",
   ["0.0", "sc.betainc_dx(m + 1.0, c, a, b)", "sc.betainc_dx(m + 8.0, c, a, b)",
    "((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y"
    " + select(np.fmod(m, 8.0) > 0.0, (np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx("
    "np.maximum(m - 1.0, 0.0), c, a, b) / b, 0.0)"
    " - select(m >= 8.0, np.floor(m / 8.0) * sc.betainc_dx("
    "np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b), 0.0)"], active=0b1110)
# Hurwitz and Riemann zeta (kernels/zeta.py): d/dq zeta(x, q) = -x zeta(x + 1, q); the
# x-derivatives by Taylor jets through the Euler-Maclaurin sum, ZetaDOp(k, x, q) = d^k/dx^k
# (k a constant), ZetacDOp(k, x) the same of Riemann's zeta (reflection formula below 0)
ew("ZetaOp", "sc.zeta(a, b)", ["sc.zeta_d(1.0, a, b)", "-a * sc.zeta(a + 1.0, b)"],
   ufuncs=[sc._ufuncs._zeta])
ew("ZetaDOp", "sc.zeta_d(c, a, b)",
   ["0.0", "sc.zeta_d(c + 1.0, a, b)",
    "-(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), "
    "a + 1.0, b))"], active=0b110)
ew("RiemannZetaOp", "sc.riemann_zeta(x)", ["sc.zetac_d(1.0, x)"],
   ufuncs=[sc._ufuncs._riemann_zeta])
ew("ZetacOp", "sc.zetac(x)", ["sc.zetac_d(1.0, x)"], ufuncs=[sc.zetac])
ew("ZetacDOp", "sc.zetac_d(a, b)", ["0.0", "sc.zetac_d(a + 1.0, b)"], active=0b10)
# d/da betaln = digamma(a) - digamma(a + b), a difference of nearly equal large digammas where
# a is large: sc.digamma_diff keeps its digits (the negative binomial's dispersion gradient)
ew("BetalnOp", "sc.betaln(a, b)",
   ["sc.digamma_diff(a, b)", "sc.digamma_diff(b, a)"],
   ufuncs=[sc.betaln])
