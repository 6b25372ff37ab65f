"""Dead-code elimination: backward reachability from the DepOp.

An op is live when a live op reads any slot of its output block (a block op whose output is
read in part is kept whole).  Ops are visited last to first, so every reader of an op has been
decided before the op itself: one pass suffices.

Every pass works per op and per operand, never per arena slot: a vectorized tape's arena is
millions of slots over a few hundred ops.  Ops reading many operands (gathers, the DepOp)
are handled with NumPy, the others with Python lists (``operand_lists``).
"""
import numpy as np

MANY = 64   # an op with more operands than this is handled with NumPy


def op_of(F, slots):
    """The op writing each of ``slots`` (int64 array like ``slots``); -1 for inputs and
    constants."""
    return np.searchsorted(F.out_ptr, slots, side="right") - 1


def operand_lists(arg_ptr, *arrays):
    """Python lists of the operand entries of ops with at most ``MANY`` operands.

    Returns ``many`` (bool per op), ``off`` (list: where op k's operands start in the lists
    when ``many[k]`` is False) and one list per array in ``arrays`` (each indexed like
    ``args``)."""
    nargs = np.diff(arg_ptr)
    many = nargs > MANY
    off = np.zeros(nargs.size + 1, dtype=np.int64)
    np.cumsum(np.where(many, 0, nargs), out=off[1:])
    if not many.any():
        return many, off.tolist(), [a.tolist() for a in arrays]
    few = np.repeat(~many, nargs)
    return many, off.tolist(), [a[few].tolist() for a in arrays]


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
    lo_np = op_of(F, args)
    hi_np = op_of(F, args + length - 1)
    many, off, (lo, hi) = operand_lists(arg_ptr, lo_np, hi_np)
    ap = arg_ptr.tolist()
    many = many.tolist()
    n_ops = F.n_ops
    live = bytearray(n_ops)
    live_np = np.frombuffer(live, dtype=np.uint8)     # the same memory, for NumPy writes
    if F.n_out:
        live[-1] = 1            # the DepOp (a tape without outputs has none: nothing lives)
    forced = bytearray(n_ops)
    fold_l = fold.tolist()

    def span(a, b):             # an operand reading the outputs of ops a..b (b > a)
        for j in range(max(a, 0), b + 1):
            live[j] = 1
            forced[j] = fold_l[j]

    for k in range(n_ops - 1, -1, -1):
        if not live[k] or (fold_l[k] and not forced[k]):
            continue
        if many[k]:
            a, b = lo_np[ap[k]:ap[k + 1]], hi_np[ap[k]:ap[k + 1]]
            live_np[a[(a == b) & (a >= 0)]] = 1
            for i in np.flatnonzero(a != b).tolist():
                span(int(a[i]), int(b[i]))
            continue
        for i in range(off[k], off[k + 1]):
            a, b = lo[i], hi[i]
            if b < 0:           # inputs and constants only
                continue
            if a == b:
                live[a] = 1
            else:
                span(a, b)
    live = np.frombuffer(bytes(live), dtype=bool)
    forced = np.frombuffer(bytes(forced), dtype=bool)
    pooled = live & fold & ~forced
    return live & ~pooled, pooled
