"""Batched replay: ``F.gradient_map`` of the W1 vectorized tape at 1,000 points (n = 1e3)
against a hand-written batched Numba gradient (``reference.w1_batch_reference``), with 1 and
2 worker threads, and against per-point ``F.gradient`` calls from Python.

numtape's side is timed twice: the interpreted tape (the tape is below the automatic tier-up
size) and the same tape after ``F.compile()`` (its elementwise runs fused). Run:
``python benchmarks/batched.py`` (``--points``, ``--n``, ``--repeats``). Every timed function
gets the same batches (4, cycled); repeats are interleaved so a noisy shared machine slows every
side alike; medians are reported. The issue's targets: gradient_map within 1.3x of the
hand-written batch at each thread count, and near-linear speed-up from 1 to 2 threads.

Where a row's time goes (one thread, printed after the table): ``F.map`` against a hand-written
batch of values (``reference.w1_batch_values_reference``); ``gradient_map`` against the bare
jitted row loop it runs (``batch._gradients`` on a workspace made beforehand: what is left is
the driver's, per call, not per row); a hand-written gradient that takes cos in its reverse
pass as the tape's sweep does (the reference gets sin and cos from one sincos, and stores the
partials in its forward pass); per-point ``F.gradient`` from Python.

``--large``: one to sixteen rows of a tape of a million slots (W1 vectorized at n = 1.67e5),
``gradient_map`` and ``map`` with each thread's workspaces kept between calls (as now) and
made anew at every call (as before: ``NativePlan.local`` cleared before each call), against
per-point ``F.gradient`` and ``F(x)``, interleaved, medians of ``--repeats``, each row count in
a new process, with gradient_map's minor page faults per call.
"""

import argparse
import math
import os
import sys

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference  # noqa: E402
import workloads as wl  # noqa: E402


def setup(points=1000, n=1000, n_batches=4, seed=5):
    """(F, Fc, batches): the W1 vectorized tape at size n, the same tape after F.compile()
    (its elementwise runs fused), and ``n_batches`` batches of points."""
    import numtape as nt

    F = nt.MakeTape(wl.w1_vec, np.zeros(n))
    Fc = nt.MakeTape(wl.w1_vec, np.zeros(n))
    Fc.compile()
    rng = np.random.default_rng(seed)
    return F, Fc, [0.5 * rng.standard_normal((points, n)) for _ in range(n_batches)]


def check(tapes, X, refs):
    """gradient_map equals per-point F.gradient bit for bit, and the references closely."""
    for F in tapes:
        G = F.gradient_map(X[:50])
        assert np.array_equal(G, np.stack([F.gradient(x) for x in X[:50]]))
        for ref in refs:
            np.testing.assert_allclose(ref(X[:50]), G, rtol=1e-12, atol=1e-12)


def _threads(w):
    return f"{w} thread{'s' * (w > 1)}"


def measure(points=1000, n=1000, repeats=11, threads=(1, 2)):
    """Median seconds per batch, {name: seconds}: numtape's gradient_map (interpreted, and
    after F.compile()) and the hand-written batch at each thread count, and per-point
    F.gradient calls from Python."""
    F, Fc, batches = setup(points, n)
    fns = {}
    for w in threads:
        fns[f"hand-written batch, {_threads(w)}"] = reference.w1_batch_reference(n, w)
        fns[f"gradient_map, {_threads(w)}"] = lambda X, w=w: F.gradient_map(X, workers=w)
        fns[f"gradient_map compiled, {_threads(w)}"] = (
            lambda X, w=w: Fc.gradient_map(X, workers=w))
    check((F, Fc), batches[0], [fns[k] for k in fns if k.startswith("hand")])
    small = [X[: max(1, points // 20)] for X in batches]   # per-point calls: a slice, scaled
    (t_loop,), _ = wl.time_interleaved([lambda X: [F.gradient(x) for x in X]], small, repeats=3)
    medians, _ = wl.time_interleaved(list(fns.values()), batches, repeats=repeats)
    out = dict(zip(fns, medians))
    out["per-point F.gradient from Python, 1 thread"] = t_loop * points / small[0].shape[0]
    return out


@numba.njit(cache=True, nogil=True)
def _w1_batch_cos_in_reverse(X, G, e):
    """W1 gradients with the tape's transcendentals: exp and sin forward, cos in the reverse
    pass (``e`` a work array of len n)."""
    B, n = X.shape
    for b in range(B):
        for i in range(1, n):
            e[i] = math.exp(0.5 * X[b, i] + math.sin(X[b, i - 1]))
        G[b, n - 1] = e[n - 1] * (0.5 * X[b, n - 1] + 1.0)
        for i in range(n - 2, 0, -1):
            G[b, i] = (e[i] * (0.5 * X[b, i] + 1.0)
                       + e[i + 1] * X[b, i + 1] * math.cos(X[b, i]))
        G[b, 0] = e[1] * X[b, 1] * math.cos(X[b, 0])


def breakdown(points=1000, n=1000, repeats=11):
    """{name: median seconds per batch} on one thread: F.map and gradient_map against the
    hand-written batches and the bare jitted row loops they run, the cos-in-reverse gradient,
    per-point F.gradient (scaled from a slice)."""
    from numtape.tape import batch, native

    F, _, batches = setup(points, n)
    K = native.native_plan(F).need("forward", "reverse")
    ws = batch._workspace(K, (1,), "adj")
    ws["busy"] = False
    e = np.empty(n)

    def bare_gradients(X):
        G = np.empty(X.shape)
        batch._gradients(K.plan, K.pool, *K.kargs, K.dep, K.clear, X, G, ws["val"], ws["work"],
                         ws["adj"])
        return G

    def bare_values(X):
        Y = np.empty((X.shape[0], 1))
        batch._values(K.plan, K.pool, *K.kargs, K.dep, X, Y, ws["val"], ws["work"], ws["row"])
        return Y

    def cos_in_reverse(X):
        G = np.empty(X.shape)
        _w1_batch_cos_in_reverse(X, G, e)
        return G

    fns = {"hand-written values": reference.w1_batch_values_reference(n),
           "F.map": lambda X: F.map(X, workers=1),
           "bare jitted value rows": bare_values,
           "hand-written gradients": reference.w1_batch_reference(n, 1),
           "gradient_map": lambda X: F.gradient_map(X, workers=1),
           "bare jitted gradient rows": bare_gradients,
           "hand-written, cos in reverse": cos_in_reverse}
    X = batches[0][:20]
    np.testing.assert_allclose(cos_in_reverse(X), F.gradient_map(X), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(fns["hand-written values"](X), F.map(X), rtol=1e-12)
    medians, _ = wl.time_interleaved(list(fns.values()), batches, repeats=repeats)
    out = dict(zip(fns, medians))
    small = [X[: max(1, points // 20)] for X in batches]
    (t,), _ = wl.time_interleaved([lambda X: [F.gradient(x) for x in X]], small, repeats=3)
    out["per-point F.gradient"] = t * points / small[0].shape[0]
    return out


def report_breakdown(t, points):
    print(f"\nwhere a row's time goes, 1 thread{'':11s}{'us / row':>9s}"
          f"{'/ hand values':>15s}{'/ hand grads':>14s}")
    for name, v in t.items():
        print(f"{name:44s}{1e6 * v / points:9.2f}{v / t['hand-written values']:15.2f}"
              f"{v / t['hand-written gradients']:14.2f}")
    print(f"driver, per call: map {t['F.map'] / t['bare jitted value rows'] - 1:+.1%}, "
          f"gradient_map {t['gradient_map'] / t['bare jitted gradient rows'] - 1:+.1%} "
          "of the bare row loops")


def _faults(fn, X, calls=5):
    """Minor page faults per call of ``fn(X)``."""
    import resource

    fn(X)
    r0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(calls):
        fn(X)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - r0) / calls


LARGE_N = 166_667


def large(repeats=9, sizes=(1, 4, 16)):
    """gradient_map and map of a few rows of a million-slot tape, workspaces kept and made
    anew per call, against per-point calls, each row count in a new process (what freed
    memory ``malloc`` keeps depends on the process's history: the page faults per call of
    gradient_map say what the fresh workspaces cost)."""
    import subprocess

    print(f"W1 vectorized n={LARGE_N} (arena 1000000), 1 thread, ms / row:")
    print(f"{'rows':>5s}{'gm kept':>9s}{'gm fresh':>10s}{'F.gradient':>12s}{'kept/F':>8s}"
          f"{'fresh/F':>9s}{'faults kept, fresh':>20s}{'map kept':>10s}{'map fresh':>11s}"
          f"{'F(x)':>7s}{'kept/F':>8s}{'fresh/F':>9s}", flush=True)
    for B in sizes:
        subprocess.run([sys.executable, __file__, "--large-row", str(B), str(repeats)],
                       check=True)


def _large_row(B, repeats):
    import numtape as nt
    from numtape.tape import native

    nt.compile_after(None)
    F = nt.MakeTape(wl.w1_vec, np.zeros(LARGE_N))
    local = native.native_plan(F).local
    rng = np.random.default_rng(8)
    batches = [0.5 * rng.standard_normal((B, LARGE_N)) for _ in range(4)]

    def fresh(fn):
        def run(X):
            local.__dict__.clear()
            return fn(X, workers=1)
        return run

    fns = [lambda X: F.gradient_map(X, workers=1), fresh(F.gradient_map),
           lambda X: [F.gradient(x) for x in X], lambda X: F.map(X, workers=1),
           fresh(F.map), lambda X: [F(x) for x in X]]
    faults = [_faults(fn, batches[0]) for fn in fns[:2]]
    t, _ = wl.time_interleaved(fns, batches, repeats=max(7, repeats), min_time=0.05)
    r = [1e3 * v / B for v in t]
    print(f"{B:5d}{r[0]:9.2f}{r[1]:10.2f}{r[2]:12.2f}{t[0] / t[2]:8.2f}{t[1] / t[2]:9.2f}"
          f"{faults[0]:11.0f},{faults[1]:8.0f}{r[3]:10.2f}{r[4]:11.2f}{r[5]:7.2f}"
          f"{t[3] / t[5]:8.2f}{t[4] / t[5]:9.2f}")


def report(times, points, threads=(1, 2)):
    print(f"{'':44s}{'ms / batch':>11s}{'us / point':>12s}")
    for name, t in times.items():
        print(f"{name:44s}{1e3 * t:11.2f}{1e6 * t / points:12.2f}")
    for side in ("gradient_map", "gradient_map compiled"):
        for w in threads:
            ratio = times[f"{side}, {_threads(w)}"] / times[f"hand-written batch, {_threads(w)}"]
            print(f"{side} / hand-written, {_threads(w)}: {ratio:.2f}  (target <= 1.3)")
    a, b = threads[0], threads[-1]
    for side in ("hand-written batch", "gradient_map", "gradient_map compiled"):
        speedup = times[f"{side}, {_threads(a)}"] / times[f"{side}, {_threads(b)}"]
        print(f"speed-up {_threads(a)} -> {_threads(b)}, {side}: {speedup:.2f}x")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--points", type=int, default=1000)
    p.add_argument("--n", type=int, default=1000)
    p.add_argument("--repeats", type=int, default=11)
    p.add_argument("--large", action="store_true", help="only the few-rows million-slot rows")
    p.add_argument("--large-row", type=int, nargs=2, help=argparse.SUPPRESS)
    a = p.parse_args()
    import numtape as nt

    nt.compile_after(None)   # each tape keeps its tier whatever the number of sweeps
    if a.large:
        large(max(7, a.repeats))
        return
    if a.large_row:
        _large_row(*a.large_row)
        return
    report(measure(a.points, a.n, a.repeats), a.points)
    report_breakdown(breakdown(a.points, a.n, max(7, a.repeats)), a.points)


if __name__ == "__main__":
    main()
