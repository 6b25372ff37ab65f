"""Fused kernels for runs of elementwise block ops: one loop over the elements instead of one
pass over memory per op (``F.compile()``; numtape/tape/plan.py runs them as plan segments).

A *run* is a stretch of consecutive elementwise ops of block lengths >= MIN_N in which every
operand either lies within the output block of one earlier op of the run (the same element,
or at an offset d: x[1:] of a result x, a stencil) or overlaps no output of the run (a
broadcast scalar, an input, a constant, an earlier result).  In a *uniform* run (one length,
every offset 0) computing element i of every op before element i + 1 of any reads nothing not
yet written.  Otherwise the run is *windowed* (``_run``): op r lags behind by L[r] elements
(the largest lag plus offset among the results it reads), so an element read at offset d is
computed in the same chunk or an earlier one, and each op stops at its own length.  For each
run *structure* (opcodes, flags, which operand is which earlier output) this module renders
Python source for four Numba functions, from the op table's own formulas, as the interpreter
generator does:

* ``forward``: per element, each op's value (earlier values kept in registers), stored;
* ``reverse``: per element, the ops backwards, each output adjoint read (and cleared) and
  passed to its operands, with the interpreter's strong-zero statement;
* ``tangent``: per element, each op's tangent from its operands';
* ``forward_tangent``: both in one pass (jvp, hvp), where the values and tangents of the
  results read only within the run stay in chunk buffers and are not stored: after it the
  arena holds every other node's value and tangent (numtape/tape/sweeper.py,
  ``Sweeps.forward_tangent``).

Values and tangents equal the interpreter's bit for bit (the same expressions per element).
Adjoints equal them except where two elements of the run add into one address (a broadcast
scalar, overlapping operand blocks such as x[1:] and x[:-1], a result read at two offsets):
the interpreter adds one op's contributions for every element before the next op's, the fused
loop chunk by chunk, so such sums are re-associated (a few ulps).  Addresses are an argument
(the ``A`` array), so one compiled kernel serves every tape with the same structure; the
source lands in the variants' cache directory, content-addressed, and Numba caches its
machine code on disk.
"""
from __future__ import annotations

import functools

import numpy as np

from numtape.ops import OPS
from numtape.ops.flags import const_flag
from numtape.ops.layout import IS_ELEMENTWISE
from numtape.sweeps import variants
from numtape.sweeps.emit import (accumulate_select, check_locals, element_loop, kernel_expr,
                                 load_operands, operand_names, provenance, tangent_select)

MIN_N = 64        # shorter blocks stay with the interpreter (a call costs more than it saves)
CHUNK = 512       # elements per strip: a run's blocks of one strip stay in L1
# locals of the rendered kernels (emit.check_locals)
_LOCALS = {"A", "B", "T", "T0", "V", "adj", "adj0", "clear", "d", "g", "hi", "i", "lo", "n", "ok",
           "s", "t", "tan", "tan0", "tx", "u", "val", "wh", "wl", "y", "zero"}
check_locals(_LOCALS, "fused.py")
_modules: dict = {}


def find_runs(op, flags, out_ptr, args, arg_ptr, reads):
    """[(k0, k1, structure, A, n)]: the fusable runs of ops k0 .. k1 - 1 (module docstring);
    ``reads`` counts the operand blocks overlapping each op's output (ops.layout.op_reads):
    a result read only by later ops of its run, at the same element, keeps its values,
    tangents and adjoint in chunk buffers.  ``n``: the length of the kernels' loop over
    chunks (a run of one block length: that length)."""
    n_of = np.diff(out_ptr)
    cand = IS_ELEMENTWISE[op] & (n_of >= MIN_N)
    runs = []
    idx = np.flatnonzero(cand)
    pos = 0
    while pos < idx.size:
        k0 = int(idx[pos])
        outs = []        # (start, end) of the run's outputs so far
        ops, lens, lags = [], [], []
        k = k0
        while k < op.size and cand[k]:
            spec = OPS[op[k]]
            n = int(n_of[k])
            f = int(flags[k])
            p = int(arg_ptr[k])
            refs, lag = [], 0
            ok = True
            for j in range(spec.arity):
                s = int(args[p + j])
                e = s + 1 if (f >> j) & 1 else s + n   # a broadcast scalar reads one value
                within = [r for r, (a, b) in enumerate(outs) if a <= s and e <= b]
                if within and not (f >> j) & 1:
                    q = within[0]
                    d = s - outs[q][0]   # element i reads element i + d of result q
                    refs.append(("in" if d == 0 else "at", q))
                    lag = max(lag, lags[q] + d)
                elif any(a < e and s < b for a, b in outs):
                    ok = False   # part of a result, or a broadcast scalar the run writes
                    break
                else:
                    refs.append(("sc" if (f >> j) & 1 else "ex", None))
            if not ok:
                break
            o = int(out_ptr[k])
            outs.append((o, o + n))
            ops.append((int(op[k]), f, tuple(refs)))
            lens.append(n)
            lags.append(lag)
            k += 1
        if len(ops) >= 2:
            runs.append(_run(k0, k, ops, lens, lags, out_ptr, args, arg_ptr, reads))
        while pos < idx.size and idx[pos] < max(k, k0 + 1):
            pos += 1
    return runs


def _run(k0, k1, ops, lens, lags, out_ptr, args, arg_ptr, reads):
    """(k0, k1, structure, A, n) of the run of ops k0 .. k1 - 1 (``find_runs``).

    A run of one block length whose results are read at the same element is *uniform*: its
    structure is (ops, local).  Otherwise it is *windowed*: (ops, local, "windows"), and
    ``A`` ends with each op's length and lag (a forward sweep computes element i of op r in
    the chunk where a uniform run would compute element i + lag[r]: the elements it reads at
    offsets in the run are then computed), and ``n`` is the longest length plus lag."""
    m = len(ops)
    inner = np.zeros(m, dtype=np.int64)
    at_offset = np.zeros(m, dtype=bool)
    lag_kept = np.ones(m, dtype=bool)     # every reader in the run has the result's lag
    for r, (_, _, refs) in enumerate(ops):
        for kind, q in refs:
            if kind == "in":
                inner[q] += 1
                lag_kept[q] &= lags[r] == lags[q]
            elif kind == "at":
                at_offset[q] = True
    local = tuple(bool(inner[r] and reads[k0 + r] == inner[r] and not at_offset[r]
                       and lag_kept[r]) for r in range(m))
    A = []
    for kk in range(k0, k1):
        A.append(int(out_ptr[kk]))
        p = int(arg_ptr[kk])
        A += [int(args[p + j]) for j in range(len(ops[kk - k0][2]))]
    structure = (tuple(ops), local)
    n = lens[0]
    if len(set(lens)) > 1 or any(lags):
        structure += ("windows",)
        for nr, lr in zip(lens, lags):
            A += [nr, lr]
        n = max(nr + lr for nr, lr in zip(lens, lags))
    return (k0, k1, structure, np.array(A, dtype=np.int64), n)


def _slots(structure):
    """Per op: (index of its output in A, [index of operand j in A])."""
    out, c = [], 0
    for _, _, refs in structure[0]:
        out.append((c, [c + 1 + j for j in range(len(refs))]))
        c += 1 + len(refs)
    return out


def _at(refs, r, j):
    """The address of operand j of op r at element i (an earlier output of the run, a
    broadcast scalar or an outside block)."""
    kind, q = refs[j]
    if kind == "in":
        return f"o{q} + i"
    if kind == "sc":
        return f"a{r}_{j}"
    return f"a{r}_{j} + i"


def render(structure):
    """Source of the fused forward, reverse and tangent of one run structure."""
    slots = _slots(structure)
    windows = len(structure) == 3
    structure, local = structure[:2]
    # adjoints of results read only within the run live in a chunk buffer B, not the arena
    row = {r: i for i, r in enumerate(r for r in range(len(local)) if local[r])}
    local_rows = row
    head = []
    for r, (so, sa) in enumerate(slots):
        head.append(f"o{r} = u(A[{so}])")
        head += [f"a{r}_{j} = u(A[{s}])" for j, s in enumerate(sa)]
    if windows:   # each op's length and lag (_run)
        base = slots[-1][0] + len(slots[-1][1]) + 1
        for r in range(len(structure)):
            head += [f"n{r} = u(A[{base + 2 * r}])", f"L{r} = u(A[{base + 2 * r + 1}])"]
    forward_loops, reverse_loops = _windows(windows)
    # per op: its loop over the strip (emit.element_loop); values and tangents in the arena
    fw, tg = (list(loops) for loops in zip(*_value_tangent_loops(
        structure, (False,) * len(structure), row, forward_loops)))
    rv = []
    for r, (code, f, refs) in enumerate(structure):
        spec = OPS[code]
        said = provenance(spec)   # each op's statements name its declaration
        vloads = load_operands(spec, functools.partial(_at, refs, r))

        def r_body(near, spec=spec, vloads=vloads, r=r, refs=refs, f=f):
            body = [f"g = B[{row[r]}, i - lo]" if local[r] else f"g = adj0[o{r} + i]"]
            if not spec.zero_derivative:
                body += vloads + [f"y = val[o{r} + i]"]
                for j, d in enumerate(spec.partial_exprs):
                    if f & const_flag(j):
                        continue
                    kind, q = refs[j]
                    at = f"B[{row[q]}, i - lo]" if kind == "in" and local[q] else \
                        f"adj0[{_at(refs, r, j)}]"
                    body += accumulate_select(at, kernel_expr(d, near))
            return body
        window, each = reverse_loops(r)
        rv.append([said] + window + element_loop(spec, each, vloads, r_body))
    rv = rv[::-1]
    outs = [r for r in range(len(structure)) if not local[r]]
    # unsigned offsets, as in the interpreters: no negative-index wraparound, so the loops
    # can vectorize; the outputs' adjoints are zeroed after the loop (nothing in the run
    # reads an output's adjoint at another element)
    ends = [f"o{r}:o{r} + n{r}" if windows else f"o{r}:o{r} + n" for r in outs]
    zero_fw = ["if zero:"] + [f"    adj0[{e}] = 0.0" for e in ends] if outs else []
    clear_rv = ["if clear:"] + [f"    adj0[{e}] = 0.0" for e in ends] if outs else []

    def chunks(per_op, start=()):
        """Strip-mined: chunks of CHUNK elements, in each one loop per op (each loop one
        store and a few loads, which LLVM's vectorizer takes; the chunk stays in L1)."""
        # (lo, hi: names no formula uses; the operands are x, a, b, c, m)
        lines = [f"for lo in range(u(0), n, u({CHUNK})):", f"    hi = min(lo + u({CHUNK}), n)"]
        lines += ["    " + s for s in start]
        for loop in per_op:
            lines += ["    " + s for s in loop]
        return lines

    def fn(name, sig, per_op, after):
        lines = ["", "", "@jit", f"def {name}({sig}):", "    n = u(n)"]
        lines += ["    " + s for s in head + chunks(per_op) + after]
        return lines

    def fn_k(name, sig, arr, row, per_op, after, start=()):
        lines = ["", "", "@jit", f"def {name}({sig}):", "    n = u(n)"]
        lines += ["    " + s for s in head]
        if start:   # the chunk buffer of the adjoints held out of the arena
            lines.append(f"    B = np.empty(({len(local_rows)}, {CHUNK}))")
        lines += [f"    for s in range({arr}.shape[0]):", f"        {row} = {arr}[s]"]
        return lines + ["        " + s for s in chunks(per_op, start) + after]

    src = ['"""GENERATED by numtape/sweeps/fused.py: one fused run of elementwise ops."""']
    src += variants.KERNEL_HEADER
    src += [f"LOCAL = {tuple(local)!r}   # results read only within the run (chunk buffers)"]
    src += fn("forward", "val, A, n, adj0, zero", fw, zero_fw)
    src += fn_k("reverse", "val, adj, A, n, clear", "adj", "adj0", rv, clear_rv,
                ["B[:, :] = 0.0"] if row else [])
    src += fn_k("tangent", "val, tan, A, n", "tan", "tan0", tg, [])
    # values and tangents in one pass: per chunk and op, the values, then every direction's
    # tangents while the chunk's values are in L1 (Sweeps.forward_tangent: jvp, hvp); the
    # values and tangents of results read only within the run stay in chunk buffers V and T
    # (nothing after this sweep reads them): the arena is not written for them
    lines = ["", "", "@jit", "def forward_tangent(val, tan, A, n):", "    n = u(n)"]
    lines += ["    " + s for s in head]
    if row:
        lines += [f"    V = np.empty(({len(row)}, {CHUNK}))",
                  f"    T = np.empty((tan.shape[0], {len(row)}, {CHUNK}))"]
    lines += [f"    for lo in range(u(0), n, u({CHUNK})):", f"        hi = min(lo + u({CHUNK}), n)"]
    for f_body, t_body in _value_tangent_loops(structure, local, row, forward_loops, windows):
        lines += ["        " + s for s in f_body]
        lines += ["        for s in range(tan.shape[0]):", "            tan0 = tan[s]"]
        lines += ["            T0 = T[s]"] if row else []
        lines += ["            " + s for s in t_body]
    src += lines
    return "\n".join(src) + "\n"


def _windows(windows):
    """(forward, reverse): per op r, (lines before its loop over the chunk, the loop's
    head).  A uniform run's ops all loop over the chunk.  In a windowed run (``_run``) op r
    computes elements lo - L{r} .. hi - L{r} of its n{r} in the forward sweeps, and its
    elements of the chunk in the reverse sweep: a result read at offset d is read at
    elements of the same or later chunks, so its adjoint has every contribution of an
    element by that element's chunk."""
    if not windows:
        return (lambda r: ([], "for i in range(lo, hi):"),) * 2

    def forward(r):
        return ([f"wl = lo - L{r} if lo > L{r} else u(0)",
                 f"wh = min(hi - L{r}, n{r}) if hi > L{r} else u(0)"],
                "for i in range(wl, wh):")

    def reverse(r):
        return [f"wh = min(hi, n{r})"], "for i in range(lo, wh):"
    return forward, reverse


def _value_tangent_loops(structure, local, row, loops, windows=False):
    """Per op, its loops over the strip: (values, tangents of one direction ``tan0``).  The
    results flagged in ``local`` live in the chunk buffers ``V`` (values) and ``T0`` (this
    direction's tangents), row ``row[r]`` (forward_tangent); the others in the arena.
    ``loops(r)``: op r's lines before its loop and the loop's head (``_windows``); in a
    windowed run a local result's element i is at i + L{q} - lo of its buffer row."""
    def at(q):
        return f"i + L{q} - lo" if windows else "i - lo"

    def value(q):
        return f"V[{row[q]}, {at(q)}]" if local[q] else f"val[o{q} + i]"

    def tangent(q):
        return f"T0[{row[q]}, {at(q)}]" if local[q] else f"tan0[o{q} + i]"

    def operand(refs, r, j, of, arena):
        kind, q = refs[j]
        return of(q) if kind == "in" else f"{arena}[{_at(refs, r, j)}]"

    out = []
    for r, (code, _, refs) in enumerate(structure):
        spec = OPS[code]
        said = provenance(spec)
        window, each = loops(r)
        loads = [f"{nm} = {operand(refs, r, j, value, 'val')}"
                 for j, nm in enumerate(operand_names(spec))]
        fw = [said] + window + element_loop(
            spec, each, loads, lambda near, spec=spec, loads=loads, r=r:
            loads + [f"{value(r)} = {kernel_expr(spec.value_expr, near)}"])
        if spec.zero_derivative:
            tg = [said] + window + [each, f"    {tangent(r)} = 0.0"]
        else:
            def t_body(near, spec=spec, loads=loads, r=r, refs=refs):
                t = loads + [f"y = {value(r)}", "t = 0.0"]
                for j, d in enumerate(spec.partial_exprs):
                    t += tangent_select(operand(refs, r, j, tangent, "tan0"),
                                        kernel_expr(d, near))
                return t + [f"{tangent(r)} = t"]
            tg = [said] + window + element_loop(spec, each, loads, t_body)
        out.append((fw, tg))
    return out


def kernels(structure):
    """The compiled module of one run structure (rendered, written and imported once)."""
    return variants.cached_module(_modules, "numtape_fused_", structure, render)
