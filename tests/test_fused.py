"""Fused runs of elementwise block ops (F.compile(), numtape/sweeps/fused.py) against the
interpreter: values and tangents bit for bit, adjoints to a few ulps, every sweep kind."""
import sys

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.sweeps import fused

N = 80   # above fused.MIN_N


def arith(x):
    a, b = x[:N], x[N:]
    return np.sum(np.exp(0.3 * a) * np.sin(b) + np.log1p(a * a) / (2.0 + np.cos(a))
                  - np.sqrt(b * b + 1.0) + np.tanh(a - b) ** 2)


def special(x):
    a, b = np.abs(x[:N]) + 0.5, x[N:]
    return np.sum(sc.gammaln(a) * sc.expit(b) + sc.erf(b) * sc.digamma(a)
                  - sc.log_ndtr(b) + sc.xlogy(a, a + 1.0))


def piecewise(x):
    a, b = x[:N], x[N:]
    return np.sum(np.where(a > b, np.maximum(a, 0.2) ** 2, np.hypot(a, b))
                  + np.arctan2(a, b + 3.0) * np.minimum(a, b) + np.abs(a) * np.floor(b))


def overlapping(x):
    """Operands x[1:] and x[:-1] of one run, a broadcast scalar and a constant block."""
    c = np.linspace(0.5, 1.5, 2 * N - 1)
    return np.sum(np.exp(0.5 * x[1:]) * np.sin(x[:-1]) * x[0] + c * x[1:] ** 2)


def vector_out(x):
    a, b = x[:N], x[N:]
    return np.exp(0.1 * a) * b + np.sin(a) * b * b


@pytest.mark.parametrize("f", [arith, special, piecewise, overlapping, vector_out])
def test_fused_runs_match_the_interpreter_in_every_sweep(f):
    x0 = np.random.default_rng(5).normal(size=2 * N)
    x1 = np.random.default_rng(6).normal(size=2 * N)
    v = np.random.default_rng(7).normal(size=2 * N)
    F, G = nt.MakeTape(f, x0), nt.MakeTape(f, x0)
    assert G.sweeps.compile() >= 1
    np.testing.assert_array_equal(G(x1), F(x1))
    np.testing.assert_array_equal(G.jvp(x1, v), F.jvp(x1, v))                  # tangents
    np.testing.assert_allclose(G.jacobian(x1), F.jacobian(x1), rtol=1e-14, atol=1e-14)
    if np.ndim(F(x1)) == 0:
        H = nt.MakeTape(f, x0)
        H.compile()
        np.testing.assert_allclose(H.gradient(x1), F.gradient(x1), rtol=1e-14, atol=1e-14)
        np.testing.assert_array_equal(H.hvp(x1, v), F.hvp(x1, v))
        np.testing.assert_allclose(H.hessian(x1), F.hessian(x1), rtol=1e-13, atol=1e-13)


def test_runs_stop_where_an_operand_overlaps_a_result_of_the_run():
    """y[1:] of a block y computed in the same run cannot be read element by element."""
    def f(x):
        y = np.exp(x)
        return np.sum(y[1:] * y[:-1])
    F = nt.MakeTape(f, np.zeros(N))
    G = nt.MakeTape(f, np.zeros(N))
    G.compile()
    x = np.linspace(-1.0, 1.0, N)
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_allclose(G.gradient(x), F.gradient(x), rtol=1e-14)


def test_short_blocks_and_scalar_tapes_are_not_fused():
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(fused.MIN_N - 1))
    assert F.sweeps.compile() == 0 and [type(s).__name__ for s in F.sweeps.plan] == ["Run"]
    L = nt.MakeTape(lambda x: sum(np.exp(x[i]) * x[i] for i in range(200)), np.zeros(200))
    assert L.sweeps.compile() == 1       # a re-rolled loop (numtape/sweeps/loops.py), not a run
    assert [type(s).__name__ for s in L.sweeps.plan if type(s).__name__ != "Run"] == ["Loop"]


@pytest.mark.parametrize("f", [arith, piecewise, overlapping, vector_out])
def test_values_and_tangents_in_one_pass_equal_the_separate_sweeps(f):
    """Sweeps.forward_tangent (fused runs: each chunk's tangents while its values are in L1)
    against a forward sweep then a tangent sweep, three directions, bit for bit; the results
    a run reads only within itself stay in its chunk buffers (their arena slots are not
    written), every other node's value and tangent is stored."""
    x0 = np.random.default_rng(15).normal(size=2 * N)
    V = np.random.default_rng(16).normal(size=(3, 2 * N))
    G = nt.MakeTape(f, x0)
    assert G.sweeps.compile() >= 1
    S = G.sweeps
    x1 = x0[::-1].copy()
    expected = S.tangent(S.forward(x1), V)
    val_expected = S.workspace("val").copy()
    tan_expected = S.workspace("tan", 3).copy()
    ops = S.n_in + G.consts.size              # the constants' slots are written once, kept
    S.workspace("val")[ops:] = np.nan
    S.workspace("tan", 3)[:, ops:] = np.nan
    val, got = S.forward_tangent(x1, V)
    np.testing.assert_array_equal(got, expected)
    stored = ~np.isnan(val)
    np.testing.assert_array_equal(val[stored], val_expected[stored])
    tan = S.workspace("tan", 3)
    assert (np.isnan(tan).any(axis=0) == ~stored).all()
    np.testing.assert_array_equal(tan[:, stored], tan_expected[:, stored])
    assert stored[S.out].all() and not stored.all()
    runs = [s for s in S.plan if type(s).__name__ == "Fused"]
    assert (~stored).sum() == sum(sum(s.kernels.LOCAL) * s.n for s in runs)


def test_kernel_module_text_names_the_op_table_hash():
    """Numba's disk cache revalidates a generated module by its own file only: the module's
    text (hence its content-addressed name) carries the op table's hash, which covers the
    kernels it inlines, so changed kernels (numtape/kernels/special.py) never run from machine
    code compiled before the change."""
    from numtape.sweeps import generated, variants
    assert generated.TABLE_HASH in variants.KERNEL_HEADER[0]
    F = nt.MakeTape(special, np.random.default_rng(5).normal(size=2 * N))
    F.compile()
    mods = [fn.py_func.__module__ for seg in F.sweeps.plan if hasattr(seg, "calls")
            for fn, _ in seg.calls()]
    assert mods
    for name in mods:
        text = open(sys.modules[name].__file__).read()
        assert text.splitlines()[1] == f"OP_TABLE = {generated.TABLE_HASH!r}"
