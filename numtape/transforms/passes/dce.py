"""Dead-code elimination: backward reachability from the DepOp.

An op is live when a live op reads any slot of its output block (a block op whose output is
read in part is kept whole).  Ops are visited last to first, so every reader of an op has been
decided before the op itself: one pass suffices.
"""
import numpy as np


def slot_owner(F):
    """The op writing each arena slot (int64[arena]); -1 for inputs and constants."""
    owner = np.full(F.arena_size, -1, dtype=np.int64)
    owner[int(F.out_ptr[0]):] = np.repeat(np.arange(F.n_ops), np.diff(F.out_ptr))
    return owner


def live_ops(F, arg_ptr, args, length, fold):
    """Ops to keep as ops, and folded ops whose value is still read (to pool as constants).

    Parameters
    ----------
    F : Tape
    arg_ptr : int64 ndarray (n_ops + 1)
        Start of each op's operands in ``args``.
    args, length : int64 ndarray
        Operand start addresses (after any redirection) and block lengths.
    fold : bool ndarray (n_ops)
        Constant-only ops a pass proposes to replace by constants.  A folded block moves to
        the constant pool, so an operand reading it together with anything else (a block
        spanning several op outputs) would be torn apart: such readers keep the folded ops
        they touch as ops ("forced"), and those ops' own operands are then followed.

    Returns
    -------
    keep, pooled : bool ndarray (n_ops)
    """
    owner = slot_owner(F)
    lo = owner[args].tolist()
    hi = owner[args + length - 1].tolist()
    ap = arg_ptr.tolist()
    n_ops = F.n_ops
    live = bytearray(n_ops)
    if F.n_out:
        live[-1] = 1            # the DepOp (a tape without outputs has none: nothing lives)
    forced = bytearray(n_ops)
    fold_l = fold.tolist()
    for k in range(n_ops - 1, -1, -1):
        if not live[k] or (fold_l[k] and not forced[k]):
            continue
        for i in range(ap[k], ap[k + 1]):
            a, b = lo[i], hi[i]
            if b < 0:           # inputs and constants only
                continue
            if a == b:
                live[a] = 1
                continue
            for j in range(max(a, 0), b + 1):
                live[j] = 1
                forced[j] = fold_l[j]
    live = np.frombuffer(bytes(live), dtype=bool)
    forced = np.frombuffer(bytes(forced), dtype=bool)
    pooled = live & fold & ~forced
    return live & ~pooled, pooled
