"""The ``sc`` of the elementwise formulas inside the kernels: scipy.special's functions written
for Numba (formulas say ``sc.erf(x)``; on arrays and ADArrays ``sc`` is scipy.special itself).
They agree with SciPy to about an ulp (1e-13 relative in the far tails, where libm and Cephes
differ); tests/test_special.py holds them against SciPy."""
import math

import numba

SQRT1_2 = math.sqrt(0.5)


@numba.njit(nogil=True)
def erf(x):
    return math.erf(x)


@numba.njit(nogil=True)
def erfc(x):
    return math.erfc(x)


@numba.njit(nogil=True)
def ndtr(x):
    # Phi(x) = erfc(-x / sqrt 2) / 2: no cancellation in the lower tail
    return 0.5 * math.erfc(-x * SQRT1_2)


@numba.njit(nogil=True)
def expit(x):
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@numba.njit(nogil=True)
def logit(x):
    return math.log(x / (1.0 - x))


@numba.njit(nogil=True)
def xlogy(a, b):
    # SciPy: 0 where a == 0 (unless b is NaN), whatever b is
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log(b) if b > 0.0 else (a * -math.inf if b == 0.0 else math.nan)


@numba.njit(nogil=True)
def xlog1py(a, b):
    if a == 0.0 and b == b:
        return 0.0
    return a * math.log1p(b) if b > -1.0 else (a * -math.inf if b == -1.0 else math.nan)
