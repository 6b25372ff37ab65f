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

    def spy():
        enter()
        seen.append(set(blas.threads().values()))
    monkeypatch.setattr(blas, "enter", spy)
    F = nt.MakeTape(_w3, np.zeros(4))
    g = F.gradient(np.ones(4))
    np.testing.assert_allclose(g, -2.0 * X.T @ (1.0 - X @ np.ones(4)), rtol=1e-12)
    assert seen and all(s == {1} for s in seen)
    assert set(blas.threads().values()) == {2}   # the user's threads are back


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
