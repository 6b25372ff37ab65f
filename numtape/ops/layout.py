"""The tape's layout: how to walk a tape's arrays, read from the op table.

A tape is ``op, flags, out_ptr, args, iargs, consts, n_in, dep`` (README.md, "The tape,
concretely").  This
module is the one home of the facts every layer needs to walk those arrays: each opcode's arity
and parameter count, where each op's operands and parameters start, and how long each operand
block is.  The flags byte's bits are in ``numtape.ops.flags``.
"""
import ast
import functools

import numpy as np

from numtape.errors import TapeFormatError
from numtape.ops import BLOCK, ELEMENTWISE, OPS, PER_ELEMENT
from numtape.ops.flags import CONST_BIT

# int8: indexed by a tape's opcodes, these make one byte per op, not eight
ARITY = np.array([s.arity for s in OPS], dtype=np.int8)
NPARAMS = np.array([s.nparams for s in OPS], dtype=np.int8)
IS_BLOCK = np.array([s.kind == BLOCK for s in OPS])
IS_ELEMENTWISE = np.array([s.kind == ELEMENTWISE for s in OPS])
_ELEMENTWISE_FIXED = (ARITY > 0) & ~IS_BLOCK   # ops whose operands read their output's length


def arg_pointers(op, size):
    """Start of each op's operands in ``args`` and of its parameters in ``iargs`` (n_ops+1)."""
    arity = ARITY[op]
    nargs = np.where(arity == PER_ELEMENT, size, arity)
    del arity
    arg_ptr = np.zeros(op.size + 1, dtype=np.int64)
    np.cumsum(nargs, out=arg_ptr[1:])
    del nargs
    iarg_ptr = np.zeros(op.size + 1, dtype=np.int64)
    np.cumsum(NPARAMS[op], out=iarg_ptr[1:], dtype=np.int64)
    return arg_ptr, iarg_ptr


def op_params(spec, op, iargs, iarg_ptr):
    """(ks, params): the ops of ``spec`` and their parameters as an (nparams, count) array."""
    ks = np.flatnonzero(op == spec.code)
    return ks, iargs[iarg_ptr[ks][None, :] + np.arange(spec.nparams)[:, None]]


def operand_extents(op, flags, out_ptr, iargs, arg_ptr=None, iarg_ptr=None):
    """For every entry of ``args``: the op that reads it and the length of the block read
    (``operand_lengths``)."""
    if arg_ptr is None:
        arg_ptr, iarg_ptr = arg_pointers(op, np.diff(out_ptr))
    length = operand_lengths(op, flags, out_ptr, iargs, arg_ptr, iarg_ptr)
    return np.repeat(np.arange(op.size), np.diff(arg_ptr)), length


def fixed_operands(op, arg_ptr, ks=None):
    """The operands of the ops with a fixed arity (elementwise and block ops, not gathers):
    ``(k, pos, at)``, each op index repeated once per operand, the operand's position in its
    op and its index in ``args``.  Work per op and operand, not per gathered element.  ``ks``:
    only these ops (indices into ``op``, each of a fixed arity)."""
    fixed = np.flatnonzero(ARITY[op] > 0) if ks is None else ks
    arity = ARITY[op[fixed]].astype(np.int64)
    first = np.cumsum(arity) - arity
    k = np.repeat(fixed, arity)
    pos = np.arange(int(arity.sum())) - np.repeat(first, arity)
    return k, pos, arg_ptr[k] + pos


def operand_lengths(op, flags, out_ptr, iargs, arg_ptr=None, iarg_ptr=None):
    """For every entry of ``args``: the length of the block it reads.

    1 unless set: an elementwise op's operands read its block length (1 where the flags mark a
    broadcast scalar), a block op's the lengths its parameters give.  Work per op and per
    operand of an op with a fixed arity; a gather's per-element operands are only the ones.
    Block-op parameters are checked against their bounds and size rules on the way (raising
    TapeFormatError), so hostile parameters never size an allocation."""
    size = np.diff(out_ptr)
    if arg_ptr is None:
        arg_ptr, iarg_ptr = arg_pointers(op, size)
    arena = int(out_ptr[-1])
    length = np.ones(int(arg_ptr[-1]), dtype=np.int64)
    # elementwise ops writing more than one value (an op of one value reads ones): per op
    # first, so a scalar tape's operands are not visited at all
    k, pos, at = fixed_operands(op, arg_ptr, np.flatnonzero(_ELEMENTWISE_FIXED[op] & (size > 1)))
    bit = (flags[k].astype(np.int64) >> np.minimum(pos, CONST_BIT - 1)) & 1
    length[at] = np.where(bit == 1, 1, size[k])
    for code in np.flatnonzero(np.bincount(op, minlength=len(OPS))):   # the ops present
        spec = OPS[code]
        if spec.kind != BLOCK or spec.sizes is None:
            continue
        ks, params = op_params(spec, op, iargs, iarg_ptr)
        lo = np.array([b[0] for b in spec.bounds], dtype=np.int64)[:, None]
        hi = np.array([arena if b[1] is None else b[1] for b in spec.bounds],
                      dtype=np.int64)[:, None]
        if np.any(params < lo) or np.any(params > hi):
            raise TapeFormatError(f"iargs: {spec.name} parameters out of range")
        # sizes in float64 first: products of hostile parameters must not wrap around
        lens_f, out_f = spec.sizes(params.astype(np.float64))
        if any(np.any(lf > arena) for lf in lens_f) or np.any(out_f != size[ks]):
            raise TapeFormatError(f"iargs: {spec.name} parameters do not match its output "
                                  "size or exceed the arena")
        lens, _ = spec.sizes(params)
        for j, li in enumerate(lens):
            length[arg_ptr[ks] + j] = li
    return length


def op_reads(op, flags, out_ptr, args, iargs, arg_ptr=None):
    """How many operand blocks (of every op, the outputs' DepOp included) overlap each op's
    output block: an int64 array of n_ops (the compiled tiers keep adjoints that nothing else
    reads in registers).  For a scalar op it is the count of reads of its one slot.  O(args
    log ops): each block's first and last op found by bisection, counted by a difference
    array over ops, never over arena slots; the single-slot operands of a gather or DepOp
    with many of them are counted by runs of consecutive slots (a gradient tape's DepOp
    reads millions of slots in a few runs)."""
    if arg_ptr is None:
        arg_ptr, iarg_ptr = arg_pointers(op, np.diff(out_ptr))
    else:
        iarg_ptr = arg_pointers(op, np.diff(out_ptr))[1]
    length = operand_lengths(op, flags, out_ptr, iargs, arg_ptr, iarg_ptr)
    many = np.flatnonzero((ARITY[op] == PER_ELEMENT) & (np.diff(arg_ptr) > _BY_RUNS))
    m = op.size + 1
    # the single slots the many-operand ops read, by runs of consecutive slots
    single = np.zeros(op.size, dtype=np.int64)
    for k in many.tolist():
        single += slot_reads(args[arg_ptr[k]:arg_ptr[k + 1]], out_ptr)
    # every other operand block: one read of each op block it overlaps
    if many.size:
        keep_ranges = np.stack([np.concatenate([[0], arg_ptr[many + 1]]),
                                np.concatenate([arg_ptr[many], [args.size]])], axis=1)
        a = np.concatenate([args[p:q] for p, q in keep_ranges.tolist()]).astype(np.int64)
        length = np.concatenate([length[p:q] for p, q in keep_ranges.tolist()])
    else:
        a = args.astype(np.int64)
    keep = (length > 0) & (a + length > out_ptr[0])     # blocks reaching op outputs
    a, end = a[keep], a[keep] + length[keep]
    first = np.maximum(np.searchsorted(out_ptr, a, side="right") - 1, 0)
    last = np.searchsorted(out_ptr, end - 1, side="right") - 1
    reads = np.cumsum(np.bincount(first, minlength=m) - np.bincount(last + 1, minlength=m))
    return reads[:-1] + single


_BY_RUNS = 64   # a gather or DepOp with more operands than this is counted by runs


def slot_reads(slots, out_ptr):
    """Per op, how many of the single slots ``slots`` (a DepOp's operands) lie in its output
    block: their share of ``op_reads``, found by runs of consecutive slots, each inside one
    op block or below the op outputs (a run counts as that many reads of its block)."""
    if slots.size == 0:
        return np.zeros(out_ptr.size - 1, dtype=np.int64)
    starts, runs = slot_runs(slots, out_ptr)
    hit = starts >= out_ptr[0]
    k = np.searchsorted(out_ptr, starts[hit], side="right") - 1
    return np.bincount(k, weights=runs[hit], minlength=out_ptr.size - 1).astype(np.int64)


def slot_runs(a, out_ptr):
    """(starts, lengths), int64: the runs of consecutive slots in 1-d slot array ``a``, cut
    where a run would leave the inputs and constants or an op's block (``out_ptr``)."""
    b = breaks(a)
    starts = a[np.concatenate([[0], b]).astype(np.int64)].astype(np.int64)
    runs = np.diff(np.concatenate([[0], b, [a.size]])).astype(np.int64)
    f = np.searchsorted(out_ptr, starts, side="right")
    t = np.searchsorted(out_ptr, starts + runs - 1, side="right")
    cross = np.flatnonzero(f != t)
    if cross.size == 0:
        return starts, runs
    s_out, r_out, prev = [], [], 0
    for i in cross.tolist():    # (rare) a run across blocks: cut at each block's start
        s_out.append(starts[prev:i])
        r_out.append(runs[prev:i])
        s, e = int(starts[i]), int(starts[i] + runs[i])
        cuts = np.array([s] + [int(c) for c in out_ptr[f[i]:t[i]]] + [e], dtype=np.int64)
        s_out.append(cuts[:-1])
        r_out.append(np.diff(cuts))
        prev = i + 1
    s_out.append(starts[prev:])
    r_out.append(runs[prev:])
    return np.concatenate(s_out), np.concatenate(r_out)


_STRIDE = 1 << 15   # addresses checked at a time by ``breaks`` (temporaries that stay in cache)


def breaks(a, limit=None):
    """The positions i of 1-d integer array ``a`` where a[i] != a[i - 1] + 1 (ascending),
    found a cache-sized stretch at a time (no temporary as long as ``a``); with ``limit``,
    it stops once it has found more than ``limit`` of them."""
    n = a.size
    if n <= _STRIDE:   # one stretch: no loop, no list
        d = np.flatnonzero(a[1:].astype(np.int64, copy=False) - a[:-1] != 1)
        d += 1
        return d
    found, count = [], 0
    for i in range(1, n, _STRIDE):
        j = min(n, i + _STRIDE)
        d = np.flatnonzero(a[i:j].astype(np.int64, copy=False) - a[i - 1:j - 1] != 1)
        if d.size:
            found.append(d + i)
            count += d.size
            if limit is not None and count > limit:
                break
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


@functools.lru_cache(maxsize=None)
def partial_names(spec, j=None):
    """The names an elementwise op's partial formula j reads (None: any of its partials'):
    its operands' (``OPERAND_NAMES``), its own value ``y``, the formulas' globals."""
    exprs = spec.partial_exprs if j is None else (spec.partial_exprs[j],)
    return frozenset(v.id for e in exprs for v in ast.walk(ast.parse(e, mode="eval"))
                     if isinstance(v, ast.Name))
