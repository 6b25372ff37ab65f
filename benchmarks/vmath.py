"""numtape/kernels/vmath.py against the C library and NumPy, in ns per element.

For each function (exp, log, expm1, log1p, sin, cos, tanh, expit, log_expit; sin-near,
cos-near: the forms the kernels' block loops call below |x| = 2**20; sin-large: sin of |x| up
to 1e300)
and block size n = 1e2 ... 1e6, in one process:

* ``libm``:  a Numba loop ``y[i] = math.exp(x[i])`` (a call per element, not vectorized; expit
  and log_expit: their formulas over ``math.exp`` and ``math.log1p``, a branch on the sign);
* ``vmath``: the same loop calling ``vexp`` (vectorized by LLVM);
* ``numpy``: ``np.exp(x, out=y)`` (NumPy's own SIMD loops where it has them);
* ``numpy twin``: ``np_vexp(x)``, vmath's formula in NumPy array operations (same bits);

and the fused shape of numtape's sweeps, ``y[i] = exp(a[i] * x[i] + b[i]) * c[i]``, as a Numba
loop with ``math.exp`` and with ``vexp``, and as the NumPy expression ``np.exp(a * x + b) * c``.

Medians of 9 repeats, each timing a number of calls sized to cover about 2e6 elements.  The
loops are compiled like numtape's (``error_model="numpy"``, no fastmath) for the host CPU; run
with ``NUMBA_CPU_NAME=haswell`` to see AVX2 code on an AVX-512 machine.

Each timing calls a loop on the same array again and again: up to n = 1e4 or so the CPU's
branch predictor learns the C library's branches on the argument (sin and cos take a path by
|x|), so its small-n times are better than on new data; the vmath loops have no such branches
(but vtanh's, between its two formulas, which a vectorized loop turns into a select).

Run: ``python benchmarks/vmath.py [exp log ... tanh expit log_expit sin-near cos-near sin-large]``.
"""
import functools
import math
import sys
import timeit

import numba
from llvmlite import binding as llvm
import numpy as np
import scipy.special as sc

from numtape.kernels import vmath

SIZES = [100, 1_000, 10_000, 100_000, 1_000_000]
REPEATS = 9
ELEMENTS = 2_000_000
jit = numba.njit(error_model="numpy", nogil=True)


def _loops(scalar):
    """(plain loop, fused loop) of a scalar function, compiled."""
    @jit
    def loop(x, y):
        for i in range(x.shape[0]):
            y[i] = scalar(x[i])

    @jit
    def fused(a, x, b, c, y):
        for i in range(x.shape[0]):
            y[i] = scalar(a[i] * x[i] + b[i]) * c[i]
    return loop, fused


@jit
def _m_exp(x):
    return math.exp(x)


@jit
def _m_log(x):
    return math.log(x)


@jit
def _m_expm1(x):
    return math.expm1(x)


@jit
def _m_log1p(x):
    return math.log1p(x)


@jit
def _m_sin(x):
    return math.sin(x)


@jit
def _m_cos(x):
    return math.cos(x)


@jit
def _m_tanh(x):
    return math.tanh(x)


@jit
def _m_expit(x):
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@jit
def _m_log_expit(x):
    if x >= 0.0:
        return -math.log1p(math.exp(-x))
    return x - math.log1p(math.exp(x))


# name: (libm scalar, vmath scalar, numpy ufunc, numpy twin, argument sampler)
FUNCTIONS = {
    "exp": (_m_exp, vmath.vexp, np.exp, vmath.np_vexp,
            lambda rng, n: rng.uniform(-30.0, 30.0, n)),
    "log": (_m_log, vmath.vlog, np.log, vmath.np_vlog,
            lambda rng, n: np.exp(rng.uniform(-30.0, 30.0, n))),
    "expm1": (_m_expm1, vmath.vexpm1, np.expm1, vmath.np_vexpm1,
              lambda rng, n: rng.uniform(-30.0, 30.0, n)),
    "log1p": (_m_log1p, vmath.vlog1p, np.log1p, vmath.np_vlog1p,
              lambda rng, n: np.exp(rng.uniform(-30.0, 30.0, n))),
    "sin": (_m_sin, vmath.vsin, np.sin, vmath.np_vsin,
            lambda rng, n: rng.uniform(-10.0, 10.0, n)),
    "cos": (_m_cos, vmath.vcos, np.cos, vmath.np_vcos,
            lambda rng, n: rng.uniform(-10.0, 10.0, n)),
    "tanh": (_m_tanh, vmath.vtanh, np.tanh, vmath.np_vtanh,
             lambda rng, n: rng.uniform(-3.0, 3.0, n)),
    "expit": (_m_expit, vmath.vexpit, sc.expit, vmath.np_vexpit,
              lambda rng, n: rng.uniform(-30.0, 30.0, n)),
    "log_expit": (_m_log_expit, vmath.vlog_expit, sc.log_expit, vmath.np_vlog_expit,
                  lambda rng, n: rng.uniform(-30.0, 30.0, n)),
    # vsin_near/vcos_near: what numtape's loops over blocks call once every argument passed
    # vmath.near (|x| < 2**20; that check, an and-reduction over the block, is not timed here);
    # the plain "sin"/"cos" rows' vmath loop computes both reductions and selects
    "sin-near": (_m_sin, vmath.vsin_near, np.sin, vmath.np_vsin,
                 lambda rng, n: rng.uniform(-10.0, 10.0, n)),
    "cos-near": (_m_cos, vmath.vcos_near, np.cos, vmath.np_vcos,
                 lambda rng, n: rng.uniform(-10.0, 10.0, n)),
    # |x| log-uniform up to 1e300: the C library's slow reduction; vsin's costs the same
    "sin-large": (_m_sin, vmath.vsin, np.sin, vmath.np_vsin,
                  lambda rng, n: rng.choice([-1.0, 1.0], n) * 10.0 ** rng.uniform(0.0, 300.0, n)),
}


def _ns(n, fn, *args, **kwargs):
    number = max(1, ELEMENTS // n)
    times = timeit.Timer(functools.partial(fn, *args, **kwargs)).repeat(repeat=REPEATS,
                                                                         number=number)
    return float(np.median(times)) / number / n * 1e9


def _numpy_fused(ufunc, a, x, b, c):
    return ufunc(a * x + b) * c


def run(name):
    m_scalar, v_scalar, ufunc, twin, sample = FUNCTIONS[name]
    m_loop, m_fused = _loops(m_scalar)
    v_loop, v_fused = _loops(v_scalar)
    rng = np.random.default_rng(0)
    cols = ["libm", "vmath", "numpy", "np twin", "fused libm", "fused vmath", "fused numpy"]
    print(f"\n{name}: ns/element, median of {REPEATS}")
    print(f"{'n':>9}" + "".join(f"{c:>13}" for c in cols))
    for n in SIZES:
        x = sample(rng, n)
        # the fused loop's argument a * x + b stays in the sampler's range
        a, b, c = rng.uniform(0.5, 1.0, n), rng.uniform(-0.1, 0.1, n), rng.uniform(0.5, 2.0, n)
        xf = x if name not in ("log", "log1p") else x + 0.2
        y = np.empty(n)
        for f in (m_loop, v_loop):
            f(x[:2], y[:2])
        for f in (m_fused, v_fused):
            f(a[:2], xf[:2], b[:2], c[:2], y[:2])
        row = [
            _ns(n, m_loop, x, y),
            _ns(n, v_loop, x, y),
            _ns(n, ufunc, x, out=y),
            _ns(n, twin, x),
            _ns(n, m_fused, a, xf, b, c, y),
            _ns(n, v_fused, a, xf, b, c, y),
            _ns(n, _numpy_fused, ufunc, a, xf, b, c),
        ]
        print(f"{n:>9}" + "".join(f"{t:>13.2f}" for t in row), flush=True)


def main(argv):
    print(f"numba {numba.__version__}, numpy {np.__version__}, "
          f"cpu {numba.config.CPU_NAME or llvm.get_host_cpu_name()}")
    for name in argv or list(FUNCTIONS):
        run(name)


if __name__ == "__main__":
    main(sys.argv[1:])
