"""Tape.reroll (numtape/transforms/reroll.py): loops of independent iterations become block
ops, running sums np.sum; everything else is kept; the function is the same."""
import numpy as np
import pytest

import numtape as nt

N = 300


def w1(x):
    s = 0.0
    for i in range(1, len(x)):
        s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
    return s


def recurrence(x):
    h, loss = 0.0, 0.0
    for t in range(1, len(x)):
        h = np.tanh(x[0] * h + x[t])
        loss = loss + (x[t] - h) ** 2
    return loss


def per_iteration_outputs(x):
    return [np.log1p(x[i] ** 2) * x[0] - np.tanh(x[i + 1]) for i in range(len(x) - 1)]


def per_iteration_trig(x):
    return [np.sin(x[i]) * x[0] - np.cos(x[i + 1]) for i in range(len(x) - 1)]


def gathered(x):
    perm = np.random.default_rng(3).permutation(len(x))
    s = 0.0
    for i in range(len(x)):
        s = s + x[perm[i]] * np.sin(x[i])
    return s


def partial_sums_read(x):
    s, out = 0.0, []
    for i in range(len(x)):
        s = s + np.exp(x[i])
        out.append(s * x[i])
    return out


def two_back(x):
    a, b = x[0], x[1]
    for i in range(2, len(x)):
        a, b = b, 0.5 * b + np.sin(a) * x[i]
    return b


def product(x):
    p = 1.0
    for i in range(len(x)):
        p = p * (1.0 + 0.01 * np.tanh(x[i]))
    return p


def rel(a, b):
    return np.max(np.abs(np.asarray(a) - b)) / max(np.max(np.abs(b)), 1e-300)


@pytest.fixture
def xs():
    rng = np.random.default_rng(9)
    return rng.normal(size=N), rng.normal(size=N)


def test_a_loop_with_a_running_sum_becomes_the_vectorized_tape(xs):
    x, v = xs
    F = nt.MakeTape(w1, np.zeros(N))
    G = F.reroll()
    assert len(F) - F.n_in > 6 * (N - 2) and len(G) - G.n_in < 20
    assert rel(G(x), F(x)) < 1e-14                       # the sum is re-associated
    assert rel(G.gradient(x), F.gradient(x)) < 1e-14
    assert rel(G.hvp(x, v), F.hvp(x, v)) < 1e-13
    h = 1e-6                                              # and both are the derivative
    fd = (G(x + h * v) - G(x - h * v)) / (2 * h)
    assert abs(float(G.gradient(x) @ v) - float(fd)) < 1e-6 * max(1.0, abs(float(fd)))


def test_independent_iterations_without_sums_are_bit_for_bit(xs):
    x, v = xs
    F = nt.MakeTape(per_iteration_outputs, np.zeros(N))
    G = F.reroll()
    assert len(G) - G.n_in < 20
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_array_equal(G.jvp(x, v), F.jvp(x, v))
    np.testing.assert_array_equal(G.jacobian(x), F.jacobian(x))


def test_rerolled_sin_and_cos_are_bit_for_bit_in_the_compiled_tiers(xs):
    """Both sin and cos are vmath's in every compiled sweep, of one element or of a block (a block
    checks its arguments' range and takes the same function's near form): the Python loop's
    scalar ops and the re-rolled block ops agree bit for bit."""
    x, v = xs
    x = x.copy()
    x[7] = 3.0e6                                          # one argument beyond vmath.TRIG_NEAR
    F = nt.MakeTape(per_iteration_trig, np.zeros(N))
    G = F.reroll()
    assert len(G) - G.n_in < 20
    for T in (F, G):
        T.sweeps.compiled_module()                        # not the NumPy tier (libm's sin)
    for x_ in (x, xs[0]):
        np.testing.assert_array_equal(G(x_), F(x_))
        np.testing.assert_array_equal(G.jvp(x_, v), F.jvp(x_, v))
        np.testing.assert_array_equal(G.jacobian(x_), F.jacobian(x_))


def test_scattered_operands_are_gathered_once(xs):
    x, _ = xs
    F = nt.MakeTape(gathered, np.zeros(N))
    G = F.reroll()
    assert len(G) - G.n_in < 20
    assert rel(G(x), F(x)) < 1e-14
    assert rel(G.gradient(x), F.gradient(x)) < 1e-14


@pytest.mark.parametrize("f", [recurrence, partial_sums_read, two_back, product],
                         ids=lambda f: f.__name__)
def test_loops_with_other_carried_dependencies_are_kept(f, xs):
    """A recurrence, partial sums read inside the loop, a value two iterations back, a running
    product: the tape is re-recorded as it was, so everything is bit for bit."""
    x, v = xs
    F = nt.MakeTape(f, np.zeros(N))
    G = F.reroll()
    assert len(G) == len(F)
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_array_equal(G.jacobian(x), F.jacobian(x))


def test_named_inputs_and_output_shape_survive():
    def f(p):
        s = 0.0
        for i in range(len(p["a"])):
            s = s + p["a"][i] * np.exp(p["b"][i] * p["w"][0])
        return np.stack([s, s * 2.0])
    x0 = {"a": np.zeros(200), "b": np.zeros(200), "w": np.zeros(1)}
    F = nt.MakeTape(f, x0)
    G = F.reroll()
    assert G.input_names.keys() == F.input_names.keys() and G.out_shape == F.out_shape
    rng = np.random.default_rng(1)
    x = {k: rng.normal(size=v.shape) for k, v in x0.items()}
    assert len(G) - G.n_in < 20
    assert rel(G(x), F(x)) < 1e-14
    assert rel(G.jacobian(x), F.jacobian(x)) < 1e-13


def test_a_rerolled_tape_round_trips_through_a_file(tmp_path, xs):
    x, _ = xs
    G = nt.MakeTape(w1, np.zeros(N)).reroll()
    G.save(tmp_path / "g.npz")
    H = nt.load(tmp_path / "g.npz")
    np.testing.assert_array_equal(H.gradient(x), G.gradient(x))


def test_a_sparse_jacobian_tape_stays_sparse(xs):
    x, _ = xs
    J = nt.MakeTape(lambda x: [x[i] ** 2 * x[i + 1] for i in range(N - 1)],
                    np.zeros(N)).jacfun(sparse=True)
    K = J.reroll()
    assert type(K) is type(J) and len(K) < len(J) // 2
    np.testing.assert_array_equal(K(x).toarray(), J(x).toarray())
