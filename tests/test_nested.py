"""Nested tapes (RTMB's vignette): an inner MakeTape capturing outer traced values."""
import numpy as np
import pytest

import numtape as nt
from numtape.testing import check_grads, finite_jacobian


def vignette(x):
    a = np.sin(x)
    G = nt.MakeTape(lambda y: a * y, np.zeros(1))
    DG = G.jacfun()
    return DG(x * x)


def test_vignette_numbers():
    """RTMB: F(x) = dG/dy = a = sin(x): value, derivative, second derivative."""
    F = nt.MakeTape(vignette, np.zeros(1))
    x = np.array([0.7])
    np.testing.assert_allclose(F(x), np.sin(x), rtol=1e-15)
    np.testing.assert_allclose(F.jacobian(x), [np.cos(x)], rtol=1e-15)
    np.testing.assert_allclose(F.jacfun().jacfun()(x), -np.sin(x), rtol=1e-15)


def _inner_call(x):
    a = np.exp(x[0]) * x[1]
    G = nt.MakeTape(lambda y: np.sum(a * y ** 2 + np.sin(y * x[1])), np.zeros(2))
    return G(x * x) + G(np.array([0.5, -1.0]))      # traced and numeric arguments


def _two_levels(x):
    a = np.sin(x[0])

    def g(y):
        b = y[0] * a

        def h(z):
            return z * b + a * x[1]           # captures from both enclosing recordings
        H = nt.MakeTape(h, np.zeros(1))
        return H.jacfun()(y) + H(y) * y[0]
    G = nt.MakeTape(g, np.zeros(1))
    return G(x[1:] ** 2) + G.jacfun()(x[:1])


def _atomic_and_simplify(x):
    a = np.cos(x)
    G = nt.MakeTape(lambda y: np.sum(a * np.exp(y)) + np.sum(a * np.exp(y)) * 0.0, np.zeros(2))
    return G.atomic()(x) + G.simplify("optimize")(x[::-1]) + G.jacfun().jacfun()(x)


def _hessfun_inner(x):
    a = np.exp(x[0])
    G = nt.MakeTape(lambda y: a * y[0] ** 3 + y[0] * y[1] * x[1], np.zeros(2))
    return G.hessfun()(x[::-1])          # [[6 a y0, x1], [x1, 0]] at y = x[::-1]


def _dict_inner(x):
    a = x[0] * x[1]
    G = nt.MakeTape(lambda d: d["u"] * a + d["v"][0] * d["v"][1], {"u": 0.0, "v": np.zeros(2)})
    return G({"u": x[1], "v": x[::-1]})


@pytest.mark.parametrize("f", [vignette, _inner_call, _two_levels, _atomic_and_simplify,
                               _hessfun_inner, _dict_inner],
                         ids=["vignette", "inner-call", "two-levels", "atomic-simplify",
                              "hessfun", "dict"])
def test_derivatives_through_nested_tapes(f):
    x = np.array([0.3, -0.6])[:1] if f is vignette else np.array([0.3, -0.6])
    F = check_grads(f, x)
    H = F.jacfun().jacobian(x)     # second order through the nested rules
    np.testing.assert_allclose(H, finite_jacobian(lambda z: F.jacobian(z).ravel(), x),
                               rtol=1e-6, atol=1e-8)


def test_inner_hessfun_values():
    F = nt.MakeTape(_hessfun_inner, np.zeros(2))
    x = np.array([0.3, -0.6])
    np.testing.assert_allclose(F(x), [6 * np.exp(0.3) * -0.6, -0.6, -0.6, 0.0], rtol=1e-14)


def test_captures_are_inputs_of_the_inner_tape():
    seen = {}

    def f(x):
        a = np.sin(x)
        G = seen["G"] = nt.MakeTape(lambda y: a * y, np.zeros(2))
        return G(x)
    F = nt.MakeTape(f, np.zeros(2))
    G = seen["G"]
    assert G.n_y == 2 and len(G.captured) == 2 and G.n_in == 4
    np.testing.assert_allclose(F([0.2, 0.4]), np.sin([0.2, 0.4]) * [0.2, 0.4])
    with pytest.raises(nt.TracingError, match="finished"):
        G(np.ones(2))                       # the outer recording is over
    with pytest.raises(nt.TracingError, match="outer"):
        G.jacobian(np.ones(2))              # captured values have no numbers


def test_inner_cannot_assign_into_outer():
    def f(x):
        y = np.zeros_like(x)

        def g(z):
            y[0] = z[0]
            return z
        nt.MakeTape(g, np.zeros(1))
        return y
    with pytest.raises(nt.TracingError, match="outer recording"):
        nt.MakeTape(f, np.zeros(2))
