"""numtape/kernels/vmath.py against mpmath at 50 digits, over each function's whole domain.

One table row per function: its bound in ulps, the samplers of its arguments (random over the
exponent range, dense near the delicate points: 0, 1, the range-reduction boundaries, the
overflow and underflow thresholds, subnormals) and its exact special values.  The error of a
result y for the exact value v is |y - v| / ulp(v), with ulp(v) the spacing of float64 at v
(2**-1074 among subnormals); a result past the largest float64 must be inf.  Besides, the
NumPy twin and the plain-Python run give the same bits as the compiled function, and a loop
calling the function compiles to SIMD code.
"""
import math

import mpmath
import numba
import numpy as np
import pytest

from numtape.kernels import vmath
from numtape.ops import OPS

OPS_CODE = {spec.name: spec.code for spec in OPS}

MAX = np.finfo(np.float64).max
TINY = 5e-324
MIN_NORMAL = 2.2250738585072014e-308
LN2 = math.log(2.0)


def _around(centers, rng, n, rel=1e-12, ulps=64):
    """N points at and around each center: its ulps-neighbours, then relative offsets."""
    out = []
    for c in np.atleast_1d(centers):
        steps = np.arange(-ulps, ulps + 1)
        out.append(c + steps * np.spacing(c))
        out.append(c * (1 + rng.uniform(-rel, rel, n)))
    return np.concatenate(out)


def _log_uniform(rng, n, lo, hi, sign=1.0):
    """N points with log10 |x| uniform in [lo, hi]."""
    return sign * 10.0 ** rng.uniform(lo, hi, n)


def _positive_finite(rng, n):
    """N positive finite float64, uniform over bit patterns (every binade alike)."""
    return rng.integers(1, 0x7FF0000000000000, n).view(np.float64)


def exp_points(rng):
    return np.concatenate([
        rng.uniform(-746.0, 710.0, 40_000),
        rng.uniform(-1.0, 1.0, 10_000),
        _log_uniform(rng, 3_000, -20, 0), _log_uniform(rng, 3_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20), _log_uniform(rng, 500, -323, -20, -1.0),
        # boundaries of the range reduction: odd multiples of ln2/2
        (2 * rng.integers(-1076, 1024, 3_000) + 1) * (LN2 / 2)
        * (1 + rng.uniform(-1e-15, 1e-15, 3_000)),
        # overflow; the smallest normal result; the smallest subnormal; rounding to 0
        _around([709.782712893384, -708.3964185322641, -744.4400719213812, -745.1332191019411],
                rng, 2_000),
        rng.uniform(-745.2, -708.3, 5_000),                       # subnormal results
        [0.0, -0.0, TINY, -TINY, MIN_NORMAL, -MIN_NORMAL, 1.0, -1.0],
    ])


def log_points(rng):
    one = 1.0 + np.concatenate([_log_uniform(rng, 5_000, -16, -1),
                                _log_uniform(rng, 5_000, -16, -1, -1.0)])
    return np.concatenate([
        _positive_finite(rng, 40_000),
        np.exp(rng.uniform(-5.0, 5.0, 10_000)),
        one, _around([1.0], rng, 2_000, rel=1e-9, ulps=200),
        # range reduction boundaries sqrt(1/2) 2**k, and powers of two
        _around(math.sqrt(0.5) * 2.0 ** rng.integers(-1021, 1024, 40), rng, 50),
        _around(2.0 ** rng.integers(-1021, 1024, 40).astype(float), rng, 50),
        rng.integers(1, 0x0010000000000000, 5_000).view(np.float64),   # subnormals
        [TINY, MIN_NORMAL, MAX, 0.5, 2.0, math.e, 10.0],
    ])


def expm1_points(rng):
    return np.concatenate([
        rng.uniform(-45.0, 710.0, 20_000),
        rng.uniform(-45.0, 45.0, 20_000),
        rng.uniform(-1.0, 1.0, 10_000),
        _log_uniform(rng, 3_000, -20, 0), _log_uniform(rng, 3_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20), _log_uniform(rng, 500, -323, -20, -1.0),
        (2 * rng.integers(-60, 1024, 3_000) + 1) * (LN2 / 2)
        * (1 + rng.uniform(-1e-15, 1e-15, 3_000)),
        # 2**-54 (the result is x below); the overflow; rounding to -1
        _around([2.0**-54, -(2.0**-54), 709.782712893384, -37.42994775023705], rng, 2_000),
        [0.0, -0.0, TINY, -TINY, MIN_NORMAL, 1.0, -1.0, LN2 / 2, -LN2 / 2],
    ])


def log1p_points(rng):
    return np.concatenate([
        _positive_finite(rng, 20_000),
        -1.0 + _log_uniform(rng, 5_000, -16, -0.3),              # near -1
        rng.uniform(-1.0, 1.0, 10_000), rng.uniform(-1.0, 3.0, 10_000),
        _log_uniform(rng, 5_000, -20, 0), _log_uniform(rng, 5_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20), _log_uniform(rng, 500, -323, -20, -1.0),
        # 1 + x at the range reduction boundaries, x at 2**-54 and at 2**53 (1 + x inexact)
        _around(math.sqrt(0.5) * 2.0 ** np.arange(-1, 60) - 1.0, rng, 20),
        _around([2.0**-54, -(2.0**-54), 2.0**53, 2.0**60], rng, 2_000),
        [0.0, -0.0, TINY, -TINY, -0.5, 1.0, MAX, -1.0 + 2.0**-53],
    ])


def _near_multiples_of_pio2(exponents):
    """Float64 x = M 2**E (M < 2**53) closest to multiples of pi/2, for each exponent E.

    The continued fraction of frac(2**E 2/pi) gives the M (its convergents' denominators) for
    which M 2**E 2/pi is nearest an integer: the hard cases of the range reduction.
    """
    out = []
    with mpmath.workprec(1400):
        two_over_pi = 2 / mpmath.pi
        for e in exponents:
            alpha = mpmath.frac(two_over_pi * mpmath.ldexp(1, int(e)))
            p0, q0, p1, q1 = 0, 1, 1, 0
            a = alpha
            for _ in range(80):
                k = int(mpmath.floor(a))
                p0, q0, p1, q1 = p1, q1, k * p1 + p0, k * q1 + q0
                if q1 >= 2**53:
                    break
                if q1 > 0:
                    out.append(math.ldexp(float(q1), int(e)))
                if a == k:
                    break
                a = 1 / (a - k)
    return np.array([x for x in out if 0 < x <= MAX])


def trig_points(rng):
    k = rng.integers(1, 2**20, 300).astype(float)
    return np.concatenate([
        rng.uniform(-10.0, 10.0, 20_000),
        rng.uniform(-1e6, 1e6, 5_000),
        _positive_finite(rng, 15_000), -_positive_finite(rng, 5_000),
        _log_uniform(rng, 3_000, -20, 0), _log_uniform(rng, 3_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20),
        # multiples of pi/2 (and their neighbours): where sin or cos cancels to 0
        _around(np.arange(1, 200) * (math.pi / 2), rng, 4, ulps=4),
        _around(k * (math.pi / 2), rng, 2, ulps=4),
        # the hard cases near large multiples of pi/2, some of every binade from 2**-5 up
        _near_multiples_of_pio2(np.arange(-57, 972, 3)),
        _near_multiples_of_pio2(rng.integers(-57, 972, 60)),
        [6381956970095103 * 2.0**797],       # the closest to a multiple of pi/2 of all float64
        # the edges of the reduction: pi/4, 1/2, 2**-26 (the result rounds to x below),
        # TRIG_NEAR (Cody-Waite's below, Payne-Hanek's above)
        _around([math.pi / 4, 0.5, 2.0**-26, 2.0**20, 2.0**30, 2.0**54], rng, 200),
        [0.0, -0.0, TINY, -TINY, MIN_NORMAL, MAX, -MAX, 1.0, -1.0, math.pi, 1e22, 1e300],
    ])


def tanh_points(rng):
    return np.concatenate([
        rng.uniform(-1.0, 1.0, 20_000), rng.uniform(-25.0, 25.0, 10_000),
        rng.uniform(0.3, 0.625, 20_000), rng.uniform(0.625, 2.0, 20_000),
        _log_uniform(rng, 3_000, -20, 0), _log_uniform(rng, 3_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20), _log_uniform(rng, 500, 0, 308),
        # the switch between the two formulas; the cap of expm1's argument; rounding to 1
        _around([0.625, -0.625, 22.0, 19.06154746539849], rng, 2_000),
        [0.0, -0.0, TINY, -TINY, MIN_NORMAL, MAX, -MAX, 1.0, -1.0],
    ])


def expit_points(rng):
    return np.concatenate([
        rng.uniform(-40.0, 40.0, 20_000), rng.uniform(-1.0, 1.0, 10_000),
        rng.uniform(-750.0, 750.0, 10_000),
        _log_uniform(rng, 3_000, -20, 0), _log_uniform(rng, 3_000, -20, 0, -1.0),
        _log_uniform(rng, 500, -323, -20), _log_uniform(rng, 500, -323, -20, -1.0),
        _log_uniform(rng, 500, 0, 308), _log_uniform(rng, 500, 0, 308, -1.0),
        # the upper tail's rounding to 1 (expit) and to -0 (log_expit); the smallest normal
        # and subnormal results; the switch at 0
        _around([36.7368005696771, 37.42994775023705, 708.3964185322641, -708.3964185322641,
                 -744.4400719213812, -745.1332191019411], rng, 2_000),
        rng.uniform(-745.2, -708.3, 5_000),                       # subnormal results
        [0.0, -0.0, TINY, -TINY, MIN_NORMAL, -MIN_NORMAL, 1.0, -1.0, MAX, -MAX],
    ])


# name: (compiled, NumPy twin, mpmath reference, bounds in ulps (normal results, subnormal
#        results), argument sampler, exact special values)
CASES = {
    "vexp": (vmath.vexp, vmath.np_vexp, mpmath.exp, (0.63, 0.77), exp_points, [
        (0.0, 1.0), (-0.0, 1.0), (math.inf, math.inf), (-math.inf, 0.0), (math.nan, math.nan),
        (709.79, math.inf), (710.0, math.inf), (1e300, math.inf), (MAX, math.inf),
        (-745.14, 0.0), (-746.0, 0.0), (-1e300, 0.0), (-MAX, 0.0), (TINY, 1.0), (-TINY, 1.0),
        (-745.1, TINY)]),
    "vlog": (vmath.vlog, vmath.np_vlog, mpmath.log, (0.56, 0.56), log_points, [
        (1.0, 0.0), (0.0, -math.inf), (-0.0, -math.inf), (math.inf, math.inf),
        (-math.inf, math.nan), (-1.0, math.nan), (-TINY, math.nan), (math.nan, math.nan),
        (MAX, 709.782712893384), (TINY, -744.4400719213812)]),
    "vexpm1": (vmath.vexpm1, vmath.np_vexpm1, mpmath.expm1, (0.61, 0.61), expm1_points, [
        (0.0, 0.0), (-0.0, -0.0), (math.inf, math.inf), (-math.inf, -1.0), (math.nan, math.nan),
        (TINY, TINY), (-TINY, -TINY), (1e-300, 1e-300), (-1e-300, -1e-300), (710.0, math.inf),
        (MAX, math.inf), (-40.0, -1.0), (-1000.0, -1.0), (-MAX, -1.0)]),
    "vlog1p": (vmath.vlog1p, vmath.np_vlog1p, mpmath.log1p, (0.58, 0.58), log1p_points, [
        (0.0, 0.0), (-0.0, -0.0), (-1.0, -math.inf), (math.inf, math.inf),
        (-math.inf, math.nan), (-2.0, math.nan), (-1.0 - 2.0**-52, math.nan),
        (math.nan, math.nan), (TINY, TINY), (-TINY, -TINY), (1e-300, 1e-300),
        (MAX, 709.782712893384)]),
    "vsin": (vmath.vsin, vmath.np_vsin, mpmath.sin, (0.56, 0.56), trig_points, [
        (0.0, 0.0), (-0.0, -0.0), (math.inf, math.nan), (-math.inf, math.nan),
        (math.nan, math.nan), (TINY, TINY), (-TINY, -TINY), (1e-300, 1e-300),
        (-1e-300, -1e-300), (2.0**-27, 2.0**-27), (MIN_NORMAL, MIN_NORMAL)]),
    "vcos": (vmath.vcos, vmath.np_vcos, mpmath.cos, (0.56, 0.56), trig_points, [
        (0.0, 1.0), (-0.0, 1.0), (math.inf, math.nan), (-math.inf, math.nan),
        (math.nan, math.nan), (TINY, 1.0), (-TINY, 1.0), (1e-300, 1.0), (2.0**-27, 1.0)]),
    "vtanh": (vmath.vtanh, vmath.np_vtanh, mpmath.tanh, (0.72, 0.72), tanh_points, [
        (0.0, 0.0), (-0.0, -0.0), (math.inf, 1.0), (-math.inf, -1.0), (math.nan, math.nan),
        (TINY, TINY), (-TINY, -TINY), (1e-300, 1e-300), (MIN_NORMAL, MIN_NORMAL),
        (20.0, 1.0), (-20.0, -1.0), (1e300, 1.0), (-MAX, -1.0)]),
    "vexpit": (vmath.vexpit, vmath.np_vexpit, lambda x: 1 / (1 + mpmath.exp(-x)), (1.47, 0.75),
               expit_points, [
        (0.0, 0.5), (-0.0, 0.5), (math.inf, 1.0), (-math.inf, 0.0), (math.nan, math.nan),
        (40.0, 1.0), (MAX, 1.0), (-800.0, 0.0), (-MAX, 0.0), (-745.1, TINY),
        (TINY, 0.5), (-TINY, 0.5)]),
    "vlog_expit": (vmath.vlog_expit, vmath.np_vlog_expit, lambda x: -mpmath.log1p(mpmath.exp(-x)),
                   (1.14, 0.66), expit_points, [
        (0.0, -LN2), (-0.0, -LN2), (math.inf, -0.0), (-math.inf, -math.inf),
        (math.nan, math.nan), (800.0, -0.0), (MAX, -0.0), (-MAX, -MAX), (-1e300, -1e300),
        (-800.0, -800.0), (745.1, -TINY)]),
}


_LOOPS = {}


def _loop(f):
    """``for i in range(n): y[i] = f(x[i])``, compiled (f inlined: a global of the loop)."""
    if f not in _LOOPS:
        @numba.njit
        def loop(x, y):
            for i in range(x.shape[0]):
                y[i] = f(x[i])
        _LOOPS[f] = loop
    return _LOOPS[f]


def _compiled(f, x):
    x = np.ascontiguousarray(x, dtype=np.float64)
    y = np.empty_like(x)
    _loop(f)(x, y)
    return y


def _ulp_errors(reference, x, y):
    """|y - v| / ulp(v) for each argument x and result y, v the exact value (50 digits)."""
    out = np.empty(len(x))
    big = mpmath.mpf(MAX) + mpmath.ldexp(1, 970)     # at and beyond: rounds to inf
    with mpmath.workdps(50):
        for i, (xi, yi) in enumerate(zip(x.tolist(), y.tolist())):
            v = reference(mpmath.mpf(xi))
            if abs(v) >= big:
                out[i] = 0.0 if yi == math.copysign(math.inf, v) else math.inf
                continue
            if math.isinf(yi) or math.isnan(yi):
                out[i] = math.inf
                continue
            _, e = mpmath.frexp(v) if v != 0 else (0, -2000)
            ulp = mpmath.ldexp(1, max(e - 53, -1074))
            out[i] = float(abs(mpmath.mpf(yi) - v) / ulp)
    return out


@pytest.mark.parametrize("name", CASES)
def test_accuracy_against_mpmath(name):
    f, _, reference, bound, sample, _ = CASES[name]
    x = sample(np.random.default_rng(2024))
    y = _compiled(f, x)
    err = _ulp_errors(reference, x, y)
    subnormal = np.abs(y) < MIN_NORMAL
    for region, b in zip((~subnormal, subnormal), bound):
        worst = int(np.argmax(np.where(region, err, -1.0)))
        assert err[worst] <= b, (name, x[worst], y[worst], err[worst])


@pytest.mark.parametrize("name", CASES)
def test_special_values(name):
    f, twin, _, _, _, specials = CASES[name]
    x = np.array([a for a, _ in specials])
    want = np.array([b for _, b in specials])
    for got in (_compiled(f, x), twin(x), np.array([f.py_func(a) for a in x.tolist()])):
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        assert same.all(), list(zip(x[~same], got[~same], want[~same]))
        assert (np.signbit(got) == np.signbit(want))[want == 0].all()   # log(1) is +0, ...


@pytest.mark.parametrize("name", CASES)
def test_numpy_and_python_twins_give_the_same_bits(name):
    f, twin, _, _, sample, specials = CASES[name]
    rng = np.random.default_rng(7)
    x = np.concatenate([sample(rng), [a for a, _ in specials]])
    y = _compiled(f, x)
    np.testing.assert_array_equal(twin(x).view(np.int64)[~np.isnan(y)],
                                  y.view(np.int64)[~np.isnan(y)])
    assert np.isnan(twin(x)[np.isnan(y)]).all()
    some = rng.choice(len(x), 2_000)
    py = np.array([f.py_func(a) for a in x[some].tolist()])
    np.testing.assert_array_equal(py, y[some])


def _loop_ir(name):
    f = CASES[name][0] if name in CASES else getattr(vmath, name)
    _compiled(f, np.ones(4))
    loop = _loop(f)
    ir = loop.inspect_llvm(loop.signatures[0])
    for libm in ("@exp", "@log", "@llvm.exp", "@llvm.log", "@expm1", "@log1p", "@sin", "@cos",
                 "@llvm.sin", "@llvm.cos"):
        assert f"call double {libm}" not in ir and f"call fast double {libm}" not in ir
    return ir


@pytest.mark.parametrize("name", [n for n in CASES if n not in ("vsin", "vcos")]
                         + ["vsin_near", "vcos_near"])
def test_a_loop_calling_it_vectorizes(name):
    assert "x double>" in _loop_ir(name)   # SIMD vectors of float64 (<4 x double> ...)


@pytest.mark.parametrize("name", ["vsin", "vcos"])
def test_the_whole_range_trig_functions_call_their_far_path(name):
    """The whole-range vsin and vcos inline their near path and call Payne-Hanek's (``_sin_far``,
    ``_cos_far``): a kernel's loops over sin check their arguments and call the near forms,
    which vectorize (above); the whole-range forms serve single elements and the rare loops
    with a far argument, and inlining the far path made every kernel slow to compile."""
    ir = _loop_ir(name)
    assert f"_{name[1:]}_far" in ir


def test_the_table_of_two_over_pi():
    """vsin/vcos's 24-bit chunks of 2/pi (after their zero padding) against mpmath."""
    chunks = vmath.TWO_OVER_PI_CHUNKS[vmath.TRIG_PAD:]
    with mpmath.workprec(24 * len(chunks) + 64):
        bits = int(mpmath.floor(2 / mpmath.pi * mpmath.ldexp(1, 24 * len(chunks))))
    want = [(bits >> (24 * i)) & 0xFFFFFF for i in reversed(range(len(chunks)))]
    assert chunks.tolist() == want
    assert not vmath.TWO_OVER_PI_CHUNKS[:vmath.TRIG_PAD].any()


def test_the_parts_of_pi_over_two():
    """Cody-Waite's pi/2 = PIO2_1 + ... + PIO2_4 (vsin/vcos below TRIG_NEAR): 33 bits in each
    of the first three parts (so n PIO2_k is exact for n < 2**20), the sum within 2**-150."""
    parts = [vmath.PIO2_1, vmath.PIO2_2, vmath.PIO2_3, vmath.PIO2_4]
    for p in parts[:3]:
        m, e = math.frexp(p)
        assert float(int(m * 2**33)) == m * 2**33
    with mpmath.workprec(400):
        err = abs(sum(mpmath.mpf(p) for p in parts) - mpmath.pi / 2)
        assert err < mpmath.ldexp(1, -150)
    assert vmath.TRIG_NEAR * vmath.TWO_OVER_PI < 2**20


def test_sin_and_cos_ops_use_vmath_in_every_sweep_near_and_far():
    """SinOp and CosOp (values and partials): vmath's functions in the interpreters' and the
    fused kernels' sweeps of blocks, with every argument near (the near forms after the range
    check) or one far (the whole-range forms), and for an op of one element."""
    import numtape as nt
    rng = np.random.default_rng(3)
    near = rng.uniform(-100.0, 100.0, 2000)
    libm_s = np.array([math.sin(a) for a in near])
    assert (vmath.np_vsin(near) != libm_s).any()          # the test can tell them apart
    far = near.copy()
    far[[5, 1500]] = [3.0e6, -1.0e300]
    for x in (near, far):
        vs, vc = vmath.np_vsin(x), vmath.np_vcos(x)
        for fused in (False, True):
            # (a sin whose value only a sum in its run reads is a twin: after a fused forward
            # sweep its slot holds its partial; B's values are outputs)
            F = nt.MakeTape(lambda z: np.sum(np.sin(z)) + np.sum(np.cos(z) * 0.5), x)
            B = nt.MakeTape(lambda z: np.concatenate([2.0 * np.sin(z), np.cos(z) * 0.5]), x)
            for T in (F, B):
                T.sweeps.compiled_module()         # not the NumPy tier a short run starts on
                assert not fused or T.compile() >= 1
            np.testing.assert_array_equal(B(x), np.concatenate([2.0 * vs, 0.5 * vc]))
            np.testing.assert_array_equal(F.gradient(x), vc - 0.5 * vs)
            v = np.cos(x)
            np.testing.assert_allclose(F.jvp(x, v), np.sum(vc * v) - np.sum(0.5 * vs * v),
                                       rtol=1e-14)   # the sums' order is SumOp's
    G = nt.MakeTape(lambda z: np.sin(z[0]) + np.cos(z[1]), np.zeros(2))
    G.sweeps.compiled_module()
    pairs = list(zip(near[:200:2], near[1:200:2])) + [(3.0e6, -1.0e300), (2.0**20, -2.0**20)]
    for a, b in pairs:
        s, c = vmath.np_vsin([a, b]), vmath.np_vcos([a, b])
        assert G([a, b]) == s[0] + c[1]
        np.testing.assert_array_equal(G.gradient([a, b]), [c[0], -s[1]])


@pytest.mark.parametrize("name", ["vsin", "vcos"])
def test_the_near_forms_are_the_whole_range_functions_below_trig_near(name):
    """vsin_near/vcos_near (the loops over blocks whose arguments pass ``near``) give vsin's and
    vcos's bits on |x| < TRIG_NEAR, compiled in a vectorized loop; ``near`` is false at and
    beyond, and for inf and NaN."""
    f, twin, _, _, sample, _ = CASES[name]
    near_f = {"vsin": vmath.vsin_near, "vcos": vmath.vcos_near}[name]
    x = sample(np.random.default_rng(5))
    x = np.concatenate([x, _around([vmath.TRIG_NEAR * 0.999999, 1e6], np.random.default_rng(6),
                                   500)])
    x = x[np.abs(x) < vmath.TRIG_NEAR]
    assert x.size > 40_000 and np.abs(x).max() > 1e6
    np.testing.assert_array_equal(_compiled(near_f, x), twin(x))
    edge = np.array([vmath.TRIG_NEAR, -vmath.TRIG_NEAR, np.nextafter(vmath.TRIG_NEAR, 0),
                     math.inf, math.nan])
    assert [bool(vmath.near.py_func(a)) for a in edge] == [False, False, True, False, False]



def test_tanh_op_uses_vtanh_on_blocks_and_single_elements():
    """TanhOp's values are vtanh's in every compiled sweep: block loops, fused runs, scalar ops
    (a recurrence recorded from a Python loop) and their re-rolled loops alike."""
    import numtape as nt
    x = np.random.default_rng(4).uniform(-3.0, 3.0, 300)
    libm = np.array([math.tanh(a) for a in x])
    want = vmath.np_vtanh(x)
    assert (want != libm).any()                             # the test can tell them apart
    for compile_ in (False, True):
        F = nt.MakeTape(lambda z: np.tanh(z) * 2.0, x)
        F.sweeps.compiled_module()
        if compile_:
            assert F.compile() >= 1
        np.testing.assert_array_equal(F(x), 2.0 * want)

    def scalar_chain(z):
        return [np.tanh(z[i]) for i in range(len(z))]
    G = nt.MakeTape(scalar_chain, x)
    G.sweeps.compiled_module()
    np.testing.assert_array_equal(G(x), want)
    G.compile()
    np.testing.assert_array_equal(G(x), want)


@numba.njit
def _sincos_loop(x, s, c, near):
    for i in range(x.shape[0]):
        if near:
            s[i], c[i] = vmath.vsincos_near(x[i])
        else:
            s[i], c[i] = vmath.vsincos(x[i])


def test_sincos_gives_the_bits_of_sin_and_cos():
    """One reduction for both (fused runs' and loops' twins): vsincos gives vsin's and vcos's bits
    over their samples and special values, inf and NaN included; vsincos_near below
    TRIG_NEAR."""
    rng = np.random.default_rng(9)
    x = np.concatenate([CASES["vsin"][4](rng), [a for a, _ in CASES["vsin"][5]]])
    s, c = np.empty_like(x), np.empty_like(x)
    for near, keep in ((False, np.ones(x.size, bool)), (True, np.abs(x) < vmath.TRIG_NEAR)):
        _sincos_loop(x[keep], s[:keep.sum()], c[:keep.sum()], near)
        for got, f in ((s, "vsin"), (c, "vcos")):
            want = _compiled(CASES[f][0], x[keep])
            np.testing.assert_array_equal(got[:keep.sum()].view(np.int64)[~np.isnan(want)],
                                          want.view(np.int64)[~np.isnan(want)])
            assert np.isnan(got[:keep.sum()][np.isnan(want)]).all()


def test_the_called_forms_give_the_bits_of_the_inlined_ones():
    """vsin_call, vcos_call and vsincos_call (the whole-range forms a kernel calls rather than
    inlines, in a loop whose arguments are not all near: numtape/sweeps/emit.py) run the same
    operations as vsin, vcos and vsincos, far arguments, inf and NaN included."""
    rng = np.random.default_rng(10)
    x = np.concatenate([CASES["vsin"][4](rng), [a for a, _ in CASES["vsin"][5]],
                        [3.0e6, -1.0e300, 2.0**20, -(2.0**20), 1e22]])
    for name in ("vsin", "vcos"):
        want = _compiled(CASES[name][0], x)
        got = _compiled(getattr(vmath, name + "_call"), x)
        np.testing.assert_array_equal(got.view(np.int64), want.view(np.int64))
    s, c = np.empty_like(x), np.empty_like(x)
    _sincos_loop(x, s, c, False)
    for i in range(x.size):
        sc_, cc_ = vmath.vsincos_call(x[i])
        assert np.float64(sc_).view(np.int64) == s[i].view(np.int64) or np.isnan(s[i])
        assert np.float64(cc_).view(np.int64) == c[i].view(np.int64) or np.isnan(c[i])
