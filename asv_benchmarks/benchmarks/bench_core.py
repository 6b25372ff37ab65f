"""asv suite: numtape's core speed (README.md, "Performance").

``time_*`` benchmarks time one value + gradient at a new point (points cycled) on the full-size
workloads, the sparse Jacobian ``J(x)`` of ``J = F.jacfun(sparse=True)`` and its construction,
the Hessian-vector product ``F.hvp(x, v)``, and the recording of a scalar loop; ``track_*``
benchmarks record numtape / hand-written ratios measured side by side in one process (robust to
the machine's speed and noise) and the tape's bytes per op. Workloads and references are shared
with ``benchmarks/compare.py`` (``benchmarks/workloads.py``, ``benchmarks/reference.py`` at the
repository root).

Run: ``cd asv_benchmarks && asv run --quick --python=same`` (once per machine before that:
``asv machine --yes``, which asv needs to name the results). The NumPy references run with
one BLAS thread, as numtape's kernels (see ``workloads.blas_threads``).
"""

import os
import sys

import numpy as np

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "benchmarks"), _ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import workloads as wl  # noqa: E402

RECORD_N = 20_000  # size of the recording-throughput benchmark

# Tapes built once per process: asv calls setup before every sample, recording a 1e5-op loop
# each time would dominate the run.
_TAPES = {}
_CASES = {}


def _numtape():
    try:
        import numtape
    except Exception as exc:  # asv reports NotImplementedError in setup as "skipped"
        raise NotImplementedError(f"numtape not importable: {exc}") from exc
    return numtape


def _case(make_case):
    if make_case not in _CASES:
        _CASES[make_case] = make_case()
    return _CASES[make_case]


def _tape(make_case, compiled=False):
    """The case's tape, once per process.  ``compiled``: False (as a user gets it: interpreted,
    compiled automatically after ``nt.compile_after`` sweeps), True (``F.compile()`` at once:
    fused runs, re-rolled loops), ``"interpreted"`` (never compiled) or ``"reroll"``
    (``F.reroll()``: independent loops as block ops)."""
    nt = _numtape()
    case = _case(make_case)
    key = (make_case, compiled)
    if key not in _TAPES:
        F = nt.MakeTape(case.f, case.x0)
        if compiled == "reroll":
            F = F.reroll()
        elif compiled == "interpreted":
            nt.compile_after(None)   # asv runs each benchmark in a process of its own
        elif compiled:
            F.compile()
        for p in case.points:  # JIT compile / load cache for both sides
            F.gradient(p)
            case.ref(p)
        _TAPES[key] = F
    return case, _TAPES[key]


class _GradientSuite:
    """Value + gradient at a new point: numtape tape vs hand-written reference."""

    make_case = None
    compiled = False     # True: F.compile() first
    blas_threads = None  # None: BLAS threads as a user gets them (numtape pins its own sweeps)
    timeout = 600
    warmup_time = 0.2

    def setup(self):
        self.case, self.F = _tape(type(self).make_case, self.compiled)
        if self.blas_threads is not None:
            wl.blas_threads(self.blas_threads)
        self.points = self.case.points
        self.k = 0

    def _next(self):
        self.k = (self.k + 1) % len(self.points)
        return self.points[self.k]

    def time_gradient(self):
        self.F.gradient(self._next())

    def time_reference(self):
        self.case.ref(self._next())

    def track_ratio(self):
        """numtape median / reference median, 7 interleaved repeats of >= 20 ms."""
        (t_nt, t_ref), _ = wl.time_interleaved(
            [self.F.gradient, self.case.ref], self.points, repeats=7
        )
        return t_nt / t_ref

    track_ratio.unit = "ratio"


class ScalarChainGradient(_GradientSuite):
    """W1 recorded from a Python loop over scalars (n = 1e5); target ratio <= 1.2."""

    make_case = staticmethod(wl.case_w1_loop)

    def track_bytes_per_op(self):
        """(F.nbytes + 16 * arena_size) / recorded ops; NaN when the tape has no nbytes."""
        bpo = wl.bytes_per_op(self.F)
        return float("nan") if bpo is None else bpo

    track_bytes_per_op.unit = "bytes/op"


class VectorizedChainGradient(_GradientSuite):
    """W1 written with vectorized NumPy (n = 1e5); target ratio <= 0.8."""

    make_case = staticmethod(wl.case_w1_vec)


class RecurrenceGradient(_GradientSuite):
    """W2 scalar recurrence from a Python loop (T = 1e5); target ratio <= 1.2."""

    make_case = staticmethod(wl.case_w2)


class RegressionGradient(_GradientSuite):
    """W3 normal regression, N = 1e5, K = 20, vectorized; target ratio <= 1.1."""

    make_case = staticmethod(wl.case_w3)


class RegressionGradientOneBlasThread(RegressionGradient):
    """W3 with every BLAS library at one thread, both sides."""

    blas_threads = 1

    def teardown(self):
        wl.blas_threads(2)


class VectorizedChainGradientCompiled(VectorizedChainGradient):
    """W1 vectorized after ``F.compile()`` (fused runs)."""

    compiled = True


class RegressionGradientCompiled(RegressionGradient):
    """W3 after ``F.compile()`` (fused runs)."""

    compiled = True


class ScalarChainGradientCompiled(ScalarChainGradient):
    """W1 loop after ``F.compile()``: one re-rolled loop of a 6-op body."""

    compiled = True


class ScalarChainGradientInterpreted(ScalarChainGradient):
    """W1 loop swept by the interpreter only (the first tier)."""

    compiled = "interpreted"


class ScalarChainGradientRerolled(_GradientSuite):
    """W1 loop after ``F.reroll()`` (the vectorized tape's block ops)."""

    make_case = staticmethod(wl.case_w1_loop)
    compiled = "reroll"

    def track_ops_after_reroll(self):
        return float(len(self.F) - self.F.n_in)

    track_ops_after_reroll.unit = "ops"


class RecurrenceGradientCompiled(RecurrenceGradient):
    """W2 after ``F.compile()``: the recurrence as one compiled loop (carried dependency)."""

    compiled = True


class RecurrenceGradientInterpreted(RecurrenceGradient):
    """W2 swept by the interpreter only."""

    compiled = "interpreted"


class Recording:
    """Recording throughput: MakeTape of the W1 loop at n = 20,000 (~1e5 scalar ops)."""

    timeout = 600
    number = 1
    repeat = (3, 10, 30.0)

    def setup(self):
        self.nt = _numtape()
        self.x0 = np.zeros(RECORD_N)
        self.nt.MakeTape(wl.w1_loop, np.zeros(10))  # warm any JIT used while recording

    def time_make_tape_w1_loop(self):
        self.nt.MakeTape(wl.w1_loop, self.x0)

    def track_ops_per_second(self):
        """Recorded scalar ops per second (median of 5 recordings); target >= 500,000."""
        t, _, F = wl.time_once(lambda: self.nt.MakeTape(wl.w1_loop, self.x0), repeats=5)
        return wl.n_ops(F) / t

    track_ops_per_second.unit = "ops/s"


class RecordingAtScale:
    """The W1 loop recorded at 1e6 scalar ops in a fresh interpreter
    (benchmarks/recording_scale.py): rate, and peak resident bytes per op while recording
    (issue 8 targets at 1e7 ops: >= 700k ops/s, <= 64 B/op)."""

    timeout = 600
    number = 1
    repeat = 1

    def setup(self):
        import recording_scale
        self.result = recording_scale.measure(1_000_000)

    def track_ops_per_second(self):
        return self.result["ops"] / self.result["seconds"]

    track_ops_per_second.unit = "ops/s"

    def track_peak_bytes_per_op(self):
        return self.result["peak_bytes"] / self.result["ops"]

    track_peak_bytes_per_op.unit = "bytes/op"


class DerivedTapesAtScale:
    """Derived tapes at scale, each in a fresh interpreter (benchmarks/at_scale.py): MakeADFun
    and the fit (MakeADFun + L-BFGS-B) of the AR(1) Poisson model at 1e5 latent states (issue 22
    targets: <= 1 s, fit <= 2.5 s), and the first hvp of a 1e7-element vectorized tape (<= 3 s,
    <= 1.5 GB peak)."""

    timeout = 900
    number = 1
    repeat = 1

    def setup(self):
        import at_scale
        self.adfun = at_scale.fresh("makeadfun", 100_000)
        self.hvp = at_scale.fresh("hvp", 10_000_000)

    def track_makeadfun_seconds(self):
        return self.adfun["setup"]

    track_makeadfun_seconds.unit = "s"

    def track_fit_seconds(self):
        return self.adfun["fit"]

    track_fit_seconds.unit = "s"

    def track_first_hvp_seconds(self):
        return self.hvp["seconds"]

    track_first_hvp_seconds.unit = "s"

    def track_first_hvp_peak_gb(self):
        return self.hvp["peak_gb"]

    track_first_hvp_peak_gb.unit = "GB"


_SPARSE = {}


def _sparse_tape(make_case):
    """(case, F, J = F.jacfun(sparse=True)), built once per process and warmed up."""
    nt = _numtape()
    case = _case(make_case)
    if make_case not in _SPARSE:
        F = nt.MakeTape(case.f, case.x0)
        J = F.jacfun(sparse=True)
        for p in case.points:
            J(p)
            case.ref(p)
        _SPARSE[make_case] = (F, J)
    return (case, *_SPARSE[make_case])


class _SparseJacobianSuite:
    """Sparse Jacobian (csr) of the banded residual at a new point: ``J(x)`` against the hand
    assembly; target ratio <= 2.0."""

    make_case = None
    timeout = 600
    warmup_time = 0.2

    def setup(self):
        self.case, self.F, self.J = _sparse_tape(type(self).make_case)
        self.points = self.case.points
        self.k = 0

    def _next(self):
        self.k = (self.k + 1) % len(self.points)
        return self.points[self.k]

    def time_sparse_jacobian(self):
        self.J(self._next())

    def time_reference(self):
        self.case.ref(self._next())

    def track_ratio(self):
        """numtape median / reference median, 7 interleaved repeats of >= 20 ms."""
        (t_nt, t_ref), _ = wl.time_interleaved([self.J, self.case.ref], self.points, repeats=7)
        return t_nt / t_ref

    track_ratio.unit = "ratio"


class SparseJacobian1e4(_SparseJacobianSuite):
    """Banded residual, n = 1e4, vectorized; also the one-off ``F.jacfun(sparse=True)``."""

    make_case = staticmethod(wl.case_band_1e4)

    def time_jacfun_sparse_construction(self):
        """Pattern, coloring and the derivative tape's recording, from the tape F."""
        self.F.jacfun(sparse=True)


class SparseJacobian1e5(_SparseJacobianSuite):
    """Banded residual, n = 1e5, vectorized (the full size)."""

    make_case = staticmethod(wl.case_band_1e5)


class HessianVectorProduct:
    """``F.hvp(x, v)`` of the vectorized chain objective, n = 1e5, at new (x, v) pairs (the
    gradient tape built in setup) against an analytic Numba H(x) v; target ratio <= 1.5."""

    make_case = staticmethod(wl.case_hvp_vec)
    compiled = False

    timeout = 600
    warmup_time = 0.2

    def setup(self):
        nt = _numtape()
        self.case = _case(self.make_case)
        key = (self.make_case, self.compiled)
        if key not in _TAPES:
            F = nt.MakeTape(self.case.f, self.case.x0)
            if self.compiled:
                F.compile()
            for x, v in self.case.points:  # builds the gradient tape, compiles both sides
                F.hvp(x, v)
                self.case.ref(x, v)
            _TAPES[key] = F
        self.F = _TAPES[key]
        self.points = self.case.points
        self.k = 0

    def _next(self):
        self.k = (self.k + 1) % len(self.points)
        return self.points[self.k]

    def time_hvp(self):
        self.F.hvp(*self._next())

    def time_reference(self):
        self.case.ref(*self._next())

    def track_ratio(self):
        """numtape median / reference median, 7 interleaved repeats of >= 20 ms."""
        (t_nt, t_ref), _ = wl.time_interleaved(
            [lambda p: self.F.hvp(*p), lambda p: self.case.ref(*p)], self.points, repeats=7
        )
        return t_nt / t_ref

    track_ratio.unit = "ratio"


class HessianVectorProductCompiled(HessianVectorProduct):
    """The chain objective's hvp after ``F.compile()`` (its gradient tape's runs fused)."""

    compiled = True


class LoopHessianVectorProduct(HessianVectorProduct):
    """``F.hvp(x, v)`` of the chain objective written as a Python loop over scalars, n = 1e4,
    with defaults: its gradient tape is recorded from the re-rolled tape (target <= 1.5)."""

    make_case = staticmethod(wl.case_hvp_loop)

    def time_first_hvp(self):
        """A fresh tape's first hvp: the gradient tape's recording (re-rolled) and sweeps."""
        F = _numtape().MakeTape(self.case.f, self.case.x0)
        F.hvp(*self._next())


class RosenbrockHessianVectorProduct(HessianVectorProduct):
    """``F.hvp(x, v)`` of the Rosenbrock function, n = 1e5, against SciPy's hand-written
    ``scipy.optimize.rosen_hess_prod`` (issue 11's target ratio <= 1.0)."""

    make_case = staticmethod(wl.case_hvp_rosen)


class RosenbrockHessianVectorProductCompiled(RosenbrockHessianVectorProduct):
    """The Rosenbrock hvp after ``F.compile()``."""

    compiled = True


class LaplaceAR1:
    """The Laplace approximation of the Poisson AR(1) model (examples/ar1_poisson.py,
    benchmarks/laplace_ar1.py): one warm outer ``fn`` + ``gr`` at a new point, and its ratio to
    one value + gradient of the joint tape measured in the same process."""

    params = [1000, 10_000]
    param_names = ["latent_states"]
    timeout = 300

    def setup(self, n):
        _numtape()
        sys.path.insert(0, os.path.join(_ROOT, "examples"))
        import ar1_poisson
        key = ("ar1", n)
        if key not in _TAPES:
            _TAPES[key] = ar1_poisson.make_objective(ar1_poisson.simulate(n))
        self.obj = _TAPES[key]
        self.theta = np.array([1.0, -0.7, 1.0])
        self.step = 0
        self.obj.fn(self.theta), self.obj.gr(self.theta)

    def _outer(self):
        self.step += 1
        p = self.theta + 1e-3 * np.sin(self.step * np.arange(1, 4))
        self.obj.fn(p), self.obj.gr(p)

    def time_outer_fn_gr(self, n):
        self._outer()

    def track_outer_over_joint_ratio(self, n):
        import time
        z = self.obj.z(self.theta)
        outer, joint = [], []
        for _ in range(7):
            t = time.perf_counter()
            self._outer()
            outer.append(time.perf_counter() - t)
            t = time.perf_counter()
            self.obj.joint.gradient(z)
            joint.append(time.perf_counter() - t)
        return float(np.median(outer) / np.median(joint))

    track_outer_over_joint_ratio.unit = "ratio"
