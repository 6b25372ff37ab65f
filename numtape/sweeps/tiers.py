"""Which tier sweeps a tape, compiling off the user's path, and saying what is compiled.

Numba compiles the full interpreters (every op of the table) in minutes of one core, once per
environment (``python -m numtape warmup`` announces each compile with its time); loading them
from Numba's disk cache afterwards takes a fraction of a second (benchmarks/costs.py, ``load``).
A new user must not wait for that compile, so in the default mode (``"auto"``):

* a tape is swept by the full interpreters when they are loaded in this process;
* otherwise by the **NumPy tier** (numtape/sweeps/numpy_sweeps.py: no compile at all), while a
  **background process** (``python -m numtape warmup --background``, at low priority, on the
  other core) compiles the full interpreters and the kernels the statistical layer uses into
  the disk cache.  A tape on the NumPy tier moves to the compiled interpreters at a sweep
  boundary once they are on disk and this process has swept ``LOAD_COST`` seconds on the NumPy
  tier, what loading them costs (``Sweeps._leave_numpy``): a process that sweeps a little never
  pays for the load, one that sweeps a lot loses at most that much;
* a tape too long for the NumPy tier (more than ``NUMPY_MAX_OPS`` ops, recorded from Python
  loops) takes the full interpreters if they are on disk, else compiles in the foreground: its
  re-rolled loops and fused runs (seconds), and the interpreters of its own op set for the
  rest when that is long too (``variants.py``);
* a hot tape's compiled segments (fused runs, re-rolled loops: ``Sweeps._segments_up``) load
  at once when their kernels are on disk, else are compiled by a background process
  (``compile_behind``: ``python -m numtape compile-kernels``; what is still queued when the
  program ends goes to one more such process) while the tape keeps sweeping;
  with background compiles off, in the foreground once the sweeps pay for them (``PAYBACK``).

One full-interpreter compiler per cache folder: it holds ``compile.lock`` (``fcntl.flock``);
another process that finds the lock taken does not compile the same thing again, keeps its
tapes on the NumPy tier and says so.  Segment-kernel compilers take ``kernels.lock`` in turn
(the second loads what the first compiled).  ``status()`` (``nt.compile_status()``) tells what
is compiled and what is pending; ``compile_messages(False)`` (numtape.config) silences the
messages; ``NUMTAPE_BACKGROUND_COMPILE=0`` keeps every compile in the foreground process.

Every Numba compile in the process is watched (Numba's ``numba:compile`` event): one that takes
more than about a second says on stderr what it compiles and why (``because``), with the
elapsed time and, where the duration is known, a progress bar on a terminal.  Nothing
compiles silently.
"""
from __future__ import annotations

import atexit
import contextlib
import importlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass

import numba
from numba.core import event

from numtape.config import compile_messages, say
from numtape.sweeps import variants
from numtape.sweeps.numpy_sweeps import NumpySweeps

try:
    import fcntl
except ImportError:   # no flock (Windows): no background process, foreground compiles
    fcntl = None

MODES = ("auto", "full", "exact", "numpy")
NUMPY_MAX_OPS = 20_000      # longer tapes compile in the foreground (costs.py: numpy-tier)
LOAD_COST = 0.25            # seconds: loading the full interpreters (benchmarks/costs.py: load)
SEGMENT_COMPILE = 0.5       # seconds: one new fused run or loop structure (segment-compile)
RUN_SETUP = 2.5e-3          # seconds: a tape's move to compiled segments (the search's
RUN_FIND = 20e-6            # fixed part, planning, the first sweep), and the search per
                            # candidate op (benchmarks/costs.py: segment-move)
RUN_PAYBACK = 10.0          # sweep time per second of that move before it is made: fused runs
                            # of a few hundred elements save a tenth of a sweep or less
                            # (segment-move)
PAYBACK = 3.0               # sweep time per second of compile before segments compile: a
                            # compiled segment saves a third to a half of its sweep time
_state = {"mode": "auto", "spawned": None, "ready": None, "polled": 0.0, "told": False}
_lock = threading.Lock()


def set_mode(mode):
    """Sweep with ``"auto"`` (default: the full interpreters when compiled, else the NumPy
    tier while they compile in the background), ``"full"`` (the full interpreters, compiled
    now if need be), ``"exact"`` (per-tape variants) or ``"numpy"`` (never compile)."""
    if mode not in MODES:
        raise ValueError(f"sweep kernels mode {mode!r} is not one of {', '.join(MODES)}")
    _state["mode"] = mode
    variants.set_mode(mode if mode in variants.MODES else "auto")


def mode():
    return _state["mode"]


def background_allowed():
    """Whether compiles may go to background processes: file locks exist (one compiler per
    cache folder), Numba compiles at all, and NUMTAPE_BACKGROUND_COMPILE is not "0"."""
    return (fcntl is not None and os.environ.get("NUMTAPE_BACKGROUND_COMPILE", "1") != "0"
            and not numba.config.DISABLE_JIT)


def interpreters_for(op):
    """The interpreters for a new tape with opcodes ``op``: a compiled module, or a
    ``NumpySweeps`` (module docstring; when the full interpreters are on disk but not loaded,
    the tape starts on the NumPy tier too, and moves up once loading them pays)."""
    m = _state["mode"]
    if m == "numpy":
        return NumpySweeps()
    if m in ("full", "exact") or variants.full_is_loaded():
        return variants.interpreters_for(op)
    if background_allowed() and not variants.full_is_compiled():
        start_background()
    return NumpySweeps()


def full_ready():
    """Whether the full interpreters are compiled on disk now (polled at most every 0.5 s while
    the background process runs): a tape on the NumPy tier may switch to them."""
    if _state["mode"] == "numpy":
        return False
    if _state["ready"]:
        return True
    now = time.monotonic()
    if now - _state["polled"] < 0.5:
        return False
    _state["polled"] = now
    variants.forget_full_check()
    if _done_marker().exists():
        _state["ready"] = variants.full_is_compiled()
    else:   # compiled another way (python -m numtape warmup of an older release, "full" mode)
        _state["ready"] = variants.full_is_compiled() and holder() is None
    return _state["ready"]


# ---- the background process --------------------------------------------------------------------
def _paths():
    d = variants.cache_dir()
    return d / "compile.lock", d / "compile.json", d / "compile.log"


def _done_marker():
    return variants.cache_dir() / f"compiled-{variants.full_key()}"


def holder():
    """(pid, start time) of the process compiling into this cache folder now, or None."""
    lock, info, _ = _paths()
    if fcntl is None or not lock.exists():
        return None
    with open(lock, "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            try:
                d = json.loads(info.read_text())
                return int(d["pid"]), float(d["started"])
            except (OSError, ValueError, KeyError):
                return -1, time.time()
        fcntl.flock(fh, fcntl.LOCK_UN)
    return None


def start_background():
    """Start the background compile once per process, unless it is done or runs already
    (then say so once)."""
    if _state["spawned"] is not None or _done_marker().exists():
        return
    with _lock:
        if _state["spawned"] is not None:
            return
        other = holder()
        if other is not None:
            _state["spawned"] = other[0]
            say(f"process {other[0]} is compiling the sweeps into {variants.cache_dir()} "
                f"(for {time.time() - other[1]:.0f} s); this process sweeps on the NumPy tier "
                "meanwhile and switches when it is done. nt.compile_status() tells more")
            return
        lock, info, log = _paths()
        lock.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "ab") as out:
            p = subprocess.Popen([sys.executable, "-m", "numtape", "warmup", "--background"],
                                 stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                 start_new_session=True)
        _state["spawned"] = p.pid
        say(f"compiling the sweeps in a background process (pid {p.pid}, about 3 minutes of "
            f"one core, once per environment; log {log}). Tapes sweep on the NumPy tier "
            "meanwhile, then switch. nt.compile_status() tells more; "
            "nt.compile_messages(False) silences this")


@contextlib.contextmanager
def compile_lock():
    """Hold this cache folder's compile lock (the background process), recording who holds
    it; yields False, holding nothing, when another process has it."""
    lock, info, _ = _paths()
    lock.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:   # no file locks here: compile, unguarded
        yield True
        return
    with open(lock, "a+") as fh:
        for attempt in range(6):   # a moment's hold is another process asking ``holder``
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if attempt == 5:
                    yield False
                    return
                time.sleep(0.1)
        try:
            info.write_text(json.dumps({"pid": os.getpid(), "started": time.time()}))
            yield True
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def mark_done():
    """Record that the full interpreters of this op table are compiled (the background
    process's last step)."""
    _done_marker().write_text(json.dumps({"pid": os.getpid(), "finished": time.time()}))


# ---- compiled segments, compiled behind the user's back --------------------------------------
_behind = {"proc": None, "queue": [], "asked": set()}


def compile_behind(jobs):
    """Compile ``jobs`` = [(dispatcher, argument types), ...] of generated kernel modules (fused
    runs, re-rolled loops) in a background process, at low priority, one process at a time;
    the caller sees them on disk (``twins.compiled``) when done.  Returns False when
    background compiles are off (the caller compiles in the foreground instead)."""
    if not background_allowed():
        return False
    with _lock:
        for fn, sig in jobs:
            job = _job(fn, sig, "a compiled segment, off the user's path")
            if job[:3] not in _behind["asked"]:
                _behind["asked"].add(job[:3])
                _behind["queue"].append(job)
    pump()
    return True


def _job(fn, sig, why):
    """A job of ``compile_jobs``: where jitted ``fn``'s module is (numtape's own modules by
    name: a cached function's environment names its module, and loading it imports that name;
    generated files by path), its name, the argument types and why it is compiled."""
    mod = fn.py_func.__module__
    where = mod if mod.startswith("numtape.") else sys.modules[mod].__file__
    return where, fn.py_func.__name__, sig, why


def start_compiler(jobs, out=None):
    """A process (``python -m numtape compile-kernels``, at low priority) compiling ``jobs``
    (``_job``'s) into the disk cache, its output to file ``out`` (default: this process's)."""
    d = variants.cache_dir()
    d.mkdir(parents=True, exist_ok=True)
    fd, path = tempfile.mkstemp(dir=d, prefix="jobs-", suffix=".pickle")
    with os.fdopen(fd, "wb") as fh:
        pickle.dump(jobs, fh)
    return subprocess.Popen([sys.executable, "-m", "numtape", "compile-kernels", path],
                            stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                            start_new_session=True)


def compile_aside(fn, sig, why):
    """Start compiling jitted ``fn`` for argument types ``sig`` in a second process (a second
    core) while this one goes on; returns the process (``wait()`` for it), or None on a
    one-core machine or without Numba."""
    if (os.cpu_count() or 1) < 2 or not isinstance(fn, numba.core.registry.CPUDispatcher):
        return None
    return start_compiler([_job(fn, sig, why)])


def pump():
    """Start the next background kernel compile if the last one has ended."""
    p = _behind["proc"]
    if (p is not None and p.poll() is None) or not _behind["queue"]:
        return
    with _lock:
        jobs, _behind["queue"] = _behind["queue"], []
        if not jobs:
            return
        with open(_paths()[2], "ab") as out:
            _behind["proc"] = start_compiler(jobs, out)


@atexit.register
def _hand_over():
    """At exit, the kernels still queued go to a background process of their own: ``pump``
    starts one process at a time, so jobs asked for while one ran would be dropped with this
    process, and a program run again and again would get one batch compiled per run.  The new
    process waits for ``kernels.lock`` behind a running one (``compile_jobs``)."""
    with _lock:
        if not _behind["queue"]:
            return
        _behind["proc"] = None
    pump()


def compile_jobs(path):
    """The background side of ``compile_behind`` (``python -m numtape compile-kernels``):
    compile each job of the pickle file at ``path`` into the disk cache, then remove it."""
    with open(path, "rb") as fh:
        jobs = pickle.load(fh)
    os.unlink(path)
    lock = variants.cache_dir() / "kernels.lock"
    with open(lock, "a+") as fh:
        if fcntl is not None:   # one kernel compiler at a time per cache folder: processes
            fcntl.flock(fh, fcntl.LOCK_EX)   # asking for the same kernels wait, then load
        for where, name, sig, why in jobs:   # (compile() takes the disk cache's copy first)
            module = (importlib.import_module(where) if where.startswith("numtape.")
                      else variants.import_file(where))
            fn = getattr(module, name)
            with because(why):
                fn.compile(sig)
    return len(jobs)


# ---- what is compiled --------------------------------------------------------------------------
@dataclass(frozen=True)
class CompileStatus:
    """What ``nt.compile_status()`` returns: the mode, whether the full interpreters are
    compiled (on disk) and loaded (in this process), who compiles them now, the cache folder,
    and the compiles seen in this process (function, seconds, why)."""

    mode: str
    full_compiled: bool
    full_loaded: bool
    background: str
    cache_dir: str
    compiles: tuple

    def __repr__(self):
        lines = [f"numtape compile status (mode {self.mode!r}, cache {self.cache_dir})",
                 f"  full interpreters: {'compiled' if self.full_compiled else 'not compiled'}"
                 f"{', loaded in this process' if self.full_loaded else ''}",
                 f"  background compile: {self.background}",
                 f"  compiles in this process: {len(self.compiles)}"
                 f" ({sum(c[1] for c in self.compiles):.1f} s)"]
        lines += [f"    {s:6.1f} s  {name}  ({why})" for name, s, why in self.compiles[-10:]]
        return "\n".join(lines)


def status():
    """What is compiled and what is pending (``nt.compile_status()``).

    >>> import numtape as nt
    >>> nt.compile_status().mode in ("auto", "full", "exact", "numpy")
    True
    """
    loaded = variants.full_is_loaded()
    other = holder()
    if variants.full_is_compiled():
        bg = "not needed (the full interpreters are compiled)"
    elif other is not None:
        bg = f"running: process {other[0]}, for {time.time() - other[1]:.0f} s"
    elif _state["spawned"]:
        bg = f"started by this process (pid {_state['spawned']})"
    else:
        bg = "not started"
    return CompileStatus(_state["mode"], variants.full_is_compiled(), loaded, bg,
                         str(variants.cache_dir()), tuple(_watch.log))


# ---- every compile said ------------------------------------------------------------------------
_why = threading.local()


@contextlib.contextmanager
def because(why, expected=None):
    """Compiles that start in this block are announced as done for ``why`` (expected to take
    about ``expected`` seconds, for a progress bar)."""
    stack = _why.__dict__.setdefault("stack", [])
    stack.append((why, expected))
    try:
        yield
    finally:
        stack.pop()


# what a compile is for, by the module of the function compiled, when no ``because`` says
_WHAT = {"generated": "the full tape interpreters, once per environment",
         "numtape_sweeps": "the interpreters of one tape's op set",
         "numtape_fused": "a fused run of a compiled tape",
         "numtape_loop": "a re-rolled loop of a compiled tape",
         "native": "sweeps called from jitted code (F.map, F.njit)",
         "batch": "F.map's row loops", "bound": "F.njit's functions",
         "_sets": "sparsity patterns (index sets)", "_hessian": "Hessian sparsity patterns",
         "_kernels": "the coloring of sparse derivatives",
         "selinv": "the selected inverse of the Laplace approximation",
         "reduce": "a reduction's sweeps", "matmul": "a matrix product's sweeps",
         "order": "sorting and indexing sweeps", "structural": "gathers"}


def _what(module):
    for prefix, what in _WHAT.items():
        if module.startswith(prefix):
            return what
    return f"first use of numtape's {module} kernels in this environment"


class _Watch(event.Listener):
    """Numba's compile events: a compile still running after ``DELAY`` seconds is announced,
    then ticks (on a terminal) until it ends."""

    DELAY = 1.0

    def __init__(self):
        self.log = []
        self.depth = threading.local()

    def on_start(self, ev):
        d = getattr(self.depth, "n", 0)
        self.depth.n = d + 1
        if d:
            return
        stack = getattr(_why, "stack", None)
        fn = ev.data["dispatcher"].py_func
        path = getattr(fn, "__module__", None) or ""
        if not stack and not path.startswith("numtape"):
            self.depth.job = None   # the user's own function (exec'd ones have no module)
            return
        module = path.rsplit(".", 1)[-1]
        why, expected = stack[-1] if stack else (_what(module), None)
        name = f"{module.split('_')[0] if module.startswith('numtape_') else module}." \
            f"{fn.__name__}"
        self.depth.job = job = {"name": name, "why": why, "expected": expected,
                                "t0": time.perf_counter(), "said": False,
                                "done": threading.Event()}
        threading.Thread(target=self._tick, args=(job,), daemon=True).start()

    def on_end(self, ev):
        self.depth.n -= 1
        if self.depth.n:
            return
        job = getattr(self.depth, "job", None)
        if job is None:
            return
        job["done"].set()
        dt = time.perf_counter() - job["t0"]
        self.log.append((job["name"], dt, job["why"]))
        if job["said"]:
            _line(f"compiled {job['name']} in {dt:.1f} s", end=True)

    def _tick(self, job):
        if job["done"].wait(self.DELAY):
            return
        job["said"] = True
        tty = sys.stderr.isatty()
        exp = job["expected"]
        _line(f"compiling {job['name']} ({job['why']})"
              + (f", about {exp:.0f} s" if exp else "") + ("" if tty else " ..."), end=not tty)
        while tty and not job["done"].wait(0.5):
            dt = time.perf_counter() - job["t0"]
            if exp:
                k = min(int(30 * dt / exp), 29)
                bar = f" [{'=' * k}>{' ' * (29 - k)}] {dt:.0f}/{exp:.0f} s"
            else:
                bar = f" {dt:.0f} s"
            _line(f"compiling {job['name']} ({job['why']}){bar}", end=False)


def _line(text, end):
    """A message line; ``end=False`` rewrites the current terminal line (a progress bar)."""
    if not compile_messages():
        return
    if sys.stderr.isatty():
        sys.stderr.write(f"\r\033[Knumtape: {text}" + ("\n" if end else ""))
        sys.stderr.flush()
    elif end:
        say(text)


_watch = _Watch()
event.register("numba:compile", _watch)
