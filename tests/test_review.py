"""Findings of a second reading of the derived-tape code, each pinned by a test that states the
expected behavior (the bugs found are fixed: det at singular matrices, traced calls of dict
tapes, flatten, zero-output and zero-input derivative tapes, complex powers), plus behavior
checked and found correct in the areas read (jacfun, sparse, atomic, nested, linalg, complex).
"""
import numpy as np
import pytest

import numtape as nt
from numtape.testing import check_grads, finite_jacobian


# ---- det at a singular matrix ---------------------------------------------------------------
def test_det_gradient_at_singular_matrix_is_the_cofactor():
    """d det(A)/dA = adj(A)^T (the cofactor matrix), which is non-zero at a rank n-1 matrix.
    At A = diag(1, 0), det = 0 but d det / d A[1,1] = 1 (finite differences agree).  The
    reverse rule computes g = adj * det(A) and skips the op when that is 0, returning a zero
    gradient silently, while the tangent sweep (det * (dA : A^-T)) raises LinAlgError."""
    f = lambda x: np.linalg.det(x.reshape(2, 2))   # noqa: E731
    x = np.array([1.0, 0.0, 0.0, 0.0])
    F = nt.MakeTape(f, np.ones(4))
    np.testing.assert_allclose(F.gradient(x), finite_jacobian(f, x)[0], atol=1e-8)


def test_det_of_1x1_zero_has_derivative_one():
    """det([[a]]) = a, so its derivative is 1 everywhere, including a = 0."""
    F = nt.MakeTape(lambda x: np.linalg.det(x.reshape(1, 1)), np.ones(1))
    np.testing.assert_array_equal(F.gradient([0.0]), [1.0])


# ---- dict-input tapes called on traced values -------------------------------------------------
_G = nt.MakeTape(lambda d: 2.0 * np.sum(d["a"]) + 3.0 * np.sum(d["b"]),
                 {"a": np.zeros(2), "b": np.zeros(3)})
_DICT_CALLS = {
    # a gets 3 values, b 2: the total (5) matches, so the values are silently re-split 2 + 3
    "shapes swapped": lambda G, x: G({"a": x[:3], "b": x[3:]}),
    "extra key": lambda G, x: G({"a": x[:2], "b": x[2:], "c": x}),
    "missing key": lambda G, x: G({"a": x[:2]}),
}


@pytest.mark.parametrize("atomic", [False, True])
@pytest.mark.parametrize("case", sorted(_DICT_CALLS))
def test_traced_call_of_dict_tape_checks_keys_and_shapes(case, atomic):
    """Calling a dict-input tape on traced values must check keys and per-key shapes as the
    numeric call does (``_flat_input`` raises ValueError).  Today a mismatch with the right
    total size re-splits the values silently (wrong numbers: 13 instead of 12 for ones(5)),
    extra keys are ignored and a missing key is a bare KeyError."""
    G = _G.atomic() if atomic else _G
    with pytest.raises(ValueError):
        G({"a": np.ones(3), "b": np.ones(2)})           # the numeric call refuses it ...
    with pytest.raises(ValueError):                     # ... the traced call must too
        nt.MakeTape(lambda x: _DICT_CALLS[case](G, x), np.zeros(5))


# ---- flatten aliases its operand ------------------------------------------------------------
def test_flatten_returns_a_copy():
    """``x.flatten()`` is a copy in NumPy, so assigning into it must not change ``x``.  In
    numtape it is ``ravel`` (a view of the addresses), so ``y[0] = 0`` rewrites x[0]: the
    tape returns [0, 1, 1] where NumPy gives [1, 1, 1]."""
    def f(x):
        y = x.flatten()
        y[0] = 0.0
        return x * 1.0
    x = np.ones(3)
    np.testing.assert_array_equal(nt.MakeTape(f, x)(x), f(x))


# ---- sparse derivative tapes with no structural non-zeros ------------------------------------
def test_sparse_hessfun_of_linear_function_is_empty_csr():
    """A linear objective has an all-zero Hessian: hessfun(sparse=True) must return a tape
    whose call is a (n, n) csr matrix with no stored entries (the dense hessfun works).
    Today building it raises TapeFormatError('out_ptr: every op must write at least one
    value')."""
    F = nt.MakeTape(lambda x: 2.0 * x[0] + x[1], np.zeros(2))
    np.testing.assert_array_equal(F.hessian(np.ones(2)), np.zeros((2, 2)))
    H = F.hessfun(sparse=True)(np.ones(2))
    assert H.shape == (2, 2) and H.nnz == 0


def test_sparse_jacfun_of_constant_function_is_empty_csr():
    """A tape whose outputs do not depend on x has an empty Jacobian pattern; its sparse
    jacfun must give an all-zero (m, n) csr matrix, like the dense jacfun gives zeros."""
    F = nt.MakeTape(lambda x: np.full(2, 2.0) + 0.0 * 0.0, np.zeros(2))
    np.testing.assert_array_equal(F.jacfun()(np.ones(2)), np.zeros(4))
    J = F.jacfun(sparse=True)(np.ones(2))
    assert J.shape == (2, 2) and J.nnz == 0


# ---- zero-input tapes -----------------------------------------------------------------------
def test_jacfun_of_tape_without_inputs():
    """F: R^0 -> R^1 is a valid tape (F(x) and F.jacobian(x) work, J has shape (1, 0)); its
    jacfun must be the tape returning an empty vector, not an IndexError."""
    F = nt.MakeTape(lambda x: np.sum(x) + 1.0, np.zeros(0))
    assert F.jacobian(np.zeros(0)).shape == (1, 0)
    assert F.jacfun()(np.zeros(0)).shape == (0,)


# ---- complex power with a non-finite exponent ------------------------------------------------
def test_complex_power_with_infinite_exponent_raises_typed_error():
    """``z ** np.inf`` on a complex traced value must be refused with a clear typed error
    (TracingError, a TypeError, as other unsupported exponents) or computed; today it escapes
    as OverflowError('cannot convert float infinity to integer')."""
    with pytest.raises((TypeError, ValueError)):
        nt.MakeTape(lambda x: np.abs((x + 1j) ** np.inf), np.ones(2))


# ---- checked and fine (regression guards) ----------------------------------------------------
def _dense_and_derived(F, x):
    J = F.jacobian(x)
    np.testing.assert_allclose(F.jacfun()(x).reshape(J.shape), J, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(F.jacfun(sparse=True)(x).toarray(), J, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(F.jacfun().simplify("optimize")(x), F.jacfun()(x))
    return J


_SPD = np.array([2.0, 0.5, 0.5, 3.0])
_FINE = {
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
@pytest.mark.parametrize("name", sorted(_FINE))
def test_reviewed_cases_agree(name):
    f, x = _FINE[name]
    check_grads(f, x)
    _dense_and_derived(nt.MakeTape(f, x), x)


def test_atomic_and_nested_second_derivatives_agree():
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
