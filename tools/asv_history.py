"""Run the asv suite over the last commits and publish the HTML report, regressions as plots.

    python tools/asv_history.py                      # the last 5 commits of HEAD, whole suite
    python tools/asv_history.py -n 3 --quick --bench "RegressionGradient"
    python tools/asv_history.py --commits 3cd0914 HEAD~1
    python tools/asv_history.py -n 10 --skip-existing --preview   # serve the report after

asv_benchmarks/asv.conf.json uses asv's "existing" environment: the benchmarks run in this
interpreter, against the working tree.  For history, each commit is checked out into a
temporary git worktree and asv runs *that commit's* benchmark files there, recording the
results under its hash (``asv run --python=same --set-commit-hash <sha>``): the benchmark
modules put their own checkout's root first on ``sys.path``, so ``import numtape`` loads the
commit's package (``ASV_PYTHONPATH`` says the same to the benchmark processes).  Every commit
writes to asv_benchmarks/results, beside the working tree's runs; ``asv publish`` then
renders asv_benchmarks/html (open html/index.html, or ``--preview`` to serve it).

Limits: every commit runs with this interpreter's installed dependencies (a commit that needs
other versions needs asv's virtualenv environments instead).  A worktree is a new source path
to Numba, so the full interpreters are not in its cache there; numtape's default "auto"
kernels then compile one small variant per op set (seconds each), cached in
~/.cache/numtape (or NUMBA_CACHE_DIR) and shared by every commit that generates the same
source, so only the first run over a commit pays for it.  Once per machine asv needs
``asv machine --yes`` (this script runs it when ~/.asv-machine.json is missing).
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
ASV_DIR = ROOT / "asv_benchmarks"


def git(*args, cwd=ROOT):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def commits(args):
    """Full hashes to run, oldest first (so the newest commit's benchmark list is kept)."""
    if args.commits:
        return [git("rev-parse", "--verify", f"{c}^{{commit}}") for c in args.commits]
    return git("rev-list", f"--max-count={args.n}", "--reverse", args.branch).split()


def config(worktree, env_dir):
    """asv.conf.json of the working tree, pointed at a worktree's benchmark files and at the
    working tree's results and html folders (absolute paths: asv reads them relative to the
    config file)."""
    from asv.util import load_json   # asv is a dev dependency, not numtape's
    conf = load_json(str(ASV_DIR / "asv.conf.json"), js_comments=True)
    conf.update(repo=str(ROOT), benchmark_dir=str(worktree / "asv_benchmarks" / "benchmarks"),
                results_dir=str(ASV_DIR / "results"), html_dir=str(ASV_DIR / "html"),
                env_dir=str(env_dir))
    return conf


def has_results(sha):
    return any(p.name.startswith(sha[:8]) for p in (ASV_DIR / "results").glob("*/*.json"))


def asv(args, conf_path, cwd, extra_env=None):
    cmd = [sys.executable, "-m", "asv", *args, "--config", str(conf_path)]
    print("+", " ".join(cmd), flush=True)
    env = dict(os.environ, **(extra_env or {}))
    return subprocess.run(cmd, cwd=cwd, env=env).returncode


def run_commit(sha, args, tmp):
    worktree = tmp / sha[:12]
    git("worktree", "add", "--detach", str(worktree), sha)
    try:
        if not (worktree / "asv_benchmarks" / "benchmarks").is_dir():
            print(f"{sha[:12]}: no asv_benchmarks/benchmarks in this commit; skipped")
            return 0
        conf_path = tmp / f"asv.{sha[:12]}.json"
        conf_path.write_text(json.dumps(config(worktree, tmp / "env"), indent=2))
        run = ["run", "--python=same", "--set-commit-hash", sha, "--show-stderr"]
        run += ["--quick"] if args.quick else []
        for b in args.bench or []:
            run += ["--bench", b]
        return asv(run, conf_path, cwd=worktree / "asv_benchmarks",
                   extra_env={"ASV_PYTHONPATH": str(worktree)})
    finally:
        git("worktree", "remove", "--force", str(worktree))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=5, help="how many of the last commits (default 5)")
    p.add_argument("--branch", default="HEAD", help="whose last commits (default HEAD)")
    p.add_argument("--commits", nargs="+", help="these commits instead of the last n")
    p.add_argument("--bench", action="append",
                   help="regex of the benchmarks to run (repeatable; asv run --bench)")
    p.add_argument("--quick", action="store_true", help="one sample per benchmark (asv --quick)")
    p.add_argument("--skip-existing", action="store_true",
                   help="skip commits that already have results on this machine")
    p.add_argument("--no-publish", action="store_true", help="do not run asv publish")
    p.add_argument("--preview", action="store_true", help="serve the report (asv preview)")
    args = p.parse_args(argv)
    if args.n < 1:
        p.error("-n must be >= 1")
    if not (pathlib.Path.home() / ".asv-machine.json").exists():
        subprocess.run([sys.executable, "-m", "asv", "machine", "--yes"], check=True)
    failed = []
    with tempfile.TemporaryDirectory(prefix="numtape-asv-") as d:
        tmp = pathlib.Path(d)
        for sha in commits(args):
            if args.skip_existing and has_results(sha):
                print(f"{sha[:12]}: results exist; skipped")
                continue
            if run_commit(sha, args, tmp) != 0:
                failed.append(sha[:12])
        git("worktree", "prune")
        conf_path = tmp / "asv.publish.json"
        conf_path.write_text(json.dumps(config(ROOT, tmp / "env"), indent=2))
        if not args.no_publish:
            if asv(["publish"], conf_path, cwd=ASV_DIR) != 0:
                return 1
            print(f"report: {ASV_DIR / 'html' / 'index.html'}")
        if args.preview:
            asv(["preview"], conf_path, cwd=ASV_DIR)
    if failed:
        print(f"asv run failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
