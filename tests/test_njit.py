"""Tapes inside the user's own Numba code (README.md, "Many points, cores and machines"):
``F.njit().value`` and ``.value_and_grad`` called from (and passed to) ``@numba.njit``
functions equal ``F(x)`` and ``F.gradient(x)`` bit for bit, for one tape holding every op that
runs in the jitted sweeps; sizes and types are checked, tapes whose sweeps need Python are
refused, and calls from many threads are safe."""
import gc
import importlib.util
import os
import pathlib
import subprocess
import sys
import threading
import warnings

import numba
import numpy as np
import pytest
from numba.core.errors import TypingError

import numtape as nt
from numtape.ops import OPS
from numtape.testing import finite_jacobian
from opcases import assert_bitwise, op_case
from test_batched import chain, recurrence

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _every_jitted_op():
    """(V, S, points): a vector tape V whose outputs are those of every op case of the table
    that runs in the jitted sweeps (opcases.op_case, each recorded once and inlined), a
    scalar tape S = w . V(x), and two input points."""
    parts, start = [], 0
    for spec in OPS:
        if spec.host:
            continue
        f, points = op_case(spec)
        T = nt.MakeTape(f, points[0])
        parts.append((T, start, points[0].shape, points[:2]))
        start += points[0].size

    def every(x):
        return np.concatenate([np.ravel(T(x[s:s + int(np.prod(sh))].reshape(sh)))
                               for T, s, sh, _ in parts])

    points = [np.concatenate([np.ravel(p[r]) for *_, p in parts]) for r in range(2)]
    V = nt.MakeTape(every, points[0])
    w = np.random.default_rng(2).uniform(0.5, 1.5, V.n_out)
    S = nt.MakeTape(lambda x: np.sum(V(x) * w), points[0])
    return V, S, points


V_ALL, S_ALL, POINTS = _every_jitted_op()


def test_every_jitted_op_is_covered():
    jitted = {s.code for s in OPS if not s.host}
    assert jitted <= set(V_ALL.op.tolist()) and jitted <= set(S_ALL.op.tolist())
    assert np.isfinite(S_ALL.gradient(POINTS[0])).all()


# values and gradients called from user code through a closure, and passed as arguments
def test_value_inside_user_code_equals_per_point_calls():
    value = V_ALL.njit().value

    @numba.njit
    def user(x, out):
        value(x, out)       # a closure variable of the user's function
        return out.sum()

    for x in POINTS:
        out = np.empty(V_ALL.n_out)
        user(x, out)
        assert_bitwise(out, V_ALL(x))


def test_value_and_grad_passed_to_user_code_equals_per_point_calls():
    @numba.njit
    def user(f, x, g):      # f: the bound function, an argument
        return f(x, g)

    vg = S_ALL.njit().value_and_grad
    for x in POINTS:
        g = np.empty(S_ALL.n_in)
        v = user(vg, x, g)
        assert_bitwise(g, S_ALL.gradient(x))
        assert_bitwise(v, S_ALL(x))
        assert type(v) is float


def test_value_and_grad_matches_finite_differences_and_the_value():
    F = nt.MakeTape(chain, np.zeros(5))
    B = F.njit()
    x, g, out = np.array([0.3, -0.4, 0.9, 0.1, -1.2]), np.empty(5), np.empty(1)
    v = B.value_and_grad(x, g)
    B.value(x, out)
    assert v == out[0] == F(x)
    np.testing.assert_allclose(g, finite_jacobian(chain, x)[0], rtol=1e-6)
    assert_bitwise(g, F.gradient(x))


def test_named_and_shaped_tapes_take_flat_arrays():
    F = nt.MakeTape(lambda d: np.sum(d["b"] @ np.exp(d["a"])), {"a": np.zeros(2),
                                                                "b": np.zeros((2, 2))})
    d = {"a": np.array([0.1, 0.2]), "b": np.array([[1.0, 2.0], [3.0, 4.0]])}
    g = np.empty(6)
    assert F.njit().value_and_grad(F.flatten_input(d), g) == F(d)
    assert_bitwise(g, F.flatten_input(F.gradient(d)))
    M = nt.MakeTape(lambda x: np.exp(x).T, np.zeros((2, 3)))
    x, out = np.linspace(0, 1, 6), np.empty(6)
    M.njit().value(x, out)
    assert_bitwise(out, M(x.reshape(2, 3)).ravel())


def test_compiled_tapes_bind_their_compiled_segments():
    F = nt.MakeTape(recurrence, np.zeros(3))
    before = F.njit()
    assert F.compile() == 1
    after = F.njit()
    assert after is not before and after is F.njit()
    x, g = np.array([0.4, -0.2, 0.1]), np.empty(3)
    assert after.value_and_grad(x, g) == F(x)
    assert_bitwise(g, F.gradient(x))


def test_non_scalar_tapes_have_no_value_and_grad():
    B = nt.MakeTape(lambda x: x * 2.0, np.zeros(2)).njit()
    with pytest.raises(ValueError, match="scalar tape; this one has 2 outputs"):
        B.value_and_grad(np.zeros(2), np.zeros(2))
    assert B.n_in == B.n_out == 2


def test_njit_is_built_once_per_tape():
    F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
    assert F.njit() is F.njit()


# checks: sizes at run time (ValueError from nopython code), types at compile time
def test_wrong_sizes_raise_value_error_naming_them():
    B = S_ALL.njit()
    n = S_ALL.n_in
    with pytest.raises(ValueError, match=f"x has {n + 1} values; this tape expects {n}"):
        B.value_and_grad(np.zeros(n + 1), np.zeros(n))
    with pytest.raises(ValueError, match=f"g has 3 values; this tape has {n} inputs"):
        B.value_and_grad(np.zeros(n), np.zeros(3))
    with pytest.raises(ValueError, match="out has 2 values; this tape has 1 outputs"):
        B.value(np.zeros(n), np.zeros(2))
    with pytest.raises(ValueError, match="x has 0 values"):
        B.value(np.zeros(0), np.zeros(1))


@pytest.mark.parametrize("x, g", [(np.zeros(2, dtype=np.int64), np.zeros(2)),
                                  (np.zeros((1, 2)), np.zeros(2)),
                                  (np.zeros(2), np.zeros(2, dtype=np.float32))])
def test_wrong_types_are_refused_at_compile_time(x, g):
    B = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2)).njit()
    with pytest.raises(TypingError, match="must be a .*1-d float64 array"):
        B.value_and_grad(x, g)


def test_read_only_output_is_refused_at_compile_time():
    B = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2)).njit()
    g = np.zeros(2)
    g.setflags(write=False)
    with pytest.raises(TypingError, match="writable"):
        B.value_and_grad(np.zeros(2), g)


# tapes whose sweeps run Python
def test_host_op_and_call_tapes_are_refused_naming_the_ops():
    S = nt.MakeTape(lambda x: np.sum(np.linalg.solve(np.diag(x) + 3.0, x)), np.ones(2))
    with pytest.raises(TypeError, match=r"SolveOp x1.*F\.gradient"):
        S.njit()
    A = nt.MakeTape(lambda v: np.sin(v) * v, np.zeros(2)).atomic()
    C = nt.MakeTape(lambda x: np.sum(A(x) * A(x[::-1])), np.zeros(2))
    with pytest.raises(TypeError, match="CallOp x2"):
        C.njit()


# threads and the disk cache
def test_calls_from_two_threads_at_once():
    F = nt.MakeTape(chain, np.zeros(5))
    vg = F.njit().value_and_grad

    @numba.njit(nogil=True)
    def sweep_rows(X, G, V):
        for b in range(X.shape[0]):
            V[b] = vg(X[b], G[b])

    rng = np.random.default_rng(3)
    batches = [rng.standard_normal((200, 5)) for _ in range(2)]
    results = [(np.empty((200, 5)), np.empty(200)) for _ in range(2)]
    sweep_rows(batches[0][:1], results[0][0][:1], results[0][1][:1])   # compile first
    threads = [threading.Thread(target=sweep_rows, args=(batches[i], *results[i]))
               for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for X, (G, V) in zip(batches, results):
        assert_bitwise(G, F.gradient_map(X))
        assert_bitwise(V, F.map(X))


def test_user_functions_holding_bound_tapes_are_never_cached_on_disk():
    """The bound functions embed this process's addresses: a cached copy of a user's
    ``cache=True`` function would call stale ones in the next process, so Numba is told not
    to cache it (a NumbaWarning), and it still runs."""
    vg = nt.MakeTape(lambda x: np.sum(x ** 3), np.zeros(2)).njit().value_and_grad

    @numba.njit(cache=True)
    def user(x, g):
        return vg(x, g)

    g = np.zeros(2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert user(np.array([1.0, 2.0]), g) == 9.0
    assert any("dynamic globals" in str(w.message) for w in caught)
    assert_bitwise(g, np.array([3.0, 12.0]))


SCRIPT = """
import numpy as np, numtape as nt
nt.sweep_kernels("full")
F = nt.MakeTape(lambda x: np.sum(np.exp(x) * x[::-1]), np.zeros(3))
X = np.arange(6.0).reshape(2, 3) / 7
g = np.empty(3)
v = F.njit().value_and_grad(X[1], g)
assert v == F(X[1]) and np.array_equal(g, F.gradient(X[1]))
assert np.array_equal(F.gradient_map(X, workers=2), np.stack([F.gradient(x) for x in X]))
assert np.array_equal(F.jacobian_map(X), np.stack([F.jacobian(x) for x in X]))
print("ok")
"""


def test_without_the_jit_the_same_api_runs_in_python():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and "ok" in r.stdout, r.stderr[-3000:]


def test_hmc_example_samples_the_posterior():
    spec = importlib.util.spec_from_file_location("hmc_logistic",
                                                  ROOT / "examples" / "hmc_logistic.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    res = mod.main(n_samples=3000, n_python=50, verbose=False)
    assert res["max_z"] < 4.0 and 0.5 < res["acceptance"] <= 1.0   # near the MAP, in sd's
    assert np.all(np.abs(res["python_mean"] - res["map"]) < 6 * res["sd"])   # 50 draws


# the workspace pool (numtape/tape/bound.py, "Workspaces and threads")
def w1(x):
    return np.sum(np.exp(0.5 * x[1:] + np.sin(x[:-1])) * x[1:])


def _tape(which):
    """A block tape (its reverse sweep clears the adjoints: no zeroing between calls) or a
    scalar one (the forward sweep zeroes them)."""
    F = nt.MakeTape(w1, np.zeros(50)) if which == "block" else nt.MakeTape(recurrence,
                                                                          np.zeros(3))
    assert F.sweeps.clear == (which == "block")
    return F


@numba.njit
def _alternate(vg, value, X, G, V, Y):
    """Gradients and values at the rows of X, interleaved (one workspace serves both)."""
    for b in range(X.shape[0]):
        V[b] = vg(X[b], G[b])
        value(X[(b + 1) % X.shape[0]], Y[b])


@pytest.mark.parametrize("which", ["block", "scalar"])
def test_pooled_calls_equal_fresh_array_calls_and_per_point_calls(which):
    from numtape.tape import bound
    F = _tape(which)
    X = 0.4 * np.random.default_rng(20).standard_normal((12, F.n_in))
    got = {}
    for name, B in (("pooled", F.njit()), ("fresh", bound._bind(F, slots=0))):
        G, V, Y = np.empty(X.shape), np.empty(len(X)), np.empty((len(X), 1))
        _alternate(B.value_and_grad, B.value, X, G, V, Y)
        got[name] = (G, V, Y)
        assert B.pool.taken() == 0
    assert F.njit().pool.buffers() == 1      # one workspace served every call
    for G, V, Y in got.values():
        assert_bitwise(G, F.gradient_map(X))
        assert_bitwise(V, F.map(X))
        assert_bitwise(Y[:, 0], np.roll(F.map(X), -1))


@pytest.mark.parametrize("slots", [None, 1])
def test_pool_under_threads_gives_each_call_its_own_workspace(slots):
    """Four threads sweep at once: with the default pool each takes its own workspace; with a
    pool of one slot the calls that find it taken sweep in fresh arrays.  Results equal
    per-point calls, and every workspace is given back."""
    from numtape.tape import bound
    F = _tape("block")
    B = F.njit() if slots is None else bound._bind(F, slots=slots)
    vg = B.value_and_grad

    @numba.njit(nogil=True)
    def rows(X, G, V):
        for b in range(X.shape[0]):
            V[b] = vg(X[b], G[b])

    rng = np.random.default_rng(21)
    batches = [0.4 * rng.standard_normal((400, F.n_in)) for _ in range(4)]
    results = [(np.empty(X.shape), np.empty(len(X))) for X in batches]
    rows(batches[0][:1], results[0][0][:1], results[0][1][:1])   # compile first
    start = threading.Barrier(4)

    def run(i):
        start.wait()
        rows(batches[i], *results[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for X, (G, V) in zip(batches, results):
        assert_bitwise(G, F.gradient_map(X))
        assert_bitwise(V, F.map(X))
    assert B.pool.taken() == 0 and 1 <= B.pool.buffers() <= (slots or 4)


def test_a_taken_workspace_is_never_handed_to_another_call():
    """A call made while another holds a workspace (another thread, or re-entrantly) takes the
    next one; with every slot taken it sweeps in fresh arrays."""
    from numtape.tape import bound
    F = _tape("block")
    B = bound._bind(F, slots=3)
    x, g = 0.3 * np.ones(F.n_in), np.empty(F.n_in)
    B.value_and_grad(x, g)
    T = B.pool.table
    T[0, 0] = 1                   # slot 0 held by a call in progress
    for k in range(3):
        x = 0.2 * np.random.default_rng(k).standard_normal(F.n_in)
        assert B.value_and_grad(x, g) == F(x)
        assert_bitwise(g, F.gradient(x))
    assert B.pool.buffers() == 2 and list(T[:, 0]) == [1, 0, 0]
    T[:, 0] = 1                   # every slot held
    assert B.value_and_grad(x, g) == F(x)
    assert_bitwise(g, F.gradient(x))
    assert B.pool.buffers() == 2
    T[:, 0] = 0


def test_pool_buffers_are_freed_with_the_functions():
    from numtape.tape import bound
    F = _tape("block")
    B = bound._bind(F)
    g = np.empty(F.n_in)
    B.value_and_grad(np.ones(F.n_in), g)
    table = B.pool.table
    assert table[0, 1] != 0
    del B
    gc.collect()
    assert table[0, 1] == 0 and table[0, 2] == 0
