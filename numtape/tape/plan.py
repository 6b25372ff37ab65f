"""A tape's plan: the segments its sweeps walk, and how the plan is built from its arrays.

* **One protocol for every segment kind.**  A tape's plan is a list of segments: ``Run`` (a
  range of ops swept by the tape's interpreters, whichever tier holds them: the NumPy tier or
  compiled), ``Fused``, ``Loop`` (compiled segments), ``Host`` and ``Call`` (Python).  Each
  kind says how it runs (``forward``, ``reverse``, ``tangent``, ``forward_tangent``) and the
  drivers of ``Sweeps`` (numtape/tape/sweeper.py) walk the plan once, whatever it holds;
  tape/native.py gives each kind its native row.  Adding a segment kind: ARCHITECTURE.md,
  "Checklists".
* **Host ops** (``OpSpec.host``: LAPACK linear algebra, atomic calls) never enter the jitted
  sweeps.  A tape holding any is swept as a plan of segments: runs of ordinary ops (the
  interpreters' argument tuples over slices of the tape's arrays: views, no copies) and host
  ops, run from Python in between.  Tapes without host ops or compiled segments are one
  ``Run``.
* **CallOps** run their sub-tape's own sweeps (its ``callee``); reverse and tangent recompute
  the sub-tape's values from the call's input block (checkpointing).

``build_plan`` cuts a tape's arrays into segments; ``host_segment`` makes the segment of one
host op or CallOp.
"""
from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from numtape.errors import TapeFormatError
from numtape.ops import OP, OPS
from numtape.ops.flags import const_operand
from numtape.ops.layout import arg_pointers
from numtape.tape import blas

HOST = np.array([s.host for s in OPS])
PRODUCTS = np.array([s.code for s in OPS if s.blas])   # ops whose bodies call BLAS
CALL = OP.CallOp.code
DEP = OP.DepOp.code
NO_ROW = np.zeros(1)   # the adjoint row forward sweeps get when they zero nothing


@dataclass(frozen=True, eq=False)
class Run:
    """A range of ops swept by the tape's interpreters (``Sweeps.interpreters``: the NumPy tier or
    compiled): ``args`` = (op, flags, uout_ptr, uargs, args, iargs), views of the tape's."""

    args: tuple
    python = False

    def forward(self, S, val, work, adj0, zero):
        S.interpreters.forward(*self.args, val, work, adj0, zero)

    def reverse(self, S, val, adj, work, clear):
        S.interpreters.reverse(*self.args, val, adj, work, clear)

    def tangent(self, S, val, tan, work):
        S.interpreters.tangent(*self.args, val, tan, work)

    def forward_tangent(self, S, val, tan, work):
        S.interpreters.forward(*self.args, val, work, NO_ROW, False)
        S.interpreters.tangent(*self.args, val, tan, work)


@dataclass(frozen=True, eq=False)
class Fused:
    """A fused run of elementwise block ops: its compiled kernels, addresses and length."""

    kernels: object
    A: np.ndarray
    n: int
    python = False

    def forward(self, S, val, work, adj0, zero):
        self.kernels.forward(val, self.A, self.n, adj0, zero)

    def reverse(self, S, val, adj, work, clear):
        self.kernels.reverse(val, adj, self.A, self.n, clear)

    def tangent(self, S, val, tan, work):
        self.kernels.tangent(val, tan, self.A, self.n)

    def forward_tangent(self, S, val, tan, work):
        self.kernels.forward_tangent(val, tan, self.A, self.n)

    def calls(self):
        """(kernel, argument types) of every sweep, as the methods above call them."""
        k, v, m = self.kernels, _SAMPLE["val"], _SAMPLE["adj"]
        return _typed([(k.forward, (v, self.A, self.n, v, False)),
                       (k.reverse, (v, m, self.A, self.n, False)),
                       (k.tangent, (v, m, self.A, self.n)),
                       (k.forward_tangent, (v, m, self.A, self.n))])


@dataclass(frozen=True, eq=False)
class Loop:
    """A re-rolled loop of K iterations of a scalar body: its compiled kernels, the output
    base and affine operands ``A``, the gathered operand addresses ``G``."""

    kernels: object
    A: np.ndarray
    G: np.ndarray
    K: int
    python = False

    def forward(self, S, val, work, adj0, zero):
        self.kernels.forward(val, self.A, self.G, self.K, adj0, zero)

    def reverse(self, S, val, adj, work, clear):
        self.kernels.reverse(val, adj, self.A, self.G, self.K, clear)

    def tangent(self, S, val, tan, work):
        self.kernels.tangent(val, tan, self.A, self.G, self.K)

    def forward_tangent(self, S, val, tan, work):
        self.forward(S, val, work, NO_ROW, False)
        self.tangent(S, val, tan, work)

    def calls(self):
        """(kernel, argument types) of every sweep, as the methods above call them."""
        k, v, m = self.kernels, _SAMPLE["val"], _SAMPLE["adj"]
        return _typed([(k.forward, (v, self.A, self.G, self.K, v, False)),
                       (k.reverse, (v, m, self.A, self.G, self.K, False)),
                       (k.tangent, (v, m, self.A, self.G, self.K))])


# arrays typed as the workspaces are (float64, C order), for argument types
_SAMPLE = {"val": np.zeros(1), "adj": np.zeros((1, 1))}


def _typed(calls):
    return [(fn, tuple(argument_type(a) for a in args)) for fn, args in calls]


_TYPES: dict = {}


def argument_type(a):
    """numba.typeof, remembered per (dtype, ndim, layout, writeable) of an array (the
    segments' arguments are a handful of kinds, asked for at every look at the cache)."""
    if not isinstance(a, np.ndarray):
        return numba.typeof(a)
    key = (a.dtype.str, a.ndim, a.flags.c_contiguous, a.flags.f_contiguous, a.flags.writeable,
           a.flags.aligned)
    t = _TYPES.get(key)
    if t is None:
        t = _TYPES[key] = numba.typeof(a)
    return t


@dataclass(frozen=True, eq=False)
class Host:
    """One host op: its spec and, as the jitted bodies get them, output block and cursors
    into the tape's ``args`` and ``iargs``."""

    spec: object
    o: int
    n: int
    p: int
    q: int
    f: int
    args: np.ndarray
    iargs: np.ndarray
    python = True

    @property
    def out(self):
        return slice(self.o, self.o + self.n)

    def forward(self, S, val, work, adj0, zero):
        with blas.user_threads():   # a solve or factorization: the user's BLAS threads
            self.spec.forward(val, self.o, self.n, self.args, self.p, self.iargs, self.q,
                              self.f, work)
        if zero:
            adj0[self.o:self.o + self.n] = 0.0

    def reverse(self, S, val, adj, work, clear):
        with blas.user_threads():
            self.spec.reverse(val, adj, self.o, self.n, self.args, self.p, self.iargs, self.q,
                              self.f, work)
        if clear:
            adj[:, self.o:self.o + self.n] = 0.0

    def tangent(self, S, val, tan, work):
        with blas.user_threads():
            self.spec.tangent(val, tan, self.o, self.n, self.args, self.p, self.iargs, self.q,
                              self.f, work)

    def forward_tangent(self, S, val, tan, work):
        self.forward(S, val, work, NO_ROW, False)
        self.tangent(S, val, tan, work)


@dataclass(frozen=True, eq=False)
class Call:
    """One CallOp: its sub-tape, input block [a, a + n_in), output block [o, o + m), and
    whether the input block is a constant (no adjoint).  Reverse and tangent recompute the
    sub-tape's values from the input block (checkpointing)."""

    sub: object
    a: int
    o: int
    n_in: int
    m: int
    const: bool
    python = True

    @property
    def out(self):
        return slice(self.o, self.o + self.m)

    def forward(self, S, val, work, adj0, zero):
        sub = self.sub.callee
        val[self.o:self.o + self.m] = sub.forward(val[self.a:self.a + self.n_in])[sub.out]
        if zero:
            adj0[self.o:self.o + self.m] = 0.0

    def reverse(self, S, val, adj, work, clear):
        W = adj[:, self.o:self.o + self.m]
        if not self.const and np.any(W != 0.0):
            sub = self.sub.callee
            sub_val = sub.recompute(val[self.a:self.a + self.n_in])
            adj[:, self.a:self.a + self.n_in] += sub.reverse(sub_val, np.array(W))
        if clear:
            W[...] = 0.0

    def tangent(self, S, val, tan, work):
        sub = self.sub.callee
        sub_val = sub.recompute(val[self.a:self.a + self.n_in])
        tan[:, self.o:self.o + self.m] = sub.tangent(sub_val,
                                                     np.array(tan[:, self.a:self.a + self.n_in]))

    def forward_tangent(self, S, val, tan, work):
        self.forward(S, val, work, NO_ROW, False)
        self.tangent(S, val, tan, work)



# ---- building the plan ------------------------------------------------------------------------
def build_plan(a, subtapes, specials=()):
    """The segments of a tape's arrays (module docstring: one ``Run`` without host ops
    or compiled segments; ``specials``: (k0, k1, segment) for ops k0 .. k1 - 1, not
    overlapping)."""
    op = a["op"]
    ks = np.flatnonzero(HOST[op])
    special = [(int(k), int(k) + 1, None) for k in ks] + list(specials)
    special.sort(key=lambda t: t[0])
    arg_ptr, iarg_ptr = arg_pointers(op, np.diff(a["out_ptr"]))
    unsigned = np.uint32 if a["args"].dtype == np.int32 else np.uint64
    segs, start, n_ops = [], 0, op.size
    for k0, k1, seg in special + [(n_ops, n_ops, None)]:
        if k0 > start:
            p0, p1, q0, q1 = arg_ptr[start], arg_ptr[k0], iarg_ptr[start], iarg_ptr[k0]
            segs.append(Run((op[start:k0], a["flags"][start:k0],
                             a["out_ptr"][start:k0 + 1].view(unsigned),
                             a["args"][p0:p1].view(unsigned), a["args"][p0:p1],
                             a["iargs"][q0:q1])))
        if k0 < n_ops:
            if seg is None:
                segs.append(host_segment(a, subtapes, k0, int(arg_ptr[k0]), int(iarg_ptr[k0])))
            else:
                segs.append(seg)
        start = k1
    return segs


def without_outputs(plan):
    """``plan`` without the outputs' DepOp (a recorded tape's last op) when a ``Run`` ends with
    it, else None: for sweeps that read the outputs from the DepOp's operands instead of
    copying them into the output block (``Sweeps.forward_tangent``)."""
    last = plan[-1] if plan else None
    if type(last) is not Run or last.args[0][-1] != DEP:
        return None
    op, flags, uout_ptr, uargs, args, iargs = last.args
    if op.size == 1:
        return plan[:-1]
    m = int(uout_ptr[-1] - uout_ptr[-2])   # one operand per output, no parameters
    return plan[:-1] + [Run((op[:-1], flags[:-1], uout_ptr[:-1], uargs[:uargs.size - m],
                             args[:args.size - m], iargs))]


def host_segment(a, subtapes, k, p, q):
    spec, f = OPS[a["op"][k]], int(a["flags"][k])
    o, n = int(a["out_ptr"][k]), int(a["out_ptr"][k + 1] - a["out_ptr"][k])
    if spec.code != CALL:
        return Host(spec, o, n, p, q, f, a["args"], a["iargs"])
    n_in, m, idx = (int(v) for v in a["iargs"][q:q + 3])
    if idx >= len(subtapes) or (subtapes[idx].n_in, subtapes[idx].n_out) != (n_in, m):
        raise TapeFormatError(f"iargs: CallOp {k}: sub-tape {idx} does not exist or does not "
                              f"map {n_in} inputs to {m} outputs")
    return Call(subtapes[idx], int(a["args"][p]), o, n_in, m, const_operand(f, 0))
