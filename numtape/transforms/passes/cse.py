"""The forward pass of ``simplify("optimize")``: common subexpressions, folding, identities.

Ops are visited in order.  Each op's operands are first redirected to canonical blocks; then
the op is

* merged into an earlier op with the same opcode, broadcast flags, output size, (redirected)
  operands and integer parameters: both compute the same block, so readers of the later one
  read the earlier one.  Only operand blocks lying wholly inside the duplicate are
  redirected; a block straddling it and another output keeps the duplicate alive (dead-code
  elimination drops it otherwise);
* or marked for folding when every operand is a constant (a literal of the constant pool or
  the output of an op already marked; host ops excepted, as they may raise), transitively:
  such a value is the same at every input, so it is evaluated once.  Nothing that depends on
  an input is ever folded, so record-time input values are never baked in.  A folded scalar
  equal (bit for bit) to an existing constant is redirected to it, so later ops reading
  either are recognised as duplicates;
* or redirected to one of its operands by an exact identity (identities.py).

Redirections point at canonical blocks (an earlier surviving op, an input or constant range),
so chains are resolved as they are created.  Addresses stay in the old numbering; compaction
happens later (compact.py).
"""
import numpy as np

from numtape.ops import OP, OPS
from numtape.transforms.passes.dce import slot_owner
from numtape.transforms.passes.identities import identity_operand
from numtape.ops.flags import BROADCAST_MASK

DEP = OP.DepOp.code
HOST = [s.host for s in OPS]   # host ops (LAPACK, atomic calls) are never folded


def constant_values(F):
    """The arena after one forward sweep at x = 0, in fresh arrays (F's workspaces untouched).

    Only constant slots and the outputs of constant-only ops are read from it: those do not
    depend on x.
    """
    val = F.sweeps.fresh_arena()
    # host ops and calls are never folded: they are not run (NaN)
    F.sweeps.run_forward(val, work=np.empty(F.sweeps.work_size), hosts=False)
    return val


def _constant_finder(values, n_in, c0):
    """``find(slot)``: the first constant slot holding the bit pattern of ``values[slot]``
    (the old pool is searched sorted; folded scalars are remembered as they are met)."""
    bits = values.view(np.int64)
    order = np.argsort(bits[n_in:c0], kind="stable")   # stable: the first of equal constants
    pool = bits[n_in:c0][order]
    folded = {}

    def find(slot):
        b = bits[slot]
        i = int(np.searchsorted(pool, b))
        if i < pool.size and pool[i] == b:
            return n_in + int(order[i])
        first = folded.setdefault(int(b), slot)   # a scalar about to be folded is remembered
        return None if first == slot else first

    return find


def canonicalize(F, arg_ptr, iarg_ptr, args, length, values):
    """Redirected operand starts (old numbering) and the ops to fold (bool per op)."""
    n_ops, n_in, c0 = F.n_ops, F.n_in, int(F.out_ptr[0])
    owner = slot_owner(F).tolist()
    start, end = F.out_ptr[:-1].tolist(), F.out_ptr[1:].tolist()
    op, flags, iargs = F.op.tolist(), F.flags.tolist(), F.iargs.tolist()
    ap, iq = arg_ptr.tolist(), iarg_ptr.tolist()
    a, lens = args.tolist(), length.tolist()
    alias = [-1] * n_ops                  # canonical start of op k's block, or -1
    is_const = np.zeros(F.arena_size, dtype=bool)
    is_const[n_in:c0] = True
    fold = np.zeros(n_ops, dtype=bool)
    same_constant = _constant_finder(values, n_in, c0)
    seen = {}
    for k in range(n_ops):
        p, q = ap[k], ap[k + 1]
        for i in range(p, q):
            s = a[i]
            o = owner[s]
            if o >= 0 and alias[o] >= 0 and s + lens[i] <= end[o]:
                a[i] = alias[o] + s - start[o]
        if op[k] == DEP:
            continue
        n = end[k] - start[k]
        # broadcast bits only: the constant bits follow from the addresses (compaction
        # recomputes them), and a redirected operand may have become a constant
        key = (op[k], flags[k] & BROADCAST_MASK, n, tuple(a[p:q]),
               tuple(iargs[iq[k]:iq[k + 1]]))
        first = seen.setdefault(key, k)
        if first != k:      # the first may itself be redirected: follow it (no chains)
            alias[k] = alias[first] if alias[first] >= 0 else start[first]
        elif not HOST[op[k]] and all(is_const[s] if m == 1 else is_const[s:s + m].all()
                                     for s, m in zip(a[p:q], lens[p:q])):
            same = same_constant(start[k]) if n == 1 else None
            if same is not None:
                alias[k] = same
            else:
                fold[k] = True
                is_const[start[k]:end[k]] = True
        else:
            t = identity_operand(op[k], n, a[p:q], lens[p:q], is_const, values)
            if t is not None:
                alias[k] = t
    return np.array(a, dtype=np.int64), fold
