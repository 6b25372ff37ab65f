"""scipy.special functions that NumPy's protocols cannot reach (Python functions, not ufuncs),
written to record on traced arrays and to return SciPy's values on plain ones."""
import numpy as np
import scipy.special as sc

from numtape.errors import TracingError
from numtape.ops import OP, formulas
from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray
from numtape.trace.recorder import CONST_BASE, addr_array, elementwise, recorder_of


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


def _constant_order(ufunc, op):
    """scipy.special's Bessel functions on traced arrays: the order must be a constant of the
    recording (its derivative is not provided), the argument may be traced."""
    def impl(v, x):
        if type(v) is ADArray and np.any(addr_array(recorder_of(v), v) < CONST_BASE):
            raise TracingError(f"scipy.special.{ufunc.__name__}: the order must be a constant "
                               "(derivatives in the order are not provided); the argument "
                               "may be traced")
        return elementwise(op, v, x)
    implements(ufunc)(impl)


for _uf, _op in ((sc.iv, OP.IvOp), (sc.ive, OP.IveOp), (sc.kv, OP.KvOp), (sc.kve, OP.KveOp)):
    _constant_order(_uf, _op)
