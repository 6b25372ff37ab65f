"""GENERATED from the op table by numtape/sweeps/generate.py -- do not edit by hand.
Each case names the line of the op's declaration its formulas come from.

The three tape interpreters.  Arrays: ``op`` int32 opcodes, ``flags`` uint8 (bit j set: operand
j of an elementwise op is one scalar broadcast over the block), ``out_ptr`` int64 (op k writes
``val[out_ptr[k]:out_ptr[k+1]]``), ``args`` int64 operand offsets and ``iargs`` int64 integer
parameters, both consumed in op order (a running cursor: ``p`` for args, ``q`` for iargs).
``uout_ptr``/``uargs`` are the same memory viewed as uint64: indexing with unsigned values
skips Numba's negative-index wraparound in the hot scalar paths (validation guarantees every
index is in range, so nothing else changes).
``adj``/``tan`` are (k, arena) arrays for k >= 1 directions at once; ``adj0`` is row 0, used by
the single-direction fast path.
"""
from numtape.kernels.jit import jit
from numtape.ops import BY_NAME as _T
from numtape.kernels import special as sc  # noqa: F401  (names the formulas use)
from numtape.kernels import vmath as vm  # noqa: F401
from numtape.ops.formulas import (INV_SQRT_2PI, INV_SQRT_PI, LN2, LN10, SQRT1_2,  # noqa: F401
                               SQRT_2_OVER_PI, SQRT_2PI, TWO_SQRTPI, np)

u = np.uint64

TABLE_HASH = "3902f976c79b4ff7"
OP_NAMES = ('GatherOp', 'DepOp', 'NegOp', 'AbsOp', 'ExpOp', 'Exp2Op', 'Expm1Op', 'LogOp', 'Log2Op', 'Log10Op', 'Log1pOp', 'SqrtOp', 'CbrtOp', 'SquareOp', 'ReciprocalOp', 'SinOp', 'CosOp', 'TanOp', 'ArcsinOp', 'ArccosOp', 'ArctanOp', 'SinhOp', 'CoshOp', 'TanhOp', 'ArcsinhOp', 'ArccoshOp', 'ArctanhOp', 'SignOp', 'FloorOp', 'CeilOp', 'TruncOp', 'RintOp', 'AddOp', 'SubOp', 'MulOp', 'DivOp', 'PowOp', 'RemainderOp', 'FmodOp', 'CopysignOp', 'Arctan2Op', 'HypotOp', 'MaximumOp', 'MinimumOp', 'FmaxOp', 'FminOp', 'LogaddexpOp', 'LtOp', 'LeOp', 'GtOp', 'GeOp', 'EqOp', 'NeOp', 'AndOp', 'OrOp', 'NotOp', 'SelectOp', 'ChainMulOp', 'ErfOp', 'ErfcOp', 'ErfcxOp', 'NdtrOp', 'ExpitOp', 'LogitOp', 'XlogyOp', 'Xlog1pyOp', 'GammalnOp', 'DigammaOp', 'LogNdtrOp', 'PolygammaOp', 'NdtriOp', 'GammaOp', 'LoggammaOp', 'BetaOp', 'ErfinvOp', 'ErfcinvOp', 'LogExpitOp', 'Log1mexpOp', 'I0Op', 'I0eOp', 'I1Op', 'I1eOp', 'IvOp', 'IveOp', 'KvOp', 'KveOp', 'BoxcoxOp', 'InvBoxcoxOp', 'GammaincOp', 'GammainccOp', 'GammaincDOp', 'GammaincDxOp', 'BetaincOp', 'BetaincDOp', 'BetaincDxOp', 'TweedieLogWOp', 'ZetaOp', 'ZetaDOp', 'RiemannZetaOp', 'ZetacOp', 'ZetacDOp', 'PolygammaDiffOp', 'BetalnOp', 'SumOp', 'ProdOp', 'MaxOp', 'MinOp', 'CumsumOp', 'MatMulOp', 'ChainMatMulOp', 'SolveOp', 'TriSolveOp', 'CholeskyOp', 'DetOp', 'SlogdetOp', 'ExpmOp', 'EighOp', 'SvdOp', 'QrOp', 'ArgsortOp', 'TakeOp', 'ScatterAddOp', 'FftOp', 'CallOp')

GatherOp_f = _T["GatherOp"].forward
GatherOp_r = _T["GatherOp"].reverse
GatherOp_t = _T["GatherOp"].tangent
DepOp_f = _T["DepOp"].forward
DepOp_r = _T["DepOp"].reverse
DepOp_t = _T["DepOp"].tangent
SumOp_f = _T["SumOp"].forward
SumOp_r = _T["SumOp"].reverse
SumOp_t = _T["SumOp"].tangent
ProdOp_f = _T["ProdOp"].forward
ProdOp_r = _T["ProdOp"].reverse
ProdOp_t = _T["ProdOp"].tangent
MaxOp_f = _T["MaxOp"].forward
MaxOp_r = _T["MaxOp"].reverse
MaxOp_t = _T["MaxOp"].tangent
MinOp_f = _T["MinOp"].forward
MinOp_r = _T["MinOp"].reverse
MinOp_t = _T["MinOp"].tangent
CumsumOp_f = _T["CumsumOp"].forward
CumsumOp_r = _T["CumsumOp"].reverse
CumsumOp_t = _T["CumsumOp"].tangent
MatMulOp_f = _T["MatMulOp"].forward
MatMulOp_r = _T["MatMulOp"].reverse
MatMulOp_t = _T["MatMulOp"].tangent
ChainMatMulOp_f = _T["ChainMatMulOp"].forward
ChainMatMulOp_r = _T["ChainMatMulOp"].reverse
ChainMatMulOp_t = _T["ChainMatMulOp"].tangent
ArgsortOp_f = _T["ArgsortOp"].forward
ArgsortOp_r = _T["ArgsortOp"].reverse
ArgsortOp_t = _T["ArgsortOp"].tangent
TakeOp_f = _T["TakeOp"].forward
TakeOp_r = _T["TakeOp"].reverse
TakeOp_t = _T["TakeOp"].tangent
ScatterAddOp_f = _T["ScatterAddOp"].forward
ScatterAddOp_r = _T["ScatterAddOp"].reverse
ScatterAddOp_t = _T["ScatterAddOp"].tangent


@jit
def ew1_forward(code, val, f, o, n, x0):
    """Block loops of the 1-operand elementwise ops (forward)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    s0 = u(1 - ((f >> 0) & 1))
    if code == 2:  # NegOp, numtape/ops/elementwise.py:25
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = -x
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.abs(x)
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.exp(x)
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.exp2(x)
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.expm1(x)
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.log(x)
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.log2(x)
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.log10(x)
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.log1p(x)
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.sqrt(x)
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.cbrt(x)
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = x * x
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = 1.0 / x
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        ok = True
        for i in range(n):
            x = val[x0 + i]
            ok &= vm.near(x)
        if ok:
            for i in range(n):
                x = val[x0 + i]
                val[o + i] = vm.sin_near(x)
        else:
            for i in range(n):
                x = val[x0 + i]
                val[o + i] = vm.sin_call(x)
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        ok = True
        for i in range(n):
            x = val[x0 + i]
            ok &= vm.near(x)
        if ok:
            for i in range(n):
                x = val[x0 + i]
                val[o + i] = vm.cos_near(x)
        else:
            for i in range(n):
                x = val[x0 + i]
                val[o + i] = vm.cos_call(x)
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.tan(x)
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arcsin(x)
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arccos(x)
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arctan(x)
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.sinh(x)
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.cosh(x)
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.tanh(x)
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arcsinh(x)
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arccosh(x)
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.arctanh(x)
    elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.sign(x)
    elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.floor(x)
    elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.ceil(x)
    elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.trunc(x)
    elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = np.rint(x)
    elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = (x == 0.0) * 1.0
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.erf(x)
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.erfc(x)
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.erfcx(x)
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.ndtr(x)
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.expit(x)
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.logit(x)
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.gammaln(x)
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.digamma(x)
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.log_ndtr(x)
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.ndtri(x)
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.gamma(x)
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.loggamma(x)
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.erfinv(x)
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.erfcinv(x)
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = vm.log_expit(x)
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.log1mexp(x)
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.i0(x)
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.i0e(x)
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.i1(x)
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.i1e(x)
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.riemann_zeta(x)
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        for i in range(n):
            x = val[x0 + i]
            val[o + i] = sc.zetac(x)


@jit
def ew1_reverse(code, val, adj, f, o, n, x0):
    """Block loops of the 1-operand elementwise ops (reverse)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    s0 = u(1 - ((f >> 0) & 1))
    kk = adj.shape[0]
    if code == 2:  # NegOp, numtape/ops/elementwise.py:25
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = -1.0
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = np.sign(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = y
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = y * LN2
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = vm.exp(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / x
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (x * LN2)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (x * LN10)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (1.0 + x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 0.5 / y
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (3.0 * y * y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 2.0 * x
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = -(y * y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                ok = True
                for i in range(n):
                    x = val[x0 + i]
                    ok &= vm.near(x)
                if ok:
                    for i in range(n):
                        g = adj0[o + i]
                        x = val[x0 + i]
                        y = val[o + i]
                        d = vm.cos_near(x)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                else:
                    for i in range(n):
                        g = adj0[o + i]
                        x = val[x0 + i]
                        y = val[o + i]
                        d = vm.cos_call(x)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                ok = True
                for i in range(n):
                    x = val[x0 + i]
                    ok &= vm.near(x)
                if ok:
                    for i in range(n):
                        g = adj0[o + i]
                        x = val[x0 + i]
                        y = val[o + i]
                        d = -vm.sin_near(x)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                else:
                    for i in range(n):
                        g = adj0[o + i]
                        x = val[x0 + i]
                        y = val[o + i]
                        d = -vm.sin_call(x)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 + y * y
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / np.sqrt(1.0 - x * x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = -1.0 / np.sqrt(1.0 - x * x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (1.0 + x * x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = np.cosh(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = np.sinh(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 - y * y if np.abs(x) < 1.0 else 1.0 / (np.cosh(x) * np.cosh(x))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / np.hypot(x, 1.0)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (1.0 - x * x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = TWO_SQRTPI * np.exp(-(x * x))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = -TWO_SQRTPI * np.exp(-(x * x))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 2.0 * x * y - TWO_SQRTPI
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = INV_SQRT_2PI * np.exp(-0.5 * x * x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = y * vm.expit(-x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 1.0 / (x * (1.0 - x))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.digamma(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.polygamma(1.0, x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2) if x < -1.0 else INV_SQRT_2PI * np.exp(-0.5 * x * x - y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = SQRT_2PI * np.exp(0.5 * y * y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = y * sc.digamma(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.digamma(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 0.5 / INV_SQRT_PI * np.exp(y * y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = -0.5 / INV_SQRT_PI * np.exp(y * y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = vm.expit(-x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = vm.expm1(-y)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.i1(x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.i1e(x) - np.sign(x) * y
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 0.5 * (sc.i0(x) + sc.iv(2.0, x))
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = 0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.zetac_d(1.0, x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        for r in range(kk):
            adj0 = adj[r]
            if (f & 16) == 0:
                for i in range(n):
                    g = adj0[o + i]
                    x = val[x0 + i]
                    y = val[o + i]
                    d = sc.zetac_d(1.0, x)
                    adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0


@jit
def ew1_tangent(code, val, tan, f, o, n, x0):
    """Block loops of the 1-operand elementwise ops (tangent)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    s0 = u(1 - ((f >> 0) & 1))
    kk = tan.shape[0]
    if code == 2:  # NegOp, numtape/ops/elementwise.py:25
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = -1.0
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = np.sign(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = y
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = y * LN2
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = vm.exp(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / x
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (x * LN2)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (x * LN10)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (1.0 + x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 0.5 / y
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (3.0 * y * y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 2.0 * x
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = -(y * y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        for r in range(kk):
            tan0 = tan[r]
            ok = True
            for i in range(n):
                x = val[x0 + i]
                ok &= vm.near(x)
            if ok:
                for i in range(n):
                    x = val[x0 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = vm.cos_near(x)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    x = val[x0 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = vm.cos_call(x)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        for r in range(kk):
            tan0 = tan[r]
            ok = True
            for i in range(n):
                x = val[x0 + i]
                ok &= vm.near(x)
            if ok:
                for i in range(n):
                    x = val[x0 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = -vm.sin_near(x)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    x = val[x0 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = -vm.sin_call(x)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 + y * y
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / np.sqrt(1.0 - x * x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = -1.0 / np.sqrt(1.0 - x * x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (1.0 + x * x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = np.cosh(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = np.sinh(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 - y * y if np.abs(x) < 1.0 else 1.0 / (np.cosh(x) * np.cosh(x))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / np.hypot(x, 1.0)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (1.0 - x * x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = TWO_SQRTPI * np.exp(-(x * x))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = -TWO_SQRTPI * np.exp(-(x * x))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 2.0 * x * y - TWO_SQRTPI
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = INV_SQRT_2PI * np.exp(-0.5 * x * x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = y * vm.expit(-x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 1.0 / (x * (1.0 - x))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.digamma(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.polygamma(1.0, x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2) if x < -1.0 else INV_SQRT_2PI * np.exp(-0.5 * x * x - y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = SQRT_2PI * np.exp(0.5 * y * y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = y * sc.digamma(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.digamma(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 0.5 / INV_SQRT_PI * np.exp(y * y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = -0.5 / INV_SQRT_PI * np.exp(y * y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = vm.expit(-x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = vm.expm1(-y)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.i1(x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.i1e(x) - np.sign(x) * y
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 0.5 * (sc.i0(x) + sc.iv(2.0, x))
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = 0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.zetac_d(1.0, x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        for r in range(kk):
            tan0 = tan[r]
            for i in range(n):
                x = val[x0 + i]
                y = val[o + i]
                t = 0.0
                tx = tan0[x0 + i]
                d = sc.zetac_d(1.0, x)
                t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                tan0[o + i] = t


@jit
def ew2_forward(code, val, f, o, n, x0, x1):
    """Block loops of the 2-operand elementwise ops (forward)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    if code == 32:  # AddOp, numtape/ops/elementwise.py:129
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a + b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a + b
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a - b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a - b
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a * b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a * b
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a / b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a / b
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a ** b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a ** b
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.remainder(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.remainder(a, b)
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.fmod(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.fmod(a, b)
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.copysign(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.copysign(a, b)
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.arctan2(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.arctan2(a, b)
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.hypot(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.hypot(a, b)
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a if a != a else a if a > b else b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a if a != a else a if a > b else b
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a if a != a else a if a < b else b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a if a != a else a if a < b else b
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a if b != b else b if a != a else a if a >= b else b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a if b != b else b if a != a else a if a >= b else b
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = a if b != b else b if a != a else a if a <= b else b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = a if b != b else b if a != a else a if a <= b else b
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = np.logaddexp(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = np.logaddexp(a, b)
    elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a < b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a < b) * 1.0
    elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a <= b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a <= b) * 1.0
    elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a > b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a > b) * 1.0
    elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a >= b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a >= b) * 1.0
    elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a == b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a == b) * 1.0
    elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = (a != b) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = (a != b) * 1.0
    elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = ((a != 0.0) & (b != 0.0)) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = ((a != 0.0) & (b != 0.0)) * 1.0
    elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = ((a != 0.0) | (b != 0.0)) * 1.0
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = ((a != 0.0) | (b != 0.0)) * 1.0
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = 0.0 if (a == 0.0) | (b == 0.0) else a * b
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = 0.0 if (a == 0.0) | (b == 0.0) else a * b
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.xlogy(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.xlogy(a, b)
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.xlog1py(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.xlog1py(a, b)
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.polygamma(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.polygamma(a, b)
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.beta(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.beta(a, b)
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.iv(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.iv(a, b)
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.ive(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.ive(a, b)
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.kv(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.kv(a, b)
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.kve(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.kve(a, b)
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.boxcox(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.boxcox(a, b)
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.inv_boxcox(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.inv_boxcox(a, b)
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.gammainc(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.gammainc(a, b)
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.gammaincc(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.gammaincc(a, b)
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.zeta(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.zeta(a, b)
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.zetac_d(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.zetac_d(a, b)
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        if (f & 15) == 0:
            for i in range(n):
                a = val[x0 + i]
                b = val[x1 + i]
                val[o + i] = sc.betaln(a, b)
        else:
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                val[o + i] = sc.betaln(a, b)


@jit
def ew2_reverse(code, val, adj, f, o, n, x0, x1):
    """Block loops of the 2-operand elementwise ops (reverse)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    kk = adj.shape[0]
    if code == 32:  # AddOp, numtape/ops/elementwise.py:129
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = b
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = a
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = b
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = a
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 / b
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -y / b
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 / b
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -y / b
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else y * np.log(a)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else y * np.log(a)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -np.floor(a / b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -np.floor(a / b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -np.trunc(a / b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -np.trunc(a / b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = np.copysign(1.0, a) * np.copysign(1.0, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = np.copysign(1.0, a) * np.copysign(1.0, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = b / np.hypot(a, b) / np.hypot(a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -(a / np.hypot(a, b)) / np.hypot(a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = b / np.hypot(a, b) / np.hypot(a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -(a / np.hypot(a, b)) / np.hypot(a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else a / y
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else b / y
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else a / y
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if y == 0.0 else b / y
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 / (1.0 + np.exp(b - a))
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 1.0 / (1.0 + np.exp(a - b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 / (1.0 + np.exp(b - a))
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 1.0 / (1.0 + np.exp(a - b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = b
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = a
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = b
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = a
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = np.log(b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a == 0.0 else a / b
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = np.log(b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a == 0.0 else a / b
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = np.log1p(b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0 if a == 0.0 else a / (1.0 + b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = np.log1p(b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0 if a == 0.0 else a / (1.0 + b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.polygamma(a + 1.0, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.polygamma(a + 1.0, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = y * (sc.digamma(a) - sc.digamma(a + b))
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = y * (sc.digamma(b) - sc.digamma(a + b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = y * (sc.digamma(a) - sc.digamma(a + b))
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = y * (sc.digamma(b) - sc.digamma(a + b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = a ** (b - 1.0)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = a ** (b - 1.0)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = y / (1.0 + b * a)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = y / (1.0 + b * a)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.gammainc_d(1.0, a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.gammainc_dx(0.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.gammainc_d(1.0, a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.gammainc_dx(0.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -sc.gammainc_d(1.0, a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -sc.gammainc_dx(0.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -sc.gammainc_d(1.0, a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -sc.gammainc_dx(0.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.zeta_d(1.0, a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = -a * sc.zeta(a + 1.0, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.zeta_d(1.0, a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = -a * sc.zeta(a + 1.0, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.zetac_d(a + 1.0, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.zetac_d(a + 1.0, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.digamma_diff(a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i]
                        b = val[x1 + i]
                        y = val[o + i]
                        d = sc.digamma_diff(b, a)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.digamma_diff(a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d = sc.digamma_diff(b, a)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0


@jit
def ew2_tangent(code, val, tan, f, o, n, x0, x1):
    """Block loops of the 2-operand elementwise ops (tangent)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    kk = tan.shape[0]
    if code == 32:  # AddOp, numtape/ops/elementwise.py:129
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = a
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = a
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0 / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -y / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0 / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -y / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if y == 0.0 else y * np.log(a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if y == 0.0 else y * np.log(a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -np.floor(a / b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -np.floor(a / b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -np.trunc(a / b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -np.trunc(a / b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = np.copysign(1.0, a) * np.copysign(1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = np.copysign(1.0, a) * np.copysign(1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = b / np.hypot(a, b) / np.hypot(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -(a / np.hypot(a, b)) / np.hypot(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = b / np.hypot(a, b) / np.hypot(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -(a / np.hypot(a, b)) / np.hypot(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0 if y == 0.0 else a / y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if y == 0.0 else b / y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0 if y == 0.0 else a / y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if y == 0.0 else b / y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 1.0 / (1.0 + np.exp(b - a))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 1.0 / (1.0 + np.exp(a - b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 1.0 / (1.0 + np.exp(b - a))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 1.0 / (1.0 + np.exp(a - b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = a
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = a
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = np.log(b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if a == 0.0 else a / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = np.log(b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if a == 0.0 else a / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = np.log1p(b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.0 if a == 0.0 else a / (1.0 + b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = np.log1p(b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.0 if a == 0.0 else a / (1.0 + b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.polygamma(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.polygamma(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = y * (sc.digamma(a) - sc.digamma(a + b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = y * (sc.digamma(b) - sc.digamma(a + b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = y * (sc.digamma(a) - sc.digamma(a + b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = y * (sc.digamma(b) - sc.digamma(a + b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = a ** (b - 1.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = a ** (b - 1.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = y / (1.0 + b * a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = y / (1.0 + b * a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = sc.gammainc_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.gammainc_dx(0.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = sc.gammainc_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.gammainc_dx(0.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = -sc.gammainc_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -sc.gammainc_dx(0.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = -sc.gammainc_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -sc.gammainc_dx(0.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = sc.zeta_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = -a * sc.zeta(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = sc.zeta_d(1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = -a * sc.zeta(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.zetac_d(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.zetac_d(a + 1.0, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    a = val[x0 + i]
                    b = val[x1 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = sc.digamma_diff(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.digamma_diff(b, a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = sc.digamma_diff(a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.digamma_diff(b, a)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t


@jit
def ew3_forward(code, val, f, o, n, x0, x1, x2):
    """Block loops of the 3-operand elementwise ops (forward)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    if code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = a if c != 0.0 else b
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = a if c != 0.0 else b
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.gammainc_d(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.gammainc_d(c, a, b)
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.gammainc_dx(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.gammainc_dx(c, a, b)
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.betainc(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.betainc(c, a, b)
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.tweedie_logw(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.tweedie_logw(c, a, b)
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.zeta_d(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.zeta_d(c, a, b)
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        if (f & 15) == 0:
            for i in range(n):
                c = val[x0 + i]
                a = val[x1 + i]
                b = val[x2 + i]
                val[o + i] = sc.polygamma_diff(c, a, b)
        else:
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                val[o + i] = sc.polygamma_diff(c, a, b)


@jit
def ew3_reverse(code, val, adj, f, o, n, x0, x1, x2):
    """Block loops of the 3-operand elementwise ops (reverse)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    kk = adj.shape[0]
    if code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = (c != 0.0) * 1.0
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = (c == 0.0) * 1.0
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = (c != 0.0) * 1.0
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = (c == 0.0) * 1.0
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.gammainc_d(c + 1.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.gammainc_dx(c, a, b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.gammainc_d(c + 1.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.gammainc_dx(c, a, b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.gammainc_dx(c + 1.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.gammainc_dx(c + 1.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.betainc_d(1.0, c, a, b)
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.betainc_d(8.0, c, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.betainc_dx(0.0, c, a, b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.betainc_d(1.0, c, a, b)
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.betainc_d(8.0, c, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.betainc_dx(0.0, c, a, b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.tweedie_logw(c + 1.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.tweedie_logw(c + 8.0, a, b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.tweedie_logw(c + 1.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.tweedie_logw(c + 8.0, a, b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.zeta_d(c + 1.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.zeta_d(c + 1.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = sc.polygamma_diff(c + 1.0, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i]
                        a = val[x1 + i]
                        b = val[x2 + i]
                        y = val[o + i]
                        d = -sc.polygamma(c + 1.0, a + b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = sc.polygamma_diff(c + 1.0, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d = -sc.polygamma(c + 1.0, a + b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0


@jit
def ew3_tangent(code, val, tan, f, o, n, x0, x1, x2):
    """Block loops of the 3-operand elementwise ops (tangent)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    kk = tan.shape[0]
    if code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = (c != 0.0) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = (c == 0.0) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = (c != 0.0) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = (c == 0.0) * 1.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.gammainc_d(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = sc.gammainc_dx(c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.gammainc_d(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = sc.gammainc_dx(c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.gammainc_dx(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.gammainc_dx(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = sc.betainc_d(1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.betainc_d(8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = sc.betainc_dx(0.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = sc.betainc_d(1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.betainc_d(8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = sc.betainc_dx(0.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.tweedie_logw(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = sc.tweedie_logw(c + 8.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.tweedie_logw(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = sc.tweedie_logw(c + 8.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.zeta_d(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.zeta_d(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    c = val[x0 + i]
                    a = val[x1 + i]
                    b = val[x2 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.polygamma_diff(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = -sc.polygamma(c + 1.0, a + b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.polygamma_diff(c + 1.0, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = -sc.polygamma(c + 1.0, a + b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t


@jit
def ew4_forward(code, val, f, o, n, x0, x1, x2, x3):
    """Block loops of the 4-operand elementwise ops (forward)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    x3 = u(x3)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    s3 = u(1 - ((f >> 3) & 1))
    if code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        if (f & 15) == 0:
            for i in range(n):
                m = val[x0 + i]
                c = val[x1 + i]
                a = val[x2 + i]
                b = val[x3 + i]
                val[o + i] = sc.betainc_d(m, c, a, b)
        else:
            for i in range(n):
                m = val[x0 + i * s0]
                c = val[x1 + i * s1]
                a = val[x2 + i * s2]
                b = val[x3 + i * s3]
                val[o + i] = sc.betainc_d(m, c, a, b)
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        if (f & 15) == 0:
            for i in range(n):
                m = val[x0 + i]
                c = val[x1 + i]
                a = val[x2 + i]
                b = val[x3 + i]
                val[o + i] = sc.betainc_dx(m, c, a, b)
        else:
            for i in range(n):
                m = val[x0 + i * s0]
                c = val[x1 + i * s1]
                a = val[x2 + i * s2]
                b = val[x3 + i * s3]
                val[o + i] = sc.betainc_dx(m, c, a, b)


@jit
def ew4_reverse(code, val, adj, f, o, n, x0, x1, x2, x3):
    """Block loops of the 4-operand elementwise ops (reverse)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    x3 = u(x3)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    s3 = u(1 - ((f >> 3) & 1))
    kk = adj.shape[0]
    if code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = sc.betainc_d(m + 1.0, c, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = sc.betainc_d(m + 8.0, c, a, b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 128) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = sc.betainc_dx(m, c, a, b)
                        adj0[x3 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = sc.betainc_d(m + 1.0, c, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = sc.betainc_d(m + 8.0, c, a, b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 128) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = sc.betainc_dx(m, c, a, b)
                        adj0[x3 + i * s3] += g * d if (g != 0.0 and d != 0.0) else 0.0
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        for r in range(kk):
            adj0 = adj[r]
            if (f & 15) == 0:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = sc.betainc_dx(m + 1.0, c, a, b)
                        adj0[x1 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = sc.betainc_dx(m + 8.0, c, a, b)
                        adj0[x2 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 128) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i]
                        c = val[x1 + i]
                        a = val[x2 + i]
                        b = val[x3 + i]
                        y = val[o + i]
                        d = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                        adj0[x3 + i] += g * d if (g != 0.0 and d != 0.0) else 0.0
            else:
                if (f & 16) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = 0.0
                        adj0[x0 + i * s0] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 32) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = sc.betainc_dx(m + 1.0, c, a, b)
                        adj0[x1 + i * s1] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 64) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = sc.betainc_dx(m + 8.0, c, a, b)
                        adj0[x2 + i * s2] += g * d if (g != 0.0 and d != 0.0) else 0.0
                if (f & 128) == 0:
                    for i in range(n):
                        g = adj0[o + i]
                        m = val[x0 + i * s0]
                        c = val[x1 + i * s1]
                        a = val[x2 + i * s2]
                        b = val[x3 + i * s3]
                        y = val[o + i]
                        d = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                        adj0[x3 + i * s3] += g * d if (g != 0.0 and d != 0.0) else 0.0


@jit
def ew4_tangent(code, val, tan, f, o, n, x0, x1, x2, x3):
    """Block loops of the 4-operand elementwise ops (tangent)."""
    o, n = u(o), u(n)
    x0 = u(x0)
    x1 = u(x1)
    x2 = u(x2)
    x3 = u(x3)
    s0 = u(1 - ((f >> 0) & 1))
    s1 = u(1 - ((f >> 1) & 1))
    s2 = u(1 - ((f >> 2) & 1))
    s3 = u(1 - ((f >> 3) & 1))
    kk = tan.shape[0]
    if code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    m = val[x0 + i]
                    c = val[x1 + i]
                    a = val[x2 + i]
                    b = val[x3 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.betainc_d(m + 1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = sc.betainc_d(m + 8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x3 + i]
                    d = sc.betainc_dx(m, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    m = val[x0 + i * s0]
                    c = val[x1 + i * s1]
                    a = val[x2 + i * s2]
                    b = val[x3 + i * s3]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.betainc_d(m + 1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = sc.betainc_d(m + 8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x3 + i * s3]
                    d = sc.betainc_dx(m, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        for r in range(kk):
            tan0 = tan[r]
            if (f & 15) == 0:
                for i in range(n):
                    m = val[x0 + i]
                    c = val[x1 + i]
                    a = val[x2 + i]
                    b = val[x3 + i]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i]
                    d = sc.betainc_dx(m + 1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i]
                    d = sc.betainc_dx(m + 8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x3 + i]
                    d = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t
            else:
                for i in range(n):
                    m = val[x0 + i * s0]
                    c = val[x1 + i * s1]
                    a = val[x2 + i * s2]
                    b = val[x3 + i * s3]
                    y = val[o + i]
                    t = 0.0
                    tx = tan0[x0 + i * s0]
                    d = 0.0
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x1 + i * s1]
                    d = sc.betainc_dx(m + 1.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x2 + i * s2]
                    d = sc.betainc_dx(m + 8.0, c, a, b)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tx = tan0[x3 + i * s3]
                    d = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                    t += d * tx if (tx != 0.0 and d != 0.0) else 0.0
                    tan0[o + i] = t


@jit
def forward_step(code, o, n, p, q, f, args, iargs, val, work):
    """One op of the forward sweep (the cases the loop does not inline)."""
    if code == 0:  # GatherOp, numtape/ops/structural.py:61
        GatherOp_f(val, o, n, args, p, iargs, q, f, work)
        p += n
    elif code == 1:  # DepOp, numtape/ops/structural.py:61
        DepOp_f(val, o, n, args, p, iargs, q, f, work)
        p += n
    elif code == 2:  # NegOp, numtape/ops/elementwise.py:25
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        ew4_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
        p += 4
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        ew4_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
        p += 4
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        ew1_forward(code, val, f, o, n, args[p])
        p += 1
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        ew3_forward(code, val, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        ew2_forward(code, val, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 103:  # SumOp, numtape/ops/reduce.py:133
        SumOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 104:  # ProdOp, numtape/ops/reduce.py:233
        ProdOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 105:  # MaxOp, numtape/ops/reduce.py:325
        MaxOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 106:  # MinOp, numtape/ops/reduce.py:328
        MinOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 107:  # CumsumOp, numtape/ops/reduce.py:402
        CumsumOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 108:  # MatMulOp, numtape/ops/matmul.py:195
        MatMulOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 3
    elif code == 109:  # ChainMatMulOp, numtape/ops/matmul.py:209
        ChainMatMulOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 3
    elif code == 119:  # ArgsortOp, numtape/ops/order.py:69
        ArgsortOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 120:  # TakeOp, numtape/ops/order.py:196
        TakeOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 2
    elif code == 121:  # ScatterAddOp, numtape/ops/order.py:199
        ScatterAddOp_f(val, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 2
    return p, q


@jit
def forward(op, flags, uout_ptr, uargs, args, iargs, val, work, adj0, zero):
    """Values: fills val[out_ptr[0]:] from inputs and constants in place.

    With ``zero``, also zeroes ``adj0`` (one adjoint row) at every output:
    a gradient's reverse sweep then needs no separate zeroing pass.
    """
    p = 0
    q = 0
    for k in range(op.shape[0]):
        code = op[k]
        o = uout_ptr[k]
        n = uout_ptr[k + 1] - o
        if code == 2:  # NegOp, numtape/ops/elementwise.py:25
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = -x
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.abs(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.exp(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.exp2(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.expm1(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.log(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.log2(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.log10(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.log1p(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.sqrt(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.cbrt(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = x * x
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = 1.0 / x
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.sin(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.cos(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.tan(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arcsin(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arccos(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arctan(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.sinh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.cosh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.tanh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arcsinh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arccosh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.arctanh(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.sign(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.floor(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.ceil(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.trunc(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = np.rint(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a + b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a - b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a * b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a / b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a ** b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.remainder(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.fmod(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.copysign(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.arctan2(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.hypot(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a if a != a else a if a > b else b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a if a != a else a if a < b else b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a if b != b else b if a != a else a if a >= b else b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = a if b != b else b if a != a else a if a <= b else b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = np.logaddexp(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a < b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a <= b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a > b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a >= b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a == b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = (a != b) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = ((a != 0.0) & (b != 0.0)) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = ((a != 0.0) | (b != 0.0)) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = (x == 0.0) * 1.0
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = a if c != 0.0 else b
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = 0.0 if (a == 0.0) | (b == 0.0) else a * b
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.erf(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.erfc(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.erfcx(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.ndtr(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.expit(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.logit(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.xlogy(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.xlog1py(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.gammaln(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.digamma(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.log_ndtr(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.polygamma(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.ndtri(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.gamma(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.loggamma(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.beta(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.erfinv(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.erfcinv(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = vm.log_expit(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.log1mexp(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.i0(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.i0e(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.i1(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.i1e(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.iv(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.ive(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.kv(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.kve(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.boxcox(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.inv_boxcox(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.gammainc(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.gammaincc(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.gammainc_d(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.gammainc_dx(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.betainc(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
            if n == 1:
                m = val[uargs[u(p)]]
                c = val[uargs[u(p + 1)]]
                a = val[uargs[u(p + 2)]]
                b = val[uargs[u(p + 3)]]
                val[o] = sc.betainc_d(m, c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 4
                continue
        elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
            if n == 1:
                m = val[uargs[u(p)]]
                c = val[uargs[u(p + 1)]]
                a = val[uargs[u(p + 2)]]
                b = val[uargs[u(p + 3)]]
                val[o] = sc.betainc_dx(m, c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 4
                continue
        elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.tweedie_logw(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.zeta(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.zeta_d(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.riemann_zeta(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
            if n == 1:
                x = val[uargs[u(p)]]
                val[o] = sc.zetac(x)
                if zero:
                    adj0[o] = 0.0
                p += 1
                continue
        elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.zetac_d(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
            if n == 1:
                c = val[uargs[u(p)]]
                a = val[uargs[u(p + 1)]]
                b = val[uargs[u(p + 2)]]
                val[o] = sc.polygamma_diff(c, a, b)
                if zero:
                    adj0[o] = 0.0
                p += 3
                continue
        elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
            if n == 1:
                a = val[uargs[u(p)]]
                b = val[uargs[u(p + 1)]]
                val[o] = sc.betaln(a, b)
                if zero:
                    adj0[o] = 0.0
                p += 2
                continue
        p, q = forward_step(code, np.int64(o), np.int64(n), p, q, flags[k], args, iargs, val, work)
        if zero:
            adj0[np.int64(o):np.int64(o + n)] = 0.0


@jit
def reverse_step(code, o, n, p, q, f, args, iargs, val, adj, work):
    """One op of the reverse sweep (the cases the loop does not inline)."""
    if code == 0:  # GatherOp, numtape/ops/structural.py:61
        p -= n
        GatherOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 1:  # DepOp, numtape/ops/structural.py:61
        p -= n
        DepOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 2:  # NegOp, numtape/ops/elementwise.py:25
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
        p -= 1
    elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
        p -= 1
    elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
        p -= 1
    elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
        p -= 1
    elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
        p -= 1
    elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
        p -= 2
    elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
        p -= 2
    elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
        p -= 2
    elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
        p -= 2
    elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
        p -= 2
    elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
        p -= 2
    elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
        p -= 2
    elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
        p -= 2
    elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
        p -= 1
    elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        p -= 4
        ew4_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        p -= 4
        ew4_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        p -= 1
        ew1_reverse(code, val, adj, f, o, n, args[p])
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        p -= 3
        ew3_reverse(code, val, adj, f, o, n, args[p], args[p + 1], args[p + 2])
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        p -= 2
        ew2_reverse(code, val, adj, f, o, n, args[p], args[p + 1])
    elif code == 103:  # SumOp, numtape/ops/reduce.py:133
        p -= 1
        q -= 3
        SumOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 104:  # ProdOp, numtape/ops/reduce.py:233
        p -= 1
        q -= 3
        ProdOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 105:  # MaxOp, numtape/ops/reduce.py:325
        p -= 1
        q -= 3
        MaxOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 106:  # MinOp, numtape/ops/reduce.py:328
        p -= 1
        q -= 3
        MinOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 107:  # CumsumOp, numtape/ops/reduce.py:402
        p -= 1
        q -= 3
        CumsumOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 108:  # MatMulOp, numtape/ops/matmul.py:195
        p -= 2
        q -= 3
        MatMulOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 109:  # ChainMatMulOp, numtape/ops/matmul.py:209
        p -= 2
        q -= 3
        ChainMatMulOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 119:  # ArgsortOp, numtape/ops/order.py:69
        p -= 1
        q -= 3
        ArgsortOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 120:  # TakeOp, numtape/ops/order.py:196
        p -= 2
        q -= 2
        TakeOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    elif code == 121:  # ScatterAddOp, numtape/ops/order.py:199
        p -= 2
        q -= 2
        ScatterAddOp_r(val, adj, o, n, args, p, iargs, q, f, work)
    return p, q


@jit
def reverse(op, flags, uout_ptr, uargs, args, iargs, val, adj, work, clear):
    """Adjoints: accumulates into adj (seeded at the outputs), last op first.

    With ``clear``, each op's output adjoints are zeroed once used, so the
    workspace is clean again (but for the inputs) when the sweep ends.
    """
    p = args.shape[0]
    q = iargs.shape[0]
    adj0 = adj[0]
    if not (adj.shape[0] == 1):
        for k in range(op.shape[0] - 1, -1, -1):
            code = op[k]
            o = uout_ptr[k]
            n = uout_ptr[k + 1] - o
            p, q = reverse_step(code, np.int64(o), np.int64(n), p, q, flags[k], args, iargs, val, adj, work)
            if clear:
                adj[:, np.int64(o):np.int64(o + n)] = 0.0
        return
    for k in range(op.shape[0] - 1, -1, -1):
        code = op[k]
        o = uout_ptr[k]
        n = uout_ptr[k + 1] - o
        if code == 2:  # NegOp, numtape/ops/elementwise.py:25
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.sign(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y * LN2
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = vm.exp(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / x
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (x * LN2)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (x * LN10)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (1.0 + x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.5 / y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (3.0 * y * y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 2.0 * x
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -(y * y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = vm.cos(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -vm.sin(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 + y * y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / np.sqrt(1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -1.0 / np.sqrt(1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (1.0 + x * x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.cosh(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.sinh(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 - y * y if np.abs(x) < 1.0 else 1.0 / (np.cosh(x) * np.cosh(x))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / np.hypot(x, 1.0)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = b
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = a
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / b
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -y / b
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if y == 0.0 else y * np.log(a)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -np.floor(a / b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -np.trunc(a / b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.copysign(1.0, a) * np.copysign(1.0, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = b / np.hypot(a, b) / np.hypot(a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -(a / np.hypot(a, b)) / np.hypot(a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0 if y == 0.0 else a / y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if y == 0.0 else b / y
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (1.0 + np.exp(b - a))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 1.0 / (1.0 + np.exp(a - b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
            if n == 1:
                p -= 2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
            if n == 1:
                p -= 1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = (c != 0.0) * 1.0
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = (c == 0.0) * 1.0
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = b
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = a
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = TWO_SQRTPI * np.exp(-(x * x))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -TWO_SQRTPI * np.exp(-(x * x))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 2.0 * x * y - TWO_SQRTPI
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = INV_SQRT_2PI * np.exp(-0.5 * x * x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y * vm.expit(-x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 1.0 / (x * (1.0 - x))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.log(b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if a == 0.0 else a / b
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = np.log1p(b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.0 if a == 0.0 else a / (1.0 + b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.digamma(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.polygamma(1.0, x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2) if x < -1.0 else INV_SQRT_2PI * np.exp(-0.5 * x * x - y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.polygamma(a + 1.0, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = SQRT_2PI * np.exp(0.5 * y * y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y * sc.digamma(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.digamma(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y * (sc.digamma(a) - sc.digamma(a + b))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = y * (sc.digamma(b) - sc.digamma(a + b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.5 / INV_SQRT_PI * np.exp(y * y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -0.5 / INV_SQRT_PI * np.exp(y * y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = vm.expit(-x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = vm.expm1(-y)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.i1(x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.i1e(x) - np.sign(x) * y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.5 * (sc.i0(x) + sc.iv(2.0, x))
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = a ** (b - 1.0)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = y / (1.0 + b * a)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.gammainc_d(1.0, a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.gammainc_dx(0.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = -sc.gammainc_d(1.0, a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -sc.gammainc_dx(0.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.gammainc_d(c + 1.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = sc.gammainc_dx(c, a, b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.gammainc_dx(c + 1.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.betainc_d(1.0, c, a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.betainc_d(8.0, c, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = sc.betainc_dx(0.0, c, a, b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
            if n == 1:
                p -= 4
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    x3 = uargs[u(p + 3)]
                    f = flags[k]
                    m = val[x0]
                    c = val[x1]
                    a = val[x2]
                    b = val[x3]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.betainc_d(m + 1.0, c, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = sc.betainc_d(m + 8.0, c, a, b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                    if (f & 128) == 0:
                        d3 = sc.betainc_dx(m, c, a, b)
                        if d3 != 0.0:
                            adj0[x3] += g * d3
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
            if n == 1:
                p -= 4
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    x3 = uargs[u(p + 3)]
                    f = flags[k]
                    m = val[x0]
                    c = val[x1]
                    a = val[x2]
                    b = val[x3]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.betainc_dx(m + 1.0, c, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = sc.betainc_dx(m + 8.0, c, a, b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                    if (f & 128) == 0:
                        d3 = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                        if d3 != 0.0:
                            adj0[x3] += g * d3
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.tweedie_logw(c + 1.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = sc.tweedie_logw(c + 8.0, a, b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.zeta_d(1.0, a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = -a * sc.zeta(a + 1.0, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.zeta_d(c + 1.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.zetac_d(1.0, x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
            if n == 1:
                p -= 1
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    f = flags[k]
                    x = val[x0]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.zetac_d(1.0, x)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.zetac_d(a + 1.0, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
            if n == 1:
                p -= 3
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    x2 = uargs[u(p + 2)]
                    f = flags[k]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = 0.0
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.polygamma_diff(c + 1.0, a, b)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                    if (f & 64) == 0:
                        d2 = -sc.polygamma(c + 1.0, a + b)
                        if d2 != 0.0:
                            adj0[x2] += g * d2
                if clear:
                    adj0[o] = 0.0
                continue
        elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
            if n == 1:
                p -= 2
                g = adj0[o]
                if g != 0.0:
                    x0 = uargs[u(p)]
                    x1 = uargs[u(p + 1)]
                    f = flags[k]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    if (f & 16) == 0:
                        d0 = sc.digamma_diff(a, b)
                        if d0 != 0.0:
                            adj0[x0] += g * d0
                    if (f & 32) == 0:
                        d1 = sc.digamma_diff(b, a)
                        if d1 != 0.0:
                            adj0[x1] += g * d1
                if clear:
                    adj0[o] = 0.0
                continue
        p, q = reverse_step(code, np.int64(o), np.int64(n), p, q, flags[k], args, iargs, val, adj, work)
        if clear:
            adj[:, np.int64(o):np.int64(o + n)] = 0.0


@jit
def tangent_step(code, o, n, p, q, f, args, iargs, val, tan, work):
    """One op of the tangent sweep (the cases the loop does not inline)."""
    if code == 0:  # GatherOp, numtape/ops/structural.py:61
        GatherOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += n
    elif code == 1:  # DepOp, numtape/ops/structural.py:61
        DepOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += n
    elif code == 2:  # NegOp, numtape/ops/elementwise.py:25
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
        tan[:, o:o + n] = 0.0
        p += 2
    elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
        tan[:, o:o + n] = 0.0
        p += 1
    elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
        ew4_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
        p += 4
    elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
        ew4_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2], args[p + 3])
        p += 4
    elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
        ew1_tangent(code, val, tan, f, o, n, args[p])
        p += 1
    elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
        ew3_tangent(code, val, tan, f, o, n, args[p], args[p + 1], args[p + 2])
        p += 3
    elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
        ew2_tangent(code, val, tan, f, o, n, args[p], args[p + 1])
        p += 2
    elif code == 103:  # SumOp, numtape/ops/reduce.py:133
        SumOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 104:  # ProdOp, numtape/ops/reduce.py:233
        ProdOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 105:  # MaxOp, numtape/ops/reduce.py:325
        MaxOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 106:  # MinOp, numtape/ops/reduce.py:328
        MinOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 107:  # CumsumOp, numtape/ops/reduce.py:402
        CumsumOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 108:  # MatMulOp, numtape/ops/matmul.py:195
        MatMulOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 3
    elif code == 109:  # ChainMatMulOp, numtape/ops/matmul.py:209
        ChainMatMulOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 3
    elif code == 119:  # ArgsortOp, numtape/ops/order.py:69
        ArgsortOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 1
        q += 3
    elif code == 120:  # TakeOp, numtape/ops/order.py:196
        TakeOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 2
    elif code == 121:  # ScatterAddOp, numtape/ops/order.py:199
        ScatterAddOp_t(val, tan, o, n, args, p, iargs, q, f, work)
        p += 2
        q += 2
    return p, q


@jit
def tangent(op, flags, uout_ptr, uargs, args, iargs, val, tan, work):
    """Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants."""
    p = 0
    q = 0
    tan0 = tan[0]
    if not (tan.shape[0] == 1):
        for k in range(op.shape[0]):
            code = op[k]
            o = uout_ptr[k]
            n = uout_ptr[k + 1] - o
            p, q = tangent_step(code, np.int64(o), np.int64(n), p, q, flags[k], args, iargs, val, tan, work)
        return
    for k in range(op.shape[0]):
        code = op[k]
        o = uout_ptr[k]
        n = uout_ptr[k + 1] - o
        if code == 2:  # NegOp, numtape/ops/elementwise.py:25
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 3:  # AbsOp, numtape/ops/elementwise.py:28
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.sign(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 4:  # ExpOp, numtape/ops/elementwise.py:36
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 5:  # Exp2Op, numtape/ops/elementwise.py:39
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y * LN2
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 6:  # Expm1Op, numtape/ops/elementwise.py:41
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = vm.exp(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 7:  # LogOp, numtape/ops/elementwise.py:43
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / x
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 8:  # Log2Op, numtape/ops/elementwise.py:47
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (x * LN2)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 9:  # Log10Op, numtape/ops/elementwise.py:50
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (x * LN10)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 10:  # Log1pOp, numtape/ops/elementwise.py:53
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (1.0 + x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 11:  # SqrtOp, numtape/ops/elementwise.py:57
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.5 / y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 12:  # CbrtOp, numtape/ops/elementwise.py:63
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (3.0 * y * y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 13:  # SquareOp, numtape/ops/elementwise.py:67
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 2.0 * x
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 14:  # ReciprocalOp, numtape/ops/elementwise.py:70
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -(y * y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 15:  # SinOp, numtape/ops/elementwise.py:74
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = vm.cos(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 16:  # CosOp, numtape/ops/elementwise.py:76
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -vm.sin(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 17:  # TanOp, numtape/ops/elementwise.py:78
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 + y * y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 18:  # ArcsinOp, numtape/ops/elementwise.py:80
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / np.sqrt(1.0 - x * x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 19:  # ArccosOp, numtape/ops/elementwise.py:83
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -1.0 / np.sqrt(1.0 - x * x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 20:  # ArctanOp, numtape/ops/elementwise.py:86
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (1.0 + x * x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 21:  # SinhOp, numtape/ops/elementwise.py:88
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.cosh(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 22:  # CoshOp, numtape/ops/elementwise.py:90
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.sinh(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 23:  # TanhOp, numtape/ops/elementwise.py:93
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 - y * y if np.abs(x) < 1.0 else 1.0 / (np.cosh(x) * np.cosh(x))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 24:  # ArcsinhOp, numtape/ops/elementwise.py:100
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / np.hypot(x, 1.0)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 25:  # ArccoshOp, numtape/ops/elementwise.py:106
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 26:  # ArctanhOp, numtape/ops/elementwise.py:112
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (1.0 - x * x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 27:  # SignOp, numtape/ops/elementwise.py:115
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 28:  # FloorOp, numtape/ops/elementwise.py:119
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 29:  # CeilOp, numtape/ops/elementwise.py:121
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 30:  # TruncOp, numtape/ops/elementwise.py:123
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 31:  # RintOp, numtape/ops/elementwise.py:125
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 32:  # AddOp, numtape/ops/elementwise.py:129
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 33:  # SubOp, numtape/ops/elementwise.py:133
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 34:  # MulOp, numtape/ops/elementwise.py:137
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = b
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = a
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 35:  # DivOp, numtape/ops/elementwise.py:141
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / b
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -y / b
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 36:  # PowOp, numtape/ops/elementwise.py:147
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0 if b == 0.0 else b * a ** (b - 1.0)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if y == 0.0 else y * np.log(a)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 37:  # RemainderOp, numtape/ops/elementwise.py:159
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -np.floor(a / b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 38:  # FmodOp, numtape/ops/elementwise.py:162
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -np.trunc(a / b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 39:  # CopysignOp, numtape/ops/elementwise.py:164
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.copysign(1.0, a) * np.copysign(1.0, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 40:  # Arctan2Op, numtape/ops/elementwise.py:168
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = b / np.hypot(a, b) / np.hypot(a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -(a / np.hypot(a, b)) / np.hypot(a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 41:  # HypotOp, numtape/ops/elementwise.py:174
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0 if y == 0.0 else a / y
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if y == 0.0 else b / y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 42:  # MaximumOp, numtape/ops/elementwise.py:185
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 if a != a else 0.0 if b != b else (a >= b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if a != a else 1.0 if b != b else (a < b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 43:  # MinimumOp, numtape/ops/elementwise.py:193
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 if a != a else 0.0 if b != b else (a <= b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if a != a else 1.0 if b != b else (a > b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 44:  # FmaxOp, numtape/ops/elementwise.py:201
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0 if a != a else 1.0 if b != b else (a >= b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 1.0 if a != a else 0.0 if b != b else (a < b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 45:  # FminOp, numtape/ops/elementwise.py:210
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0 if a != a else 1.0 if b != b else (a <= b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 1.0 if a != a else 0.0 if b != b else (a > b) * 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 46:  # LogaddexpOp, numtape/ops/elementwise.py:220
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (1.0 + np.exp(b - a))
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 1.0 / (1.0 + np.exp(a - b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 47:  # LtOp, numtape/ops/elementwise.py:230
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 48:  # LeOp, numtape/ops/elementwise.py:233
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 49:  # GtOp, numtape/ops/elementwise.py:238
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 50:  # GeOp, numtape/ops/elementwise.py:242
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 51:  # EqOp, numtape/ops/elementwise.py:246
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 52:  # NeOp, numtape/ops/elementwise.py:251
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 53:  # AndOp, numtape/ops/elementwise.py:255
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 54:  # OrOp, numtape/ops/elementwise.py:258
            if n == 1:
                tan0[o] = 0.0
                p += 2
                continue
        elif code == 55:  # NotOp, numtape/ops/elementwise.py:261
            if n == 1:
                tan0[o] = 0.0
                p += 1
                continue
        elif code == 56:  # SelectOp, numtape/ops/elementwise.py:267
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = (c != 0.0) * 1.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = (c == 0.0) * 1.0
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 57:  # ChainMulOp, numtape/ops/elementwise.py:278
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = b
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = a
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 58:  # ErfOp, numtape/ops/elementwise.py:286
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = TWO_SQRTPI * np.exp(-(x * x))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 59:  # ErfcOp, numtape/ops/elementwise.py:288
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -TWO_SQRTPI * np.exp(-(x * x))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 60:  # ErfcxOp, numtape/ops/elementwise.py:290
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 2.0 * x * y - TWO_SQRTPI
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 61:  # NdtrOp, numtape/ops/elementwise.py:292
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = INV_SQRT_2PI * np.exp(-0.5 * x * x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 62:  # ExpitOp, numtape/ops/elementwise.py:297
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y * vm.expit(-x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 63:  # LogitOp, numtape/ops/elementwise.py:301
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 1.0 / (x * (1.0 - x))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 64:  # XlogyOp, numtape/ops/elementwise.py:304
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.log(b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if a == 0.0 else a / b
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 65:  # Xlog1pyOp, numtape/ops/elementwise.py:308
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = np.log1p(b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.0 if a == 0.0 else a / (1.0 + b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 66:  # GammalnOp, numtape/ops/elementwise.py:311
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.digamma(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 67:  # DigammaOp, numtape/ops/elementwise.py:313
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.polygamma(1.0, x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 68:  # LogNdtrOp, numtape/ops/elementwise.py:318
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = SQRT_2_OVER_PI / sc.erfcx(-x * SQRT1_2) if x < -1.0 else INV_SQRT_2PI * np.exp(-0.5 * x * x - y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 69:  # PolygammaOp, numtape/ops/elementwise.py:324
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.polygamma(a + 1.0, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 70:  # NdtriOp, numtape/ops/elementwise.py:327
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = SQRT_2PI * np.exp(0.5 * y * y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 71:  # GammaOp, numtape/ops/elementwise.py:333
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y * sc.digamma(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 72:  # LoggammaOp, numtape/ops/elementwise.py:335
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.digamma(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 73:  # BetaOp, numtape/ops/elementwise.py:337
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y * (sc.digamma(a) - sc.digamma(a + b))
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = y * (sc.digamma(b) - sc.digamma(a + b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 74:  # ErfinvOp, numtape/ops/elementwise.py:341
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.5 / INV_SQRT_PI * np.exp(y * y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 75:  # ErfcinvOp, numtape/ops/elementwise.py:343
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -0.5 / INV_SQRT_PI * np.exp(y * y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 76:  # LogExpitOp, numtape/ops/elementwise.py:345
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = vm.expit(-x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 77:  # Log1mexpOp, numtape/ops/elementwise.py:349
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = vm.expm1(-y)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 78:  # I0Op, numtape/ops/elementwise.py:355
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.i1(x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 79:  # I0eOp, numtape/ops/elementwise.py:357
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.i1e(x) - np.sign(x) * y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 80:  # I1Op, numtape/ops/elementwise.py:359
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.5 * (sc.i0(x) + sc.iv(2.0, x))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 81:  # I1eOp, numtape/ops/elementwise.py:361
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.5 * (sc.i0e(x) + sc.ive(2.0, x)) - np.sign(x) * y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 82:  # IvOp, numtape/ops/elementwise.py:365
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.5 * (sc.iv(a - 1.0, b) + sc.iv(a + 1.0, b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 83:  # IveOp, numtape/ops/elementwise.py:368
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = 0.5 * (sc.ive(a - 1.0, b) + sc.ive(a + 1.0, b)) - np.sign(b) * y
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 84:  # KvOp, numtape/ops/elementwise.py:372
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -0.5 * (sc.kv(a - 1.0, b) + sc.kv(a + 1.0, b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 85:  # KveOp, numtape/ops/elementwise.py:375
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = y - 0.5 * (sc.kve(a - 1.0, b) + sc.kve(a + 1.0, b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 86:  # BoxcoxOp, numtape/ops/elementwise.py:380
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = a ** (b - 1.0)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = np.log(a) ** 2 * (0.5 + b * np.log(a) / 3.0 + b * b * np.log(a) ** 2 / 8.0) if np.abs(b) < 0.0001 else (a ** b * np.log(a) - y) / b
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 87:  # InvBoxcoxOp, numtape/ops/elementwise.py:388
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = y / (1.0 + b * a)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = y * a * a * (-0.5 + b * a * (2.0 / 3.0 - 0.75 * b * a)) if np.abs(b) < 0.0001 else y * (a / (b * (1.0 + b * a)) - np.log1p(b * a) / (b * b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 88:  # GammaincOp, numtape/ops/elementwise.py:398
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.gammainc_d(1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.gammainc_dx(0.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 89:  # GammainccOp, numtape/ops/elementwise.py:401
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = -sc.gammainc_d(1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -sc.gammainc_dx(0.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 90:  # GammaincDOp, numtape/ops/elementwise.py:404
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.gammainc_d(c + 1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = sc.gammainc_dx(c, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 91:  # GammaincDxOp, numtape/ops/elementwise.py:407
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.gammainc_dx(c + 1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = ((a - 1.0) / b - 1.0) * y + (np.floor(c) * sc.gammainc_dx(np.maximum(c - 1.0, 0.0), a, b) / b if c > 0.0 else 0.0)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 92:  # BetaincOp, numtape/ops/elementwise.py:416
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.betainc_d(1.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.betainc_d(8.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = sc.betainc_dx(0.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 93:  # BetaincDOp, numtape/ops/elementwise.py:420
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                x3 = uargs[u(p + 3)]
                m = val[x0]
                c = val[x1]
                a = val[x2]
                b = val[x3]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.betainc_d(m + 1.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = sc.betainc_d(m + 8.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x3]
                if tx != 0.0:
                    d = sc.betainc_dx(m, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 4
                continue
        elif code == 94:  # BetaincDxOp, numtape/ops/elementwise.py:424
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                x3 = uargs[u(p + 3)]
                m = val[x0]
                c = val[x1]
                a = val[x2]
                b = val[x3]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.betainc_dx(m + 1.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = sc.betainc_dx(m + 8.0, c, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x3]
                if tx != 0.0:
                    d = ((c - 1.0) / b - (a - 1.0) / (1.0 - b)) * y + ((np.floor(m) - 8.0 * np.floor(m / 8.0)) * sc.betainc_dx(np.maximum(m - 1.0, 0.0), c, a, b) / b if np.fmod(m, 8.0) > 0.0 else 0.0) - (np.floor(m / 8.0) * sc.betainc_dx(np.maximum(m - 8.0, 0.0), c, a, b) / (1.0 - b) if m >= 8.0 else 0.0)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 4
                continue
        elif code == 95:  # TweedieLogWOp, numtape/ops/elementwise.py:435
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.tweedie_logw(c + 1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = sc.tweedie_logw(c + 8.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 96:  # ZetaOp, numtape/ops/elementwise.py:442
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.zeta_d(1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = -a * sc.zeta(a + 1.0, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 97:  # ZetaDOp, numtape/ops/elementwise.py:445
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.zeta_d(c + 1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = -(a * sc.zeta_d(c, a + 1.0, b) + np.floor(c) * sc.zeta_d(np.maximum(c - 1.0, 0.0), a + 1.0, b))
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 98:  # RiemannZetaOp, numtape/ops/elementwise.py:450
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.zetac_d(1.0, x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 99:  # ZetacOp, numtape/ops/elementwise.py:453
            if n == 1:
                x0 = uargs[u(p)]
                x = val[x0]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.zetac_d(1.0, x)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 1
                continue
        elif code == 100:  # ZetacDOp, numtape/ops/elementwise.py:455
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.zetac_d(a + 1.0, b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        elif code == 101:  # PolygammaDiffOp, numtape/ops/elementwise.py:459
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                x2 = uargs[u(p + 2)]
                c = val[x0]
                a = val[x1]
                b = val[x2]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = 0.0
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.polygamma_diff(c + 1.0, a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x2]
                if tx != 0.0:
                    d = -sc.polygamma(c + 1.0, a + b)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 3
                continue
        elif code == 102:  # BetalnOp, numtape/ops/elementwise.py:465
            if n == 1:
                x0 = uargs[u(p)]
                x1 = uargs[u(p + 1)]
                a = val[x0]
                b = val[x1]
                y = val[o]
                t = 0.0
                tx = tan0[x0]
                if tx != 0.0:
                    d = sc.digamma_diff(a, b)
                    if d != 0.0:
                        t += d * tx
                tx = tan0[x1]
                if tx != 0.0:
                    d = sc.digamma_diff(b, a)
                    if d != 0.0:
                        t += d * tx
                tan0[o] = t
                p += 2
                continue
        p, q = tangent_step(code, np.int64(o), np.int64(n), p, q, flags[k], args, iargs, val, tan, work)
