"""Complex intermediates (numtape/trace/complex.py): values against NumPy's own complex
arithmetic and derivatives in every mode (check_grads), second derivatives, branch cuts, and
the errors."""
from __future__ import annotations

import numpy as np
import pytest

import numtape as nt
from numtape.testing import check_grads

C2 = np.array([1 + 2j, 3 - 1j])
M = np.array([[1 + 1j, 2 - 0.5j], [-0.3j, 0.7 + 0j]])


def pair(x):
    """Z = x[:n] + 1j x[n:], the usual way to build a complex value from real inputs."""
    n = x.shape[0] // 2
    return x[:n] + 1j * x[n:]


def dft_power(x):
    """Total spectral power of a real signal: sum_k |sum_n exp(-2 pi i k n / N) x_n|^2."""
    n = np.arange(x.shape[0])
    return np.sum(np.abs(np.exp(-2j * np.pi * np.outer(n, n) / x.shape[0]) @ x) ** 2)


def _filled(x):
    w = pair(x) * 1.0
    w[0] = x[1] - 2j * x[0]
    return np.abs(w)


X4 = np.array([0.3, -1.2, 0.8, 0.45])
X8 = np.array([0.3, -1.2, 0.8, 0.45, -0.6, 1.1, 0.25, -0.9])

# (id, f, x): f is real-valued with complex intermediates; check_grads compares the tape's
# value with f on NumPy (1e-13 relative) and reverse, tangent, recorded-rule and finite
# difference Jacobians with each other
CASES = [
    ("exp_mul_abs", lambda x: np.abs(np.exp((x[0] + 1j * x[1]) * (x[2] - 1j))),
     np.array([0.3, 0.4, 0.5])),
    ("log_real", lambda x: np.real(np.log(pair(x))), X4),
    ("log_imag", lambda x: np.imag(np.log(pair(x))), X4),
    ("angle", lambda x: np.angle(pair(x)), X4),
    ("angle_deg", lambda x: np.angle(pair(x), deg=True), X4),
    ("sqrt_quadrants", lambda x: [np.real(np.sqrt(pair(x))), np.imag(np.sqrt(pair(x)))],
     np.array([0.8, -1.3, -1.3, 0.4, -0.3, 0.6, -0.6, -2.0])),
    ("division", lambda x: [np.real(pair(x)[:2] / pair(x)[2:]),
                            np.imag(pair(x)[:2] / pair(x)[2:])], X8),
    ("real_over_complex", lambda x: np.imag(x[0] / (x[1] + 1j * x[2])), X4),
    ("complex_over_real", lambda x: np.real((x[0] + 1j * x[1]) / x[2]), X4),
    ("matmul", lambda x: np.abs(pair(x).reshape(2, 2) @ pair(x[::-1]).reshape(2, 2)).ravel(),
     X8),
    ("matvec_const", lambda x: np.real(M @ pair(x)) + np.imag(pair(x) @ M), X4),
    ("real_at_complex_const", lambda x: np.abs(x[:2] @ M) + np.angle(M @ x[2:]), X4),
    ("dot", lambda x: np.imag(np.dot(pair(x), pair(x)[::-1])), X4),
    ("conj_times_self", lambda x: np.real(np.conj(pair(x)) * pair(x)), X4),
    ("const_array_mul", lambda x: np.abs(C2 * x[:2]) + np.angle(x[2:] * C2), X4),
    ("ufunc_const", lambda x: np.abs(np.multiply(C2, x[:2]) + np.add(x[2:], C2)), X4),
    ("python_scalars", lambda x: np.abs((2 - 1j) * pair(x) + pair(x) / (1 + 2j)
                                        - (1 + 2j) / pair(x) + 1j - 3j * pair(x)), X4),
    ("scalar_sides", lambda x: np.real(1j + x[0] - 3j) + np.imag(2j - x[1] * 1j), X4),
    ("broadcasting", lambda x: np.abs(x[:, None] + 1j * x[None, :] * np.array([1.0, 2.0,
                                                                                0.5, 3.0])
                                      ).ravel(), X4),
    ("structure", lambda x: np.abs(np.concatenate(
        [pair(x).reshape(2, 2).T[1:, ::-1], (pair(x) ** 2).reshape(2, 2)], axis=0).sum(axis=1)),
     X8),
    ("stack_sum_mean", lambda x: np.real(np.sum(np.stack([pair(x), 2j * pair(x)]), axis=0))
     + np.imag(np.mean(pair(x))) * np.abs(np.add.reduce(pair(x))), X8),
    ("methods", lambda x: [pair(x).real * pair(x).imag, np.real(pair(x).conj() * 1j),
                           abs(pair(x)), np.real(-pair(x) ** 2), np.imag(pair(x) ** 3),
                           np.real(pair(x) ** -2), np.imag(pair(x) ** 1.5)], X4),
    ("square_reciprocal_exp", lambda x: np.real(np.square(pair(x)) + np.reciprocal(pair(x)))
     * np.imag(np.exp(pair(x))), X4),
    ("where", lambda x: np.real(np.where(x[:2] > 0, pair(x), np.conj(pair(x)) * 2)), X4),
    ("index_item", lambda x: np.abs(pair(x)[1] * pair(x)[0]), X4),
    ("setitem", _filled, X4),
    ("dft_power", dft_power, np.array([0.3, -1.2, 0.8, 0.45, 2.0, -0.1])),
    ("real_array_parts", lambda x: np.real(x) * np.conj(x) + np.imag(x), X4),
    ("real_array_angle", lambda x: np.angle(x) * x, np.array([-1.0, 2.0, -0.5])),
]


@pytest.mark.parametrize("f, x", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_derivatives(f, x):
    check_grads(f, x)


def test_sqrt_tape_matches_numpy_everywhere():
    """The sqrt branch is re-decided at every evaluation: one tape, every quadrant."""
    F = nt.MakeTape(lambda x: [np.real(np.sqrt(pair(x))), np.imag(np.sqrt(pair(x)))],
                    np.ones(2))
    rng = np.random.default_rng(1)
    for x in rng.standard_normal((20, 2)) * 3:
        z = np.sqrt(x[0] + 1j * x[1])
        np.testing.assert_allclose(F(x), [z.real, z.imag], rtol=1e-14)
    np.testing.assert_array_equal(F(np.zeros(2)), [0.0, 0.0])   # no NaN at z = 0


@pytest.mark.parametrize("b", [0.0, -0.0])
def test_sqrt_branch_cut_sign_of_zero(b):
    """On the negative real axis the sign of a zero imaginary part picks the side, as NumPy
    (the -0.0 comes from np.conj of a +0.0 part, built the same way on both sides)."""
    def f(x):
        return np.imag(np.sqrt(np.conj(x[0] + 1j * x[1]) if np.signbit(b) else
                               x[0] + 1j * x[1]))
    F = nt.MakeTape(f, np.array([-4.0, 0.0]))
    assert F(np.array([-4.0, 0.0])) == f(np.array([-4.0, 0.0])) == (-2.0 if np.signbit(b)
                                                                     else 2.0)
    # a constant imaginary part: np.copysign on the constant
    G = nt.MakeTape(lambda x: np.imag(np.sqrt(x[0] + complex(0.0, b))), np.array([-4.0]))
    assert G(np.array([-9.0])) == np.imag(np.sqrt(complex(-9.0, b)))


def test_real_angle_derivative_at_zero():
    F = nt.MakeTape(lambda x: np.angle(x) * x, np.array([0.0, -0.0]))
    np.testing.assert_array_equal(F(np.array([0.0, -0.0])), np.angle([0.0, -0.0]) * 0.0)
    np.testing.assert_array_equal(F.jacobian(np.array([0.0, -0.0])), np.diag([0.0, np.pi]))


def test_structural_zeros_are_skipped():
    """2j * x records what 2 * x records: the zero real part costs nothing."""
    assert len(nt.MakeTape(lambda x: np.imag(2j * x), np.ones(3))) == \
        len(nt.MakeTape(lambda x: 2 * x, np.ones(3)))


@pytest.mark.parametrize("f, x", [
    (lambda x: np.abs(np.exp((x[0] + 1j * x[1]) * (x[2] - 1j))), np.array([0.3, 0.4, 0.5])),
    (lambda x: np.imag(np.sqrt(pair(x))).sum() + np.angle(pair(x)[0] / pair(x)[1]), X4),
    (dft_power, np.array([0.3, -1.2, 0.8, 0.45, 2.0])),
], ids=["exp_abs", "sqrt_angle_div", "dft_power"])
def test_hessian(f, x):
    F = nt.MakeTape(f, x)
    h = 1e-5
    fd = np.array([(F.gradient(x + h * e) - F.gradient(x - h * e)) / (2 * h)
                   for e in np.eye(x.size)])
    np.testing.assert_allclose(F.hessian(x), fd, rtol=1e-6, atol=1e-7)


def test_complex_output_refused():
    for f in (lambda x: x + 1j, lambda x: [np.real(x * 1j), x * 1j], lambda x: np.zeros(2) + 1j):
        with pytest.raises(TypeError, match="must be real"):
            nt.MakeTape(f, np.ones(2))


def test_ordering_refused():
    for f in (lambda x: (x + 1j) < 0, lambda x: np.maximum(x + 1j, 0), lambda x: x > 1j):
        with pytest.raises(TypeError, match="ordering comparisons"):
            nt.MakeTape(f, np.ones(2))


@pytest.mark.parametrize("f, name", [
    (lambda x: np.sin(x + 1j), "np.sin"),
    (lambda x: np.sort(x + 1j), "np.sort"),
    (lambda x: np.arctan2(x + 1j, x), "np.arctan2"),
    (lambda x: (x + 1j) ** x, "exponent"),
])
def test_unsupported_named(f, name):
    with pytest.raises(nt.TracingError, match=name):
        nt.MakeTape(f, np.ones(2))


def test_conversions_refused():
    for f in (lambda x: bool(x[0] + 1j), lambda x: complex(x[0] * 1j),
              lambda x: np.asarray(x + 1j)):
        with pytest.raises(nt.TracingError, match="np.where"):
            nt.MakeTape(f, np.ones(2))


def test_complex_power_with_an_infinite_exponent_raises_a_typed_error():
    """``z ** np.inf`` on a complex traced value is refused with a TypeError or ValueError."""
    with pytest.raises((TypeError, ValueError)):
        nt.MakeTape(lambda x: np.abs((x + 1j) ** np.inf), np.ones(2))


@pytest.mark.parametrize("ord", [None, 1, np.inf, 3])
def test_norm_of_complex_traced_vectors_matches_numpy(ord):
    check_grads(lambda x: np.linalg.norm(x[:3] + 1j * x[3:], ord),
                np.array([0.3, -1.2, 0.8, 1.5, 0.4, -0.7]))


def test_norm_of_complex_traced_matrices_by_moduli_and_by_singular_values():
    x = np.arange(1.0, 9.0) * np.array([1, -1, 1, 1, -1, 1, 1, 1.0])
    for order in ("fro", 1, 2, -2, "nuc"):
        check_grads(lambda v, o=order: np.linalg.norm(np.reshape(v[:4] + 1j * v[4:], (2, 2)), o),
                    x)


def _herm(v, n=3):
    return np.reshape(v[:n * n] + 1j * v[n * n:], (n, n))


X18 = np.random.default_rng(7).normal(size=18)


@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigvalsh_of_complex_traced_matrices_matches_numpy_with_gradients(uplo):
    """Eigenvalues of the Hermitian matrix in A's triangle (the real embedding's doubled pairs,
    averaged): NumPy's values, gradients against finite differences and reverse vs tangent."""
    F = check_grads(lambda v: np.linalg.eigvalsh(_herm(v), UPLO=uplo), X18)
    np.testing.assert_allclose(F(X18), np.linalg.eigvalsh(_herm(X18), UPLO=uplo), rtol=1e-13)


@pytest.mark.parametrize("shape", [(3, 3), (3, 2), (2, 4)])
def test_svdvals_of_complex_traced_matrices_matches_numpy_with_gradients(shape):
    m, n = shape
    x = np.random.default_rng(m * 10 + n).normal(size=2 * m * n)

    def f(v):
        return np.linalg.svd(np.reshape(v[:m * n] + 1j * v[m * n:], shape), compute_uv=False)
    F = check_grads(f, x)
    np.testing.assert_allclose(F(x), np.linalg.svd(np.reshape(x[:m * n] + 1j * x[m * n:], shape),
                                                   compute_uv=False), rtol=1e-13)


def test_complex_eigenvectors_and_singular_vectors_are_refused():
    with pytest.raises(nt.TracingError, match="eigvalsh"):
        nt.MakeTape(lambda v: np.linalg.eigh(_herm(v))[1].real, X18)
    with pytest.raises(nt.TracingError, match="compute_uv=False"):
        nt.MakeTape(lambda v: np.linalg.svd(_herm(v))[0].real, X18)
