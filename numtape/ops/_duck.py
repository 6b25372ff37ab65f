"""The namespace of elementwise formulas: names that mean the same inside Numba and on arrays."""
import math

import numpy as np
from numba.extending import overload

LN2 = math.log(2.0)
LN10 = math.log(10.0)


def select(c, a, b):
    """``a`` where ``c`` else ``b``: np.where on arrays/ADArrays, a plain branch in Numba."""
    return np.where(c, a, b)


@overload(select)
def _select_numba(c, a, b):
    def impl(c, a, b):
        return a if c else b
    return impl


NAMESPACE = {"np": np, "select": select, "LN2": LN2, "LN10": LN10}
