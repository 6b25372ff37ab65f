"""The flags byte of a tape op: which operands are broadcast scalars and which are constants.

::

    bits 0-3  BROADCAST_MASK   operand j of an elementwise op is one value broadcast
    bits 4-6  CONST_MASK       operand j is a constant: sweeps skip its adjoint

Plain constants and helpers, importable by the op bodies themselves (no table needed).
"""
CONST_BIT = 4                          # flag bit of operand 0's "constant" mark
MAX_MARKED = 3                         # operands 0..2 can be marked constant
BROADCAST_MASK = (1 << CONST_BIT) - 1  # the broadcast bits of a flags byte
CONST_MASK = ((1 << MAX_MARKED) - 1) << CONST_BIT


def const_flag(j):
    """The flag bit marking operand j constant."""
    return 1 << (CONST_BIT + j)


def broadcast_flag(j):
    """The flag bit marking operand j a broadcast scalar."""
    return 1 << j


def const_operand(f, j):
    """Whether flags ``f`` (an int or an array of them) mark operand j constant."""
    return (f >> (CONST_BIT + j)) & 1 == 1
