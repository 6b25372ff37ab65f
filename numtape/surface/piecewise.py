"""NumPy's piecewise and small elementwise functions composed from recorded ones.

``np.nan_to_num``, ``isnan``, ``isfinite``, ``isinf``, ``heaviside``, ``sinc``, ``logaddexp2``,
``deg2rad``, ``rad2deg``, ``round``, ``fix``, ``floor_divide`` and the piecewise-linear
``np.interp``: each written with ``np.where``, comparisons and table ops, so values,
derivatives in every mode, sparsity and derivative tapes come for free.
"""
from __future__ import annotations

import math

import numpy as np

from numtape.errors import TracingError
from numtape.ops.order import take as _take_flat
from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray


def _traced(x):
    return type(x) is ADArray


@implements(np.nan_to_num)
def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    big = np.finfo(np.float64).max
    x = np.where(x != x, nan, x)
    x = np.where(x == np.inf, big if posinf is None else posinf, x)
    return np.where(x == -np.inf, -big if neginf is None else neginf, x)


@implements(np.isnan)
def isnan(x):
    return x != x


@implements(np.isfinite)
def isfinite(x):
    return np.abs(x) < np.inf


@implements(np.isinf)
def isinf(x):
    return np.abs(x) == np.inf


# ---- piecewise and small ufuncs -----------------------------------------------------------
@implements(np.heaviside)
def heaviside(x1, x2):
    return np.where(x1 != x1, x1, np.where(x1 > 0, 1.0, np.where(x1 < 0, 0.0, x2)))


@implements(np.sinc)
def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (its derivative there is 0, the constant branch's)."""
    y = np.pi * np.where(x == 0, 1.0e-20, x)
    return np.where(x == 0, 1.0, np.sin(y) / y)


@implements(np.logaddexp2)
def logaddexp2(x1, x2):
    ln2 = math.log(2.0)
    return np.logaddexp(x1 * ln2, x2 * ln2) / ln2


@implements(np.deg2rad, np.radians)
def deg2rad(x):
    return x * (np.pi / 180.0)


@implements(np.rad2deg, np.degrees)
def rad2deg(x):
    return x * (180.0 / np.pi)


@implements(np.round, np.around)
def round_(a, decimals=0, out=None):
    """NumPy's rounding: rint of the scaled value, scaled back (derivative 0)."""
    if out is not None:
        raise TypeError("np.round(..., out=...) cannot write into a traced array")
    if decimals == 0:
        return np.rint(a)
    if decimals > 0:
        f = 10.0 ** decimals
        return np.rint(a * f) / f
    f = 10.0 ** (-decimals)
    return np.rint(a / f) * f


@implements(np.fix)
def fix(x, out=None):
    """Round toward zero (np.fix is np.trunc for floats)."""
    return np.trunc(x)


@implements(np.floor_divide)
def floor_divide(a, b):
    """NumPy's float floor division: (a - a mod b) / b, floored, rounded up when within 1/2
    of the next integer (derivative 0, piecewise constant); a / b where b is 0."""
    mod = np.remainder(a, b)
    div = (a - mod) / b
    fl = np.floor(div)
    fl = np.where(div - fl > 0.5, fl + 1.0, fl)
    return np.where(b == 0, a / b, fl)


@implements(np.interp)
def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation with traced x, fp (and xp), the interval of each x
    found again at every sweep: j = the number of xp <= x, as a sum of comparisons, and the
    end points gathered at j with TakeOps.  Derivatives: the slope in x, the two weights in
    fp.  Outside [xp[0], xp[-1]]: ``left``/``right`` (default fp[0], fp[-1]), as NumPy."""
    if period is not None:
        raise TracingError("np.interp(period=...) is not supported on traced arrays")
    n = np.shape(xp)[0]
    if np.ndim(xp) != 1 or np.shape(fp) != (n,) or n == 0:
        raise ValueError("interp: xp and fp must be 1-D sequences of the same length")
    xs = np.reshape(x, (-1,))
    if n == 1:
        y = fp[0] + 0.0 * xs
    else:
        below = np.where(xs[:, None] >= (xp[None, :] if _traced(xp) else
                                         np.asarray(xp)[None, :]), 1.0, 0.0)
        j = np.clip(np.sum(below, axis=1), 1.0, n - 1.0)    # the interval [j - 1, j]
        x0, x1 = _take_flat(xp, j - 1.0), _take_flat(xp, j)
        f0, f1 = _take_flat(fp, j - 1.0), _take_flat(fp, j)
        y = f0 + (xs - x0) * ((f1 - f0) / (x1 - x0))
    lo = fp[0] if left is None else left
    hi = fp[-1] if right is None else right
    y = np.where(xs < xp[0], lo, np.where(xs > xp[-1], hi, y))
    y = np.where(xs == xp[-1], fp[-1], y)
    return np.reshape(y, np.shape(x))
