"""numtape: record plain NumPy once as a tape; sweep it with Numba for values and derivatives.

>>> import numpy as np, numtape as nt
>>> F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
>>> F
<Tape R^2 -> R^1: 7 ops, arena 7>
"""
from numtape.adarray import ADArray
from numtape.complex import ADComplex
from numtape.config import TapeConfig
from numtape.errors import TapeFormatError, TracingError
from numtape import numpy_api as _numpy_api  # noqa: F401  (registers the NumPy functions)
from numtape import linalg
from numtape.numpy_api import logsumexp, zeros
from numtape.ops._duck import polygamma
from numtape.io import load
from numtape.tape import MakeTape, Tape, make_tape

__all__ = ["ADArray", "ADComplex", "MakeTape", "Tape", "TapeConfig", "TapeFormatError",
           "TracingError", "linalg", "load", "logsumexp", "make_tape", "polygamma", "zeros"]
__version__ = "0.1.0"
