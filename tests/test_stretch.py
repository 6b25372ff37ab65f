"""Stretches (numtape/tape/native.py): consecutive jitted segments of a compiled tape swept by
one call of the plan sweeps, bit for bit what the segments swept one by one give, and never a
compile in the user's process."""
import pickle

import numba
import numpy as np
import pytest

import numtape as nt
from numtape.kernels.twins import compiled_for
from numtape.sweeps import tiers, variants
from numtape.tape import native

N = 80   # above fused.MIN_N
IDX = np.random.default_rng(3).integers(0, N, size=N)
W = np.random.default_rng(4).normal(size=(N, 3))


def _head(x):
    a = np.exp(0.3 * x) * np.sin(x)
    return np.tanh(a[IDX]) * np.cos(x) + a   # fused runs split by a gather


def scalar(x):
    """Several jitted segments, a product (BLAS) among them."""
    b = _head(x)
    return np.sum(np.exp(-0.1 * (b @ W) ** 2)) + np.sum(b * x)


def vector(x):
    """More outputs than inputs: its Jacobian takes tangent sweeps."""
    b = _head(x)
    return np.concatenate([b, np.sum(b) * x])


def _compiled(f, x0):
    F = nt.MakeTape(f, x0)
    assert F.sweeps.interpreters is not None   # its tier chosen (the session's)
    F.compile()
    return F


@pytest.fixture
def foreground(monkeypatch):
    """Plan sweeps asked of the background compiled here, and looked for again at once."""
    asked = []

    def compile_now(jobs):
        for fn, sig in jobs:
            asked.append(sig)
            fn.compile(sig)
        return True
    monkeypatch.setattr(tiers, "compile_behind", compile_now)
    monkeypatch.setattr(native.Stretch, "LOOK", 0.0)
    return asked


def _stretches(F):
    S = F.sweeps
    return [s for s in S._stretched(S.plan) if isinstance(s, native.Stretch)]


@pytest.mark.parametrize("f", [scalar, vector])
def test_stretches_sweep_bit_for_bit_as_the_segments_one_by_one(f, foreground, monkeypatch):
    if isinstance(native.forward, numba.core.registry.CPUDispatcher) is False:
        pytest.skip("NUMBA_DISABLE_JIT")
    rng = np.random.default_rng(5)
    x0, v = rng.normal(size=N), rng.normal(size=N)
    X = rng.normal(size=(3, N))
    F = _compiled(f, x0)
    if variants.full is None or F.sweeps.tier == "numpy":
        pytest.skip("no compiled interpreters in this session")
    assert len(F.sweeps.plan) >= native.MIN_STRETCH and _stretches(F)

    def sweeps(G):
        out = []
        for x in X:
            out += [G(x), G.jacobian(x), G.jvp(x, v)]
            if G.n_out == 1:
                out += [G.gradient(x), G.hvp(x, v)]
        return out
    for _ in range(2):   # the first asks for the plan sweeps, the second runs them
        got = sweeps(F)
    kinds = [native.FWD, native.REV] if F.n_out == 1 else [native.FWD, native.TAN]
    assert all(s._ready[c] is True for s in _stretches(F) for c in kinds)   # native sweeps
    monkeypatch.setattr(native, "MIN_STRETCH", 10 ** 9)   # the same tape, segment by segment
    F.sweeps._stretches.clear()
    assert not _stretches(F)
    want = sweeps(F)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    np.testing.assert_allclose(got[1], nt.MakeTape(f, x0).jacobian(X[0]), rtol=1e-13,
                               atol=1e-13)


def test_a_stretch_whose_plan_sweep_is_not_compiled_sweeps_segment_by_segment(monkeypatch):
    """Nothing compiles in the user's process: the plan sweep is asked of the background and
    the segments run one by one meanwhile."""
    asked = []
    monkeypatch.setattr(tiers, "compile_behind", lambda jobs: asked.extend(jobs) or True)
    monkeypatch.setattr(native, "_KNOWN", {})
    monkeypatch.setattr(native, "compiled_for",
                        lambda fn, sig: fn not in (native.forward, native.reverse,
                                                   native.tangent) and compiled_for(fn, sig))
    x = np.random.default_rng(6).normal(size=N)
    F = _compiled(scalar, x)
    if F.sweeps.tier == "numpy" or not _stretches(F):
        pytest.skip("no compiled interpreters in this session")
    g = F.gradient(x)
    np.testing.assert_allclose(g, nt.MakeTape(scalar, x).gradient(x), rtol=1e-13, atol=1e-13)
    assert {fn for fn, _ in asked} == {native.forward, native.reverse}
    assert all(s._ready[1] is not True for s in _stretches(F))


def test_segments_with_long_address_arrays_are_left_alone(monkeypatch):
    """A stretch copies its segments' address arrays into one pool: not for long ones."""
    F = _compiled(scalar, np.zeros(N))
    if F.sweeps.tier == "numpy" or not _stretches(F):
        pytest.skip("no compiled interpreters in this session")
    monkeypatch.setattr(native, "MAX_POOL", 0)
    F.sweeps._stretches.clear()
    assert not _stretches(F)
    np.testing.assert_array_equal(F.gradient(np.ones(N)),
                                  _compiled(scalar, np.zeros(N)).gradient(np.ones(N)))


def test_the_stretches_of_a_replaced_plan_are_let_go():
    """A plan replaced (by compile(), or by a new plan object as a tier change makes) takes
    its stretches with it: a tape compiled again and again keeps one entry per live plan."""
    x = np.random.default_rng(7).normal(size=N)
    F = nt.MakeTape(scalar, x)
    S = F.sweeps
    g = F.gradient(x)
    if S.tier == "numpy":
        pytest.skip("no compiled interpreters in this session")
    for _ in range(3):
        F.compile()
        np.testing.assert_allclose(F.gradient(x), g, rtol=1e-13, atol=1e-13)
        S.plan = list(S.plan)   # a new plan object, as a tier change makes
        F.gradient(x)
    assert len(S._stretches) <= 2
    assert all(e[0] is S.plan or e[0] is S._interpreted for e in S._stretches.values())


def test_compiled_for_tells_one_signature_from_another():
    sig = (numba.typeof(np.zeros(2)),)

    @numba.njit
    def f(a):
        return a[0]
    assert not compiled_for(f, sig)
    f(np.zeros(2))
    assert compiled_for(f, sig)
    assert not compiled_for(f, (numba.typeof(np.zeros((2, 2))),))


def test_background_kernel_jobs_import_numtape_modules_by_name(tmp_path, monkeypatch):
    """A cached function's environment names its module, and loading it imports that name: a
    module of numtape's own compiled off the user's path must be imported as itself, not from
    its file as a module named after the file."""
    def by_path(path):
        raise AssertionError(f"imported {path} by its path")
    monkeypatch.setattr(variants, "import_file", by_path)
    monkeypatch.setattr(variants, "cache_dir", lambda: tmp_path)
    path = tmp_path / "jobs.pickle"
    sig = (numba.types.int64,)
    job = tiers._job(native._check_address, sig, "a test")
    assert job[:2] == ("numtape.tape.native", "_check_address")
    path.write_bytes(pickle.dumps([job]))
    assert tiers.compile_jobs(str(path)) == 1
    assert not path.exists()
