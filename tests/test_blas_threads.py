"""Block products sweep with one BLAS thread, and the user's BLAS threads come back after
(numtape/tape/blas.py)."""
import threading

import numpy as np
import pytest
from threadpoolctl import ThreadpoolController

import numtape as nt
from numtape.tape import blas

X = np.random.default_rng(0).normal(size=(50, 4))


def _w3(p):
    r = 1.0 - X @ p
    return np.sum(r * r)


@pytest.fixture
def two_threads():
    ctl = ThreadpoolController()
    with ctl.limit(limits=2, user_api="blas"):
        yield


def test_sweeps_of_block_products_run_with_one_blas_thread(two_threads, monkeypatch):
    seen = []
    enter = blas.enter

    def blas_threads():   # threadpoolctl's own view, not the C calls blas.py makes
        return {i["num_threads"] for i in ThreadpoolController().info()
                if i["user_api"] == "blas"}

    def spy():
        enter()
        seen.append((set(blas.threads().values()), blas_threads()))
    monkeypatch.setattr(blas, "enter", spy)
    F = nt.MakeTape(_w3, np.zeros(4))
    g = F.gradient(np.ones(4))
    np.testing.assert_allclose(g, -2.0 * X.T @ (1.0 - X @ np.ones(4)), rtol=1e-12)
    assert seen and all(s == ({1}, {1}) for s in seen)
    assert set(blas.threads().values()) == blas_threads() == {2}   # the user's threads are back


def test_tapes_without_products_leave_blas_alone(two_threads, monkeypatch):
    calls = []
    monkeypatch.setattr(blas, "enter", lambda: calls.append(1))
    nt.MakeTape(lambda x: np.sum(np.exp(x)), np.zeros(3)).gradient(np.ones(3))
    assert calls == []


def test_concurrent_sweeps_restore_the_threads_when_the_last_ends(two_threads):
    F = nt.MakeTape(_w3, np.zeros(4))
    want = F.gradient(np.ones(4))
    errors = []

    def work():
        for _ in range(50):
            if not np.array_equal(F.gradient(np.ones(4)), want):
                errors.append("differs")
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert set(blas.threads().values()) == {2}
    assert blas._state["depth"] == 0


def test_small_dense_laplace_factorizations_run_with_one_blas_thread(two_threads, monkeypatch):
    """The Laplace layer's dense Cholesky of a few random effects (a Gaussian model with
    correlated slopes) factors and solves with one BLAS thread, and gives the threads back."""
    import scipy.linalg as la
    from numtape.stats import factor
    seen = []
    for name in ("cho_factor", "cho_solve"):
        real = getattr(la, name)

        def spy(*a, _real=real, **k):
            seen.append(set(blas.threads().values()))
            return _real(*a, **k)
        monkeypatch.setattr(factor.la, name, spy)
    rng = np.random.default_rng(3)
    g = np.repeat(np.arange(6), 5)
    t = np.tile(np.arange(5.0), 6)
    y = 1.0 + 0.5 * t + rng.normal(size=6)[g] + 0.3 * rng.normal(size=6)[g] * t \
        + rng.normal(size=30) * 0.2

    def nll(p):
        u = p["u"].reshape(6, 2)
        L = np.array([[np.exp(p["ls"][0]), 0.0], [p["c"], np.exp(p["ls"][1])]], like=u)
        b = u @ L.T
        eta = p["beta"][0] + p["beta"][1] * t + b[g, 0] + b[g, 1] * t
        return (0.5 * np.sum(u ** 2) + 0.5 * np.sum((y - eta) ** 2) / np.exp(2 * p["lr"])
                + 30 * p["lr"])
    obj = nt.MakeADFun(nll, {"u": np.zeros(12), "beta": np.zeros(2), "ls": np.zeros(2),
                             "c": 0.0, "lr": 0.0}, random="u")
    obj.gr(obj.par)
    assert seen and all(s == {1} for s in seen)
    assert set(blas.threads().values()) == {2}


def test_an_objective_evaluation_is_pinned_once_and_its_sweeps_only_nest(two_threads,
                                                                          monkeypatch):
    """MakeADFun's fn/gr/he pin BLAS once for the whole evaluation: the hundreds of small
    sweeps of a Laplace fit then only count the depth (no thread-count calls), with one thread
    throughout, and the user's threads are back after."""
    sets = []
    for lib in blas._libraries():
        real = lib.set

        def spy(n, _real=real):
            sets.append(n)
            return _real(n)
        monkeypatch.setattr(lib, "set", spy)
    rng = np.random.default_rng(5)
    g = np.repeat(np.arange(8), 6)
    xs = rng.normal(size=48)
    y = rng.poisson(np.exp(0.3 + 0.5 * xs + rng.normal(size=8)[g]))
    Xd = np.column_stack([np.ones(48), xs])

    def nll(p):
        eta = Xd @ p["beta"] + np.exp(p["ls"]) * p["u"][g]
        return -np.sum(y * eta - np.exp(eta)) + 0.5 * np.sum(p["u"] ** 2)
    obj = nt.MakeADFun(nll, {"u": np.zeros(8), "beta": np.zeros(2), "ls": 0.0}, random="u")
    sets.clear()
    depth = []
    enter = blas.enter

    def spy_enter():
        enter()
        depth.append((blas._mine.depth, set(blas.threads().values())))
    monkeypatch.setattr(blas, "enter", spy_enter)
    obj.gr(obj.par + 0.1)
    obj.he(obj.par)
    assert len(depth) > 20 and all(t == {1} for _, t in depth)
    assert sum(d == 1 for d, _ in depth) == 2        # one pin per evaluation, the rest nest
    assert sets and set(sets) == {1, 2} and len(sets) == 4 * len(blas._libraries())
    assert set(blas.threads().values()) == {2} and blas._state["depth"] == 0


def test_host_ops_and_large_factorizations_get_the_users_threads_inside_a_pin(two_threads,
                                                                             monkeypatch):
    from numtape.ops import linalg
    seen = []
    real = np.linalg.solve

    def spy(a, b):   # the solve host op's LAPACK call, seeing the threads it runs with
        seen.append(("host", set(blas.threads().values())))
        return real(a, b)
    F = nt.MakeTape(lambda a: np.sum(np.linalg.solve(a.reshape(3, 3) + 4 * np.eye(3),
                                                     np.ones(3))), np.eye(3).ravel())
    monkeypatch.setattr(linalg.np.linalg, "solve", spy)
    with blas.pinned():
        seen.append(("pinned", set(blas.threads().values())))
        with blas.one_thread(blas.one_thread.SMALL):
            seen.append(("large", set(blas.threads().values())))
        with blas.one_thread(3):
            seen.append(("small", set(blas.threads().values())))
        F(np.eye(3).ravel())
        seen.append(("after", set(blas.threads().values())))
    assert seen == [("pinned", {1}), ("large", {2}), ("small", {1}), ("host", {2}),
                    ("after", {1})]
    assert set(blas.threads().values()) == {2} and blas._state["depth"] == 0


def test_a_fit_and_its_standard_errors_do_their_small_dense_algebra_with_one_thread(
        two_threads, monkeypatch):
    """BFGS's updates, the Newton polish's solve, sdreport's inverse and glmm's least-squares
    start are n x n problems of a few dozen parameters: one BLAS thread throughout (a second
    one stalls them on a busy machine), the user's threads back after."""
    import numtape.stats.sdreport as sdreport_module
    seen = []

    def spy(name, real):
        def inner(*a, **k):
            seen.append((name, set(blas.threads().values())))
            return real(*a, **k)
        return inner
    monkeypatch.setattr(np.linalg, "solve", spy("solve", np.linalg.solve))
    monkeypatch.setattr(np.linalg, "lstsq", spy("lstsq", np.linalg.lstsq))
    monkeypatch.setattr(sdreport_module, "_covariance",
                        spy("covariance", sdreport_module._covariance))
    rng = np.random.default_rng(1)
    x = rng.normal(size=40)
    g = np.repeat(np.arange(8), 5)
    y = rng.poisson(np.exp(0.2 + 0.4 * x + 0.5 * rng.normal(size=8)[g]))
    m = nt.glmm("y ~ x + (1 | g)", {"y": y, "x": x, "g": g}, family="poisson")
    m.coef_table()
    names = {n for n, _ in seen}
    assert {"lstsq", "solve", "covariance"} <= names, names
    assert all(t == {1} for _, t in seen)
    assert set(blas.threads().values()) == {2}
