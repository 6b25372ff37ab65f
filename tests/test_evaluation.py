"""Evaluation: the README example (README.md, "What it is"), input and output shapes, Jacobians,
gradients, vjp and jvp."""
from __future__ import annotations

import numpy as np
import pytest

import numtape as nt
from apihelpers import fd_jacobian, vignette_tape


# ---- the README example -------------------------------------------------------------------
def test_readme_example_repr_and_numbers():
    F = vignette_tape()
    r = repr(F)         # README: the ops recorded, not the input and constant nodes
    assert r == "<Tape R^2 -> R^1: 4 ops, 1 constant, arena 7>", r
    assert (F.n_in, F.n_out, len(F), F.arena_size) == (2, 1, 7, 7)
    y = F(np.array([3.0, 4.0]))
    assert type(y) is np.float64
    assert y == pytest.approx(2751.7710457300204, rel=1e-14)
    J = F.jacobian([3, 4])
    assert J.shape == (1, 2)
    np.testing.assert_allclose(J, [[np.exp(7.92), 1.23 * np.exp(7.92)]], rtol=1e-14)
    np.testing.assert_allclose(J, [[2751.771, 3384.678]], atol=1e-3)
    assert nt.make_tape is nt.MakeTape


# ---- shapes -------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(), (1,), (4,), (2, 3), (2, 1, 3)])
def test_input_shapes(shape):
    x0 = np.zeros(shape)
    F = nt.MakeTape(lambda x: np.sin(x) * x + 2.0, x0)
    n = int(np.prod(shape))
    assert F.in_shape == shape and F.out_shape == shape
    assert F.n_in == n and F.n_out == n
    rng = np.random.default_rng(1)
    x = rng.normal(size=shape)
    y = F(x)
    if shape == ():
        assert type(y) is np.float64
    else:
        assert isinstance(y, np.ndarray) and y.shape == shape and y.dtype == np.float64
    np.testing.assert_allclose(y, np.sin(x) * x + 2.0, rtol=1e-15)
    J = F.jacobian(x)
    assert J.shape == (n, n)
    np.testing.assert_allclose(J, np.diag(np.ravel(np.cos(x) * x + np.sin(x))), atol=1e-14)


def test_zero_d_input_scalar_output():
    F = nt.MakeTape(lambda x: x ** 3, 0.0)
    assert F.in_shape == () and F.out_shape == () and F.n_in == 1
    assert type(F(2.0)) is np.float64 and F(2.0) == 8.0
    assert F(2) == 8.0                     # an int input
    g = F.gradient(2.0)
    assert np.shape(g) == () and float(g) == 12.0
    assert F.jacobian(2.0).shape == (1, 1)


def test_scalar_output_is_float64_from_vector_input():
    F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    assert F.out_shape == () and F.n_out == 1
    y = F([1.0, 2.0, 3.0])
    assert type(y) is np.float64 and y == 14.0
    g = F.gradient([1.0, 2.0, 3.0])
    assert g.shape == (3,)
    np.testing.assert_array_equal(g, [2.0, 4.0, 6.0])


def test_matrix_output_shape():
    F = nt.MakeTape(lambda X: X.T @ X, np.zeros((3, 2)))
    X = np.arange(6.0).reshape(3, 2)
    assert F.in_shape == (3, 2) and F.out_shape == (2, 2)
    assert (F.n_in, F.n_out) == (6, 4)
    np.testing.assert_allclose(F(X), X.T @ X)
    np.testing.assert_allclose(F.jacobian(X), fd_jacobian(lambda X: X.T @ X, X), atol=1e-6)


def test_constant_output():
    F = nt.MakeTape(lambda x: 3.0, np.zeros(2))
    assert F(np.array([1.0, 2.0])) == 3.0
    np.testing.assert_array_equal(F.jacobian([1.0, 2.0]), [[0.0, 0.0]])


@pytest.mark.parametrize("container", [list, tuple])
def test_list_and_tuple_outputs_are_concatenated(container):
    def f(x):
        return container([x[0], x ** 2, np.sum(x), np.outer(x, x)])
    F = nt.MakeTape(f, np.zeros(2))
    x = np.array([1.5, -2.0])
    expect = np.concatenate([[x[0]], x ** 2, [np.sum(x)], np.outer(x, x).ravel()])
    assert F.n_out == expect.size and F.out_shape == (expect.size,)
    np.testing.assert_allclose(F(x), expect)
    np.testing.assert_allclose(F.jacobian(x),
                               fd_jacobian(lambda z: np.concatenate(
                                   [np.ravel(np.asarray(p)) for p in f(z)]), x), atol=1e-6)


# ---- jacobian, gradient, vjp, jvp -----------------------------------------------------------
def _f_wide(x):      # R^5 -> R^2 (m <= n: reverse sweeps)
    return np.array([1.0, 0.0]) * np.sum(np.sin(x) * x[::-1]) + \
        np.array([0.0, 1.0]) * np.prod(x[:3]) + np.exp(x[3:] / 4)


def _f_tall(x):      # R^2 -> R^7 (m > n: tangent sweeps)
    return np.concatenate([np.sin(x), x ** 3, np.exp(x), np.atleast_1d(x[0] * x[1])])


def test_jacobian_wide_uses_reverse_and_matches_fd(count_sweeps):
    F = nt.MakeTape(_f_wide, np.zeros(5))
    x = np.array([0.3, -1.2, 0.7, 2.0, -0.5])
    J = F.jacobian(x)
    assert J.shape == (2, 5)
    np.testing.assert_allclose(J, fd_jacobian(_f_wide, x), rtol=1e-6, atol=1e-8)
    assert count_sweeps["reverse"] >= 1 and count_sweeps["tangent"] == 0


def test_jacobian_tall_uses_forward_mode_and_matches_fd(count_sweeps):
    F = nt.MakeTape(_f_tall, np.zeros(2))
    x = np.array([0.4, -1.3])
    J = F.jacobian(x)
    assert J.shape == (7, 2)
    np.testing.assert_allclose(J, fd_jacobian(_f_tall, x), rtol=1e-6, atol=1e-8)
    assert count_sweeps["tangent"] >= 1 and count_sweeps["reverse"] == 0


@pytest.mark.parametrize("m", [1, 63, 64, 65, 130])
def test_jacobian_chunking(m):
    """More outputs/inputs than one chunk of seed directions."""
    A = np.random.default_rng(m).normal(size=(m, 70))
    F = nt.MakeTape(lambda x: np.tanh(A @ x), np.zeros(70))
    x = np.random.default_rng(0).normal(size=70) * 0.1
    J = F.jacobian(x)
    np.testing.assert_allclose(J, (1 - np.tanh(A @ x) ** 2)[:, None] * A, rtol=1e-12,
                               atol=1e-14)
    G = nt.MakeTape(lambda z: np.tanh(A.T @ z), np.zeros(m))   # R^m -> R^70
    z = np.random.default_rng(2).normal(size=m) * 0.1
    np.testing.assert_allclose(G.jacobian(z), (1 - np.tanh(A.T @ z) ** 2)[:, None] * A.T,
                               rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("f, n", [(_f_wide, 5), (_f_tall, 2)])
def test_gradient_vjp_jvp_consistent(f, n):
    F = nt.MakeTape(f, np.zeros(n))
    rng = np.random.default_rng(3)
    x = rng.normal(size=n)
    J = F.jacobian(x)
    for _ in range(3):
        w = rng.normal(size=F.n_out)
        v = rng.normal(size=n)
        np.testing.assert_allclose(F.vjp(x, w), w @ J, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(F.jvp(x, v), J @ v, rtol=1e-12, atol=1e-12)
        # dot-product identity
        assert w @ F.jvp(x, v) == pytest.approx(F.vjp(x, w) @ v, rel=1e-12)


@pytest.mark.parametrize("f, by_runs", [
    (lambda x: np.concatenate([np.sin(x[1:]) * x[:-1], x[:1], np.exp(x)]), True),
    (lambda x: np.sin(x)[(7 * np.arange(130)) % 130], False),
    (lambda x: np.concatenate([x[::-1][:64] * 2.0, np.cos(x)[::2]]), False)])
def test_jvp_reads_the_outputs_from_their_pieces(f, by_runs):
    """Jvp does not run the outputs' DepOp: it reads the output tangents from the slots the
    DepOp reads (by runs of consecutive slots, or by one gather), the same bits as a
    tangent sweep through the DepOp."""
    F = nt.MakeTape(f, np.zeros(130))
    S = F.sweeps
    rng = np.random.default_rng(31)
    x, v = rng.normal(size=130), rng.normal(size=(1, 130))
    expected = S.tangent(S.forward(x), v)[0]
    np.testing.assert_array_equal(F.jvp(x, v[0]), expected)
    assert (type(S._reads_out) is list) == by_runs
    np.testing.assert_allclose(expected, F.jacobian(x) @ v[0], rtol=1e-13, atol=1e-13)


def test_gradient_equals_vjp_with_one_and_shape_like_x0():
    F = nt.MakeTape(lambda X: np.sum(np.log1p(X ** 2) @ X.T), np.zeros((2, 3)))
    X = np.random.default_rng(4).normal(size=(2, 3))
    g = F.gradient(X)
    assert g.shape == (2, 3)
    np.testing.assert_allclose(g, F.vjp(X, 1.0), rtol=1e-14)
    np.testing.assert_allclose(g.ravel(), F.jacobian(X)[0], rtol=1e-14)
    np.testing.assert_allclose(g.ravel(), fd_jacobian(lambda X: np.sum(np.log1p(X ** 2) @ X.T),
                                                      X)[0], rtol=1e-6)


def test_gradient_needs_scalar_tape():
    F = nt.MakeTape(lambda x: x * 2, np.zeros(2))
    with pytest.raises(ValueError):
        F.gradient([1.0, 2.0])


def test_a_recording_lets_go_of_its_operand_buffer_once_the_tape_is_made():
    """The recorder's int64 operand buffer is freed when the tape's (narrower) operand array
    is made: nothing of the recorder (its bound appends included) keeps it alive, so a long
    recording's peak memory holds it once (benchmarks/recording_scale.py)."""
    import weakref
    seen = []

    def f(x):
        seen.append((x._rec, weakref.ref(x._rec.args)))   # the recorder itself kept alive
        s = 0.0
        for i in range(len(x)):
            s = s + x[i] * x[i]
        return s
    F = nt.MakeTape(f, np.ones(50))
    assert F.args.dtype == np.int32
    assert seen[0][1]() is None
