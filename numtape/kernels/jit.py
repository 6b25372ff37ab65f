"""The one jit decorator of the sweeps: cached on disk, GIL released, no fastmath (a replay must
match the recording bit for bit)."""
import functools

import numba

jit = functools.partial(numba.njit, cache=True, nogil=True, fastmath=False, error_model="numpy")
