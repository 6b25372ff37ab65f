"""Batched replay (README.md, "Many points, cores and machines"): ``F.map``,
``F.gradient_map``, ``F.jacobian_map`` equal per-point calls bit for bit, for every op of the
table (the op cases of tests/opcases.py), scalar and vector tapes, named inputs, empty and
one-row batches, one and two worker threads, concurrent callers, and tapes swept from Python
(host ops, compiled segments)."""
import threading

import numpy as np
import pytest

import numtape as nt
from numtape.ops import OPS
from numtape.tape import validate
from numtape.testing import finite_jacobian
from opcases import assert_bitwise, op_case

def stacked(fn, points):
    return np.stack([np.asarray(fn(x)) for x in points])


@pytest.mark.parametrize("spec", OPS, ids=[s.name for s in OPS])
def test_every_op_batched_equals_per_point(spec):
    f, points = op_case(spec)
    F = nt.MakeTape(f, points[0])
    assert spec.code in F.op
    X = np.stack(points)
    assert_bitwise(F.map(X, workers=2), stacked(F, points))
    assert_bitwise(F.jacobian_map(X, workers=2), stacked(F.jacobian, points))
    w = np.random.default_rng(1).uniform(0.5, 1.5, F.n_out)
    S = nt.MakeTape(lambda x: np.sum(np.ravel(F(x)) * w), points[0])   # F inlined
    assert_bitwise(S.gradient_map(X, workers=2), stacked(S.gradient, points))


def chain(x):
    """Many op families in one scalar: elementwise unary/binary/special, reductions, matmul,
    cumsum, gather, comparisons with np.where."""
    A = np.linspace(-1.0, 1.0, 3 * x.size).reshape(3, x.size)
    y = A @ np.tanh(x) + np.exp(0.3 * x[:3])
    z = np.where(y > 0.1, np.log1p(y * y), np.sin(y)) * np.cumsum(x[::-1])[:3]
    return np.sum(z ** 2) + np.max(x) * nt.logsumexp(x) + np.prod(np.cos(x[1:3]))


X8 = np.random.default_rng(7).standard_normal((40, 5))


def test_chain_of_op_families_scalar_tape():
    F = nt.MakeTape(chain, np.zeros(5))
    for workers in (1, 2):
        assert_bitwise(F.gradient_map(X8, workers=workers), stacked(F.gradient, X8))
        assert_bitwise(F.map(X8, workers=workers), stacked(F, X8))
        assert_bitwise(F.jacobian_map(X8, workers=workers), stacked(F.jacobian, X8))
    assert F.map(X8).shape == (40,) and F.jacobian_map(X8).shape == (40, 1, 5)


def test_gradient_map_matches_finite_differences():
    F = nt.MakeTape(chain, np.zeros(5))
    G = F.gradient_map(X8[:4])
    for x, g in zip(X8[:4], G):
        np.testing.assert_allclose(g, finite_jacobian(chain, x)[0], rtol=1e-6, atol=1e-8)


def test_jacobian_map_in_chunks_reverse_and_tangent():
    """Reverse sweeps for m <= n, in chunks of 64 seeds (here 64, 64, 2); tangent sweeps for
    m > n, in chunks of 64 directions (64, 6)."""
    def f_rev(x):
        return np.sin(x) * x[::-1] + np.sum(x)

    def f_tan(x):
        return np.concatenate([np.sin(x), np.cos(x) * x[0]])

    rng = np.random.default_rng(3)
    for f, n in ((f_rev, 130), (f_tan, 70)):
        F = nt.MakeTape(f, np.zeros(n))
        X = rng.standard_normal((5, F.n_in))
        J = F.jacobian_map(X, workers=2)
        assert_bitwise(J, stacked(F.jacobian, X))
        assert_bitwise(F.map(X, workers=2), stacked(F, X))
        np.testing.assert_allclose(J[0], finite_jacobian(f, X[0]), rtol=1e-6, atol=1e-9)


def test_shaped_inputs_and_outputs():
    F = nt.MakeTape(lambda x: np.exp(x).T * x[0, 0], np.zeros((2, 3)))
    X = np.random.default_rng(4).standard_normal((6, 2, 3))
    Y = F.map(X)
    assert Y.shape == (6, 3, 2)
    assert_bitwise(Y, stacked(F, X))
    assert_bitwise(F.map(X.reshape(6, 6)), Y)          # flat rows are accepted too
    assert F.jacobian_map(X).shape == (6, 6, 6)
    S = nt.MakeTape(lambda x: np.sum(np.sin(x) * x[1]), np.zeros((2, 3)))
    G = S.gradient_map(X)
    assert G.shape == (6, 2, 3)
    assert_bitwise(G, stacked(S.gradient, X))


def test_named_inputs_take_and_give_dicts():
    x0 = {"a": np.zeros(2), "b": np.zeros((2, 2))}
    F = nt.MakeTape(lambda d: np.sum(d["b"] @ np.exp(d["a"])) + d["a"][0] ** 3, x0)
    rng = np.random.default_rng(5)
    X = {"a": rng.standard_normal((4, 2)), "b": rng.standard_normal((4, 2, 2))}
    rows = [{"a": X["a"][b], "b": X["b"][b]} for b in range(4)]
    assert_bitwise(F.map(X), stacked(F, rows))
    G = F.gradient_map(X, workers=2)
    assert set(G) == {"a", "b"} and G["a"].shape == (4, 2) and G["b"].shape == (4, 2, 2)
    for k in G:
        assert_bitwise(G[k], np.stack([F.gradient(r)[k] for r in rows]))
    assert_bitwise(F.jacobian_map(X), stacked(F.jacobian, rows))
    flat = np.stack([F.flatten_input(r) for r in rows])
    assert_bitwise(F.gradient_map(flat)["b"], G["b"])   # flat rows of a named tape


@pytest.mark.parametrize("B", [0, 1])
def test_empty_and_single_row_batches(B):
    F = nt.MakeTape(lambda x: np.sum(np.sin(x) ** 2), np.zeros(3))
    V = nt.MakeTape(lambda x: np.outer(x, x), np.zeros(3))
    X = np.random.default_rng(6).standard_normal((B, 3))
    assert F.map(X).shape == (B,) and F.gradient_map(X).shape == (B, 3)
    assert V.map(X).shape == (B, 3, 3) and V.jacobian_map(X).shape == (B, 9, 3)
    if B:
        assert_bitwise(F.gradient_map(X)[0], F.gradient(X[0]))
        assert_bitwise(V.jacobian_map(X)[0], V.jacobian(X[0]))
    D = nt.MakeTape(lambda d: np.sum(d["u"] ** 2), {"u": np.zeros(2)})
    assert D.gradient_map({"u": np.zeros((B, 2))})["u"].shape == (B, 2)


def test_wrong_shapes_name_expected_and_given():
    F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros((2, 3)))
    for bad in (np.zeros((4, 5)), np.zeros(6), np.zeros((4, 3, 2)), 1.0):
        with pytest.raises(ValueError, match=r"expected \(B,\) \+ \(2, 3\)") as e:
            F.map(bad)
        assert str(np.shape(bad)) in str(e.value)
    D = nt.MakeTape(lambda d: np.sum(d["u"]) * d["v"], {"u": np.zeros(2), "v": np.zeros(())})
    with pytest.raises(ValueError, match="keys"):
        D.map({"u": np.zeros((3, 2))})
    with pytest.raises(ValueError, match=r"same B"):
        D.map({"u": np.zeros((3, 2)), "v": np.zeros(4)})
    with pytest.raises(ValueError, match=r"'u': \('B', 2\)"):
        D.map({"u": np.zeros((3, 3)), "v": np.zeros(3)})
    with pytest.raises(ValueError, match="not a dict"):
        F.map({"x": np.zeros((1, 2, 3))})
    with pytest.raises(TypeError, match="complex"):
        F.map(np.zeros((1, 2, 3), dtype=complex))
    V = nt.MakeTape(lambda x: x * 2.0, np.zeros(2))
    with pytest.raises(ValueError, match="scalar tape"):
        V.gradient_map(np.zeros((3, 2)))


@pytest.mark.parametrize("workers, error", [(0, ValueError), (-2, ValueError),
                                            (1.5, TypeError), ("2", TypeError),
                                            (True, TypeError)])
def test_workers_must_be_a_positive_int_or_none(workers, error):
    F = nt.MakeTape(lambda x: np.sum(x), np.zeros(2))
    with pytest.raises(error, match="workers"):
        F.gradient_map(np.zeros((2, 2)), workers=workers)


def test_non_finite_rows_propagate_like_per_point_calls():
    F = nt.MakeTape(lambda x: np.sum(np.sqrt(x) * np.exp(x)), np.ones(2))
    X = np.array([[1.0, np.nan], [np.inf, 1.0], [-1.0, 2.0], [1.0, 2.0]])
    with np.errstate(all="ignore"):
        expected_g, expected_y = stacked(F.gradient, X), stacked(F, X)
    assert_bitwise(F.gradient_map(X), expected_g)
    assert_bitwise(F.map(X), expected_y)
    assert np.isnan(expected_g[0]).any() and np.isfinite(expected_g[3]).all()


def test_one_and_two_workers_agree_and_results_do_not_depend_on_chunks():
    F = nt.MakeTape(lambda x: np.sum(np.exp(0.5 * x[1:] + np.sin(x[:-1])) * x[1:]),
                    np.zeros(50))
    X = np.random.default_rng(8).standard_normal((257, 50))
    G1, G2, G5 = (F.gradient_map(X, workers=w) for w in (1, 2, 5))
    assert_bitwise(G1, G2)
    assert_bitwise(G1, G5)
    assert_bitwise(G1[::64], stacked(F.gradient, X[::64]))
    assert_bitwise(F.map(X, workers=1), F.map(X, workers=2))


def test_concurrent_calls_from_two_threads():
    F = nt.MakeTape(chain, np.zeros(5))
    rng = np.random.default_rng(9)
    batches = [rng.standard_normal((30, 5)) for _ in range(2)]
    expected = [stacked(F.gradient, X) for X in batches]
    errors = []

    def run(i):
        try:
            for _ in range(20):
                assert_bitwise(F.gradient_map(batches[i], workers=2), expected[i])
                assert_bitwise(F.map(batches[i]), stacked(F, batches[i]))
        except Exception as e:   # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_host_op_tape_falls_back_to_per_row_sweeps():
    A0 = np.array([[3.0, 0.5, 0.1], [0.2, 4.0, 0.3], [0.1, 0.2, 5.0]])

    def f(x):
        return np.sum(np.linalg.solve(A0 + np.diag(x), np.exp(x)) ** 2)

    F = nt.MakeTape(f, np.zeros(3))
    assert any(s.python for s in F.sweeps.plan)
    X = np.random.default_rng(10).uniform(-0.5, 0.5, (9, 3))
    for workers in (1, 2):
        assert_bitwise(F.gradient_map(X, workers=workers), stacked(F.gradient, X))
        assert_bitwise(F.map(X, workers=workers), stacked(F, X))
        assert_bitwise(F.jacobian_map(X, workers=workers), stacked(F.jacobian, X))
    np.testing.assert_allclose(F.gradient_map(X[:1])[0], finite_jacobian(f, X[0])[0],
                               rtol=1e-6)


def recurrence(th):
    """A Python loop: F.compile() sweeps it as a re-rolled loop."""
    h, loss = 0.0, 0.0
    y = np.linspace(-1.0, 1.0, 41)
    for t in range(40):
        h = np.tanh(th[0] * h + th[1] * y[t] + th[2])
        loss = loss + (y[t + 1] - h) ** 2
    return loss


def test_compiled_tapes_run_their_fused_runs_and_loops_in_the_jitted_rows():
    fused = nt.MakeTape(lambda x: np.sum(np.exp(x) * np.sin(x)), np.zeros(100))
    looped = nt.MakeTape(recurrence, np.zeros(3))
    rng = np.random.default_rng(11)
    for F, kind in ((fused, "Fused"), (looped, "Loop")):
        assert F.compile() >= 1
        assert kind in {type(s).__name__ for s in F.sweeps.plan}
        X = 0.3 * rng.standard_normal((7, F.n_in))
        assert_bitwise(F.gradient_map(X, workers=2), stacked(F.gradient, X))
        assert_bitwise(F.map(X), stacked(F, X))
        assert_bitwise(F.jacobian_map(X), stacked(F.jacobian, X))
    x = np.array([0.4, -0.2, 0.1])
    np.testing.assert_allclose(looped.gradient_map(x[None])[0],
                               finite_jacobian(recurrence, x)[0], rtol=1e-6)


def test_atomic_calls_run_through_the_fallback():
    A = nt.MakeTape(lambda v: np.sin(v) * np.exp(v), np.zeros(2)).atomic()
    F = nt.MakeTape(lambda x: np.sum(A(x) * A(x[::-1])), np.zeros(2))
    X = np.random.default_rng(12).standard_normal((5, 2))
    assert_bitwise(F.gradient_map(X, workers=2), stacked(F.gradient, X))


@pytest.mark.slow
def test_int64_index_tapes_batch_like_int32_ones(monkeypatch):
    x0 = np.zeros(4)
    narrow = nt.MakeTape(chain, x0)
    monkeypatch.setattr(validate, "INT32_ARENA_LIMIT", 0)
    wide = nt.MakeTape(chain, x0)
    assert wide.args.dtype == np.int64
    X = np.random.default_rng(13).standard_normal((6, 4))
    assert_bitwise(wide.gradient_map(X), narrow.gradient_map(X))
    assert_bitwise(wide.jacobian_map(X), narrow.jacobian_map(X))


# workspaces kept per thread and tape plan, reused by the next call (batch._workspace)
def test_workspaces_are_reused_across_calls_with_the_same_results():
    """Calls of every kind in turn reuse the thread's workspaces (adjoints left dirty by one
    call, tangents beside them) and still equal per-point calls."""
    from numtape.tape import native
    wide = nt.MakeTape(chain, np.zeros(5))                                  # m <= n: adjoints
    tall = nt.MakeTape(lambda x: np.concatenate([np.sin(x) * x[0], np.exp(x[::-1])]),
                       np.zeros(3))                                          # m > n: tangents
    rng = np.random.default_rng(14)
    for F in (wide, tall):
        K = native.native_plan(F)
        before = {}
        for _ in range(3):
            X = rng.standard_normal((7, F.n_in))
            assert_bitwise(F.map(X, workers=1), stacked(F, X))
            assert_bitwise(F.jacobian_map(X, workers=1), stacked(F.jacobian, X))
            if F.n_out == 1:
                assert_bitwise(F.gradient_map(X, workers=1), stacked(F.gradient, X))
            kept = dict(K.local.__dict__)
            assert kept and not any(ws["busy"] for ws in kept.values())
            assert all(kept[k] is before[k] for k in before)   # the same arrays again
            before = kept
    assert {k[0] for k in native.native_plan(wide).local.__dict__} == {"val", "adj"}
    assert {k[0] for k in native.native_plan(tall).local.__dict__} == {"val", "tan"}


def test_a_workspace_in_use_is_not_handed_out_again():
    """A call made while the thread's workspace is in use (re-entrantly) sweeps in fresh
    arrays and leaves the kept ones alone."""
    from numtape.tape import native
    F = nt.MakeTape(chain, np.zeros(5))
    F.gradient_map(X8[:3], workers=1)
    K = native.native_plan(F)
    (key, ws), = ((k, v) for k, v in K.local.__dict__.items() if k[0] == "adj")
    ws["busy"] = True
    saved = {k: v.copy() for k, v in ws.items() if isinstance(v, np.ndarray)}
    assert_bitwise(F.gradient_map(X8, workers=1), stacked(F.gradient, X8))
    assert all(np.array_equal(ws[k], v, equal_nan=True) for k, v in saved.items())
    assert K.local.__dict__[key] is ws
    ws["busy"] = False
