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

An operand reading a block of the constant pool reads the first pool block holding the same
bits instead: a tape that inlines another twice (or replays it) holds its constants twice, and
the ops reading either copy are then duplicates.

Redirections point at canonical blocks (an earlier surviving op, an input or constant range),
so chains are resolved as they are created.  Addresses stay in the old numbering; compaction
happens later (compact.py).
"""
import numpy as np

from numtape.ops import OP, OPS, PER_ELEMENT
from numtape.ops.layout import ARITY
from numtape.transforms.passes.dce import op_of, operand_lists
from numtape.transforms.passes.identities import RULES as IDENTITIES, identity_operand
from numtape.ops.flags import BROADCAST_MASK

DEP = OP.DepOp.code
HOST = [s.host for s in OPS]   # host ops (LAPACK, atomic calls) are never folded


class ConstantValues:
    """The values of the constant slots: pool literals from the tape, and the outputs of the
    ops folded so far, each evaluated alone when it is folded (``fold``), from its redirected
    operands, which are all constants.  Nothing else of the arena is computed (nor touched:
    its pages cost nothing until written).  Constants do not depend on x."""

    def __init__(self, F):
        self.F, self.n_in = F, F.n_in
        self.val = np.empty(F.arena_size)
        self.val[F.n_in:int(F.out_ptr[0])] = F.consts

    def fold(self, k, args, iargs):
        self.F.sweeps.forward_one(k, self.val, args, iargs)

    def __getitem__(self, slot):
        return self.val[slot]


def _constant_finder(values):
    """``find(slot)``: the first constant slot holding the bit pattern of ``values[slot]``
    (the old pool is searched sorted; folded scalars are remembered as they are met)."""
    bits = values.F.consts.view(np.int64)
    order = np.argsort(bits, kind="stable")   # stable: the first of equal constants
    pool = bits[order]
    folded = {}

    def find(slot):
        b = np.float64(values[slot]).view(np.int64)
        i = int(np.searchsorted(pool, b))
        if i < pool.size and pool[i] == b:
            return values.n_in + int(order[i])
        first = folded.setdefault(int(b), slot)   # a scalar about to be folded is remembered
        return None if first == slot else first

    return find


def canonicalize(F, arg_ptr, iarg_ptr, args, length, values, runs):
    """Redirected operand starts (old numbering) and the ops to fold (bool per op);
    ``values`` is a ``ConstantValues``, ``runs`` the ``OperandRuns`` that laid out ``args``
    (a gather's operands may be runs of slots: they are keyed with their lengths)."""
    n_ops, n_in, c0 = F.n_ops, F.n_in, int(F.out_ptr[0])
    out_np = F.out_ptr
    out = out_np.tolist()
    owner_np = op_of(F, args)
    many_np, off, (a, owner, lens) = operand_lists(arg_ptr, args, owner_np, length)
    many = many_np.tolist()
    a_np = args.copy()          # the operands of ops with many operands are redirected here
    op, flags, iargs = F.op.tolist(), F.flags.tolist(), F.iargs.tolist()
    ap, iq = arg_ptr.tolist(), iarg_ptr.tolist()
    alias = [-1] * n_ops                  # canonical start of op k's block, or -1
    alias_np = np.full(n_ops, -1, dtype=np.int64)
    fold = bytearray(n_ops)
    # one byte per arena slot (pages never written cost nothing): pool literals and the
    # outputs of folded ops
    is_const = bytearray(F.arena_size)
    is_const[n_in:c0] = b"\x01" * (c0 - n_in)
    is_const_np = np.frombuffer(is_const, dtype=np.uint8)

    def constant(s, m=1):
        """Whether the m slots from s are all constants."""
        return is_const[s] if m == 1 else is_const.find(0, s, s + m) < 0

    def constants(s, m):        # constant() over arrays of blocks
        one = m == 1
        return (is_const_np[s[one]].all()
                and all(constant(*b) for b in zip(s[~one].tolist(), m[~one].tolist())))

    same_constant = _constant_finder(values)
    pool = F.consts.view(np.int64)
    pool_blocks = {}    # (length, first, middle and last bits) -> pool blocks met with them

    def pool_block(s, m):
        """The first block of the constant pool equal bit for bit to pool block [s, s + m)
        (candidates by a few of their values, then compared whole: no copy of the block)."""
        b = pool[s - n_in:s - n_in + m]
        met = pool_blocks.setdefault((m, int(b[0]), int(b[m // 2]), int(b[-1])), [])
        for t in met:   # (up to three values the key is the block itself)
            if t == s or m <= 3 or np.array_equal(pool[t - n_in:t - n_in + m], b):
                return t
        met.append(s)
        return s

    seen = {}
    for k in range(n_ops):
        if many[k]:             # NumPy over the operands args[p:q]
            p, q = ap[k], ap[k + 1]
            s, o, m = a_np[p:q], owner_np[p:q], length[p:q]
            t = np.where(o >= 0, alias_np[o], -1)
            hit = (t >= 0) & (s + m <= out_np[o + 1])
            s[hit] = (t + s - out_np[o])[hit]
            if op[k] == DEP:    # (its operands are no key: nothing merges with it)
                continue
            operands = s.tobytes() + m.tobytes()
        else:                   # Python over the lists' entries p:q
            p, q = off[k], off[k + 1]
            for i in range(p, q):
                o = owner[i]
                if o >= 0:
                    if alias[o] >= 0 and a[i] + lens[i] <= out[o + 1]:
                        a[i] = alias[o] + a[i] - out[o]
                elif n_in <= a[i] and a[i] + lens[i] <= c0:   # equal literals, one block:
                    a[i] = pool_block(a[i], max(lens[i], 1))   # (replays copy their pools)
            operands = tuple(a[p:q]) + (tuple(lens[p:q]) if ARITY[op[k]] == PER_ELEMENT
                                        else ())
        if op[k] == DEP:
            continue
        n = out[k + 1] - out[k]
        # broadcast bits only: the constant bits follow from the addresses (compaction
        # recomputes them), and a redirected operand may have become a constant
        key = (op[k], flags[k] & BROADCAST_MASK, n, operands, tuple(iargs[iq[k]:iq[k + 1]]))
        first = seen.setdefault(key, k)
        if first != k:      # the first may itself be redirected: follow it (no chains)
            alias[k] = alias[first] if alias[first] >= 0 else out[first]
        elif not HOST[op[k]] and (constants(a_np[p:q], length[p:q]) if many[k] else
                                  all(is_const[s] if m == 1 else constant(s, m)
                                      for s, m in zip(a[p:q], lens[p:q]))):
            values.fold(k, runs.slots(k, a_np[p:q], length[p:q]) if many[k] else
                        runs.slots(k, a[p:q], lens[p:q]), iargs[iq[k]:iq[k + 1]])
            same = same_constant(out[k]) if n == 1 else None
            if same is not None:
                alias[k] = same
            else:
                fold[k] = 1
                is_const[out[k]:out[k + 1]] = b"\x01" * n
        elif op[k] in IDENTITIES:
            alias[k] = (identity_operand(op[k], n, a_np[p:q].tolist(), length[p:q].tolist(),
                                         constant, values) if many[k] else
                        identity_operand(op[k], n, a[p:q], lens[p:q], constant, values))
        alias_np[k] = alias[k]
    if not many_np.all():
        a_np[np.repeat(~many_np, np.diff(arg_ptr))] = a
    return a_np, np.frombuffer(bytes(fold), dtype=bool)
