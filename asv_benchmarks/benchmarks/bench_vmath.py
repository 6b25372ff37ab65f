"""asv suite: numtape's vectorizable transcendentals (numtape/kernels/vmath.py) against libm.

For each function of ``benchmarks/vmath.py`` (exp, log, expm1, log1p, sin, cos, their near forms
that the kernels' block loops call, tanh, expit, log_expit), a Numba loop ``y[i] = f(x[i])``
over 1e5 elements calling vmath's function and one calling the C library's; ``track_ratio`` is
vmath's time over libm's, measured side by side in one process (7 interleaved repeats,
medians), which is robust to the machine's speed.  W1 vectorized and W2
in bench_core.py show what the ops using them gain.

Run: ``cd asv_benchmarks && asv run --quick --python=same``.
"""

import os
import statistics
import sys
import timeit

import numpy as np

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "benchmarks"), _ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

N = 100_000


class VmathLoop:
    """vmath's function against libm's in a compiled loop of N elements."""

    params = ["exp", "log", "expm1", "log1p", "sin", "cos", "sin-near", "cos-near", "tanh",
              "expit", "log_expit"]
    param_names = ["function"]
    timeout = 300

    def setup(self, name):
        try:
            import vmath as bench
        except Exception as exc:   # asv reports NotImplementedError in setup as "skipped"
            raise NotImplementedError(f"benchmarks/vmath.py not importable: {exc}") from exc
        m_scalar, v_scalar, _, _, sample = bench.FUNCTIONS[name]
        self.libm, _ = bench._loops(m_scalar)
        self.vmath, _ = bench._loops(v_scalar)
        self.x = sample(np.random.default_rng(0), N)
        self.y = np.empty(N)
        self.libm(self.x, self.y)
        self.vmath(self.x, self.y)

    def time_vmath(self, name):
        self.vmath(self.x, self.y)

    def time_libm(self, name):
        self.libm(self.x, self.y)

    def track_ratio(self, name):
        """vmath median / libm median, 7 interleaved repeats of 20 calls."""
        tv, tm = [], []
        for _ in range(7):
            tv.append(timeit.timeit(lambda: self.vmath(self.x, self.y), number=20))
            tm.append(timeit.timeit(lambda: self.libm(self.x, self.y), number=20))
        return statistics.median(tv) / statistics.median(tm)

    track_ratio.unit = "ratio"
