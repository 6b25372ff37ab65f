"""GENERATED from the op table by numtape/kernels/_generate.py -- do not edit by hand.

The three tape interpreters.  Arrays: ``op`` int32 opcodes, ``flags`` uint8 (bit j set: operand
j of an elementwise op is one scalar broadcast over the block), ``out_ptr`` int64 (op k writes
``val[out_ptr[k]:out_ptr[k+1]]``), ``args`` int64 operand offsets and ``iargs`` int64 integer
parameters, both consumed in op order (a running cursor: ``p`` for args, ``q`` for iargs).
``adj``/``tan`` are (arena, k) arrays for k directions at once.
"""
from numtape.kernels._jit import jit
from numtape.ops import BY_NAME as _T

TABLE_HASH = "a00721231761b4c4"
OP_NAMES = ('GatherOp', 'DepOp', 'NegOp', 'AbsOp', 'ExpOp', 'Exp2Op', 'Expm1Op', 'LogOp', 'Log2Op', 'Log10Op', 'Log1pOp', 'SqrtOp', 'CbrtOp', 'SquareOp', 'ReciprocalOp', 'SinOp', 'CosOp', 'TanOp', 'ArcsinOp', 'ArccosOp', 'ArctanOp', 'SinhOp', 'CoshOp', 'TanhOp', 'ArcsinhOp', 'ArccoshOp', 'ArctanhOp', 'SignOp', 'AddOp', 'SubOp', 'MulOp', 'DivOp', 'PowOp', 'Arctan2Op', 'HypotOp', 'MaximumOp', 'MinimumOp', 'FmaxOp', 'FminOp', 'LogaddexpOp', 'LtOp', 'LeOp', 'GtOp', 'GeOp', 'EqOp', 'NeOp', 'AndOp', 'OrOp', 'NotOp', 'SelectOp', 'ChainMulOp', 'SumOp', 'ProdOp', 'MaxOp', 'MinOp', 'CumsumOp', 'MatMulOp')

GatherOp_f = _T["GatherOp"].forward
GatherOp_r = _T["GatherOp"].reverse
GatherOp_t = _T["GatherOp"].tangent
DepOp_f = _T["DepOp"].forward
DepOp_r = _T["DepOp"].reverse
DepOp_t = _T["DepOp"].tangent
NegOp_v = _T["NegOp"].jit["value"]
NegOp_d0 = _T["NegOp"].jit["d0"]
AbsOp_v = _T["AbsOp"].jit["value"]
AbsOp_d0 = _T["AbsOp"].jit["d0"]
ExpOp_v = _T["ExpOp"].jit["value"]
ExpOp_d0 = _T["ExpOp"].jit["d0"]
Exp2Op_v = _T["Exp2Op"].jit["value"]
Exp2Op_d0 = _T["Exp2Op"].jit["d0"]
Expm1Op_v = _T["Expm1Op"].jit["value"]
Expm1Op_d0 = _T["Expm1Op"].jit["d0"]
LogOp_v = _T["LogOp"].jit["value"]
LogOp_d0 = _T["LogOp"].jit["d0"]
Log2Op_v = _T["Log2Op"].jit["value"]
Log2Op_d0 = _T["Log2Op"].jit["d0"]
Log10Op_v = _T["Log10Op"].jit["value"]
Log10Op_d0 = _T["Log10Op"].jit["d0"]
Log1pOp_v = _T["Log1pOp"].jit["value"]
Log1pOp_d0 = _T["Log1pOp"].jit["d0"]
SqrtOp_v = _T["SqrtOp"].jit["value"]
SqrtOp_d0 = _T["SqrtOp"].jit["d0"]
CbrtOp_v = _T["CbrtOp"].jit["value"]
CbrtOp_d0 = _T["CbrtOp"].jit["d0"]
SquareOp_v = _T["SquareOp"].jit["value"]
SquareOp_d0 = _T["SquareOp"].jit["d0"]
ReciprocalOp_v = _T["ReciprocalOp"].jit["value"]
ReciprocalOp_d0 = _T["ReciprocalOp"].jit["d0"]
SinOp_v = _T["SinOp"].jit["value"]
SinOp_d0 = _T["SinOp"].jit["d0"]
CosOp_v = _T["CosOp"].jit["value"]
CosOp_d0 = _T["CosOp"].jit["d0"]
TanOp_v = _T["TanOp"].jit["value"]
TanOp_d0 = _T["TanOp"].jit["d0"]
ArcsinOp_v = _T["ArcsinOp"].jit["value"]
ArcsinOp_d0 = _T["ArcsinOp"].jit["d0"]
ArccosOp_v = _T["ArccosOp"].jit["value"]
ArccosOp_d0 = _T["ArccosOp"].jit["d0"]
ArctanOp_v = _T["ArctanOp"].jit["value"]
ArctanOp_d0 = _T["ArctanOp"].jit["d0"]
SinhOp_v = _T["SinhOp"].jit["value"]
SinhOp_d0 = _T["SinhOp"].jit["d0"]
CoshOp_v = _T["CoshOp"].jit["value"]
CoshOp_d0 = _T["CoshOp"].jit["d0"]
TanhOp_v = _T["TanhOp"].jit["value"]
TanhOp_d0 = _T["TanhOp"].jit["d0"]
ArcsinhOp_v = _T["ArcsinhOp"].jit["value"]
ArcsinhOp_d0 = _T["ArcsinhOp"].jit["d0"]
ArccoshOp_v = _T["ArccoshOp"].jit["value"]
ArccoshOp_d0 = _T["ArccoshOp"].jit["d0"]
ArctanhOp_v = _T["ArctanhOp"].jit["value"]
ArctanhOp_d0 = _T["ArctanhOp"].jit["d0"]
SignOp_v = _T["SignOp"].jit["value"]
SignOp_d0 = _T["SignOp"].jit["d0"]
AddOp_v = _T["AddOp"].jit["value"]
AddOp_d0 = _T["AddOp"].jit["d0"]
AddOp_d1 = _T["AddOp"].jit["d1"]
SubOp_v = _T["SubOp"].jit["value"]
SubOp_d0 = _T["SubOp"].jit["d0"]
SubOp_d1 = _T["SubOp"].jit["d1"]
MulOp_v = _T["MulOp"].jit["value"]
MulOp_d0 = _T["MulOp"].jit["d0"]
MulOp_d1 = _T["MulOp"].jit["d1"]
DivOp_v = _T["DivOp"].jit["value"]
DivOp_d0 = _T["DivOp"].jit["d0"]
DivOp_d1 = _T["DivOp"].jit["d1"]
PowOp_v = _T["PowOp"].jit["value"]
PowOp_d0 = _T["PowOp"].jit["d0"]
PowOp_d1 = _T["PowOp"].jit["d1"]
Arctan2Op_v = _T["Arctan2Op"].jit["value"]
Arctan2Op_d0 = _T["Arctan2Op"].jit["d0"]
Arctan2Op_d1 = _T["Arctan2Op"].jit["d1"]
HypotOp_v = _T["HypotOp"].jit["value"]
HypotOp_d0 = _T["HypotOp"].jit["d0"]
HypotOp_d1 = _T["HypotOp"].jit["d1"]
MaximumOp_v = _T["MaximumOp"].jit["value"]
MaximumOp_d0 = _T["MaximumOp"].jit["d0"]
MaximumOp_d1 = _T["MaximumOp"].jit["d1"]
MinimumOp_v = _T["MinimumOp"].jit["value"]
MinimumOp_d0 = _T["MinimumOp"].jit["d0"]
MinimumOp_d1 = _T["MinimumOp"].jit["d1"]
FmaxOp_v = _T["FmaxOp"].jit["value"]
FmaxOp_d0 = _T["FmaxOp"].jit["d0"]
FmaxOp_d1 = _T["FmaxOp"].jit["d1"]
FminOp_v = _T["FminOp"].jit["value"]
FminOp_d0 = _T["FminOp"].jit["d0"]
FminOp_d1 = _T["FminOp"].jit["d1"]
LogaddexpOp_v = _T["LogaddexpOp"].jit["value"]
LogaddexpOp_d0 = _T["LogaddexpOp"].jit["d0"]
LogaddexpOp_d1 = _T["LogaddexpOp"].jit["d1"]
LtOp_v = _T["LtOp"].jit["value"]
LtOp_d0 = _T["LtOp"].jit["d0"]
LtOp_d1 = _T["LtOp"].jit["d1"]
LeOp_v = _T["LeOp"].jit["value"]
LeOp_d0 = _T["LeOp"].jit["d0"]
LeOp_d1 = _T["LeOp"].jit["d1"]
GtOp_v = _T["GtOp"].jit["value"]
GtOp_d0 = _T["GtOp"].jit["d0"]
GtOp_d1 = _T["GtOp"].jit["d1"]
GeOp_v = _T["GeOp"].jit["value"]
GeOp_d0 = _T["GeOp"].jit["d0"]
GeOp_d1 = _T["GeOp"].jit["d1"]
EqOp_v = _T["EqOp"].jit["value"]
EqOp_d0 = _T["EqOp"].jit["d0"]
EqOp_d1 = _T["EqOp"].jit["d1"]
NeOp_v = _T["NeOp"].jit["value"]
NeOp_d0 = _T["NeOp"].jit["d0"]
NeOp_d1 = _T["NeOp"].jit["d1"]
AndOp_v = _T["AndOp"].jit["value"]
AndOp_d0 = _T["AndOp"].jit["d0"]
AndOp_d1 = _T["AndOp"].jit["d1"]
OrOp_v = _T["OrOp"].jit["value"]
OrOp_d0 = _T["OrOp"].jit["d0"]
OrOp_d1 = _T["OrOp"].jit["d1"]
NotOp_v = _T["NotOp"].jit["value"]
NotOp_d0 = _T["NotOp"].jit["d0"]
SelectOp_v = _T["SelectOp"].jit["value"]
SelectOp_d0 = _T["SelectOp"].jit["d0"]
SelectOp_d1 = _T["SelectOp"].jit["d1"]
SelectOp_d2 = _T["SelectOp"].jit["d2"]
ChainMulOp_v = _T["ChainMulOp"].jit["value"]
ChainMulOp_d0 = _T["ChainMulOp"].jit["d0"]
ChainMulOp_d1 = _T["ChainMulOp"].jit["d1"]
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
    """Values: fills val[out_ptr[0]:] from inputs and constants already in place."""
    p = 0
    q = 0
    for k in range(op.shape[0]):
        c = op[k]
        f = flags[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if c == 0:  # GatherOp
            GatherOp_f(val, o, n, args, p, iargs, q)
            p += n
        elif c == 1:  # DepOp
            DepOp_f(val, o, n, args, p, iargs, q)
            p += n
        elif c == 2:  # NegOp
            if n == 1:
                val[o] = NegOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = NegOp_v(val[x0 + i * s0])
            p += 1
        elif c == 3:  # AbsOp
            if n == 1:
                val[o] = AbsOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = AbsOp_v(val[x0 + i * s0])
            p += 1
        elif c == 4:  # ExpOp
            if n == 1:
                val[o] = ExpOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ExpOp_v(val[x0 + i * s0])
            p += 1
        elif c == 5:  # Exp2Op
            if n == 1:
                val[o] = Exp2Op_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = Exp2Op_v(val[x0 + i * s0])
            p += 1
        elif c == 6:  # Expm1Op
            if n == 1:
                val[o] = Expm1Op_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = Expm1Op_v(val[x0 + i * s0])
            p += 1
        elif c == 7:  # LogOp
            if n == 1:
                val[o] = LogOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = LogOp_v(val[x0 + i * s0])
            p += 1
        elif c == 8:  # Log2Op
            if n == 1:
                val[o] = Log2Op_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = Log2Op_v(val[x0 + i * s0])
            p += 1
        elif c == 9:  # Log10Op
            if n == 1:
                val[o] = Log10Op_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = Log10Op_v(val[x0 + i * s0])
            p += 1
        elif c == 10:  # Log1pOp
            if n == 1:
                val[o] = Log1pOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = Log1pOp_v(val[x0 + i * s0])
            p += 1
        elif c == 11:  # SqrtOp
            if n == 1:
                val[o] = SqrtOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = SqrtOp_v(val[x0 + i * s0])
            p += 1
        elif c == 12:  # CbrtOp
            if n == 1:
                val[o] = CbrtOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = CbrtOp_v(val[x0 + i * s0])
            p += 1
        elif c == 13:  # SquareOp
            if n == 1:
                val[o] = SquareOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = SquareOp_v(val[x0 + i * s0])
            p += 1
        elif c == 14:  # ReciprocalOp
            if n == 1:
                val[o] = ReciprocalOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ReciprocalOp_v(val[x0 + i * s0])
            p += 1
        elif c == 15:  # SinOp
            if n == 1:
                val[o] = SinOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = SinOp_v(val[x0 + i * s0])
            p += 1
        elif c == 16:  # CosOp
            if n == 1:
                val[o] = CosOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = CosOp_v(val[x0 + i * s0])
            p += 1
        elif c == 17:  # TanOp
            if n == 1:
                val[o] = TanOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = TanOp_v(val[x0 + i * s0])
            p += 1
        elif c == 18:  # ArcsinOp
            if n == 1:
                val[o] = ArcsinOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArcsinOp_v(val[x0 + i * s0])
            p += 1
        elif c == 19:  # ArccosOp
            if n == 1:
                val[o] = ArccosOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArccosOp_v(val[x0 + i * s0])
            p += 1
        elif c == 20:  # ArctanOp
            if n == 1:
                val[o] = ArctanOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArctanOp_v(val[x0 + i * s0])
            p += 1
        elif c == 21:  # SinhOp
            if n == 1:
                val[o] = SinhOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = SinhOp_v(val[x0 + i * s0])
            p += 1
        elif c == 22:  # CoshOp
            if n == 1:
                val[o] = CoshOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = CoshOp_v(val[x0 + i * s0])
            p += 1
        elif c == 23:  # TanhOp
            if n == 1:
                val[o] = TanhOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = TanhOp_v(val[x0 + i * s0])
            p += 1
        elif c == 24:  # ArcsinhOp
            if n == 1:
                val[o] = ArcsinhOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArcsinhOp_v(val[x0 + i * s0])
            p += 1
        elif c == 25:  # ArccoshOp
            if n == 1:
                val[o] = ArccoshOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArccoshOp_v(val[x0 + i * s0])
            p += 1
        elif c == 26:  # ArctanhOp
            if n == 1:
                val[o] = ArctanhOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = ArctanhOp_v(val[x0 + i * s0])
            p += 1
        elif c == 27:  # SignOp
            if n == 1:
                val[o] = SignOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = SignOp_v(val[x0 + i * s0])
            p += 1
        elif c == 28:  # AddOp
            if n == 1:
                val[o] = AddOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = AddOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 29:  # SubOp
            if n == 1:
                val[o] = SubOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = SubOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 30:  # MulOp
            if n == 1:
                val[o] = MulOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = MulOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 31:  # DivOp
            if n == 1:
                val[o] = DivOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = DivOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 32:  # PowOp
            if n == 1:
                val[o] = PowOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = PowOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 33:  # Arctan2Op
            if n == 1:
                val[o] = Arctan2Op_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = Arctan2Op_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 34:  # HypotOp
            if n == 1:
                val[o] = HypotOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = HypotOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 35:  # MaximumOp
            if n == 1:
                val[o] = MaximumOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = MaximumOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 36:  # MinimumOp
            if n == 1:
                val[o] = MinimumOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = MinimumOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 37:  # FmaxOp
            if n == 1:
                val[o] = FmaxOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = FmaxOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 38:  # FminOp
            if n == 1:
                val[o] = FminOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = FminOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 39:  # LogaddexpOp
            if n == 1:
                val[o] = LogaddexpOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = LogaddexpOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 40:  # LtOp
            if n == 1:
                val[o] = LtOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = LtOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 41:  # LeOp
            if n == 1:
                val[o] = LeOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = LeOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 42:  # GtOp
            if n == 1:
                val[o] = GtOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = GtOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 43:  # GeOp
            if n == 1:
                val[o] = GeOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = GeOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 44:  # EqOp
            if n == 1:
                val[o] = EqOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = EqOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 45:  # NeOp
            if n == 1:
                val[o] = NeOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = NeOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 46:  # AndOp
            if n == 1:
                val[o] = AndOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = AndOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 47:  # OrOp
            if n == 1:
                val[o] = OrOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = OrOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 48:  # NotOp
            if n == 1:
                val[o] = NotOp_v(val[args[p]])
            else:
                x0 = args[p]
                s0 = 1 - ((f >> 0) & 1)
                for i in range(n):
                    val[o + i] = NotOp_v(val[x0 + i * s0])
            p += 1
        elif c == 49:  # SelectOp
            if n == 1:
                val[o] = SelectOp_v(val[args[p]], val[args[p + 1]], val[args[p + 2]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                x2 = args[p + 2]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                s2 = 1 - ((f >> 2) & 1)
                for i in range(n):
                    val[o + i] = SelectOp_v(val[x0 + i * s0], val[x1 + i * s1], val[x2 + i * s2])
            p += 3
        elif c == 50:  # ChainMulOp
            if n == 1:
                val[o] = ChainMulOp_v(val[args[p]], val[args[p + 1]])
            else:
                x0 = args[p]
                x1 = args[p + 1]
                s0 = 1 - ((f >> 0) & 1)
                s1 = 1 - ((f >> 1) & 1)
                for i in range(n):
                    val[o + i] = ChainMulOp_v(val[x0 + i * s0], val[x1 + i * s1])
            p += 2
        elif c == 51:  # SumOp
            SumOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 52:  # ProdOp
            ProdOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 53:  # MaxOp
            MaxOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 54:  # MinOp
            MinOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 55:  # CumsumOp
            CumsumOp_f(val, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 56:  # MatMulOp
            MatMulOp_f(val, o, n, args, p, iargs, q)
            p += 2
            q += 3


@jit
def reverse(op, flags, out_ptr, args, iargs, val, adj):
    """Adjoints: accumulates into adj (seeded at the outputs) from the last op back."""
    p = args.shape[0]
    q = iargs.shape[0]
    kk = adj.shape[1]
    for k in range(op.shape[0] - 1, -1, -1):
        c = op[k]
        f = flags[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if c == 0:  # GatherOp
            p -= n
            GatherOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 1:  # DepOp
            p -= n
            DepOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 2:  # NegOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = NegOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = NegOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 3:  # AbsOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = AbsOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = AbsOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 4:  # ExpOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ExpOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ExpOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 5:  # Exp2Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = Exp2Op_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Exp2Op_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 6:  # Expm1Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = Expm1Op_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Expm1Op_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 7:  # LogOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = LogOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = LogOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 8:  # Log2Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = Log2Op_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log2Op_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 9:  # Log10Op
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = Log10Op_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log10Op_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 10:  # Log1pOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = Log1pOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log1pOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 11:  # SqrtOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = SqrtOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SqrtOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 12:  # CbrtOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = CbrtOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CbrtOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 13:  # SquareOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = SquareOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SquareOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 14:  # ReciprocalOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ReciprocalOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ReciprocalOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 15:  # SinOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = SinOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SinOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 16:  # CosOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = CosOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CosOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 17:  # TanOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = TanOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = TanOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 18:  # ArcsinOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArcsinOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArcsinOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 19:  # ArccosOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArccosOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArccosOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 20:  # ArctanOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArctanOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArctanOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 21:  # SinhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = SinhOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SinhOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 22:  # CoshOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = CoshOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CoshOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 23:  # TanhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = TanhOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = TanhOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 24:  # ArcsinhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArcsinhOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArcsinhOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 25:  # ArccoshOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArccoshOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArccoshOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 26:  # ArctanhOp
            p -= 1
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    d0 = ArctanhOp_d0(val[x0], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                continue
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArctanhOp_d0(a0, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
        elif c == 27:  # SignOp
            p -= 1
        elif c == 28:  # AddOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = AddOp_d0(val[x0], val[x1], val[o])
                    d1 = AddOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = AddOp_d0(a0, a1, y)
                d1 = AddOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 29:  # SubOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = SubOp_d0(val[x0], val[x1], val[o])
                    d1 = SubOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = SubOp_d0(a0, a1, y)
                d1 = SubOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 30:  # MulOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = MulOp_d0(val[x0], val[x1], val[o])
                    d1 = MulOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MulOp_d0(a0, a1, y)
                d1 = MulOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 31:  # DivOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = DivOp_d0(val[x0], val[x1], val[o])
                    d1 = DivOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = DivOp_d0(a0, a1, y)
                d1 = DivOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 32:  # PowOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = PowOp_d0(val[x0], val[x1], val[o])
                    d1 = PowOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = PowOp_d0(a0, a1, y)
                d1 = PowOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 33:  # Arctan2Op
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = Arctan2Op_d0(val[x0], val[x1], val[o])
                    d1 = Arctan2Op_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = Arctan2Op_d0(a0, a1, y)
                d1 = Arctan2Op_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 34:  # HypotOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = HypotOp_d0(val[x0], val[x1], val[o])
                    d1 = HypotOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = HypotOp_d0(a0, a1, y)
                d1 = HypotOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 35:  # MaximumOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = MaximumOp_d0(val[x0], val[x1], val[o])
                    d1 = MaximumOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MaximumOp_d0(a0, a1, y)
                d1 = MaximumOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 36:  # MinimumOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = MinimumOp_d0(val[x0], val[x1], val[o])
                    d1 = MinimumOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MinimumOp_d0(a0, a1, y)
                d1 = MinimumOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 37:  # FmaxOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = FmaxOp_d0(val[x0], val[x1], val[o])
                    d1 = FmaxOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = FmaxOp_d0(a0, a1, y)
                d1 = FmaxOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 38:  # FminOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = FminOp_d0(val[x0], val[x1], val[o])
                    d1 = FminOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = FminOp_d0(a0, a1, y)
                d1 = FminOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 39:  # LogaddexpOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = LogaddexpOp_d0(val[x0], val[x1], val[o])
                    d1 = LogaddexpOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = LogaddexpOp_d0(a0, a1, y)
                d1 = LogaddexpOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 40:  # LtOp
            p -= 2
        elif c == 41:  # LeOp
            p -= 2
        elif c == 42:  # GtOp
            p -= 2
        elif c == 43:  # GeOp
            p -= 2
        elif c == 44:  # EqOp
            p -= 2
        elif c == 45:  # NeOp
            p -= 2
        elif c == 46:  # AndOp
            p -= 2
        elif c == 47:  # OrOp
            p -= 2
        elif c == 48:  # NotOp
            p -= 1
        elif c == 49:  # SelectOp
            p -= 3
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    x2 = args[p + 2]
                    d0 = SelectOp_d0(val[x0], val[x1], val[x2], val[o])
                    d1 = SelectOp_d1(val[x0], val[x1], val[x2], val[o])
                    d2 = SelectOp_d2(val[x0], val[x1], val[x2], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                    if d2 != 0.0:
                        adj[x2, 0] += g * d2
                continue
            x0 = args[p]
            x1 = args[p + 1]
            x2 = args[p + 2]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            s2 = 1 - ((f >> 2) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                a2 = val[x2 + i * s2]
                y = val[o + i]
                d0 = SelectOp_d0(a0, a1, a2, y)
                d1 = SelectOp_d1(a0, a1, a2, y)
                d2 = SelectOp_d2(a0, a1, a2, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
                        if d2 != 0.0:
                            adj[x2 + i * s2, j] += g * d2
        elif c == 50:  # ChainMulOp
            p -= 2
            if n == 1 and kk == 1:
                g = adj[o, 0]
                if g != 0.0:
                    x0 = args[p]
                    x1 = args[p + 1]
                    d0 = ChainMulOp_d0(val[x0], val[x1], val[o])
                    d1 = ChainMulOp_d1(val[x0], val[x1], val[o])
                    if d0 != 0.0:
                        adj[x0, 0] += g * d0
                    if d1 != 0.0:
                        adj[x1, 0] += g * d1
                continue
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = ChainMulOp_d0(a0, a1, y)
                d1 = ChainMulOp_d1(a0, a1, y)
                for j in range(kk):
                    g = adj[o + i, j]
                    if g != 0.0:
                        if d0 != 0.0:
                            adj[x0 + i * s0, j] += g * d0
                        if d1 != 0.0:
                            adj[x1 + i * s1, j] += g * d1
        elif c == 51:  # SumOp
            p -= 1
            q -= 3
            SumOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 52:  # ProdOp
            p -= 1
            q -= 3
            ProdOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 53:  # MaxOp
            p -= 1
            q -= 3
            MaxOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 54:  # MinOp
            p -= 1
            q -= 3
            MinOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 55:  # CumsumOp
            p -= 1
            q -= 3
            CumsumOp_r(val, adj, o, n, args, p, iargs, q)
        elif c == 56:  # MatMulOp
            p -= 2
            q -= 3
            MatMulOp_r(val, adj, o, n, args, p, iargs, q)


@jit
def tangent(op, flags, out_ptr, args, iargs, val, tan):
    """Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants."""
    p = 0
    q = 0
    kk = tan.shape[1]
    for k in range(op.shape[0]):
        c = op[k]
        f = flags[k]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if c == 0:  # GatherOp
            GatherOp_t(val, tan, o, n, args, p, iargs, q)
            p += n
        elif c == 1:  # DepOp
            DepOp_t(val, tan, o, n, args, p, iargs, q)
            p += n
        elif c == 2:  # NegOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = NegOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 3:  # AbsOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = AbsOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 4:  # ExpOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ExpOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 5:  # Exp2Op
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Exp2Op_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 6:  # Expm1Op
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Expm1Op_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 7:  # LogOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = LogOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 8:  # Log2Op
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log2Op_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 9:  # Log10Op
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log10Op_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 10:  # Log1pOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = Log1pOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 11:  # SqrtOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SqrtOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 12:  # CbrtOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CbrtOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 13:  # SquareOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SquareOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 14:  # ReciprocalOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ReciprocalOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 15:  # SinOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SinOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 16:  # CosOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CosOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 17:  # TanOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = TanOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 18:  # ArcsinOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArcsinOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 19:  # ArccosOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArccosOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 20:  # ArctanOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArctanOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 21:  # SinhOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = SinhOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 22:  # CoshOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = CoshOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 23:  # TanhOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = TanhOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 24:  # ArcsinhOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArcsinhOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 25:  # ArccoshOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArccoshOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 26:  # ArctanhOp
            x0 = args[p]
            s0 = 1 - ((f >> 0) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                y = val[o + i]
                d0 = ArctanhOp_d0(a0, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    tan[o + i, j] = t
            p += 1
        elif c == 27:  # SignOp
            tan[o:o + n, :] = 0.0
            p += 1
        elif c == 28:  # AddOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = AddOp_d0(a0, a1, y)
                d1 = AddOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 29:  # SubOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = SubOp_d0(a0, a1, y)
                d1 = SubOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 30:  # MulOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MulOp_d0(a0, a1, y)
                d1 = MulOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 31:  # DivOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = DivOp_d0(a0, a1, y)
                d1 = DivOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 32:  # PowOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = PowOp_d0(a0, a1, y)
                d1 = PowOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 33:  # Arctan2Op
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = Arctan2Op_d0(a0, a1, y)
                d1 = Arctan2Op_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 34:  # HypotOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = HypotOp_d0(a0, a1, y)
                d1 = HypotOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 35:  # MaximumOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MaximumOp_d0(a0, a1, y)
                d1 = MaximumOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 36:  # MinimumOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = MinimumOp_d0(a0, a1, y)
                d1 = MinimumOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 37:  # FmaxOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = FmaxOp_d0(a0, a1, y)
                d1 = FmaxOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 38:  # FminOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = FminOp_d0(a0, a1, y)
                d1 = FminOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 39:  # LogaddexpOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = LogaddexpOp_d0(a0, a1, y)
                d1 = LogaddexpOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 40:  # LtOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 41:  # LeOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 42:  # GtOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 43:  # GeOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 44:  # EqOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 45:  # NeOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 46:  # AndOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 47:  # OrOp
            tan[o:o + n, :] = 0.0
            p += 2
        elif c == 48:  # NotOp
            tan[o:o + n, :] = 0.0
            p += 1
        elif c == 49:  # SelectOp
            x0 = args[p]
            x1 = args[p + 1]
            x2 = args[p + 2]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            s2 = 1 - ((f >> 2) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                a2 = val[x2 + i * s2]
                y = val[o + i]
                d0 = SelectOp_d0(a0, a1, a2, y)
                d1 = SelectOp_d1(a0, a1, a2, y)
                d2 = SelectOp_d2(a0, a1, a2, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    u = tan[x2 + i * s2, j]
                    if u != 0.0 and d2 != 0.0:
                        t += d2 * u
                    tan[o + i, j] = t
            p += 3
        elif c == 50:  # ChainMulOp
            x0 = args[p]
            x1 = args[p + 1]
            s0 = 1 - ((f >> 0) & 1)
            s1 = 1 - ((f >> 1) & 1)
            for i in range(n):
                a0 = val[x0 + i * s0]
                a1 = val[x1 + i * s1]
                y = val[o + i]
                d0 = ChainMulOp_d0(a0, a1, y)
                d1 = ChainMulOp_d1(a0, a1, y)
                for j in range(kk):
                    t = 0.0
                    u = tan[x0 + i * s0, j]
                    if u != 0.0 and d0 != 0.0:
                        t += d0 * u
                    u = tan[x1 + i * s1, j]
                    if u != 0.0 and d1 != 0.0:
                        t += d1 * u
                    tan[o + i, j] = t
            p += 2
        elif c == 51:  # SumOp
            SumOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 52:  # ProdOp
            ProdOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 53:  # MaxOp
            MaxOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 54:  # MinOp
            MinOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 55:  # CumsumOp
            CumsumOp_t(val, tan, o, n, args, p, iargs, q)
            p += 1
            q += 3
        elif c == 56:  # MatMulOp
            MatMulOp_t(val, tan, o, n, args, p, iargs, q)
            p += 2
            q += 3
