"""``scipy.signal.convolve`` on traced values (1-D, as ``np.convolve``).

scipy.signal itself is imported on first use: it costs a large part of what ``import numtape``
costs (benchmarks/costs.py, ``imports``).
"""
import importlib

import numpy as np

from numtape.tape.tape import is_traced


def convolve(in1, in2, mode="full", method="auto"):
    """Convolution of two 1-D arrays (SciPy's modes full, same, valid)."""
    if not (is_traced(in1) or is_traced(in2)):
        return _scipy_signal().convolve(in1, in2, mode=mode, method=method)
    if np.ndim(in1) != 1 or np.ndim(in2) != 1:
        raise NotImplementedError("numtape.scipy.signal.convolve: 1-D arrays only")
    full = np.convolve(in1, in2, mode="full")
    n1, n2 = np.shape(in1)[0], np.shape(in2)[0]
    if mode == "full":
        return full
    if mode == "same":
        start = (n2 - 1) // 2
        return full[start:start + n1]
    if mode == "valid":
        lo, hi = min(n1, n2) - 1, max(n1, n2)
        return full[lo:hi]
    raise ValueError(f"convolve: mode must be full, same or valid, got {mode!r}")


def _scipy_signal():
    return importlib.import_module("scipy.signal")


def __getattr__(name):
    return getattr(_scipy_signal(), name)
