"""numtape.scipy: SciPy's Python-level functions on traced values (values against SciPy on
the same numbers, derivatives by check_grads), and SciPy's own results on plain arrays."""
import numpy as np
import pytest
import scipy.linalg as sla
import scipy.signal as ssig
import scipy.special as ssp

import numtape as nt
import numtape.scipy as nsp
from numtape.testing import check_grads

V = np.array([0.3, -1.2, 0.8, 1.5, 0.4, -0.7])
M = np.array([[2.0, 0.3, -0.4], [0.3, 1.5, 0.2], [-0.4, 0.2, 1.8]])   # SPD
B = np.array([[0.5, -1.0], [1.2, 0.3], [0.7, 0.1]])


def _spd(x):
    A = x.reshape(3, 3)
    return A @ A.T + np.eye(3)


CASES = {
    "logsumexp": (lambda x: nsp.special.logsumexp(x), V),
    "logsumexp-axis-b": (lambda x: nsp.special.logsumexp(x.reshape(2, 3), axis=1,
                                                         b=np.array([1.0, 2.0, 0.5])), V),
    "logsumexp-keepdims": (lambda x: nsp.special.logsumexp(x.reshape(2, 3), axis=0,
                                                           keepdims=True), V),
    "logsumexp-sign": (lambda x: nsp.special.logsumexp(x, b=np.array([1, -1, 1, 1, -1, 1.0]),
                                                       return_sign=True)[0], V),
    "softmax": (lambda x: nsp.special.softmax(x.reshape(2, 3), axis=1), V),
    "log_softmax": (lambda x: nsp.special.log_softmax(x), V),
    "multigammaln": (lambda x: nsp.special.multigammaln(x[3] + 3.0, 3), V),
    "cho_factor-solve": (lambda x: nsp.linalg.cho_solve(nsp.linalg.cho_factor(_spd(x)), B),
                         M.ravel()),
    "cho_factor-lower": (lambda x: nsp.linalg.cho_solve(
        nsp.linalg.cho_factor(_spd(x), lower=True), B[:, 0]), M.ravel()),
    "solve_triangular": (lambda x: nsp.linalg.solve_triangular(_spd(x), B, lower=True),
                         M.ravel()),
    "solve-gen": (lambda x: nsp.linalg.solve(x.reshape(3, 3), B), M.ravel()),
    "solve-pos": (lambda x: nsp.linalg.solve(_spd(x), B, assume_a="pos"), M.ravel()),
    "solve-sym-lower": (lambda x: nsp.linalg.solve(_spd(x), B, assume_a="sym", lower=True),
                        M.ravel()),
    "block_diag": (lambda x: nsp.linalg.block_diag(x[:4].reshape(2, 2), 3.0, x[4:]), V),
    "expm": (lambda x: nsp.linalg.expm(x.reshape(3, 3)), 0.4 * M.ravel()),
    "convolve-same": (lambda x: nsp.signal.convolve(x, x[:3], mode="same"), V),
    "convolve-valid": (lambda x: nsp.signal.convolve(x, np.array([1.0, -2.0]), "valid"), V),
}


@pytest.mark.parametrize("f, x", CASES.values(), ids=CASES.keys())
def test_dropins_match_scipy_and_differentiate(f, x):
    check_grads(f, x)     # the tape's value against f on plain arrays, i.e. SciPy's result


def test_plain_arrays_return_scipys_own_results():
    np.testing.assert_array_equal(nsp.special.logsumexp(V), ssp.logsumexp(V))
    np.testing.assert_array_equal(nsp.special.softmax(V), ssp.softmax(V))
    np.testing.assert_array_equal(nsp.linalg.expm(M), sla.expm(M))
    np.testing.assert_array_equal(nsp.linalg.block_diag(M, B), sla.block_diag(M, B))
    np.testing.assert_array_equal(nsp.signal.convolve(V, V[:2]), ssig.convolve(V, V[:2]))
    assert nsp.special.gammaln is ssp.gammaln      # everything else is SciPy's own
    assert nsp.stats.norm is nt.distributions.norm


def test_expm_second_derivatives_through_the_block_identity():
    F = nt.MakeTape(lambda x: np.sum(nsp.linalg.expm(x.reshape(2, 2)) ** 2), np.zeros(4))
    x = np.array([0.3, -0.2, 0.5, 0.1])
    H = F.hessian(x)
    eps = 1e-5
    fd = np.stack([(F.gradient(x + eps * e) - F.gradient(x - eps * e)) / (2 * eps)
                   for e in np.eye(4)])
    np.testing.assert_allclose(H, fd, rtol=1e-6, atol=1e-8)


LSE_EDGE_CASES = [([np.inf, 1.0], [0.0, 1.0]), ([np.inf, 1.0], None),
                  ([1.0, 2.0, -np.inf], [1.0, -2.0, 3.0]), ([-np.inf, -np.inf], None),
                  ([3.0, 1.0], [0.0, 0.0]), ([0.5, 1.5, 2.5], [2.0, 0.0, -1.0]),
                  ([np.nan, 1.0], [0.0, 1.0])]


@pytest.mark.parametrize("a,b", LSE_EDGE_CASES)
def test_traced_logsumexp_edges_equal_scipy(a, b):
    """A zero weight removes its term even where a is inf or NaN, return_sign too."""
    a, b = np.array(a), None if b is None else np.array(b)
    with np.errstate(all="ignore"):
        F = nt.MakeTape(lambda x: nt.scipy.special.logsumexp(x, b=b), np.zeros(a.size))
        G = nt.MakeTape(lambda x: np.stack(nt.scipy.special.logsumexp(x, b=b, return_sign=True)),
                        np.zeros(a.size))
        np.testing.assert_array_equal(F(a), ssp.logsumexp(a, b=b))
        np.testing.assert_array_equal(G(a), ssp.logsumexp(a, b=b, return_sign=True))


@pytest.mark.parametrize("a", [[np.inf, 1.0], [-np.inf, -np.inf], [np.inf, np.inf], [1.0, 2.0]])
def test_traced_softmax_edges_equal_scipy(a):
    a = np.array(a)
    with np.errstate(all="ignore"):
        S = nt.MakeTape(lambda x: nt.scipy.special.softmax(x), np.zeros(2))
        np.testing.assert_allclose(S(a), ssp.softmax(a), rtol=1e-15)


_R = np.random.default_rng(19)
_A = _R.standard_normal((4, 4)) + 4 * np.eye(4)
_SPD = _A @ _A.T + np.triu(np.ones((4, 4)), 1)   # SciPy reads one triangle: junk in the other


@pytest.mark.parametrize("assume_a", ["gen", "general", "sym", "symmetric", "her", "hermitian",
                                      "pos", "positive definite", "lower triangular",
                                      "upper triangular", "diagonal", "tridiagonal", "banded"])
@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("lower", [False, True])
def test_traced_solve_reads_what_assume_a_says_as_scipy(assume_a, transposed, lower):
    """Each structure reads of A what SciPy reads (a triangle, the diagonal, the band), with
    ``transposed`` and ``lower``; derivatives checked on every path."""
    M = _SPD if assume_a in ("pos", "positive definite") else _A
    for rhs in (_R.standard_normal(4), _R.standard_normal((4, 2))):
        def f(z, rhs=rhs):
            return nsp.linalg.solve(z[:16].reshape(4, 4), z[16:].reshape(rhs.shape),
                                    assume_a=assume_a, transposed=transposed, lower=lower)
        z = np.concatenate([M.ravel(), rhs.ravel()])
        want = sla.solve(M, rhs, assume_a=assume_a, transposed=transposed, lower=lower)
        np.testing.assert_allclose(nt.MakeTape(f, z)(z).reshape(want.shape), want, rtol=1e-12)
    check_grads(lambda z: np.sum(f(z) ** 2), z)


def test_traced_solve_refuses_an_unknown_structure_by_name():
    with pytest.raises(ValueError, match="'skew' is not a recognized matrix structure"):
        nt.MakeTape(lambda z: nsp.linalg.solve(z.reshape(2, 2), np.ones(2), assume_a="skew"),
                    np.eye(2).ravel())


@pytest.mark.parametrize("lower", [False, True])
def test_traced_cho_factor_reads_the_chosen_triangle(lower):
    F = nt.MakeTape(lambda z: nsp.linalg.cho_factor(z.reshape(4, 4), lower=lower)[0],
                    np.eye(4).ravel())
    S = _SPD if not lower else _SPD.T     # junk in the triangle not chosen
    tri = np.tril if lower else np.triu
    np.testing.assert_allclose(tri(F(S.ravel())), tri(sla.cho_factor(S, lower=lower)[0]),
                               rtol=1e-13)


@pytest.mark.parametrize("trans", [0, 1, 2, "N", "T", "C"])
@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("unit_diagonal", [False, True])
def test_traced_solve_triangular_options_as_scipy(trans, lower, unit_diagonal):
    b = _R.standard_normal(4)

    def f(z):
        return nsp.linalg.solve_triangular(z[:16].reshape(4, 4), z[16:], trans=trans,
                                           lower=lower, unit_diagonal=unit_diagonal)
    z = np.concatenate([_A.ravel(), b])
    np.testing.assert_allclose(nt.MakeTape(f, z)(z), sla.solve_triangular(
        _A, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal), rtol=1e-13)
    check_grads(lambda z: np.sum(f(z) ** 2), z)
