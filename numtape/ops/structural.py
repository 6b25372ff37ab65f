"""Gathers: copy scattered scalars into one contiguous block.

``GatherOp`` is recorded when an arithmetic op needs a contiguous operand that address
bookkeeping could not provide (fancy indexing, a broadcast, a filled array).  ``DepOp`` is the
same kernel placed last on every tape: it copies the outputs to the end of the arena (TMB's
dependent variables), so outputs are one contiguous block.
"""

import numpy as np

from numtape.kernels.jit import jit
from numtape.ops import Hessian, Jacobian, PER_ELEMENT, block_op

_u = np.uint64  # unsigned offsets skip Numba's negative-index wraparound


@jit
def gather_forward(val, o, n, args, p, iargs, q, f, work):
    for i in range(n):
        val[o + i] = val[_u(args[p + i])]


# directions outside, elements inside (one row of adj or tan at a time): a slot read twice
# still receives its adjoints in reading order, and the inner loop indexes one 1-d row
@jit
def gather_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    for j in range(adj.shape[0]):
        row = adj[j]
        for i in range(n):
            row[_u(args[p + i])] += row[o + i]


@jit
def gather_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    for j in range(tan.shape[0]):
        row = tan[j]
        for i in range(n):
            row[o + i] = row[_u(args[p + i])]


def np_gather_forward(val, o, n, args, p, iargs, q, f, work):
    val[o:o + n] = val[args[p:p + n]]


def np_gather_reverse(val, adj, o, n, args, p, iargs, q, f, work):
    idx = args[p:p + n]
    for j in range(adj.shape[0]):   # add.at: element by element, in order, as the loop above
        np.add.at(adj[j], idx, adj[j, o:o + n])


def np_gather_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    tan[:, o:o + n] = tan[:, args[p:p + n]]


def gather_vjp(g, xs, y, params):
    """Each scalar operand receives its own element of the output adjoint."""
    return [g[i:i + 1] for i in range(len(xs))]


for _name in ("GatherOp", "DepOp"):
    block_op(_name, arity=PER_ELEMENT, params=(), forward=gather_forward, reverse=gather_reverse,
             tangent=gather_tangent, vjp=gather_vjp, sizes=None, jacobian=Jacobian.GATHER,
             hessian=Hessian.LINEAR, base=True,
             numpy=(np_gather_forward, np_gather_reverse, np_gather_tangent))
