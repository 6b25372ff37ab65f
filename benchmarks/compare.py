"""numtape against the hand-written limit, side by side (README.md, "Performance").

Usage (from the repository root)::

    python benchmarks/compare.py            # full sizes (n = T = N = 1e5)
    python benchmarks/compare.py --quick    # 10x smaller sizes, a smoke run
    python benchmarks/compare.py --cold     # also time import + first gradient with an empty
                                            # Numba cache (compiles everything)
    python benchmarks/compare.py --details  # plus per-row spreads and tracebacks

Each gradient row times ``F.gradient(x)`` (value + gradient at a new point: four pre-generated
points are cycled) against the hand-written reference of ``reference.py`` computing value and
gradient. The sparse rows time ``J(x)``, ``J = F.jacfun(sparse=True)`` built once beforehand
(its one-off cost is the ``setup`` note), against a hand assembly of the banded Jacobian, both
returning a ``scipy.sparse.csr_matrix``; the hvp rows time ``F.hvp(x, v)`` (gradient tape
built by a first call) against an analytic Numba H(x) v. Both sides are warmed up (JIT
compiled) first; then the two are timed in interleaved repeats (default 7), each repeat
looping enough calls to last >= 20 ms; the table shows the medians and ratio = numtape median /
reference median. ``grad err`` is numtape's derivative against the reference's at one point
(max abs difference / max abs value).

BLAS threads are left as a user gets them (numtape pins its own sweeps to one thread, see
numtape/tape/blas.py); W3 is timed a second time with every BLAS at one thread, so the table
shows both.  ``--blas-threads N`` sets N threads for the whole run instead. ``--numtape-path DIR``
times the numtape package found in DIR (e.g. an exported older commit) instead of this tree.

Exit status: 0 when the run completed (even with FAIL rows); with ``--strict``, 1 when any
row FAILs or errors.
"""

import argparse
import contextlib
import os
import platform
import subprocess
import sys
import tempfile
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (HERE, ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import reference  # noqa: E402
import workloads as wl  # noqa: E402

RECORDING_TARGET = 1_000_000  # scalar ops per second, at least
BYTES_PER_OP_TARGET = 48.0  # at most
IMPORT_TARGET = 1.0  # seconds, warm Numba cache, less than

# the small function of the import + first gradient row: block ops and scalar ops
IMPORT_SCRIPT = r"""
import time
t0 = time.perf_counter()
import numpy as np
import numtape as nt
t1 = time.perf_counter()
F = nt.MakeTape(lambda x: np.sum(np.exp(0.5 * x[1:] + np.sin(x[:-1])) * x[1:]) + x[0] * x[1],
                np.zeros(5))
g = F.gradient(np.linspace(-1.0, 1.0, 5))
t2 = time.perf_counter()
assert np.all(np.isfinite(g))
print("NUMTAPE_IMPORT", t1 - t0, t2 - t0)
"""


class Row:
    """One line of the table."""

    def __init__(self, name, size="", numtape="", ref="", ratio="", target="", result="", note=""):
        self.name, self.size = name, size
        self.numtape, self.ref, self.ratio = numtape, ref, ratio
        self.target, self.result, self.note = target, result, note
        self.details = []

    def error(self, exc):
        self.result = "ERROR"
        self.note = f"{type(exc).__name__}: {exc}".splitlines()[0][:120]
        self.details.append(traceback.format_exc())
        return self


def fmt_time(s):
    if s >= 1.0:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.1f} us"


def spread(samples):
    return f"min {fmt_time(min(samples))}, max {fmt_time(max(samples))}"


# --------------------------------------------------------------------------------------------
# rows
# --------------------------------------------------------------------------------------------
def _fill(row, t_nt, t_ref, s_nt, s_ref, err, target):
    """Put the medians, ratio, PASS/FAIL and the error / repeat-ratio note into ``row``."""
    ratio = t_nt / t_ref
    ok = ratio <= target and err < 1e-8
    row.numtape, row.ref, row.ratio = fmt_time(t_nt), fmt_time(t_ref), f"{ratio:.2f}x"
    row.result = "PASS" if ok else "FAIL"
    pair = sorted(a / b for a, b in zip(s_nt, s_ref, strict=True))
    row.note = (
        f"grad err {err:.1e}"
        + ("" if err < 1e-8 else " (WRONG DERIVATIVE)")
        + f"; repeat ratios {pair[0]:.2f}-{pair[-1]:.2f}"
    )
    row.details.append(
        f"numtape {spread(s_nt)}; reference {spread(s_ref)}; "
        f"ratio of minimums {min(s_nt) / min(s_ref):.2f}x"
    )


def _prepare(nt, F, mode, row):
    """The tape to time for ``mode`` and what was done to it, in the row's name and note:
    None, the default (interpreted, compiled automatically after nt.compile_after sweeps);
    "interpreted" (never compiled); "compiled" (F.compile() at once: fused runs and re-rolled
    loops); "reroll" (F.reroll(): loops of independent iterations as block ops)."""
    if mode == "interpreted":     # the row runs under nt.compile_after(None): see _tier
        row.name += " (interpreted)"
        return F, ""
    if mode == "compiled":
        t0 = time.perf_counter()
        n = F.compile()
        row.name += " (F.compile)"
        return F, f"{n} compiled segments, F.compile {fmt_time(time.perf_counter() - t0)}"
    if mode == "reroll":
        t0 = time.perf_counter()
        G = F.reroll()
        t = time.perf_counter() - t0
        row.name += " (F.reroll)"
        return G, f"{wl.n_ops(F):,} -> {wl.n_ops(G):,} ops, F.reroll {fmt_time(t)}"
    return F, ""


@contextlib.contextmanager
def _tier(nt, mode):
    """No automatic compile while an "interpreted" row runs."""
    after = nt.compile_after(None) if mode == "interpreted" else nt_after()
    try:
        yield
    finally:
        nt.compile_after(after)


def _tiered(F):
    n = F.sweeps.n_compiled_segments
    settled = _SETTLED.get(id(F), "")
    return (f"; compiled after {nt_after()} sweeps: {n} segments{settled}" if n
            else "; interpreted")


def _settle(F, call, tape=None, limit=15.0):
    """Default rows: keep calling until the tape has reached the tier it reaches by itself
    (its compiled segments come from a background process: numtape/sweeps/tiers.py), at most
    ``limit`` seconds, so the timing is what an optimizer or sampler runs at; the time taken
    goes into the note."""
    tape = tape or F
    t0 = time.perf_counter()
    k = 0
    while tape.sweeps.n_compiled_segments is None and time.perf_counter() - t0 < limit:
        call()
        k += 1
        if k > nt_after():
            time.sleep(0.05)   # leave the core to the background compile
    _SETTLED[id(tape)] = f" (settled after {k} calls, {time.perf_counter() - t0:.1f} s)"


_SETTLED = {}


def nt_after():
    import numtape as nt
    after = nt.compile_after(None)
    nt.compile_after(after)
    return after


def gradient_row(nt, make_case, scale, repeats, keep, mode=None):
    with _tier(nt, mode):
        return _gradient_row(nt, make_case, scale, repeats, keep, mode)


def _gradient_row(nt, make_case, scale, repeats, keep, mode):
    case = make_case(scale)
    row = Row(case.name, case.size, target=f"<= {case.target:.1f}x")
    try:
        t0 = time.perf_counter()
        F = nt.MakeTape(case.f, case.x0)
        t_rec = time.perf_counter() - t0
        if mode is None:
            keep[case.name] = F
        F, done = _prepare(nt, F, mode, row)
        t0 = time.perf_counter()
        g = F.gradient(case.points[0])
        first = time.perf_counter() - t0
        if mode is None and F.sweeps.arena_size >= 10_000:
            _settle(F, lambda: F.gradient(case.points[1]))
        _, g_ref = case.ref(case.points[0])
        err = wl.rel_err(g, g_ref)
        (t_nt, t_ref), (s_nt, s_ref) = wl.time_interleaved(
            [F.gradient, case.ref], case.points, repeats
        )
    except Exception as exc:  # one broken workload must not hide the others
        return row.error(exc)
    _fill(row, t_nt, t_ref, s_nt, s_ref, err, case.target)
    row.note += (f"; {done}, 1st call {fmt_time(first)}" if done
                 else _tiered(F) if mode is None else "")
    row.details.append(f"recorded {len(F)} ops (arena {F.arena_size}) in {fmt_time(t_rec)}")
    return row


def sparse_row(nt, make_case, scale, repeats):
    """``J = F.jacfun(sparse=True)`` built once (its time is a note, not in the ratio), then
    ``J(x)`` (a csr_matrix) at new points against the hand assembly."""
    case = make_case(scale)
    row = Row(case.name, case.size, target=f"<= {case.target:.1f}x")
    try:
        F = nt.MakeTape(case.f, case.x0)
        t_setup, _, J = wl.time_once(
            lambda: F.jacfun(sparse=True), repeats=3, budget=5.0, min_repeats=1
        )
        err = wl.rel_err(J(case.points[0]), case.ref(case.points[0]))
        (t_nt, t_ref), (s_nt, s_ref) = wl.time_interleaved([J, case.ref], case.points, repeats)
    except Exception as exc:
        return row.error(exc)
    _fill(row, t_nt, t_ref, s_nt, s_ref, err, case.target)
    row.note += f"; setup {fmt_time(t_setup)}"
    row.details.append(
        f"F: {len(F)} ops; J: {len(J)} ops, arena {J.arena_size}, {J(case.points[0]).nnz} nnz"
    )
    return row


def hvp_row(nt, make_case, scale, repeats, mode=None):
    """``F.hvp(x, v)`` at new (x, v) pairs, the gradient tape built (and the sweeps compiled)
    by a first call outside the timing, against the hand-written H(x) v."""
    with _tier(nt, mode):
        return _hvp_row(nt, make_case, scale, repeats, mode)


def _hvp_row(nt, make_case, scale, repeats, mode):
    case = make_case(scale)
    row = Row(case.name, case.size, target=f"<= {case.target:.1f}x")
    try:
        F, done = _prepare(nt, nt.MakeTape(case.f, case.x0), mode, row)
        t0 = time.perf_counter()
        if mode == "compiled":
            F._gradient_tape().compile()
        hv = F.hvp(*case.points[0])
        t_first = time.perf_counter() - t0
        if mode is None and F._gradient_tape().sweeps.arena_size >= 10_000:
            _settle(F, lambda: F.hvp(*case.points[1]), F._gradient_tape())
        err = wl.rel_err(hv, case.ref(*case.points[0]))
        (t_nt, t_ref), (s_nt, s_ref) = wl.time_interleaved(
            [lambda p: F.hvp(*p), lambda p: case.ref(*p)], case.points, repeats
        )
    except Exception as exc:
        return row.error(exc)
    _fill(row, t_nt, t_ref, s_nt, s_ref, err, case.target)
    row.note += f"; 1st call {fmt_time(t_first)}" + (f"; {done}" if done else "")
    if mode is None:
        row.note += _tiered(F._gradient_tape())
    row.details.append(f"F: {len(F)} ops; first hvp builds the gradient tape F.jacfun()")
    return row


def recording_row(nt, scale, repeats):
    n = wl.W1_N // scale
    row = Row(
        "Recording rate", f"n={n}", ref="-", ratio="-", target=f">= {RECORDING_TARGET:,} op/s"
    )
    try:
        t, ts, F = wl.time_once(lambda: nt.MakeTape(wl.w1_loop, np.zeros(n)), repeats=repeats)
        ops = wl.n_ops(F)
    except Exception as exc:
        return row.error(exc)
    rate = ops / t
    row.numtape = f"{rate:,.0f} op/s"
    row.result = "PASS" if rate >= RECORDING_TARGET else "FAIL"
    row.note = f"{ops:,} ops in {fmt_time(t)}"
    row.details.append(
        f"W1 loop MakeTape, {len(ts)} repeats: {spread(ts)}; "
        f"op count from {'F.n_ops' if hasattr(F, 'n_ops') else 'len(F) - F.n_in'}"
    )
    return row


SCALE_RATE_TARGET = 700_000   # scalar ops per second at 10M ops (issue 8)
SCALE_PEAK_TARGET = 64.0      # peak bytes per op while recording


def recording_scale_row(ops):
    """W1 loop recorded at ``ops`` ops in a fresh interpreter (benchmarks/recording_scale.py):
    rate and peak resident bytes per op while recording."""
    import recording_scale
    row = Row("Recording at scale", f"{ops:,.0f} ops", ref="-", ratio="-",
              target=f">= {SCALE_RATE_TARGET:,} op/s, <= {SCALE_PEAK_TARGET:.0f} B/op peak")
    try:
        r = recording_scale.measure(int(ops))
    except Exception as exc:
        return row.error(exc)
    rate, peak = r["ops"] / r["seconds"], r["peak_bytes"] / r["ops"]
    row.numtape = f"{rate:,.0f} op/s, {peak:.1f} B/op"
    row.result = "PASS" if rate >= SCALE_RATE_TARGET and peak <= SCALE_PEAK_TARGET else "FAIL"
    row.note = f"{r['ops']:,} ops in {fmt_time(r['seconds'])}, fresh process"
    return row


MAKEADFUN_TARGET = 1.0       # s, MakeADFun of the AR(1) Poisson model at 1e5 latent states
FIT_TARGET = 2.5             # s, the fit there: MakeADFun + L-BFGS-B (TMB's nlminb fit: 9.8 s)
FIRST_HVP_TARGET = (3.0, 1.5)   # s and GB peak: the first hvp of a 1e7-element tape


def makeadfun_row(scale):
    """MakeADFun and the fit of examples/ar1_poisson.py in a fresh process (at_scale.py)."""
    import at_scale
    n = 100_000 // scale
    row = Row("MakeADFun AR(1) Poisson", f"n={n}", ref="TMB fit 9.8 s", ratio="-",
              target=f"setup <= {MAKEADFUN_TARGET:g} s, fit <= {FIT_TARGET:g} s")
    try:
        r = at_scale.fresh("makeadfun", n)
    except Exception as exc:
        return row.error(exc)
    row.numtape = f"setup {r['setup']:.2f} s, fit {r['fit']:.2f} s"
    row.result = "PASS" if r["setup"] <= MAKEADFUN_TARGET and r["fit"] <= FIT_TARGET else "FAIL"
    row.note = (f"fit = MakeADFun + L-BFGS-B ({r['nfev']} evaluations); fresh process")
    return row


def first_hvp_row(scale):
    """The first hvp (gradient tape built and simplified) at scale, fresh process."""
    import at_scale
    n = 10_000_000 // scale
    secs, gb = FIRST_HVP_TARGET
    row = Row("First hvp at scale", f"n={n}", ref="-", ratio="-",
              target=f"<= {secs:g} s, <= {gb:g} GB peak")
    try:
        r = at_scale.fresh("hvp", n)
    except Exception as exc:
        return row.error(exc)
    row.numtape = f"{r['seconds']:.2f} s, {r['peak_gb']:.2f} GB"
    row.result = "PASS" if r["seconds"] <= secs and r["peak_gb"] <= gb else "FAIL"
    row.note = "vectorized HVP objective; peak = the process's resident maximum"
    return row


def memory_row(nt, scale, keep):
    n = wl.W1_N // scale
    row = Row("Memory", f"n={n}", ref="-", ratio="-", target=f"<= {BYTES_PER_OP_TARGET:.0f} B/op")
    try:
        F = keep.get("W1 loop") or nt.MakeTape(wl.w1_loop, np.zeros(n))
        bpo = wl.bytes_per_op(F)
        ops = wl.n_ops(F)
    except Exception as exc:
        return row.error(exc)
    if bpo is None:
        row.numtape, row.result = "n/a", "n/a"
        row.note = f"tape has no nbytes; arena {F.arena_size:,} slots for {ops:,} ops"
        return row
    row.numtape = f"{bpo:.1f} B/op"
    row.result = "PASS" if bpo <= BYTES_PER_OP_TARGET else "FAIL"
    row.note = f"nbytes {int(F.nbytes):,} + 16*arena {int(F.arena_size):,}, {ops:,} ops"
    return row


def _run_import(env, where):
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", IMPORT_SCRIPT],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"subprocess failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("NUMTAPE_IMPORT")][-1]
    t_import, t_total = (float(v) for v in line.split()[1:])
    return t_import, t_total, wall


def import_rows(cold, where):
    env = dict(os.environ)
    env["PYTHONPATH"] = where + os.pathsep + env.get("PYTHONPATH", "")
    rows = []
    row = Row(
        "Import+1st grad", "warm cache", ref="-", ratio="-", target=f"< {IMPORT_TARGET:.1f} s"
    )
    try:
        first = _run_import(env, where)  # fills the cache if needed
        t_import, t_total, wall = _run_import(env, where)
        row.numtape = fmt_time(t_total)
        row.result = "PASS" if t_total < IMPORT_TARGET else "FAIL"
        row.note = f"import {fmt_time(t_import)}; process wall {fmt_time(wall)}"
        row.details.append(f"first run (may compile): {fmt_time(first[1])}")
    except Exception as exc:
        row.error(exc)
    rows.append(row)
    if cold:
        row = Row("Import+1st grad", "cold cache", ref="-", ratio="-", target="(info)")
        try:
            with tempfile.TemporaryDirectory(prefix="numtape-cold-") as d:
                env_cold = dict(env, NUMBA_CACHE_DIR=d)
                t_import, t_total, wall = _run_import(env_cold, where)
            row.numtape = fmt_time(t_total)
            row.result = "-"
            row.note = f"import {fmt_time(t_import)}; NUMBA_CACHE_DIR empty"
        except Exception as exc:
            row.error(exc)
        rows.append(row)
    return rows


# --------------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------------
COLUMNS = (
    ("workload", "name", 16),
    ("size", "size", 13),
    ("numtape", "numtape", 17),
    ("reference", "ref", 11),
    ("ratio", "ratio", 7),
    ("target", "target", 16),
    ("result", "result", 6),
    ("notes", "note", 0),
)


def print_table(rows):
    head = "  ".join(f"{title:<{w}}" if w else title for title, _, w in COLUMNS)
    print(head)
    print("-" * max(len(head), 120))
    for r in rows:
        cells = []
        for _, attr, w in COLUMNS:
            v = str(getattr(r, attr))
            if w and attr in ("numtape", "ref", "ratio"):
                cells.append(f"{v:>{w}}")
            else:
                cells.append(f"{v:<{w}}" if w else v)
        print("  ".join(cells).rstrip())


def header(nt, args, scale, blas):
    try:
        import scipy

        scipy_v = scipy.__version__
    except ImportError:  # pragma: no cover
        scipy_v = "-"
    import numba

    cpus = os.cpu_count()
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        usable = cpus
    nt_v = getattr(nt, "__version__", "?") if nt is not None else "NOT IMPORTABLE"
    print('numtape benchmark: numtape vs hand-written limit (README.md, "Performance")')
    print(
        f"  date {time.strftime('%Y-%m-%d %H:%M:%S')}  host {platform.node()}  "
        f"{platform.machine()}  {platform.processor() or platform.system()}"
    )
    print(
        f"  python {platform.python_version()}  numpy {np.__version__}  numba {numba.__version__}  "
        f"scipy {scipy_v}  numtape {nt_v}"
    )
    if nt is not None:
        loc = os.path.dirname(os.path.dirname(os.path.abspath(nt.__file__)))
        try:
            rev = subprocess.run(
                ["git", "describe", "--always", "--dirty"],
                cwd=loc,
                capture_output=True,
                text=True,
                timeout=10,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            rev = ""
        print(f"  numtape from {loc}  git {rev or '-'}")
    mode = f"quick (sizes / {scale})" if args.quick else "full"
    print(
        f"  cpu_count {cpus} (usable {usable})  mode {mode}"
        f"  repeats {args.repeats} (median, >= 20 ms each, interleaved)"
    )
    print("  BLAS threads " + (", ".join(f"{k}: {v}" for k, v in blas.items()) or "unknown"))
    print(flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="10x smaller sizes (smoke run)")
    ap.add_argument(
        "--cold",
        action="store_true",
        help="also time import + first gradient with an empty Numba cache",
    )
    ap.add_argument(
        "--repeats", type=int, default=7, help="timed repeats per side (median taken), >= 7"
    )
    ap.add_argument("--strict", action="store_true", help="exit 1 if any row FAILs or errors")
    ap.add_argument(
        "--details", action="store_true", help="print spreads and tracebacks after the table"
    )
    ap.add_argument(
        "--blas-threads",
        type=int,
        default=0,
        metavar="N",
        help="OpenBLAS threads for the whole run (default 0: as the user gets them; W3 is "
        "then timed a second time with one thread)",
    )
    ap.add_argument(
        "--numtape-path",
        default=ROOT,
        metavar="DIR",
        help="folder holding the numtape package to time (default: this repository)",
    )
    args = ap.parse_args(argv)
    args.repeats = max(7, args.repeats)
    scale = 10 if args.quick else 1
    where = os.path.abspath(args.numtape_path)
    sys.path.insert(0, where)

    try:
        import numtape as nt
    except Exception as exc:
        nt = None
        nt_error = exc
    blas = wl.blas_threads(args.blas_threads or None)
    header(nt, args, scale, blas)
    reference.warmup()

    rows = []
    if nt is None:
        r = Row(
            "numtape", result="ERROR", note=f"import failed: {type(nt_error).__name__}: {nt_error}"
        )
        rows.append(r)
    else:
        keep = {}
        for make_case in wl.GRADIENT_CASES:
            rows.append(gradient_row(nt, make_case, scale, args.repeats, keep))
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        if args.blas_threads != 1:   # W3 again with every BLAS at one thread, both sides
            saved = wl.blas_threads()
            wl.blas_threads(1)
            rows.append(gradient_row(nt, wl.case_w3, scale, args.repeats, {}))
            rows[-1].name += " (BLAS 1 thread)"
            for n in set(saved.values()):
                wl.blas_threads(n)
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        for make_case in wl.SPARSE_CASES:
            rows.append(sparse_row(nt, make_case, scale, args.repeats))
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        for make_case in wl.HVP_CASES:
            rows.append(hvp_row(nt, make_case, scale, args.repeats))
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        # the tiers side by side: interpreted only, F.compile() at once, F.reroll()
        for make_case, mode in ((wl.case_w1_loop, "interpreted"), (wl.case_w1_loop, "compiled"),
                                (wl.case_w1_loop, "reroll"), (wl.case_w2, "interpreted"),
                                (wl.case_w2, "compiled"), (wl.case_w1_vec, "interpreted"),
                                (wl.case_w1_vec, "compiled"), (wl.case_w3, "compiled")):
            rows.append(gradient_row(nt, make_case, scale, args.repeats, {}, mode))
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        for make_case, mode in ((wl.case_hvp_vec, "compiled"), (wl.case_hvp_loop, "reroll"),
                                (wl.case_hvp_rosen, "interpreted"),
                                (wl.case_hvp_rosen, "compiled")):
            rows.append(hvp_row(nt, make_case, scale, args.repeats, mode))
            print(f"  ... {rows[-1].name}: {rows[-1].result}", file=sys.stderr, flush=True)
        rows.append(recording_row(nt, scale, args.repeats))
        rows.append(memory_row(nt, scale, keep))
        rows.append(recording_scale_row(1e6 if args.quick else 1e7))
        rows.append(makeadfun_row(scale))
        rows.append(first_hvp_row(scale))
        rows.extend(import_rows(args.cold, where))
    print_table(rows)

    print()
    print(
        "ratio = numtape median / reference median (repeat ratios: min-max over interleaved pairs);"
    )
    print("grad err = max|g_nt - g_ref| / max|g_ref| at one point (sparse J: over the csr data,")
    print("  inf if the structure differs; hvp: of H v); setup = F.jacfun(sparse=True), median;")
    print("  1st call = first F.hvp (builds the gradient tape, compiles), not in the ratio;")
    print("recording = (len(F) - n_in, or F.n_ops) / median MakeTape seconds;")
    print("memory = (F.nbytes + 16*arena_size) / ops")
    if args.details or any(r.result == "ERROR" for r in rows):
        print()
        for r in rows:
            for d in r.details:
                if r.result == "ERROR" or args.details:
                    print(f"[{r.name}] {d.rstrip()}")
    n_fail = sum(r.result in ("FAIL", "ERROR") for r in rows)
    print(f"\n{sum(r.result == 'PASS' for r in rows)} passed, {n_fail} failed/errored")
    return 1 if (args.strict and n_fail) else 0


if __name__ == "__main__":
    sys.exit(main())
