"""asv suite: numtape's vectorizable transcendentals and its mixed models against glmmTMB.

``VmathLoops`` tracks ns per element of a Numba loop calling numtape's ``vexp``/``vlog``
(``numtape/kernels/vmath.py``) and the libm loop beside it, at n = 1e4 (``benchmarks/vmath.py``
prints the full table).  ``GlmmAgainstGlmmTMB`` tracks the ratio of a warm ``nt.glmm`` fit
(sdreport included) to glmmTMB's own fit of the same model, both timed by
``benchmarks/glmm_vs_glmmtmb.py`` in one run (skipped where R and glmmTMB are not installed).
``LaplaceEvaluationStretches`` tracks what stretches save a Laplace fit's evaluations
(``benchmarks/stretches.py``).

Run: ``cd asv_benchmarks && asv run --python=same --quick``.
"""
import os
import shutil
import sys

import numpy as np

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(_ROOT, "benchmarks"), _ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)


class VmathLoops:
    """ns per element of ``y[i] = f(x[i])`` at n = 1e4, vmath against libm."""

    params = ["exp", "log", "expm1", "log1p"]
    param_names = ["function"]
    timeout = 300

    def setup(self, name):
        import vmath as bench
        m_scalar, v_scalar, _, _, sample = bench.FUNCTIONS[name]
        self.m_loop, _ = bench._loops(m_scalar)
        self.v_loop, _ = bench._loops(v_scalar)
        self.x = sample(np.random.default_rng(0), 10_000)
        self.y = np.empty_like(self.x)
        self.m_loop(self.x, self.y)
        self.v_loop(self.x, self.y)
        self.bench = bench

    def track_vmath_ns(self, name):
        return self.bench._ns(self.x.size, self.v_loop, self.x, self.y)

    track_vmath_ns.unit = "ns/element"

    def track_libm_ns(self, name):
        return self.bench._ns(self.x.size, self.m_loop, self.x, self.y)

    track_libm_ns.unit = "ns/element"


class GlmmAgainstGlmmTMB:
    """Warm fit time of nt.glmm / glmmTMB's on classic and newer-family examples (the four
    still above issue 22's 0.5 among them: Owls and Salamanders zero-inflated, hurdle,
    tweedie)."""

    params = ["sal_nbinom2", "sleep_us", "owls_nbinom1", "owls_nbinom1_zi", "sal_zinbinom2",
              "sal_hurdle_poisson", "tweedie_sim"]
    param_names = ["model"]
    timeout = 900
    number = 1
    repeat = 1

    def setup(self, model):
        if shutil.which("Rscript") is None:
            raise NotImplementedError("R (Rscript) with glmmTMB is not installed")
        import glmm_vs_glmmtmb as g
        ref = g.glmmtmb_times([model], 5)
        if model not in ref:
            raise NotImplementedError("glmmTMB did not run")
        self.ratio = g.numtape_times([model], 5)[model][0] / ref[model][0]

    def track_ratio(self, model):
        return self.ratio

    track_ratio.unit = "numtape / glmmTMB"


class LaplaceEvaluationStretches:
    """A Laplace fit's outer evaluation and inner sweep with stretches (consecutive jitted
    segments in one call, numtape/tape/native.py) over segment by segment, as
    ``benchmarks/stretches.py`` measures them (interleaved, one process)."""

    params = ["owls_nbinom1_zi", "sal_zinbinom2"]
    param_names = ["model"]
    timeout = 600

    def setup_cache(self):
        import stretches
        return {m: stretches.measure(m, repeats=5) for m in self.params}

    def track_evaluation_ratio(self, results, model):
        _, ev, _ = results[model]
        return ev[True] / ev[False]

    track_evaluation_ratio.unit = "stretches / one by one"

    def track_inner_sweep_ratio(self, results, model):
        sw, _, _ = results[model]
        return sw[True] / sw[False]

    track_inner_sweep_ratio.unit = "stretches / one by one"
