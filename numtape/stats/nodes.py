"""Function nodes: numerical procedures that a tape calls as one CallOp.

A tape's CallOp runs a sub-tape's ``sweeps`` (numtape/tape/sweeper.py: ``forward(x)`` -> a
value array whose slice ``out`` holds the outputs, ``reverse(val, W)`` and ``tangent(val, V)``
for k seed rows) and records its derivative through ``derived("vjp")``, a tape (x, w) ->
w^T J(x).  A ``Node`` offers the same to a computation that is not a recorded tape: an inner
Newton solve, a sparse factorization.  Its numeric derivatives are written by hand (implicit
function theorem, selected inversion); its recorded derivative is a tape built from other
nodes and ordinary ops, so derivative tapes of tapes holding nodes are exact to any order the
nodes support.

The nodes of one inner problem share a ``SymmetricPattern`` (stats/factor.py), whose last
factorization is reused: one evaluation of a Laplace tape factorizes its Hessian once.
"""
from __future__ import annotations

import numpy as np

from numtape.tape.callee import Callee
from numtape.tape.tape import Tape, is_traced
from numtape.trace.make import MakeTape, record_call


class Node(Callee):
    """A function R^n_in -> R^n_out with hand-written sweeps, called by tapes as one CallOp.

    Subclasses define ``value(x)``, ``vjp(x, y, W)`` ((k, n_out) seeds -> (k, n_in)),
    ``jvp(x, y, V)`` ((k, n_in) -> (k, n_out)) and ``rule(x, w)``: the cotangent of x recorded
    with traced values (the body of the node's VJP tape).
    """

    records_as_call = True
    input_names = None
    name = "Node"

    def __init__(self, n_in, n_out):
        self.n_in, self.n_out = int(n_in), int(n_out)
        self.in_shape, self.out_shape = (self.n_in,), (self.n_out,)
        self.out = slice(self.n_in, self.n_in + self.n_out)
        self._derived = {}

    flatten_input = Tape.flatten_input

    @property
    def callee(self):
        """What a CallOp of this node runs: the node itself (its sweeps are hand-written)."""
        return self

    def __repr__(self):
        return f"<{self.name} R^{self.n_in} -> R^{self.n_out}>"

    def __reduce__(self):
        raise TypeError(f"a tape holding a {self.name} node (newton, laplace) cannot be pickled "
                        "or saved: rebuild it from the tape it was made of")

    def __call__(self, x):
        if is_traced(x):
            return record_call(self, x)
        val = self.forward(self.flatten_input(x))
        return val[self.out].copy()

    # ---- the sweeps a CallOp runs --------------------------------------------------------
    def forward(self, x):
        val = np.empty(self.n_in + self.n_out)
        val[:self.n_in] = x
        val[self.n_in:] = self.value(val[:self.n_in].copy())
        return val

    def reverse(self, val, W):
        return self.vjp(val[:self.n_in], val[self.n_in:], np.atleast_2d(W))

    def tangent(self, val, V):
        return self.jvp(val[:self.n_in], val[self.n_in:], np.atleast_2d(V))

    # ---- the recorded derivative ---------------------------------------------------------
    def derived(self, key, build):
        """Derived tapes; "vjp" (the recorded rule of a call, transforms/calls.py) is the
        node's own: the atomic tape (x, w) -> ``rule(x, w)``."""
        d = self._derived.get(key)
        if d is None:
            if key == "vjp":
                n = self.n_in
                d = MakeTape(lambda z: self.rule(z[:n], z[n:]),
                             np.zeros(self.n_in + self.n_out)).simplify("optimize").atomic()
            else:
                d = build()
            self._derived[key] = d
        return d


class SolveNode(Node):
    """(h, b) -> A(h)^-1 b: the solve with an inner Hessian given on its pattern."""

    name = "SolveNode"

    def __init__(self, pattern):
        super().__init__(pattern.nnz + pattern.n, pattern.n)
        self.pattern = pattern

    def value(self, x):
        P = self.pattern
        return P.factor(x[:P.nnz]).solve(x[P.nnz:])

    def vjp(self, x, y, W):
        P = self.pattern
        lam = P.factor(x[:P.nnz]).solve(W.T)             # (n, k)
        r, c = P.rows, P.cols
        hb = -0.5 * (lam[r] * y[c, None] + lam[c] * y[r, None])
        return np.concatenate([hb, lam]).T

    def jvp(self, x, y, V):
        P = self.pattern
        h, dh, db = x[:P.nnz], V[:, :P.nnz].T, V[:, P.nnz:].T
        rhs = db - P.symmetric_product(dh, np.repeat(y[:, None], V.shape[0], axis=1))
        return P.factor(h).solve(rhs).T

    def rule(self, x, w):
        P = self.pattern
        h = x[:P.nnz]
        y = self(x)
        lam = self(np.concatenate([h, w]))
        hb = -0.5 * (lam[P.rows] * y[P.cols] + lam[P.cols] * y[P.rows])
        return np.concatenate([hb, lam])


class LogDetNode(Node):
    """h -> log det A(h); its gradient is the selected inverse."""

    name = "LogDetNode"

    def __init__(self, pattern):
        super().__init__(pattern.nnz, 1)
        self.pattern = pattern
        self.selinv = SelInvNode(pattern)

    def value(self, x):
        return self.pattern.factor(x).logdet

    def vjp(self, x, y, W):
        return W[:, :1] * self.pattern.factor(x).selinv()[None, :]

    def jvp(self, x, y, V):
        return (V @ self.pattern.factor(x).selinv())[:, None]

    def rule(self, x, w):
        return w * self.selinv(x)


class SelInvNode(Node):
    """h -> A(h)^-1 on the pattern (Takahashi).  Its derivative W -> -(Z W Z) on the pattern
    is self-adjoint, so reverse and tangent are the same computation."""

    name = "SelInvNode"

    def __init__(self, pattern):
        super().__init__(pattern.nnz, pattern.nnz)
        self.pattern = pattern
        self.adjoint = SelInvAdjointNode(pattern)

    def value(self, x):
        return self.pattern.factor(x).selinv()

    def vjp(self, x, y, W):
        f = self.pattern.factor(x)
        return np.stack([f.selinv_adjoint(w) for w in W])

    jvp = vjp

    def rule(self, x, w):
        return self.adjoint(np.concatenate([x, w]))


class SelInvAdjointNode(Node):
    """(h, W) -> d sum(W * selinv(h)) / dh: second derivatives of log-determinants.  Its own
    derivatives (fourth derivatives of a Laplace approximation) are not provided."""

    name = "SelInvAdjointNode"

    def __init__(self, pattern):
        super().__init__(2 * pattern.nnz, pattern.nnz)
        self.pattern = pattern

    def value(self, x):
        nnz = self.pattern.nnz
        return self.pattern.factor(x[:nnz]).selinv_adjoint(x[nnz:])

    def _none(self, *args):
        raise NotImplementedError("derivatives of the selected inverse's adjoint (third "
                                  "derivatives of a log-determinant, e.g. of laplace(...)"
                                  ".hessfun()) are not available")

    vjp = jvp = rule = _none
