"""Tapes inside Numba code: ``F.njit().value_and_grad`` called from an ``@numba.njit`` loop
against ``F.gradient`` called from Python, per call, at small sizes; and what binding costs
(``F.njit()`` plus the first call, which compiles the bound functions; the jitted bodies and
interpreters they call are in Numba's disk cache after the first run on a machine).

Run: ``python benchmarks/njit_calls.py``. Tapes: W1 vectorized at n = 10, 100, 1000, and the
logistic-regression log-posterior of ``examples/hmc_logistic.py`` (6 parameters, 150 rows).
Medians of 7 interleaved repeats.

``--large``: tapes of about a million arena slots (W1 loop at n = 1e5, W1 vectorized at
n = 1.67e5), where what a call allocates shows: ``value_and_grad`` with the workspace pool
(``F.njit()``), the same functions bound without a pool (``bound._bind(F, slots=0)``: fresh
arrays every call, as before the pool) and ``F.gradient``, interleaved, medians of 9 repeats,
ratios to ``F.gradient`` in the same process (one per tape), and the minor page faults per
call of each (fresh arrays of this size come from new pages at every call, or not, as the
process's ``malloc`` happens to keep freed memory: the faults say which).
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
LARGE = (("W1 loop n=1e5", wl.w1_loop, 100_000), ("W1 vectorized n=1.67e5", wl.w1_vec, 166_667))


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


def _faults(fn, x, calls=10):
    """Minor page faults per call of ``fn(x)`` (fresh memory the call touches)."""
    import resource

    fn(x)
    r0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(calls):
        fn(x)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - r0) / calls


def _large_row(name, F, repeats):
    from numtape.tape import bound

    n = F.n_in
    points = wl.w1_points(n)
    pooled, fresh = F.njit(), bound._bind(F, slots=0)
    g, out = np.empty(n), np.empty(1)
    grads = [lambda x: pooled.value_and_grad(x, g), lambda x: fresh.value_and_grad(x, g),
             F.gradient]
    values = [lambda x: pooled.value(x, out), lambda x: fresh.value(x, out), F]
    faults = [_faults(fn, points[0]) for fn in grads]
    t, _ = wl.time_interleaved(grads, points, repeats=max(7, repeats), min_time=0.05)
    v, _ = wl.time_interleaved(values, points, repeats=max(7, repeats), min_time=0.05)
    print(f"{name:26s}{F.arena_size:9d}{1e3 * t[0]:11.2f}{1e3 * t[1]:10.2f}"
          f"{1e3 * t[2]:15.2f}{t[0] / t[2]:10.2f}{t[1] / t[2]:9.2f}"
          f"{faults[0]:9.0f}{faults[1]:7.0f}{faults[2]:5.0f}   "
          f"{v[0] / v[2]:.2f}, {v[1] / v[2]:.2f}")


def large(repeats=9):
    """Per call at about a million slots: pooled value_and_grad, fresh-array value_and_grad,
    F.gradient (and minor page faults per call of each), and the pooled and fresh value
    (forward only) against F(x); each tape in a new process (what freed memory ``malloc``
    keeps depends on the process's history)."""
    import subprocess

    print(f"{'':26s}{'arena':>9s}{'pooled ms':>11s}{'fresh ms':>10s}{'F.gradient ms':>15s}"
          f"{'pooled/F':>10s}{'fresh/F':>9s}{'faults: pooled, fresh, F':>26s}"
          "   value: pooled, fresh / F(x)", flush=True)
    for i in range(len(LARGE)):
        subprocess.run([sys.executable, __file__, "--large-row", str(i), str(repeats)],
                       check=True)


def _large_main(i, repeats):
    import numtape as nt

    nt.compile_after(None)
    name, f, n = LARGE[i]
    _large_row(name, nt.MakeTape(f, np.zeros(n)), repeats)


def main():
    import hmc_logistic

    import numtape as nt

    nt.compile_after(None)
    if "--large" in sys.argv[1:]:
        large()
        return
    if "--large-row" in sys.argv[1:]:
        k = sys.argv.index("--large-row")
        _large_main(int(sys.argv[k + 1]), int(sys.argv[k + 2]))
        return
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
