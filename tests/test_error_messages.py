"""Errors that say what to do: misuse of traced values, and empty or singular linear algebra.

Each row: what the user wrote inside f, the exception type, and words the message must hold
(the problem and the way out)."""
import math

import numpy as np
import pytest
import scipy.special as _sc
import scipy.stats as _ss

import numtape as nt


def _assign_into_numpy(x):
    a = np.zeros(2)
    a[0] = x[0]
    return x


MISUSE = [
    ("assign-into-numpy-array", _assign_into_numpy, nt.TracingError, ["np.zeros_like", "nt.zeros"]),
    ("round", lambda x: round(x[0]), nt.TracingError, ["round", "derivative is zero"]),
    ("f-string", lambda x: f"{x[0]:.3f}", nt.TracingError, ["formatting", "F.print()"]),
    ("format-array", lambda x: format(x), nt.TracingError, ["formatting"]),
    ("percent-format", lambda x: "%f" % x[0], nt.TracingError, ["np.where"]),
    ("hash", lambda x: hash(x[0]), nt.TracingError, ["not hashable", "id(x)"]),
    ("dict-key", lambda x: {x[0]: 1}, nt.TracingError, ["not hashable"]),
    ("generator-returned", lambda x: (v for v in x), TypeError, ["generator", "list"]),
    ("iterator-returned", lambda x: iter([x[0], x[1]]), TypeError, ["iterator", "np.stack"]),
    ("diff-of-0d", lambda x: np.diff(x[0]), ValueError, ["at least one dimensional"]),
    ("einsum-unknown-output", lambda x: np.einsum("i->j", x), ValueError, ["'j'", "never"]),
    # what a new user wrote first (issue 21): each message names the replacement
    ("np.asarray-of-traced", lambda x: np.sum(np.asarray(x)), nt.TracingError,
     ["drop it", "already works as an array"]),
    ("scipy.stats-logpmf", lambda x: np.sum(_ss.poisson.logpmf([1, 2], np.exp(x))),
     nt.TracingError, ["scipy.stats.poisson.logpmf", "nt.distributions.poisson.logpmf"]),
    ("scipy.special-logsumexp", lambda x: _sc.logsumexp(x), nt.TracingError,
     ["numtape.scipy.special.logsumexp"]),
    ("math.log", lambda x: math.log(x[0]), nt.TracingError, ["math.log", "np.log"]),
]


@pytest.mark.parametrize("name, f, exc, words", MISUSE, ids=[m[0] for m in MISUSE])
def test_misuse_raises_an_error_that_says_what_to_do(name, f, exc, words):
    with pytest.raises(exc) as info:
        nt.MakeTape(f, np.ones(2))
    for w in words:
        assert w in str(info.value), str(info.value)


EMPTY = [
    ("det-0x0", lambda a: np.linalg.det(a), (0, 0)),
    ("slogdet-0x0", lambda a: np.linalg.slogdet(a)[1], (0, 0)),
    ("inv-0x0", lambda a: np.linalg.inv(a), (0, 0)),
    ("cholesky-0x0", lambda a: np.linalg.cholesky(a), (0, 0)),
    ("solve-0x0", lambda a: np.linalg.solve(a, np.zeros(0)), (0, 0)),
    ("solve_triangular-0x0", lambda a: nt.linalg.solve_triangular(a, np.zeros(0)), (0, 0)),
    ("det-empty-batch", lambda a: np.linalg.det(a), (0, 3, 3)),
    ("inv-empty-batch", lambda a: np.linalg.inv(a), (0, 3, 3)),
    ("slogdet-empty-batch", lambda a: np.linalg.slogdet(a)[1], (0, 2, 2)),
    ("cholesky-empty-batch", lambda a: np.linalg.cholesky(a), (0, 2, 2)),
]


@pytest.mark.parametrize("name, g, shape", EMPTY, ids=[e[0] for e in EMPTY])
def test_empty_matrices_give_numpys_results(name, g, shape):
    def f(x):
        return [np.ravel(g(x[:0].reshape(shape))), x]   # the empty part, and x itself
    F = nt.MakeTape(f, np.ones(2))
    ref = np.ravel(g(np.zeros(shape)) if "solve_triangular" not in name else np.zeros(0))
    out = F(np.array([2.0, 3.0]))
    np.testing.assert_array_equal(out[:-2], ref)
    np.testing.assert_array_equal(F.jacobian([2.0, 3.0])[-2:], np.eye(2))


def test_det_hessian_at_a_singular_matrix_names_the_cause():
    F = nt.MakeTape(lambda x: np.linalg.det(x.reshape(2, 2)), np.eye(2).ravel())
    singular = np.ones(4)
    np.testing.assert_allclose(F.gradient(singular), [1.0, -1.0, -1.0, 1.0], rtol=1e-15,
                               atol=1e-15)
    with pytest.raises(np.linalg.LinAlgError, match="Hessian is not"):
        F.hessian(singular)
