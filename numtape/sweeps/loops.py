"""Re-rolled loops: a tape recorded from a Python loop, swept as the loop it came from.

A Python loop over scalars records the same short *body* of scalar elementwise ops K times,
one iteration after another.  ``find_loops`` finds such stretches: ops k0 .. k0 + K*L - 1 whose
opcode and flags repeat with period L (the body length).  Scalar ops write one slot each, in op
order, so body op j of iteration t writes ``o + t*L + j``; each operand is classified across
the K iterations as

* ``("in", j')``: the result of body op j' < j of the same iteration (kept in a register);
* ``("aff",)``: affine in t, ``base + t*stride`` (x[i] has stride 1, a weight or a constant 0,
  the previous iteration's result L): two integers per operand;
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
from numtape.sweeps.emit import (accumulate_if, accumulate_if_carried, check_locals, kernel_expr,
                                 load_operands, operand_names, provenance, tangent_if)

MAX_BODY = 48      # longest body searched for
MIN_REPS = 4       # fewest iterations worth a loop
MIN_OPS = 128      # fewest ops worth a kernel call instead of the interpreter
ARENA, REG, CARRY = 0, 1, 2   # where a body result's adjoint lives (see _describe)
# locals of the rendered kernels (emit.check_locals)
_LOCALS = {"A", "G", "K", "adj", "adj0", "clear", "d", "g", "o", "ob", "r", "t", "tan", "tan0",
           "tt", "tx", "u", "val", "y", "zero"}
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
    one; ``G`` (n_gathered, K) the gathered addresses."""
    n_of = np.diff(out_ptr)
    scalar = IS_ELEMENTWISE[op] & (n_of == 1)
    if np.count_nonzero(scalar) < MIN_OPS:
        return []
    key = op.astype(np.int64) * 256 + flags
    cands = []
    for L in range(1, MAX_BODY + 1):
        for s, K in _stretches(key, scalar, L):
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
            elif j <= jp < L and np.all(a[1:] == a[1] + L * t[:-1]):
                kinds.append(("prev", jp))       # the previous iteration's result of op jp
                A.append(int(a[0]))
                prev_reads[jp] += 1
            elif np.all(a == a[0] + step * t):
                kinds.append(("aff",))
                A += [int(a[0]), step]
            else:
                kinds.append(("gat",))
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
    """Source of the forward, reverse and tangent sweeps of one loop structure."""
    L, body, local = structure
    head, addr, reg = ["o = A[0]"], {}, {}
    na = 1
    ng = 0
    for j, (_, _, kinds) in enumerate(body):
        for p, kind in enumerate(kinds):
            if kind[0] == "aff":
                head += [f"b{j}_{p} = A[{na}]", f"s{j}_{p} = A[{na + 1}]"]
                addr[j, p] = f"u(b{j}_{p} + t * s{j}_{p})"
                na += 2
            elif kind[0] == "prev":
                head.append(f"b{j}_{p} = u(A[{na}])")
                addr[j, p] = f"(b{j}_{p} if t == 0 else ob - u({L - kind[1]}))"
                reg[j, p] = f"(val[b{j}_{p}] if t == 0 else r{kind[1]})"
                na += 1
            elif kind[0] == "gat":
                addr[j, p] = f"u(G[{ng}, t])"
                ng += 1
            else:
                addr[j, p] = f"ob + u({kind[1]})"
                reg[j, p] = f"r{kind[1]}"
    fw, rv, tg = [], [], []
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
    return "\n".join(src) + "\n"


def kernels(structure):
    """The compiled module of one loop structure (rendered, written and imported once)."""
    return variants.cached_module(_modules, "numtape_loop_", structure, render)
