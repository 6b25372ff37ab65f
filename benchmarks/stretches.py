"""Stretches (numtape/tape/native.py): consecutive jitted segments swept by one call, against
the same segments called one by one from Python, in one process.

For each model (``benchmarks/glmm_vs_glmmtmb.py``'s; default: the four furthest behind
glmmTMB), after three warm fits: the forward sweep of the Laplace layer's inner tape (F, dF/du
and H_uu in one tape) at the optimum, and an outer evaluation (``obj.fn``: inner Newton solve,
value and gradient) at 40 points near it, each timed with stretches and segment by segment,
interleaved, medians of ``--repeats``.  Every tape's stretched plan is made anew at each switch.

Run: ``python benchmarks/stretches.py [--models ...] [--repeats 9]``.
"""
import argparse
import gc
import os
import statistics
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import glmm_vs_glmmtmb as G  # noqa: E402

FURTHEST = ["owls_nbinom1_zi", "sal_zinbinom2", "sal_hurdle_poisson", "tweedie_sim"]


def _switch(native, sweeper, on):
    native.MIN_STRETCH = 3 if on else 10 ** 9
    for o in gc.get_objects():
        if isinstance(o, sweeper.Sweeps):
            o._stretches.clear()


def measure(name, repeats=9):
    """(inner sweep, outer evaluation) seconds, {True: stretches, False: one by one}."""
    import numtape as nt
    from numtape.stats.laplace import InnerProblem
    from numtape.tape import native, sweeper

    formula, csv, kw, _, _ = G.MODELS[name]
    d = G.load(csv, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(3):
            m = nt.glmm(formula, d, **kw)
            m.coef_table()
    obj = m.obj
    p = obj.best[1].copy()
    inner = [o for o in gc.get_objects() if isinstance(o, InnerProblem) and o.F is not None]
    ip = next(o for o in inner if o.u_last is not None and o.n_theta == p.size)
    S = ip.FGH.sweeps
    z = np.concatenate([ip.u_last, p])
    rng = np.random.default_rng(0)
    points = [p + 1e-3 * rng.standard_normal(p.size) for _ in range(40)]
    sweep, evaluation = {True: [], False: []}, {True: [], False: []}
    for r in range(repeats):
        for on in (True, False):
            _switch(native, sweeper, on)
            S.forward(z)            # (the stretch looks for its kernels at its first sweep)
            t = time.perf_counter()
            for _ in range(50):
                S.forward(z)
            sweep[on].append((time.perf_counter() - t) / 50)
            t = time.perf_counter()
            for q in points:
                obj.fn(q + 1e-9 * (r + 1) + 1e-10 * on)   # new points: no cached evaluation
            evaluation[on].append((time.perf_counter() - t) / len(points))
    _switch(native, sweeper, True)
    return ({k: statistics.median(v) for k, v in sweep.items()},
            {k: statistics.median(v) for k, v in evaluation.items()}, len(S.plan))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="*", default=FURTHEST)
    ap.add_argument("--repeats", type=int, default=9)
    args = ap.parse_args(argv)
    print(f"{'model':<20} {'segments':>8} {'inner sweep: one call':>22} {'one by one':>11} "
          f"{'evaluation: stretches':>22} {'one by one':>11}")
    for name in args.models:
        sw, ev, n = measure(name, args.repeats)
        print(f"{name:<20} {n:>8} {1e6 * sw[True]:>19.0f} us {1e6 * sw[False]:>8.0f} us "
              f"{1e3 * ev[True]:>19.3f} ms {1e3 * ev[False]:>8.3f} ms  "
              f"({ev[True] / ev[False] - 1:+.0%})")


if __name__ == "__main__":
    main()
