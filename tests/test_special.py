"""The kernels' scipy.special functions (numtape/ops/_special.py) against SciPy itself."""
import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.ops import _special

RNG = np.random.default_rng(7)
WIDE = np.concatenate([RNG.uniform(-40, 40, 400), [-745.0, -50.0, -1e-300, 0.0, 1e-300,
                                                   1e-12, 0.5, 30.0, 700.0]])


# libm's erf/erfc (what Numba calls) and SciPy's Cephes agree to about an ulp, and to 1e-13 in
# the far tail (values near 1e-200); SciPy's ndtr underflows to 0 a little before libm's erfc
@pytest.mark.parametrize("name, points, rtol, atol", [
    ("erf", WIDE, 1e-15, 0.0), ("erfc", WIDE, 1e-13, 1e-300), ("ndtr", WIDE, 1e-13, 1e-300),
    ("expit", WIDE, 1e-15, 1e-300), ("logit", RNG.uniform(1e-9, 1 - 1e-9, 400), 1e-14, 0.0),
])
def test_unary_matches_scipy(name, points, rtol, atol):
    ours = np.array([getattr(_special, name).py_func(v) for v in points])
    np.testing.assert_allclose(ours, getattr(sc, name)(points), rtol=rtol, atol=atol)


@pytest.mark.parametrize("name", ["xlogy", "xlog1py"])
def test_binary_matches_scipy_including_zero_rules(name):
    a = np.concatenate([RNG.uniform(-3, 3, 200), np.zeros(6)])
    b = np.concatenate([RNG.uniform(0.01, 5, 200), [0.0, -1.0, -2.0, 3.0, np.nan, np.inf]])
    ours = np.array([getattr(_special, name).py_func(x, y) for x, y in zip(a, b)])
    np.testing.assert_allclose(ours, getattr(sc, name)(a, b), rtol=1e-14, atol=0)


def test_special_functions_on_a_tape_match_scipy_at_new_points():
    def f(x):
        return sc.erf(x) + sc.ndtr(x) * sc.expit(x) + sc.xlogy(x, x * x + 1.0)
    F = nt.MakeTape(f, np.zeros(5))
    x = RNG.uniform(-3, 3, 5)
    np.testing.assert_allclose(F(x), f(x), rtol=1e-14)
