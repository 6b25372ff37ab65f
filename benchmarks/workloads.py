"""Benchmark workloads: the functions numtape records, their data, and the timing harness.

Shared by ``benchmarks/compare.py`` and the asv suite (``asv_benchmarks/benchmarks``), so both
time the same code. This module does not import numtape: callers record the tapes
(``nt.MakeTape(case.f, case.x0)``) so that a missing or broken numtape only fails the row that
needs it. The hand-written limits live in ``reference.py``.

Sizes are those of README.md, "Performance"; ``scale`` divides them (``--quick`` uses scale=10).
"""

import gc
import math
import statistics
import time
from dataclasses import dataclass, field

import numpy as np

import reference

W1_N = 100_000
W2_T = 100_000
W3_N = 100_000
W3_K = 20
BAND_N = 100_000  # sparse Jacobian, largest size (rows at 1e4 and 1e5)
HVP_N = 100_000
LOOP_N = 10_000  # the Python-loop sparse and hvp rows: their derived tapes take seconds to build
N_POINTS = 4  # distinct evaluation points, cycled so every timed call sees a new point


# --------------------------------------------------------------------------------------------
# the functions numtape records (plain NumPy on traced arrays)
# --------------------------------------------------------------------------------------------
def w1_loop(x):
    """W1 written as a Python loop over scalars: one tape op per scalar operation."""
    s = 0.0
    for i in range(1, len(x)):
        s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
    return s


def w1_vec(x):
    """W1 vectorized: a handful of block ops of length n - 1."""
    return np.sum(np.exp(0.5 * x[1:] + np.sin(x[:-1])) * x[1:])


def make_w2_loop(y):
    """W2 loss of theta = (w, u, b) for the data y (a constant of the tape), recorded from a
    Python loop over t with scalar ops."""
    y = np.array(y, dtype=np.float64)
    T = y.shape[0] - 1

    def w2_loop(th):
        w, u, b = th[0], th[1], th[2]
        h = 0.0
        loss = 0.0
        for t in range(T):
            h = np.tanh(w * h + u * y[t] + b)
            loss = loss + (y[t + 1] - h) ** 2
        return loss

    return w2_loop


def make_w3(X, y):
    """W3 negative normal log-likelihood of p = (beta, log_sigma); X, y constants of the tape
    (N/2*log(2*pi) left out, as in the reference)."""
    X = np.array(X, dtype=np.float64)
    y = np.array(y, dtype=np.float64)
    N, K = X.shape

    def w3(p):
        beta = p[:K]
        log_sigma = p[K]
        r = y - X @ beta
        sigma = np.exp(log_sigma)
        return N * log_sigma + 0.5 * np.sum(r**2) / sigma**2

    return w3


def band_vec(x):
    """BAND residual r_i = x_{i+1}^2 - x_i + sin(x_{i+2}) vectorized: a few block ops."""
    return x[1:-1] ** 2 - x[:-2] + np.sin(x[2:])


def band_loop(x):
    """BAND residual from a Python loop: a list of n - 2 scalar expressions."""
    return [x[i + 1] ** 2 - x[i] + np.sin(x[i + 2]) for i in range(len(x) - 2)]


def hvp_vec(x):
    """HVP objective sum(exp(0.5*x[1:]) * sin(x[:-1])) + 0.5*sum(x**2), vectorized."""
    return np.sum(np.exp(0.5 * x[1:]) * np.sin(x[:-1])) + 0.5 * np.sum(x**2)


def hvp_loop(x):
    """HVP objective with the chain sum written as a Python loop over scalars."""
    s = 0.5 * np.sum(x**2)
    for i in range(len(x) - 1):
        s = s + np.exp(0.5 * x[i + 1]) * np.sin(x[i])
    return s


# --------------------------------------------------------------------------------------------
# cases: f, recording point, evaluation points, reference, target
# --------------------------------------------------------------------------------------------
@dataclass
class Case:
    """One workload: numtape records ``f`` at ``x0``; ``points`` are the pre-generated
    evaluation points. ``ref(p)`` is the hand-written result at a point: (value, gradient) for
    the gradient cases, the csr Jacobian for the sparse ones; for the hvp cases every point is
    a pair ``(x, v)`` and ``ref(x, v)`` is H(x) v."""

    name: str
    size: str
    f: object
    x0: np.ndarray
    points: list
    ref: object
    target: float
    data: dict = field(default_factory=dict)


def w1_points(n, seed=11):
    rng = np.random.default_rng(seed)
    return [0.5 * rng.standard_normal(n) for _ in range(N_POINTS)]


def case_w1_loop(scale=1):
    n = W1_N // scale
    return Case(
        "W1 loop", f"n={n}", w1_loop, np.zeros(n), w1_points(n), reference.w1_reference(n), 1.2
    )


def case_w1_vec(scale=1):
    n = W1_N // scale
    return Case(
        "W1 vectorized", f"n={n}", w1_vec, np.zeros(n), w1_points(n), reference.w1_reference(n), 0.8
    )


def w2_data(T, seed=22):
    rng = np.random.default_rng(seed)
    return 0.5 * rng.standard_normal(T + 1)


def case_w2(scale=1):
    T = W2_T // scale
    y = w2_data(T)
    theta0 = np.array([0.5, 0.3, 0.1])
    rng = np.random.default_rng(23)
    points = [theta0 + 0.05 * rng.standard_normal(3) for _ in range(N_POINTS)]
    return Case(
        "W2 recurrence",
        f"T={T}",
        make_w2_loop(y),
        theta0,
        points,
        reference.w2_reference(y),
        1.0,      # issue 22: JAX's lax.scan at 1.0x
        {"y": y},
    )


def w3_data(N, K, seed=33):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((N, K))
    beta = rng.standard_normal(K)
    y = X @ beta + 0.5 * rng.standard_normal(N)
    return X, y, beta


def case_w3(scale=1):
    N, K = W3_N // scale, W3_K
    X, y, beta = w3_data(N, K)
    rng = np.random.default_rng(34)
    points = [
        np.concatenate(
            [beta + 0.1 * rng.standard_normal(K), [math.log(0.5) + 0.1 * rng.standard_normal()]]
        )
        for _ in range(N_POINTS)
    ]
    return Case(
        "W3 regression",
        f"N={N},K={K}",
        make_w3(X, y),
        np.zeros(K + 1),
        points,
        reference.w3_reference(X, y),
        1.1,
        {"X": X, "y": y},
    )


GRADIENT_CASES = (case_w1_loop, case_w1_vec, case_w2, case_w3)


def _band_case(name, f, n):
    rng = np.random.default_rng(44)
    points = [rng.standard_normal(n) for _ in range(N_POINTS)]
    return Case(name, f"n={n}", f, np.zeros(n), points, reference.band_reference(n), 2.0)


def case_band_1e4(scale=1):
    """Sparse Jacobian of the vectorized BAND residual, n = 1e4."""
    return _band_case("sparse J banded", band_vec, BAND_N // 10 // scale)


def case_band_1e5(scale=1):
    """Sparse Jacobian of the vectorized BAND residual, n = 1e5 (the full size)."""
    return _band_case("sparse J banded", band_vec, BAND_N // scale)


def case_band_loop(scale=1):
    """Sparse Jacobian of the BAND residual recorded from a Python loop, n = 1e4."""
    return _band_case("sparse J loop", band_loop, LOOP_N // scale)


def _hvp_case(name, f, n):
    rng = np.random.default_rng(55)
    points = [(0.5 * rng.standard_normal(n), rng.standard_normal(n)) for _ in range(N_POINTS)]
    return Case(name, f"n={n}", f, np.zeros(n), points, reference.hvp_reference(n), 1.5)


def case_hvp_vec(scale=1):
    """Hessian-vector product of the vectorized HVP objective, n = 1e5."""
    return _hvp_case("hvp vectorized", hvp_vec, HVP_N // scale)


def case_hvp_loop(scale=1):
    """Hessian-vector product of the HVP objective recorded from a Python loop, n = 1e4."""
    return _hvp_case("hvp loop", hvp_loop, LOOP_N // scale)


def rosen(x):
    """SciPy's Rosenbrock function, its expression as ``scipy.optimize.rosen`` writes it (that
    function itself first converts its argument through the array API)."""
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)


def case_hvp_rosen(scale=1):
    """Hessian-vector product of the Rosenbrock function against SciPy's hand-written
    ``scipy.optimize.rosen_hess_prod``."""
    import scipy.optimize as so
    n = HVP_N // scale
    rng = np.random.default_rng(56)
    points = [(1.0 + 0.1 * rng.standard_normal(n), rng.standard_normal(n))
              for _ in range(N_POINTS)]
    return Case("hvp rosen vs SciPy", f"n={n}", rosen, np.zeros(n), points,
                so.rosen_hess_prod, 1.0)


SPARSE_CASES = (case_band_1e4, case_band_1e5, case_band_loop)
HVP_CASES = (case_hvp_vec, case_hvp_loop, case_hvp_rosen)


# --------------------------------------------------------------------------------------------
# tape statistics
# --------------------------------------------------------------------------------------------
def n_ops(F):
    """Recorded ops excluding inputs: ``F.n_ops`` if the tape has it, else ``len(F) - F.n_in``."""
    if hasattr(F, "n_ops"):
        return int(F.n_ops)
    n_in = int(F.n_in) if hasattr(F, "n_in") else int(np.size(getattr(F, "x0", 0)))
    return len(F) - n_in


def bytes_per_op(F):
    """(tape arrays' bytes + values and adjoints, 16 * arena_size) / recorded ops; None when
    the tape has no ``nbytes``."""
    if not hasattr(F, "nbytes"):
        return None
    return (int(F.nbytes) + 16 * int(F.arena_size)) / max(1, n_ops(F))


# --------------------------------------------------------------------------------------------
# timing harness
# --------------------------------------------------------------------------------------------
class _Cycler:
    """Calls ``fn`` on the points in turn, carrying the position across repeats so that two
    consecutive calls never see the same point."""

    def __init__(self, fn, points):
        self.fn = fn
        self.points = list(points)
        self.pos = 0

    def run(self, number):
        m = len(self.points)
        pts = [self.points[(self.pos + k) % m] for k in range(number)]
        self.pos = (self.pos + number) % m
        fn = self.fn
        gc_was = gc.isenabled()
        gc.disable()
        try:
            t0 = time.perf_counter()
            for p in pts:
                fn(p)
            t1 = time.perf_counter()
        finally:
            if gc_was:
                gc.enable()
        return (t1 - t0) / number

    def calibrate(self, min_time):
        """Smallest number of calls per repeat (1, 2, 5, 10, 20, ...) lasting >= min_time."""
        number = 1
        while True:
            t = self.run(number) * number
            if t >= min_time or number >= 100_000:
                return number
            # jump close to the needed count, then round up to a 1-2-5 step
            want = number * min_time / max(t, 1e-9)
            number = _round_125(max(want * 1.1, number * 2))


def _round_125(x):
    exp = 10 ** math.floor(math.log10(x))
    for m in (1, 2, 5, 10):
        if m * exp >= x:
            return int(m * exp)
    return int(10 * exp)


def time_interleaved(fns, points, repeats=7, min_time=0.02, warmup=2):
    """Median seconds per call for each of ``fns`` (same points), repeats interleaved so slow
    drifts of a noisy machine hit every function alike.

    Returns ``(medians, samples)``: lists in the order of ``fns``."""
    cyclers = [_Cycler(fn, points) for fn in fns]
    for c in cyclers:
        c.run(max(warmup, len(points)))  # JIT compile, first-touch of buffers
    numbers = [c.calibrate(min_time) for c in cyclers]
    samples = [[] for _ in fns]
    for _ in range(repeats):
        gc.collect()
        for c, number, s in zip(cyclers, numbers, samples, strict=True):
            s.append(c.run(number))
    return [statistics.median(s) for s in samples], samples


def time_once(fn, repeats=7, budget=20.0, min_repeats=3):
    """Median seconds of ``fn()`` (no looping: for calls of ~0.1 s and more, e.g. recording),
    stopping early after ``min_repeats`` once ``budget`` seconds are spent."""
    ts = []
    t_start = time.perf_counter()
    result = None
    for _ in range(repeats):
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        ts.append(time.perf_counter() - t0)
        if len(ts) >= min_repeats and time.perf_counter() - t_start > budget:
            break
    return statistics.median(ts), ts, result


# (get, set) thread-count symbols of OpenBLAS builds: plain, 64-bit-int, NumPy/SciPy wheels
_BLAS_SYMBOLS = tuple(
    (f"{p}get_num_threads{s}", f"{p}set_num_threads{s}")
    for p in ("openblas_", "scipy_openblas_")
    for s in ("", "64_")
)


def blas_threads(n=None):
    """Get (and with ``n``, set) the thread count of every OpenBLAS loaded in this process.

    NumPy's reference side calls BLAS, which defaults to one thread per core; numtape's
    kernels run on one thread (its Numba ``np.dot`` goes through SciPy's OpenBLAS, pinned
    too). On a small shared machine a multi-threaded gemv waits on the busiest core (its time
    jumped 30x under load here), so the benchmarks pin BLAS to one thread by default. Works
    after NumPy is imported (OpenBLAS reads OPENBLAS_NUM_THREADS only when loaded). Returns
    ``{library file name: threads}`` (empty when none is found)."""
    import ctypes
    import os

    try:  # load SciPy's OpenBLAS too (Numba's np.dot calls it), so it is pinned as well
        import scipy.linalg.cython_blas  # noqa: F401
    except ImportError:
        pass
    found = {}
    try:
        with open("/proc/self/maps") as fh:
            paths = sorted(
                {
                    ln.split()[-1]
                    for ln in fh
                    if "openblas" in ln.lower() and ln.split()[-1].startswith("/")
                }
            )
    except OSError:
        return found
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for get_name, set_name in _BLAS_SYMBOLS:
            get = getattr(lib, get_name, None)
            put = getattr(lib, set_name, None)
            if get is None or put is None:
                continue
            if n is not None:
                put.argtypes = [ctypes.c_int]
                put(int(n))
            found[os.path.basename(path)] = int(get())
            break
    return found


def rel_err(a, b):
    """max |a - b| / max |b| (inf when the shapes differ); a and b may be scipy.sparse (then
    also inf unless both have the same stored structure)."""
    if hasattr(a, "tocsr") or hasattr(b, "tocsr"):
        a, b = a.tocsr(), b.tocsr()
        a.sort_indices()
        b.sort_indices()
        if a.shape != b.shape or not (
            np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
        ):
            return math.inf
        a, b = a.data, b.data
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.shape != b.shape:
        return math.inf
    return float(np.max(np.abs(a - b)) / max(1e-300, float(np.max(np.abs(b)))))
