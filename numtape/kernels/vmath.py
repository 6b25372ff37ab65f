"""exp, log, expm1, log1p, sin, cos, tanh, expit and log_expit in plain float64 arithmetic, so
that loops calling them vectorize.

The op table's ExpOp, Expm1Op, LogOp, Log1pOp, TanhOp, SinOp, CosOp, ExpitOp and LogExpitOp
use these functions in every compiled tier, for one element as for a block
(numtape/ops/formulas.py, ``vm`` and ``vb``), so that every compiled sweep gives the same
bits.  Two functions branch on their
argument, and in scalar code compute only the path taken: tanh (between its two formulas: a
recurrence through tanh waits half as long; benchmarks/compare.py, W2) and sin and cos (between
Cody-Waite's reduction below TRIG_NEAR = 2**20 and Payne-Hanek's above).  A vectorized loop
turns a branch into a select and computes both paths, which for sin and cos would cost the
whole-range reduction (a gather of 2/pi's bits per lane) on every element: the kernels' loops
over blocks of SinOp and CosOp therefore first check that every argument passes ``near``
(|x| < TRIG_NEAR; a vectorized and-reduction) and then call ``vsin_near``/``vcos_near``, the
near path alone, whose bits are vsin's and vcos's there (numtape/sweeps/emit.py,
``element_loop``).

``math.exp`` and ``math.log`` inside a Numba loop are calls into the C library, one element at a
time: LLVM cannot turn such a loop into SIMD code (PyPI's llvmlite has no vector math library).
The functions here compute the same values with additions, multiplications, one division
(log, log1p), comparisons that become selects, and integer operations on the bits of a float64
(for the powers of two).  No branch depends on the argument but the two above, and no table is
read (except 2/pi's bits by Payne-Hanek's reduction: a gather), so a loop
``for i in range(n): y[i] = vexp(x[i])`` compiles to SIMD instructions.

Every function is correct over its whole domain (subnormal arguments and results, overflow to
inf, underflow to 0, the infinities, NaN in gives NaN out) to within the bound of ulps that
``tests/test_vmath.py`` checks against mpmath; the results are not always the correctly rounded
ones, so they can differ from the C library's in the last bit.

Same bits from NumPy.  Each ``vname`` has a twin ``np_vname`` taking and returning arrays, which
runs the same operations in the same order with NumPy's elementwise functions (``np.where`` for
the selects, ``ndarray.view`` for the bits).  Every operation is a correctly rounded IEEE one
(no fused multiply-add: Numba without ``fastmath`` never contracts ``a * b + c``), so the twin
gives the same bits as the compiled code, and the plain-Python run of a ``vname`` (its
``py_func``, as numtape's twins call it) does too.  The functions are inlined into their
callers' Numba IR and compiled with the callers' options: a caller with ``fastmath`` would let
LLVM contract and reorder them, and lose both the bits and the error bounds.  Two parts are
called instead: sin's and cos's whole-range reduction (``_sin_far``, ``_cos_far``,
``_sincos_far``: vsin inlines its near path and calls the far one), and the ``_call`` forms of
vsin, vcos and vsincos, which the kernels call in a loop whose arguments are not all near
(numtape/sweeps/emit.py, ``element_loop``).  Inlined, they made up most of the compile time of
a kernel taking sin or cos (benchmarks/costs.py, run-compile); called, they run the same
operations (same bits), and the far path, a branch in scalar code, never vectorized anyway.

Range reduction and polynomials
-------------------------------
``vexp``: x = n ln2 + r with n = round(x / ln2) and |r| <= ln2/2.  ln2 is split in
``LN2_HI + LN2_LO``, with ``LN2_HI`` holding 42 bits so that ``n * LN2_HI`` is exact for
|n| < 2**11 and ``x - n * LN2_HI`` is exact (Sterbenz); r = that minus ``n * LN2_LO``, and
``rc``, the rounding error of that subtraction, is carried along.  exp(r) = 1 + r + r**2 q(r),
with q a degree-10 polynomial (a Chebyshev fit, ``tools/vmath_coeffs.py``, with an error far
below the last bit), evaluated by Horner's rule in its first terms and Estrin's scheme in the
rest, whose rounding errors are scaled down by r**3.  ``1 + r`` is formed as a rounded sum
``h`` and its exact error ``e`` (Fast2Sum: |r| < 1), so exp(r + rc) = h + ((e + rc h) + r**2 q):
one rounding of a sum whose second term is small, which keeps the error near half an ulp.
n is rounded by adding and
subtracting 1.5 * 2**52, whose last bits then hold n as an integer.  2**n is applied as two
factors 2**(n//2) and 2**(n - n//2), each a normal float64 built from its exponent bits, so
that results that overflow, are subnormal or underflow come out of the last multiplication
(for a subnormal result, a second rounding after the one of the sum, hence a bound a little
above that of normal results).  The argument is clamped to [-746, 710] first (beyond, the
result is 0 or inf anyway), which keeps every integer in range.

``vlog``: x = 2**k m with m in [sqrt(1/2), sqrt(2)), read from the bits (subnormal x are
first scaled by 2**54); log(x) = k ln2 + log(m).  With f = m - 1 (exact) and
u = 2f / (2 + f), |u| <= 0.3432, log(m) = 2 atanh(u/2) = u + s R(s**2) with s = u/2 and
R(z) = z P(z), P a degree-7 polynomial (Chebyshev fit, ``tools/vmath_coeffs.py``; Estrin's
scheme).  The large
term u is carried as ``ut + ul``: ``ut`` is u cut to 26 bits (a mask on its bits), so that
``ut`` times the 26-bit head of 2 + f is exact and the remainder 2f - ut (2 + f) is computed
exactly, which gives ``ul`` (Dekker's product without an FMA).  Then ``k LN2_HI + ut`` (both
exact) is summed as a rounded ``hi`` and its exact error ``lo`` (Fast2Sum), and
log(x) = hi + (lo + ((k LN2_LO + ul) + s R)): again one rounding of a sum whose second term is
small (s R is about a hundredth of the result at most), so the error stays near half an ulp, also
where k ln2 and log(m) nearly cancel.  Near x = 1 (k = 0) the sum is ut + (ul + s R), with the
relative accuracy that needs.  One division, 1 / (2 + f), is shared by u and ``ul``.

``vexpm1``: the reduction of ``vexp`` (x clamped to [-40, 710]: below -37.43 the result rounds
to -1), and exp(x) - 1 = 2**mm (s (1 + E) - t) with mm = max(n, 0), s = 2**(n - mm),
t = 2**-mm and E = exp(r) - 1 = r + r**2/2 + r**3 q1(r), q1 the polynomial of ``vexp`` without
its constant term.  r**2/2 is exact as ``rh**2 / 2`` (rh: r cut to 26 bits) plus a small
remainder; s - t (a TwoSum), s r and s rh**2/2 are exact terms of decreasing size, summed with
Fast2Sums, and the remainders with the small terms, so again the error is one rounding plus a
little.  For n <= 0 the sum is the result itself (accurate relative to the result near x = 0,
where it is r + ...); for n > 0 it lies in [0.2, 1.5) and the scaling by 2**mm (two factors,
as in ``vexp``) is exact up to overflow.  |x| < 2**-54 returns x (the rounded result, and -0).

``vlog1p``: 1 + x = u + e (TwoSum), u = 2**k m as in ``vlog``, and
log(1 + x) = k ln2 + log(1 + f + e / 2**k) with f = m - 1; ``e / 2**k`` enters the exact
remainder of u above.  When k = 0, f + e is x itself, so f = x and no correction: near x = 0
the result keeps the relative accuracy of x.  |x| < 2**-54 returns x.

``vtanh``: for |x| < 0.625, x + x**3 T(x**2), T a degree-11 polynomial (Chebyshev fit) in
Estrin's form; its leading term x**3 T0 is formed from a 16-bit head a of x (a**3 times 5 bits
of T0 exact, summed with x by Fast2Sum), as in ``vsin``, so only terms below a few hundredths
of the result are rounded.  Above, 1 - 2 / (expm1(2|x|) + 2) with the quotient q = 2 / u
corrected by its residual 2 - q u (Dekker's product, and u's own rounding error from a
Fast2Sum) and 1 - q formed by Fast2Sum, so the result takes one rounding plus the error of
expm1 scaled by 2 / u.  The sign comes back by copysign (tanh(-0) = -0); beyond 19.06 the
result rounds to 1, and the argument of expm1 is capped at 44 to stay finite.

``vsin``, ``vcos``: |x| = n pi/2 + r (mod 2 pi) with |r| <= pi/4 (1 + 2**-32), then sin or cos
of r by n mod 4 (the polynomial of the other one is computed only in a vectorized loop, then
not selected; the sign is flipped for sin of negative x, so sin(-0) is -0).

Below TRIG_NEAR = 2**20 the reduction is Cody-Waite's (``_trig_reduce_near``): n = round(|x| 2/pi)
(by the shifter; the rounding of the product may pick the neighbouring n near a half-integer,
hence the 2**-32), and pi/2 split in four parts, ``PIO2_1`` to ``PIO2_3`` of 33 bits each and
``PIO2_4`` of 53, so that n PIO2_k is exact for k < 4 (n < 2**20).  |x| - n PIO2_1 is exact
(Sterbenz); the next two parts are subtracted with TwoSums, their errors summed with the
rounded n PIO2_4, and r = rh + rl (Fast2Sum).  The error is below 2**-130 absolute, while no
float64 below 2**20 comes closer to a multiple of pi/2 than 6.2e-19 (x = 45.553093477052,
found by checking every multiple below 2**20 and its neighbours): relative to r, below 2**-96.

From TRIG_NEAR up (and for inf and NaN) the reduction is Payne-Hanek's (``_trig_reduce``),
exact over the whole range up to the largest float64, branch-free:
|x| = xs 2**(24 j0), xs in [2**54, 2**78), j0 from the exponent; 2/pi's bits in
24-bit chunks c_i (``TWO_OVER_PI_CHUNKS``, 52 chunks after 3 zeros so that arguments from 1/2 up
are alike; read per lane: the loop gathers them) give x 2/pi modulo 4 as
sum_k xs c_(j0+k) 2**(-24 (k + 1)), k = 0 ... 8.  xs is split in ``xa`` (26 bits) and ``xb``
(27 bits), so every product is exact; xa c_j0 is a multiple of 4 and is left out; the large
products lose a multiple of 4 by the shifter rounding (p + R4) - R4 (exact, |p| < 2**53); the
others are cut at 2**-46 and 2**-96, and each band is summed exactly: multiples of 2**-46
below 32 (``b1``), multiples of 2**-96 below 2**-44 (``l2``), and the rest (below 2**-89,
rounded).  n = round(b1), f = (b1 - n) + l2 + l3 as a pair (TwoSum), with an error below
2**-104 |f| + 2**-136 (the chunks left out, the roundings of l3 and of the pair's low part),
while no float64 comes closer to a multiple of pi/2 than about 2**-61.6 in f
(x = 6381956970095103 2**797): relative to f, the reduction errs by less than 2**-70.
r = f pi/2 as a pair ``rh + rl`` (Dekker's product by masks, no FMA).

sin(r) = r + r**3 S(r**2) with S of degree 6, the leading r**3 S0 formed
from a 16-bit head a of r (a**3 times 5 bits of S0 is exact, and summed with r by Fast2Sum);
cos(r) = 1 - r**2/2 + r**4 C(r**2), C of degree 5, with r**2/2 split as in ``vexpm1``
(a 26-bit head squared exactly, 1 - that by Fast2Sum).  Errors: about half an ulp (the bound in
``tests/test_vmath.py``), inf and NaN give NaN, and |x| < 2**-26 gives sin x == x.
"""
import math

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload, register_jitable

__all__ = ["vexp", "vlog", "vexpm1", "vlog1p", "vsin", "vcos", "vsin_near", "vcos_near",
           "vsincos", "vsincos_near", "near",
           "np_vexp", "np_vlog", "np_vexpm1", "np_vlog1p", "np_vsin", "np_vcos"]

# numtape's jit options (numtape/kernels/jit.py, checked by tests/test_jit.py), spelled out so
# that this module stands alone, and inlined into the caller's Numba IR
_njit = numba.njit(cache=True, nogil=True, fastmath=False, error_model="numpy", inline="always")
# ... except sin's and cos's whole-range reduction (|x| >= TRIG_NEAR, a rare path): called,
# not inlined (module docstring), the same operations, so the same bits
_njit_far = numba.njit(cache=True, nogil=True, fastmath=False, error_model="numpy")

# -- the bits of a float64 --------------------------------------------------------------------


def _bits(x):
    """The bits of the float64 ``x`` as an int64 (Python twin of the compiled bit cast)."""
    return int(np.float64(x).view(np.int64))


def _from_bits(i):
    """The float64 whose bits are the int64 ``i``."""
    return float(np.int64(i).view(np.float64))


@intrinsic
def _bitcast_f2i(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], ir.IntType(64))
    return types.int64(types.float64), codegen


@intrinsic
def _bitcast_i2f(typingctx, i):
    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], ir.DoubleType())
    return types.float64(types.int64), codegen


def _div(a, b):
    """The rounded quotient a / b (compiled without a division-by-zero check)."""
    return a / b


@intrinsic
def _fdiv(typingctx, a, b):
    def codegen(context, builder, signature, args):
        return builder.fdiv(args[0], args[1])
    return types.float64(types.float64, types.float64), codegen


@overload(_bits, inline="always")
def _bits_numba(x):
    return lambda x: _bitcast_f2i(np.float64(x))


@overload(_from_bits, inline="always")
def _from_bits_numba(i):
    return lambda i: _bitcast_i2f(np.int64(i))


@overload(_div, inline="always")
def _div_numba(a, b):
    # an inlined function's ``/`` follows the caller's error_model: with Numba's default
    # ("python") it checks for a zero divisor, a branch that stops the loop from vectorizing
    return lambda a, b: _fdiv(np.float64(a), np.float64(b))


# -- constants --------------------------------------------------------------------------------

LN2_HI = 0.6931471805598903          # 0x1.62e42fefa3800p-1: ln2 to 42 bits
LN2_LO = 5.497923018708371e-14       # ln2 - LN2_HI
INV_LN2 = 1.4426950408889634
SHIFTER = 6755399441055744.0         # 1.5 * 2**52: x + SHIFTER - SHIFTER rounds x to an integer
SHIFTER_BITS = 0x4338000000000000    # its bits; bits(SHIFTER + n) - SHIFTER_BITS == n
EXP_HI = 710.0                       # exp(x) overflows beyond 709.79
EXP_LO = -746.0                      # exp(x) rounds to 0 below -745.14
EXPM1_LO = -40.0                     # expm1(x) rounds to -1 below -37.43
TWO_M54 = 5.551115123125783e-17      # 2**-54: below, expm1(x) and log1p(x) round to x
SQRT_HALF_BITS = 0x3fe6a09e667f3bcd  # bits of sqrt(1/2)
MASK26 = -(1 << 27)                  # 0xfffffffff8000000: keeps 26 of 53 bits
MASK16 = -(1 << 37)                  # keeps 16 of 53 bits
MIN_NORMAL = 2.2250738585072014e-308
TWO54 = 18014398509481984.0
INF = math.inf
NAN = math.nan

# degree-10 fit of (exp(r) - 1 - r) / r**2 on |r| <= ln2/2 (tools/vmath_coeffs.py)
Q0 = 0.5
Q1 = 0.1666666666666667
Q2 = 0.04166666666666667
Q3 = 0.008333333333326112
Q4 = 0.001388888888888373
Q5 = 0.0001984126987490126
Q6 = 2.4801587325605324e-05
Q7 = 2.7557255297969643e-06
Q8 = 2.755727357010214e-07
Q9 = 2.5105259538448494e-08
Q10 = 2.0914717341716378e-09

# degree-7 fit of (log((1+s)/(1-s)) - 2*s) / s**3 in z = s**2, 0 <= z <= 0.02944
P0 = 0.6666666666666666
P1 = 0.4000000000000088
P2 = 0.2857142857080285
P3 = 0.22222222391887064
P4 = 0.18181795621632782
P5 = 0.15386240708969665
P6 = 0.13268746195596595
P7 = 0.13086907887965027


# -- polynomials ------------------------------------------------------------------------------
# Estrin's scheme (pairs, then pairs of pairs) where rounding errors matter least: shorter
# chains of dependent operations than Horner's.  Plain Python, on floats or arrays alike (the
# NumPy twins call them too).


@register_jitable(inline="always")
def _exp_q3(r, r2):
    """Q3 + Q4 r + ... + Q10 r**7; r2 = r * r."""
    r4 = r2 * r2
    return (((Q3 + r * Q4) + r2 * (Q5 + r * Q6))
            + r4 * ((Q7 + r * Q8) + r2 * (Q9 + r * Q10)))


@register_jitable(inline="always")
def _log_p(z, z2):
    """P0 + P1 z + ... + P7 z**7; z2 = z * z."""
    z4 = z2 * z2
    return (((P0 + z * P1) + z2 * (P2 + z * P3))
            + z4 * ((P4 + z * P5) + z2 * (P6 + z * P7)))


# -- exp --------------------------------------------------------------------------------------


@register_jitable(inline="always")
def _cube_head(r, a, z, c_hi, c_lo, c):
    """(hi, lo, t) with r + c r**3 == hi + lo + t up to t's roundings, for the leading odd
    term of a series (vsin, vtanh): ``a`` is r cut to 16 bits (MASK16), so a**3 and a**3 c_hi
    (c to 5 bits, c_lo = c - c_hi) are exact and hi + lo == r + a**3 c_hi (Fast2Sum); t holds
    the rest, a**3 c_lo + (r**3 - a**3) c.  z = r * r.  Scalars in the kernels, arrays in the
    NumPy twins (the same operations)."""
    a2 = a * a
    a3 = a2 * a
    t0 = a3 * c_hi
    hi = r + t0
    return hi, (r - hi) + t0, a3 * c_lo + ((r - a) * ((z + r * a) + a2)) * c


@_njit
def vexp(x):
    """exp(x) for a float64 ``x``, branch-free (module docstring)."""
    xc = x if x < EXP_HI else EXP_HI      # inf and NaN -> EXP_HI (NaN restored at the end)
    xc = xc if xc > EXP_LO else EXP_LO
    kd = xc * INV_LN2 + SHIFTER
    n = _bits(kd) - SHIFTER_BITS          # round(x / ln2), |n| <= 1076
    nd = kd - SHIFTER
    rhi = xc - nd * LN2_HI                # exact
    rlo = nd * LN2_LO
    r = rhi - rlo
    rc = (rhi - r) - rlo                  # r + rc == rhi - rlo
    r2 = r * r
    q = Q0 + r * (Q1 + r * (Q2 + r * _exp_q3(r, r2)))
    h = 1.0 + r
    e = (1.0 - h) + r                     # h + e == 1 + r
    p = h + ((e + rc * h) + r2 * q)       # exp(r + rc)
    n1 = n >> 1
    y = p * _from_bits((n1 + 1023) << 52) * _from_bits((n - n1 + 1023) << 52)
    return y if x == x else x


def np_vexp(x):
    """``vexp`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        return _np_vexp(x)


def _np_vexp(x):
    xc = np.where(x < EXP_HI, x, EXP_HI)
    xc = np.where(xc > EXP_LO, xc, EXP_LO)
    kd = xc * INV_LN2 + SHIFTER
    n = kd.view(np.int64) - SHIFTER_BITS
    nd = kd - SHIFTER
    rhi = xc - nd * LN2_HI
    rlo = nd * LN2_LO
    r = rhi - rlo
    rc = (rhi - r) - rlo
    r2 = r * r
    q = Q0 + r * (Q1 + r * (Q2 + r * _exp_q3(r, r2)))
    h = 1.0 + r
    e = (1.0 - h) + r
    p = h + ((e + rc * h) + r2 * q)
    n1 = n >> 1
    y = p * ((n1 + 1023) << 52).view(np.float64) * ((n - n1 + 1023) << 52).view(np.float64)
    return np.where(x == x, y, x)


# -- log --------------------------------------------------------------------------------------


@_njit
def _log_reduce(xs):
    """(k, k as a float64, m) with xs = 2**k m, m in [sqrt(1/2), sqrt(2)), xs positive normal."""
    ix = _bits(xs)
    k = (ix - SQRT_HALF_BITS) >> 52
    return k, _from_bits(k + SHIFTER_BITS) - SHIFTER, _from_bits(ix - (k << 52))


@_njit
def _log_sum(f, em, dk):
    """The sum dk ln2 + log(1 + f + em), for |f| <= sqrt(2) - 1 and |em| <= 2**-52 or so."""
    d = 2.0 + f
    dl = ((2.0 - d) + f) + em             # d + dl == 2 + f + em
    inv = _div(1.0, d)
    u = (2.0 * f) * inv                   # 2 atanh(u/2) == log(1 + f)
    ut = _from_bits(_bits(u) & MASK26)    # u to 26 bits
    dh = _from_bits(_bits(d) & MASK26)
    # ut + ul == 2 (f + em) / (2 + f + em)
    ul = ((((2.0 * f - ut * dh) - ut * (d - dh)) - ut * dl) + 2.0 * em) * inv
    s = 0.5 * u
    z = s * s
    w = _log_p(z, z * z)
    khi = dk * LN2_HI                     # exact
    hi = khi + ut
    lo = (khi - hi) + ut                  # hi + lo == khi + ut (Fast2Sum: |ut| < ln2 <= |khi|)
    return hi + (lo + ((dk * LN2_LO + ul) + s * (z * w)))


def _np_log_reduce(xs):
    ix = xs.view(np.int64)
    k = (ix - SQRT_HALF_BITS) >> 52
    return k, (k + SHIFTER_BITS).view(np.float64) - SHIFTER, (ix - (k << 52)).view(np.float64)


def _np_log_sum(f, em, dk):
    d = 2.0 + f
    dl = ((2.0 - d) + f) + em
    inv = 1.0 / d
    u = (2.0 * f) * inv
    ut = (u.view(np.int64) & MASK26).view(np.float64)
    dh = (d.view(np.int64) & MASK26).view(np.float64)
    ul = ((((2.0 * f - ut * dh) - ut * (d - dh)) - ut * dl) + 2.0 * em) * inv
    s = 0.5 * u
    z = s * s
    w = _log_p(z, z * z)
    khi = dk * LN2_HI
    hi = khi + ut
    lo = (khi - hi) + ut
    return hi + (lo + ((dk * LN2_LO + ul) + s * (z * w)))


@_njit
def vlog(x):
    """log(x) for a float64 ``x``, branch-free (module docstring)."""
    xs = x if x > 0.0 else 1.0            # 0, negatives and NaN: fixed at the end
    tiny = xs < MIN_NORMAL
    xs = xs * TWO54 if tiny else xs
    _, dk, m = _log_reduce(xs)
    y = _log_sum(m - 1.0, 0.0, dk - 54.0 if tiny else dk)
    y = y if x > 0.0 else (-INF if x == 0.0 else NAN)
    return INF if x == INF else y


def np_vlog(x):
    """``vlog`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        xs = np.where(x > 0.0, x, 1.0)
        tiny = xs < MIN_NORMAL
        xs = np.where(tiny, xs * TWO54, xs)
        _, dk, m = _np_log_reduce(xs)
        y = _np_log_sum(m - 1.0, 0.0, np.where(tiny, dk - 54.0, dk))
        y = np.where(x > 0.0, y, np.where(x == 0.0, -INF, NAN))
        return np.where(x == INF, INF, y)


@_njit
def vlog1p(x):
    """log(1 + x) for a float64 ``x``, branch-free (module docstring)."""
    xs = x if x > -1.0 else 0.0           # -1, below and NaN: fixed at the end
    xs = xs if xs < INF else 0.0
    u = 1.0 + xs
    b = u - 1.0
    e = (1.0 - (u - b)) + (xs - b)        # u + e == 1 + xs (TwoSum)
    k, dk, m = _log_reduce(u)
    # 1 + xs = 2**k (m + e / 2**k); when k == 0, that is 1 + xs itself: xs is exact
    f = xs if k == 0 else m - 1.0
    em = 0.0 if k == 0 else e * _from_bits((1023 - (k if k < 1000 else 1000)) << 52)
    y = _log_sum(f, em, dk)
    y = x if abs(x) < TWO_M54 else y      # log1p(x) rounds to x; keeps -0
    y = y if x > -1.0 else (-INF if x == -1.0 else NAN)
    return INF if x == INF else y


def np_vlog1p(x):
    """``vlog1p`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        xs = np.where(x > -1.0, x, 0.0)
        xs = np.where(xs < INF, xs, 0.0)
        u = 1.0 + xs
        b = u - 1.0
        e = (1.0 - (u - b)) + (xs - b)
        k, dk, m = _np_log_reduce(u)
        f = np.where(k == 0, xs, m - 1.0)
        em = np.where(k == 0, 0.0,
                      e * ((1023 - np.where(k < 1000, k, 1000)) << 52).view(np.float64))
        y = _np_log_sum(f, em, dk)
        y = np.where(np.abs(x) < TWO_M54, x, y)
        y = np.where(x > -1.0, y, np.where(x == -1.0, -INF, NAN))
        return np.where(x == INF, INF, y)


# -- expm1 ------------------------------------------------------------------------------------


@_njit
def vexpm1(x):
    """exp(x) - 1 for a float64 ``x``, branch-free (module docstring)."""
    xc = x if x < EXP_HI else EXP_HI      # inf and NaN -> EXP_HI (NaN restored at the end)
    xc = xc if xc > EXPM1_LO else EXPM1_LO
    kd = xc * INV_LN2 + SHIFTER
    n = _bits(kd) - SHIFTER_BITS          # round(x / ln2), -58 <= n <= 1024
    nd = kd - SHIFTER
    rhi = xc - nd * LN2_HI
    rlo = nd * LN2_LO
    r = rhi - rlo
    rc = (rhi - r) - rlo
    r2 = r * r
    q = Q1 + r * (Q2 + r * _exp_q3(r, r2))   # (exp(r) - 1 - r - r**2/2) / r**3
    rh = _from_bits(_bits(r) & MASK26)    # r to 26 bits: rh**2 is exact
    rl = r - rh
    tail = ((0.5 * rl) * (r + rh) + rc * (1.0 + r)) + r2 * (r * q)
    mm = n if n > 0 else 0                # result = 2**mm (s (1 + expm1(r)) - t)
    s = _from_bits((n - mm + 1023) << 52)                             # 2**(n - mm)
    t = _from_bits((1023 - (mm if mm < 1000 else 1000)) << 52)        # 2**-mm
    a = s - t
    ab = a - s
    ae = (s - (a - ab)) + (-t - ab)       # a + ae == s - t (TwoSum)
    p2 = s * r
    p3 = s * ((0.5 * rh) * rh)
    b = a + p2
    be = (a - b) + p2                     # Fast2Sum: |a| >= |p2|
    c = b + p3
    ce = (b - c) + p3                     # Fast2Sum: |b| >= |p3|
    inner = c + (ce + (be + (ae + s * tail)))
    m1 = mm >> 1
    y = inner * _from_bits((m1 + 1023) << 52) * _from_bits((mm - m1 + 1023) << 52)
    y = x if abs(x) < TWO_M54 else y      # expm1(x) rounds to x; keeps -0
    return y if x == x else x


def np_vexpm1(x):
    """``vexpm1`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        xc = np.where(x < EXP_HI, x, EXP_HI)
        xc = np.where(xc > EXPM1_LO, xc, EXPM1_LO)
        kd = xc * INV_LN2 + SHIFTER
        n = kd.view(np.int64) - SHIFTER_BITS
        nd = kd - SHIFTER
        rhi = xc - nd * LN2_HI
        rlo = nd * LN2_LO
        r = rhi - rlo
        rc = (rhi - r) - rlo
        r2 = r * r
        q = Q1 + r * (Q2 + r * _exp_q3(r, r2))
        rh = (r.view(np.int64) & MASK26).view(np.float64)
        rl = r - rh
        tail = ((0.5 * rl) * (r + rh) + rc * (1.0 + r)) + r2 * (r * q)
        mm = np.where(n > 0, n, 0)
        s = ((n - mm + 1023) << 52).view(np.float64)
        t = ((1023 - np.where(mm < 1000, mm, 1000)) << 52).view(np.float64)
        a = s - t
        ab = a - s
        ae = (s - (a - ab)) + (-t - ab)
        p2 = s * r
        p3 = s * ((0.5 * rh) * rh)
        b = a + p2
        be = (a - b) + p2
        c = b + p3
        ce = (b - c) + p3
        inner = c + (ce + (be + (ae + s * tail)))
        m1 = mm >> 1
        y = inner * ((m1 + 1023) << 52).view(np.float64) * ((mm - m1 + 1023) << 52).view(np.float64)
        y = np.where(np.abs(x) < TWO_M54, x, y)
        return np.where(x == x, y, x)



# -- expit and log_expit ----------------------------------------------------------------------


@_njit
def vexpit(x):
    """The logistic function 1 / (1 + exp(-x)) for a float64 ``x``, branch-free: with
    e = exp(-|x|) (never overflows), 1 / (1 + e) for x >= 0 and e / (1 + e) below, where the
    result is as small as e and keeps its relative accuracy (subnormal results included);
    1 + e is taken exactly (a sum and its rounding error), so only e's error and the
    division's rounding remain."""
    e = vexp(-abs(x))
    s = 1.0 + e
    c = (1.0 - s) + e                     # s + c == 1 + e exactly (Fast2Sum: 1 >= e)
    q = _div(1.0 if x >= 0.0 else e, s)
    return q - _div(q * c, s)             # q (1 - c / s): the quotient by 1 + e itself


def np_vexpit(x):
    """``vexpit`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        e = _np_vexp(-np.abs(x))
        s = 1.0 + e
        c = (1.0 - s) + e
        q = np.where(x >= 0.0, 1.0, e) / s
        return q - (q * c) / s


@_njit
def vlog_expit(x):
    """log(1 / (1 + exp(-x))) for a float64 ``x``, branch-free: -(log1p(e) - min(x, 0)) with
    e = exp(-|x|).  Both terms have the result's sign, so nothing cancels; a result that
    underflows is -0 (as the exact value is negative)."""
    m = x if x < 0.0 else 0.0             # NaN -> 0 (log1p(NaN) gives the NaN)
    return -(vlog1p(vexp(-abs(x))) - m)


def np_vlog_expit(x):
    """``vlog_expit`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        m = np.where(x < 0.0, x, 0.0)
        return -(np_vlog1p(_np_vexp(-np.abs(x))) - m)


# -- tanh -------------------------------------------------------------------------------------
# |x| < TANH_SMALL: x + x**3 T(x**2), T a degree-11 fit of (tanh(x) - x) / x**3 in z = x**2
# (tools/vmath_coeffs.py), its leading term as in vsin, the rest in Estrin's form (short
# dependency chains: a recurrence through tanh waits on its latency).  Above:
# 1 - 2 / (expm1(2|x|) + 2), the quotient corrected by its residual (Dekker's product, no FMA)
# and 1 - q by TwoSum, so the rounding of the quotient does not reach the result.  tanh(x)
# rounds to +-1 beyond 19.06; TANH_ONE keeps expm1 finite.
TANH_SMALL = 0.625
TANH_ONE = 22.0
T0 = -0.3333333333333333
T1 = 0.13333333333333042
T2 = -0.053968253967896666
T3 = 0.021869488518994312
T4 = -0.008863235102935029
T5 = 0.0035921217472709827
T6 = -0.0014557753814086393
T7 = 0.0005896605030472117
T8 = -0.00023759014908800234
T9 = 9.257015852602979e-05
T10 = -3.119996874178646e-05
T11 = 6.484612156316395e-06
T0_HI = -0.328125                     # T0 to 5 bits
T0_LO = T0 - T0_HI                    # exact


@register_jitable(inline="always")
def _tanh_t1(z, z2, z4):
    """T1 + T2 z + ... + T11 z**10, Estrin's scheme; z2 = z * z, z4 = z2 * z2."""
    return ((((T1 + z * T2) + z2 * (T3 + z * T4)) + z4 * ((T5 + z * T6) + z2 * (T7 + z * T8)))
            + (z4 * z4) * ((T9 + z * T10) + z2 * T11))


@_njit
def vtanh(x):
    """tanh(x) for a float64 ``x`` (comment above); a branch on |x| < TANH_SMALL, which a
    vectorized loop turns into a select of both."""
    ax = abs(x)
    if ax < TANH_SMALL:
        z = ax * ax
        z2 = z * z
        hi, lo, t = _cube_head(ax, _from_bits(_bits(ax) & MASK16), z, T0_HI, T0_LO, T0)
        y = hi + (lo + (t + (ax * z) * (z * _tanh_t1(z, z2, z2 * z2))))
    else:
        a = ax if ax < TANH_ONE else TANH_ONE
        t = vexpm1(a + a)
        u = t + 2.0
        ue = (t - u) + 2.0                # u + ue == t + 2 (Fast2Sum: t > 2)
        q = _div(2.0, u)
        p = q * u
        qh = _from_bits(_bits(q) & MASK26)
        qt = q - qh
        uh = _from_bits(_bits(u) & MASK26)
        ut = u - uh
        e = ((qh * uh - p) + qh * ut + qt * uh) + qt * ut   # p + e == q u (Dekker)
        qc = _div(((2.0 - p) - e) - q * ue, u)              # 2 / (t + 2) == q + qc (nearly)
        s = 1.0 - q
        y = s + (((1.0 - s) - q) - qc)    # s + ((1 - s) - q) == 1 - q (Fast2Sum)
    y = math.copysign(y, x)
    return y if x == x else x


def np_vtanh(x):
    """``vtanh`` on an array with NumPy: the same operations, the same bits."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        z = ax * ax
        z2 = z * z
        hi, lo, t = _cube_head(ax, (ax.view(np.int64) & MASK16).view(np.float64), z, T0_HI,
                               T0_LO, T0)
        small = hi + (lo + (t + (ax * z) * (z * _tanh_t1(z, z2, z2 * z2))))
        a = np.where(ax < TANH_ONE, ax, TANH_ONE)
        t = np_vexpm1(a + a)
        u = t + 2.0
        ue = (t - u) + 2.0
        q = 2.0 / u
        p = q * u
        qh = (q.view(np.int64) & MASK26).view(np.float64)
        qt = q - qh
        uh = (u.view(np.int64) & MASK26).view(np.float64)
        ut = u - uh
        e = ((qh * uh - p) + qh * ut + qt * uh) + qt * ut
        qc = (((2.0 - p) - e) - q * ue) / u
        s = 1.0 - q
        big = s + (((1.0 - s) - q) - qc)
        y = np.copysign(np.where(ax < TANH_SMALL, small, big), x)
        return np.where(x == x, y, x)


# -- sin and cos ------------------------------------------------------------------------------

# 2/pi = sum_i c_i 2**(-24 (i + 1)), c_i the 24-bit integers of these hex digits (52 of them,
# 1248 bits: enough for the largest float64; tools/vmath_coeffs.py), preceded by
# TRIG_PAD zeros so that arguments from 1/2 up index the table alike
TWO_OVER_PI_HEX = (
    "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a"
    "424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f7e41"
    "3991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf"
    "27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d08"
    "56033046fc7b6babf0cfbc20"
)
TRIG_PAD = 3
TWO_OVER_PI_CHUNKS = np.array(
    [0.0] * TRIG_PAD + [float(int(TWO_OVER_PI_HEX[i:i + 6], 16))
                        for i in range(0, len(TWO_OVER_PI_HEX), 6)])
TWO_OVER_PI_CHUNKS.flags.writeable = False

PIO2_HI = 1.5707963267948966          # pi/2 rounded
PIO2_LO = 6.123233995736766e-17       # pi/2 - PIO2_HI rounded
PIO2_A = 1.5707963109016418          # PIO2_HI to 26 bits
PIO2_B = 1.5893254712295857e-08       # PIO2_HI - PIO2_A (27 bits)
PIO4 = 0.7853981633974483             # below, the argument is its own reduction
TRIG_NEAR = 1048576.0                 # 2**20: below, Cody-Waite's reduction (n < 2**20)
TWO_OVER_PI = 0.6366197723675814      # 2/pi rounded
PIO2_1 = 1.5707963267341256           # pi/2 = PIO2_1 + ... + PIO2_4: 33 bits of pi/2,
PIO2_2 = 6.077100506303966e-11        # the next 33, the next 33 and 53 more
PIO2_3 = 2.0222662487111665e-21       # (tools/vmath_coeffs.py); n PIO2_1, n PIO2_2 and
PIO2_4 = 8.4784276603689e-32          # n PIO2_3 are exact for n < 2**20
R4 = 1.5 * 2.0**54                   # (p + R4) - R4 rounds p to a multiple of 4, |p| < 2**53
R16 = 1.5 * 2.0**56                  # to a multiple of 16, |p| < 2**55
C46 = 96.0                            # 1.5 * 2**6: (p + C46) - C46 rounds p to 2**-46
C96 = 1.5 * 2.0**-44                  # rounds p to 2**-96
TWO_M24, TWO_M48, TWO_M72, TWO_M96, TWO_M120, TWO_M144, TWO_M168, TWO_M192, TWO_M216 = (
    2.0**-24, 2.0**-48, 2.0**-72, 2.0**-96, 2.0**-120, 2.0**-144, 2.0**-168, 2.0**-192, 2.0**-216)

# degree-6 fit of (sin(r) - r) / r**3 in z = r**2, |r| <= pi/4 (tools/vmath_coeffs.py)
S0 = -0.16666666666666666
S1 = 0.008333333333333331
S2 = -0.0001984126984126506
S3 = 2.7557319219335453e-06
S4 = -2.5052106231157904e-08
S5 = 1.605853141458901e-10
S6 = -7.586685070091267e-13
S0_HI = -0.1640625                    # S0 to 5 bits
S0_LO = S0 - S0_HI                    # exact

# degree-5 fit of (cos(r) - 1 + r**2/2) / r**4 in z = r**2
C0 = 0.041666666666666664
C1 = -0.0013888888888887395
C2 = 2.4801587298763433e-05
C3 = -2.7557317270560326e-07
C4 = 2.0876146024689747e-09
C5 = -1.1382614868556325e-11


@register_jitable(inline="always")
def _sin_s1(z, z2):
    """S1 + S2 z + ... + S6 z**5; z2 = z * z."""
    z4 = z2 * z2
    return ((S1 + z * S2) + z2 * (S3 + z * S4)) + z4 * (S5 + z * S6)


@register_jitable(inline="always")
def _cos_c(z, z2):
    """C0 + C1 z + ... + C5 z**5; z2 = z * z."""
    return (C0 + z * C1) + z2 * ((C2 + z * C3) + z2 * (C4 + z * C5))


@_njit
def _trig_reduce(ax):
    """(n, rh, rl) with ax = n pi/2 + r (mod 2 pi), r = rh + rl, |r| <= pi/4 (1 + 2**-42):
    Payne-Hanek's reduction, which vsin and vcos use from TRIG_NEAR up.

    For ax >= 0 finite (module docstring); below pi/4, (0, ax, 0).
    """
    eb = _bits(ax) >> 52                  # biased exponent (ax >= 0)
    eb = eb if eb > 1021 else 1022        # below 1/2: the result is (0, ax, 0) anyway
    j = ((eb - 1005) * 2731) >> 16        # floor((eb - 1077) / 24) + TRIG_PAD
    xs = ax * _from_bits((1095 - 24 * j) << 52)   # in [2**54, 2**78)
    xa = _from_bits(_bits(xs) & MASK26)
    xb = xs - xa
    c0 = float(TWO_OVER_PI_CHUNKS[j]) * TWO_M24
    c1 = float(TWO_OVER_PI_CHUNKS[j + 1]) * TWO_M48
    c2 = float(TWO_OVER_PI_CHUNKS[j + 2]) * TWO_M72
    c3 = float(TWO_OVER_PI_CHUNKS[j + 3]) * TWO_M96
    c4 = float(TWO_OVER_PI_CHUNKS[j + 4]) * TWO_M120
    c5 = float(TWO_OVER_PI_CHUNKS[j + 5]) * TWO_M144
    c6 = float(TWO_OVER_PI_CHUNKS[j + 6]) * TWO_M168
    c7 = float(TWO_OVER_PI_CHUNKS[j + 7]) * TWO_M192
    c8 = float(TWO_OVER_PI_CHUNKS[j + 8]) * TWO_M216
    # xa c0 is a multiple of 4; the products are exact, and so is p - ((p + R4) - R4), p minus
    # a multiple of 4, |p| < 2**53; band 1: multiples of 2**-46 (sum < 32)
    p = xb * c0
    m0 = p - ((p + R4) - R4)
    p = xa * c1
    p = p - ((p + R16) - R16)
    m1 = p - ((p + R4) - R4)
    p = xb * c1
    m2 = p - ((p + R4) - R4)
    p = xa * c2
    b1 = (m0 + m1) + (m2 + (p - ((p + R4) - R4)))
    p = xb * c2
    h1 = (p + C46) - C46
    l2 = p - h1
    p = xa * c3
    p = p - ((p + R4) - R4)
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    p = xb * c3
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    p = xa * c4
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    # band 2: multiples of 2**-96 (sum < 2**-44); band 3: the rest, rounded
    p = xb * c4
    h = (p + C46) - C46
    h1 = h1 + h
    p = p - h
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = p - h
    p = xa * c5
    h = (p + C46) - C46
    h1 = h1 + h
    p = p - h
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    p = xb * c5
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    p = xa * c6
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    l3 = l3 + ((xb * c6 + xa * c7) + (xb * c7 + xa * c8))
    b1 = b1 + h1
    kd = b1 + SHIFTER
    n = _bits(kd) - SHIFTER_BITS          # round(b1)
    f1 = b1 - (kd - SHIFTER)              # exact, |f1| <= 1/2
    fh = f1 + l2
    fb = fh - f1
    fl = ((f1 - (fh - fb)) + (l2 - fb)) + l3      # fh + fl == f1 + l2 + l3 (TwoSum)
    # r = (fh + fl) pi/2: Dekker's product fh PIO2_HI (no FMA)
    fa = _from_bits(_bits(fh) & MASK26)
    fc = fh - fa
    ph = fh * PIO2_HI
    pl = (((fa * PIO2_A - ph) + fa * PIO2_B) + fc * PIO2_A) + fc * PIO2_B
    pl = pl + (fh * PIO2_LO + fl * PIO2_HI)
    rh = ph + pl
    rl = (ph - rh) + pl                   # Fast2Sum
    small = ax < PIO4
    return (0 if small else n), (ax if small else rh), (0.0 if small else rl)


@_njit
def _sin_poly(rh, rl):
    """sin(rh + rl), |rh| <= pi/4 (1 + 2**-32), |rl| <= ulp(rh)."""
    z = rh * rh
    hi, lo, t = _cube_head(rh, _from_bits(_bits(rh) & MASK16), z, S0_HI, S0_LO, S0)
    return hi + (lo + ((t + (rh * z) * (z * _sin_s1(z, z * z))) + rl * (1.0 - 0.5 * z)))


@_njit
def _cos_poly(rh, rl):
    """cos(rh + rl), |rh| <= pi/4 (1 + 2**-32), |rl| <= ulp(rh)."""
    z = rh * rh
    a = _from_bits(_bits(rh) & MASK26)    # rh**2 == a**2 + b (rh + a), a**2 exact
    b = rh - a
    hz = 0.5 * (a * a)
    w = 1.0 - hz
    e = (1.0 - w) - hz                    # w + e == 1 - hz (Fast2Sum)
    tail = (0.5 * b) * (rh + a) + rl * (rh + (rh * z) * S0)     # + rl sin(rh)
    return w + ((e - tail) + (z * z) * _cos_c(z, z * z))


@_njit
def _trig_reduce_near(ax):
    """(n, rh, rl) as ``_trig_reduce``, for 0 <= ax < TRIG_NEAR: Cody-Waite's reduction
    (module docstring).  Below pi/4 it gives (0, ax, 0), which the branch returns at once in
    scalar code (a select in a vectorized loop)."""
    if ax < PIO4:
        return 0, ax, 0.0
    kd = ax * TWO_OVER_PI + SHIFTER
    n = _bits(kd) - SHIFTER_BITS          # round(ax 2/pi) (up to the rounding of the product)
    nd = kd - SHIFTER
    t1 = ax - nd * PIO2_1                 # exact (Sterbenz, or nd == 0)
    q = nd * PIO2_2                       # exact, as nd * PIO2_3
    a = t1 - q
    aa = a - t1
    ea = (t1 - (a - aa)) + (-q - aa)      # a + ea == t1 - q (TwoSum)
    q = nd * PIO2_3
    b = a - q
    bb = b - a
    eb = (a - (b - bb)) + (-q - bb)       # b + eb == a - q
    low = (ea + eb) - nd * PIO2_4
    rh = b + low
    return n, rh, (b - rh) + low          # Fast2Sum


@_njit
def _sin_quadrant(n, rh, rl):
    """sin(n pi/2 + r) up to the sign of n & 2: sin(r) or cos(r); a branch in scalar code,
    a select in a vectorized loop."""
    if (n & 1) == 1:
        return _cos_poly(rh, rl)
    return _sin_poly(rh, rl)


@_njit
def _cos_quadrant(n, rh, rl):
    """cos(n pi/2 + r) up to the sign of (n + 1) & 2."""
    if (n & 1) == 1:
        return _sin_poly(rh, rl)
    return _cos_poly(rh, rl)


@_njit
def vsin_near(x):
    """sin(x) for |x| < TRIG_NEAR (``near(x)``), without a branch to the whole-range reduction:
    the loops over blocks whose arguments all pass ``near`` call it; the same bits as vsin."""
    n, rh, rl = _trig_reduce_near(abs(x))
    y = _sin_quadrant(n, rh, rl)
    return -y if ((n & 2) == 2) != (_bits(x) < 0) else y


@_njit
def vcos_near(x):
    """cos(x) for |x| < TRIG_NEAR, as ``vsin_near``."""
    n, rh, rl = _trig_reduce_near(abs(x))
    y = _cos_quadrant(n, rh, rl)
    return -y if ((n + 1) & 2) == 2 else y


@_njit
def vsincos_near(x):
    """(sin(x), cos(x)) for |x| < TRIG_NEAR from one reduction: the bits of ``vsin_near`` and
    ``vcos_near`` (a fused run's forward sweep stores cos for the reverse sweep of sin)."""
    n, rh, rl = _trig_reduce_near(abs(x))
    return _sincos_quadrants(x, n, rh, rl)


@_njit
def _sincos_quadrants(x, n, rh, rl):
    """(sin(x), cos(x)) from x's reduction (n, rh, rl): both polynomials, each placed and
    signed as ``_sin_quadrant`` and ``_cos_quadrant`` with their callers' signs."""
    ps, pc = _sin_poly(rh, rl), _cos_poly(rh, rl)
    odd = (n & 1) == 1
    s = pc if odd else ps
    c = ps if odd else pc
    s = -s if ((n & 2) == 2) != (_bits(x) < 0) else s
    return s, (-c if ((n + 1) & 2) == 2 else c)


@_njit
def vsincos(x):
    """(sin(x), cos(x)) for a float64 ``x``: the bits of ``vsin`` and ``vcos``."""
    return vsincos_near(x) if abs(x) < TRIG_NEAR else _sincos_far(x)


@_njit
def near(x):
    """Whether ``vsin_near`` and ``vcos_near`` serve x: |x| < TRIG_NEAR (not NaN)."""
    return abs(x) < TRIG_NEAR


@_njit_far
def _sin_far(x):
    """``vsin`` at |x| >= TRIG_NEAR, inf or NaN: Payne-Hanek's reduction."""
    ax = abs(x)
    ax = ax if ax < INF else 0.0          # inf and NaN: fixed at the end
    n, rh, rl = _trig_reduce(ax)
    y = _sin_quadrant(n, rh, rl)
    y = -y if ((n & 2) == 2) != (_bits(x) < 0) else y
    return y if abs(x) < INF else x - x


@_njit_far
def _cos_far(x):
    """``vcos`` at |x| >= TRIG_NEAR, inf or NaN."""
    ax = abs(x)
    ax = ax if ax < INF else 0.0
    n, rh, rl = _trig_reduce(ax)
    y = _cos_quadrant(n, rh, rl)
    y = -y if ((n + 1) & 2) == 2 else y
    return y if abs(x) < INF else x - x


@_njit_far
def _sincos_far(x):
    """``vsincos`` at |x| >= TRIG_NEAR, inf or NaN."""
    ax = abs(x)
    ax = ax if ax < INF else 0.0
    n, rh, rl = _trig_reduce(ax)
    s, c = _sincos_quadrants(x, n, rh, rl)
    return (s, c) if abs(x) < INF else (x - x, x - x)


@_njit
def vsin(x):
    """sin(x) for a float64 ``x`` (module docstring): Cody-Waite's reduction below TRIG_NEAR,
    Payne-Hanek's above (a branch, to a call: ``_njit_far``)."""
    return vsin_near(x) if abs(x) < TRIG_NEAR else _sin_far(x)


@_njit
def vcos(x):
    """cos(x) for a float64 ``x``, as ``vsin``."""
    return vcos_near(x) if abs(x) < TRIG_NEAR else _cos_far(x)



def _np_trig_reduce(ax):
    eb = ax.view(np.int64) >> 52
    eb = np.where(eb > 1021, eb, 1022)
    j = ((eb - 1005) * 2731) >> 16
    xs = ax * ((1095 - 24 * j) << 52).view(np.float64)
    xa = (xs.view(np.int64) & MASK26).view(np.float64)
    xb = xs - xa
    c0 = TWO_OVER_PI_CHUNKS[j] * TWO_M24
    c1 = TWO_OVER_PI_CHUNKS[j + 1] * TWO_M48
    c2 = TWO_OVER_PI_CHUNKS[j + 2] * TWO_M72
    c3 = TWO_OVER_PI_CHUNKS[j + 3] * TWO_M96
    c4 = TWO_OVER_PI_CHUNKS[j + 4] * TWO_M120
    c5 = TWO_OVER_PI_CHUNKS[j + 5] * TWO_M144
    c6 = TWO_OVER_PI_CHUNKS[j + 6] * TWO_M168
    c7 = TWO_OVER_PI_CHUNKS[j + 7] * TWO_M192
    c8 = TWO_OVER_PI_CHUNKS[j + 8] * TWO_M216
    p = xb * c0
    m0 = p - ((p + R4) - R4)
    p = xa * c1
    p = p - ((p + R16) - R16)
    m1 = p - ((p + R4) - R4)
    p = xb * c1
    m2 = p - ((p + R4) - R4)
    p = xa * c2
    b1 = (m0 + m1) + (m2 + (p - ((p + R4) - R4)))
    p = xb * c2
    h1 = (p + C46) - C46
    l2 = p - h1
    p = xa * c3
    p = p - ((p + R4) - R4)
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    p = xb * c3
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    p = xa * c4
    h = (p + C46) - C46
    h1 = h1 + h
    l2 = l2 + (p - h)
    p = xb * c4
    h = (p + C46) - C46
    h1 = h1 + h
    p = p - h
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = p - h
    p = xa * c5
    h = (p + C46) - C46
    h1 = h1 + h
    p = p - h
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    p = xb * c5
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    p = xa * c6
    h = (p + C96) - C96
    l2 = l2 + h
    l3 = l3 + (p - h)
    l3 = l3 + ((xb * c6 + xa * c7) + (xb * c7 + xa * c8))
    b1 = b1 + h1
    kd = b1 + SHIFTER
    n = kd.view(np.int64) - SHIFTER_BITS
    f1 = b1 - (kd - SHIFTER)
    fh = f1 + l2
    fb = fh - f1
    fl = ((f1 - (fh - fb)) + (l2 - fb)) + l3
    fa = (fh.view(np.int64) & MASK26).view(np.float64)
    fc = fh - fa
    ph = fh * PIO2_HI
    pl = (((fa * PIO2_A - ph) + fa * PIO2_B) + fc * PIO2_A) + fc * PIO2_B
    pl = pl + (fh * PIO2_LO + fl * PIO2_HI)
    rh = ph + pl
    rl = (ph - rh) + pl
    small = ax < PIO4
    return np.where(small, 0, n), np.where(small, ax, rh), np.where(small, 0.0, rl)


def _np_sin_poly(rh, rl):
    z = rh * rh
    hi, lo, t = _cube_head(rh, (rh.view(np.int64) & MASK16).view(np.float64), z, S0_HI, S0_LO,
                           S0)
    return hi + (lo + ((t + (rh * z) * (z * _sin_s1(z, z * z))) + rl * (1.0 - 0.5 * z)))


def _np_cos_poly(rh, rl):
    z = rh * rh
    a = (rh.view(np.int64) & MASK26).view(np.float64)
    b = rh - a
    hz = 0.5 * (a * a)
    w = 1.0 - hz
    e = (1.0 - w) - hz
    tail = (0.5 * b) * (rh + a) + rl * (rh + (rh * z) * S0)
    return w + ((e - tail) + (z * z) * _cos_c(z, z * z))


def _np_trig_reduce_near(ax):
    kd = ax * TWO_OVER_PI + SHIFTER
    n = kd.view(np.int64) - SHIFTER_BITS
    nd = kd - SHIFTER
    t1 = ax - nd * PIO2_1
    q = nd * PIO2_2
    a = t1 - q
    aa = a - t1
    ea = (t1 - (a - aa)) + (-q - aa)
    q = nd * PIO2_3
    b = a - q
    bb = b - a
    eb = (a - (b - bb)) + (-q - bb)
    low = (ea + eb) - nd * PIO2_4
    rh = b + low
    small = ax < PIO4
    return np.where(small, 0, n), np.where(small, ax, rh), np.where(small, 0.0, (b - rh) + low)


def _np_trig(x, odd):
    """Sine (odd) or cosine of an array: both reductions, selected per element, as vsin/vcos."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        near_ = ax < TRIG_NEAR
        n1, h1, l1 = _np_trig_reduce_near(np.where(near_, ax, 0.0))
        n2, h2, l2 = _np_trig_reduce(np.where(near_ | ~(ax < INF), 0.0, ax))
        n, rh, rl = np.where(near_, n1, n2), np.where(near_, h1, h2), np.where(near_, l1, l2)
        s = _np_sin_poly(rh, rl)
        c = _np_cos_poly(rh, rl)
        if odd:
            y = np.where((n & 1) == 1, c, s)
            y = np.where(((n & 2) == 2) != (x.view(np.int64) < 0), -y, y)
        else:
            y = np.where((n & 1) == 1, s, c)
            y = np.where(((n + 1) & 2) == 2, -y, y)
        return np.where(ax < INF, y, x - x)


def np_vsin(x):
    """``vsin`` on an array with NumPy: the same operations, the same bits."""
    return _np_trig(x, True)


def np_vcos(x):
    """``vcos`` on an array with NumPy: the same operations, the same bits."""
    return _np_trig(x, False)


@_njit_far
def vsin_call(x):
    """``vsin``, called rather than inlined (the rare loop of numtape/sweeps/emit.py,
    ``element_loop``, whose arguments are not all near)."""
    return vsin(x)


@_njit_far
def vcos_call(x):
    """``vcos``, called rather than inlined."""
    return vcos(x)


@_njit_far
def vsincos_call(x):
    """``vsincos``, called rather than inlined."""
    return vsincos(x)


# the names the op formulas use (``vm.exp(x)`` ...: numtape/ops/formulas.py, ``vm``)
exp, expm1, log, log1p = vexp, vexpm1, vlog, vlog1p
expit, log_expit = vexpit, vlog_expit
sin, cos, tanh = vsin, vcos, vtanh
sin_near, cos_near = vsin_near, vcos_near
sincos, sincos_near = vsincos, vsincos_near
sin_call, cos_call, sincos_call = vsin_call, vcos_call, vsincos_call
