"""scipy.special functions that NumPy's protocols cannot reach (Python functions, not ufuncs),
written to record on traced arrays and to return SciPy's values on plain ones."""
import numpy as np

from numtape.ops import formulas
from numtape.trace.adarray import ADArray


def polygamma(n, x):
    """scipy.special.polygamma that also records on traced arrays.  The order n must be a
    constant non-negative integer.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: nt.polygamma(1, x), np.ones(1))
    >>> bool(np.isclose(F([2.0])[0], np.pi ** 2 / 6 - 1))
    True
    """
    if isinstance(n, ADArray):
        raise TypeError("polygamma: the order n must be a constant")
    if isinstance(x, ADArray):
        n = np.asarray(n, dtype=np.float64)
        if np.any(n != np.floor(n)) or np.any(n < 0):
            raise ValueError("polygamma: n must be a non-negative integer")
    return formulas.polygamma(n, x)
