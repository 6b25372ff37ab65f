"""Derived tapes at scale, each in a fresh process (what a user's first call costs).

Usage (from the repository root)::

    python benchmarks/at_scale.py makeadfun 100000   # AR(1) Poisson, 1e5 latent states
    python benchmarks/at_scale.py hvp 10000000       # first hvp of a 1e7-element tape

``makeadfun``: MakeADFun of examples/ar1_poisson.py (recording, the sparse Hessian tape, the
derivative tapes; a model of 20,000 states is set up first so imports and kernel loads are
not counted):
``setup`` seconds; then the fit a user runs, a second MakeADFun and scipy.optimize.minimize
(L-BFGS-B) from the default start: ``fit`` seconds, both together.  ``hvp``: the HVP
objective of workloads.py (vectorized) recorded at n, one gradient, then the first ``F.hvp``
(which builds and simplifies the gradient tape): seconds and the process's peak resident
memory.  Each prints
one JSON line; ``compare.py`` shows them as rows against their targets.
"""
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def makeadfun(n):
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    from scipy.optimize import minimize
    import ar1_poisson
    # large enough that the sparsity and Laplace kernels load (below ~6,000 states their
    # Python twins run instead: numtape/kernels/twins.py, ``now``), so their first load is
    # not counted
    ar1_poisson.make_objective(ar1_poisson.simulate(20_000))
    y = ar1_poisson.simulate(n)
    t0 = time.perf_counter()
    ar1_poisson.make_objective(y)
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    obj = ar1_poisson.make_objective(y)
    res = minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B")
    return dict(n=n, setup=setup, fit=time.perf_counter() - t0, nfev=int(res.nfev))


def hvp(n):
    import numpy as np
    import numtape as nt
    import workloads as wl
    x, v = np.linspace(-1.0, 1.0, n), np.ones(n)
    F = nt.MakeTape(wl.hvp_vec, x)
    F.gradient(x)
    t0 = time.perf_counter()
    F.hvp(x, v)
    return dict(n=n, seconds=time.perf_counter() - t0,
                peak_gb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e9)


def fresh(kind, n):
    """Run ``kind`` at ``n`` in a fresh interpreter; its JSON result as a dict."""
    out = subprocess.run([sys.executable, os.path.abspath(__file__), kind, str(int(n))],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    sys.path.insert(0, ROOT)
    kind, n = sys.argv[1], int(float(sys.argv[2]))
    print(json.dumps({"makeadfun": makeadfun, "hvp": hvp}[kind](n)))
