"""Kernel source shared by the three generators of numtape/sweeps/: the full interpreters
(generate.py -> generated.py, and the variants), fused runs (fused.py) and re-rolled loops
(loops.py).

Each generator pastes the op table's formulas into Python source for Numba.  What they have
in common lives here, said once:

* ``kernel_expr``: an op's value or partial expression as kernel source (``select`` lazy;
  ``vb`` is vmath's whole-range function, or its ``_near`` form after a range check);
* ``element_loop``: the loop of one op over a block, split by that range check where the op
  uses ``vb`` (sin, cos);
* ``operand_names`` and ``load_operands``: the formulas' operand names, read from the arena;
* ``check_locals``: a generator's local names must not shadow a name the formulas use;
* ``compile_weights``: what each op adds to a kernel's compile time (the caps on fused runs
  and loop bodies);
* the **strong zero** (README.md, "Conventions (identical in every mode)"; ARCHITECTURE.md,
  "Glossary"): a zero adjoint or tangent, or a zero local partial, contributes exactly zero
  even where the other factor is inf or NaN.  Two forms of each statement: a branch
  (``accumulate_if``, ``accumulate_if_carried``, ``tangent_if``: the partial is computed only
  when the seed is non-zero, for scalar code) and a select (``accumulate_select``,
  ``tangent_select``: branch-free, so a loop of it vectorizes);
* ``provenance``: the comment ``# NameOp, path:line`` naming the declaration an op's
  statements come from.

Every function returns lines of source without indentation (the callers indent).  The text of
``generated.py`` depends on these templates: a change here changes that file, which costs
every user one full compile of the interpreters (ARCHITECTURE.md, "The op table").
"""
from __future__ import annotations

import ast
import functools

from numtape.ops import ELEMENTWISE, OPERAND_NAMES, OPS
from numtape.ops.layout import partial_names


# ---- formulas ------------------------------------------------------------------------------
def _suffix(near):
    """``vb.f``'s form in kernel source: ``near`` True, ``vm.f_near`` (a loop whose arguments
    all passed ``vm.near``); False, ``vm.f`` (vmath's f over its whole range, inlined); None,
    ``vm.f_call`` (the same, called: the loop of ``element_loop`` whose arguments did not all
    pass, which is rare, so that a loop over sin compiles one inlined copy of sin, not two)."""
    return "_near" if near else "" if near is False else "_call"


class _Kernel(ast.NodeTransformer):
    """``select(c, a, b)`` -> ``(a if c else b)``: inside the kernels only the branch taken is
    computed (on arrays and ADArrays select stays np.where).  ``vb.f`` -> ``vm.f``,
    ``vm.f_near`` or ``vm.f_call`` (``_suffix``)."""

    def __init__(self, near):
        self.near = near

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "select":
            c, a, b = node.args
            return ast.IfExp(test=c, body=a, orelse=b)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if isinstance(node.value, ast.Name) and node.value.id == "vb":
            attr = node.attr + _suffix(self.near)
            return ast.copy_location(ast.Attribute(
                value=ast.Name(id="vm", ctx=ast.Load()), attr=attr, ctx=node.ctx), node)
        return node


def kernel_expr(expr, near=False):
    """An op's value or partial expression (``OpSpec.value_expr``, ``partial_exprs[j]``) as
    kernel source; ``near``: which form of ``vb``'s functions (``_suffix``)."""
    return ast.unparse(_Kernel(near).visit(ast.parse(expr, mode="eval")))


def ranged_args(spec):
    """The arguments of the ``vb`` calls in an elementwise op's formulas, as source."""
    out = []
    for e in (spec.value_expr, *spec.partial_exprs):
        for node in ast.walk(ast.parse(e, mode="eval")):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "vb"):
                out += [ast.unparse(a) for a in node.args]
    return list(dict.fromkeys(out))


def ranged(spec):
    """Whether an elementwise op's formulas call ``vb`` (sin and cos, whose reduction has two
    ranges): its loops over blocks check their arguments first (``element_loop``)."""
    return bool(ranged_args(spec))


def joint_lines(spec, near):
    """The lines of a twin op (``OpSpec.joint``: a fused run or a re-rolled loop stores its
    partial where nothing reads its value after the forward sweep): its value into y and its
    partial into d."""
    return [s.format(_suffix(near)) for s in spec.joint]


def partial_reads(spec):
    """Per operand of an elementwise op, whether any of its partials reads that operand's
    value (a product's do, an add's and exp's do not: exp's reads y)."""
    used = partial_names(spec)
    return tuple(nm in used for nm in operand_names(spec))


def reads_y(spec):
    """Whether a partial of an elementwise op reads the op's own value y (exp's, sqrt's)."""
    return "y" in partial_names(spec)


def element_loop(spec, head, loads, body):
    """The loop ``head`` (``for i in range(...):``) of one op over a block, its element
    ``body(near)`` (lines).  An op calling ``vb`` loops twice: once over its arguments,
    testing ``vm.near`` (a vectorized and-reduction, cheap beside sin itself), then over the
    elements with ``vm.f_near`` where all passed (the cheap reduction only: a loop LLVM
    vectorizes without the whole-range reduction's gathers), or with ``vm.f_call``; the same
    bits either way.  ``loads``: the lines reading the operands the arguments name."""
    if not ranged(spec):
        return [head] + ["    " + s for s in body(False)]
    check = ["ok = True", head] + ["    " + s for s in loads]
    check += [f"    ok &= vm.near({a})" for a in ranged_args(spec)]
    return (check + ["if ok:", "    " + head] + ["        " + s for s in body(True)]
            + ["else:", "    " + head] + ["        " + s for s in body(None)])


@functools.lru_cache(maxsize=1)
def compile_weights():
    """Per opcode, its share of the time a kernel's loop over it takes to compile (a tuple): 1,
    plus 2 per call of a vmath function (``vm``: exp, log ...) and 5 per call of sin or cos
    (``vb``) in its value and partial formulas, which are inlined into the kernel's Numba IR
    (benchmarks/costs.py, run-compile, fits these).  The time grows with the weight, faster
    for long kernels (a fused run of 240 ops made Numba's SSA pass recurse too deep),
    while fusing saves no more past a few ops: fused runs (fused.py, ``MAX_WEIGHT``) and
    re-rolled loop bodies (loops.py, ``MAX_BODY_WEIGHT``) are capped."""
    out = []
    for spec in OPS:
        w = 1
        for e in (spec.value_expr, *spec.partial_exprs):
            for node in ast.walk(ast.parse(e or "0", mode="eval")):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    w += {"vm": 2, "vb": 5}.get(node.value.id, 0)
        out.append(w)
    return tuple(out)


def operand_names(spec):
    """The names an elementwise op's formulas give its operands (``x``; ``a, b`` ...)."""
    return OPERAND_NAMES[spec.arity]


def load_operands(spec, at):
    """Assign the formulas' operand names from the arena; ``at(j)`` is operand j's address."""
    return [f"{nm} = val[{at(j)}]" for j, nm in enumerate(operand_names(spec))]


@functools.lru_cache(maxsize=1)
def formula_names():
    """Every name the formulas of the table read, but the output ``y`` (which the generators
    assign): the operand names and the formulas' globals (``sc``, ``np``, constants)."""
    names = {nm for names in OPERAND_NAMES.values() for nm in names}
    for spec in OPS:
        if spec.kind == ELEMENTWISE:
            for e in (spec.value_expr, *spec.partial_exprs):
                names |= {n.id for n in ast.walk(ast.parse(e, mode="eval"))
                          if isinstance(n, ast.Name)}
    return frozenset(names - {"y"})


def check_locals(names, generator):
    """Assert that the local names of ``generator``'s kernels shadow no name the formulas
    read (an operand, ``sc``, ``np``, a constant); called once per generator at import."""
    clash = set(names) & formula_names()
    assert not clash, f"{generator}: kernel locals {sorted(clash)} shadow formula names"


# ---- the strong zero -----------------------------------------------------------------------
# reverse: the output adjoint is ``g``, the partial is named ``d``; tangent: the operand's
# tangent is ``tx``, the partial ``d``, and the sum of the contributions is ``t``
def accumulate_if(target, partial, d="d", op="+="):
    """``target += g * d`` unless the partial is zero (the caller has tested ``g != 0.0``);
    ``op="="`` stores the contribution instead (a buffer holding it for later)."""
    return [f"{d} = {partial}", f"if {d} != 0.0:", f"    {target} {op} g * {d}"]


def accumulate_if_carried(carry, target, partial, op="+="):
    """``accumulate_if`` for an operand that is the previous iteration's result of a loop body:
    into the register ``carry`` from the second iteration on, into ``target`` (the arena, or
    with ``op="="`` a buffer) in the first (iteration ``t``)."""
    return [f"d = {partial}", "if d != 0.0:", "    if t > 0:", f"        {carry} += g * d",
            "    else:", f"        {target} {op} g * d"]


def accumulate_select(target, partial, op="+="):
    """``target += g * d``, zero if either factor is zero, without a branch (``op="="``:
    stored)."""
    return [f"d = {partial}", f"{target} {op} g * d if (g != 0.0 and d != 0.0) else 0.0"]


def tangent_if(tan_at, partial, t="t"):
    """``t += d * tx`` for the operand tangent at ``tan_at``, computing the partial only where
    that tangent is non-zero and adding nothing where the partial is zero."""
    return [f"tx = {tan_at}", "if tx != 0.0:", f"    d = {partial}", "    if d != 0.0:",
            f"        {t} += d * tx"]


def tangent_select(tan_at, partial, t="t"):
    """``t += d * tx``, zero if either factor is zero, without a branch."""
    return [f"tx = {tan_at}", f"d = {partial}",
            f"{t} += d * tx if (tx != 0.0 and d != 0.0) else 0.0"]


# ---- provenance ----------------------------------------------------------------------------
def provenance(spec):
    """``# NameOp, path:line``: the op and the line of its declaration (``OpSpec.source``)."""
    return f"# {spec.name}, {spec.source}"
