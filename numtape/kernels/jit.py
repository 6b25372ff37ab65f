"""The one jit decorator of numtape: every Numba function (generated sweeps, block-op bodies,
special functions, sparsity kernels) uses it, so all of them follow the same rules.

* ``cache=True``: compiled once, kept on disk;
* ``nogil=True``: tapes are swept from many threads at once;
* ``fastmath=False``: a replay must match the recording bit for bit;
* ``error_model="numpy"``: a division by zero gives inf or NaN as in NumPy (and as inside the
  sweeps), never ZeroDivisionError, whether a body runs in a sweep or is called directly.
"""
import functools

import numba

OPTIONS = dict(cache=True, nogil=True, fastmath=False, error_model="numpy")
jit = functools.partial(numba.njit, **OPTIONS)

