"""Numerically careful kernels and kink conventions, in every mode and order.

Values and first and second derivatives at extreme arguments (|x| ~ 1e-12 and ~ 700) are held
against mpmath at 40 digits; conventions at kinks (abs at 0, maximum at ties, sqrt at 0, the
branch np.where does not take) must read the same through reverse sweeps, tangent sweeps,
derivative tapes (jacfun) and their derivatives.
"""
import mpmath as mp
import numpy as np
import pytest
import scipy.special as sc

import numtape as nt

mp.mp.dps = 40


def _mp_log_ndtr(x):
    return mp.log(mp.ncdf(x)) if x < 0 else mp.log1p(-mp.ncdf(-x))


CASES = [   # name, f on arrays, f on mpmath numbers, points, rtol of f', rtol of f''
    ("log1p", np.log1p, mp.log1p, [1e-12, -1e-12, 1e-300, -0.5, 700.0, 1e300], 4e-15, 2e-13),
    ("expm1", np.expm1, mp.expm1, [1e-12, -1e-12, 1e-300, 700.0, -700.0, -40.0], 4e-15, 2e-13),
    ("logaddexp-x-0", lambda x: np.logaddexp(x, 0.0), lambda x: mp.log1p(mp.exp(x)),
     [1e-12, -1e-12, 700.0, -700.0, 40.0, -40.0], 4e-15, 2e-13),
    ("logaddexp-x-x", lambda x: np.logaddexp(x, x - 1e-12),
     lambda x: mp.log(mp.exp(x) + mp.exp(x - mp.mpf("1e-12"))), [700.0, -700.0, 0.0], 4e-15,
     2e-13),
    # f'' of log_ndtr goes through erfcx' = 2x erfcx(x) - 2/sqrt(pi), which cancels for large
    # x: about x^2 * 1e-16 relative (8e-11 at x = -700); f' keeps full accuracy
    ("log_ndtr", sc.log_ndtr, _mp_log_ndtr, [1e-12, -1e-12, -0.9, -1.1, -40.0, -700.0, 8.0,
                                             30.0], 4e-15, 1e-10),
    # erfcx' = 2x erfcx(x) - 2/sqrt(pi) cancels the same way (erfcx itself is accurate to
    # 1e-15 everywhere: tests/test_special.py); an auxiliary of log_ndtr' for users too
    ("erfcx", sc.erfcx, lambda x: mp.exp(x * x) * mp.erfc(x), [1e-12, -3.0, 0.4, 5.0, 11.9,
                                                                  12.1], 1e-13, 1e-11),
]


def _derivatives(F, x):
    """First derivative by reverse, tangent and the derivative tape; second by the derivative
    tape's reverse and tangent sweeps."""
    G = F.jacfun()
    first = [F.gradient(x)[0], F.jvp(x, [1.0])[()], G(x)[0]]
    second = [G.jacobian(x)[0, 0], G.jvp(x, [1.0])[0]]
    return first, second


@pytest.mark.parametrize("name, f, fm, points, rtol1, rtol2", CASES, ids=[c[0] for c in CASES])
def test_extreme_arguments(name, f, fm, points, rtol1, rtol2):
    F = nt.MakeTape(lambda x: f(x[0]), np.zeros(1))
    for p in points:
        x = np.array([p])
        want = [float(mp.diff(fm, mp.mpf(p), k)) for k in (0, 1, 2)]
        # (log_ndtr(8) = log1p(-Phi(-8)): Phi(-8) carries the rounding of 8/sqrt(2), ~64 ulp)
        np.testing.assert_allclose(F(x), want[0], rtol=1e-14 if p == 8.0 else 2e-15, atol=0,
                                   err_msg=f"{name}({p})")
        first, second = _derivatives(F, x)
        for d in first:
            np.testing.assert_allclose(d, want[1], rtol=rtol1, atol=1e-300,
                                       err_msg=f"{name}'({p})")
        for d in second:   # (mpmath's numerical second derivative has ~1e-50 noise)
            np.testing.assert_allclose(d, want[2], rtol=rtol2, atol=1e-40,
                                       err_msg=f"{name}''({p})")


KINKS = [   # f, x, first derivative (the documented convention), second derivative
    (lambda x: np.abs(x[0]), 0.0, 0.0, 0.0),
    (lambda x: np.maximum(x[0], 0.0), 0.0, 1.0, 0.0),       # ties go to the first operand
    (lambda x: np.maximum(0.0, x[0]), 0.0, 0.0, 0.0),
    (lambda x: np.minimum(x[0], 0.0), 0.0, 1.0, 0.0),
    (lambda x: np.sqrt(x[0]), 0.0, np.inf, -np.inf),
    (lambda x: np.where(x[0] > 0, np.sqrt(x[0]), 0.0), 0.0, 0.0, 0.0),   # branch not taken
    (lambda x: np.where(x[0] > 0, np.log(x[0]), x[0] ** 2), 0.0, 0.0, 2.0),
    (lambda x: np.max(np.stack([x[0], 0.0 * x[0]])), 0.0, 1.0, 0.0),       # first extremum
]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("f, x, d1, d2", KINKS)
def test_kink_conventions_in_every_mode_and_order(f, x, d1, d2):
    F = nt.MakeTape(f, np.zeros(1))
    first, second = _derivatives(F, np.array([x]))
    assert first == [d1] * 3, first
    assert second == [d2] * 2, second
