"""The namespace of elementwise formulas: names that mean the same inside Numba and on arrays."""
import math

import numpy as np
import scipy.special as sc

LN2 = math.log(2.0)
LN10 = math.log(10.0)


def select(c, a, b):
    """``a`` where ``c`` else ``b``: np.where on arrays and ADArrays; the kernel generator
    turns it into a conditional expression, so the sweeps compute only the branch taken."""
    return np.where(c, a, b)


TWO_SQRTPI = 2.0 / math.sqrt(math.pi)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)

NAMESPACE = {"np": np, "sc": sc, "select": select, "LN2": LN2, "LN10": LN10,
             "TWO_SQRTPI": TWO_SQRTPI, "INV_SQRT_2PI": INV_SQRT_2PI}
