"""The Laplace approximation at scale: the Poisson AR(1) model of examples/ar1_poisson.py.

Usage (from the repository root)::

    python benchmarks/laplace_ar1.py                 # n = 1e3, 1e4, 1e5 latent states
    python benchmarks/laplace_ar1.py --sizes 1000    # chosen sizes
    python benchmarks/laplace_ar1.py --no-fit        # skip the full fits

For each n, in one process: ``joint`` is one value + gradient of the joint negative
log-likelihood (the tape of (u, theta)); ``fn+gr`` is one outer evaluation of the Laplace
marginal and its gradient at a point near the previous one (warm-started inner Newton), the
unit an optimizer pays per step; ``ratio`` = fn+gr / joint.  ``setup`` is MakeADFun (recording,
the sparse Hessian tape, the derivative tapes); ``fit`` is scipy.optimize.minimize (L-BFGS-B)
from the default start (all zeros) to convergence; ``sdreport`` includes the exact Hessian of
the marginal.  Medians of 7 repeats.  TMB's figures on this machine (r-cran-tmb 1.9.2, the same
model as a C++ template) are printed beside them; TMB is not installed here, so they are
quoted, not re-measured.  ``--kernels full`` measures the compiled interpreters from the first
sweep (the steady state an optimizer reaches); the default measures what a new process gets
(the first 0.25 s of sweeping on the NumPy tier: at n = 1e3 that is the whole run).
"""
import argparse
import os
import sys
import time

import numpy as np
from scipy.optimize import minimize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples"))
sys.path.insert(0, ROOT)

import numtape as nt  # noqa: E402
import ar1_poisson  # noqa: E402

TMB = {1000: (5.0, 0.15), 10_000: (28.0, 1.25), 100_000: (282.0, 12.0)}   # fn+gr, joint (ms)
TMB_FIT_1E5 = 9.8   # s, nlminb


def median_time(fn, repeat=7):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def measure(n, fit=True):
    y = ar1_poisson.simulate(n)
    t0 = time.perf_counter()
    obj = ar1_poisson.make_objective(y)
    setup = time.perf_counter() - t0
    theta = np.array([1.0, -0.7, 1.0])
    obj.fn(theta), obj.gr(theta)
    step = [0]

    def outer():
        step[0] += 1
        p = theta + 1e-3 * np.sin(step[0] * np.arange(1, 4))   # a new point each call
        obj.fn(p), obj.gr(p)
    outer()
    t_outer = median_time(outer)
    z = obj.z(theta)
    obj.joint.gradient(z)
    t_joint = median_time(lambda: obj.joint.gradient(z))
    row = dict(n=n, setup=setup, joint=t_joint, outer=t_outer, ratio=t_outer / t_joint)
    if fit:
        obj2 = ar1_poisson.make_objective(y)
        t0 = time.perf_counter()
        res = minimize(obj2.fn, obj2.par, jac=obj2.gr, method="L-BFGS-B")
        row["fit"] = time.perf_counter() - t0
        row["nfev"] = res.nfev
        t0 = time.perf_counter()
        nt.sdreport(obj2, res.x)
        row["sdreport"] = time.perf_counter() - t0
    return row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 10_000, 100_000])
    ap.add_argument("--no-fit", action="store_true")
    ap.add_argument("--kernels", default="auto", choices=["auto", "full", "numpy"],
                    help="nt.sweep_kernels mode: auto (default: tapes start on the NumPy tier "
                         "and move to the compiled interpreters once this process has swept "
                         "0.25 s on it), full (compiled from the first sweep: steady state), "
                         "numpy (never compiled)")
    args = ap.parse_args(argv)
    nt.sweep_kernels(args.kernels)
    rows = [measure(n, not args.no_fit) for n in args.sizes]
    print(f"{'n':>8} {'setup':>8} {'joint':>9} {'fn+gr':>9} {'ratio':>6} {'fit':>8} "
          f"{'nfev':>5} {'sdreport':>9}   TMB fn+gr / joint")
    for r in rows:
        tmb = TMB.get(r["n"])
        ref = f"{tmb[0]:.2f} ms / {tmb[1]:.2f} ms" if tmb else "-"
        fit = f"{r['fit']:7.2f}s {r['nfev']:5d} {r['sdreport']:8.2f}s" if "fit" in r else \
            f"{'-':>8} {'-':>5} {'-':>9}"
        print(f"{r['n']:>8} {r['setup']:7.2f}s {1e3 * r['joint']:7.3f}ms "
              f"{1e3 * r['outer']:7.2f}ms {r['ratio']:6.1f} {fit}   {ref}")
    by_n = {r["n"]: r for r in rows}
    if 1000 in by_n and 100_000 in by_n:
        print(f"fn+gr growth 1e3 -> 1e5: {by_n[100_000]['outer'] / by_n[1000]['outer']:.0f}x "
              "(target <= 150x)")
    if 100_000 in by_n and "fit" in by_n[100_000]:
        r = by_n[100_000]
        print(f"full fit at 1e5, setup + fit: {r['setup'] + r['fit']:.2f} s "
              f"(target <= 10 s; TMB nlminb {TMB_FIT_1E5} s)")


if __name__ == "__main__":
    main()
