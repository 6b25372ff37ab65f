"""Arena compaction: lay out what a pass kept and rebuild the arrays of a new Tape.

Every mode of ``simplify`` ends here.  The new arena is the inputs, the new constant pool (the
old constants still read, then the folded op blocks still read, in address order) and the kept
ops in op order.  Each region keeps address order, so an operand block that read consecutive
slots still does; ``compact`` checks this rather than assuming it, because a wrong address
would silently read another value.

The old -> new address map is held as pieces (the inputs, each old constant, each op's block),
not one entry per arena slot: a vectorized tape's arena is millions of slots over a few hundred
ops.
"""
import numpy as np

from numtape.ops.layout import ARITY, arg_pointers
from numtape.ops.flags import BROADCAST_MASK, MAX_MARKED, const_flag


def constants_read(n_in, c0, starts, lengths):
    """Bool mask of the old constants ``[n_in, c0)`` covered by the operand blocks
    ``[start, start + length)``."""
    ends = starts + lengths
    hit = (starts < c0) & (ends > n_in)
    lo = np.clip(starts[hit], n_in, c0) - n_in
    hi = np.clip(ends[hit], n_in, c0) - n_in
    m = c0 - n_in + 1
    return np.cumsum(np.bincount(lo, minlength=m) - np.bincount(hi, minlength=m))[:-1] > 0


class AddressMap:
    """Old -> new arena addresses, by pieces: the inputs (kept in place) are one piece, each
    run of old constants that are all kept or all dropped one, and each op's block one;
    ``new`` gives each piece's new start, or -1 when the piece is dropped."""

    def __init__(self, out_ptr, n_in, const_new, op_new):
        # runs of constants: kept ones are renumbered consecutively, so a run of kept
        # constants lands on consecutive slots, as one block
        flip = np.flatnonzero(np.diff(const_new >= 0)) + 1
        run = np.concatenate([[0], flip]) if const_new.size else np.zeros(0, dtype=np.int64)
        run_size = np.diff(np.concatenate([run, [const_new.size]]))
        self.old = np.concatenate([[0], n_in + run, out_ptr[:-1]]).astype(np.int64)
        self.new = np.concatenate([[0], const_new[run], op_new]).astype(np.int64)
        size = np.concatenate([[n_in], run_size, np.diff(out_ptr)]).astype(np.int64)
        # breaks[i]: how many times the map is discontinuous up to piece i (empty pieces,
        # which no slot falls in, are skipped)
        full = np.flatnonzero(size > 0)
        n, m = self.new[full], size[full]
        step = np.zeros(full.size, dtype=np.int64)
        step[1:] = (n[1:] < 0) | (n[:-1] < 0) | (n[1:] != n[:-1] + m[:-1])
        self.breaks = np.zeros(self.new.size, dtype=np.int64)
        self.breaks[full] = np.cumsum(step)

    def piece(self, slots):
        # the last piece starting at or below the slot (an empty piece shares its start with
        # the next one, which holds the slot)
        return np.searchsorted(self.old, slots, side="right") - 1

    def blocks(self, starts, lengths):
        """New starts of the old blocks ``[start, start + length)``; raises RuntimeError when
        one of them is not mapped, or not onto consecutive slots."""
        i = self.piece(starts)
        new = self.new[i]
        bad = new < 0
        wide = np.flatnonzero(lengths > 1)       # blocks that may span several pieces
        if wide.size:
            j = self.piece(starts[wide] + lengths[wide] - 1)
            bad[wide] |= self.breaks[i[wide]] != self.breaks[j]
        if bad.any():
            raise RuntimeError("simplify: an operand block would not survive compaction "
                               "(please report this tape)")
        return new + starts - self.old[i]


def compact(F, keep, pooled, args, length, values, runs):
    """The Tape of F's ops where ``keep`` is True, the blocks of the ``pooled`` ops moved into
    the constant pool, renumbered.

    Parameters
    ----------
    F : Tape
    keep, pooled : bool ndarray (n_ops)
        Ops kept as ops, in their order (the DepOp, last, must be kept), and folded ops whose
        blocks become constants.
    args, length : int64 ndarray (one per operand block, ``runs.arg_ptr``)
        Every operand's start address (old numbering, possibly redirected by a pass) and the
        length of the block it reads.
    values : ConstantValues or None
        The values of the pooled ops' slots (None when nothing is pooled).
    runs : OperandRuns
        How ``args`` and ``length`` are laid out (``runs.arg_ptr``): gathers and the DepOp
        with many operands read runs of slots, one per slot again in the new tape.

    The constant bits of the flags are recomputed (operands that now lie in the pool are
    marked, as the recorder does); the broadcast bits are kept.  The new Tape validates itself.
    """
    n_in, c0 = F.n_in, int(F.out_ptr[0])
    size = np.diff(F.out_ptr).astype(np.int64)
    iarg_ptr = arg_pointers(F.op, size)[1]
    arg_ptr = runs.arg_ptr
    owner = np.repeat(np.arange(F.n_ops), np.diff(arg_ptr))
    mine = keep[owner]
    starts, lens = args[mine], length[mine]

    # the pool: old constants still read, then the pooled blocks, in address order
    read = constants_read(n_in, c0, starts, lens)
    n_read = int(np.count_nonzero(read))
    const_new = np.full(c0 - n_in, -1, dtype=np.int64)
    const_new[read] = n_in + np.arange(n_read)
    pool_size = np.where(pooled, size, 0)
    base = n_in + n_read + int(pool_size.sum())
    kept_size = np.where(keep, size, 0)
    op_new = np.where(pooled, n_in + n_read + np.cumsum(pool_size) - pool_size,
                      np.where(keep, base + np.cumsum(kept_size) - kept_size, -1))
    consts = np.concatenate([F.consts[read]] + [values.val[F.out_ptr[k]:F.out_ptr[k + 1]]
                                                 for k in np.flatnonzero(pooled).tolist()])
    where = AddressMap(F.out_ptr, n_in, const_new, op_new)
    new_args = where.blocks(starts, lens)
    out_ptr = np.concatenate([[base], base + np.cumsum(size[keep])])

    new_owner = np.cumsum(keep) - 1
    pos = (np.arange(args.size) - arg_ptr[owner])[mine]
    marked = ((new_args >= n_in) & (new_args + lens <= base) & (pos < MAX_MARKED)
              & (ARITY[F.op[owner[mine]]] > pos))
    flags = F.flags[keep] & np.uint8(BROADCAST_MASK)
    np.bitwise_or.at(flags, new_owner[owner[mine]][marked],
                     const_flag(pos[marked]).astype(np.uint8))
    new_args = runs.expand(owner[mine], new_args, lens)
    iargs = F.iargs[np.repeat(keep, np.diff(iarg_ptr))]
    dep = np.arange(out_ptr[-2], out_ptr[-1]) if F.n_out else np.zeros(0, dtype=np.int64)
    return dict(op=F.op[keep], flags=flags, out_ptr=out_ptr, args=new_args, iargs=iargs,
                consts=consts, n_in=n_in, dep=dep, in_shape=F.in_shape,
                out_shape=F.out_shape, input_names=F.input_names, subtapes=F.subtapes)
