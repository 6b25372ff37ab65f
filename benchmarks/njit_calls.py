"""Tapes inside Numba code: ``F.njit().value_and_grad`` called from an ``@numba.njit`` loop
against ``F.gradient`` called from Python, per call, at small sizes; and what binding costs
(``F.njit()`` plus the first call, which compiles the bound functions; the jitted bodies and
interpreters they call are in Numba's disk cache after the first run on a machine).

Run: ``python benchmarks/njit_calls.py``. Tapes: W1 vectorized at n = 10, 100, 1000, and the
logistic-regression log-posterior of ``examples/hmc_logistic.py`` (6 parameters, 150 rows).
Medians of 7 interleaved repeats.
"""

import os
import statistics
import sys
import time

import numba
import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)
sys.path.insert(0, os.path.join(os.path.dirname(_HERE), "examples"))

import workloads as wl  # noqa: E402

CALLS = 20_000


@numba.njit
def _loop(vg, X, g):
    s = 0.0
    for i in range(X.shape[0]):
        s += vg(X[i], g)
    return s


def per_call(F, X, repeats=7):
    """(seconds per value_and_grad call inside Numba, per F.gradient call from Python)."""
    vg = F.njit().value_and_grad
    g = np.empty(F.n_in)
    _loop(vg, X[:2], g)
    few = X[: max(1, X.shape[0] // 10)]
    t_nb, t_py = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        _loop(vg, X, g)
        t_nb.append((time.perf_counter() - t) / X.shape[0])
        t = time.perf_counter()
        for x in few:
            F.gradient(x)
        t_py.append((time.perf_counter() - t) / few.shape[0])
    return statistics.median(t_nb), statistics.median(t_py)


def binding(F):
    """Seconds of F.njit() and the first value_and_grad call (compiles the bound function),
    and of a second call."""
    x, g = np.zeros(F.n_in), np.empty(F.n_in)
    t0 = time.perf_counter()
    vg = F.njit().value_and_grad
    vg(x, g)
    t1 = time.perf_counter()
    vg(x, g)
    return t1 - t0, time.perf_counter() - t1


def main():
    import hmc_logistic

    import numtape as nt

    nt.compile_after(None)
    X, y = hmc_logistic.simulate()
    tapes = [(f"W1 vectorized n={n}", nt.MakeTape(wl.w1_vec, np.zeros(n))) for n in (10, 100)]
    tapes.append(("W1 vectorized n=1000", nt.MakeTape(wl.w1_vec, np.zeros(1000))))
    tapes.append(("logistic posterior d=6, N=150",
                  nt.MakeTape(hmc_logistic.make_neg_log_posterior(X, y), np.zeros(6))))
    rng = np.random.default_rng(1)
    print(f"{'':32s}{'bind+1st call s':>16s}{'2nd call us':>12s}{'njit us':>9s}"
          f"{'F.gradient us':>15s}{'ratio':>7s}")
    for name, F in tapes:
        t_bind, t_second = binding(F)
        calls = CALLS if F.n_in <= 100 else CALLS // 10
        t_nb, t_py = per_call(F, 0.1 * rng.standard_normal((calls, F.n_in)))
        print(f"{name:32s}{t_bind:16.3f}{1e6 * t_second:12.1f}{1e6 * t_nb:9.2f}"
              f"{1e6 * t_py:15.2f}{t_py / t_nb:7.1f}")


if __name__ == "__main__":
    main()
