"""The operands the passes work on: a gather's or the DepOp's many single-slot operands as
runs of consecutive slots.

A gradient tape's DepOp reads millions of slots, most of them one op's block after another;
the passes treat each run of consecutive slots inside one piece of the arena (the inputs and
constants, or one op's block) as one operand block, as they treat an elementwise op's, so a
pass costs per op and per run, not per slot read.  A run never crosses an op's block, so it is
redirected, kept and renumbered whole; ``expand`` gives the per-slot operands back for the
new tape.
"""
import numpy as np

from numtape.ops.layout import ARITY, slot_runs
from numtape.ops import PER_ELEMENT

BY_RUNS = 64   # a gather or DepOp with more operands than this is taken by runs


class OperandRuns:
    """``arg_ptr``, ``args``, ``length``: F's operands, with those of the ops in ``ops``
    (gathers and the DepOp with more than BY_RUNS operands) taken as runs."""

    def __init__(self, F, arg_ptr, args, length):
        nargs = np.diff(arg_ptr)
        self.ops = np.flatnonzero((ARITY[F.op] == PER_ELEMENT) & (nargs > BY_RUNS))
        self.n_args = args.size
        if self.ops.size == 0:
            self.arg_ptr, self.args, self.length = arg_ptr, args, length
            self.ran = None
            return
        counts, parts, lens, prev = nargs.copy(), [], [], 0
        for k in self.ops.tolist():
            p, q = int(arg_ptr[k]), int(arg_ptr[k + 1])
            s, r = slot_runs(args[p:q], F.out_ptr)
            parts += [args[prev:p], s]
            lens += [length[prev:p], r]
            counts[k] = s.size
            prev = q
        self.args = np.concatenate(parts + [args[prev:]])
        self.length = np.concatenate(lens + [length[prev:]])
        self.arg_ptr = np.zeros(arg_ptr.size, dtype=np.int64)
        np.cumsum(counts, out=self.arg_ptr[1:])
        ran = np.zeros(F.n_ops, dtype=bool)
        ran[self.ops] = True
        self.ran = ran            # the ops taken by runs

    def slots(self, k, starts, lengths):
        """Op k's operands one slot each, from its operand ``starts`` and ``lengths`` (as
        this class gives them: runs for an op taken by runs)."""
        if self.ran is None or not self.ran[k]:
            return starts
        return _spread(np.asarray(starts, dtype=np.int64), np.asarray(lengths, np.int64))

    def expand(self, owner, args, lengths):
        """``args`` (operand starts as this class gives them, of the ops ``owner``, reading
        ``lengths``) one per slot again for the ops taken by runs."""
        if self.ran is None:
            return args
        return _spread(args, np.where(self.ran[owner], lengths, 1))


def _spread(starts, n):
    """Each start s as the n consecutive slots s, s + 1, ..."""
    first = np.cumsum(n) - n
    return np.repeat(starts - first, n) + np.arange(int(n.sum()))
