"""The sparse Jacobian of the banded residual (``workloads.band_vec``) over a sweep of sizes:
``J = F.jacfun(sparse=True)`` built once per size, then ``J(x)`` (a csr_matrix) against the hand
assembly (``reference.band_reference``), as compare.py's sparse rows time them, at n = 1e3 ..
1e6 (``--sizes``; 1e7 takes ~2 GB per arena and a minute to build).

Per size it prints the medians of J(x) and of the reference (``time_interleaved``: repeats
interleaved, >= 7), their ratio and both per row of the Jacobian (ns / n: a constant column
means linear cost), and what J(x) is made of: the forward sweep of J's tape alone
(``J.sweeps.forward``) and the csr wrapping; ``MB`` is what one sweep touches (J's value
arena and its operand index arrays), against which a step in ns / n at the size where it
outgrows the last-level cache is a cache effect, not numtape's.  Run:
``python benchmarks/sparse_sizes.py`` (``--sizes 1e3,1e4,...``, ``--repeats``,
``--interpreted``: no automatic compile of J's segments; ``--tier numpy``: J swept by the
NumPy tier, as a fresh environment does while the interpreters compile in the background).
"""

import argparse
import gc
import os
import sys

import scipy.sparse as sp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import workloads as wl  # noqa: E402

SIZES = (1_000, 3_000, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000, 200_000, 400_000,
         1_000_000)


def measure(nt, n, repeats=7):
    """{name: value} for size n: medians (seconds) of J(x), the reference, J's forward sweep
    and the csr wrapping; J's arena and the MB one sweep touches."""
    case = wl._band_case("sparse J banded", wl.band_vec, n)
    F = nt.MakeTape(case.f, case.x0)
    J = F.jacfun(sparse=True)
    err = wl.rel_err(J(case.points[0]), case.ref(case.points[0]))
    S, P = J.sweeps, J.pattern
    csr = J._csr
    data = J(case.points[0]).data

    def wrap(x):
        return sp.csr_matrix((data, csr.indices.copy(), csr.indptr.copy()), shape=csr.shape)

    medians, _ = wl.time_interleaved([J, case.ref, S.forward, wrap], case.points, repeats)
    touched = S.arena_size * 8 + J.args.nbytes + J.iargs.nbytes + J.op.nbytes
    out = dict(zip(("J(x)", "reference", "forward sweep", "csr wrap"), medians))
    out.update(arena=S.arena_size, MB=touched / 1e6, nnz=int(P[0].size), err=err,
               tier=S.tier, segments=S.n_compiled_segments)
    return out


def report(rows):
    print(f"{'n':>9s}{'arena':>11s}{'MB':>8s}{'J(x) ms':>10s}{'ref ms':>9s}{'ratio':>7s}"
          f"{'J ns/n':>8s}{'ref ns/n':>9s}{'sweep ms':>10s}{'csr ms':>8s}  tier")
    for n, r in rows:
        print(f"{n:9d}{r['arena']:11d}{r['MB']:8.1f}{1e3 * r['J(x)']:10.3f}"
              f"{1e3 * r['reference']:9.3f}{r['J(x)'] / r['reference']:7.2f}"
              f"{1e9 * r['J(x)'] / n:8.1f}{1e9 * r['reference'] / n:9.1f}"
              f"{1e3 * r['forward sweep']:10.3f}{1e3 * r['csr wrap']:8.3f}  "
              f"{r['tier']}, {r['segments']} segments; err {r['err']:.0e}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default=",".join(str(n) for n in SIZES))
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--interpreted", action="store_true")
    p.add_argument("--tier", default=None, choices=("auto", "full", "exact", "numpy"),
                   help="nt.sweep_kernels(tier) for the whole run (default: as a user gets it)")
    a = p.parse_args()
    import numtape as nt

    if a.interpreted:
        nt.compile_after(None)
    if a.tier:
        nt.sweep_kernels(a.tier)
    wl.blas_threads(1)
    rows = []
    for n in (int(float(s)) for s in a.sizes.split(",")):
        rows.append((n, measure(nt, n, max(7, a.repeats))))
        print(f"  ... n = {n}", file=sys.stderr, flush=True)
        gc.collect()
    report(rows)


if __name__ == "__main__":
    main()
