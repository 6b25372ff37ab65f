"""CallOp: one node standing for a whole sub-tape (``F.atomic()``, a "super node").

Parameters ``(n_in, n_out, index)``: the op reads the sub-tape's input block (n_in values) and
writes its n_out outputs; the sub-tape is ``tape.subtapes[index]``, shared, not copied.  The
jitted sweeps never meet a CallOp: a tape holding CallOps is swept in segments, and each call
runs the sub-tape's own sweeps in between (numtape/derived/atomic.py).  Its reverse and
tangent recompute the sub-tape's forward values from the input block (checkpointing), so the
outer arena holds only the call's inputs and outputs.  Its recorded rule is the call of the
sub-tape's VJP tape, itself atomic, so derivative tapes stay one node per call too.
"""
import numba

from numtape.ops import block_op


@numba.njit(nogil=True)
def call_forward(val, o, n, args, p, iargs, q, f, work):
    """Never run: sweeps stop before a CallOp (see the module docstring)."""


@numba.njit(nogil=True)
def call_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    """Never run (see call_forward)."""


@numba.njit(nogil=True)
def call_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    """Never run (see call_forward)."""


def _sizes(params):
    n_in, n_out, _ = params
    return [n_in], n_out


block_op("CallOp", 1, 3, call_forward, call_reverse, call_tangent, None, _sizes,
         bounds=[(1, None), (1, None), (0, None)])
