"""asv suite: batched replay (README.md, "Many points, cores and machines").

``F.gradient_map`` of the W1 vectorized tape at 1,000 points (n = 1e3) with 1 and 2 worker
threads, interpreted and after ``F.compile()``, against the hand-written batched Numba gradient
``reference.w1_batch_reference`` on as many threads (``benchmarks/batched.py`` prints the same
comparison). ``track_*`` benchmarks record ratios measured side by side in one process:
numtape / hand-written (target <= 1.3), the speed-up from 1 to 2 threads (target: near 2 on an
idle 2-core machine), and per-point ``F.gradient`` calls from Python / ``F.gradient_map``.

Run: ``cd asv_benchmarks && asv run --quick --python=same --bench Batched``.
"""

import os
import sys

import numpy as np

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "benchmarks"), _ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import reference  # noqa: E402
import workloads as wl  # noqa: E402

POINTS = 1000
N = 1000
N_BATCHES = 4   # distinct batches, cycled so every timed call sees new points

_STATE = {}


def _numtape():
    try:
        import numtape
    except Exception as exc:  # asv reports NotImplementedError in setup as "skipped"
        raise NotImplementedError(f"numtape not importable: {exc}") from exc
    return numtape


def _batches():
    if "batches" not in _STATE:
        rng = np.random.default_rng(5)
        _STATE["batches"] = [0.5 * rng.standard_normal((POINTS, N)) for _ in range(N_BATCHES)]
    return _STATE["batches"]


def _tape(compiled):
    """The W1 vectorized tape at n = N (compiled: its elementwise runs fused), warmed up."""
    nt = _numtape()
    key = ("tape", compiled)
    if key not in _STATE:
        nt.compile_after(None)   # each tape keeps its tier whatever the number of sweeps
        F = nt.MakeTape(wl.w1_vec, np.zeros(N))
        if compiled:
            F.compile()
        F.gradient_map(_batches()[0][:4], workers=2)   # loads the jitted loops, kernels
        _STATE[key] = F
    return _STATE[key]


def _reference(workers):
    key = ("reference", workers)
    if key not in _STATE:
        ref = reference.w1_batch_reference(N, workers)
        ref(_batches()[0][:4])
        _STATE[key] = ref
    return _STATE[key]


class _BatchSuite:
    """Gradients at a batch of 1,000 points: numtape vs the hand-written batch."""

    params = [1, 2]
    param_names = ["workers"]
    compiled = False
    timeout = 600
    warmup_time = 0.2

    def setup(self, workers):
        self.F = _tape(self.compiled)
        self.ref = _reference(workers)
        self.batches = _batches()
        self.k = 0

    def _next(self):
        self.k = (self.k + 1) % len(self.batches)
        return self.batches[self.k]

    def time_gradient_map(self, workers):
        self.F.gradient_map(self._next(), workers=workers)

    def time_reference(self, workers):
        self.ref(self._next())

    def track_ratio(self, workers):
        """numtape median / hand-written median, 7 interleaved repeats."""
        (t_nt, t_ref), _ = wl.time_interleaved(
            [lambda X: self.F.gradient_map(X, workers=workers), self.ref], self.batches,
            repeats=7)
        return t_nt / t_ref

    track_ratio.unit = "ratio"

    def track_thread_speedup(self, workers):
        """gradient_map with 1 worker / with ``workers`` (1.0 at workers = 1)."""
        (t1, tw), _ = wl.time_interleaved(
            [lambda X: self.F.gradient_map(X, workers=1),
             lambda X: self.F.gradient_map(X, workers=workers)], self.batches, repeats=7)
        return t1 / tw

    track_thread_speedup.unit = "speed-up"


class BatchedGradientW1(_BatchSuite):
    """W1 vectorized, n = 1e3, 1,000 points, interpreted."""


class BatchedGradientW1Compiled(_BatchSuite):
    """The same after ``F.compile()`` (fused runs, swept by the jitted rows too)."""

    compiled = True


class BatchedVersusPerPoint:
    """Per-point ``F.gradient`` from Python over 50 points / ``F.gradient_map`` of them with one
    worker: the Python overhead batching removes."""

    timeout = 600

    def setup(self):
        self.F = _tape(False)
        self.batches = [X[:50] for X in _batches()]

    def track_per_point_over_batched(self):
        (t_loop, t_map), _ = wl.time_interleaved(
            [lambda X: [self.F.gradient(x) for x in X],
             lambda X: self.F.gradient_map(X, workers=1)], self.batches, repeats=7)
        return t_loop / t_map

    track_per_point_over_batched.unit = "ratio"
