"""Generate ``generated.py``, the three tape interpreters, from the op table.

The op table (numtape/ops) is the single source of truth; this script turns it into one
dispatch loop per sweep, so adding an op touches one place.  Elementwise formulas are pasted
inline.  The dispatch loops hold only the scalar cases of elementwise ops (the bulk of a
Python-loop tape) so they stay small enough for the compiler to keep their state in registers;
block loops live out of line in one function per sweep and arity (``ew2_reverse`` ...), and
block ops call their jitted bodies.  The generated file is checked in (Numba's on-disk cache
needs a real source file) and a test asserts it is current.

Run ``python -m numtape.sweeps.generate`` after changing any op.
"""
import ast
import functools
import hashlib
import pathlib
import textwrap

from numtape.ops import BLOCK, ELEMENTWISE, OPS, PER_ELEMENT
from numtape.ops.flags import BROADCAST_MASK, const_flag
from numtape.sweeps.emit import (accumulate_if, accumulate_select, check_locals, element_loop,
                                 kernel_expr, load_operands, provenance, ranged, tangent_if,
                                 tangent_select)

HERE = pathlib.Path(__file__).parent
TARGET = HERE / "generated.py"


# modules whose code no generated sweep calls: the host ops (run from Python; the generated
# text's OP_NAMES still changes with their op codes), layouts, the selected inverse, twins
NOT_IN_SWEEPS = {"ops/layout.py", "ops/linalg.py", "ops/fft.py", "kernels/selinv.py",
                 "kernels/twins.py"}


@functools.lru_cache(maxsize=1)
def table_hash():
    """Hash of the *code* the generated sweeps call: the op table and the Numba kernels, with
    docstrings, comments and layout left out (a docstring edit changes nothing).  Numba's
    on-disk cache keys a function on its own file only, not on the functions it calls, so a
    code change in a kernel must change the generated file.  A change of this generator
    shows in the generated text itself."""
    h = hashlib.sha256()
    paths = sorted(p for p in (HERE.parent / "ops").glob("*.py")) + \
        sorted((HERE.parent / "kernels").glob("*.py"))
    paths = [p for p in paths if f"{p.parent.name}/{p.name}" not in NOT_IN_SWEEPS]
    for path in paths:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                node.body = body[1:] or [ast.Pass()]
        h.update(ast.dump(tree).encode())
    return h.hexdigest()[:16]


def _t(template, **holes):
    """The lines of a code template: ``template`` dedented, its ``{holes}`` filled."""
    return textwrap.dedent(template).strip("\n").format(**holes).split("\n")


def _ind(lines, depth):
    return [" " * (4 * depth) + s if s else s for s in lines]


def _plus(j):
    return f" + {j}" if j else ""


# locals of the generated sweeps (emit.check_locals)
_LOCALS = {"adj", "adj0", "args", "clear", "code", "d", "f", "flags", "g", "i", "iargs", "k",
           "kk", "n", "o", "ok", "op", "p", "q", "r", "t", "tan", "tan0", "tx", "u", "uargs",
           "uout_ptr", "val", "work", "y", "zero"}
check_locals(_LOCALS, "generate.py")
_load = load_operands


def _accumulate(spec, adj, at):
    """adj[operand j] += g * d_j, for operands that are not constants (flag bit 4 + j)."""
    out = []
    for j in range(spec.arity):
        out += [f"if (f & {const_flag(j)}) == 0:"] + _ind(
            accumulate_if(f"{adj}[{at(j)}]", kernel_expr(spec.partial_exprs[j]),
                          d=f"d{j}"), 1)
    return out


def _strided(j):
    return f"x{j} + i * s{j}"


def _xs(spec):
    return ", ".join(f"x{j}" for j in range(spec.arity))


def _arg_xs(spec):
    return ", ".join(f"args[p{_plus(j)}]" for j in range(spec.arity))


# ---- the dispatch loops ---------------------------------------------------------------
# The hot loop holds only the scalar (n == 1) cases of elementwise ops, inline; everything else
# goes through ONE call to the sweep's ``*_step`` function.  A single call site keeps the
# loop's state in registers (a call per case made the compiler spill it on every op).
def _block_step(spec):
    return "n" if spec.arity == PER_ELEMENT else str(spec.arity)


def _forward_scalar(spec):
    if spec.kind == BLOCK:
        return None
    return (["if n == 1:"] + _ind(_load(spec, lambda j: f"uargs[u(p{_plus(j)})]"), 1)
            + _ind(_t("""
                val[o] = {value}
                if zero:
                    adj0[o] = 0.0
                p += {arity}
                continue
                """, value=kernel_expr(spec.value_expr), arity=spec.arity), 1))


def _block_call_forwards(spec, body, deriv):
    """A block op's body call in a forward-running sweep, then its cursors advanced."""
    out = [f"{spec.name}_{body}(val, {deriv}o, n, args, p, iargs, q, f, work)",
           f"p += {_block_step(spec)}"]
    return out + ([f"q += {spec.nparams}"] if spec.nparams else [])


def _forward_step(spec):
    if spec.kind == BLOCK:
        return _block_call_forwards(spec, "f", "")
    return [f"ew{spec.arity}_forward(code, val, f, o, n, {_arg_xs(spec)})", f"p += {spec.arity}"]


def _reverse_scalar(spec):
    if spec.kind == BLOCK:
        return None
    if spec.zero_derivative:
        return _t("""
            if n == 1:
                p -= {arity}
                if clear:
                    adj0[o] = 0.0
                continue
            """, arity=spec.arity)
    # the gradient of a Python-loop tape: one direction, scalar ops; partials are computed
    # only where the adjoint is non-zero
    body = [f"x{j} = uargs[u(p{_plus(j)})]" for j in range(spec.arity)] + ["f = flags[k]"]
    body += _load(spec, lambda j: f"x{j}") + ["y = val[o]"]
    body += _accumulate(spec, "adj0", lambda j: f"x{j}")
    return (_t("""
                if n == 1:
                    p -= {arity}
                    g = adj0[o]
                    if g != 0.0:
                """, arity=spec.arity) + _ind(body, 2)
            + _ind(_t("""
                if clear:
                    adj0[o] = 0.0
                continue
                """), 1))


def _reverse_step(spec):
    if spec.kind == BLOCK:
        out = [f"p -= {_block_step(spec)}"] + ([f"q -= {spec.nparams}"] if spec.nparams else [])
        return out + [f"{spec.name}_r(val, adj, o, n, args, p, iargs, q, f, work)"]
    out = [f"p -= {spec.arity}"]
    if spec.zero_derivative:
        return out
    return out + [f"ew{spec.arity}_reverse(code, val, adj, f, o, n, {_arg_xs(spec)})"]


def _tangent_scalar(spec):
    if spec.kind == BLOCK:
        return None
    if spec.zero_derivative:
        return _t("""
            if n == 1:
                tan0[o] = 0.0
                p += {arity}
                continue
            """, arity=spec.arity)
    # one direction, scalar ops (forward over reverse on a Python-loop tape): a partial is
    # computed only where its operand's tangent is non-zero
    body = [f"x{j} = uargs[u(p{_plus(j)})]" for j in range(spec.arity)]
    body += _load(spec, lambda j: f"x{j}") + ["y = val[o]", "t = 0.0"]
    for j, e in enumerate(spec.partial_exprs):
        body += tangent_if(f"tan0[x{j}]", kernel_expr(e))
    return (["if n == 1:"] + _ind(body, 1)
            + _ind(_t("""
                tan0[o] = t
                p += {arity}
                continue
                """, arity=spec.arity), 1))


def _tangent_step(spec):
    if spec.kind == BLOCK:
        return _block_call_forwards(spec, "t", "tan, ")
    if spec.zero_derivative:
        return ["tan[:, o:o + n] = 0.0", f"p += {spec.arity}"]
    return [f"ew{spec.arity}_tangent(code, val, tan, f, o, n, {_arg_xs(spec)})",
            f"p += {spec.arity}"]


# ---- out-of-line block loops of elementwise ops, one function per sweep and arity --------
def _contiguous(j):
    return f"x{j} + i"


def _two_ways(spec, loop):
    """``loop(at, near)`` specialised for contiguous operands (f == 0, the common case, which
    the compiler can vectorize) and for scalar broadcasts (strides); unary ops never broadcast.
    An op calling ``vb`` (sin, cos; unary) loops by emit.element_loop's range check."""
    if spec.arity == 1:
        return loop(_contiguous, False)
    assert not ranged(spec), spec.name
    return ([f"if (f & {BROADCAST_MASK}) == 0:"] + _ind(loop(_contiguous, False), 1)
            + ["else:"] + _ind(loop(_strided, False), 1))


def _ew_forward(spec):
    return _two_ways(spec, lambda at, _: element_loop(
        spec, "for i in range(n):", _load(spec, at),
        lambda near: _load(spec, at) + [f"val[o + i] = {kernel_expr(spec.value_expr, near)}"]))


def _ew_reverse(spec):
    def one(at, _):
        # one branch-free loop per non-constant operand, which the compiler can vectorize
        # (contiguous operands); the strong zero becomes a select
        out = []
        for j, d in enumerate(spec.partial_exprs):
            out += [f"if (f & {const_flag(j)}) == 0:"]
            out += _ind(element_loop(
                spec, "for i in range(n):", _load(spec, at),
                lambda near, j=j, d=d: ["g = adj0[o + i]"] + _load(spec, at) + ["y = val[o + i]"]
                + accumulate_select(f"adj0[{at(j)}]", kernel_expr(d, near))), 1)
        return out
    # k directions: the one-direction loops once per direction (partials are recomputed per
    # direction; a second, k-wide copy of every formula would lengthen everyone's compile)
    return ["for r in range(kk):", "    adj0 = adj[r]"] + _ind(_two_ways(spec, one), 1)


def _ew_tangent(spec):
    def one(at, _):
        # one direction: a branch-free loop the compiler can vectorize (the strong zero is a
        # select), as forward over reverse (hvp) needs
        def body(near):
            out = _load(spec, at) + ["y = val[o + i]", "t = 0.0"]
            for j, d in enumerate(spec.partial_exprs):
                out += tangent_select(f"tan0[{at(j)}]", kernel_expr(d, near))
            return out + ["tan0[o + i] = t"]
        return element_loop(spec, "for i in range(n):", _load(spec, at), body)
    return ["for r in range(kk):", "    tan0 = tan[r]"] + _ind(_two_ways(spec, one), 1)


def _cases(specs, body, depth):
    out = []
    for spec in specs:
        if spec.host:   # run by the tape between jitted segments (tape/plan.py)
            continue
        lines = body(spec)
        if lines is None:
            continue
        kw = "if" if not out else "elif"
        out.append(" " * (4 * depth) + f"{kw} code == {spec.code}:  {provenance(spec)}")
        out += _ind(lines, depth + 1)
    return out


def _ew_functions(ops):
    out = []
    for arity in sorted({s.arity for s in ops if s.kind == ELEMENTWISE}):
        specs = [s for s in ops if s.kind == ELEMENTWISE and s.arity == arity]
        xs = ", ".join(f"x{j}" for j in range(arity))
        # unsigned offsets: no negative-index wraparound, so contiguous loops vectorize
        strides = (["o, n = u(o), u(n)"] + [f"x{j} = u(x{j})" for j in range(arity)]
                   + [f"s{j} = u(1 - ((f >> {j}) & 1))" for j in range(arity)])
        live = [s for s in specs if not s.zero_derivative]
        for sweep, arr, body, group, extra in (
                ("forward", "", _ew_forward, specs, []),
                ("reverse", "adj, ", _ew_reverse, live, ["kk = adj.shape[0]"]),
                ("tangent", "tan, ", _ew_tangent, live, ["kk = tan.shape[0]"])):
            out += ["", ""] + _t(FUNCTION, name=f"ew{arity}_{sweep}",
                                  sig=f"code, val, {arr}f, o, n, {xs}",
                                  doc=f"Block loops of the {arity}-operand elementwise ops "
                                      f"({sweep}).")
            out += _ind(strides + extra, 1) + _cases(group, body, 1)
    return out


HEADER = '''"""GENERATED from the op table by numtape/sweeps/generate.py -- do not edit by hand.
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

TABLE_HASH = "{hash}"
OP_NAMES = {names!r}
'''

FUNCTION = '''
@jit
def {name}({sig}):
    """{doc}"""
'''

LOOP = '''
for k in range({rng}):
    code = op[k]
    o = uout_ptr[k]
    n = uout_ptr[k + 1] - o
'''


def _sweep(ops, name, signature, doc, prologue, rng, scalar, step, step_sig, step_ret,
           fast_if="True", after=()):
    """A ``{name}_step`` function (every case) and the ``{name}`` loop: when ``fast_if``
    holds, a loop with the scalar cases inline; otherwise a loop of step calls only.
    ``after`` are lines run after each step call."""
    out = ["", ""] + _t(FUNCTION, name=f"{name}_step", sig=step_sig,
                        doc=f"One op of the {name} sweep (the cases the loop does not inline).")
    out += _cases(ops, step, 1) + [f"    return {step_ret}"]
    out += ["", ""] + _t(FUNCTION, name=name, sig=signature, doc=doc)
    call = step_sig.replace("f, ", "flags[k], ").replace("o, n, ", "np.int64(o), np.int64(n), ")
    loop = _t(LOOP, rng=rng)
    fast = _cases(ops, scalar, 1) if scalar is not None else []
    out += _ind(prologue, 1)
    after = list(after)
    if fast_if != "True":
        out += _ind([f"if not ({fast_if}):"] + _ind(loop, 1), 1)
        out += _ind([f"{step_ret} = {name}_step({call})"] + after, 3) + ["        return"]
    out += _ind(loop, 1) + _ind(fast, 1) + _ind([f"{step_ret} = {name}_step({call})"] + after, 2)
    return out


def render(ops=None, table=None):
    """Return the text of generated.py for the current op table; with ``ops`` (a subset of the
    table), interpreters with the cases of those ops only (numtape/sweeps/variants.py, which
    passes the checked-in file's ``table`` hash rather than hashing the sources again)."""
    ops = OPS if ops is None else ops
    lines = [HEADER.format(hash=table or table_hash(), names=tuple(s.name for s in OPS))]
    for spec in ops:
        if spec.kind == BLOCK and not spec.host:
            lines += [f'{spec.name}_{s} = _T["{spec.name}"].{full}'
                      for s, full in (("f", "forward"), ("r", "reverse"), ("t", "tangent"))]
    lines += _ew_functions(ops)
    fw, rv = "op.shape[0]", "op.shape[0] - 1, -1, -1"
    lines += _sweep(ops, "forward",
                    "op, flags, uout_ptr, uargs, args, iargs, val, work, adj0, zero",
                    "Values: fills val[out_ptr[0]:] from inputs and constants in place.\n\n"
                    "    With ``zero``, also zeroes ``adj0`` (one adjoint row) at every output:\n"
                    "    a gradient's reverse sweep then needs no separate zeroing pass.\n    ",
                    ["p = 0", "q = 0"], fw, _forward_scalar, _forward_step,
                    "code, o, n, p, q, f, args, iargs, val, work", "p, q",
                    after=["if zero:", "    adj0[np.int64(o):np.int64(o + n)] = 0.0"])
    lines += _sweep(ops, "reverse",
                    "op, flags, uout_ptr, uargs, args, iargs, val, adj, work, clear",
                    "Adjoints: accumulates into adj (seeded at the outputs), last op first.\n\n"
                    "    With ``clear``, each op's output adjoints are zeroed once used, so the\n"
                    "    workspace is clean again (but for the inputs) when the sweep ends.\n    ",
                    ["p = args.shape[0]", "q = iargs.shape[0]", "adj0 = adj[0]"], rv,
                    _reverse_scalar, _reverse_step,
                    "code, o, n, p, q, f, args, iargs, val, adj, work", "p, q",
                    fast_if="adj.shape[0] == 1",
                    after=["if clear:", "    adj[:, np.int64(o):np.int64(o + n)] = 0.0"])
    lines += _sweep(ops, "tangent", "op, flags, uout_ptr, uargs, args, iargs, val, tan, work",
                    "Tangents: fills tan[out_ptr[0]:] from seeded inputs and zero constants.",
                    ["p = 0", "q = 0", "tan0 = tan[0]"], fw, _tangent_scalar, _tangent_step,
                    "code, o, n, p, q, f, args, iargs, val, tan, work", "p, q",
                    fast_if="tan.shape[0] == 1")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render())
    print(f"wrote {TARGET} ({len(OPS)} ops, table hash {table_hash()})")
