"""What an op declaration says about testing it: where to sample each operand, and the
delicate points with their exact partials.

An elementwise op declares ``domain=`` (one sampling domain per operand) and may declare
``edges=``; the table-driven tests (tests/test_ops_table.py and the tests built on
tests/opcases.py) read them from ``OPS``, so a new op is tested as soon as it is declared and an
op without a domain fails.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class U:
    """Uniform on [lo, hi]."""

    lo: float
    hi: float
    discrete = False

    def sample(self, rng, shape):
        return np.asarray(rng.uniform(self.lo, self.hi, shape))

    def intervals(self):
        return [(self.lo, self.hi)]


@dataclass(frozen=True)
class Away:
    """Uniform on [-hi, -lo] u [lo, hi]: away from a singularity or kink at 0."""

    lo: float
    hi: float
    discrete = False

    def sample(self, rng, shape):
        return np.asarray(rng.choice([-1.0, 1.0], shape) * rng.uniform(self.lo, self.hi, shape))

    def intervals(self):
        return [(-self.hi, -self.lo), (self.lo, self.hi)]


@dataclass(frozen=True)
class Choice:
    """Drawn from a few values (conditions, logical operands, ties and zeros)."""

    values: tuple
    discrete = True

    def sample(self, rng, shape):
        return np.asarray(rng.choice(np.array(self.values, dtype=np.float64), shape))

    def intervals(self):
        return [(v, v) for v in self.values]


R = U(-2.0, 2.0)
WIDE = U(-3.0, 3.0)
POS = U(0.1, 4.0)
NZ = Away(0.3, 2.0)
BOOL = Choice((0.0, 1.0))
LOGIC = Choice((0.0, 1.0, -2.5))
TIES = Choice((-1.0, 0.0, 0.5, 1.0))   # comparisons: ties are frequent, derivative stays 0
ORDERS = Choice((0.0, 0.5, 1.5, 3.0))  # Bessel orders (constants of the recording)
JETS = Choice((0.0, 1.0, 2.0))         # derivative orders of the jet functions


@dataclass(frozen=True)
class Edge:
    """A point where the derivative is defined but delicate (a kink, a tie, a tiny or huge
    argument), with the exact partials of the active operands."""

    point: tuple                 # operand values
    partials: tuple              # expected d y / d operand, for the active operands
    active: tuple | None = None  # which operands are taped (default: all)
    rtol: float = 1e-12
    atol: float = 0.0
    why: str = ""
