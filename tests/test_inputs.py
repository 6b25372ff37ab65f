"""Inputs (README.md, "Inputs and errors"): dict inputs, conversion of what users pass, wrong sizes,
non-finite values."""
from __future__ import annotations

import numpy as np
import pytest

import numtape as nt
from apihelpers import _dict_f, _dict_x0


# ---- dict inputs --------------------------------------------------------------------------
def test_dict_input_names_and_gradient():
    F = nt.MakeTape(_dict_f, _dict_x0())
    assert F.n_in == 8 and F.n_out == 1
    assert list(F.input_names) == ["a", "b", "c"]
    sl_a, shape_a = F.input_names["a"]
    sl_b, shape_b = F.input_names["b"]
    sl_c, shape_c = F.input_names["c"]
    assert (sl_a, tuple(shape_a)) == (slice(0, 3), (3,))
    assert (sl_b, tuple(shape_b)) == (slice(3, 7), (2, 2))
    assert (sl_c, tuple(shape_c)) == (slice(7, 8), ())
    x = {"a": [1.0, 2.0, 3.0], "b": np.array([[1.0, 2.0], [3.0, 4.0]]), "c": 0.5}
    assert F(x) == pytest.approx(14.0 * 2.0 + np.sin(0.5))
    g = F.gradient(x)
    assert isinstance(g, dict) and list(g) == ["a", "b", "c"]
    np.testing.assert_allclose(g["a"], [4.0, 8.0, 12.0])
    np.testing.assert_allclose(g["b"], [[0.0, 14.0], [0.0, 0.0]])
    assert np.shape(g["c"]) == () and float(g["c"]) == pytest.approx(np.cos(0.5))
    # the flat-vector view of the same function: keys in order
    flat = np.concatenate([np.ravel(x[k]) for k in ("a", "b", "c")])
    J = F.jacobian(x)
    assert J.shape == (1, 8)
    np.testing.assert_allclose(J[0], np.concatenate([np.ravel(g[k]) for k in g]))
    np.testing.assert_allclose(F.vjp(x, 1.0)["b"], g["b"])
    v = {"a": np.ones(3), "b": np.zeros((2, 2)), "c": 1.0}
    assert F.jvp(x, v) == pytest.approx(np.sum(g["a"]) + float(g["c"]))
    del flat


def test_dict_input_errors():
    F = nt.MakeTape(_dict_f, _dict_x0())
    with pytest.raises(ValueError):
        F({"a": np.zeros(3), "b": np.zeros((2, 2))})          # missing key
    with pytest.raises(ValueError, match=r"\(3,\)"):
        F({"a": np.zeros(4), "b": np.zeros((2, 2)), "c": 0.0})  # wrong size, names expected


# ---- input conversion --------------------------------------------------------------------
@pytest.mark.parametrize("x", [
    [1, 2, 3],
    [True, False, True],
    (1.0, 2.0, 3.0),
    np.array([1, 2, 3], dtype=np.int32),
    np.array([1.0, 2.5, 3.0], dtype=np.float32),
    np.arange(6.0)[::2],                                   # non-contiguous
    np.asfortranarray(np.arange(3.0)),
], ids=["list-int", "list-bool", "tuple", "int32", "float32", "strided", "fortran"])
def test_inputs_are_cast_to_float64(x):
    F = nt.MakeTape(lambda z: np.sum(z ** 2 * np.array([1.0, 2.0, 3.0])), np.zeros(3))
    ref = np.asarray(x, dtype=np.float64)
    assert F(x) == pytest.approx(np.sum(ref ** 2 * [1, 2, 3]), rel=1e-15)
    np.testing.assert_allclose(F.gradient(x), 2 * ref * [1, 2, 3], rtol=1e-15)


def test_inputs_never_mutated_and_read_only_accepted():
    F = nt.MakeTape(lambda z: np.concatenate([np.exp(z), np.atleast_1d(np.sum(z))]),
                    np.zeros(3))
    base = np.arange(12.0)
    x = base[::4]                         # strided view of a bigger array
    x_ro = np.array([0.5, -1.0, 2.0])
    x_ro.setflags(write=False)
    w = np.array([1.0, 2.0, 3.0, 4.0])
    v = np.array([0.1, 0.2, 0.3])
    keep = [base.copy(), x_ro.copy(), w.copy(), v.copy()]
    for xx in (x, x_ro):
        F(xx)
        F.jacobian(xx)
        F.vjp(xx, w)
        F.jvp(xx, v)
    np.testing.assert_array_equal(base, keep[0])
    np.testing.assert_array_equal(x_ro, keep[1])
    np.testing.assert_array_equal(w, keep[2])
    np.testing.assert_array_equal(v, keep[3])
    # results do not alias the caller's arrays or each other
    y1 = F(x_ro)
    y1[:] = 0.0
    assert F(x_ro)[0] == pytest.approx(np.exp(0.5))
    G = nt.MakeTape(lambda z: np.sum(z ** 2), np.zeros(3))
    g1 = G.gradient(x_ro)
    g1[:] = 99.0
    np.testing.assert_array_equal(G.gradient(x_ro), 2 * x_ro)


def test_x0_not_mutated_by_recording():
    x0 = np.array([1.0, 2.0, 3.0])
    nt.MakeTape(lambda x: np.sum(x), x0)
    np.testing.assert_array_equal(x0, [1.0, 2.0, 3.0])


@pytest.mark.parametrize("method", ["call", "jacobian", "gradient", "vjp", "jvp"])
def test_wrong_size_raises_before_any_sweep(method, count_sweeps):
    F = nt.MakeTape(lambda X: np.sum(X ** 2), np.zeros((3, 2)))
    bad = np.zeros(5)
    call = {"call": lambda: F(bad), "jacobian": lambda: F.jacobian(bad),
            "gradient": lambda: F.gradient(bad), "vjp": lambda: F.vjp(bad, 1.0),
            "jvp": lambda: F.jvp(bad, np.zeros(6))}[method]
    with pytest.raises(ValueError) as ei:
        call()
    msg = str(ei.value)
    assert "(3, 2)" in msg and "(5,)" in msg, msg
    assert count_sweeps == {"forward": 0, "reverse": 0, "tangent": 0}


def test_wrong_seed_sizes_raise():
    F = nt.MakeTape(lambda x: x[:2] * x[1:], np.zeros(3))
    with pytest.raises(ValueError):
        F.vjp(np.ones(3), np.ones(3))
    with pytest.raises(ValueError):
        F.jvp(np.ones(3), np.ones(2))


def test_same_size_other_shape_is_accepted():
    F = nt.MakeTape(lambda X: np.sum(X * np.arange(6.0).reshape(3, 2)), np.zeros((3, 2)))
    assert F(np.ones(6)) == F(np.ones((3, 2))) == 15.0


def test_nonfinite_inputs_propagate():
    F = nt.MakeTape(lambda x: np.sum(np.exp(x)) + x[0] * x[1], np.zeros(2))
    with np.errstate(all="raise"):    # no NumPy floating-point exception either
        assert np.isnan(F([np.nan, 1.0]))
        assert F([np.inf, 1.0]) == np.inf
        assert np.isnan(F([np.inf, -np.inf]))      # inf + 0 + -inf
        g = F.gradient([np.nan, 1.0])
        assert np.isnan(g[0]) and np.isnan(g[1])
        g = F.gradient([np.inf, 2.0])
        assert g[0] == np.inf and g[1] == np.inf
        J = nt.MakeTape(lambda x: np.log(x), np.zeros(2)).jacobian([0.0, -1.0])
        assert J[0, 0] == np.inf and np.isnan(F([1.0, np.nan]))
    G = nt.MakeTape(lambda x: np.log(x), np.zeros(2))
    y = G([0.0, -1.0])
    assert y[0] == -np.inf and np.isnan(y[1])
