"""GENERATED from the op table by numtape/kernels/_generate.py -- do not edit by hand.

The three tape interpreters.  Arrays: ``op`` int32 opcodes, ``flags`` uint8 (bit j set: operand
j of an elementwise op is one scalar broadcast over the block), ``out_ptr`` int64 (op k writes
``val[out_ptr[k]:out_ptr[k+1]]``), ``args`` int64 operand offsets and ``iargs`` int64 integer
parameters, both consumed in op order (a running cursor: ``p`` for args, ``q`` for iargs).
``adj``/``tan`` are (k, arena) arrays for k >= 1 directions at once; ``adj0`` is row 0, used by
the single-direction fast paths.
"""
from numtape.kernels._jit import jit
from numtape.ops import BY_NAME as _T
from numtape.ops._duck import LN2, LN10, np, select  # noqa: F401  (names of the formulas)

TABLE_HASH = "d10993627df24a77"
OP_NAMES = ('GatherOp', 'DepOp', 'NegOp', 'AbsOp', 'ExpOp', 'Exp2Op', 'Expm1Op', 'LogOp', 'Log2Op', 'Log10Op', 'Log1pOp', 'SqrtOp', 'CbrtOp', 'SquareOp', 'ReciprocalOp', 'SinOp', 'CosOp', 'TanOp', 'ArcsinOp', 'ArccosOp', 'ArctanOp', 'SinhOp', 'CoshOp', 'TanhOp', 'ArcsinhOp', 'ArccoshOp', 'ArctanhOp', 'SignOp', 'AddOp', 'SubOp', 'MulOp', 'DivOp', 'PowOp', 'Arctan2Op', 'HypotOp', 'MaximumOp', 'MinimumOp', 'FmaxOp', 'FminOp', 'LogaddexpOp', 'LtOp', 'LeOp', 'GtOp', 'GeOp', 'EqOp', 'NeOp', 'AndOp', 'OrOp', 'NotOp', 'SelectOp', 'ChainMulOp', 'SumOp', 'ProdOp', 'MaxOp', 'MinOp', 'CumsumOp', 'MatMulOp')

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


@jit
def forward(op, flags, out_ptr, args, iargs, val):
    """Values: fills val[out_ptr[0]:] from inputs and constants in place."""
    p = 0
    q = 0
    for k in range(op.shape[0]):
        code = op[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if code == 0:  # GatherOp
            GatherOp_f(val, o, n, args, p, iargs, q)
            p += n
        elif code == 1:  # DepOp
            DepOp_f(val, o, n, args, p, iargs, q)
            p += n
        elif code == 2:  # NegOp
            if n == 1:
                x = val[args[p]]
                val[o] = -x
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = -x
            p += 1
        elif code == 3:  # AbsOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.abs(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.abs(x)
            p += 1
        elif code == 4:  # ExpOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.exp(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.exp(x)
            p += 1
        elif code == 5:  # Exp2Op
            if n == 1:
                x = val[args[p]]
                val[o] = np.exp2(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.exp2(x)
            p += 1
        elif code == 6:  # Expm1Op
            if n == 1:
                x = val[args[p]]
                val[o] = np.expm1(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.expm1(x)
            p += 1
        elif code == 7:  # LogOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.log(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.log(x)
            p += 1
        elif code == 8:  # Log2Op
            if n == 1:
                x = val[args[p]]
                val[o] = np.log2(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.log2(x)
            p += 1
        elif code == 9:  # Log10Op
            if n == 1:
                x = val[args[p]]
                val[o] = np.log10(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.log10(x)
            p += 1
        elif code == 10:  # Log1pOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.log1p(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.log1p(x)
            p += 1
        elif code == 11:  # SqrtOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.sqrt(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.sqrt(x)
            p += 1
        elif code == 12:  # CbrtOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.cbrt(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.cbrt(x)
            p += 1
        elif code == 13:  # SquareOp
            if n == 1:
                x = val[args[p]]
                val[o] = x * x
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = x * x
            p += 1
        elif code == 14:  # ReciprocalOp
            if n == 1:
                x = val[args[p]]
                val[o] = 1.0 / x
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = 1.0 / x
            p += 1
        elif code == 15:  # SinOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.sin(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.sin(x)
            p += 1
        elif code == 16:  # CosOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.cos(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.cos(x)
            p += 1
        elif code == 17:  # TanOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.tan(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.tan(x)
            p += 1
        elif code == 18:  # ArcsinOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arcsin(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arcsin(x)
            p += 1
        elif code == 19:  # ArccosOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arccos(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arccos(x)
            p += 1
        elif code == 20:  # ArctanOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arctan(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arctan(x)
            p += 1
        elif code == 21:  # SinhOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.sinh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.sinh(x)
            p += 1
        elif code == 22:  # CoshOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.cosh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.cosh(x)
            p += 1
        elif code == 23:  # TanhOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.tanh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.tanh(x)
            p += 1
        elif code == 24:  # ArcsinhOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arcsinh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arcsinh(x)
            p += 1
        elif code == 25:  # ArccoshOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arccosh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arccosh(x)
            p += 1
        elif code == 26:  # ArctanhOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.arctanh(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.arctanh(x)
            p += 1
        elif code == 27:  # SignOp
            if n == 1:
                x = val[args[p]]
                val[o] = np.sign(x)
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = np.sign(x)
            p += 1
        elif code == 28:  # AddOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = a + b
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = a + b
            p += 2
        elif code == 29:  # SubOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = a - b
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = a - b
            p += 2
        elif code == 30:  # MulOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = a * b
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = a * b
            p += 2
        elif code == 31:  # DivOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = a / b
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = a / b
            p += 2
        elif code == 32:  # PowOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = a ** b
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = a ** b
            p += 2
        elif code == 33:  # Arctan2Op
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.arctan2(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.arctan2(a, b)
            p += 2
        elif code == 34:  # HypotOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.hypot(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.hypot(a, b)
            p += 2
        elif code == 35:  # MaximumOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.maximum(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.maximum(a, b)
            p += 2
        elif code == 36:  # MinimumOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.minimum(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.minimum(a, b)
            p += 2
        elif code == 37:  # FmaxOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.fmax(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.fmax(a, b)
            p += 2
        elif code == 38:  # FminOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.fmin(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.fmin(a, b)
            p += 2
        elif code == 39:  # LogaddexpOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = np.logaddexp(a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = np.logaddexp(a, b)
            p += 2
        elif code == 40:  # LtOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a < b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a < b) * 1.0
            p += 2
        elif code == 41:  # LeOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a <= b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a <= b) * 1.0
            p += 2
        elif code == 42:  # GtOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a > b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a > b) * 1.0
            p += 2
        elif code == 43:  # GeOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a >= b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a >= b) * 1.0
            p += 2
        elif code == 44:  # EqOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a == b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a == b) * 1.0
            p += 2
        elif code == 45:  # NeOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = (a != b) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = (a != b) * 1.0
            p += 2
        elif code == 46:  # AndOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = ((a != 0.0) & (b != 0.0)) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = ((a != 0.0) & (b != 0.0)) * 1.0
            p += 2
        elif code == 47:  # OrOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = ((a != 0.0) | (b != 0.0)) * 1.0
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = ((a != 0.0) | (b != 0.0)) * 1.0
            p += 2
        elif code == 48:  # NotOp
            if n == 1:
                x = val[args[p]]
                val[o] = (x == 0.0) * 1.0
            else:
                x0 = args[p]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    x = val[x0 + i * s0]
                    val[o + i] = (x == 0.0) * 1.0
            p += 1
        elif code == 49:  # SelectOp
            if n == 1:
                c = val[args[p]]
                a = val[args[p + 1]]
                b = val[args[p + 2]]
                val[o] = select(c != 0.0, a, b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                x2 = args[p + 2]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                s2 = 1 - ((f >> 2) & 1)
                for i in range(n):
                    c = val[x0 + i * s0]
                    a = val[x1 + i * s1]
                    b = val[x2 + i * s2]
                    val[o + i] = select(c != 0.0, a, b)
            p += 3
        elif code == 50:  # ChainMulOp
            if n == 1:
                a = val[args[p]]
                b = val[args[p + 1]]
                val[o] = select((a == 0.0) | (b == 0.0), 0.0, a * b)
            else:
                x0 = args[p]
                x1 = args[p + 1]
                f = flags[k]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    a = val[x0 + i * s0]
                    b = val[x1 + i * s1]
                    val[o + i] = select((a == 0.0) | (b == 0.0), 0.0, a * b)
            p += 2
        elif code == 51:  # SumOp
            SumOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 52:  # ProdOp
            ProdOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 53:  # MaxOp
            MaxOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 54:  # MinOp
            MinOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 55:  # CumsumOp
            CumsumOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 56:  # MatMulOp
            MatMulOp_f(val, o, n, args, p, iargs, q)
            p += 2
            q += 3


@jit
def reverse(op, flags, out_ptr, args, iargs, val, adj):
    """Adjoints: accumulates into adj (seeded at the outputs), last op first."""
    p = args.shape[0]
    q = iargs.shape[0]
    kk = adj.shape[0]
    adj0 = adj[0]
    for k in range(op.shape[0] - 1, -1, -1):
        code = op[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if code == 0:  # GatherOp
            p -= n
            GatherOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 1:  # DepOp
            p -= n
            DepOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 2:  # NegOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = -1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = -1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 3:  # AbsOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = np.sign(x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = np.sign(x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.sign(x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 4:  # ExpOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = y
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = y
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 5:  # Exp2Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = y * LN2
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = y * LN2
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y * LN2
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 6:  # Expm1Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = y + 1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = y + 1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y + 1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 7:  # LogOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / x
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / x
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / x
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 8:  # Log2Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (x * LN2)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (x * LN2)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (x * LN2)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 9:  # Log10Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (x * LN10)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (x * LN10)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (x * LN10)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 10:  # Log1pOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (1.0 + x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (1.0 + x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 + x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 11:  # SqrtOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 0.5 / y
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 0.5 / y
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 0.5 / y
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 12:  # CbrtOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (3.0 * y * y)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (3.0 * y * y)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (3.0 * y * y)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 13:  # SquareOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 2.0 * x
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 2.0 * x
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 2.0 * x
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 14:  # ReciprocalOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = -(y * y)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = -(y * y)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -(y * y)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 15:  # SinOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = np.cos(x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = np.cos(x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.cos(x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 16:  # CosOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = -np.sin(x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = -np.sin(x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -np.sin(x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 17:  # TanOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 + y * y
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 + y * y
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 + y * y
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 18:  # ArcsinOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / np.sqrt(1.0 - x * x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / np.sqrt(1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / np.sqrt(1.0 - x * x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 19:  # ArccosOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = -1.0 / np.sqrt(1.0 - x * x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = -1.0 / np.sqrt(1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -1.0 / np.sqrt(1.0 - x * x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 20:  # ArctanOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (1.0 + x * x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (1.0 + x * x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 + x * x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 21:  # SinhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = np.cosh(x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = np.cosh(x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.cosh(x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 22:  # CoshOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = np.sinh(x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = np.sinh(x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.sinh(x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 23:  # TanhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 - y * y
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 - y * y
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 - y * y
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 24:  # ArcsinhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / np.hypot(x, 1.0)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / np.hypot(x, 1.0)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / np.hypot(x, 1.0)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 25:  # ArccoshOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 26:  # ArctanhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x = val[x0]
                    y = val[o]
                    d0 = 1.0 / (1.0 - x * x)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                continue
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        x = val[x0 + i * s0]
                        y = val[o + i]
                        d0 = 1.0 / (1.0 - x * x)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                continue
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 - x * x)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
        elif code == 27:  # SignOp
            p -= 1
        elif code == 28:  # AddOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = 1.0
                    d1 = 1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = 1.0
                        d1 = 1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0
                d1 = 1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 29:  # SubOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = 1.0
                    d1 = -1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = 1.0
                        d1 = -1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0
                d1 = -1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 30:  # MulOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = b
                    d1 = a
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = b
                        d1 = a
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b
                d1 = a
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 31:  # DivOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = 1.0 / b
                    d1 = -y / b
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = 1.0 / b
                        d1 = -y / b
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0 / b
                d1 = -y / b
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 32:  # PowOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = b * a ** (b - 1.0)
                    d1 = select(y == 0.0, 0.0, y * np.log(a))
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = b * a ** (b - 1.0)
                        d1 = select(y == 0.0, 0.0, y * np.log(a))
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b * a ** (b - 1.0)
                d1 = select(y == 0.0, 0.0, y * np.log(a))
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 33:  # Arctan2Op
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = b / (a * a + b * b)
                    d1 = -a / (a * a + b * b)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = b / (a * a + b * b)
                        d1 = -a / (a * a + b * b)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b / (a * a + b * b)
                d1 = -a / (a * a + b * b)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 34:  # HypotOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = select(y == 0.0, 0.0, a / y)
                    d1 = select(y == 0.0, 0.0, b / y)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = select(y == 0.0, 0.0, a / y)
                        d1 = select(y == 0.0, 0.0, b / y)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(y == 0.0, 0.0, a / y)
                d1 = select(y == 0.0, 0.0, b / y)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 35:  # MaximumOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = (a >= b) * 1.0
                    d1 = (a < b) * 1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = (a >= b) * 1.0
                        d1 = (a < b) * 1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = (a >= b) * 1.0
                d1 = (a < b) * 1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 36:  # MinimumOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = (a <= b) * 1.0
                    d1 = (a > b) * 1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = (a <= b) * 1.0
                        d1 = (a > b) * 1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = (a <= b) * 1.0
                d1 = (a > b) * 1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 37:  # FmaxOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = select(b != b, 1.0, (a >= b) * 1.0)
                    d1 = select(b != b, 0.0, (a < b) * 1.0)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = select(b != b, 1.0, (a >= b) * 1.0)
                        d1 = select(b != b, 0.0, (a < b) * 1.0)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(b != b, 1.0, (a >= b) * 1.0)
                d1 = select(b != b, 0.0, (a < b) * 1.0)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 38:  # FminOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = select(b != b, 1.0, (a <= b) * 1.0)
                    d1 = select(b != b, 0.0, (a > b) * 1.0)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = select(b != b, 1.0, (a <= b) * 1.0)
                        d1 = select(b != b, 0.0, (a > b) * 1.0)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(b != b, 1.0, (a <= b) * 1.0)
                d1 = select(b != b, 0.0, (a > b) * 1.0)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 39:  # LogaddexpOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = np.exp(a - y)
                    d1 = np.exp(b - y)
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = np.exp(a - y)
                        d1 = np.exp(b - y)
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = np.exp(a - y)
                d1 = np.exp(b - y)
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 40:  # LtOp
            p -= 2
        elif code == 41:  # LeOp
            p -= 2
        elif code == 42:  # GtOp
            p -= 2
        elif code == 43:  # GeOp
            p -= 2
        elif code == 44:  # EqOp
            p -= 2
        elif code == 45:  # NeOp
            p -= 2
        elif code == 46:  # AndOp
            p -= 2
        elif code == 47:  # OrOp
            p -= 2
        elif code == 48:  # NotOp
            p -= 1
        elif code == 49:  # SelectOp
            p -= 3
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    x2 = args[p + 2]
                    c = val[x0]
                    a = val[x1]
                    b = val[x2]
                    y = val[o]
                    d0 = 0.0
                    d1 = (c != 0.0) * 1.0
                    d2 = (c == 0.0) * 1.0
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                    if d2 != 0.0:
                        adj0[x2] += g * d2
                continue
            x0 = args[p]
            x1 = args[p + 1]
            x2 = args[p + 2]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            s2 = 1 - ((f >> 2) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        c = val[x0 + i * s0]
                        a = val[x1 + i * s1]
                        b = val[x2 + i * s2]
                        y = val[o + i]
                        d0 = 0.0
                        d1 = (c != 0.0) * 1.0
                        d2 = (c == 0.0) * 1.0
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                        if d2 != 0.0:
                            adj0[x2 + i * s2] += g * d2
                continue
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                y = val[o + i]
                d0 = 0.0
                d1 = (c != 0.0) * 1.0
                d2 = (c == 0.0) * 1.0
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
                        if d2 != 0.0:
                            adj[j, x2 + i * s2] += g * d2
        elif code == 50:  # ChainMulOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj0[o]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    a = val[x0]
                    b = val[x1]
                    y = val[o]
                    d0 = b
                    d1 = a
                    if d0 != 0.0:
                        adj0[x0] += g * d0
                    if d1 != 0.0:
                        adj0[x1] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            if kk == 1:
                for i in range(n):
                    g = adj0[o + i]
                    if g != 0.0:
                        a = val[x0 + i * s0]
                        b = val[x1 + i * s1]
                        y = val[o + i]
                        d0 = b
                        d1 = a
                        if d0 != 0.0:
                            adj0[x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj0[x1 + i * s1] += g * d1
                continue
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b
                d1 = a
                for j in range(kk):
                    g = adj[j, o + i]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[j, x0 + i * s0] += g * d0
                        if d1 != 0.0:
                            adj[j, x1 + i * s1] += g * d1
        elif code == 51:  # SumOp
            p -= 1
            q -= 3
            SumOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 52:  # ProdOp
            p -= 1
            q -= 3
            ProdOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 53:  # MaxOp
            p -= 1
            q -= 3
            MaxOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 54:  # MinOp
            p -= 1
            q -= 3
            MinOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 55:  # CumsumOp
            p -= 1
            q -= 3
            CumsumOp_r(val, adj, o, n, args, p, iargs, q)
        elif code == 56:  # MatMulOp
            p -= 2
            q -= 3
            MatMulOp_r(val, adj, o, n, args, p, iargs, q)


@jit
def tangent(op, flags, out_ptr, args, iargs, val, tan):
    """Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants."""
    p = 0
    q = 0
    kk = tan.shape[0]
    for k in range(op.shape[0]):
        code = op[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if code == 0:  # GatherOp
            GatherOp_t(val, tan, o, n, args, p, iargs, q)
            p += n
        elif code == 1:  # DepOp
            DepOp_t(val, tan, o, n, args, p, iargs, q)
            p += n
        elif code == 2:  # NegOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 3:  # AbsOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.sign(x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 4:  # ExpOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 5:  # Exp2Op
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y * LN2
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 6:  # Expm1Op
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = y + 1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 7:  # LogOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / x
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 8:  # Log2Op
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (x * LN2)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 9:  # Log10Op
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (x * LN10)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 10:  # Log1pOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 + x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 11:  # SqrtOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 0.5 / y
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 12:  # CbrtOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (3.0 * y * y)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 13:  # SquareOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 2.0 * x
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 14:  # ReciprocalOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -(y * y)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 15:  # SinOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.cos(x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 16:  # CosOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -np.sin(x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 17:  # TanOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 + y * y
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 18:  # ArcsinOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / np.sqrt(1.0 - x * x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 19:  # ArccosOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = -1.0 / np.sqrt(1.0 - x * x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 20:  # ArctanOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 + x * x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 21:  # SinhOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.cosh(x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 22:  # CoshOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = np.sinh(x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 23:  # TanhOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 - y * y
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 24:  # ArcsinhOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / np.hypot(x, 1.0)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 25:  # ArccoshOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (np.sqrt(x - 1.0) * np.sqrt(x + 1.0))
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 26:  # ArctanhOp
            x0 = args[p]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                x = val[x0 + i * s0]
                y = val[o + i]
                d0 = 1.0 / (1.0 - x * x)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[j, o + i] = t
            p += 1
        elif code == 27:  # SignOp
            tan[:, o:o + n] = 0.0
            p += 1
        elif code == 28:  # AddOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0
                d1 = 1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 29:  # SubOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0
                d1 = -1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 30:  # MulOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b
                d1 = a
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 31:  # DivOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = 1.0 / b
                d1 = -y / b
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 32:  # PowOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b * a ** (b - 1.0)
                d1 = select(y == 0.0, 0.0, y * np.log(a))
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 33:  # Arctan2Op
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b / (a * a + b * b)
                d1 = -a / (a * a + b * b)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 34:  # HypotOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(y == 0.0, 0.0, a / y)
                d1 = select(y == 0.0, 0.0, b / y)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 35:  # MaximumOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = (a >= b) * 1.0
                d1 = (a < b) * 1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 36:  # MinimumOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = (a <= b) * 1.0
                d1 = (a > b) * 1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 37:  # FmaxOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(b != b, 1.0, (a >= b) * 1.0)
                d1 = select(b != b, 0.0, (a < b) * 1.0)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 38:  # FminOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = select(b != b, 1.0, (a <= b) * 1.0)
                d1 = select(b != b, 0.0, (a > b) * 1.0)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 39:  # LogaddexpOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = np.exp(a - y)
                d1 = np.exp(b - y)
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 40:  # LtOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 41:  # LeOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 42:  # GtOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 43:  # GeOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 44:  # EqOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 45:  # NeOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 46:  # AndOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 47:  # OrOp
            tan[:, o:o + n] = 0.0
            p += 2
        elif code == 48:  # NotOp
            tan[:, o:o + n] = 0.0
            p += 1
        elif code == 49:  # SelectOp
            x0 = args[p]
            x1 = args[p + 1]
            x2 = args[p + 2]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            s2 = 1 - ((f >> 2) & 1)
            for i in range(n):
                c = val[x0 + i * s0]
                a = val[x1 + i * s1]
                b = val[x2 + i * s2]
                y = val[o + i]
                d0 = 0.0
                d1 = (c != 0.0) * 1.0
                d2 = (c == 0.0) * 1.0
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    u = tan[j, x2 + i * s2]
                    if u != 0.0 and d2 != 0.0:
                        t += d2 * u
                    tan[j, o + i] = t
            p += 3
        elif code == 50:  # ChainMulOp
            x0 = args[p]
            x1 = args[p + 1]
            f = flags[k]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a = val[x0 + i * s0]
                b = val[x1 + i * s1]
                y = val[o + i]
                d0 = b
                d1 = a
                for j in range(kk):
                    t = 0.0
                    u = tan[j, x0 + i * s0]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[j, x1 + i * s1]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[j, o + i] = t
            p += 2
        elif code == 51:  # SumOp
            SumOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 52:  # ProdOp
            ProdOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 53:  # MaxOp
            MaxOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 54:  # MinOp
            MinOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 55:  # CumsumOp
            CumsumOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif code == 56:  # MatMulOp
            MatMulOp_t(val, tan, o, n, args, p, iargs, q)
            p += 2
            q += 3
