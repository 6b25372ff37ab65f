"""Count the calls that cross numtape's layers during a first MakeADFun (and its fn, gr).

    python tools/layer_crossings.py [--path DIR]

A call crosses when the caller's function and the callee's live in modules of different layers
(``[tool.importlinter]`` in pyproject.toml); it goes *upward* when the callee's layer is above
the caller's (through a seam, a callee protocol or a hook).  Python functions only (C calls and
jitted kernels are not seen).  The model is ``numtape.testing.poisson_glmm``, swept on the
NumPy tier so nothing compiles.
"""
import argparse
import collections
import pathlib
import sys
import tomllib


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--path", default=str(pathlib.Path(__file__).resolve().parents[1]),
                    help="the repository whose numtape to measure")
    args = ap.parse_args()
    root = pathlib.Path(args.path).resolve()
    sys.path.insert(0, str(root))
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["importlinter"]
    rows = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    rank = {}
    for i, row in enumerate(rows):            # top row first: a smaller rank is higher
        for name in row.split(":"):
            rank[name.strip()] = len(rows) - i
    pkg = str(root / "numtape") + "/"

    def layer(filename):
        if not filename.startswith(pkg):
            return None
        rel = filename[len(pkg):]
        top = rel.split("/")[0].removesuffix(".py")
        return rank.get(top)

    import numtape as nt
    from numtape.testing import poisson_glmm
    nt.sweep_kernels("numpy")
    nll, start = poisson_glmm()
    counts = collections.Counter()

    def profile(frame, event, arg):
        if event != "call":
            return
        callee = layer(frame.f_code.co_filename)
        caller_frame = frame.f_back
        if callee is None or caller_frame is None:
            return
        caller = layer(caller_frame.f_code.co_filename)
        if caller is None or caller == callee:
            return
        counts["cross"] += 1
        if callee > caller:
            counts["up"] += 1
            counts[(caller_frame.f_code.co_filename[len(pkg):], frame.f_code.co_name)] += 1

    sys.setprofile(profile)
    obj = nt.MakeADFun(nll, start, random="u")
    obj.fn(obj.par)
    obj.gr(obj.par)
    sys.setprofile(None)
    print(f"{root}: {counts['cross']} layer crossings, {counts['up']} upward")
    ups = [(k, v) for k, v in counts.items() if isinstance(k, tuple)]
    for (where, fn), v in sorted(ups, key=lambda kv: -kv[1])[:12]:
        print(f"  {v:6d} up from {where} into {fn}")


if __name__ == "__main__":
    main()
