"""Tapes called on traced values while another tape records: their ops are inlined."""
from __future__ import annotations

import numpy as np
import pytest

import numtape as nt
from apihelpers import _dict_f, _dict_x0, vignette_tape


# ---- tapes called while recording another: inlined --------------------------------------
def test_tape_inlined_in_another_recording():
    A = np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
    F = nt.MakeTape(lambda x: np.exp(A @ x * 0.1) + 1.5, np.zeros(2))      # R^2 -> R^3
    G = nt.MakeTape(lambda x: np.concatenate([F(x), F(x * 2.0)]), np.zeros(2))
    x = np.array([0.3, -0.7])
    ref = np.concatenate([F(x), F(2 * x)])
    np.testing.assert_allclose(G(x), ref, rtol=1e-15)
    np.testing.assert_allclose(G.jacobian(x),
                               np.vstack([F.jacobian(x), 2 * F.jacobian(2 * x)]), rtol=1e-14)
    # inlined, not called: about twice F's ops (one DepOp, plus the x*2)
    assert 2 * (F.n_ops - 1) <= G.n_ops <= 2 * F.n_ops + 2


def test_tape_inlined_scalar_output():
    F = vignette_tape()
    G = nt.MakeTape(lambda x: F(x) * 2.0 + F(x[::-1]), np.zeros(2))
    x = np.array([3.0, 4.0])
    assert G(x) == pytest.approx(2 * F(x) + F(x[::-1]), rel=1e-15)
    np.testing.assert_allclose(G.jacobian(x), 2 * F.jacobian(x) + F.jacobian(x[::-1])[:, ::-1],
                               rtol=1e-14)


def test_tape_inlined_twice_vignette():
    F = vignette_tape()
    G = nt.MakeTape(lambda x: np.concatenate([np.atleast_1d(F(x)), np.atleast_1d(F(x))]),
                    np.zeros(2))
    assert G.n_in == 2 and G.n_out == 2
    non_inputs_F = len(F) - F.n_in
    assert 2 * non_inputs_F - 2 <= len(G) - G.n_in <= 2 * non_inputs_F
    np.testing.assert_allclose(G([3.0, 4.0]), [2751.771045730, 2751.771045730], rtol=1e-12)
    np.testing.assert_allclose(G.jacobian([3.0, 4.0]), np.vstack([F.jacobian([3, 4])] * 2),
                               rtol=1e-14)


def test_tape_inlined_with_dict_input():
    F = nt.MakeTape(_dict_f, _dict_x0())
    G = nt.MakeTape(lambda z: F({"a": z[:3], "b": z[3:7].reshape(2, 2), "c": z[7]}) * 3.0,
                    np.zeros(8))
    z = np.linspace(-1, 1, 8)
    d = {"a": z[:3], "b": z[3:7].reshape(2, 2), "c": z[7]}
    assert G(z) == pytest.approx(3 * F(d), rel=1e-15)
    np.testing.assert_allclose(G.gradient(z), 3 * F.jacobian(d)[0], rtol=1e-14)


# ---- dict-input tapes called on traced values ----------------------------------------------------
_G = nt.MakeTape(lambda d: 2.0 * np.sum(d["a"]) + 3.0 * np.sum(d["b"]),
                 {"a": np.zeros(2), "b": np.zeros(3)})
_DICT_CALLS = {
    # a gets 3 values, b 2: the total (5) matches, but the per-key shapes do not
    "shapes swapped": lambda G, x: G({"a": x[:3], "b": x[3:]}),
    "extra key": lambda G, x: G({"a": x[:2], "b": x[2:], "c": x}),
    "missing key": lambda G, x: G({"a": x[:2]}),
}


@pytest.mark.parametrize("atomic", [False, True])
@pytest.mark.parametrize("case", sorted(_DICT_CALLS))
def test_traced_call_of_dict_tape_checks_keys_and_shapes(case, atomic):
    """A dict-input tape called on traced values checks keys and per-key shapes as the
    numeric call does (ValueError), inlined or atomic."""
    G = _G.atomic() if atomic else _G
    with pytest.raises(ValueError):
        G({"a": np.ones(3), "b": np.ones(2)})
    with pytest.raises(ValueError):
        nt.MakeTape(lambda x: _DICT_CALLS[case](G, x), np.zeros(5))
