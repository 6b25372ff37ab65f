"""The public API of SPEC sections 1, 2, 3 and 5: recording, the Tape object, configuration,
inspection, inlining, and tape-array validation (including a crash fuzz of corrupted tapes)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import scipy.sparse

import numtape as nt
import numtape.sweeps.generated as _sweeps
import numtape.trace.recorder


# ---- helpers ----------------------------------------------------------------------------
def fd_jacobian(f, x, h=1e-5):
    """Central differences of a plain-NumPy function, (m, n) over flattened sizes."""
    x = np.asarray(x, dtype=np.float64)
    flat = x.ravel()
    m = np.size(f(x))
    jac = np.empty((m, flat.size))
    for i in range(flat.size):
        s = h * max(1.0, abs(flat[i]))
        e = np.zeros_like(flat)
        e[i] = s
        jac[:, i] = (np.ravel(f((flat + e).reshape(x.shape))) -
                     np.ravel(f((flat - e).reshape(x.shape)))) / (2 * s)
    return jac


def vignette_tape():
    return nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))


INT_FIELDS = ("op", "flags", "out_ptr", "args", "iargs", "dep")


def tape_arrays(T):
    """Copies of a tape's defining arrays, in the keyword form ``nt.Tape(**a)`` takes."""
    return dict(op=np.array(T.op), flags=np.array(T.flags), out_ptr=np.array(T.out_ptr),
                args=np.array(T.args), iargs=np.array(T.iargs), consts=np.array(T.consts),
                n_in=int(T.n_in), dep=np.array(T.dep))


def table_rows(text):
    """Split a printed TMB table into (header, rows-as-token-lists)."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[0], [ln.split() for ln in lines[1:]]


def _is_na(v):
    import pandas as pd
    return v is None or (not isinstance(v, str) and pd.isna(v)) or \
        str(v).strip().upper() in ("NA", "NAN", "<NA>")


@pytest.fixture
def count_sweeps(monkeypatch):
    """Count calls of the three jitted sweeps (and still run them)."""
    calls = {"forward": 0, "reverse": 0, "tangent": 0}
    for name in calls:
        orig = getattr(_sweeps, name)

        def wrapper(*a, _orig=orig, _name=name):
            calls[_name] += 1
            return _orig(*a)
        monkeypatch.setattr(_sweeps, name, wrapper)
    return calls


@pytest.fixture(autouse=True)
def _restore_config():
    """TapeConfig used as a function changes the thread's settings; undo it after each test."""
    with nt.TapeConfig():
        yield


# ---- the SPEC example -------------------------------------------------------------------
def test_spec_example_repr_and_numbers():
    F = vignette_tape()
    r = repr(F)         # SPEC: "<Tape R^2 -> R^1: 7 ops, arena 7>" (exact text free)
    assert "R^2 -> R^1" in r and "7 ops" in r and "arena 7" in r, r
    assert (F.n_in, F.n_out, len(F), F.arena_size) == (2, 1, 7, 7)
    y = F(np.array([3.0, 4.0]))
    assert type(y) is np.float64
    assert y == pytest.approx(2751.7710457300204, rel=1e-14)
    J = F.jacobian([3, 4])
    assert J.shape == (1, 2)
    np.testing.assert_allclose(J, [[np.exp(7.92), 1.23 * np.exp(7.92)]], rtol=1e-14)
    np.testing.assert_allclose(J, [[2751.771, 3384.678]], atol=1e-3)
    assert nt.make_tape is nt.MakeTape


# ---- shapes -------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(), (1,), (4,), (2, 3), (2, 1, 3)])
def test_input_shapes(shape):
    x0 = np.zeros(shape)
    F = nt.MakeTape(lambda x: np.sin(x) * x + 2.0, x0)
    n = int(np.prod(shape))
    assert F.in_shape == shape and F.out_shape == shape
    assert F.n_in == n and F.n_out == n
    rng = np.random.default_rng(1)
    x = rng.normal(size=shape)
    y = F(x)
    if shape == ():
        assert type(y) is np.float64
    else:
        assert isinstance(y, np.ndarray) and y.shape == shape and y.dtype == np.float64
    np.testing.assert_allclose(y, np.sin(x) * x + 2.0, rtol=1e-15)
    J = F.jacobian(x)
    assert J.shape == (n, n)
    np.testing.assert_allclose(J, np.diag(np.ravel(np.cos(x) * x + np.sin(x))), atol=1e-14)


def test_zero_d_input_scalar_output():
    F = nt.MakeTape(lambda x: x ** 3, 0.0)
    assert F.in_shape == () and F.out_shape == () and F.n_in == 1
    assert type(F(2.0)) is np.float64 and F(2.0) == 8.0
    assert F(2) == 8.0                     # an int input
    g = F.gradient(2.0)
    assert np.shape(g) == () and float(g) == 12.0
    assert F.jacobian(2.0).shape == (1, 1)


def test_scalar_output_is_float64_from_vector_input():
    F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    assert F.out_shape == () and F.n_out == 1
    y = F([1.0, 2.0, 3.0])
    assert type(y) is np.float64 and y == 14.0
    g = F.gradient([1.0, 2.0, 3.0])
    assert g.shape == (3,)
    np.testing.assert_array_equal(g, [2.0, 4.0, 6.0])


def test_matrix_output_shape():
    F = nt.MakeTape(lambda X: X.T @ X, np.zeros((3, 2)))
    X = np.arange(6.0).reshape(3, 2)
    assert F.in_shape == (3, 2) and F.out_shape == (2, 2)
    assert (F.n_in, F.n_out) == (6, 4)
    np.testing.assert_allclose(F(X), X.T @ X)
    np.testing.assert_allclose(F.jacobian(X), fd_jacobian(lambda X: X.T @ X, X), atol=1e-6)


def test_constant_output():
    F = nt.MakeTape(lambda x: 3.0, np.zeros(2))
    assert F(np.array([1.0, 2.0])) == 3.0
    np.testing.assert_array_equal(F.jacobian([1.0, 2.0]), [[0.0, 0.0]])


@pytest.mark.parametrize("container", [list, tuple])
def test_list_and_tuple_outputs_are_concatenated(container):
    def f(x):
        return container([x[0], x ** 2, np.sum(x), np.outer(x, x)])
    F = nt.MakeTape(f, np.zeros(2))
    x = np.array([1.5, -2.0])
    expect = np.concatenate([[x[0]], x ** 2, [np.sum(x)], np.outer(x, x).ravel()])
    assert F.n_out == expect.size and F.out_shape == (expect.size,)
    np.testing.assert_allclose(F(x), expect)
    np.testing.assert_allclose(F.jacobian(x),
                               fd_jacobian(lambda z: np.concatenate(
                                   [np.ravel(np.asarray(p)) for p in f(z)]), x), atol=1e-6)


# ---- dict inputs --------------------------------------------------------------------------
def _dict_f(d):
    return np.sum(d["a"] ** 2) * d["b"][0, 1] + np.sin(d["c"])


def _dict_x0():
    return {"a": np.zeros(3), "b": np.zeros((2, 2)), "c": 0.0}


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


# ---- jacobian, gradient, vjp, jvp -----------------------------------------------------------
def _f_wide(x):      # R^5 -> R^2 (m <= n: reverse sweeps)
    return np.array([1.0, 0.0]) * np.sum(np.sin(x) * x[::-1]) + \
        np.array([0.0, 1.0]) * np.prod(x[:3]) + np.exp(x[3:] / 4)


def _f_tall(x):      # R^2 -> R^7 (m > n: tangent sweeps)
    return np.concatenate([np.sin(x), x ** 3, np.exp(x), np.atleast_1d(x[0] * x[1])])


def test_jacobian_wide_uses_reverse_and_matches_fd(count_sweeps):
    F = nt.MakeTape(_f_wide, np.zeros(5))
    x = np.array([0.3, -1.2, 0.7, 2.0, -0.5])
    J = F.jacobian(x)
    assert J.shape == (2, 5)
    np.testing.assert_allclose(J, fd_jacobian(_f_wide, x), rtol=1e-6, atol=1e-8)
    assert count_sweeps["reverse"] >= 1 and count_sweeps["tangent"] == 0


def test_jacobian_tall_uses_forward_mode_and_matches_fd(count_sweeps):
    F = nt.MakeTape(_f_tall, np.zeros(2))
    x = np.array([0.4, -1.3])
    J = F.jacobian(x)
    assert J.shape == (7, 2)
    np.testing.assert_allclose(J, fd_jacobian(_f_tall, x), rtol=1e-6, atol=1e-8)
    assert count_sweeps["tangent"] >= 1 and count_sweeps["reverse"] == 0


@pytest.mark.parametrize("m", [1, 63, 64, 65, 130])
def test_jacobian_chunking(m):
    """More outputs/inputs than one chunk of seed directions."""
    A = np.random.default_rng(m).normal(size=(m, 70))
    F = nt.MakeTape(lambda x: np.tanh(A @ x), np.zeros(70))
    x = np.random.default_rng(0).normal(size=70) * 0.1
    J = F.jacobian(x)
    np.testing.assert_allclose(J, (1 - np.tanh(A @ x) ** 2)[:, None] * A, rtol=1e-12,
                               atol=1e-14)
    G = nt.MakeTape(lambda z: np.tanh(A.T @ z), np.zeros(m))   # R^m -> R^70
    z = np.random.default_rng(2).normal(size=m) * 0.1
    np.testing.assert_allclose(G.jacobian(z), (1 - np.tanh(A.T @ z) ** 2)[:, None] * A.T,
                               rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("f, n", [(_f_wide, 5), (_f_tall, 2)])
def test_gradient_vjp_jvp_consistent(f, n):
    F = nt.MakeTape(f, np.zeros(n))
    rng = np.random.default_rng(3)
    x = rng.normal(size=n)
    J = F.jacobian(x)
    for _ in range(3):
        w = rng.normal(size=F.n_out)
        v = rng.normal(size=n)
        np.testing.assert_allclose(F.vjp(x, w), w @ J, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(F.jvp(x, v), J @ v, rtol=1e-12, atol=1e-12)
        # dot-product identity
        assert w @ F.jvp(x, v) == pytest.approx(F.vjp(x, w) @ v, rel=1e-12)


def test_gradient_equals_vjp_with_one_and_shape_like_x0():
    F = nt.MakeTape(lambda X: np.sum(np.log1p(X ** 2) @ X.T), np.zeros((2, 3)))
    X = np.random.default_rng(4).normal(size=(2, 3))
    g = F.gradient(X)
    assert g.shape == (2, 3)
    np.testing.assert_allclose(g, F.vjp(X, 1.0), rtol=1e-14)
    np.testing.assert_allclose(g.ravel(), F.jacobian(X)[0], rtol=1e-14)
    np.testing.assert_allclose(g.ravel(), fd_jacobian(lambda X: np.sum(np.log1p(X ** 2) @ X.T),
                                                      X)[0], rtol=1e-6)


def test_gradient_needs_scalar_tape():
    F = nt.MakeTape(lambda x: x * 2, np.zeros(2))
    with pytest.raises(ValueError):
        F.gradient([1.0, 2.0])


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


# ---- TapeConfig --------------------------------------------------------------------------
def _n_ops_matmul():
    return len(nt.MakeTape(lambda X: X @ X, np.zeros((3, 3))))


def test_tapeconfig_as_function():
    n_enabled = _n_ops_matmul()
    nt.TapeConfig(atomic="disable")
    n_disabled = _n_ops_matmul()
    nt.TapeConfig(atomic="enable")
    assert n_disabled > n_enabled
    assert _n_ops_matmul() == n_enabled


def test_tapeconfig_with_block_restores():
    n_enabled = _n_ops_matmul()
    with nt.TapeConfig(atomic="disable"):
        n_disabled = _n_ops_matmul()
        with nt.TapeConfig(atomic="enable"):
            assert _n_ops_matmul() == n_enabled
        assert _n_ops_matmul() == n_disabled
    assert _n_ops_matmul() == n_enabled < n_disabled
    # restored on an exception too
    with pytest.raises(RuntimeError):
        with nt.TapeConfig(atomic="disable"):
            raise RuntimeError("boom")
    assert _n_ops_matmul() == n_enabled


def test_tapeconfig_comparison_forbid():
    with nt.TapeConfig(comparison="forbid"):
        with pytest.raises(nt.TracingError):
            nt.MakeTape(lambda x: np.where(x > 0, x, 0.0), np.zeros(2))
    F = nt.MakeTape(lambda x: np.where(x > 0, x, 0.0), np.zeros(2))
    np.testing.assert_array_equal(F([-1.0, 2.0]), [0.0, 2.0])


@pytest.mark.parametrize("kwargs", [{"atomic": "yes"}, {"atomic": True}, {"foo": "enable"},
                                    {"comparison": "maybe"}, {"Atomic": "enable"}])
def test_tapeconfig_bad_options(kwargs):
    n_enabled = _n_ops_matmul()
    with pytest.raises(ValueError) as ei:
        nt.TapeConfig(**kwargs)
    key = next(iter(kwargs))
    assert key in str(ei.value)
    assert _n_ops_matmul() == n_enabled       # nothing changed by the failed call


# ---- printing and inspection ---------------------------------------------------------------
def test_print_na_values_derivs(capsys):
    F = vignette_tape()
    F.print()
    header, rows = table_rows(capsys.readouterr().out)
    cols = ["OpName", "Node", "Value", "Deriv", "Index", "Inputs"]
    pos = [header.find(c) for c in cols]
    assert all(p >= 0 for p in pos) and pos == sorted(pos), header
    assert [r[0] for r in rows] == ["InvOp", "InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp",
                                    "DepOp"]
    assert [int(r[1]) for r in rows] == list(range(7))
    assert all(r[2] == "NA" and r[3] == "NA" for r in rows)     # before any evaluation
    assert [r[4] for r in rows] == [str(i) for i in range(7)]

    F([3.0, 4.0])
    F.print()
    _, rows = table_rows(capsys.readouterr().out)
    values = [float(r[2]) for r in rows]
    np.testing.assert_allclose(values, [3, 4, 1.23, 4.92, 7.92, 2751.77, 2751.77], rtol=1e-5)
    assert all(r[3] == "NA" for r in rows)                     # no reverse sweep yet
    assert sorted(rows[3][5:]) == ["1", "2"] and sorted(rows[4][5:]) == ["0", "3"]
    assert rows[5][5:] == ["4"] and rows[6][5:] == ["5"]

    F.jacobian([3, 4])
    F.print()
    _, rows = table_rows(capsys.readouterr().out)
    derivs = {i: float(rows[i][3]) for i in (0, 1, 3, 4, 5, 6)}
    assert derivs[0] == pytest.approx(2751.77, rel=1e-5)
    assert derivs[1] == pytest.approx(3384.68, rel=1e-5)
    assert derivs[3] == derivs[4] == pytest.approx(2751.77, rel=1e-5)
    assert derivs[5] == derivs[6] == 1.0
    assert str(F.table()).splitlines()[0].split() == [c + ":" for c in cols]


def test_to_dataframe():
    pd = pytest.importorskip("pandas")
    F = vignette_tape()
    df = F.to_dataframe()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["OpName", "Node", "Value", "Deriv", "Index", "Inputs"]
    assert len(df) == len(F) == 7
    assert list(df["OpName"]) == ["InvOp", "InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp",
                                  "DepOp"]
    assert all(_is_na(v) for v in df["Value"])
    F.jacobian([3.0, 4.0])
    df = F.to_dataframe()
    assert float(df["Value"][5]) == pytest.approx(2751.77, rel=1e-5)
    assert float(df["Deriv"][1]) == pytest.approx(3384.68, rel=1e-5)


VIGNETTE_EDGES = {(0, 4), (1, 3), (2, 3), (3, 4), (4, 5), (5, 6)}


def test_graph_adjacency():
    F = vignette_tape()
    g = F.graph()
    assert scipy.sparse.issparse(g)
    assert g.shape == (len(F), len(F)) == (7, 7)
    assert g.dtype == bool
    coo = scipy.sparse.coo_matrix(g)
    assert {(int(i), int(j)) for i, j, v in zip(coo.row, coo.col, coo.data) if v} == \
        VIGNETTE_EDGES


def test_graph_block_ops_and_gathers():
    F = nt.MakeTape(lambda x: np.sum(x[[2, 0]] * x[:2]), np.zeros(3))
    g = scipy.sparse.coo_matrix(F.graph())
    assert g.shape == (len(F), len(F))
    edges = set(zip(g.row.tolist(), g.col.tolist()))
    assert all(i < j for i, j in edges)     # a DAG in recording order
    # every non-input node except the outputs feeds something; every op is fed
    assert {j for _, j in edges} == set(range(F.n_in + F.consts.size, len(F)))


def test_to_dot():
    F = vignette_tape()
    dot = F.to_dot()
    assert isinstance(dot, str)
    assert dot.lstrip().startswith("digraph") and dot.rstrip().endswith("}")
    for name in ("InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp", "DepOp"):
        assert name in dot
    assert dot.count("->") == len(VIGNETTE_EDGES)


def test_show_graph_without_graphviz(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "graphviz", None)
    F = vignette_tape()
    with pytest.raises(ImportError, match=r"pip install graphviz"):
        F.show_graph(tmp_path / "tape.png")
    assert not (tmp_path / "tape.png").exists()


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


# ---- Tape built from arrays: validation ---------------------------------------------------
def _block_tape():
    """A tape using a gather, a matrix product, a reduction and broadcast elementwise ops."""
    return nt.MakeTape(lambda x: np.sum(np.exp(x.reshape(2, 2) @ x.reshape(2, 2)[::-1]),
                                        axis=0) * x[1:3] + 2.0, np.zeros(4))


def test_tape_from_arrays_roundtrip():
    F = _block_tape()
    T = nt.Tape(**tape_arrays(F))
    x = np.array([0.1, -0.2, 0.3, 0.4])
    np.testing.assert_array_equal(T(x), F(x))
    np.testing.assert_array_equal(T.jacobian(x), F.jacobian(x))
    assert (T.n_in, T.n_out, len(T), T.arena_size) == (F.n_in, F.n_out, len(F), F.arena_size)


def _mutations():
    from numtape.ops import OPS
    n_codes = len(OPS)

    def setitem(field, i, value):
        def mut(a):
            arr = a[field].astype(np.int64)
            arr[i] = value(a) if callable(value) else value
            a[field] = arr
        return mut

    def replace(field, fn):
        def mut(a):
            a[field] = fn(a[field])
        return mut

    return {
        "unknown opcode": setitem("op", 0, n_codes),
        "huge opcode": setitem("op", 0, 2 ** 31 - 1),
        "negative opcode": setitem("op", 0, -1),
        "operand beyond its op's output": setitem("args", 2, lambda a: int(a["out_ptr"][1])),
        "operand beyond the arena": setitem("args", 0, lambda a: int(a["out_ptr"][-1]) + 5),
        "operand of the last op beyond": setitem("args", -1, lambda a: int(a["out_ptr"][-2])),
        "negative operand": setitem("args", 0, -1),
        "negative dep": setitem("dep", 0, -1),
        "args too short": replace("args", lambda v: v[:-1]),
        "args too long": replace("args", lambda v: np.append(v, 0)),
        "iargs too long": replace("iargs", lambda v: np.append(v, 1)),
        "iargs too short": replace("iargs", lambda v: v[:-1]),
        "matmul m": setitem("iargs", 0, 3),
        "matmul k too big": setitem("iargs", 1, 3),
        "matmul k huge": setitem("iargs", 1, 2 ** 40),
        "matmul zero": setitem("iargs", 2, 0),
        "matmul negative": setitem("iargs", 0, -2),
        "matmul overflowing product": lambda a: a.__setitem__(
            "iargs", np.concatenate([[2 ** 32, 2 ** 32, 2 ** 32], a["iargs"][3:]])),
        "dep outside the arena": setitem("dep", 0, lambda a: int(a["out_ptr"][-1])),
        "dep far outside": setitem("dep", 1, 2 ** 40),
        "out_ptr not increasing": setitem("out_ptr", 2, lambda a: int(a["out_ptr"][1])),
        "out_ptr start": setitem("out_ptr", 0, 0),
        "out_ptr length": replace("out_ptr", lambda v: v[:-1]),
        "flags on a block op": setitem("flags", 1, 1),
        "flags beyond arity": setitem("flags", 2, 2),
        "flags length": replace("flags", lambda v: v[:-1]),
        "n_in too big": lambda a: a.__setitem__("n_in", a["n_in"] + 1),
        "n_in negative": lambda a: a.__setitem__("n_in", -1),
        "op 2-d": replace("op", lambda v: v.reshape(1, -1)),
        "op float": replace("op", lambda v: v.astype(np.float64)),
    }


_MUTATIONS = _mutations()


@pytest.mark.parametrize("name", list(_MUTATIONS))
def test_corrupted_tape_arrays_raise_tapeformaterror(name):
    F = _block_tape()
    a = tape_arrays(F)
    assert list(a["iargs"][:3]) == [2, 2, 2]          # MatMulOp (m, k, n) come first
    _MUTATIONS[name](a)
    with pytest.raises(nt.TapeFormatError) as ei:
        nt.Tape(**a)
    assert isinstance(ei.value, ValueError)


@pytest.mark.parametrize("field, value", [("op", 2 ** 31), ("op", 2 ** 32 + 4), ("op", 2 ** 32),
                                          ("flags", 256), ("flags", 257), ("iargs", None)])
def test_out_of_dtype_range_values_are_not_wrapped(field, value):
    """Integers that do not fit the field's dtype (op int32, flags uint8) are malformed: they
    must not wrap around into a different, valid-looking tape."""
    F = nt.MakeTape(lambda x: np.exp(x) * 2.0, np.zeros(2))
    a = tape_arrays(F)
    if value is None:           # parameters as uint64 above int64's range
        F = _block_tape()
        a = tape_arrays(F)
        arr = a["iargs"].astype(np.uint64)
        arr[1] = 2 ** 64 - 1
        a["iargs"] = arr
    else:
        arr = a[field].astype(np.int64)
        arr[1 if field == "flags" else 0] = value
        a[field] = arr
    with pytest.raises(nt.TapeFormatError):
        nt.Tape(**a)


@pytest.mark.parametrize("n_in", [2.5, None])
def test_non_integer_n_in_raises(n_in):
    a = tape_arrays(vignette_tape())
    a["n_in"] = n_in
    with pytest.raises(nt.TapeFormatError):
        nt.Tape(**a)


# ---- fuzz: random single-element mutations never crash ------------------------------------
def _fuzz_bases():
    def mixed(x):
        m = x[:4].reshape(2, 2)
        s = np.sum(m @ m.T, axis=1) + np.cumsum(x[2:4])
        y = np.where(x[:2] > 0.5, np.prod(x[1:4]) * s, np.maximum(x[4], x[:2]))
        return np.concatenate([y, np.atleast_1d(np.max(x[[4, 0, 3]]) - np.min(x[::2]))])

    def loop(x):
        acc = x[0]
        for i in range(1, 5):
            acc = np.sin(acc) * x[i] + 1.5 / (1.0 + x[i] ** 2)
        return acc
    return [vignette_tape(), nt.MakeTape(mixed, np.zeros(5)), nt.MakeTape(loop, np.zeros(5))]


_EVAL_SCRIPT = textwrap.dedent("""
    import json, sys
    import numpy as np
    import numtape as nt
    data = np.load(sys.argv[1])
    n = int(data["count"])
    problems = []
    for i in range(n):
        print("BEGIN", i, flush=True)
        a = {k: data[f"{i}_{k}"] for k in ("op", "flags", "out_ptr", "args", "iargs", "consts",
                                           "dep")}
        a["n_in"] = int(data[f"{i}_n_in"])
        try:
            T = nt.Tape(**a)
        except nt.TapeFormatError:
            continue
        except Exception as e:
            problems.append([i, "construct", repr(e)])
            continue
        rng = np.random.default_rng(i)
        for rep in range(2):
            x = rng.normal(size=T.n_in)
            try:
                T(x)
                T.jacobian(x)
                T.vjp(x, rng.normal(size=T.n_out))
                T.jvp(x, rng.normal(size=T.n_in))
            except Exception as e:
                problems.append([i, "evaluate", repr(e)])
                break
    print("RESULT", json.dumps(problems), flush=True)
""")


def _run_fuzz(max_examples, tmp_path):
    pytest.importorskip("hypothesis")
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    bases = [tape_arrays(T) for T in _fuzz_bases()]
    fields = INT_FIELDS + ("n_in",)
    accepted, described, seen, rejected = [], [], set(), [0]
    in_process_errors = []

    special = st.sampled_from([0, 1, 2, 3, 7, 255, 256, 2 ** 31 - 1, 2 ** 31, 2 ** 32,
                               2 ** 62 - 1, 2 ** 62, 2 ** 63 - 1, -1, -2, -2 ** 31, -2 ** 63])

    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def gen(data):
        b = data.draw(st.integers(0, len(bases) - 1), label="base")
        field = data.draw(st.sampled_from(fields), label="field")
        a = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in bases[b].items()}
        arena = int(a["out_ptr"][-1])
        if field == "n_in":
            old, i = a["n_in"], None
        else:
            if a[field].size == 0:
                return
            i = data.draw(st.integers(0, a[field].size - 1), label="index")
            old = int(a[field][i])
        value = data.draw(st.one_of(st.integers(-3, 3).map(lambda d: old + d),
                                    st.integers(-2, arena + 8), special), label="value")
        if value == old:
            return
        if field == "n_in":
            a["n_in"] = value
        else:
            arr = a[field].astype(np.int64)
            arr[i] = value
            a[field] = arr
        try:
            nt.Tape(**a)
        except nt.TapeFormatError:
            rejected[0] += 1
            return
        except Exception as e:           # validation itself must never blow up otherwise
            in_process_errors.append((b, field, i, value, repr(e)))
            return
        key = (b, field, i, value)
        if key not in seen:
            seen.add(key)
            accepted.append(a)
            described.append(key)

    gen()
    print(f"fuzz: {len(accepted)} mutated tapes accepted by validation, {rejected[0]} rejected")
    assert rejected[0] > 0 and accepted, (rejected[0], len(accepted))

    blob = {"count": np.array(len(accepted))}
    for j, a in enumerate(accepted):
        for k, v in a.items():
            blob[f"{j}_{k}"] = np.asarray(v)
    path = tmp_path / "mutated.npz"
    np.savez(path, **blob)
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    proc = subprocess.run([sys.executable, "-c", _EVAL_SCRIPT, str(path)], capture_output=True,
                          text=True, timeout=600, env=env,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    begun = [ln for ln in proc.stdout.splitlines() if ln.startswith("BEGIN")]
    if proc.returncode != 0:
        last = int(begun[-1].split()[1]) if begun else None
        pytest.fail(f"evaluating mutated tapes crashed (exit {proc.returncode}) at mutation "
                    f"{described[last] if last is not None else '?'} (base, field, index, value)"
                    f"\nstderr tail:\n{proc.stderr[-3000:]}")
    result = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    assert result, proc.stdout[-2000:] + proc.stderr[-2000:]
    problems = json.loads(result[0][len("RESULT "):])
    assert not problems, [(described[i], stage, err) for i, stage, err in problems[:10]]
    # validation raising something other than TapeFormatError (base, field, index, value, error)
    assert not in_process_errors, in_process_errors[:5]
    return len(accepted), rejected[0]


def test_fuzz_mutated_tapes_never_crash(tmp_path):
    _run_fuzz(400, tmp_path)


@pytest.mark.slow
def test_fuzz_mutated_tapes_never_crash_long(tmp_path):
    _run_fuzz(5000, tmp_path)


# ---- the recorder is clean after everything above -----------------------------------------
def test_no_recording_left_open():
    assert numtape.trace.recorder.current() is None
