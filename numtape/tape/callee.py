"""What a CallOp runs (ARCHITECTURE.md, "Glossary": call, node).

A tape's ``Call`` segment (numtape/tape/plan.py) runs a *callee*: the sub-tape's own
``Sweeps``, or a statistical node (numtape/stats/nodes.py: an inner Newton solve, a sparse
log-determinant) whose sweeps are written by hand.  Both implement this interface explicitly;
``Tape.callee`` and ``Node.callee`` return theirs.
"""
from __future__ import annotations

import abc

import numpy as np


class Callee(abc.ABC):
    """Sweeps a CallOp can run: ``n_in`` inputs; ``forward(x)`` returns a value array whose
    slice ``out`` holds the outputs; ``reverse(val, W)`` and ``tangent(val, V)`` take that
    array and k seed rows ((k, n_out) adjoints -> (k, n_in), (k, n_in) tangents -> (k, n_out))."""

    n_in: int
    out: slice

    @abc.abstractmethod
    def forward(self, x: np.ndarray) -> np.ndarray:
        """The value array of one evaluation at x (outputs at ``out``)."""

    def recompute(self, x: np.ndarray) -> np.ndarray:
        """``forward(x)`` again for a reverse or tangent sweep at x (checkpointing); a callee
        that still holds the value array of its last evaluation at x may return it."""
        return self.forward(x)

    @abc.abstractmethod
    def reverse(self, val: np.ndarray, W: np.ndarray) -> np.ndarray:
        """W^T J at the point ``val`` was computed at, one row per seed row."""

    @abc.abstractmethod
    def tangent(self, val: np.ndarray, V: np.ndarray) -> np.ndarray:
        """J V at that point, one row per seed row."""
