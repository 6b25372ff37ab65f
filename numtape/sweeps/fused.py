"""Fused kernels for runs of elementwise block ops: one loop over the elements instead of one
pass over memory per op (``F.compile()``; numtape/tape/plan.py runs them as plan segments).

A *run* is a stretch of consecutive elementwise ops of block lengths >= MIN_N in which every
operand either lies within the output block of one earlier op of the run (the same element,
or at an offset d: x[1:] of a result x, a stencil) or overlaps no output of the run (a
broadcast scalar, an input, a constant, an earlier result).  A gather whose slots are none of
the run's results is an op of the run too (an indexed copy: its slots follow the addresses
in ``A``), and a sum of a whole block of a uniform run's length ends the run (``_sums``); so
does reaching the compile weight ``MAX_WEIGHT`` (emit.py, ``compile_weights``: the next op
starts a run).  In
a *uniform* run (one length, every offset 0) computing element i of every op before element
i + 1 of any reads nothing not yet written.  Otherwise the run is *windowed* (``_run``): op r
lags behind by L[r] elements (the largest lag plus offset among the results it reads), so an
element read at offset d is computed in the same chunk or an earlier one, and each op stops
at its own length.  For each run *structure* (opcodes, flags, which operand is which earlier
output) this module renders
Python source for four Numba functions, from the op table's own formulas, as the interpreter
generator does:

* ``forward``: per element, each op's value (earlier values kept in registers), stored in
  the arena where a later sweep or another op reads it (``_kept``: read outside the run, or
  by a partial), else in a chunk buffer only: of sum(exp(x) * y), exp's values reach the
  arena, the product's do not;
* ``reverse``: per element, the ops backwards, each output adjoint read (and cleared) and
  passed to its operands, with the interpreter's strong-zero statement.  A sin or cos whose
  value nothing reads after the forward sweep (read only within the run, by ops whose
  partials do not use it) is a *twin* (``_twins``): the forward sweep computes its partial
  with its value (one reduction, ``vm.sincos``) and leaves the partial in its slot of the
  arena once the chunk's readers are done, and the reverse and tangent sweeps read it
  there instead of computing cos or sin again (the same bits);
* ``tangent``: per element, each op's tangent from its operands';
* ``forward_tangent``: both in one pass (jvp, hvp), one loop per group of ops (a uniform run
  is one group) computing every op's value and tangent of an element in registers; the
  results read only within their group are not stored, and the values that jvp does not
  need are not computed (``value_needs``, over the whole tape: read by nothing but the
  outputs' DepOp, which jvp does not run, and tangents whose partials do not read them):
  after it the arena holds every value jvp needs and every tangent not kept in registers
  (numtape/tape/sweeper.py, ``Sweeps.forward_tangent``).

Values and tangents equal the interpreter's bit for bit (the same expressions per element).
Adjoints equal them except where two elements of the run add into one address (a broadcast
scalar, overlapping operand blocks such as x[1:] and x[:-1], a result read at two offsets, a
slot a gather reads twice or another op of the run reads too):
the interpreter adds one op's contributions for every element before the next op's, the fused
loop chunk by chunk, so such sums are re-associated (a few ulps).  Addresses are an argument
(the ``A`` array), so one compiled kernel serves every tape with the same structure; the
source lands in the variants' cache directory, content-addressed, and Numba caches its
machine code on disk.
"""
from __future__ import annotations

import ast
import bisect
import functools

import numpy as np

from numtape.ops import ELEMENTWISE, OP, OPS
from numtape.ops.flags import const_flag
from numtape.ops.layout import IS_ELEMENTWISE, arg_pointers, operand_lengths
from numtape.sweeps import variants
from numtape.sweeps.emit import (accumulate_select, check_locals, compile_weights,
                                 element_loop, joint_lines, kernel_expr, load_operands,
                                 operand_names, partial_reads, provenance, ranged, ranged_args,
                                 reads_y, tangent_select)

GATHER, SUM, DEP = OP.GatherOp.code, OP.SumOp.code, OP.DepOp.code
MIN_N = 64        # shorter blocks stay with the interpreter (a call costs more than it saves)
CHUNK = 512       # elements per strip: a run's blocks of one strip stay in L1
MAX_WEIGHT = 40   # a run's compile weight (emit.compile_weights), at most: a longer stretch
                  # splits into runs of at most this much (benchmarks/costs.py: run-compile)
# locals of the rendered kernels (emit.check_locals)
_LOCALS = {"A", "B", "C", "adj", "adj0", "clear", "d", "g", "hi", "hq", "i", "lo", "n", "ok", "s",
           "t", "tan", "tan0", "tx", "u", "val", "wh", "wl", "y", "zero"}
check_locals(_LOCALS, "fused.py")
_modules: dict = {}


def find_runs(op, flags, out_ptr, args, arg_ptr, reads, iargs=None, iarg_ptr=None):
    """[(k0, k1, structure, A, n)]: the fusable runs of ops k0 .. k1 - 1 (module docstring);
    ``reads`` counts the operand blocks overlapping each op's output (ops.layout.op_reads):
    a result read only by later ops of its run of its lag and length, at the same element,
    keeps its values and tangents in registers and its adjoint in a chunk buffer.
    Which results' values forward_tangent computes is decided over the whole tape
    (``value_needs``).  With ``iargs`` (and ``iarg_ptr``), a sum of a whole block of the run's
    length ends a uniform run (``_sums``).  ``n``: the length of the kernels' loop over
    chunks (a run of one block length: that length)."""
    n_of = np.diff(out_ptr)
    cand = _candidates(op, n_of)
    summed = _sums(op, out_ptr, iargs, iarg_ptr)
    cand |= summed > 0
    runs = []
    idx = np.flatnonzero(cand)
    need = value_needs(op, flags, out_ptr, args, arg_ptr, iargs, int(idx[0])) if idx.size \
        else None
    # plain ints per op; a run's outputs are consecutive blocks, one stretch of the arena
    # [out_l[k0], out_l[k]): an operand overlaps them if it overlaps that stretch, and lies
    # within result q if q, the last of them starting at or below it, holds its end
    op_l, n_l, f_l, p_l = op.tolist(), n_of.tolist(), flags.tolist(), arg_ptr.tolist()
    out_l, cand_l, w_l = out_ptr.tolist(), cand.tolist(), compile_weights()
    pos = 0
    while pos < idx.size:
        k0 = int(idx[pos])
        lo = out_l[k0]
        starts, ends = [], []    # of the run's outputs so far
        ops, lens, lags = [], [], []
        k, weight = k0, 0
        while k < op.size and cand_l[k]:
            spec = OPS[op_l[k]]
            weight += w_l[op_l[k]]
            if weight > MAX_WEIGHT and ops:
                break
            n, f, p = n_l[k], f_l[k], p_l[k]
            refs, lag = [], 0
            ok = True
            if spec.code == GATHER:   # its slots, one per element, none the run's
                at = args[p:p + n]
                ok = not (starts and bool(np.any((at >= lo) & (at < ends[-1]))))
                refs.append(("ix", None))
            if spec.code == SUM:   # of a block of the run's length, at its elements
                n = int(summed[k])
                if any(ln != n for ln in lens) or any(lags):
                    break
            for j in range(max(spec.arity, 0)):
                s = int(args[p + j])
                scalar = (f >> j) & 1
                e = s + 1 if scalar else s + n   # a broadcast scalar reads one value
                if not starts or e <= lo or s >= ends[-1]:
                    refs.append(("sc" if scalar else "ex", None))
                    continue
                q = bisect.bisect_right(starts, s) - 1
                if scalar or q < 0 or e > ends[q]:
                    ok = False   # part of a result, or a broadcast scalar the run writes
                    break
                d = s - starts[q]   # element i reads element i + d of result q
                refs.append(("in" if d == 0 else "at", q))
                lag = max(lag, lags[q] + d)
                ok = spec.code != SUM or d == 0
            if not ok:
                break
            starts.append(out_l[k])
            ends.append(out_l[k + 1])
            ops.append((op_l[k], f, tuple(refs)))
            lens.append(n)
            lags.append(lag)
            k += 1
            if spec.code == SUM:
                break   # its result is one slot: nothing later in the run reads it
        if len(ops) >= 2:
            runs.append(_run(k0, k, ops, lens, lags, out_ptr, args, arg_ptr, reads, need))
        while pos < idx.size and idx[pos] < max(k, k0 + 1):
            pos += 1
    return runs


def _candidates(op, n_of):
    """Per op, whether a run may hold it (``find_runs``; sums aside)."""
    return (IS_ELEMENTWISE[op] | (op == GATHER)) & (n_of >= MIN_N)


def n_candidates(op, out_ptr):
    """How many ops ``find_runs`` looks at one by one."""
    return int(np.count_nonzero(_candidates(op, np.diff(out_ptr))))


def _sums(op, out_ptr, iargs, iarg_ptr):
    """Per op, the length of the block a SumOp adds up whole (parameters (1, m, 1), m >=
    MIN_N), else 0.  Its kernel loop adds as the interpreter's does (reduce._sum_run: four
    accumulators by element index, the tail to the first; tangents one after the other)."""
    out = np.zeros(op.size, dtype=np.int64)
    if iargs is None:
        return out
    ks = np.flatnonzero(op == SUM)
    q = iarg_ptr[ks].astype(np.int64)
    m = iargs[q + 1]
    whole = (iargs[q] == 1) & (iargs[q + 2] == 1) & (m >= MIN_N)
    out[ks[whole]] = m[whole]
    return out


def _run(k0, k1, ops, lens, lags, out_ptr, args, arg_ptr, reads, need):
    """(k0, k1, structure, A, n) of the run of ops k0 .. k1 - 1 (``find_runs``).

    A structure is (ops, local, groups, values): ``values`` (``need``, ``value_needs``) says
    which results' values forward_tangent computes.  A run of one block length whose results
    are read at the same element is *uniform* (groups None).  Otherwise it is *windowed*: ops
    of one lag and length share a group (``_register_forward_tangent``), and
    ``A`` ends with each op's length and lag (a forward sweep computes element i of op r in
    the chunk where a uniform run would compute element i + lag[r]: the elements it reads at
    offsets in the run are then computed), and ``n`` is the longest length plus lag."""
    m = len(ops)
    inner = np.zeros(m, dtype=np.int64)
    at_offset = np.zeros(m, dtype=bool)
    kept = np.ones(m, dtype=bool)     # every reader in the run has the result's lag and length
    for r, (_, _, refs) in enumerate(ops):
        for kind, q in refs:
            if kind == "in":
                inner[q] += 1
                kept[q] &= lags[r] == lags[q] and lens[r] == lens[q]
            elif kind == "at":
                at_offset[q] = True
    local = tuple(bool(inner[r] and reads[k0 + r] == inner[r] and not at_offset[r]
                       and kept[r]) for r in range(m))
    A, gathered = [], []
    for kk in range(k0, k1):
        A.append(int(out_ptr[kk]))
        p = int(arg_ptr[kk])
        if ops[kk - k0][0] == GATHER:   # where in A its slots are (appended below)
            gathered.append((len(A), args[p:p + lens[kk - k0]]))
            A.append(-1)
        else:
            A += [int(args[p + j]) for j in range(len(ops[kk - k0][2]))]
    groups, n = None, lens[0]
    if len(set(lens)) > 1 or any(lags):
        # groups of ops of one lag and length, lags ascending and lengths descending: an op
        # reads results of its own group or of earlier ones (a reader's lag is at least the
        # lag plus offset it reads at, its length at most the length minus that offset)
        keys = sorted(set(zip(lags, lens)), key=lambda t: (t[0], -t[1]))
        groups = tuple(keys.index(t) for t in zip(lags, lens))
        for nr, lr in zip(lens, lags):
            A += [nr, lr]
        n = max(nr + lr for nr, lr in zip(lens, lags))
    tail = []
    for at, slots in gathered:
        A[at] = len(A) + sum(t.size for t in tail)
        tail.append(np.asarray(slots, dtype=np.int64))
    structure = (tuple(ops), local, groups, tuple(bool(v) for v in need[k0:k1]))
    return (k0, k1, structure, np.concatenate([np.array(A, dtype=np.int64)] + tail), n)


VALUE_OPS = 50_000   # ops value_needs follows back from the end of a tape (a Python loop)


def value_needs(op, flags, out_ptr, args, arg_ptr, iargs, first=0):
    """Per op, whether a one-pass tangent sweep (forward_tangent: jvp, hvp) needs its value:
    one read by a partial (its own, y = exp(x) reads y, or a reader's: a product reads both
    factors, sin and cos their argument), by an op whose value is needed, or by an op that
    is neither elementwise nor a copy or sum (taken as needing every operand's value).  The
    outputs' DepOp, which jvp does not run, needs none: a gradient tape's last sums of
    adjoints, and the blocks of which a scalar op that only the outputs read reads one
    element, are neither computed nor stored by fused runs.  Found op by op backwards from
    the end of the tape, to ``first`` (the first op of a fused run) or VALUE_OPS ops back;
    ops before those keep their values."""
    n_ops = op.size
    need = np.ones(n_ops, dtype=bool)
    tail = n_ops - int(n_ops > 0 and op[-1] == DEP)
    start = max(first, tail - VALUE_OPS)
    if start >= tail:
        return need
    length = operand_lengths(op, flags, out_ptr, iargs, arg_ptr,
                             arg_pointers(op, np.diff(out_ptr))[1])
    bounds = np.asarray(out_ptr, dtype=np.int64)
    # a difference array over ops: a read of the outputs of ops a..b adds 1 at b and -1 at
    # a - 1, so the sum from the end of the tape down to k counts the reads of op k
    up = np.zeros(n_ops + 1, dtype=np.int64)
    first_out, bounds_l = int(bounds[0]), bounds.tolist()

    def mark(p, q):
        """The values the operands p..q-1 read (one NumPy pass for a gather's many)."""
        if q - p <= 4:
            for j in range(p, q):
                s = int(args[j])
                e = s + max(int(length[j]), 1) - 1
                if e >= first_out:
                    a = max(bisect.bisect_right(bounds_l, s) - 1, 0)
                    up[bisect.bisect_right(bounds_l, e) - 1] += 1
                    if a:
                        up[a - 1] -= 1
            return
        s = args[p:q].astype(np.int64)
        e = s + np.maximum(length[p:q], 1) - 1
        s, e = s[e >= bounds[0]], e[e >= bounds[0]]   # inputs and constants aside
        a = np.maximum(np.searchsorted(bounds, s, side="right") - 1, 0)
        np.add.at(up, np.searchsorted(bounds, e, side="right") - 1, 1)
        np.add.at(up, a[a > 0] - 1, -1)

    ap, ops, cur, rules = np.asarray(arg_ptr).tolist(), op.tolist(), 0, _value_rules()
    for k in range(tail - 1, start - 1, -1):
        cur += int(up[k])
        p, q = ap[k], ap[k + 1]
        elementwise, own, every, used = rules[ops[k]]
        need[k] = cur > 0 or own
        if need[k] or every:
            mark(p, q)
        elif elementwise:
            for j in used:
                mark(p + j, p + j + 1)
    return need


@functools.lru_cache(maxsize=1)
def _value_rules():
    """Per opcode, for ``value_needs``: (elementwise, whether its value is needed by its own
    partials, whether it needs every operand's value whatever, the operands its partials
    read)."""
    rules = []
    for spec in OPS:
        if spec.kind != ELEMENTWISE:
            rules.append((False, spec.code not in (GATHER, SUM), False, ()))
            continue
        used = partial_reads(spec)
        rules.append((True, reads_y(spec), ranged(spec), tuple(j for j, u in enumerate(used)
                                                            if u)))
    return rules


def _kept(structure, local, twin):
    """Per op of a run, whether its forward sweep stores its value in the arena: a result
    read outside the run (not ``local``: by a later sweep, another segment or the outputs), a
    twin (its slot ends holding its partial), or one a partial reads (``_value_rules``: its
    own, y = exp(x) reads y, or a reader's in the run: a product reads both factors; sin and
    cos read their argument, and their range checks too).  The reverse and tangent sweeps
    read no other value, so the others stay in a chunk buffer: of sum(exp(x) * y), only
    exp's values reach the arena.  A forward sweep's arena holds every value but these (and
    a twin's)."""
    rules = _value_rules()
    kept = [not local[r] or r in twin for r in range(len(structure))]
    for r, (code, _, refs) in enumerate(structure):
        _, own, every, used = rules[code]     # gathers and sums: nothing
        kept[r] = kept[r] or own
        for j, (kind, q) in enumerate(refs):
            if kind in ("in", "at") and (every or j in used):
                kept[q] = True
    return tuple(kept)


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
    if kind == "ix":   # a gather's slot of element i, in A from a{r}_{j} on
        return f"u(A[a{r}_{j} + i])"
    return f"a{r}_{j} + i"


def render(structure):
    """Source of the fused forward, reverse, tangent and forward_tangent of one run
    structure."""
    slots = _slots(structure)
    structure, local, groups, values = structure
    windows = groups is not None
    groups = groups if windows else (0,) * len(structure)
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
    sums = [r for r, (code, _, _) in enumerate(structure) if code == SUM]
    head += [f"hq{r} = n - (n & u(3))" for r in sums]   # (a sum ends a uniform run)
    forward_loops, reverse_loops = _windows(windows)
    twin = {} if windows else _twins(structure, local)
    kept = _kept(structure, local, twin)
    drop = {r: k for k, r in enumerate(r for r in range(len(kept)) if not kept[r])}
    # per op: its loop over the strip (emit.element_loop); values and tangents in the arena,
    # the forward sweep's values that nothing reads after it in the chunk buffer D
    fw, tg = (list(loops) for loops in zip(*_value_tangent_loops(
        structure, forward_loops, twin, drop, "wl" if windows else "lo")))
    if twin:   # the twins' partials into their slots, once the chunk's readers are done
        fw.append(["for i in range(lo, hi):"]
                  + [f"    val[o{r} + i] = C[{k}, i - lo]" for r, k in twin.items()])
    rv = []
    for r, (code, f, refs) in enumerate(structure):
        spec = OPS[code]
        said = provenance(spec)   # each op's statements name its declaration
        if code == SUM:   # the interpreter's statements: g added to every element's
            kind, q = refs[0]
            at = (f"B[{row[q]}, i - lo]" if kind == "in" and local[q]
                  else f"adj0[{_at(refs, r, 0)}]")
            rv.append([said, f"g = adj0[o{r}]", "if g != 0.0:", "    for i in range(lo, hi):",
                       f"        {at} += g"])
            continue
        if code == GATHER:   # the interpreter's statements: adjoints added as they are
            window, each = reverse_loops(r)
            rv.append([said] + window + [each, "    " + (f"g = B[{row[r]}, i - lo]" if local[r]
                                                         else f"g = adj0[o{r} + i]"),
                                         f"    adj0[{_at(refs, r, 0)}] += g"])
            continue
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
                    body += accumulate_select(at, f"val[o{r} + i]" if r in twin
                                              else kernel_expr(d, near))
            return body
        window, each = reverse_loops(r)
        loop = ([each] + ["    " + b for b in r_body(False)] if r in twin
                else element_loop(spec, each, vloads, r_body))
        rv.append([said] + window + loop)
    rv = rv[::-1]
    outs = [r for r in range(len(structure)) if not local[r]]
    # unsigned offsets, as in the interpreters: no negative-index wraparound, so the loops
    # can vectorize; the outputs' adjoints are zeroed after the loop (nothing in the run
    # reads an output's adjoint at another element)
    ends = [f"o{r}:o{r} + u(1)" if r in sums else f"o{r}:o{r} + n{r}" if windows
            else f"o{r}:o{r} + n" for r in outs]
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

    def fn(name, sig, per_op, after, pre=()):
        lines = ["", "", "@jit", f"def {name}({sig}):", "    n = u(n)"]
        lines += ["    " + s for s in head + list(pre) + chunks(per_op) + after]
        return lines

    def fn_k(name, sig, arr, row, per_op, after, start=(), pre=()):
        lines = ["", "", "@jit", f"def {name}({sig}):", "    n = u(n)"]
        lines += ["    " + s for s in head]
        if start:   # the chunk buffer of the adjoints held out of the arena
            lines.append(f"    B = np.empty(({len(local_rows)}, {CHUNK}))")
        lines += [f"    for s in range({arr}.shape[0]):", f"        {row} = {arr}[s]"]
        return lines + ["        " + s for s in list(pre) + chunks(per_op, start) + after]

    src = ['"""GENERATED by numtape/sweeps/fused.py: one fused run of elementwise ops."""']
    src += variants.KERNEL_HEADER
    src += [f"LOCAL = {tuple(local)!r}   # results read only within the run (chunk buffers)"]
    src += [f"TWINS = {tuple(twin)!r}   # results whose slots hold their partials (_twins)"]
    src += [f"KEPT = {tuple(kept)!r}   # results whose values the forward sweep stores (_kept)"]
    src += fn("forward", "val, A, n, adj0, zero", fw, _sum_ends(sums, True, False) + zero_fw,
              ([f"C = np.empty(({len(twin)}, {CHUNK}))"] if twin else [])
              + ([f"D = np.empty(({len(drop)}, {CHUNK}))"] if drop else [])
              + _sum_starts(sums, True, False))
    src += fn_k("reverse", "val, adj, A, n, clear", "adj", "adj0", rv, clear_rv,
                ["B[:, :] = 0.0"] if row else [])
    src += fn_k("tangent", "val, tan, A, n", "tan", "tan0", tg, _sum_ends(sums, False, True),
                pre=_sum_starts(sums, False, True))
    lines = _register_forward_tangent(structure, local, head, groups, forward_loops, values)
    src += lines
    return variants.kernel_source(src)


def _sum_starts(sums, value, tangent):
    """The accumulators of the run's sums (``_sums``), zeroed: four for a value, one for a
    tangent."""
    return ([f"v{r}_0 = v{r}_1 = v{r}_2 = v{r}_3 = 0.0" for r in sums] if value else []) + \
        ([f"w{r} = 0.0" for r in sums] if tangent else [])


def _sum_ends(sums, value, tangent):
    """The run's sums stored, once the chunks are done."""
    return ([f"val[o{r}] = (v{r}_0 + v{r}_1) + (v{r}_2 + v{r}_3)" for r in sums] if value
            else []) + ([f"tan0[o{r}] = w{r}" for r in sums] if tangent else [])


def _sum_loops(r, at, value, tangent, held=None):
    """The chunk's loops of sum r over its operand at address ``at`` (of element i): the
    value in four accumulators by element index up to ``hq{r}``, the rest into the first
    (reduce._sum_run's order), the tangent one element after the other (reduce.sum_tangent).
    ``held``: the operand's row of the forward sweep's chunk buffer D, where it is held
    instead of the arena (``_kept``)."""
    def v(k):
        plus = f" + u({k})" if k else ""
        return f"val[{at}{plus}]" if held is None else f"D[{held}, i{plus} - lo]"
    lines = []
    if value:
        lines += [f"hq = min(hi, hq{r})", "for i in range(lo, hq, u(4)):"]
        lines += [f"    v{r}_{k} += {v(k)}" for k in range(4)]
        lines += ["for i in range(max(lo, hq), hi):", f"    v{r}_0 += {v(0)}"]
    if tangent:
        lines += ["for i in range(lo, hi):", f"    w{r} += tan0[{at}]"]
    return lines


def _register_forward_tangent(structure, local, head, groups, loops, values):
    """forward_tangent as one loop per group of ops (a uniform run is one group; a windowed
    run's ops of one lag and length, ``_run``), per direction and chunk: each element's values
    and tangents of every op of the group in registers, one after the other (``loops``: the
    group's window, that of its first op).  Results read only within their group (``local``)
    are never stored; the others are, in the arena, their values only where ``values`` (then
    computed at all: ``_values``).  A direction recomputes the values (the same bits), so k
    directions cost k value passes: jvp and hvp take one."""
    def operand(r, j, refs, reg, scalar, arena):
        """Operand j of op r: a register of its group, a broadcast scalar loaded before the
        loop, or the arena (``reg``, ``scalar``, ``arena``: v/sv/val or t/st/tan0)."""
        kind, q = refs[j]
        if kind == "in" and groups[q] == groups[r]:
            return f"{reg}{q}"
        return f"{scalar}{r}_{j}" if kind == "sc" else f"{arena}[{_at(refs, r, j)}]"

    def value(r, j, refs):
        return operand(r, j, refs, "rv", "sv", "val")

    def tangent(r, j, refs):
        return operand(r, j, refs, "rt", "st", "tan0")

    # a sum (``_sums``: the last op of a uniform run) adds up its operand after the group's
    # loop, from the arena: the operand is stored there even if only the sum reads it
    sums = [r for r, (code, _, _) in enumerate(structure) if code == SUM]
    summed = {structure[r][2][0][1] for r in sums if structure[r][2][0][0] == "in"}
    valued = [r for r in sums if values[r]]
    lines = ["", "", "@jit", "def forward_tangent(val, tan, A, n):", "    n = u(n)"]
    lines += ["    " + s for s in head]
    lines += ["    for s in range(tan.shape[0]):", "        tan0 = tan[s]"]
    lines += ["        " + s for s in (_sum_starts(valued, True, False)
                                        + _sum_starts(sums, False, True))]
    lines += [f"        for lo in range(u(0), n, u({CHUNK})):",
              f"            hi = min(lo + u({CHUNK}), n)"]
    for g in sorted(set(groups)):
        members = [r for r in range(len(structure)) if groups[r] == g and r not in sums]
        first = members[0]

        def body(near, members=members):
            out = []
            for r in members:
                code, _, refs = structure[r]
                spec = OPS[code]
                out.append(provenance(spec))
                if code == GATHER:   # copies: its value where needed, its tangent
                    out += [f"rv{r} = val[{_at(refs, r, 0)}]"] if values[r] else []
                    out.append(f"rt{r} = tan0[{_at(refs, r, 0)}]")
                    if not local[r] or r in summed:
                        out += [f"val[o{r} + i] = rv{r}"] if values[r] else []
                        out.append(f"tan0[o{r} + i] = rt{r}")
                    continue
                reads = partial_reads(spec) if not values[r] else (True,) * spec.arity
                out += [f"{nm} = {value(r, j, refs)}"
                        for j, nm in enumerate(operand_names(spec)) if reads[j]]
                if values[r]:
                    out += [f"y = {kernel_expr(spec.value_expr, near)}", f"rv{r} = y"]
                if spec.zero_derivative:
                    out.append(f"rt{r} = 0.0")
                else:
                    out.append("t = 0.0")
                    for j, d in enumerate(spec.partial_exprs):
                        out += tangent_select(tangent(r, j, refs), kernel_expr(d, near))
                    out.append(f"rt{r} = t")
                if not local[r] or r in summed:
                    out += [f"val[o{r} + i] = y"] if values[r] else []
                    out += [f"tan0[o{r} + i] = {'0.0' if spec.zero_derivative else 't'}"]
            return out
        check = _range_check(structure, members, value)
        window, each = loops(first)
        # broadcast scalars, which the run does not write, loaded once (a load the loop's
        # stores might alias would be repeated every element, and stop the vectorizer)
        for r in members:
            for j, (kind, _) in enumerate(structure[r][2]):
                if kind == "sc":
                    window += [f"sv{r}_{j} = val[a{r}_{j}]", f"st{r}_{j} = tan0[a{r}_{j}]"]
        if not check:   # whole-range forms (_range_check)
            loop = [each] + ["    " + b for b in body(False)]
        else:   # emit.element_loop's check, over the arguments the group reads
            loop = (["ok = True", each] + ["    " + c for c in check]
                    + ["if ok:", "    " + each] + ["        " + b for b in body(True)]
                    + ["else:", "    " + each] + ["        " + b for b in body(None)])
        lines += ["            " + s for s in window + loop]
    for r in sums:
        lines += ["            " + s for s in [provenance(OPS[SUM])] + _sum_loops(
            r, _at(structure[r][2], r, 0), values[r], True)]
    lines += ["        " + s for s in (_sum_ends(valued, True, False)
                                        + _sum_ends(sums, False, True))]
    return lines


def _twins(structure, local):
    """{r: row of the forward sweep's chunk buffer C} of the run's twins (module docstring):
    sin and cos (``OpSpec.joint``) whose results are read only within the run, at the same
    element, by ops whose partials do not read them (an add, exp's argument: y = exp(x) reads
    y)."""
    unused = [True] * len(structure)
    for code, _, refs in structure:
        if code in (GATHER, SUM):
            continue   # their partials read nothing
        used = partial_reads(OPS[code])
        for j, (kind, q) in enumerate(refs):
            if kind in ("in", "at") and used[j]:
                unused[q] = False
    ks = [r for r, (code, _, _) in enumerate(structure)
          if OPS[code].joint and local[r] and unused[r]]
    return {r: k for k, r in enumerate(ks)}


def _range_check(structure, members, value):
    """The lines testing ``vm.near`` on every argument of sin or cos in a group's ops ([] if
    there is none, or if such an argument is computed in the group: no loop can test it
    before the group's loop computes it, and the whole-range forms give the same bits)."""
    check = []
    for r in members:
        code, _, refs = structure[r]
        spec = OPS[code]
        if code in (GATHER, SUM) or not ranged(spec):
            continue
        names = operand_names(spec)
        for arg in ranged_args(spec):
            used = {n.id for n in ast.walk(ast.parse(arg, mode="eval"))
                    if isinstance(n, ast.Name)} & set(names)
            reads = {nm: value(r, j, refs) for j, nm in enumerate(names) if nm in used}
            if any(v.startswith("rv") for v in reads.values()):
                return []
            check += [f"{nm} = {v}" for nm, v in reads.items()] + [f"ok &= vm.near({arg})"]
    return check


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


def _value_tangent_loops(structure, loops, twin, drop, base):
    """Per op, its loops over the strip: (values, tangents of one direction ``tan0``), in the
    arena.  ``loops(r)``: op r's lines before its loop and the loop's head (``_windows``);
    ``twin``: the twins' rows of the chunk buffer C (``_twins``): their forward loops keep
    the partial there too, their tangent loops read it from the arena.  ``drop``: the rows
    of the chunk buffer D of the values the forward sweep does not store (``_kept``), at
    element i - ``base`` (the first element of the op's loop over the chunk: a result and
    its readers share it)."""
    def operand(refs, r, j, arena):
        kind, q = refs[j]
        if arena == "val" and kind == "in" and q in drop:
            return f"D[{drop[q]}, i - {base}]"
        return f"{arena}[{_at(refs, r, j)}]"

    def stored(r):
        return f"D[{drop[r]}, i - {base}]" if r in drop else f"val[o{r} + i]"

    out = []
    for r, (code, _, refs) in enumerate(structure):
        spec = OPS[code]
        said = provenance(spec)
        window, each = loops(r)
        if code == SUM:
            at, q = _at(refs, r, 0), refs[0][1]
            out.append(([said] + _sum_loops(r, at, True, False, drop.get(q)),
                        [said] + _sum_loops(r, at, False, True)))
            continue
        if code == GATHER:   # copies, as the interpreter's
            out.append(([said] + window + [each, f"    {stored(r)} = {operand(refs, r, 0, 'val')}"],
                        [said] + window + [each, f"    tan0[o{r} + i] = "
                                                 f"{operand(refs, r, 0, 'tan0')}"]))
            continue
        fw_loads = [f"{nm} = {operand(refs, r, j, 'val')}"
                    for j, nm in enumerate(operand_names(spec))]
        loads = [f"{nm} = val[{_at(refs, r, j)}]" for j, nm in enumerate(operand_names(spec))]
        if r in twin:
            fw = [said] + window + element_loop(
                spec, each, fw_loads, lambda near, spec=spec, loads=fw_loads, r=r:
                loads + joint_lines(spec, near)
                + [f"val[o{r} + i] = y", f"C[{twin[r]}, i - lo] = d"])
        else:
            fw = [said] + window + element_loop(
                spec, each, fw_loads, lambda near, spec=spec, loads=fw_loads, r=r:
                loads + [f"{stored(r)} = {kernel_expr(spec.value_expr, near)}"])
        if spec.zero_derivative:
            tg = [said] + window + [each, f"    tan0[o{r} + i] = 0.0"]
        else:
            def t_body(near, spec=spec, loads=loads, r=r, refs=refs):
                t = loads + [f"y = val[o{r} + i]", "t = 0.0"]
                for j, d in enumerate(spec.partial_exprs):
                    t += tangent_select(operand(refs, r, j, "tan0"),
                                        f"val[o{r} + i]" if r in twin
                                        else kernel_expr(d, near))
                return t + [f"tan0[o{r} + i] = t"]
            tg = [said] + window + (
                [each] + ["    " + b for b in t_body(False)] if r in twin
                else element_loop(spec, each, loads, t_body))
        out.append((fw, tg))
    return out


def kernels(structure):
    """The compiled module of one run structure (rendered, written and imported once)."""
    return variants.cached_module(_modules, "numtape_fused_", structure, render)
