"""Derivative tapes: jacfun (second derivatives of every op through its recorded rule),
jacfun of jacfun, hessian, hvp, hessfun.

For every op of the table, G = F.jacfun() must reproduce F's Jacobian, and G itself is held
to the checks first derivatives get (reverse vs tangent vs recorded rules vs finite
differences of G): that is the second derivative of the op, in every mode.
"""
import numpy as np
import pytest
from opcases import BLOCK_CASES, CONSTANT_ORDER, SHAPES, case_seed, build, sample_operands

import numtape as nt
from numtape.ops import BY_NAME, ELEMENTWISE, OPS
from numtape.testing import check_grads, finite_jacobian


def _elementwise_case(spec):
    kinds = ["v"] * spec.arity
    if spec.arity > 1:
        kinds[0] = "s"   # one broadcast operand: its cotangent is summed in the rule
    pattern = tuple((k, not (j == 0 and spec.name in CONSTANT_ORDER))   # Bessel orders: constants
                    for j, k in enumerate(kinds))
    values = sample_operands(spec.name, [SHAPES[k] for k in kinds],
                             np.random.default_rng(case_seed(spec.name, "jacfun")))
    f, x, discrete = build(spec, pattern, values)
    return f, x, not discrete.any()


def _cases():
    for spec in OPS:
        if spec.kind == ELEMENTWISE:
            yield pytest.param(spec.name, None, id=spec.name)
        else:
            for case in BLOCK_CASES[spec.name]:
                yield pytest.param(spec.name, case, id=f"{spec.name}-{case.id}")


def check_second_order(f, x, fd=True):
    F = nt.MakeTape(f, x)
    G = F.jacfun()
    assert G.n_in == F.n_in and G.n_out == F.n_out * F.n_in
    np.testing.assert_allclose(G(x).reshape(F.n_out, F.n_in), F.jacobian(x), rtol=1e-12,
                               atol=1e-13, err_msg="jacfun value differs from the Jacobian")
    check_grads(lambda z: G(z), x, rtol=1e-5, atol=1e-7, fd=fd)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name, case", list(_cases()))
def test_second_derivatives(name, case):
    if case is None:
        f, x, fd = _elementwise_case(BY_NAME[name])
    else:
        f, x, fd = case.f, case.x, case.fd
    check_second_order(f, x, fd=fd)


def _rosen(x):
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


@pytest.mark.parametrize("f, x", [
    (_rosen, np.array([0.3, -1.2, 0.8, 1.5])),
    (lambda x: np.exp(x[0] * x[1]) * np.sin(x[2]) + x[0] ** 3, np.array([0.2, 0.7, -0.4])),
    (lambda x: np.linalg.slogdet(x.reshape(2, 2) @ x.reshape(2, 2).T + np.eye(2))[1],
     np.array([0.5, -0.3, 0.2, 1.1])),
])
def test_hessian_hvp_hessfun(f, x):
    F = nt.MakeTape(f, x)
    H = F.hessian(x)
    H_fd = finite_jacobian(lambda z: F.gradient(z), x)
    np.testing.assert_allclose(H, H_fd, rtol=1e-7, atol=1e-7)
    np.testing.assert_allclose(H, H.T, rtol=1e-12, atol=1e-12)
    v = np.random.default_rng(0).standard_normal(x.size)
    np.testing.assert_allclose(F.hvp(x, v), H @ v, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(F.hessfun()(x).reshape(x.size, x.size), H, rtol=1e-12,
                               atol=1e-12)


def test_jacfun_of_jacfun_third_order():
    """d^3/dx^3 of x^5 y^2 terms, against the closed form."""
    F = nt.MakeTape(lambda x: x[0] ** 5 * x[1] ** 2, np.zeros(2))
    T = F.jacfun().jacfun().jacfun()
    a, b = 1.3, -0.7
    t = T([a, b]).reshape(2, 2, 2)
    np.testing.assert_allclose(t[0, 0, 0], 60 * a ** 2 * b ** 2, rtol=1e-13)
    np.testing.assert_allclose(t[0, 0, 1], 40 * a ** 3 * b, rtol=1e-13)
    np.testing.assert_allclose(t[0, 1, 1], 10 * a ** 4, rtol=1e-13)
    np.testing.assert_allclose(t[1, 1, 1], 0.0, atol=0)


def test_jacfun_vector_output_and_dict_input():
    F = nt.MakeTape(lambda d: np.concatenate([np.sin(d["a"]) * d["b"][0], d["b"] ** 2]),
                    {"a": np.zeros(2), "b": np.zeros(3)})
    G = F.jacfun()
    assert G.input_names.keys() == F.input_names.keys()
    x = {"a": np.array([0.3, -0.5]), "b": np.array([1.5, 2.0, -1.0])}
    np.testing.assert_allclose(G(x).reshape(5, 5), F.jacobian(x), rtol=1e-14)


def test_jacfun_keeps_branches_live():
    """np.where's condition is re-decided in the derivative tape too."""
    F = nt.MakeTape(lambda x: np.where(x > 0, x ** 2, -x ** 3), np.ones(3))
    G = F.jacfun()
    x = np.array([-1.0, 0.5, 2.0])
    np.testing.assert_array_equal(np.diag(G(x).reshape(3, 3)), [-3.0, 1.0, 4.0])


def test_jacfun_of_constant_output():
    F = nt.MakeTape(lambda x: np.array([2.0, 3.0]) + 0.0 * np.sum(x), np.zeros(2))
    np.testing.assert_array_equal(F.jacfun()([1.0, 2.0]), np.zeros(4))


def test_hessian_needs_scalar_tape():
    F = nt.MakeTape(lambda x: x * 2.0, np.zeros(2))
    with pytest.raises(ValueError, match="scalar"):
        F.hessian([1.0, 2.0])


def test_jacfun_of_a_tape_without_inputs_is_empty():
    """F: R^0 -> R^1 has a (1, 0) Jacobian; its jacfun returns an empty vector."""
    F = nt.MakeTape(lambda x: np.sum(x) + 1.0, np.zeros(0))
    assert F.jacobian(np.zeros(0)).shape == (1, 0)
    assert F.jacfun()(np.zeros(0)).shape == (0,)


def _dense_and_derived(F, x):
    J = F.jacobian(x)
    np.testing.assert_allclose(F.jacfun()(x).reshape(J.shape), J, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(F.jacfun(sparse=True)(x).toarray(), J, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(F.jacfun().simplify("optimize")(x), F.jacfun()(x))
    return J


_SPD = np.array([2.0, 0.5, 0.5, 3.0])
_EDGE_CASES = {
    "repeated outputs": (lambda x: x[[0, 0]] * x[1], np.array([2.0, 3.0, 1.0, 1.0])),
    "outputs that are inputs": (lambda x: [x, x * x], _SPD),
    "broadcast size-1 dims": (lambda x: (x.reshape(4, 1) * x.reshape(1, 4)).ravel(), _SPD),
    "sqrt at 0, non-unit seed": (lambda x: 2.0 * np.sqrt(x)[0], np.array([1.0, 0, 0, 0])),
    "prod with zeros": (lambda x: np.prod(x), np.array([0.0, 0.0, 1.0, 2.0])),
    "solve": (lambda x: np.linalg.solve(x.reshape(2, 2), x[:2] ** 2), _SPD),
    "cholesky upper": (lambda x: np.linalg.cholesky(x.reshape(2, 2), upper=True), _SPD),
    "solve_triangular T": (lambda x: nt.linalg.solve_triangular(x.reshape(2, 2), x[2:], 1,
                                                                lower=True), _SPD),
    "einsum ii,ij->j": (lambda x: np.einsum("ii,ij->j", x.reshape(2, 2), x.reshape(2, 2)), _SPD),
    "complex fft abs": (lambda x: np.abs(np.exp(-2j * np.pi * np.outer(np.arange(4),
                                                                        np.arange(4)) / 4) @ x),
                        np.array([0.3, -0.7, 1.1, 0.4])),
}


@pytest.mark.filterwarnings("ignore::RuntimeWarning")   # finite differences of sqrt near 0
@pytest.mark.parametrize("name", sorted(_EDGE_CASES))
def test_edge_cases_agree_in_every_derivative_path(name):
    """Repeated and aliased outputs, broadcasting, kinks, zeros in products, linear algebra
    and complex intermediates: check_grads, and the dense, sparse and simplified jacfun."""
    f, x = _EDGE_CASES[name]
    check_grads(f, x)
    _dense_and_derived(nt.MakeTape(f, x), x)


def test_atomic_and_nested_second_derivatives_agree():
    """Hessians through atomic calls of atomic tapes and nested (capturing) tapes equal finite
    differences of the gradient, the sparse Hessian, and the scalar-expanded recording."""
    A = nt.MakeTape(lambda y: np.sin(y) * y[::-1], np.zeros(2)).atomic()
    AA = nt.MakeTape(lambda y: A(y) * A(y[::-1]), np.zeros(2)).atomic()

    def f(x):
        inner = nt.MakeTape(lambda y: np.sum(np.sin(x[:2]) * y ** 2), np.zeros(2))
        return np.sum(AA(x[:2]) ** 2) + np.sum(A(x[2:])) + inner(x[2:]) + \
            np.sum(inner.jacfun()(x[:2]))
    x = np.array([0.2, 0.5, 0.3, 0.9])
    F = nt.MakeTape(f, np.zeros(4))
    H = F.hessian(x)
    np.testing.assert_allclose(H, finite_jacobian(F.gradient, x), atol=1e-6)
    np.testing.assert_allclose(F.hessfun(sparse=True)(x).toarray(), H, atol=1e-12)
    with nt.TapeConfig(atomic="disable"):
        Fd = nt.MakeTape(f, np.zeros(4))
    np.testing.assert_allclose(Fd.hessian(x), H, rtol=1e-12, atol=1e-12)


def test_batched_reverse_replays_equal_one_replay_per_seed(monkeypatch):
    """A small tape's seeds share one reverse replay (a row of adjoints per seed): its
    Jacobian tape records fewer ops than a replay per seed and gives the same values, bit
    for bit but for the batched matrix products (BLAS's order: within a few ulps), through a
    matrix product (batched rule), sums, a gather, broadcast scalars and a solve (its rule
    once per row)."""
    from numtape.transforms import jacfun as jf
    rng = np.random.default_rng(5)
    X = rng.normal(size=(12, 4))
    A = np.eye(4) * 3.0 + 0.1 * rng.normal(size=(4, 4))
    idx = rng.integers(0, 4, size=12)

    def f(z):
        b, u, s = z[:4], z[4:8], z[8]
        eta = X @ b + u[idx] * np.exp(s)
        w = np.linalg.solve(A, u * u)
        return np.concatenate([np.exp(eta) - eta ** 2, w * np.sum(eta), [np.sum(np.sin(eta))]])

    x = rng.normal(size=9) * 0.5
    F = nt.MakeTape(f, x)
    J = F.jacfun()
    monkeypatch.setattr(jf, "BATCH_SLOTS", 1)
    J1 = F.jacfun()
    assert 2 * J.n_ops < J1.n_ops
    for z in (x, -x, np.zeros(9)):
        np.testing.assert_allclose(J(z), J1(z), rtol=4e-15, atol=1e-15)
        np.testing.assert_allclose(J(z).reshape(F.n_out, 9), F.jacobian(z), rtol=4e-15,
                                   atol=1e-15)
    np.testing.assert_allclose(J.jacobian(x), J1.jacobian(x), rtol=1e-13, atol=1e-13)
