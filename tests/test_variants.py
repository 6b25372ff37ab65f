"""Per-tape interpreter variants (numtape/sweeps/variants.py): same values and derivatives as
the full interpreters, content-addressed files, and the mode switch."""
import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.sweeps import generated, variants


@pytest.fixture
def exact(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(variants, "_modules", {})
    nt.sweep_kernels("exact")
    yield tmp_path
    nt.sweep_kernels("full")


def _model(x):
    return np.sum(np.exp(0.5 * x[1:] + np.sin(x[:-1])) * x[1:]) + x[0] * x[1]


def test_a_variant_sweeps_like_the_full_interpreters(exact):
    """A tape's own interpreters (its ops and BASE only) give the full interpreters' values,
    gradients, tangents and Hessians bit for bit."""
    x = np.linspace(-1.0, 1.0, 5)
    F = nt.MakeTape(_model, np.zeros(5))
    assert F.sweeps.interpreters is not generated
    src = list((exact / "numtape_sweeps").glob("numtape_sweeps_*.py"))
    assert len(src) == 1
    text = src[0].read_text()
    assert "# SinOp" in text and "# CosOp" not in text and "# GammalnOp" not in text
    got = F(x), F.gradient(x), F.hvp(x, np.ones(5)), F.hessian(x)
    nt.sweep_kernels("full")
    G = nt.MakeTape(_model, np.zeros(5))
    assert G.sweeps.interpreters is generated
    want = G(x), G.gradient(x), G.hvp(x, np.ones(5)), G.hessian(x)
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)


def test_tapes_with_the_same_ops_share_one_variant(exact):
    F = nt.MakeTape(lambda x: np.sum(sc.gammaln(x) * x), np.ones(3))
    G = nt.MakeTape(lambda x: np.sum(x * sc.gammaln(x)) - x[0], np.ones(4))
    assert F.sweeps.interpreters is G.sweeps.interpreters
    np.testing.assert_allclose(F.gradient(np.array([1.5, 2.0, 3.0])),
                               sc.gammaln([1.5, 2.0, 3.0]) + np.array([1.5, 2.0, 3.0])
                               * sc.digamma([1.5, 2.0, 3.0]), rtol=1e-14)


def test_auto_uses_the_full_interpreters_once_compiled(tmp_path, monkeypatch):
    monkeypatch.setattr(variants, "_modules", {})
    nt.sweep_kernels("auto")
    try:
        nt.MakeTape(_model, np.zeros(5)).gradient(np.ones(5))   # the suite compiled them
        assert variants.full_is_compiled()
        assert nt.MakeTape(_model, np.zeros(5)).sweeps.interpreters is generated
    finally:
        nt.sweep_kernels("full")


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="not one of"):
        nt.sweep_kernels("fast")


def test_an_unwritable_cache_falls_back_to_the_full_interpreters(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker))   # a file: no directory under it
    monkeypatch.setattr(variants, "_modules", {})
    nt.sweep_kernels("exact")
    try:
        assert nt.MakeTape(_model, np.zeros(5)).sweeps.interpreters is generated
    finally:
        nt.sweep_kernels("full")
