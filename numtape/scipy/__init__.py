"""Drop-ins for SciPy's Python-level functions that NumPy's protocols cannot reach.

``import numtape.scipy as sp`` in place of ``import scipy as sp`` (or ``from numtape.scipy
import special``): the names and signatures are SciPy's; on plain arrays each returns SciPy's
own result, on traced values it records.  ``numtape.scipy.stats`` is ``nt.distributions``.
"""
from numtape.scipy import linalg, signal, special, stats

__all__ = ["linalg", "signal", "special", "stats"]
