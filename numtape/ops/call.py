"""CallOp: one node standing for a whole sub-tape (``F.atomic()``, a "super node").

Parameters ``(n_in, n_out, index)``: the op reads the sub-tape's input block (n_in values) and
writes its n_out outputs; the sub-tape is ``tape.subtapes[index]``, shared, not copied.  It is a
host op: the jitted sweeps never meet it; a tape holding CallOps is swept in segments, and
each call runs the sub-tape's own sweeps in between (numtape/tape/plan.py, ``Call``; its recorded
rule is in numtape/transforms/calls.py).  Its reverse and
tangent recompute the sub-tape's forward values from the input block (checkpointing), so the
outer arena holds only the call's inputs and outputs.  Its recorded rule is the call of the
sub-tape's VJP tape, itself atomic, so derivative tapes stay one node per call too.
"""
from numtape.ops import block_op


def _sizes(params):
    n_in, n_out, _ = params
    return [n_in], n_out


block_op("CallOp", arity=1, params=("n_in", "n_out", "sub"), forward=None, reverse=None,
         tangent=None, vjp=None, sizes=_sizes, bounds=[(1, None), (1, None), (0, None)], host=True)
