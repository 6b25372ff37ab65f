"""Sparse Jacobian of a banded residual: numtape against hand assembly (SPEC section 6).

Usage (from the repository root)::

    python benchmarks/sparse_jacobian.py [--repeats 7] [--sizes 10000 100000]

The residual r_i = x_{i+1}^2 - x_i + sin(x_{i+2}) (i < n - 2) is recorded twice: vectorized
(block ops) and from a Python loop (scalar ops).  Timed, as medians over interleaved repeats:

* ``setup``: pattern (``jacobian_pattern``) plus coloring and recovery plan (``JacobianPlan``),
  done once per tape;
* ``eval``: the sparse Jacobian at a new point from the plan (one forward sweep, one tangent
  sweep with 3 seeds, a vectorized gather into the csr data);
* ``hand``: the known three diagonals computed with NumPy and written into a csr whose
  structure was built beforehand (the limit a hand-written assembly reaches).

``ratio`` = eval / hand; ``ratio1`` = (setup + eval) / hand, a Jacobian at a single point with
the pattern found automatically.  The target is <= 3x.
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np
import scipy.sparse as sp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import numtape as nt  # noqa: E402
from numtape.sparse import JacobianPlan, jacobian_pattern  # noqa: E402


def residual(x):
    return x[1:-1] ** 2 - x[:-2] + np.sin(x[2:])


def residual_loop(n):
    def f(x):
        r = nt.zeros(n - 2)
        for i in range(n - 2):
            r[i] = x[i + 1] ** 2 - x[i] + np.sin(x[i + 2])
        return r
    return f


class Hand:
    """Hand assembly: csr structure once, then three NumPy diagonals per point."""

    def __init__(self, n):
        m = n - 2
        self.indptr = np.arange(0, 3 * m + 1, 3)
        self.indices = (np.arange(m)[:, None] + np.arange(3)).ravel()
        self.shape = (m, n)

    def __call__(self, x):
        data = np.empty((self.shape[0], 3))
        data[:, 0] = -1.0
        data[:, 1] = 2.0 * x[1:-1]
        data[:, 2] = np.cos(x[2:])
        return sp.csr_matrix((data.ravel(), self.indices, self.indptr), shape=self.shape)


def timed(fn, min_time=0.02):
    """Seconds per call of ``fn`` (looped to last at least ``min_time``)."""
    calls, t = 0, 0.0
    start = time.perf_counter()
    while t < min_time:
        fn()
        calls += 1
        t = time.perf_counter() - start
    return t / calls


def bench(name, F, n, repeats, points):
    hand = Hand(n)
    plan = JacobianPlan(jacobian_pattern(F))
    ref = hand(points[0])
    err = abs(plan(F, points[0]) - ref).max() / abs(ref).max()
    it = iter(range(10**9))
    setup, ev, hd = [], [], []
    for _ in range(repeats):
        setup.append(timed(lambda: JacobianPlan(jacobian_pattern(F))))
        ev.append(timed(lambda: plan(F, points[next(it) % len(points)])))
        hd.append(timed(lambda: hand(points[next(it) % len(points)])))
    s, e, h = (statistics.median(v) for v in (setup, ev, hd))
    print(f"{name:<12} {n:>7} {plan.n_colors:>6} {s * 1e3:>9.2f} {e * 1e3:>9.3f} "
          f"{h * 1e3:>9.3f} {e / h:>6.2f}x {(s + e) / h:>7.2f}x {err:>8.1e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    opts = ap.parse_args()
    rng = np.random.default_rng(0)
    print(f"{'tape':<12} {'n':>7} {'colors':>6} {'setup ms':>9} {'eval ms':>9} {'hand ms':>9} "
          f"{'ratio':>7} {'ratio1':>8} {'rel err':>8}")
    for n in opts.sizes:
        points = [rng.normal(size=n) for _ in range(4)]
        bench("vectorized", nt.MakeTape(residual, np.zeros(n)), n, opts.repeats, points)
        bench("python loop", nt.MakeTape(residual_loop(n), np.zeros(n)), n, opts.repeats,
              points)


if __name__ == "__main__":
    main()
