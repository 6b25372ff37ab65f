"""Generate ``sweeps.py``, the three tape interpreters, from the op table.

The op table (numtape/ops) is the single source of truth; this script turns it into one
dispatch loop per sweep, so adding an op touches one place.  The generated file is checked in
(Numba's on-disk cache needs a real source file) and a test asserts it is current.

Run ``python -m numtape.kernels._generate`` after changing any op.
"""
import hashlib
import pathlib

from numtape.ops import BLOCK, OPS, PER_ELEMENT

HERE = pathlib.Path(__file__).parent
TARGET = HERE / "sweeps.py"


def table_hash():
    """Hash of the op-table sources and this generator (stale kernels are detected by tests)."""
    h = hashlib.sha256()
    for path in sorted((HERE.parent / "ops").glob("*.py")) + [pathlib.Path(__file__)]:
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _plus(j):
    return f" + {j}" if j else ""


def _strides(arity, ind):
    lines = [f"x{j} = args[p{_plus(j)}]" for j in range(arity)]
    lines += [f"s{j} = 1 - ((f >> {j}) & 1)" for j in range(arity)]
    return [ind + s for s in lines]


def _operands(arity):
    return ", ".join(f"val[x{j} + i * s{j}]" for j in range(arity))


def _load(arity, ind):
    lines = [f"a{j} = val[x{j} + i * s{j}]" for j in range(arity)] + ["y = val[o + i]"]
    return [ind + s for s in lines]


def _partials(spec, ind):
    a = ", ".join(f"a{j}" for j in range(spec.arity))
    return [f"{ind}d{j} = {spec.name}_d{j}({a}, y)" for j in range(spec.arity)]


def _forward(spec):
    i4, i5 = " " * 12, " " * 16
    if spec.kind == BLOCK:
        step = "n" if spec.arity == PER_ELEMENT else str(spec.arity)
        out = [f"{i4}{spec.name}_f(val, o, n, args, p, iargs, q)", f"{i4}p += {step}"]
        return out + ([f"{i4}q += {spec.nparams}"] if spec.nparams else [])
    scalar = ", ".join(f"val[args[p{_plus(j)}]]" for j in range(spec.arity))
    return ([f"{i4}if n == 1:", f"{i5}val[o] = {spec.name}_v({scalar})", f"{i4}else:"]
            + _strides(spec.arity, i5)
            + [f"{i5}for i in range(n):",
               f"{i5}    val[o + i] = {spec.name}_v({_operands(spec.arity)})",
               f"{i4}p += {spec.arity}"])


def _reverse(spec):
    i4, i5, i6, i7, i8 = (" " * w for w in (12, 16, 20, 24, 28))
    if spec.kind == BLOCK:
        step = "n" if spec.arity == PER_ELEMENT else str(spec.arity)
        out = [f"{i4}p -= {step}"] + ([f"{i4}q -= {spec.nparams}"] if spec.nparams else [])
        return out + [f"{i4}{spec.name}_r(val, adj, o, n, args, p, iargs, q)"]
    out = [f"{i4}p -= {spec.arity}"]
    if spec.zero_derivative:
        return out
    # the scalar, single-direction case is most of a Python-loop tape: no loops, and no
    # partials computed when the adjoint is zero
    xs = [f"val[x{j}]" for j in range(spec.arity)]
    out += [f"{i4}if n == 1 and kk == 1:", f"{i5}g = adj[o, 0]", f"{i5}if g != 0.0:"]
    out += [f"{i6}x{j} = args[p{_plus(j)}]" for j in range(spec.arity)]
    out += [f"{i6}d{j} = {spec.name}_d{j}({', '.join(xs)}, val[o])" for j in range(spec.arity)]
    for j in range(spec.arity):
        out += [f"{i6}if d{j} != 0.0:", f"{i7}adj[x{j}, 0] += g * d{j}"]
    out += [f"{i4}    continue"]
    out += _strides(spec.arity, i4) + [f"{i4}for i in range(n):"]
    out += _load(spec.arity, i5) + _partials(spec, i5)
    out += [f"{i5}for j in range(kk):", f"{i6}g = adj[o + i, j]", f"{i6}if g != 0.0:"]
    for j in range(spec.arity):
        out += [f"{i7}if d{j} != 0.0:", f"{i8}adj[x{j} + i * s{j}, j] += g * d{j}"]
    return out


def _tangent(spec):
    i4, i5, i6, i7 = (" " * w for w in (12, 16, 20, 24))
    if spec.kind == BLOCK:
        step = "n" if spec.arity == PER_ELEMENT else str(spec.arity)
        out = [f"{i4}{spec.name}_t(val, tan, o, n, args, p, iargs, q)", f"{i4}p += {step}"]
        return out + ([f"{i4}q += {spec.nparams}"] if spec.nparams else [])
    if spec.zero_derivative:
        return [f"{i4}tan[o:o + n, :] = 0.0", f"{i4}p += {spec.arity}"]
    out = _strides(spec.arity, i4) + [f"{i4}for i in range(n):"]
    out += _load(spec.arity, i5) + _partials(spec, i5)
    out += [f"{i5}for j in range(kk):", f"{i6}t = 0.0"]
    for j in range(spec.arity):
        out += [f"{i6}u = tan[x{j} + i * s{j}, j]",
                f"{i6}if u != 0.0 and d{j} != 0.0:", f"{i7}t += d{j} * u"]
    return out + [f"{i6}tan[o + i, j] = t", f"{i4}p += {spec.arity}"]


def _dispatch(body):
    out = []
    for spec in OPS:
        kw = "if" if not out else "elif"
        out.append(f"        {kw} c == {spec.code}:  # {spec.name}")
        out += body(spec)
    return out


HEADER = '''"""GENERATED from the op table by numtape/kernels/_generate.py -- do not edit by hand.

The three tape interpreters.  Arrays: ``op`` int32 opcodes, ``flags`` uint8 (bit j set: operand
j of an elementwise op is one scalar broadcast over the block), ``out_ptr`` int64 (op k writes
``val[out_ptr[k]:out_ptr[k+1]]``), ``args`` int64 operand offsets and ``iargs`` int64 integer
parameters, both consumed in op order (a running cursor: ``p`` for args, ``q`` for iargs).
``adj``/``tan`` are (arena, k) arrays for k directions at once.
"""
from numtape.kernels._jit import jit
from numtape.ops import BY_NAME as _T

TABLE_HASH = "{hash}"
OP_NAMES = {names!r}
'''


def render():
    """Return the text of sweeps.py for the current op table."""
    lines = [HEADER.format(hash=table_hash(), names=tuple(s.name for s in OPS))]
    for spec in OPS:
        if spec.kind == BLOCK:
            lines += [f'{spec.name}_{s} = _T["{spec.name}"].{full}'
                      for s, full in (("f", "forward"), ("r", "reverse"), ("t", "tangent"))]
        else:
            lines.append(f'{spec.name}_v = _T["{spec.name}"].jit["value"]')
            lines += [f'{spec.name}_d{j} = _T["{spec.name}"].jit["d{j}"]'
                      for j in range(spec.arity)]
    loop = ["    for k in range({rng}):", "        c = op[k]", "        f = flags[k]",
            "        o = out_ptr[k]", "        n = out_ptr[k + 1] - o"]
    fw = "\n".join(loop).format(rng="op.shape[0]")
    rv = "\n".join(loop).format(rng="op.shape[0] - 1, -1, -1")
    lines += ["", "", "@jit",
              "def forward(op, flags, out_ptr, args, iargs, val):",
              '    """Values: fills val[out_ptr[0]:] from inputs and constants already in place."""',
              "    p = 0", "    q = 0", fw] + _dispatch(_forward)
    lines += ["", "", "@jit",
              "def reverse(op, flags, out_ptr, args, iargs, val, adj):",
              '    """Adjoints: accumulates into adj (seeded at the outputs) from the last op back."""',
              "    p = args.shape[0]", "    q = iargs.shape[0]", "    kk = adj.shape[1]", rv]
    lines += _dispatch(_reverse)
    lines += ["", "", "@jit",
              "def tangent(op, flags, out_ptr, args, iargs, val, tan):",
              '    """Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants."""',
              "    p = 0", "    q = 0", "    kk = tan.shape[1]", fw] + _dispatch(_tangent)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render())
    print(f"wrote {TARGET} ({len(OPS)} ops, table hash {table_hash()})")
