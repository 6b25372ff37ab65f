"""Re-rolled loops: a tape recorded from a Python loop, swept as the loop it came from.

A Python loop over scalars records the same short *body* of scalar elementwise ops K times,
one iteration after another.  ``find_loops`` finds such stretches: ops k0 .. k0 + K*L - 1 whose
opcode and flags repeat with period L (the body length).  Scalar ops write one slot each, in op
order, so body op j of iteration t writes ``o + t*L + j``; each operand is classified across
the K iterations as

* ``("in", j')``: the result of body op j' < j of the same iteration (kept in a register);
* ``("prev", j')``: body op j''s result of the previous iteration (any j': a recurrence
  reads its own, a sum over x[i] and x[i - 1] an earlier op's), the first iteration reading an
  address outside the loop: one integer per operand;
* ``("aff", stride)``: affine in t, ``base + t*stride`` (x[i] has stride 1, a weight or a
  constant 0, another loop's results the stride of its body): two integers per operand.  A
  stride of at most ``BAKED`` slots is part of the structure, a constant of the kernel (LLVM
  then loads a stride of 1 or -1 as vectors and a stride of 3 as three vectors shuffled, where
  a stride it must read from ``A`` takes a gather per element); a longer one (the row length
  of a matrix read row by row) is ``("aff", None)`` and read from ``A``;
* ``("gat",)``: anything else, read through a per-iteration address table (a constant pool
  that deduplicated repeated data values, say).

For each loop *structure* (L, and per body op its opcode, flags and operand kinds) this module
renders three Numba functions from the op table's own formulas, as the interpreter generator
does: ``forward`` (values, iteration by iteration), ``reverse`` (iterations backwards, each
body op's adjoint read, passed to its operands with the interpreter's strong-zero tests) and
``tangent``.  Each executes exactly the ops the interpreter would, in the same order, with the
same expressions, so values, adjoints and tangents are the interpreter's bit for bit: nothing
is re-associated.  What goes away is the interpreter's per-op dispatch (reading opcode, flags,
out_ptr and args for every op): the body is straight-line code and the addresses are
induction variables.  Carried dependencies (W2's ``h[t+1] = tanh(w h[t] + ...)``) need no
special case, since the order of execution is the tape's.

Where most body ops depend on no other iteration (``sequential``: W1's body but its running
sum), the sweeps are *strip-mined* (``_render_strips``): per strip of CHUNK iterations, each
independent op is one loop over the strip in contiguous buffers, which LLVM vectorizes (vmath's
transcendentals inline), then the carried ops run iteration by iteration.  In the values and
tangents only the ops reading a previous iteration's result (and their readers) are carried:
an op that is only read so (the product a gradient tape's adjoint sum reads) runs in the
strip's vector loops, its reader finding the previous iteration's result in the arena
(``values_sequential``); its adjoint, which the next iteration's reader adds to, stays with the
carried ops (``sequential``).  Every result is computed by the same expression from the same
operands, and every adjoint receives its contributions in the interpreter's order, so this form
is bit for bit too.  A strip-mined sin or cos whose value nothing reads after the forward sweep
is a *twin* (``_twins``, as in fused runs): its forward sweep stores its partial, computed with
the value from one reduction, and the tangent and reverse sweeps read it.  The strip-mined
forward sweep stores in the arena only the values that a later sweep, another iteration or an
op after the loop reads (``_stored``); the others stay in the strip's buffers, as a fused run
keeps its chunk-local values (``Sweeps.values`` recomputes every node's).

Addresses and strides are arguments, so one compiled kernel serves every loop of the same
structure whatever its length or place in the arena (the same model recorded again, at another
size, reuses it); the source lands in the variants' cache directory, content-addressed, and
Numba caches its machine code on disk.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import OPS
from numtape.ops.flags import const_flag
from numtape.ops.layout import IS_ELEMENTWISE, op_reads
from numtape.sweeps import variants
from numtape.sweeps.emit import (accumulate_if, accumulate_if_carried,
                                 accumulate_select, check_locals, compile_weights,
                                 element_loop, joint_lines,
                                 kernel_expr, load_operands, operand_names, partial_reads,
                                 provenance, reads_y, tangent_if, tangent_select)

MAX_BODY = 48      # longest body searched for
MAX_BODY_WEIGHT = 80   # heaviest body re-rolled (emit.compile_weights: a body of eight sines
                       # is 97; benchmarks/costs.py, run-compile): a heavier one is interpreted
MIN_REPS = 4       # fewest iterations worth a loop
MIN_OPS = 128      # fewest ops worth a kernel call instead of the interpreter
CHUNK = 256        # iterations per strip of a strip-mined loop (_render_strips)
BAKED = 64         # longest affine stride written into a kernel as a constant
ARENA, REG, CARRY = 0, 1, 2   # where a body result's adjoint lives (see _describe)
# locals of the rendered kernels (emit.check_locals)
_LOCALS = {"A", "B", "C", "D", "E", "G", "K", "Ku", "T", "V", "adj", "adj0", "clear", "d", "g", "i",
           "lo", "ms", "nst", "o", "ob", "ok", "ol", "r", "t", "tan", "tan0", "tt", "tx", "u",
           "val", "w", "y", "z", "zero"}
check_locals(_LOCALS, "loops.py")
_modules: dict = {}


def _stretches(key, scalar, L):
    """(start, K): maximal stretches of ops whose key repeats with period L, K >= MIN_REPS."""
    eq = scalar[:-L] & scalar[L:] & (key[:-L] == key[L:])
    if eq.size == 0:
        return []
    d = np.diff(np.concatenate(([0], eq.view(np.int8), [0])))
    starts, ends = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    K = (ends - starts + L) // L
    keep = (K >= MIN_REPS) & (K * L >= MIN_OPS)
    return list(zip(starts[keep].tolist(), K[keep].tolist()))


def find_loops(op, flags, out_ptr, args, arg_ptr, iargs, reads=None):
    """[(k0, k1, structure, A, G, K)]: the re-rollable loops of ops k0 .. k1 - 1 (module
    docstring), in tape order, not overlapping (``reads``: ops.layout.op_reads, computed
    here if not given).  ``A`` holds the first output address, the
    (base, stride) of every affine operand and the first iteration's address of every carried
    one; ``G`` (n_gathered, K) the gathered addresses.  A body heavier than
    ``MAX_BODY_WEIGHT`` (emit.compile_weights) is not re-rolled: its kernels would take too long
    to compile."""
    n_of = np.diff(out_ptr)
    scalar = IS_ELEMENTWISE[op] & (n_of == 1)
    if np.count_nonzero(scalar) < MIN_OPS:
        return []
    key = op.astype(np.int64) * 256 + flags
    cands = []
    weight = np.cumsum(np.asarray(compile_weights(), dtype=np.int64)[op])
    for L in range(1, MAX_BODY + 1):
        for s, K in _stretches(key, scalar, L):
            if weight[s + L - 1] - (weight[s - 1] if s else 0) <= MAX_BODY_WEIGHT:
                cands.append((K * L, -L, s, K))
    if not cands:
        return []
    cands.sort(key=lambda c: (-c[0], -c[1], c[2]))     # most ops first, then shorter bodies
    taken = np.zeros(op.size, dtype=bool)
    chosen = []
    for cover, negL, s, K in cands:
        L = -negL
        # the longest stretch of whole iterations not yet taken
        free = ~taken[s:s + cover]
        if not free.all():
            K = int(np.argmin(free)) // L
            if K < MIN_REPS or K * L < MIN_OPS or not free[:K * L].all():
                continue
        taken[s:s + K * L] = True
        chosen.append((s, L, K))
    chosen.sort()
    if reads is None:
        reads = op_reads(op, flags, out_ptr, args, iargs, arg_ptr)
    return [_describe(op, flags, out_ptr, args, arg_ptr, reads, s, L, K) for s, L, K in chosen]


def _describe(op, flags, out_ptr, args, arg_ptr, reads, k0, L, K):
    """The structure and address arrays of the loop of K iterations of the body at k0."""
    o = int(out_ptr[k0])
    body, A, G = [], [o], []
    t = np.arange(K)
    inner_reads = np.zeros(L, dtype=np.int64)
    prev_reads = np.zeros(L, dtype=np.int64)
    for j in range(L):
        ks = k0 + j + L * t
        code = int(op[k0 + j])
        kinds = []
        for p in range(OPS[code].arity):
            a = args[arg_ptr[ks] + p].astype(np.int64)
            step = int(a[1] - a[0])
            jj = int(a[0]) - o
            jp = int(a[1]) - o
            if 0 <= jj < j and step == L and np.all(a == a[0] + L * t):
                kinds.append(("in", jj))
                inner_reads[jj] += 1
            elif (0 <= jp < L and np.all(a[1:] == a[1] + L * t[:-1])
                  and (jp >= j or not o <= a[0] < o + K * L)):
                kinds.append(("prev", jp))       # the previous iteration's result of op jp
                A.append(int(a[0]))
                prev_reads[jp] += 1
            else:
                # ("aff"/"gat", "self"): reads results of other iterations of this loop
                mark = ("self",) if np.any((a >= o) & (a < o + K * L)) else ()
                if np.all(a == a[0] + step * t):
                    kinds.append(("aff", step if abs(step) <= BAKED else None) + mark)
                    A += [int(a[0]), step]
                else:
                    kinds.append(("gat",) + mark)
                    G.append(a)
        body.append((code, int(flags[k0 + j]), tuple(kinds)))
    # where each body result's adjoint lives in the reverse sweep: ARENA; REG, a register, if
    # it is read only within its own iteration; CARRY, a register handed to the previous
    # iteration, if it is read only there and by the next iteration (all but the last
    # iteration's, which ops after the loop may read too: that one starts from the arena)
    local = []
    for j in range(L):
        r = reads[k0 + j:k0 + K * L:L]
        if prev_reads[j] == 0 and r.sum() == K * inner_reads[j]:
            local.append(REG)
        elif prev_reads[j] and np.all(r[:-1] == inner_reads[j] + prev_reads[j]):
            local.append(CARRY)
        else:
            local.append(ARENA)
    local = tuple(local)
    G = np.array(G, dtype=np.int64).reshape(len(G), K)
    return k0, k0 + K * L, (L, tuple(body), local), np.array(A, dtype=np.int64), G, K


def render(structure):
    """Source of the forward, reverse and tangent sweeps of one loop structure: strip-mined
    (``_render_strips``) where some body ops do not depend on another iteration, else one
    iteration after another (``_render_serial``)."""
    seq = sequential(structure)
    if seq is None:
        return _render_serial(structure)
    src = ['"""GENERATED by numtape/sweeps/loops.py: one re-rolled loop of scalar ops, '
           'strip-mined."""'] + variants.KERNEL_HEADER
    src += _render_strips(structure, values_sequential(structure), ("forward", "tangent"))
    src += _render_strips(structure, seq, ("reverse",))
    return variants.kernel_source(src)


def _operand_slots(body):
    """(head, rows): the kernel lines reading ``A`` (``o``, the output base; ``b{j}_{p}`` and
    ``s{j}_{p}``, base and stride of affine operand p of body op j, the stride only where the
    structure does not hold it; ``b{j}_{p}``, unsigned,
    the first iteration's address of a previous-iteration operand) and each gathered
    operand's row of ``G``, in ``_describe``'s order."""
    head, rows, na = ["o = A[0]"], {}, 1
    for j, (_, _, kinds) in enumerate(body):
        for p, kind in enumerate(kinds):
            if kind[0] == "aff":
                head.append(f"b{j}_{p} = A[{na}]")
                if kind[1] is None:
                    head.append(f"s{j}_{p} = A[{na + 1}]")
                na += 2
            elif kind[0] == "prev":
                head.append(f"b{j}_{p} = u(A[{na}])")
                na += 1
            elif kind[0] == "gat":
                rows[j, p] = len(rows)
    return head, rows


def _stride(j, p, kind, name):
    """Affine operand p of body op j's stride, as the kernel has it: the structure's constant,
    or the variable ``{name}{j}_{p}`` read from ``A``."""
    return f"{name}{j}_{p}" if kind[1] is None else str(kind[1])


def _step(i, j, p, kind):
    """`` + i * stride`` for an unsigned index ``i`` (a negative constant stride subtracted,
    nothing for a stride of 0)."""
    s = kind[1]
    if s is None:
        return f" + {i} * su{j}_{p}"
    if s == 0:
        return ""
    return f" {'+' if s > 0 else '-'} {i}" + ("" if abs(s) == 1 else f" * u({abs(s)})")


def _previous(j, jp):
    """The register holding body op jp's result of the previous iteration, as body op j reads
    it: ``r{jp}`` if op jp comes at or after op j (not yet overwritten), else the copy
    ``p{jp}`` that ``_saved`` makes at the start of the iteration."""
    return f"r{jp}" if jp >= j else f"p{jp}"


def _saved(body, seq=None):
    """The lines starting an iteration that keep the previous iteration's results of the body
    ops read as such by later body ops (``_previous``), before this iteration overwrites them;
    of the ops in ``seq`` only, when given (the others' are in the arena)."""
    saved = sorted({k[1] for j, (_, _, kinds) in enumerate(body) for k in kinds
                    if k[0] == "prev" and k[1] < j and (seq is None or k[1] in seq)})
    return [f"p{jp} = r{jp}" for jp in saved]


def _render_serial(structure):
    """The sweeps running the body one iteration after another, as the interpreter does."""
    L, body, local = structure
    head, rows = _operand_slots(body)
    addr, reg = {}, {}
    for j, (_, _, kinds) in enumerate(body):
        for p, kind in enumerate(kinds):
            if kind[0] == "aff":
                addr[j, p] = f"u(b{j}_{p} + t * {_stride(j, p, kind, 's')})"
            elif kind[0] == "prev":
                addr[j, p] = f"(b{j}_{p} if t == 0 else ob - u({L - kind[1]}))"
                reg[j, p] = f"(val[b{j}_{p}] if t == 0 else {_previous(j, kind[1])})"
            elif kind[0] == "gat":
                addr[j, p] = f"u(G[{rows[j, p]}, t])"
            else:
                addr[j, p] = f"ob + u({kind[1]})"
                reg[j, p] = f"r{kind[1]}"
    fw, rv, tg = _saved(body), [], []
    for j, (code, f, kinds) in enumerate(body):
        spec = OPS[code]
        said = provenance(spec)   # each op's statements name its declaration
        at = [addr[j, p] for p in range(spec.arity)]
        fw.append(said)
        fw += [f"{nm} = {reg.get((j, p), f'val[{at[p]}]')}"
               for p, nm in enumerate(operand_names(spec))]
        fw += [f"r{j} = {kernel_expr(spec.value_expr)}", f"val[ob + u({j})] = r{j}"]
        loads = load_operands(spec, at.__getitem__)
        tg.append(said)
        if spec.zero_derivative:
            tg.append(f"tan0[ob + u({j})] = 0.0")
        else:
            tg += loads + [f"y = val[ob + u({j})]", "tt = 0.0"]
            for p, d in enumerate(spec.partial_exprs):
                tg += tangent_if(f"tan0[{at[p]}]", kernel_expr(d), t="tt")
            tg.append(f"tan0[ob + u({j})] = tt")
        # reverse: adjoints held in registers q (REG, CARRY; see _describe), the rest in adj0
        step = [said, f"g = q{j}" if local[j] else f"g = adj0[ob + u({j})]"]
        active = [p for p in range(spec.arity) if not f & const_flag(p)]
        if not spec.zero_derivative and active:
            step += ["if g != 0.0:"] + ["    " + s for s in loads]
            step.append(f"    y = val[ob + u({j})]")
            for p in active:
                k = kinds[p]
                d = kernel_expr(spec.partial_exprs[p])
                if k[0] == "in" and local[k[1]]:
                    add = accumulate_if(f"q{k[1]}", d)
                elif k[0] == "prev" and local[k[1]] == CARRY:   # the previous iteration's
                    add = accumulate_if_carried(f"c{k[1]}", f"adj0[{at[p]}]", d)
                else:
                    add = accumulate_if(f"adj0[{at[p]}]", d)
                step += ["    " + s for s in add]
        rv.append(step)
    start = []
    for j in range(L):
        if local[j] == REG:
            start.append(f"q{j} = 0.0")
        elif local[j] == CARRY:     # the last iteration's adjoint starts from the arena
            start += [f"q{j} = adj0[ob + u({j})] if t == K - 1 else c{j}", f"c{j} = 0.0"]
    rv = start + [s for st in rv[::-1] for s in st]

    def fn(name, sig, per_t, after, rows=None, backwards=False, pre=None):
        lines = ["", "", "@jit", f"def {name}({sig}):"] + ["    " + s for s in head + (pre or [])]
        ind = "    "
        if rows:
            lines += [f"    for r in range({rows}.shape[0]):", f"        {rows}0 = {rows}[r]"]
            ind = "        "
        rng = "range(K - 1, -1, -1)" if backwards else "range(K)"
        lines += [f"{ind}for t in {rng}:", f"{ind}    ob = u(o + t * {L})"]
        lines += [f"{ind}    {s}" for s in per_t] + [f"{ind}{s}" for s in after]
        return lines

    # only results whose adjoints live in the arena are zeroed (forward) and cleared (reverse):
    # nothing reads the others' slots (replay, which shows every adjoint, is interpreted)
    held = [j for j in range(L) if local[j] == ARENA]
    fw += ["if zero:"] + [f"    adj0[ob + u({j})] = 0.0" for j in held] if held else []
    rv += ["if clear:"] + [f"    adj0[ob + u({j})] = 0.0" for j in held] if held else []
    last = [f"adj0[u(o + (K - 1) * {L} + {j})] = 0.0" for j in range(L) if local[j] == CARRY]
    src = ['"""GENERATED by numtape/sweeps/loops.py: one re-rolled loop of scalar ops."""']
    src += variants.KERNEL_HEADER
    src += fn("forward", "val, A, G, K, adj0, zero", fw,
              ["if zero and K > 0:"] + ["    " + z for z in last] if last else [],
              pre=[f"r{j} = 0.0" for j in range(L)])   # carried results start in val
    src += fn("reverse", "val, adj, A, G, K, clear", rv,
              ["if clear and K > 0:"] + ["    " + z for z in last] if last else [],
              rows="adj", backwards=True,
              pre=[f"c{j} = 0.0" for j in range(L) if local[j] == CARRY])
    src += fn("tangent", "val, tan, A, G, K", tg, [], rows="tan")
    return variants.kernel_source(src)


def sequential(structure):
    """The body ops that must run one iteration after another: those reading a previous
    iteration's result, those so read, and every op reading one of them.  None where the loop
    runs serially: where they are more than half the body (W2's recurrence: strips would
    add buffer traffic around a scalar loop), or where an operand reads another iteration's
    result other than as the previous iteration's (("aff", stride, "self"),
    ("gat", "self"))."""
    L, body, local = structure
    seq = set()
    for j, (_, _, kinds) in enumerate(body):
        for k in kinds:
            if k[0] == "prev":
                seq |= {j, k[1]}
            elif k[-1] == "self":
                return None
    for j, (_, _, kinds) in enumerate(body):
        if any(k[0] == "in" and k[1] in seq for k in kinds):
            seq.add(j)
    return None if 2 * len(seq) > L else frozenset(seq)


def values_sequential(structure):
    """The body ops whose values and tangents must run one iteration after another (of a loop
    that ``sequential`` strip-mines): those reading a previous iteration's result and every
    op reading one of them.  An op only *read* as the previous iteration's result is not
    among them: its values and tangents are computed for the whole strip first, so the
    reader finds the previous iteration's in the arena (its adjoint, which the next
    iteration's reader adds to, still runs with the sequential ops: ``sequential``)."""
    L, body, _ = structure
    seq = {j for j, (_, _, kinds) in enumerate(body) if any(k[0] == "prev" for k in kinds)}
    for j, (_, _, kinds) in enumerate(body):
        if any(k[0] == "in" and k[1] in seq for k in kinds):
            seq.add(j)
    return frozenset(seq)


def _twins(body, local, seq):
    """The strip-mined loop's twins (``OpSpec.joint``: sin, cos), as fused runs have them: body
    ops computed in the strip's vector loops whose results are read only within their
    iteration, by ops whose partials do not read them.  The forward sweep stores a twin's
    partial in its slot (computed with its value, one reduction), and the tangent and reverse
    sweeps read it there."""
    unused = [True] * len(body)
    for code, _, kinds in body:
        used = partial_reads(OPS[code])
        for p, k in enumerate(kinds):
            if k[0] == "in" and used[p]:
                unused[k[1]] = False
    return [j for j, (code, _, _) in enumerate(body)
            if OPS[code].joint and j not in seq and local[j] == REG and unused[j]]


def _stored(structure):
    """Per body op, whether the strip-mined forward sweep stores its value in the arena every
    iteration: a result that ops after the loop or another iteration may read there
    (``local`` ARENA; CARRY, unless its readers of the next iteration read it in a register
    and no partial reads it: then only the last iteration's is stored, after the loop), a
    twin (its slot holds its partial), or one a partial reads (its own ``y``, a reader's
    operand).  The others stay in the strip's buffers: values nothing reads after the
    forward sweep (W1's 0.5 x, the sum inside exp, the product added to the running sum, the
    running sum itself), as a fused run leaves its chunk-local values (fused.py, ``_kept``).
    Whatever a tangent or reverse sweep reads is among the stored, in both of its
    renderings (``sequential``, ``values_sequential``)."""
    L, body, local = structure
    vseq = values_sequential(structure)
    twins = set(_twins(body, local, sequential(structure)))
    out = [local[j] == ARENA or j in twins
           or (local[j] == CARRY and j not in vseq)
           or (reads_y(OPS[body[j][0]]) and not OPS[body[j][0]].zero_derivative)
           for j in range(L)]
    for code, _, kinds in body:
        spec = OPS[code]
        if spec.zero_derivative:
            continue
        used = partial_reads(spec)
        for p, k in enumerate(kinds):
            if k[0] in ("in", "prev") and used[p]:
                out[k[1]] = True
    return tuple(out)


def _values_read(body, ind, seq, twins=()):
    """The independent results whose values the tangent and reverse sweeps of independent ops
    read (operands a partial reads, or ``y`` in a partial; the twins' partials); sequential
    ops read the arena."""
    out = set(twins)
    for j in ind:
        code, _, kinds = body[j]
        spec = OPS[code]
        if spec.zero_derivative:
            continue
        used = partial_reads(spec)
        out |= {k[1] for p, k in enumerate(kinds) if k[0] == "in" and used[p]}
        if reads_y(spec):
            out.add(j)
    return sorted(out)


def _render_strips(structure, seq, names):
    """The sweeps strip-mined: per strip of CHUNK iterations, each independent body op (not
    in ``seq``) is one loop over the strip, its values and tangents in contiguous buffers (a
    loop LLVM vectorizes, with vmath's transcendentals), and the ops of ``seq`` run after them
    iteration by iteration, with the serial sweeps' statements.  The same expressions in the
    same order per result, so values and tangents are the interpreter's bit for bit.  So are
    adjoints: a result's adjoint sums its readers' contributions in the interpreter's order
    (a sequential op's contributions to independent results wait in buffers ``E`` until its
    place in the backward pass over the body), and contributions to operands outside the loop
    wait in buffers ``D`` and are added, after each strip, iteration by iteration backwards,
    ops backwards, as the interpreter adds them."""
    L, body, local = structure
    ind = [j for j in range(L) if j not in seq]
    twins = _twins(body, local, sequential(structure))   # one set for every sweep
    head, rows = _operand_slots(body)
    head.append("Ku = u(K)")
    strip, aff = [], {}   # strip: each affine operand's address at the strip's first element
    for j, (_, _, kinds) in enumerate(body):
        for p, kind in enumerate(kinds):
            if kind[0] == "aff":   # unsigned, as the strip's indices are
                head.append(f"bu{j}_{p} = u(b{j}_{p})")
                if kind[1] is None:
                    head.append(f"su{j}_{p} = u(s{j}_{p})")
                strip.append(f"bl{j}_{p} = bu{j}_{p}{_step('lo', j, p, kind)}")
                aff[j, p] = f"bl{j}_{p}{_step('i', j, p, kind)}"
            elif kind[0] == "prev":
                aff[j, p] = f"(b{j}_{p} if t == 0 else ob - u({L - kind[1]}))"
            elif kind[0] == "gat":
                aff[j, p] = f"u(G[{rows[j, p]}, lo + i])"
            else:
                aff[j, p] = f"ob + u({kind[1]})"
    # rows of the buffers: D, a contribution to an operand outside the loop; E, a sequential
    # op's contribution to an independent result
    drow, erow = {}, {}
    for j, (code, f, kinds) in enumerate(body):
        if OPS[code].zero_derivative:
            continue
        for p, k in enumerate(kinds):
            if f & const_flag(p):
                continue
            if k[0] in ("aff", "gat", "prev"):
                drow[j, p] = len(drow)
            elif j in seq and k[1] not in seq:
                erow[j, p] = len(erow)

    def buffers(names):
        """Allocate the strip buffers ``names`` (of V, T, B, D, E) and name their rows."""
        rows = {"V": ("vv", ind), "T": ("tv", ind), "B": ("bb", ind), "C": ("cc", twins),
                "D": ("dd", range(len(drow))), "E": ("ee", range(len(erow)))}
        out = []
        for b in names:
            pre, rs = rows[b]
            if rs:
                out.append(f"{b} = np.empty(({max(rs) + 1}, {CHUNK}))")
                out += [f"{pre}{r} = {b}[{r}]" for r in rs]
        return out
    up = "for i in range(ms):"
    down = ["for w in range(ms):", "    i = ms - u(1) - w"]
    at_t = ["    t = lo + i", f"    ob = ol + i * u({L})"]

    def strips(backwards, inner):
        """The loop over the strips (backwards in the reverse sweep) around ``inner``."""
        first = "u((nst - 1 - z) * " + str(CHUNK) + ")" if backwards else f"u(z * {CHUNK})"
        lines = ["for z in range(nst):", f"    lo = {first}", f"    ms = min(Ku - lo, u({CHUNK}))",
                 f"    ol = u(o) + lo * u({L})"]
        return lines + ["    " + s for s in strip + inner]

    def value(j, p, k):
        """Operand p of independent op j at element i of the strip."""
        return f"vv{k[1]}[i]" if k[0] == "in" else f"val[{aff[j, p]}]"

    def ind_loads(j):
        spec, kinds = OPS[body[j][0]], body[j][2]
        return [f"{nm} = {value(j, p, kinds[p])}" for p, nm in enumerate(operand_names(spec))]

    # ---- forward ----
    fw = []
    for j in ind:
        spec = OPS[body[j][0]]
        loads = ind_loads(j)
        if j in twins:
            fw += [provenance(spec)] + element_loop(
                spec, up, loads, lambda near, spec=spec, loads=loads, j=j:
                loads + joint_lines(spec, near) + [f"vv{j}[i] = y", f"cc{j}[i] = d"])
        else:
            fw += [provenance(spec)] + element_loop(
                spec, up, loads, lambda near, spec=spec, loads=loads, j=j:
                loads + [f"vv{j}[i] = {kernel_expr(spec.value_expr, near)}"])
    stored = _stored(structure)
    kept = [j for j in ind if stored[j]]
    if kept:
        fw += [up, f"    ob = ol + i * u({L})"] + [
            f"    val[ob + u({j})] = {'cc' if j in twins else 'vv'}{j}[i]" for j in kept]
    if seq:
        fw += [up] + at_t + ["    " + s for s in _saved(body, seq)]
        for j in sorted(seq):
            code, _, kinds = body[j]
            spec = OPS[code]
            ops = []
            for p, nm in enumerate(operand_names(spec)):
                k = kinds[p]
                if k[0] == "in":
                    ops.append(f"{nm} = {f'r{k[1]}' if k[1] in seq else f'vv{k[1]}[i]'}")
                elif k[0] == "prev" and k[1] in seq:
                    ops.append(f"{nm} = (val[b{j}_{p}] if t == 0 else {_previous(j, k[1])})")
                else:
                    ops.append(f"{nm} = val[{aff[j, p]}]")
            fw += ["    " + s for s in [provenance(spec)] + ops + [
                f"r{j} = {kernel_expr(spec.value_expr)}"]
                + ([f"val[ob + u({j})] = r{j}"] if stored[j] else [])]
    held = [j for j in range(L) if local[j] == ARENA]
    if held:
        fw += ["if zero:", "    " + up, f"        ob = ol + i * u({L})"]
        fw += [f"        adj0[ob + u({j})] = 0.0" for j in held]
    last = [f"adj0[u(o + (K - 1) * {L} + {j})] = 0.0" for j in range(L) if local[j] == CARRY]
    # the last iteration's value of a carried result not stored every iteration: ops after
    # the loop may read it
    final = [f"val[u(o + (K - 1) * {L} + {j})] = r{j}" for j in sorted(seq)
             if local[j] == CARRY and not stored[j]]

    # ---- tangent ----
    tg = [up, f"    ob = ol + i * u({L})"] + [f"    vv{j}[i] = val[ob + u({j})]"
                                               for j in _values_read(body, ind, seq, twins)]
    for j in ind:
        code, f, kinds = body[j]
        spec = OPS[code]
        if spec.zero_derivative:
            tg += [provenance(spec), up, f"    tv{j}[i] = 0.0"]
            continue
        loads = ind_loads(j)

        def t_body(near, spec=spec, loads=loads, j=j, kinds=kinds):
            out = loads + [f"y = vv{j}[i]", "tt = 0.0"]
            for p, d in enumerate(spec.partial_exprs):
                k = kinds[p]
                tx = f"tv{k[1]}[i]" if k[0] == "in" else f"tan0[{aff[j, p]}]"
                out += tangent_select(tx, f"vv{j}[i]" if j in twins else kernel_expr(d, near),
                                      t="tt")
            return out + [f"tv{j}[i] = tt"]
        tg += [provenance(spec)] + ([up] + ["    " + b for b in t_body(False)] if j in twins
                                    else element_loop(spec, up, loads, t_body))
    tg += [up, f"    ob = ol + i * u({L})"] + [f"    tan0[ob + u({j})] = tv{j}[i]" for j in ind]
    if seq:
        tg += [up] + at_t
        for j in sorted(seq):
            code, _, kinds = body[j]
            spec = OPS[code]
            at = [aff[j, p] for p in range(spec.arity)]
            st = [provenance(spec)]
            if spec.zero_derivative:
                st.append(f"tan0[ob + u({j})] = 0.0")
            else:
                st += load_operands(spec, at.__getitem__) + [f"y = val[ob + u({j})]", "tt = 0.0"]
                for p, d in enumerate(spec.partial_exprs):
                    st += tangent_if(f"tan0[{at[p]}]", kernel_expr(d), t="tt")
                st.append(f"tan0[ob + u({j})] = tt")
            tg += ["    " + s for s in st]

    # ---- reverse ----
    rv = [up, f"    ob = ol + i * u({L})"] + [f"    vv{j}[i] = val[ob + u({j})]"
                                               for j in _values_read(body, ind, seq, twins)]
    rv += [f"    bb{j}[i] = adj0[ob + u({j})]" if local[j] == ARENA else f"    bb{j}[i] = 0.0"
           for j in ind]
    if seq:
        rv += down + at_t
        for j in sorted(seq):
            if local[j] == REG:
                rv.append(f"    q{j} = 0.0")
            elif local[j] == CARRY:
                rv += [f"    q{j} = adj0[ob + u({j})] if t == Ku - u(1) else c{j}",
                       f"    c{j} = 0.0"]
        for j in sorted(seq, reverse=True):
            code, f, kinds = body[j]
            spec = OPS[code]
            at = [aff[j, p] for p in range(spec.arity)]
            st = [provenance(spec)]
            st += [f"dd{drow[j, p]}[i] = 0.0" for p in range(spec.arity) if (j, p) in drow]
            st += [f"ee{erow[j, p]}[i] = 0.0" for p in range(spec.arity) if (j, p) in erow]
            st.append(f"g = q{j}" if local[j] else f"g = adj0[ob + u({j})]")
            active = [p for p in range(spec.arity) if not f & const_flag(p)]
            if not spec.zero_derivative and active:
                st += ["if g != 0.0:"] + ["    " + s for s in load_operands(spec, at.__getitem__)]
                st.append(f"    y = val[ob + u({j})]")
                for p in active:
                    k = kinds[p]
                    d = kernel_expr(spec.partial_exprs[p])
                    if k[0] == "in" and k[1] not in seq:
                        add = accumulate_if(f"ee{erow[j, p]}[i]", d, op="=")
                    elif k[0] == "in":
                        add = accumulate_if(f"q{k[1]}" if local[k[1]] else f"adj0[{at[p]}]", d)
                    elif k[0] == "prev":
                        carried = (f"c{k[1]}" if local[k[1]] == CARRY
                                   else f"adj0[ob - u({L - k[1]})]")
                        add = accumulate_if_carried(carried, f"dd{drow[j, p]}[i]", d, op="=")
                    else:
                        add = accumulate_if(f"dd{drow[j, p]}[i]", d, op="=")
                    st += ["    " + s for s in add]
            rv += ["    " + s for s in st]
        held_seq = [j for j in sorted(seq) if local[j] == ARENA]
        if held_seq:
            rv += ["    if clear:"] + [f"        adj0[ob + u({j})] = 0.0" for j in held_seq]
    for j in range(L - 1, -1, -1):
        code, f, kinds = body[j]
        spec = OPS[code]
        if j in seq:     # its contributions to independent results, in its place
            for p in range(spec.arity):
                if (j, p) in erow:
                    rv += [up, f"    bb{kinds[p][1]}[i] += ee{erow[j, p]}[i]"]
            continue
        active = [p for p in range(spec.arity) if not f & const_flag(p)]
        if spec.zero_derivative or not active:
            rv.append(provenance(spec) + " (passes nothing back)")
            continue
        loads = ind_loads(j)

        def r_body(near, spec=spec, loads=loads, j=j, kinds=kinds, active=active):
            out = [f"g = bb{j}[i]"] + loads + [f"y = vv{j}[i]"]
            for p in active:
                k = kinds[p]
                d = f"vv{j}[i]" if j in twins else kernel_expr(spec.partial_exprs[p], near)
                if k[0] == "in":
                    out += accumulate_select(f"bb{k[1]}[i]", d)
                else:
                    out += accumulate_select(f"dd{drow[j, p]}[i]", d, op="=")
            return out
        rv += [provenance(spec)] + ([up] + ["    " + b for b in r_body(False)] if j in twins
                                    else element_loop(spec, up, loads, r_body))
    # contributions to operands outside the loop, in the interpreter's order
    scatter = []
    for j in range(L - 1, -1, -1):
        for p in range(len(body[j][2])):
            if (j, p) in drow:
                k = body[j][2][p]
                line = f"adj0[{aff[j, p]}] += dd{drow[j, p]}[i]"
                scatter += ["if t == 0:", "    " + line.replace(aff[j, p], f"b{j}_{p}")] \
                    if k[0] == "prev" else [line]
    held_ind = [j for j in ind if local[j] == ARENA]
    if scatter or held_ind:
        rv += down + at_t + ["    " + s for s in scatter]
        rv += [f"    adj0[ob + u({j})] = 0.0 if clear else bb{j}[i]" for j in held_ind]

    def fn(name, sig, bufs, inner, after, rows=None, backwards=False, pre=()):
        lines = ["", "", "@jit", f"def {name}({sig}):"]
        lines += ["    " + s for s in head + buffers(bufs) + list(pre)]
        lines.append(f"    nst = (K + {CHUNK - 1}) // {CHUNK}")
        ind_ = "    "
        if rows:
            lines += [f"    for r in range({rows}.shape[0]):", f"        {rows}0 = {rows}[r]"]
            ind_ = "        "
        lines += [ind_ + s for s in strips(backwards, inner)]
        return lines + [ind_ + s for s in after]

    src = []
    if "forward" in names:
        src += fn("forward", "val, A, G, K, adj0, zero", "VC", fw,
                  (["if K > 0:"] + ["    " + z for z in final] if final else [])
                  + (["if zero and K > 0:"] + ["    " + z for z in last] if last else []),
                  pre=[f"r{j} = 0.0" for j in sorted(seq)])
    if "reverse" in names:
        src += fn("reverse", "val, adj, A, G, K, clear", "VBDE", rv,
                  ["if clear and K > 0:"] + ["    " + z for z in last] if last else [],
                  rows="adj", backwards=True,
                  pre=[f"c{j} = 0.0" for j in range(L) if local[j] == CARRY])
    if "tangent" in names:
        src += fn("tangent", "val, tan, A, G, K", "VT", tg, [], rows="tan")
    return src


def kernels(structure):
    """The compiled module of one loop structure (rendered, written and imported once)."""
    return variants.cached_module(_modules, "numtape_loop_", structure, render)
