"""Validation of tape arrays: run on every Tape built (recording, transforms, files), so no
jitted sweep can ever index outside its arrays.  Vectorized NumPy, table-driven.  Returns the
arrays in canonical form: index arrays are int32 when the arena has fewer than 2**31 slots
(int64 otherwise).

Checked: dtypes and shapes; opcodes known; output blocks sequential and non-empty; flags only
on existing operands; the argument and parameter streams have exactly the length the ops
consume; block-op parameters positive and consistent with the output size; every operand
block lies in [0, out_ptr[k]) (so it is defined before op k runs); outputs inside the arena.
"""
import numpy as np

from numtape.errors import TapeFormatError
from numtape.ops import OPS, PER_ELEMENT
from numtape.ops.flags import BROADCAST_MASK, CONST_BIT, MAX_MARKED
from numtape.ops.layout import (ARITY, IS_BLOCK, arg_pointers, fixed_operands, op_params,
                                operand_extents)

_NCODES = len(OPS)
MAX_INDEX = 1 << 62
INT32_ARENA_LIMIT = 2**31 - 1  # arenas below this use int32 index arrays (tests lower it)
_CHUNK = 1 << 18               # operands checked at a time


def _int_array(name, a, dtype):
    a = np.asarray(a)
    if a.ndim != 1:
        raise TapeFormatError(f"{name}: expected a 1-d array, got shape {a.shape}")
    if a.dtype.kind not in "iu":
        raise TapeFormatError(f"{name}: expected integers, got dtype {a.dtype}")
    hi = min(MAX_INDEX, int(np.iinfo(dtype).max) + 1)
    if a.size and (int(a.min()) < 0 or int(a.max()) >= hi):
        raise TapeFormatError(f"{name}: values must lie in [0, {hi}), got "
                              f"[{a.min()}, {a.max()}]")
    if dtype == np.int64 and a.dtype == np.int32:   # already narrow (checked above): no copy
        return np.ascontiguousarray(a)
    return np.ascontiguousarray(a, dtype=dtype)


def validate(op, flags, out_ptr, args, iargs, consts, n_in, dep):
    """Return the arrays with canonical dtypes, or raise TapeFormatError naming the field."""
    op = _int_array("op", op, np.int32)
    flags = _int_array("flags", flags, np.uint8)
    out_ptr = _int_array("out_ptr", out_ptr, np.int64)
    args = _int_array("args", args, np.int64)
    iargs = _int_array("iargs", iargs, np.int64)
    dep = _int_array("dep", dep, np.int64)
    consts = np.asarray(consts)
    if consts.ndim != 1 or consts.dtype.kind != "f":
        raise TapeFormatError(f"consts: expected a 1-d float array, got {consts.dtype} "
                              f"{consts.shape}")
    consts = np.ascontiguousarray(consts, dtype=np.float64)
    if not isinstance(n_in, (int, np.integer)) or isinstance(n_in, bool):
        raise TapeFormatError(f"n_in: expected an integer, got {n_in!r}")
    n_in = int(n_in)
    if not 0 <= n_in < MAX_INDEX:
        raise TapeFormatError(f"n_in: must be >= 0, got {n_in}")
    n_ops = op.size
    if n_ops and op.max() >= _NCODES:
        raise TapeFormatError(f"op: unknown opcode {int(op.max())} (this numtape knows "
                              f"{_NCODES} ops)")
    if flags.size != n_ops or out_ptr.size != n_ops + 1:
        raise TapeFormatError(f"flags/out_ptr: lengths {flags.size}/{out_ptr.size} do not "
                              f"match {n_ops} ops")
    if out_ptr[0] != n_in + consts.size:
        raise TapeFormatError(f"out_ptr: first output must start after inputs and constants "
                              f"({n_in + consts.size}), got {out_ptr[0]}")
    size = np.diff(out_ptr)
    if n_ops and size.min() < 1:
        raise TapeFormatError("out_ptr: every op must write at least one value "
                              "(out_ptr must increase)")
    arena = int(out_ptr[-1])
    elem = ~IS_BLOCK[op]
    low, high = flags & BROADCAST_MASK, flags >> CONST_BIT
    arity = np.maximum(ARITY[op], 0)
    bcast = np.where(arity > 1, arity, 0)   # only ops of 2+ operands broadcast one of them
    if np.any(low[~elem] != 0) or np.any(low[elem] >> bcast[elem] != 0) or \
            np.any(high >> arity != 0):
        raise TapeFormatError("flags: bits set for operands an op does not have")
    arg_ptr, iarg_ptr = arg_pointers(op, size)
    if arg_ptr[-1] != args.size:
        raise TapeFormatError(f"args: the ops consume {arg_ptr[-1]} operands, the array has "
                              f"{args.size}")
    if iarg_ptr[-1] != iargs.size:
        raise TapeFormatError(f"iargs: the ops consume {iarg_ptr[-1]} parameters, the array "
                              f"has {iargs.size}")
    # operand checks in chunks of ops: the per-operand temporaries stay a few MB however
    # large the tape (a 10M-op tape would otherwise need ~100 bytes per op here)
    bounds = np.searchsorted(arg_ptr, np.arange(0, args.size, _CHUNK), side="right") - 1
    cuts = np.unique(np.concatenate([bounds, [n_ops]]))
    for k0, k1 in zip(cuts[:-1], cuts[1:]):
        k0, k1 = int(k0), int(k1)
        if k1 - k0 == 1 and ARITY[op[k0]] == PER_ELEMENT and \
                args[arg_ptr[k0]:arg_ptr[k1]].max(initial=-1) < out_ptr[k0]:
            continue   # one gather or DepOp of single slots, all defined before it (its
            # operands have no constant marks): one pass, no per-operand temporaries
        _check_operands(op, flags, out_ptr, args, iargs, arg_ptr, iarg_ptr, k0, k1, n_in,
                        consts.size)
    if dep.size and dep.max() >= arena:
        raise TapeFormatError(f"dep: output address {int(dep.max())} outside the arena "
                              f"({arena})")
    del size, elem, low, high, arity, bcast, arg_ptr, iarg_ptr   # before the copies below
    # index width: int32 whenever the arena fits (sweeps are memory-bound: half the index
    # bytes is a third less traffic), int64 beyond; every value was checked above, so the
    # narrowing cannot wrap
    idx = np.int32 if arena < INT32_ARENA_LIMIT else np.int64
    out_ptr, args, iargs, dep = (a.astype(idx, copy=False) for a in (out_ptr, args, iargs, dep))
    return dict(op=op, flags=flags, out_ptr=out_ptr, args=args, iargs=iargs, consts=consts,
                n_in=n_in, dep=dep)



def _check_operands(op, flags, out_ptr, args, iargs, arg_ptr, iarg_ptr, k0, k1, c0, n_const):
    """Operands of ops k0..k1-1: constant-marked ones inside the constants, every block below
    its op's output (defined before use)."""
    p0, p1, q0 = arg_ptr[k0], arg_ptr[k1], iarg_ptr[k0]
    owner, length = operand_extents(op[k0:k1], flags[k0:k1], out_ptr[k0:k1 + 1],
                                    iargs[q0:iarg_ptr[k1]], arg_ptr[k0:k1 + 1] - p0,
                                    iarg_ptr[k0:k1 + 1] - q0)
    a = args[p0:p1]
    end = a + length
    # operands marked constant: only ops of a fixed arity have them (per op and operand, not
    # per gathered element), and only the operands of ops with a mark are looked at
    fl = flags[k0:k1]
    kk, pos, at = fixed_operands(op[k0:k1], arg_ptr[k0:k1 + 1] - p0,
                                 np.flatnonzero((fl >> CONST_BIT != 0) & (ARITY[op[k0:k1]] > 0)))
    marked = (fl[kk].astype(np.int64) >> (CONST_BIT + np.minimum(pos, MAX_MARKED))) & 1
    if np.any((marked == 1) & ((a[at] < c0) | (end[at] > c0 + n_const))):
        raise TapeFormatError("flags: an operand marked constant lies outside the constants")
    late = end > out_ptr[k0:k1][owner]
    if a.size and np.any(late):
        bad = int(np.flatnonzero(late)[0])
        k = k0 + int(owner[bad])
        raise TapeFormatError(f"args: operand {p0 + bad} of op {k} reads outside the values "
                              f"defined before it (block [{a[bad]}, {end[bad]}), op output at "
                              f"{out_ptr[k]})")


def scratch_size(op, out_ptr, iargs):
    """Length of the ``work`` array the tape's block ops need (at least 1)."""
    size = np.diff(out_ptr)
    _, iarg_ptr = arg_pointers(op, size)
    need = 1
    for spec in OPS:
        if spec.scratch is None:
            continue
        ks, params = op_params(spec, op, iargs, iarg_ptr)
        if ks.size:
            need = max(need, int(np.max(spec.scratch(params.astype(np.int64)))))
    return need
