"""Atomic tapes (F.atomic()): one CallOp per call, shared sub-tape, checkpointed sweeps."""
import numpy as np
import pytest

import numtape as nt
from numtape.ops import BY_NAME
from numtape.testing import check_grads, finite_jacobian

CALL = BY_NAME["CallOp"].code


def _inner(x):
    return np.stack([np.sin(x[0]) * np.exp(x[1]), x[0] ** 2 - np.log1p(x[1] ** 2)])


A = nt.MakeTape(_inner, np.zeros(2)).atomic()


def _chain(x, g, steps):
    y = x[:2]
    for _ in range(steps):
        y = g(y) * 0.5 + x[2:]
    return np.sum(y ** 2)


@pytest.mark.parametrize("f", [
    lambda x: np.sum(A(x[:2]) * A(x[2:])),
    lambda x: _chain(x, A, 4),
    lambda x: A(A(x[:2]) + x[2:]),               # vector output, calls feeding calls
    lambda x: np.tanh(A(x[::-1][:2])) @ x[2:],   # input gathered first
    lambda x: A(x[:2])[1] * A(np.array([0.3, -0.2]) + 0.0 * x[0])[0],  # a constant-ish input
])
def test_derivatives_match_inlined(f):
    x = np.array([0.3, -0.4, 0.8, 0.1])
    F = check_grads(f, x)
    assert CALL in F.op
    inlined = nt.MakeTape(lambda z: f_inlined(f, z), x)
    assert CALL not in inlined.op
    np.testing.assert_allclose(F(x), inlined(x), rtol=1e-14)
    np.testing.assert_allclose(F.jacobian(x), inlined.jacobian(x), rtol=1e-13, atol=1e-15)


def f_inlined(f, z):
    """F with A replaced by its inlined form (the same function, recorded op by op)."""
    global A
    saved, A = A, nt.MakeTape(_inner, np.zeros(2))
    try:
        return f(z)
    finally:
        A = saved


def test_constant_input_call():
    F = nt.MakeTape(lambda x: x[0] * A(nt.zeros(2) + np.array([0.3, -0.2]))[0], np.zeros(1))
    assert CALL in F.op
    np.testing.assert_allclose(F.gradient([2.0]), _inner(np.array([0.3, -0.2]))[0])


def test_tape_grows_by_O1_per_call():
    sizes = {}
    for steps in (10, 1000):
        F = nt.MakeTape(lambda x, steps=steps: _chain(x, A, steps), np.zeros(4))
        sizes[steps] = (F.n_ops, F.arena_size)
    per_call_ops = (sizes[1000][0] - sizes[10][0]) / 990
    per_call_arena = (sizes[1000][1] - sizes[10][1]) / 990
    assert per_call_ops <= 3 and per_call_arena <= 6, sizes


def test_second_order_and_nested_atomic():
    B = nt.MakeTape(lambda x: np.sum(A(x) ** 2), np.zeros(2)).atomic()   # atomic of atomic
    F = nt.MakeTape(lambda x: B(x) * B(x[::-1]), np.zeros(2))
    x = np.array([0.2, 0.5])
    H = F.hessian(x)
    np.testing.assert_allclose(H, finite_jacobian(F.gradient, x), rtol=1e-7, atol=1e-8)
    G = F.jacfun()
    assert CALL in G.op        # the derivative tape calls the atomic VJP tapes
    np.testing.assert_allclose(F.hvp(x, [1.0, -1.0]), H @ [1.0, -1.0], rtol=1e-12)
    T = G.jacfun()             # jacfun of jacfun through calls
    np.testing.assert_allclose(T(x).reshape(2, 2), H, rtol=1e-12)


def test_simplify_sparse_and_save(tmp_path):
    F = nt.MakeTape(lambda x: A(x[:2]) + A(x[:2]) * 0.0 + x[2:], np.zeros(4))
    x = np.array([0.3, -0.4, 0.8, 0.1])
    for mode in ("eliminate", "optimize"):
        S = F.simplify(mode)
        np.testing.assert_array_equal(S(x), F(x))
        np.testing.assert_allclose(S.jacobian(x), F.jacobian(x), rtol=1e-14)
    np.testing.assert_allclose(F.jacfun(sparse=True)(x).toarray(), F.jacobian(x), rtol=1e-13)
    with pytest.raises(ValueError, match="atomic"):
        F.save(tmp_path / "never-written.npz")
    assert not list(tmp_path.iterdir())


def test_atomic_evaluates_like_its_tape():
    T = nt.MakeTape(_inner, np.zeros(2))
    x = np.array([0.7, 0.1])
    np.testing.assert_array_equal(A(x), T(x))
    np.testing.assert_array_equal(A.jacobian(x), T.jacobian(x))
