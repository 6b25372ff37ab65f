"""Algebraic identities that hold bit for bit in IEEE arithmetic, values and derivatives.

Applied, with ``c`` a constant scalar (a scalar-broadcast operand, or a size-1 op):

* ``x * 1``, ``1 * x``, ``x / 1`` -> x;
* ``x - (+0.0)`` -> x (``-0.0 - 0.0`` is ``-0.0``);
* ``x + (-0.0)``, ``(-0.0) + x`` -> x.

The local partial of the kept operand is exactly 1 in each case, so derivatives are unchanged.

Deliberately not applied:

* ``x + 0.0`` (and ``x - (-0.0)``): equal in value but maps ``-0.0`` to ``+0.0``, a sign that
  later ops can observe (``1 / y``, ``arctan2``, ``copysign``);
* ``x * 0``: ``inf * 0`` and ``nan * 0`` are NaN;
* ``x - x``: ``inf - inf`` is NaN.

Each op declares its identities in the op table (``OpSpec.identities``).
"""
import math

from numtape.ops import OPS


def _one(c):
    return c == 1.0


def _plus_zero(c):
    return c == 0.0 and math.copysign(1.0, c) > 0


def _minus_zero(c):
    return c == 0.0 and math.copysign(1.0, c) < 0


_TESTS = {"one": _one, "plus_zero": _plus_zero, "minus_zero": _minus_zero}
# opcode -> ((operand kept, neutral constant operand, test on the constant), ...), from the
# identities each op declares (OpSpec.identities)
RULES = {spec.code: tuple((kept, neutral, _TESTS[t]) for kept, neutral, t in spec.identities)
         for spec in OPS if spec.identities}


def identity_operand(code, n, starts, lengths, constant, values):
    """Start of the operand an op of ``n`` values equals by an identity above, else -1.

    ``starts``/``lengths`` are the op's operand blocks; ``constant(slot)`` says whether an
    arena slot holds a constant and ``values`` the constants' values.
    """
    for kept, neutral, test in RULES.get(code, ()):
        s = starts[neutral]
        if lengths[neutral] == 1 and lengths[kept] == n and constant(s) and test(values[s]):
            return starts[kept]
    return -1
