"""The figures behind numtape's cost constants and design notes, measured on this machine.

The engine's docstrings state *why* a constant or a code path is what it is; the numbers that
support those statements are printed here instead, so they are measured again wherever the
script runs rather than copied from one session.  Usage (from the repository root)::

    python benchmarks/costs.py                 # the quick figures (well under a minute, warm)
    python benchmarks/costs.py dot sum         # chosen sections
    python benchmarks/costs.py --slow          # also the slow ones (compiles: minutes)

Sections, with the module whose docstring or constant each supports:

=================  ===========================================================================
``imports``        ``import numtape``, then ``scipy.signal`` and ``scipy.optimize`` on top, in
                   fresh processes (numtape/scipy/signal.py, numtape/stats/bootstrap.py: both
                   are imported on first use)
``dot``            a row vector times a tall matrix: OpenBLAS ``np.dot`` against the loop of
                   ``_dot`` (numtape/ops/matmul.py)
``sum``            ``_sum_run``'s four interleaved accumulators against one chain
                   (numtape/ops/reduce.py)
``blas``           a W3 gradient with one BLAS thread and with two, the cost of pinning
                   (``blas.enter`` + ``blas.leave``) per sweep, alone and nested in a pinned
                   evaluation, and a small Laplace fit pinned per evaluation against per
                   sweep (numtape/tape/blas.py)
``recording``      recording a Python loop, per scalar operation (x[i], a + b, 0.5 * a,
                   np.sin(a)), and the appends behind it: ``array.extend`` of a tuple against
                   one ``append`` per operand, ``ADArray()`` against ``object.__new__``
                   (numtape/trace/adarray.py, the fast paths)
``numpy-tier``     seconds per op of the NumPy tier on a scalar tape (``NUMPY_MAX_OPS``,
                   numtape/sweeps/tiers.py)
``load``           loading the full interpreters from Numba's disk cache in a fresh process
                   (``LOAD_COST``, numtape/sweeps/tiers.py)
``twins``          the Python twins' cost per arena slot (vectorized tape) and per op (scalar
                   tape) of index-set sparsity (``UNIT`` in numtape/kernels/twins.py, ``_work``
                   in numtape/sparsity/pattern.py)
``disk-index``     asking Numba's disk cache whether a segment kernel is compiled
                   (``Sweeps._segments_up`` in numtape/tape/sweeper.py)
``batch``          seconds of sweeps per (row x arena slot) of ``gradient_map`` on one thread
                   (``SMALL_BATCH``, numtape/tape/batch.py)
``segment-move``   a mixed model's tapes (Owls, zero-inflated) moving to their compiled
                   segments: the search for fused runs per candidate op, the move's first
                   sweep against an interpreted one, and the share of a sweep the fused runs
                   save (``RUN_SETUP``, ``RUN_FIND``, ``RUN_PAYBACK``, numtape/sweeps/tiers.py)
``segment-compile`` (slow) compiling one new loop structure into an empty cache
                   (``SEGMENT_COMPILE``, numtape/sweeps/tiers.py)
``run-compile``    (slow) compiling one new fused run's kernels, by its compile weight (the
                   time grows faster than the weight: ``MAX_WEIGHT`` and ``weights`` in
                   numtape/sweeps/fused.py)
``native``         (slow) compiling a jitted function that calls the full interpreters directly,
                   against one calling them by address (numtape/tape/native.py)
``bound-large``    (slow) ``F.njit().value_and_grad`` against ``F.gradient`` on the W1 loop tape
                   at n = 1e5, where fresh arenas per call would show (numtape/tape/bound.py
                   reuses a pool of workspaces; benchmarks/njit_calls.py --large: with and
                   without it)
=================  ===========================================================================

The full interpreters' one-time compile is timed by ``python -m numtape warmup`` itself (each
compile is announced with its time) and by ``benchmarks/cold_start.py``; binding costs of
``F.njit()`` by ``benchmarks/njit_calls.py``.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)
sys.path.insert(0, os.path.dirname(_HERE))

import workloads as wl  # noqa: E402


def _best(fn, repeats=7, number=None):
    """Median seconds per call of ``fn()`` over ``repeats`` timings of ``number`` calls."""
    fn()
    if number is None:
        t = time.perf_counter()
        fn()
        one = max(time.perf_counter() - t, 1e-7)
        number = max(1, int(0.02 / one))
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        out.append((time.perf_counter() - t) / number)
    return statistics.median(out)


def _fmt(s):
    for unit, f in (("s", 1.0), ("ms", 1e3), ("us", 1e6), ("ns", 1e9)):
        if s * f >= 1.0:
            return f"{s * f:.3g} {unit}"
    return f"{s * 1e9:.3g} ns"


def _child(code, env=None):
    """Run ``code`` in a fresh interpreter; return what it prints (stripped)."""
    e = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(_HERE)]
                                                    + [os.environ.get("PYTHONPATH", "")]))
    e.update(env or {})
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e)
    if r.returncode:
        raise RuntimeError(f"the measuring process failed:\n{r.stderr}")
    return r.stdout.strip()


def imports():
    base = float(_child("import time; t = time.perf_counter(); import numtape; "
                        "print(time.perf_counter() - t)"))
    print(f"  import numtape                       {_fmt(base)}")
    for mod in ("scipy.signal", "scipy.optimize"):
        s = float(_child(f"import numtape, time; t = time.perf_counter(); import {mod}; "
                         "print(time.perf_counter() - t)"))
        print(f"  import {mod:<15} after numtape  {_fmt(s)}  ({s / base:.2f} of import numtape)")


def dot():
    from numtape.ops.matmul import _dot
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(1, 100_000)), rng.normal(size=(100_000, 20))
    t = np.empty((1, 20))
    loop = _best(lambda: _dot(x, y, t))
    blas = _best(lambda: np.dot(x, y, out=t))
    print(f"  (1, 1e5) @ (1e5, 20): np.dot (BLAS) {_fmt(blas)}, _dot's loop {_fmt(loop)}"
          f"  (BLAS / loop = {blas / loop:.2f})")


def sum_():
    import numba
    from numtape.ops.reduce import _sum_run

    @numba.njit(cache=False)
    def one_chain(val, start, m):
        s = 0.0
        for i in range(start, start + m):
            s += val[i]
        return s
    val = np.random.default_rng(0).normal(size=1_000_000)
    four = _best(lambda: _sum_run(val, np.uint64(0), np.uint64(val.size)))
    one = _best(lambda: one_chain(val, 0, val.size))
    print(f"  sum of 1e6: four accumulators {_fmt(four)}, one chain {_fmt(one)}"
          f"  (one / four = {one / four:.2f})")


def blas():
    import numtape as nt
    from numtape.tape import blas as pin
    from threadpoolctl import threadpool_limits
    case = wl.case_w3()
    F = nt.MakeTape(case.f, case.x0)
    x = case.points[0]
    X = case.data["X"]
    r = np.random.default_rng(0).normal(size=X.shape[0])
    for n in (1, 2):   # the product W3's reverse sweep computes, without numtape's pinning
        with threadpool_limits(limits=n, user_api="blas"):
            s = _best(lambda: r @ X)
        print(f"  W3's product r @ X with {n} BLAS thread(s): {_fmt(s)}")
    g = _best(lambda: F.gradient(x))
    print(f"  W3 gradient (numtape, BLAS pinned to one thread in the sweep): {_fmt(g)}")
    s = _best(lambda: (pin.enter(), pin.leave()))
    print(f"  pinning BLAS per sweep (enter + leave): {_fmt(s)}")
    with pin.pinned():   # a sweep inside a pinned objective evaluation (MakeADFun)
        s = _best(lambda: (pin.enter(), pin.leave()))
    print(f"  a sweep's pin inside a pinned evaluation (nested enter + leave): {_fmt(s)}")
    fit_pins()


def fit_pins(repeats=7):
    """A Laplace fit (a Poisson GLMM of 60 observations in 12 groups, BFGS, sdreport) with
    each evaluation pinned once (MakeADFun's default) against a pin per sweep, interleaved."""
    import contextlib
    import numtape as nt
    from numtape.tape import blas as pin
    rng = np.random.default_rng(1)
    g = np.repeat(np.arange(12), 5)
    xs = rng.normal(size=60)
    y = rng.poisson(np.exp(0.3 + 0.5 * xs + 0.7 * rng.normal(size=12)[g]))
    X = np.column_stack([np.ones(60), xs])

    def nll(p):
        eta = X @ p["beta"] + np.exp(p["ls"]) * p["u"][g]
        return -np.sum(y * eta - np.exp(eta)) + 0.5 * np.sum(p["u"] ** 2)

    def fit():
        obj = nt.MakeADFun(nll, {"u": np.zeros(12), "beta": np.zeros(2), "ls": 0.0},
                           random="u")
        nt.fit(obj).summary()
    real = pin.pinned
    times = {"per evaluation": [], "per sweep": []}
    try:
        fit()
        for _ in range(repeats):
            for how in times:
                pin.pinned = real if how == "per evaluation" else contextlib.nullcontext
                t = time.perf_counter()
                fit()
                times[how].append(time.perf_counter() - t)
    finally:
        pin.pinned = real
    a, b = (float(np.median(v)) for v in times.values())
    print(f"  a small Laplace fit, BLAS pinned per evaluation {_fmt(a)}, per sweep {_fmt(b)}"
          f"  ({a / b:.2f}x)")


def recording():
    from array import array
    import numtape as nt
    from numtape.trace.adarray import ADArray
    n = 20_000
    per = {}

    def body(x):
        a, b = x[1], x[2]
        for name, fn in (("x[i]", lambda i: x[i]), ("a + b", lambda i: a + b),
                         ("0.5 * a", lambda i: 0.5 * a), ("np.sin(a)", lambda i: np.sin(a)),
                         ("nothing", lambda i: None)):
            t = time.perf_counter()
            for i in range(n):
                fn(i)
            per[name] = (time.perf_counter() - t) / n
        return a
    nt.MakeTape(body, np.zeros(n))
    nothing = per.pop("nothing")
    print("  per recorded operation (a lambda's call taken off): "
          + ", ".join(f"{k} {_fmt(v - nothing)}" for k, v in per.items()))
    q = array("q")
    ext = _best(lambda: q.extend((1, 2)))
    q = array("q")
    push = q.append
    app = _best(lambda: (push(1), push(2)))
    print(f"  two operands: array.extend of a tuple {_fmt(ext)}, two appends {_fmt(app)}")
    new = _best(lambda: object.__new__(ADArray))
    call = _best(lambda: ADArray())
    print(f"  a result: object.__new__(ADArray) {_fmt(new)}, ADArray() {_fmt(call)}")


def numpy_tier():
    import numtape as nt
    from numtape.sweeps import tiers
    old = tiers.mode()
    nt.sweep_kernels("numpy")
    try:
        n = 2000
        F = nt.MakeTape(wl.w1_loop, np.zeros(n))
        x = wl.w1_points(n)[0]
        s = _best(lambda: F.gradient(x), repeats=5)
        print(f"  W1 loop, {F.sweeps.n_ops} ops, NumPy tier: gradient {_fmt(s)}, "
              f"{_fmt(s / F.sweeps.n_ops)} per op (forward + reverse)")
    finally:
        nt.sweep_kernels(old)


def load():
    code = ("import time, numpy as np, numtape as nt\n"
            "F = nt.MakeTape(lambda x: (x * x).sum(), np.ones(3))\n"
            "nt.sweep_kernels('full')\n"
            "G = nt.MakeTape(lambda x: (x * x).sum(), np.ones(3))\n"
            "t = time.perf_counter(); G.gradient(np.ones(3)); print(time.perf_counter() - t)")
    s = [float(_child(code)) for _ in range(3)]
    print(f"  loading the full interpreters (first gradient, fresh process): "
          f"{_fmt(statistics.median(s))} (median of 3; needs `python -m numtape warmup` first)")


def twins():
    import numtape as nt
    from numtape.kernels import twins as tw
    from numtape.sparsity import pattern
    real_now = pattern.now
    pattern.now = lambda fn, size=0: tw.pure(fn)
    try:
        for name, f, n in (("W1 vectorized", wl.w1_vec, 20_000), ("W1 loop", wl.w1_loop, 300)):
            F = nt.MakeTape(f, np.zeros(n))
            s = _best(lambda F=F: pattern.jacobian_pattern(F), repeats=3, number=1)
            print(f"  Python twin, index-set sparsity of {name}: {_fmt(s)}, "
                  f"{_fmt(s / F.sweeps.arena_size)} per arena slot, "
                  f"{_fmt(s / F.sweeps.n_ops)} per op")
    finally:
        pattern.now = real_now


def disk_index():
    import numtape as nt
    from numtape.kernels import twins as tw
    F = nt.MakeTape(wl.w1_loop, np.zeros(2000))
    F.compile()
    F.gradient(np.zeros(2000))
    fns = [fn for _, _, seg in F.sweeps._segments() for fn, _ in seg.calls()]

    def ask():
        for fn in fns:
            tw._DISK.pop(fn, None)
            fn._cache._cache_file._load_index()
    s = _best(ask, repeats=5)
    print(f"  reading the disk cache's index: {_fmt(s / len(fns))} per kernel")


def batch():
    import numtape as nt
    n = 1000
    F = nt.MakeTape(wl.w1_vec, np.zeros(n))
    X = np.random.default_rng(0).normal(size=(200, n))
    s = _best(lambda: F.gradient_map(X, workers=1), repeats=5)
    per = s / (X.shape[0] * F.sweeps.arena_size)
    print(f"  gradient_map, one thread: {_fmt(per)} per row x arena slot "
          f"(SMALL_BATCH = 50,000 of them: {_fmt(50_000 * per)})")


def segment_move():
    import numtape as nt
    from numtape.sweeps import fused
    from numtape.tape.sweeper import Sweeps
    import glmm_vs_glmmtmb as G
    formula, csv, kw, _, _ = G.MODELS["owls_nbinom1_zi"]
    m = nt.glmm(formula, G.load(csv, "owls_nbinom1_zi"), **kw)
    P = m.obj.problem
    nt.compile_after(None)   # the interpreted sweeps stay interpreted
    for name, T in (("(F, dF/du, H_uu)", P.FGH), ("H_uu", P.Huu), ("dF/du", P.Gu)):
        T.compile()
        x = np.zeros(T.n_in)
        T(x)   # its kernels, loaded
        find, move, inter, comp = [], [], [], []
        for _ in range(5):
            S = Sweeps(T.sweeps._arrays, T.sweeps._subtapes)
            S.forward(x)
            inter.append(_best(lambda S=S, x=x: S.forward(x), repeats=5))
            t = time.perf_counter()
            S._segments()
            find.append(time.perf_counter() - t)
            t = time.perf_counter()
            S.compile()
            S.forward(x)
            move.append(time.perf_counter() - t)
            comp.append(_best(lambda S=S, x=x: S.forward(x), repeats=5))
        c = fused.n_candidates(S._arrays["op"], S._arrays["out_ptr"])
        f_s, m_s = float(np.median(find)), float(np.median(move))
        i_s, c_s = float(np.median(inter)), float(np.median(comp))
        print(f"  {name}, {c} candidate ops: finding the runs {_fmt(f_s)} ({_fmt(f_s / c)} an "
              f"op); the move with its first sweep {_fmt(m_s)}, an interpreted sweep "
              f"{_fmt(i_s)}, a compiled one {_fmt(c_s)} ({1 - c_s / i_s:.0%} less)")


def segment_compile():
    with tempfile.TemporaryDirectory() as d:
        code = ("import time, numpy as np, numtape as nt, sys\n"
                f"sys.path.insert(0, {_HERE!r}); import workloads as wl\n"
                "nt.sweep_kernels('numpy')\n"
                "F = nt.MakeTape(wl.w1_loop, np.zeros(500)); x = np.zeros(500)\n"
                "F.gradient(x); t = time.perf_counter(); F.compile(); F.gradient(x)\n"
                "print(time.perf_counter() - t)")
        s = float(_child(code, {"NUMBA_CACHE_DIR": d, "XDG_CACHE_HOME": d,
                                "NUMTAPE_BACKGROUND_COMPILE": "0"}))
    print(f"  compiling one new loop structure (forward, reverse, tangent kernels): {_fmt(s)}")


def run_compile():
    bodies = {"products and sums": "y * x + x", "exp": "np.exp(-y) * x", "sin": "np.sin(y) * x"}
    print("  one new fused run's forward and reverse kernels, in an empty cache, uncapped:")
    with tempfile.TemporaryDirectory() as d:
        for what, body in bodies.items():
            for steps in (2, 4, 8):
                code = ("import time, numpy as np, numtape as nt\n"
                        "from numtape.sweeps import fused\n"
                        "nt.sweep_kernels('numpy'); fused.MAX_WEIGHT = 10**9\n"
                        "def f(x):\n    y = x\n"
                        f"    for _ in range({steps}):\n        y = {body}\n"
                        "    return np.sum(y)\n"
                        "x = np.linspace(0.1, 1.0, 600); F = nt.MakeTape(f, x); F.gradient(x)\n"
                        "t = time.perf_counter(); F.compile(); F.gradient(x)\n"
                        "w = fused.weights(); a = F._arrays['op']\n"
                        "print(time.perf_counter() - t, sum(w[c] for c in a))")
                s, w = (float(v) for v in _child(code, {
                    "NUMBA_CACHE_DIR": d, "XDG_CACHE_HOME": d,
                    "NUMTAPE_BACKGROUND_COMPILE": "0"}).split())
                print(f"    {what}, {steps} steps (weight {w:.0f}): {_fmt(s)}, "
                      f"{_fmt(s / w)} per unit of weight")


def native():
    code = ("import time, numba, numpy as np, numtape as nt\n"
            "from numtape.sweeps import generated as g\n"
            "F = nt.MakeTape(lambda x: (x * x).sum(), np.ones(3)); nt.sweep_kernels('full')\n"
            "F = nt.MakeTape(lambda x: (x * x).sum(), np.ones(3)); F.gradient(np.ones(3))\n"
            "run = F.sweeps.plan[0]\n"
            "@numba.njit\n"
            "def direct(args, val, work, adj0):\n"
            "    for _ in range(2):\n"
            "        g.forward(args[0], args[1], args[2], args[3], args[4], args[5], val, work,"
            " adj0, False)\n"
            "val = F.sweeps.fresh_arena(np.ones(3)); work = np.empty(max(1, F.sweeps.work_size))\n"
            "t = time.perf_counter(); direct(run.args, val, work, np.zeros(1))\n"
            "d = time.perf_counter() - t\n"
            "t = time.perf_counter(); fn = F.njit(); fn.value_and_grad(np.ones(3), np.empty(3))\n"
            "print(d, time.perf_counter() - t)")
    d, a = (float(v) for v in _child(code).split())
    print(f"  a jitted loop calling the full interpreters directly compiles in {_fmt(d)}; "
          f"binding by address (F.njit() + first call) {_fmt(a)}")


def bound_large():
    import numtape as nt
    n = 100_000
    F = nt.MakeTape(wl.w1_loop, np.zeros(n))
    x = wl.w1_points(n)[0]
    vg, g = F.njit().value_and_grad, np.empty(n)
    a = _best(lambda: vg(x, g), repeats=5)
    b = _best(lambda: F.gradient(x), repeats=5)
    print(f"  W1 loop n = 1e5: F.njit().value_and_grad {_fmt(a)} per call (pooled workspaces), "
          f"F.gradient {_fmt(b)} (workspaces reused)")


QUICK = {"imports": imports, "dot": dot, "sum": sum_, "blas": blas, "recording": recording,
         "numpy-tier": numpy_tier,
         "load": load, "twins": twins, "disk-index": disk_index, "batch": batch,
         "segment-move": segment_move}
SLOW = {"segment-compile": segment_compile, "run-compile": run_compile, "native": native,
        "bound-large": bound_large}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("sections", nargs="*", help=f"of {', '.join([*QUICK, *SLOW])}")
    p.add_argument("--slow", action="store_true", help="also the slow sections (compiles)")
    a = p.parse_args()
    every = {**QUICK, **SLOW}
    names = a.sections or [*QUICK, *(SLOW if a.slow else ())]
    for name in names:
        if name not in every:
            p.error(f"unknown section {name!r}")
        print(f"{name}:")
        every[name]()


if __name__ == "__main__":
    main()
