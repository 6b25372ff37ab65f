"""``python -m numtape demo``: record a real model, print its tape, differentiate it, time it.

``python -m numtape show FILE``: load a saved tape (validated) and print it.

``python -m numtape warmup``: compile the full tape interpreters and the kernels of the
statistical layer into Numba's disk cache now (minutes, once per environment, on two cores
where there are two; each compile is announced with its time), so that no later tape compiles
anything.  ``--background`` is how numtape starts it by itself (numtape/sweeps/tiers.py): at
low priority, and not at all when another process holds the cache folder's compile lock.

``python -m numtape check``: a short check of an install, without compiling: values,
gradients and Hessians of a few tapes against finite differences on the NumPy tier, and a
Poisson GLMM fitted by the Laplace approximation.
"""
import os
import sys
import time
import warnings

import numba
import numpy as np

from numtape.kernels.twins import compiled_for, prefer_compiled
from numtape.sweeps import tiers
from numtape.tape import native
from numtape.testing import check_grads, poisson_glmm


def _median_time(fn, repeat=15):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def demo():
    import numtape as nt

    print("numtape demo\n============\n")
    print("1. The RTMB vignette's first tape: f(x) = exp(x0 + 1.23 x1)\n")
    F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
    print(F)
    F.print()
    print("\nF([3, 4]) =", F([3.0, 4.0]))
    print("F.jacobian([3, 4]) =", F.jacobian([3.0, 4.0]))
    print("\nafter the reverse sweep the table holds values and derivatives:")
    F.print()

    print("\n2. A real model: Poisson regression with a log link")
    rng = np.random.default_rng(1)
    n_obs, k = 20_000, 6
    X = np.column_stack([np.ones(n_obs), rng.standard_normal((n_obs, k - 1))])
    beta_true = np.array([0.5, -0.3, 0.2, 0.1, -0.4, 0.25])
    y = rng.poisson(np.exp(X @ beta_true)).astype(float)

    def nll(beta):
        eta = X @ beta                     # one MatMulOp (block node)
        return np.sum(np.exp(eta) - y * eta)

    t0 = time.perf_counter()
    G = nt.MakeTape(nll, np.zeros(k))
    print(f"\nrecorded in {1e3 * (time.perf_counter() - t0):.1f} ms: {G!r}")
    G.print(max_rows=16)
    b0 = np.zeros(k)
    print("\nvalue at 0:   ", G(b0))
    print("gradient at 0:", G.gradient(b0))

    from scipy.optimize import minimize
    fit = minimize(G, b0, jac=G.gradient, method="BFGS")
    print(f"\nBFGS fit ({fit.nit} iterations, {fit.njev} gradients):")
    print("  estimate:", np.round(fit.x, 3))
    print("  truth:   ", beta_true)

    H = G.hessfun()        # a derivative tape: the reverse sweep re-recorded, differentiated
    se = np.sqrt(np.diag(np.linalg.inv(H(fit.x).reshape(k, k))))
    print(f"  std err:  {np.round(se, 3)}   (inverse Hessian from the tape {H!r})")

    print("\n3. A Jacobian: the fitted means mu_i = exp(x_i . beta) for the first 4 rows")
    M = nt.MakeTape(lambda b: np.exp(X[:4] @ b), np.zeros(k))
    print(np.array2string(M.jacobian(fit.x), precision=4, suppress_small=True))

    D = nt.MakeTape(np.diff, np.zeros(5))
    print("\nand a sparse one, RTMB's D$jacfun(sparse=TRUE):", D.jacfun(sparse=True))
    print(D.jacfun(sparse=True)(np.arange(1.0, 6.0)).toarray())

    print("\n4. A Python-loop tape: f(x) = sum_i exp(0.5 x_i + sin x_{i-1}) x_i, n = 100,000")
    n = 100_000

    def w1(x):
        s = 0.0
        for i in range(1, n):
            s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
        return s

    t0 = time.perf_counter()
    W = nt.MakeTape(w1, np.zeros(n))
    dt = time.perf_counter() - t0
    print(f"recorded {W.n_ops:,} ops in {dt:.2f} s ({W.n_ops / dt:,.0f} ops/s): {W!r}")
    x = rng.uniform(-1, 1, n)
    W.gradient(x)
    t = _median_time(lambda: W.gradient(x))
    print(f"value + gradient sweep: median {1e3 * t:.2f} ms "
          f"({1e9 * t / W.n_ops:.1f} ns per op)")
    t = _median_time(lambda: G.gradient(fit.x))
    print(f"Poisson regression value + gradient (n={n_obs}, k={k}): median {1e3 * t:.3f} ms")

    print("\n5. Random effects: a Poisson GLMM, 30 sites with a random intercept each,")
    print("   integrated out by the Laplace approximation (TMB's MakeADFun and sdreport)")
    sites, per_site = 30, 20
    site = np.repeat(np.arange(sites), per_site)
    xs = rng.standard_normal(site.size)
    u_true = rng.normal(0.0, 0.6, sites)
    counts = rng.poisson(np.exp(0.5 - 0.8 * xs + u_true[site])).astype(float)

    def glmm(p):
        sigma = np.exp(p["logsigma"])
        eta = p["b0"] + p["b1"] * xs + p["u"][site]
        nt.ADREPORT("sigma", sigma)
        return (-np.sum(nt.distributions.poisson.logpmf(counts, np.exp(eta)))
                - np.sum(nt.distributions.norm.logpdf(p["u"], 0.0, sigma)))

    t0 = time.perf_counter()
    obj = nt.MakeADFun(glmm, {"b0": 0.0, "b1": 0.0, "logsigma": 0.0, "u": np.zeros(sites)},
                       random="u")
    fit = minimize(obj.fn, obj.par, jac=obj.gr, method="BFGS")
    rep = nt.sdreport(obj, fit.x)
    print(f"\nfitted in {time.perf_counter() - t0:.2f} s ({fit.nfev} Laplace evaluations):")
    print(rep)
    print(rep.format(("report",)))
    print("truth: b0 0.5, b1 -0.8, sigma 0.6; the 30 random intercepts: rep.value('u'), "
          "rep.sd('u')")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] == "demo":
        demo()
        return 0
    if argv[0] == "show" and len(argv) == 2:
        import numtape as nt
        try:
            F = nt.load(argv[1])
        except (nt.TapeFormatError, OSError) as e:   # one line, no traceback
            print(f"numtape: {e}", file=sys.stderr)
            return 1
        print(F)
        F.print()
        return 0
    if argv[0] == "warmup" and len(argv) <= 2 and argv[1:] in ([], ["--background"]):
        return warmup(background=len(argv) == 2)
    if argv[0] == "check" and len(argv) == 1:
        return check()
    if argv[0] == "compile-kernels" and len(argv) == 2:   # numtape/sweeps/tiers.py starts it
        os.nice(10)
        n = tiers.compile_jobs(argv[1])
        print(f"numtape: compiled {n} kernels in a background process", flush=True)
        return 0
    print(__doc__)
    return 2


def warmup(background=False):
    """Compile the full interpreters (forward, reverse, tangent) and, by running a small mixed
    model, the sparsity, coloring and selected-inverse kernels, under the cache folder's
    compile lock (numtape/sweeps/tiers.py); record that they are done."""
    if background:
        os.nice(10)   # the user's own work first
    if numba.config.DISABLE_JIT:
        print("numtape: nothing to compile (NUMBA_DISABLE_JIT is set)")
        return 0
    if background and not tiers.background_allowed():
        return 0
    with tiers.compile_lock() as held:
        if not held:
            who = tiers.holder()
            print(f"numtape: process {who[0] if who else '?'} is compiling into "
                  f"{tiers.variants.cache_dir()} already")
            return 0
        t0 = time.perf_counter()
        tiers.set_mode("full")
        prefer_compiled(True)
        if not background:   # in the background the user's work has the other core
            _interpreters_on_two_cores()
        _warm_workload()
        tiers.mark_done()
        print(f"numtape: the full interpreters and the statistical kernels are compiled and "
              f"cached ({time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


def _first_tape(x):
    """The warm-up's first tape: an elementwise op, a reversed view and a sum."""
    return np.sum(np.exp(x) * x[::-1])


def _interpreters_on_two_cores():
    """Compile the reverse interpreter in a second process while this one compiles forward
    and tangent (each takes minutes of one core); then ``_warm_workload`` loads it from the
    disk cache.  On one core, ``_warm_workload`` compiles the three in turn."""
    import numtape as nt

    F = nt.MakeTape(_first_tape, np.zeros(3))
    P = native.plan_of(F.sweeps, F.sweeps.plan)   # on the full interpreters: one run
    (fwd, rev, tan) = (native.kernels(P.segments[:1], col, P.kargs)[0]
                       for col in (native.FWD, native.REV, native.TAN))
    aside = None if compiled_for(*rev) else tiers.compile_aside(
        *rev, "the full tape interpreters, once per environment, on a second core")
    if aside is None:
        return
    for fn, sig in (fwd, tan):
        fn.compile(sig)
    aside.wait()


def _warm_workload():
    """Small versions of what users run first: gradients, Hessian-vector products, a sparse
    Jacobian and a Laplace fit with sdreport (which compiles what they call)."""
    import numtape as nt

    F = nt.MakeTape(_first_tape, np.zeros(3))
    F.gradient(np.ones(3))
    F.hvp(np.ones(3), np.ones(3))
    F.jacobian(np.ones(3))
    D = nt.MakeTape(lambda x: x[1:] * x[:-1], np.zeros(6))
    D.jacfun(sparse=True)(np.ones(6))
    from scipy.optimize import minimize
    nll, start = poisson_glmm(groups=5, per_group=4)
    obj = nt.MakeADFun(nll, start, random="u")
    fit = minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B")
    with warnings.catch_warnings():   # a non-positive-definite Hessian is no concern here
        warnings.simplefilter("ignore")
        nt.sdreport(obj, fit.x)


def check():
    """``python -m numtape check`` (module docstring): returns 0 when every check passes."""
    import numtape as nt

    t0 = time.perf_counter()
    mode = tiers.mode()
    nt.sweep_kernels("numpy")
    try:
        failures = _checks(nt)
    finally:
        nt.sweep_kernels(mode)
    print(f"numtape check: {'all passed' if not failures else f'{failures} failed'} in "
          f"{time.perf_counter() - t0:.1f} s (NumPy tier, nothing compiled)")
    return 1 if failures else 0


def _checks(nt):
    import scipy.special as sc

    cases = {
        "exp(x0 + 1.23 x1)": (lambda x: np.exp(x[0] + 1.23 * x[1]), [0.3, 0.4]),
        "a matrix product and logsumexp": (
            lambda x: nt.logsumexp(np.arange(6.0).reshape(3, 2) @ x), [0.1, -0.2]),
        "gammaln, erf, a gather and a sum": (
            lambda x: np.sum(sc.gammaln(x) * sc.erf(x[::-1])), [1.5, 2.5, 0.7]),
        "solve and slogdet": (
            lambda x: np.linalg.slogdet(np.diag(x) + 1.0)[1]
            + np.sum(np.linalg.solve(np.diag(x) + 1.0, x)), [0.5, 1.5, 2.0]),
    }
    failures = 0
    for name, (f, x0) in cases.items():
        try:
            check_grads(f, np.asarray(x0, dtype=float))
            print(f"ok    derivatives of {name}")
        except Exception as e:   # report every failure, then fail
            failures += 1
            print(f"FAIL  derivatives of {name}: {type(e).__name__}: {e}")
    try:
        from scipy.optimize import minimize
        nll, start = poisson_glmm()
        obj = nt.MakeADFun(nll, start, random="u")
        fit = minimize(obj.fn, obj.par, jac=obj.gr, method="BFGS")
        rep = nt.sdreport(obj, fit.x)
        gmax = float(np.max(np.abs(obj.gr(fit.x))))
        assert fit.success and gmax < 1e-3 and np.all(np.isfinite(rep.sd("b1"))), \
            f"fit: {fit.message}, max gradient {gmax:.2g}"
        assert abs(float(rep.value("b1")) + 0.8) < 0.3, f"b1 = {rep.value('b1')}"
        print(f"ok    a Poisson GLMM by the Laplace approximation (b1 = "
              f"{float(rep.value('b1')):.3f}, sd {float(rep.sd('b1')):.3f})")
    except Exception as e:
        failures += 1
        print(f"FAIL  a Poisson GLMM: {type(e).__name__}: {e}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
