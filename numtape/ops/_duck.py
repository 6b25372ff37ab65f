"""Helpers that let one derivative formula run both inside Numba and on ADArrays."""
import numpy as np
from numba.extending import overload


def select(c, a, b):
    """``a`` where ``c`` else ``b``: np.where on arrays/ADArrays, a plain branch in Numba."""
    return np.where(c, a, b)


@overload(select)
def _select_numba(c, a, b):
    def impl(c, a, b):
        return a if c else b
    return impl
