"""Passes over a finished tape; each returns the arrays of a new Tape, which Tape.simplify
wraps (ARCHITECTURE.md, "The life of a tape").

``simplify(F, "eliminate")`` removes the ops no output depends on; ``simplify(F, "optimize")``
also merges common subexpressions, folds constant-only ops into the constant pool and applies
exact algebraic identities (cse.py, identities.py).  Both end with the same compaction
(compact.py), which renumbers the arena: inputs (all kept, used or not), the constants still
read, then the surviving ops in their order, the DepOp last.
"""
import numpy as np

from numtape.transforms.passes.compact import compact
from numtape.transforms.passes.cse import ConstantValues, canonicalize
from numtape.transforms.passes.dce import live_ops
from numtape.transforms.passes.runs import OperandRuns
from numtape.ops.layout import arg_pointers, operand_lengths

MODES = ("eliminate", "optimize")


def simplify(F, mode="optimize"):
    """The arrays of a new, smaller Tape computing the same values and derivatives as ``F``
    (``Tape.simplify`` wraps them).

    Parameters
    ----------
    F : Tape
    mode : {"optimize", "eliminate"}
        ``"eliminate"``: dead-code elimination only.  ``"optimize"``: common-subexpression
        elimination, folding of constant-only ops, exact identities (``x * 1`` ...), then
        dead-code elimination.

    Returns
    -------
    dict
        ``Tape``'s constructor arguments: same inputs (``n_in``, ``in_shape``,
        ``input_names``) and outputs (``out_shape``).

    Examples
    --------
    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sin(x) * np.sin(x) * np.exp(2.0), np.zeros(3))
    >>> G = nt.Tape(**simplify(F))
    >>> len(G) < len(F), bool(np.all(G([1.0, 2.0, 3.0]) == F([1.0, 2.0, 3.0])))
    (True, True)
    """
    if mode not in MODES:
        raise ValueError(f"simplify: unknown mode {mode!r}; valid modes are "
                         f"{', '.join(repr(m) for m in MODES)}")
    size = np.diff(F.out_ptr).astype(np.int64)
    arg_ptr, iarg_ptr = arg_pointers(F.op, size)
    length = operand_lengths(F.op, F.flags, F.out_ptr, F.iargs, arg_ptr, iarg_ptr)
    runs = OperandRuns(F, arg_ptr, F.args.astype(np.int64), length)
    arg_ptr, args, length = runs.arg_ptr, runs.args, runs.length
    if mode == "optimize":
        values = ConstantValues(F)
        args, fold = canonicalize(F, arg_ptr, iarg_ptr, args, length, values, runs)
    else:
        values, fold = None, np.zeros(F.n_ops, dtype=bool)
    keep, pooled = live_ops(F, arg_ptr, args, length, fold)
    return compact(F, keep, pooled, args, length, values, runs)
