"""NumPy functions composed from table ops (var, std, linalg.norm): values as NumPy, every
derivative path, and second derivatives through jacfun."""
import numpy as np
import pytest

import numtape as nt
from numtape.testing import check_grads, finite_jacobian

X = np.array([[0.3, -1.2, 0.8], [1.5, 0.4, -0.7]])

CASES = {
    "var": lambda x: np.var(x),
    "var-axis0-ddof1": lambda x: np.var(x, axis=0, ddof=1),
    "std-axis1-keepdims": lambda x: np.std(x, axis=1, keepdims=True),
    "method-var-std": lambda x: x.var(ddof=1) + x.std(axis=0),
    "norm": lambda x: np.linalg.norm(x),
    "norm-fro": lambda x: np.linalg.norm(x, "fro"),
    "norm-vector": lambda x: np.linalg.norm(x[0]),
    "norm-1": lambda x: np.linalg.norm(x[0], 1),
    "norm-inf": lambda x: np.linalg.norm(x[0], np.inf),
    "norm-axis1": lambda x: np.linalg.norm(x, axis=1),
    "norm-p3": lambda x: np.linalg.norm(x[1], 3),
    "norm--inf-axis0": lambda x: np.linalg.norm(x, ord=-np.inf, axis=0),
}


@pytest.mark.parametrize("f", CASES.values(), ids=CASES.keys())
def test_composed_functions(f):
    F = check_grads(f, X)
    if F.n_out == 1:
        H_fd = finite_jacobian(lambda z: F.gradient(z).ravel(), X)
        np.testing.assert_allclose(F.hessian(X), H_fd, rtol=1e-6, atol=1e-7)


def test_unsupported_matrix_norm_names_itself():
    with pytest.raises(TypeError, match="ord=2"):
        nt.MakeTape(lambda x: np.linalg.norm(x, 2), np.zeros((2, 2)))
