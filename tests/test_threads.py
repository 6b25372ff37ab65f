"""Threads: recordings are thread-local, and a finished tape can be swept from many threads at
once (per-thread workspaces; ARCHITECTURE.md, "Glossary")."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import numtape as nt
import numtape.trace.recorder

N_THREADS = 4


def _model(c, n):
    def f(x):
        y = np.zeros_like(x)
        for i in range(n):                      # a Python loop: many scalar ops, interleaved
            y[i] = np.sin(x[i] * c) + x[i - 1] * c
        return np.sum(y ** 2) + c * np.prod(x[:3])
    return f


def _model_np(c, n, x):
    y = np.sin(x * c) + np.roll(x, 1) * c
    return np.sum(y ** 2) + c * np.prod(x[:3])


def _model_grad(c, n, x):
    y = np.sin(x * c) + np.roll(x, 1) * c
    g = 2 * y * np.cos(x * c) * c + np.roll(2 * y * c, -1)
    g[:3] += c * np.array([x[1] * x[2], x[0] * x[2], x[0] * x[1]])
    return g


def test_recording_in_several_threads_at_once():
    barrier = threading.Barrier(N_THREADS, timeout=60)
    errors = []

    def work(t):
        c, n = 0.5 + t, 20 + 7 * t
        seen = {}

        def f(x):
            rec = numtape.trace.recorder.current()
            seen["rec"] = rec
            y = np.zeros_like(x)
            for i in range(n // 2):
                y[i] = np.sin(x[i] * c) + x[i - 1] * c
            barrier.wait()                      # every thread is mid-recording now
            assert numtape.trace.recorder.current() is rec
            for i in range(n // 2, n):
                y[i] = np.sin(x[i] * c) + x[i - 1] * c
            barrier.wait()
            return np.sum(y ** 2) + c * np.prod(x[:3])

        F = nt.MakeTape(f, np.zeros(n))
        assert numtape.trace.recorder.current() is None
        return t, c, n, F, seen["rec"]

    with ThreadPoolExecutor(N_THREADS) as ex:
        results = list(ex.map(work, range(N_THREADS)))
    assert not errors
    recs = [r[4] for r in results]
    assert len({id(r) for r in recs}) == N_THREADS          # one recording per thread
    ref_ops = None
    for t, c, n, F, _ in results:
        assert F.n_in == n
        x = np.random.default_rng(t).normal(size=n)
        assert F(x) == pytest.approx(_model_np(c, n, x), rel=1e-13)
        np.testing.assert_allclose(F.gradient(x), _model_grad(c, n, x), rtol=1e-12, atol=1e-12)
        # the same tape as a recording made alone
        G = nt.MakeTape(_model(c, n), np.zeros(n))
        np.testing.assert_array_equal(F.op, G.op)
        np.testing.assert_array_equal(F.args, G.args)
        np.testing.assert_array_equal(F.consts, G.consts)
        ref_ops = F.n_ops if ref_ops is None else ref_ops
    assert numtape.trace.recorder.current() is None


def test_many_threads_recording_repeatedly():
    def work(t):
        out = []
        for r in range(15):
            c, n = 1.0 + 0.1 * t + 0.01 * r, 5 + (t + r) % 7
            F = nt.MakeTape(_model(c, n), np.zeros(n))
            x = np.linspace(-1, 1, n) + 0.1 * t
            out.append((F(x), _model_np(c, n, x)))
        return out

    with ThreadPoolExecutor(N_THREADS) as ex:
        results = list(ex.map(work, range(2 * N_THREADS)))
    for out in results:
        for got, ref in out:
            assert got == pytest.approx(ref, rel=1e-13)


def test_tapeconfig_is_per_thread():
    barrier = threading.Barrier(2, timeout=60)
    sizes = {}

    def work(mode):
        with nt.TapeConfig(atomic=mode):
            barrier.wait()                      # both threads have set their own mode
            sizes[mode] = len(nt.MakeTape(lambda X: X @ X, np.zeros((3, 3))))
            barrier.wait()

    threads = [threading.Thread(target=work, args=(m,)) for m in ("enable", "disable")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sizes["disable"] > sizes["enable"]
    assert len(nt.MakeTape(lambda X: X @ X, np.zeros((3, 3)))) == sizes["enable"]


def test_one_tape_swept_concurrently():
    n = 200
    A = np.random.default_rng(7).normal(size=(n, n)) / n

    def f(x):
        z = np.tanh(A @ x)
        return np.sum(z * np.cumsum(x) ** 2) + np.log1p(np.sum(x ** 2)) + np.max(x * z)
    F = nt.MakeTape(f, np.zeros(n))
    pts = np.random.default_rng(8).normal(size=(32, n))
    ref_val = [F(p) for p in pts]
    ref_grad = [F.gradient(p) for p in pts]
    ref_jvp = [F.jvp(p, p[::-1]) for p in pts]
    start = threading.Barrier(N_THREADS, timeout=60)

    def work(t):
        start.wait()
        bad = []
        for r in range(600):
            j = (t * 11 + r * 5) % len(pts)
            kind = r % 3
            if kind == 0:
                ok = np.array_equal(F.gradient(pts[j]), ref_grad[j])
            elif kind == 1:
                ok = F(pts[j]) == ref_val[j]
            else:
                ok = F.jvp(pts[j], pts[j][::-1]) == ref_jvp[j]
            if not ok:
                bad.append((t, r, j, kind))
        return bad

    with ThreadPoolExecutor(N_THREADS) as ex:
        bad = [b for out in ex.map(work, range(N_THREADS)) for b in out]
    assert bad == []
    # and the results are those of sequential calls afterwards, too
    np.testing.assert_array_equal(F.gradient(pts[3]), ref_grad[3])


def test_concurrent_jacobians_of_a_vector_tape():
    F = nt.MakeTape(lambda x: np.concatenate([np.sin(x) * x[0], np.cumsum(x ** 2)]),
                    np.zeros(6))                      # m > n: tangent sweeps
    pts = np.random.default_rng(9).normal(size=(8, 6))
    ref = [F.jacobian(p) for p in pts]

    def work(t):
        return all(np.array_equal(F.jacobian(pts[(t + r) % 8]), ref[(t + r) % 8])
                   for r in range(100))

    with ThreadPoolExecutor(N_THREADS) as ex:
        assert all(ex.map(work, range(N_THREADS)))


def test_host_ops_and_atomic_calls_swept_concurrently():
    """Tapes holding host ops (LAPACK) and atomic calls: every thread gets its own workspaces,
    the sub-tape's included, so concurrent gradients and Hessians equal the serial ones."""
    inner = nt.MakeTape(lambda v: np.sin(v) * v[::-1], np.zeros(3)).atomic()

    def f(x):
        A = x[:9].reshape(3, 3) @ x[:9].reshape(3, 3).T + 3.0 * np.eye(3)
        z = np.linalg.solve(A, inner(x[9:]))
        return np.linalg.slogdet(A)[1] + z @ z
    F = nt.MakeTape(f, np.zeros(12))
    rng = np.random.default_rng(5)
    points = [rng.uniform(-1, 1, 12) for _ in range(8)]
    expected = [(F.gradient(p), F.hessian(p)) for p in points]

    def work(i):
        p = points[i % len(points)]
        for _ in range(20):
            g, h = F.gradient(p), F.hessian(p)
        return i, g, h
    with ThreadPoolExecutor(N_THREADS) as pool:
        for i, g, h in pool.map(work, range(16)):
            np.testing.assert_array_equal(g, expected[i % len(points)][0])
            np.testing.assert_array_equal(h, expected[i % len(points)][1])
