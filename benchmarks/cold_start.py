"""How long a new user waits: cold and warm first results, each in a fresh process.

Usage (from the repository root)::

    python benchmarks/cold_start.py            # every figure (about 6 minutes on 2 cores)
    python benchmarks/cold_start.py --quick    # the cold figures only, no wait for the
                                               # background compile (about 30 s)

Every figure runs a new Python process with its own cache folders (``NUMBA_CACHE_DIR`` and
``XDG_CACHE_HOME`` in a new temporary directory): "cold" is a fresh machine's first run, with
nothing compiled; "second process" is the next process while the background compile that the
first one started is still running; "warm" runs after ``python -m numtape warmup`` filled the
cache.  Each script prints its own phase times; the table shows them with the issue's targets
(issue 18: import + first value and gradient <= 2 s cold and <= 1 s in a second process; a
first mixed model <= 15 s cold and <= 1 s warm; the demo's first output within 5 s and all of
it within 60 s).  Background compiles started by a figure are stopped before the next one, so
figures do not share a core with them unless the row says so.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FIRST_GRADIENT = r"""
import time, json
t0 = time.perf_counter()
import numpy as np, scipy.special as sc, numtape as nt
t1 = time.perf_counter()
KIND = {kind!r}
if KIND == "6 ops":
    f, x = (lambda x: np.exp(x[0] + 1.23 * x[1])), np.array([3.0, 4.0])
elif KIND == "special functions":
    f, x = (lambda x: np.sum(sc.gammaln(x) + sc.betaln(x, x[::-1]) * sc.digamma(x)
                             + sc.erfc(x) * sc.expit(x))), np.linspace(0.5, 3.0, 50)
elif KIND == "linear algebra":
    def f(x):
        A = np.outer(x, x) + np.diag(x + 3.0)
        return np.linalg.slogdet(A)[1] + np.sum(np.linalg.solve(A, x))
    x = np.linspace(0.5, 1.5, 8)
else:   # 10^4 scalar ops recorded from a Python loop
    def f(x):
        s = 0.0
        for i in range(1, x.size):
            s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
        return s
    x = np.linspace(-1, 1, 1700)
F = nt.MakeTape(f, x)
t2 = time.perf_counter()
F(x); g = F.gradient(x)
t3 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "record": t2 - t1, "value+gradient": t3 - t2,
                  "total": t3 - t0, "ops": int(F.op.size), "tier": F.sweeps.tier}}))
"""

GLMM = r"""
import time, json
t0 = time.perf_counter()
import numpy as np, scipy.special as sc, numtape as nt
from scipy.optimize import minimize
t1 = time.perf_counter()
rng = np.random.default_rng(1)
G, per = 50, 40
g = np.repeat(np.arange(G), per)
x = rng.standard_normal(g.size)
u = rng.normal(0, 0.5, G)
mu = np.exp(0.3 + 0.5 * x + u[g])
if {family!r} == "poisson":
    y = rng.poisson(mu).astype(float)
    start = {{"b0": 0.0, "b1": 0.0, "logsigma": 0.0, "u": np.zeros(G)}}
    def obs(p, eta):
        return np.sum(nt.distributions.poisson.logpmf(y, np.exp(eta)))
else:   # negative binomial (NB2, size theta): gammaln / betaln in its binomial coefficient
    y = rng.negative_binomial(2.0, 2.0 / (2.0 + mu)).astype(float)
    start = {{"b0": 0.0, "b1": 0.0, "logsigma": 0.0, "logtheta": 0.0, "u": np.zeros(G)}}
    def obs(p, eta):
        return np.sum(nt.distributions.nbinom2_logpmf(y, np.exp(eta), np.exp(p["logtheta"])))
def nll(p):
    eta = p["b0"] + p["b1"] * x + p["u"][g]
    return -obs(p, eta) - np.sum(nt.distributions.norm.logpdf(p["u"], 0.0,
                                                               np.exp(p["logsigma"])))
obj = nt.MakeADFun(nll, start, random="u")
t2 = time.perf_counter()
fit = minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B")
t3 = time.perf_counter()
rep = nt.sdreport(obj, fit.x)
t4 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "MakeADFun": t2 - t1, "fit": t3 - t2, "sdreport": t4 - t3,
                  "total": t4 - t0, "evaluations": int(fit.nfev),
                  "b1": float(rep.value("b1")), "sd b1": float(rep.sd("b1"))}}))
"""


def _env(cache, background=True):
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, XDG_CACHE_HOME=cache,
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if not background:
        env["NUMTAPE_BACKGROUND_COMPILE"] = "0"
    return env


def run_script(script, env):
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["wall"] = wall
    out["messages"] = [ln for ln in p.stderr.splitlines() if ln.startswith("numtape:")]
    return out


def stop_background(cache):
    """Stop a background compile started in ``cache`` (its process group)."""
    info = os.path.join(cache, "numtape_sweeps", "compile.json")
    try:
        pid = json.load(open(info))["pid"]
        os.killpg(os.getpgid(pid), signal.SIGTERM)
    except (OSError, ValueError, KeyError, ProcessLookupError):
        pass


def wait_background(cache, timeout=900):
    """Wait until the background compile of ``cache`` is done; seconds waited."""
    t = time.perf_counter()
    folder = os.path.join(cache, "numtape_sweeps")
    while time.perf_counter() - t < timeout:
        if any(n.startswith("compiled-") for n in os.listdir(folder)):
            return time.perf_counter() - t
        time.sleep(1.0)
    raise TimeoutError("the background compile did not finish")


def demo(env):
    """Seconds to the demo's first printed result and to its end."""
    t = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "numtape", "demo"], env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    first = None
    for line in p.stdout:
        if first is None and "F([3, 4]) =" in line:
            first = time.perf_counter() - t
    p.wait()
    if p.returncode:
        raise RuntimeError(p.stderr.read()[-2000:])
    return first, time.perf_counter() - t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    rows = []

    def row(what, state, out, target, keys):
        rows.append((what, state, " ".join(f"{k} {out[k]:.2f}" for k in keys
                                           if isinstance(out.get(k), float)),
                     f"{out['wall']:.2f}", target, out.get("tier", "")))
        print(rows[-1], flush=True)

    kinds = ["6 ops", "special functions", "linear algebra", "10^4 scalar ops"]
    with tempfile.TemporaryDirectory(prefix="numtape-cold-", ignore_cleanup_errors=True) as root:
        for i, kind in enumerate(kinds):
            cache = os.path.join(root, f"first-{i}")
            os.mkdir(cache)
            out = run_script(FIRST_GRADIENT.format(kind=kind), _env(cache))
            row(f"import + first value, gradient: {kind}", "cold", out, "<= 2 s",
                ["import", "value+gradient"])
            out = run_script(FIRST_GRADIENT.format(kind=kind), _env(cache))
            row(f"import + first value, gradient: {kind}", "second process", out, "<= 1 s",
                ["import", "value+gradient"])
            stop_background(cache)
        for family in ("poisson", "nbinom"):
            cache = os.path.join(root, f"glmm-{family}")
            os.mkdir(cache)
            out = run_script(GLMM.format(family=family), _env(cache))
            row(f"{family} GLMM: MakeADFun + L-BFGS-B + sdreport", "cold", out, "<= 15 s",
                ["import", "MakeADFun", "fit", "sdreport"])
            stop_background(cache)
        cache = os.path.join(root, "demo")
        os.mkdir(cache)
        first, total = demo(_env(cache))
        rows.append(("python -m numtape demo", "cold", f"first result {first:.2f}",
                     f"{total:.2f}", "<= 5 s / 60 s", ""))
        print(rows[-1], flush=True)
        if not args.quick:
            waited = wait_background(cache)
            rows.append(("background compile (after the demo)", "", f"{waited:.0f} s more",
                         "", "(info)", ""))
            for family in ("poisson", "nbinom"):
                out = run_script(GLMM.format(family=family), _env(cache))
                row(f"{family} GLMM: MakeADFun + L-BFGS-B + sdreport", "warm", out, "<= 1 s",
                    ["import", "MakeADFun", "fit", "sdreport"])
            for kind in kinds:
                out = run_script(FIRST_GRADIENT.format(kind=kind), _env(cache))
                row(f"import + first value, gradient: {kind}", "warm", out, "< 1 s",
                    ["import", "value+gradient"])
        stop_background(cache)
    print("\n| what | cache | phases (s) | wall (s) | target | tier |\n|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
