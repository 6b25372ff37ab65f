"""NumPy's products composed from recorded ones: no op of their own.

``np.kron``, ``np.tensordot`` and ``np.linalg.matrix_power`` are reshapes, transposes and
matrix products; ``np.polyval`` is Horner's rule; ``np.convolve`` and ``np.correlate`` are one
multiply-add of block length per entry of the shorter operand.  Values, derivatives in every
mode, sparsity and derivative tapes come from the ops they record.
"""
from __future__ import annotations

import numpy as np

from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray
from numtape.trace.recorder import addr_array, recorder_of, wrap


def _traced(x):
    return type(x) is ADArray


@implements(np.kron)
def kron(a, b):
    A, B = (x if _traced(x) else np.asarray(x, dtype=np.float64) for x in (a, b))
    nd = max(np.ndim(A), np.ndim(B))
    A = np.reshape(A, (1,) * (nd - np.ndim(A)) + np.shape(A))
    B = np.reshape(B, (1,) * (nd - np.ndim(B)) + np.shape(B))
    # a[i, j] * b[k, l] laid out as (i, k, j, l) ... then merged pairwise
    ea = np.reshape(A, sum(((s, 1) for s in np.shape(A)), ()))
    eb = np.reshape(B, sum(((1, s) for s in np.shape(B)), ()))
    out = ea * eb
    return np.reshape(out, tuple(p * q for p, q in zip(np.shape(A), np.shape(B))))


@implements(np.tensordot)
def tensordot(a, b, axes=2):
    a = a if _traced(a) else np.asarray(a, dtype=np.float64)
    b = b if _traced(b) else np.asarray(b, dtype=np.float64)
    if isinstance(axes, (int, np.integer)):
        ax_a = list(range(np.ndim(a) - axes, np.ndim(a)))
        ax_b = list(range(axes))
    else:
        ax_a, ax_b = ([axes[0]] if np.ndim(axes[0]) == 0 else list(axes[0]),
                      [axes[1]] if np.ndim(axes[1]) == 0 else list(axes[1]))
        ax_a = [x % np.ndim(a) for x in ax_a]
        ax_b = [x % np.ndim(b) for x in ax_b]
    free_a = [d for d in range(np.ndim(a)) if d not in ax_a]
    free_b = [d for d in range(np.ndim(b)) if d not in ax_b]
    sa, sb = np.shape(a), np.shape(b)
    m = int(np.prod([sa[d] for d in ax_a]))
    A = np.reshape(np.transpose(a, free_a + ax_a), (-1, m))
    B = np.reshape(np.transpose(b, ax_b + free_b), (m, -1))
    return np.reshape(A @ B, tuple(sa[d] for d in free_a) + tuple(sb[d] for d in free_b))


@implements(np.linalg.matrix_power)
def matrix_power(a, n):
    if not isinstance(n, (int, np.integer)):
        raise TypeError("matrix_power: the exponent must be an integer")
    if np.shape(a)[-1] != np.shape(a)[-2]:
        raise np.linalg.LinAlgError("matrix_power needs square matrices")
    if n < 0:
        a, n = np.linalg.inv(a), -n
    result, base = None, a
    while True:                     # binary powering, as NumPy does
        if n & 1:
            result = base if result is None else result @ base
        n >>= 1
        if not n:
            break
        base = base @ base
    if result is None:
        return np.broadcast_to(np.eye(np.shape(a)[-1]), np.shape(a)) + 0.0 * a
    return result


@implements(np.polyval)
def polyval(p, x):
    """Horner's rule, as NumPy evaluates it."""
    y = np.zeros_like(x) if _traced(x) else np.zeros(np.shape(x))
    for c in (p if _traced(p) else np.asarray(p, dtype=np.float64)):
        y = y * x + c
    return y


@implements(np.convolve)
def convolve(a, v, mode="full"):
    """Sum over the shorter operand's entries of the other, shifted and scaled: one
    multiply-add of block length per entry of the shorter one."""
    if np.ndim(a) != 1 or np.ndim(v) != 1:
        raise ValueError("convolve: object too deep for desired array")
    if np.shape(a)[0] < np.shape(v)[0]:
        a, v = v, a
    n, m = np.shape(a)[0], np.shape(v)[0]
    if m == 0:
        raise ValueError("v cannot be empty")
    rec = recorder_of(a, v)
    zero = rec.const(0.0)
    A = addr_array(rec, a)
    out = None
    for j in range(m):   # full[k] = sum_j v[j] a[k - j]
        shifted = np.concatenate([np.full(j, zero), A, np.full(m - 1 - j, zero)])
        term = wrap(rec, shifted) * v[j]
        out = term if out is None else out + term
    if mode == "full":
        return out
    if mode == "same":
        start = (m - 1) // 2
        return out[start:start + n]
    if mode == "valid":
        return out[m - 1:n]
    raise ValueError(f"convolve: mode must be full, same or valid, got {mode!r}")


@implements(np.correlate)
def correlate(a, v, mode="valid"):
    """np.correlate: the convolution with v reversed (v is real)."""
    if np.shape(v)[0] > np.shape(a)[0]:     # NumPy swaps, and reverses the result
        return correlate(v, a, mode)[::-1]
    return convolve(a, v[::-1], mode)
