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
