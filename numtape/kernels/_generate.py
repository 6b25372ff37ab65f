"""Generate ``sweeps.py``, the three tape interpreters, from the op table.

The op table (numtape/ops) is the single source of truth; this script turns it into one
dispatch loop per sweep, so adding an op touches one place.  Elementwise formulas are pasted
inline (no call per op, little to compile); block ops call their jitted bodies.  The generated
file is checked in (Numba's on-disk cache needs a real source file) and a test asserts it is
current.

Run ``python -m numtape.kernels._generate`` after changing any op.
"""
import hashlib
import pathlib

from numtape.ops import BLOCK, OPERAND_NAMES, OPS, PER_ELEMENT

HERE = pathlib.Path(__file__).parent
TARGET = HERE / "sweeps.py"
I = [" " * (4 * d) for d in range(10)]  # indentation by depth


def table_hash():
    """Hash of the op-table sources and this generator."""
    h = hashlib.sha256()
    for path in sorted((HERE.parent / "ops").glob("*.py")) + [pathlib.Path(__file__)]:
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _plus(j):
    return f" + {j}" if j else ""


def _load(spec, d, idx):
    """Assign the formula's operand names (and y) from the arena; idx(j) is the address."""
    names = OPERAND_NAMES[spec.arity]
    return [f"{I[d]}{nm} = val[{idx(j)}]" for j, nm in enumerate(names)]


def _partials(spec, d):
    return [f"{I[d]}d{j} = {e}" for j, e in enumerate(spec.partial_exprs)]


def _block_step(spec):
    return "n" if spec.arity == PER_ELEMENT else str(spec.arity)


def _forward(spec):
    if spec.kind == BLOCK:
        out = [f"{I[3]}{spec.name}_f(val, o, n, args, p, iargs, q)",
               f"{I[3]}p += {_block_step(spec)}"]
        return out + ([f"{I[3]}q += {spec.nparams}"] if spec.nparams else [])
    out = [f"{I[3]}if n == 1:"]
    out += _load(spec, 4, lambda j: f"args[p{_plus(j)}]")
    out += [f"{I[4]}val[o] = {spec.value_expr}", f"{I[3]}else:"]
    out += _strides(spec, 4) + [f"{I[4]}for i in range(n):"]
    out += _load(spec, 5, lambda j: f"x{j} + i * s{j}")
    return out + [f"{I[5]}val[o + i] = {spec.value_expr}", f"{I[3]}p += {spec.arity}"]


def _strides(spec, d):
    """Operand offsets x_j and strides s_j (0 for a scalar broadcast over the block)."""
    out = [f"{I[d]}x{j} = args[p{_plus(j)}]" for j in range(spec.arity)]
    out += [f"{I[d]}f = flags[k]"]
    return out + [f"{I[d]}s{j} = 1 - ((f >> {j}) & 1)" for j in range(spec.arity)]


def _accumulate(spec, d, adj, at):
    out = []
    for j in range(spec.arity):
        out += [f"{I[d]}if d{j} != 0.0:", f"{I[d + 1]}{adj}[{at(j)}] += g * d{j}"]
    return out


def _reverse(spec):
    if spec.kind == BLOCK:
        out = [f"{I[3]}p -= {_block_step(spec)}"]
        out += [f"{I[3]}q -= {spec.nparams}"] if spec.nparams else []
        return out + [f"{I[3]}{spec.name}_r(val, adj, o, n, args, p, iargs, q)"]
    out = [f"{I[3]}p -= {spec.arity}"]
    if spec.zero_derivative:
        return out
    # one direction (k = 1) is the gradient case: partials only where the adjoint is non-zero;
    # n = 1 (a Python-loop tape) also skips the loop and the broadcast strides
    out += [f"{I[3]}if n == 1 and kk == 1:", f"{I[4]}g = adj0[o]", f"{I[4]}if g != 0.0:"]
    out += [f"{I[5]}x{j} = args[p{_plus(j)}]" for j in range(spec.arity)]
    out += _load(spec, 5, lambda j: f"x{j}") + [f"{I[5]}y = val[o]"] + _partials(spec, 5)
    out += _accumulate(spec, 5, "adj0", lambda j: f"x{j}") + [f"{I[4]}continue"]
    out += _strides(spec, 3)
    out += [f"{I[3]}if kk == 1:", f"{I[4]}for i in range(n):", f"{I[5]}g = adj0[o + i]",
            f"{I[5]}if g != 0.0:"]
    out += _load(spec, 6, lambda j: f"x{j} + i * s{j}") + [f"{I[6]}y = val[o + i]"]
    out += _partials(spec, 6) + _accumulate(spec, 6, "adj0", lambda j: f"x{j} + i * s{j}")
    out += [f"{I[4]}continue", f"{I[3]}for i in range(n):"]
    out += _load(spec, 4, lambda j: f"x{j} + i * s{j}") + [f"{I[4]}y = val[o + i]"]
    out += _partials(spec, 4)
    out += [f"{I[4]}for j in range(kk):", f"{I[5]}g = adj[j, o + i]", f"{I[5]}if g != 0.0:"]
    return out + _accumulate(spec, 6, "adj", lambda j: f"j, x{j} + i * s{j}")


def _tangent(spec):
    if spec.kind == BLOCK:
        out = [f"{I[3]}{spec.name}_t(val, tan, o, n, args, p, iargs, q)",
               f"{I[3]}p += {_block_step(spec)}"]
        return out + ([f"{I[3]}q += {spec.nparams}"] if spec.nparams else [])
    if spec.zero_derivative:
        return [f"{I[3]}tan[:, o:o + n] = 0.0", f"{I[3]}p += {spec.arity}"]
    out = _strides(spec, 3) + [f"{I[3]}for i in range(n):"]
    out += _load(spec, 4, lambda j: f"x{j} + i * s{j}") + [f"{I[4]}y = val[o + i]"]
    out += _partials(spec, 4) + [f"{I[4]}for j in range(kk):", f"{I[5]}t = 0.0"]
    for j in range(spec.arity):
        out += [f"{I[5]}u = tan[j, x{j} + i * s{j}]",
                f"{I[5]}if u != 0.0 and d{j} != 0.0:", f"{I[6]}t += d{j} * u"]
    return out + [f"{I[5]}tan[j, o + i] = t", f"{I[3]}p += {spec.arity}"]


def _dispatch(body):
    out = []
    for spec in OPS:
        kw = "if" if not out else "elif"
        out.append(f"{I[2]}{kw} code == {spec.code}:  # {spec.name}")
        out += body(spec)
    return out


HEADER = '''"""GENERATED from the op table by numtape/kernels/_generate.py -- do not edit by hand.

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

TABLE_HASH = "{hash}"
OP_NAMES = {names!r}
'''

LOOP = [f"{I[1]}for k in range({{rng}}):", f"{I[2]}code = op[k]", f"{I[2]}o = out_ptr[k]",
        f"{I[2]}n = out_ptr[k + 1] - o"]


def _kernel(name, signature, doc, prologue, rng, body):
    return (["", "", "@jit", f"def {name}({signature}):", f'{I[1]}"""{doc}"""']
            + [I[1] + s for s in prologue] + [s.format(rng=rng) for s in LOOP]
            + _dispatch(body))


def render():
    """Return the text of sweeps.py for the current op table."""
    lines = [HEADER.format(hash=table_hash(), names=tuple(s.name for s in OPS))]
    for spec in OPS:
        if spec.kind == BLOCK:
            lines += [f'{spec.name}_{s} = _T["{spec.name}"].{full}'
                      for s, full in (("f", "forward"), ("r", "reverse"), ("t", "tangent"))]
    fw, rv = "op.shape[0]", "op.shape[0] - 1, -1, -1"
    lines += _kernel("forward", "op, flags, out_ptr, args, iargs, val",
                     "Values: fills val[out_ptr[0]:] from inputs and constants in place.",
                     ["p = 0", "q = 0"], fw, _forward)
    lines += _kernel("reverse", "op, flags, out_ptr, args, iargs, val, adj",
                     "Adjoints: accumulates into adj (seeded at the outputs), last op first.",
                     ["p = args.shape[0]", "q = iargs.shape[0]", "kk = adj.shape[0]",
                      "adj0 = adj[0]"], rv, _reverse)
    lines += _kernel("tangent", "op, flags, out_ptr, args, iargs, val, tan",
                     "Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants.",
                     ["p = 0", "q = 0", "kk = tan.shape[0]"], fw, _tangent)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render())
    print(f"wrote {TARGET} ({len(OPS)} ops, table hash {table_hash()})")
