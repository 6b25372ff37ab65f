"""The namespace of elementwise formulas: names that mean the same inside Numba and on arrays."""
import math

import numpy as np
import scipy.special as sc

from numtape.kernels import special as _kernel_special
from numtape.kernels.twins import now

LN2 = math.log(2.0)
LN10 = math.log(10.0)


def select(c, a, b):
    """``a`` where ``c`` else ``b``: np.where on arrays and ADArrays; the kernel generator
    turns it into a conditional expression, so the sweeps compute only the branch taken."""
    return np.where(c, a, b)


TWO_SQRTPI = 2.0 / math.sqrt(math.pi)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
SQRT_2PI = math.sqrt(2.0 * math.pi)
SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
SQRT1_2 = math.sqrt(0.5)
INV_SQRT_PI = 1.0 / math.sqrt(math.pi)

def traced(*xs):
    """The first traced value among ``xs``, or None.  Traced classes (the trace layer's ADArray)
    mark themselves with ``__nt_traced__`` and record through their methods
    ``__nt_elementwise__(op_name, *operands)``, ``__nt_block__(op_name, operands, params,
    shape)`` and ``__nt_function__(name)``, so the formulas and
    recorded rules here never import the recording layer above them."""
    for x in xs:
        if hasattr(type(x), "__nt_traced__"):
            return x
    return None


def strong_mul(a, b):
    """A * b, but exactly 0 where either factor is 0 (even if the other is inf or NaN): the
    derivative convention's product, for recorded rules (ChainMulOp on traced values)."""
    t = traced(a, b)
    if t is not None:
        return t.__nt_elementwise__("ChainMulOp", a, b)
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        return np.where((a == 0.0) | (b == 0.0), 0.0, a * b)


def polygamma(n, x):
    """The one polygamma of the formulas and of ``nt.polygamma``: SciPy's on numbers (the
    kernels use numtape.kernels.special's), PolygammaOp recorded when an operand is traced (in
    a derivative tape the order operand can be traced; its derivative is zero)."""
    t = traced(n, x)
    if t is not None:
        return t.__nt_elementwise__("PolygammaOp", n, x)
    return sc.polygamma(n, x)


def _recording(name, op_name):
    """scipy.special.<name>(order, x) for the formulas: records ``op_name`` on traced operands
    directly (in a derivative tape the order is a value of the tape that does not depend on
    the input; the user-facing ufunc refuses a traced order instead)."""
    fn = getattr(sc, name)

    def call(v, x):
        t = traced(v, x)
        if t is not None:
            return t.__nt_elementwise__(op_name, v, x)
        return fn(v, x)
    return staticmethod(call)


def _jet_function(name, op_name):
    """A kernel function of (order, arguments...) from kernels/incgamma.py, incbeta.py or
    zeta.py for the formulas: recorded as ``op_name`` on traced operands, the Numba kernel
    elementwise on numbers (its Python twin while the kernel is not compiled, for a few
    elements: numtape.kernels.twins.now)."""
    def call(*args):
        t = traced(*args)
        if t is not None:
            return t.__nt_elementwise__(op_name, *args)
        fn = now(getattr(_kernel_special, name), 20 * max(np.size(a) for a in args))
        return np.vectorize(fn, otypes=[np.float64])(*args)
    return staticmethod(call)


def _stirling(x):
    """numtape.kernels.special._stirling_correction on arrays (x >= 8)."""
    z = 1.0 / (x * x)
    s = 0.0
    for k in range(8, -1, -1):
        s = s * z + _kernel_special._B2K[k] / ((2.0 * k + 2.0) * (2.0 * k + 1.0))
    return s / x


class _Special:
    """scipy.special as the formulas see it: ``polygamma`` and the Bessel functions of a given
    order able to record."""

    polygamma = staticmethod(polygamma)
    iv, ive = _recording("iv", "IvOp"), _recording("ive", "IveOp")
    kv, kve = _recording("kv", "KvOp"), _recording("kve", "KveOp")
    gammainc_d = _jet_function("gammainc_d", "GammaincDOp")
    gammainc_dx = _jet_function("gammainc_dx", "GammaincDxOp")
    zeta = _recording("zeta", "ZetaOp")
    zeta_d = _jet_function("zeta_d", "ZetaDOp")
    zetac_d = _jet_function("zetac_d", "ZetacDOp")
    betainc_d = _jet_function("betainc_d", "BetaincDOp")
    betainc_dx = _jet_function("betainc_dx", "BetaincDxOp")
    tweedie_logw = _jet_function("tweedie_logw", "TweedieLogWOp")

    polygamma_diff = _jet_function("polygamma_diff", "PolygammaDiffOp")

    @staticmethod
    def digamma_diff(a, b):
        """digamma(a) - digamma(a + b) as numtape.kernels.special.digamma_diff computes it
        (the asymptotic series of the difference where both arguments are >= 100): on traced
        values one PolygammaDiffOp (its derivatives are the same op one order up: a derivative
        tape holds no series branch computed for every element and then discarded), on numbers
        the formula below (each branch fed arguments where it is finite)."""
        t = traced(a, b)
        if t is not None:
            return t.__nt_elementwise__("PolygammaDiffOp", 0.0, a, b)
        c = a + b
        big = (a >= 100.0) & (c >= 100.0)
        A, B = select(big, a, 100.0), select(big, b, 100.0)
        ia, ic = 1.0 / A, 1.0 / (A + B)
        dab = B * ia * ic                          # 1/a - 1/c without the subtraction
        d2 = dab * (ia + ic)
        series = (-np.log1p(B / A) - 0.5 * dab - d2 / 12.0
                  + d2 * (ia * ia + ic * ic) / 120.0
                  - d2 * (ia ** 4 + ia * ia * ic * ic + ic ** 4) / 252.0)
        direct = sc.digamma(select(big, 1.0, a)) - sc.digamma(select(big, 2.0, c))
        return select(big, series, direct)

    @staticmethod
    def betaln(a, b):
        """scipy.special.betaln, on numbers as numtape.kernels.special.betaln computes it where
        the smaller argument p > 0 and the larger q >= 8 (Stirling's series for the
        log-gammas, their large parts combined in logs: SciPy's loses 7e-11 relative at
        (1e8, 150)), SciPy's value elsewhere; on traced values it records BetalnOp."""
        t = traced(a, b)
        if t is not None:
            return t.__nt_elementwise__("BetalnOp", a, b)
        out = sc.betaln(a, b)
        p, q = np.minimum(a, b), np.maximum(a, b)
        big = (p > 0.0) & (q >= 8.0) & (q < np.inf)
        if not np.any(big):
            return out
        P, Q = np.where(big, p, 1.0), np.where(big, q, 8.0)
        r = P / (P + Q)
        corr = _stirling(Q) - _stirling(P + Q)
        small = sc.gammaln(P) + corr + P - P * np.log(P + Q) + (Q - 0.5) * np.log1p(-r)
        Pl = np.where(P >= 8.0, P, 8.0)
        large = (-0.5 * np.log(Q) + 0.5 * np.log(2.0 * np.pi) + corr + _stirling(Pl)
                 + (P - 0.5) * np.log(r) + Q * np.log1p(-r))
        res = np.where(big, np.where(P < 8.0, small, large), out)
        return res[()] if np.ndim(res) == 0 else res

    @staticmethod
    def log1mexp(x):
        """log(1 - exp(-x)) for x >= 0 (a truncated count's log P(y > 0)): on traced values
        one Log1mexpOp, whose derivative expm1(-y) is again one op; on numbers Maechler's
        switch at log 2, as numtape.kernels.special.log1mexp computes it (-inf at 0; NaN
        below, from the log of a negative number)."""
        t = traced(x)
        if t is not None:
            return t.__nt_elementwise__("Log1mexpOp", x)
        x = np.asarray(x, dtype=np.float64)
        right = x > LN2
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.where(right, np.log1p(-np.exp(-np.where(right, x, LN2))),
                           np.log(-np.expm1(-np.where(right, LN2, x))))
        return out[()] if out.ndim == 0 else out

    @staticmethod
    def riemann_zeta(x):
        t = traced(x)
        if t is not None:
            return t.__nt_elementwise__("RiemannZetaOp", x)
        return sc.zeta(x)

    def __getattr__(self, name):
        return getattr(sc, name)


class _VectorMath:
    """``vm``: the vectorizable transcendentals (exp, expm1, log, log1p, tanh, expit,
    log_expit).  Inside the kernels it is numtape.kernels.vmath (plain arithmetic LLVM
    vectorizes); on arrays and traced values it is NumPy's and SciPy's ufuncs (which record
    the same ops), on the NumPy tier within ulps of the kernels.  ``vb`` (sin, cos): vmath's
    too, in every kernel, but a loop over a block first checks that its arguments are within
    vmath's cheap reduction's range and then calls the ``_near`` forms, which leave out the
    whole-range reduction (sweeps/emit.py ``element_loop``).  On arrays and traced values,
    NumPy's."""

    exp, expm1, log, log1p, tanh, sin, cos = (np.exp, np.expm1, np.log, np.log1p, np.tanh,
                                              np.sin, np.cos)
    expit, log_expit = sc.expit, sc.log_expit

    def __getattr__(self, name):
        return getattr(np, name)


vm = vb = _VectorMath()
NAMESPACE = {"np": np, "sc": _Special(), "vm": vm, "vb": vb, "select": select, "LN2": LN2,
             "LN10": LN10,
             "TWO_SQRTPI": TWO_SQRTPI, "INV_SQRT_2PI": INV_SQRT_2PI,
             "SQRT_2PI": SQRT_2PI, "SQRT_2_OVER_PI": SQRT_2_OVER_PI, "SQRT1_2": SQRT1_2,
             "INV_SQRT_PI": INV_SQRT_PI}
