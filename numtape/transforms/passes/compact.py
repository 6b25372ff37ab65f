"""Arena compaction: lay out what a pass kept and rebuild the arrays of a new Tape.

Every mode of ``simplify`` ends here.  ``constant_pool`` places the new constant pool (the old
constants still read, then the folded op blocks still read, in address order) and ``rebuild``
renumbers the kept ops after it, in op order.  Both preserve address order inside each region,
so an operand block that read consecutive slots still does; ``rebuild`` checks this rather than
assuming it, because a wrong address would silently read another value.
"""
import numpy as np

from numtape.ops.layout import ARITY, arg_pointers
from numtape.ops.flags import BROADCAST_MASK, MAX_MARKED, const_flag


def read_slots(arena_size, starts, lengths):
    """Bool mask of the arena slots covered by the operand blocks ``[start, start + length)``."""
    cover = (np.bincount(starts, minlength=arena_size + 1)
             - np.bincount(starts + lengths, minlength=arena_size + 1))
    return np.cumsum(cover[:arena_size]) > 0


def constant_pool(F, read, pooled, values):
    """The new constant pool and the old -> new address map of the inputs and pooled slots.

    Parameters
    ----------
    F : Tape
        The tape being simplified.
    read : bool ndarray (arena)
        Slots read by the ops that are kept; unread old constants are dropped.
    pooled : bool ndarray (n_ops)
        Ops whose output block becomes constants (folded), placed whole.
    values : float64 ndarray (arena)
        Values of every constant or pooled slot (other slots are not looked at).

    Returns
    -------
    where : int64 ndarray (arena)
        New address of each input and pooled slot, -1 elsewhere (``rebuild`` places the ops).
    consts : float64 ndarray
    """
    n_in, c0 = F.n_in, int(F.out_ptr[0])
    in_pool = np.zeros(F.arena_size, dtype=bool)
    in_pool[n_in:c0] = read[n_in:c0]
    in_pool[c0:] = np.repeat(pooled, np.diff(F.out_ptr))
    slots = np.flatnonzero(in_pool)
    where = np.full(F.arena_size, -1, dtype=np.int64)
    where[:n_in] = np.arange(n_in)
    where[slots] = n_in + np.arange(slots.size)
    return where, values[slots]


def rebuild(F, keep, args, length, where, consts):
    """The Tape of F's ops where ``keep`` is True, renumbered around the constant pool ``consts``.

    Parameters
    ----------
    F : Tape
    keep : bool ndarray (n_ops)
        Ops kept as ops, in their order; the DepOp (last) must be kept.
    args, length : int64 ndarray (F.args.size)
        Every operand's start address (old numbering, possibly redirected by a pass) and the
        length of the block it reads.
    where : int64 ndarray (arena)
        From ``constant_pool``: new addresses of the inputs and the pool, -1 elsewhere.
    consts : float64 ndarray
        The new constant pool.

    The constant bits of the flags are recomputed (operands that now lie in the pool are
    marked, as the recorder does); the broadcast bits are kept.  The new Tape validates itself.
    """
    size = np.diff(F.out_ptr).astype(np.int64)
    base = F.n_in + consts.size
    where = where.copy()
    kept_slots = np.repeat(keep, size)
    where[int(F.out_ptr[0]):][kept_slots] = base + np.arange(np.count_nonzero(kept_slots))
    out_ptr = np.concatenate([[base], base + np.cumsum(size[keep])])

    arg_ptr, iarg_ptr = arg_pointers(F.op, size)
    owner = np.repeat(np.arange(F.n_ops), np.diff(arg_ptr))
    mine = keep[owner]
    starts, lens = args[mine], length[mine]
    # consecutive old slots must stay consecutive: count breaks in `where` along the arena
    breaks = np.concatenate([[0], np.cumsum(where[1:] != where[:-1] + 1)])
    ends = starts + lens - 1
    if np.any(where[starts] < 0) or np.any(breaks[ends] != breaks[starts]):
        raise RuntimeError("simplify: an operand block would not survive compaction "
                           "(please report this tape)")
    new_args = where[starts]

    new_owner = np.cumsum(keep) - 1
    pos = (np.arange(args.size) - arg_ptr[owner])[mine]
    marked = ((new_args >= F.n_in) & (new_args + lens <= base) & (pos < MAX_MARKED)
              & (ARITY[F.op[owner[mine]]] > pos))
    flags = F.flags[keep] & np.uint8(BROADCAST_MASK)
    np.bitwise_or.at(flags, new_owner[owner[mine]][marked],
                     const_flag(pos[marked]).astype(np.uint8))
    iargs = F.iargs[np.repeat(keep, np.diff(iarg_ptr))]
    dep = np.arange(out_ptr[-2], out_ptr[-1]) if F.n_out else np.zeros(0, dtype=np.int64)
    return dict(op=F.op[keep], flags=flags, out_ptr=out_ptr, args=new_args, iargs=iargs,
                consts=consts, n_in=F.n_in, dep=dep, in_shape=F.in_shape,
                out_shape=F.out_shape, input_names=F.input_names, subtapes=F.subtapes)
