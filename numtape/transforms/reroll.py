"""reroll: a tape recorded from a Python loop, re-recorded with block ops (an SLP vectorizer).

``numtape/sweeps/loops.py`` finds the stretches of a tape where one body of scalar ops repeats
K times with operand addresses that move with the iteration.  Where the iterations are
independent, each body op over all K iterations is one elementwise block op of length K (body
op j of every iteration at once: x[i] becomes the block x[1:], a weight the same every
iteration a broadcast scalar, scattered operands one gather); a running sum ``s = s + e``
(an AddOp whose operand is its own previous result, read by nothing else) becomes
``s0 + sum(e)``, one SumOp.  W1's 600,000-op loop becomes the vectorized tape's handful of
ops.  Loops with any other carried dependency (a recurrence ``h = tanh(w h + ...)``) are kept
as they are: ``compile()`` sweeps them as compiled loops.

The new tape computes the same function.  Elementwise results are bit for bit the old ones in
the compiled tiers (the NumPy tier's sin, cos, exp ... are NumPy's, within ulps of the kernels'
numtape/kernels/vmath.py); a running sum is re-associated (SumOp's pairwise order
instead of left to right), so its value and derivatives move by a few ulps, as NumPy's
``np.sum`` differs from a Python loop's.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import OP, OPS
from numtape.ops.layout import arg_pointers, op_reads
from numtape.sweeps import loops
from numtape.trace.make import MakeTape, replay, zero_input
from numtape.trace.recorder import elementwise, recorder_of, wrap
from numtape.transforms.jacfun import jacfun, mostly_scalar
from numtape.transforms.sparse import SparseTape

_ADD = OP.AddOp.code


def reroll(F):
    """A Tape computing F with its independent loops as block ops (module docstring)."""
    return _rerolled(F, _rolled_loops(F))


_LOOP_OPS = 1000   # a tape of fewer ops is differentiated as it is


def gradient_tape(F):
    """The gradient tape of scalar tape F that ``hvp`` and ``hessian`` sweep: jacfun of F,
    re-rolled first when F is mostly scalar ops that form loops (a Python loop's: its
    gradient tape is then a handful of block ops instead of a scalar op per op of each
    iteration, recorded in milliseconds and swept as fused runs)."""
    if F.n_ops >= _LOOP_OPS and mostly_scalar(F):
        rolled = _rolled_loops(F)
        if rolled:
            F = _rerolled(F, rolled)
    return jacfun(F)


def _rolled_loops(F):
    """{first op: (end op, emit)} of F's loops that re-roll (``_emitter``)."""
    arg_ptr, _ = arg_pointers(F.op, np.diff(F.out_ptr))
    found = loops.find_loops(F.op, F.flags, F.out_ptr, F.args, arg_ptr, F.iargs)
    reads = op_reads(F.op, F.flags, F.out_ptr, F.args, F.iargs, arg_ptr) if found else None
    rolled = {}
    for k0, k1, (L, body, _), _, _, K in found:
        emit = _emitter(F, arg_ptr, reads, k0, L, body, K)
        if emit is not None:
            rolled[k0] = (k1, emit)
    return rolled


def _rerolled(F, rolled):
    """F re-recorded with the loops ``rolled`` as block ops."""
    x0 = zero_input(F)

    def f(x):
        rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
        where = replay(F, rec, x, rolled)
        return wrap(rec, where[F.dep].reshape(F.out_shape))
    G = MakeTape(f, x0)
    return SparseTape(G, F._csr) if isinstance(F, SparseTape) else G


def _emitter(F, arg_ptr, reads, k0, L, body, K):
    """``emit(rec, where)`` recording the loop at k0 as block ops, or None where its
    iterations depend on each other other than through running sums."""
    o = int(F.out_ptr[k0])
    t = np.arange(K)
    addrs, sums = {}, set()
    for j, (code, _, kinds) in enumerate(body):
        for p, kind in enumerate(kinds):
            a = F.args[arg_ptr[k0 + j + L * t] + p].astype(np.int64)
            addrs[j, p] = a
            if kind[0] == "prev":
                # a running sum: s = s + e, s read by nothing but the next iteration
                others = [q for q in range(len(kinds)) if q != p]
                if (code != _ADD or kind[1] != j or kinds[others[0]][0] == "prev"
                        or np.any(reads[k0 + j:k0 + (K - 1) * L:L] != 1)):
                    return None
                sums.add(j)
            elif kind[0] != "in" and np.any((a >= o) & (a < o + K * L)):
                return None      # reads a result of another iteration of this loop
    for j in sums:               # nothing in the body reads a partial sum
        if any(k == ("in", j) for _, _, kinds in body for k in kinds):
            return None

    def emit(rec, where):
        for j, (code, _, kinds) in enumerate(body):
            if j in sums:
                p = next(q for q, k in enumerate(kinds) if k[0] == "prev")
                e = wrap(rec, where[addrs[j, 1 - p]])
                s0 = wrap(rec, where[addrs[j, p][0]])
                total = s0 + np.sum(e) if p == 0 else np.sum(e) + s0
                where[o + j + L * (K - 1)] = int(total._a)
                continue
            xs = [wrap(rec, where[addrs[j, p]]) for p in range(len(kinds))]
            where[o + j + L * t] = elementwise(OPS[code], *xs)._a
    return emit
