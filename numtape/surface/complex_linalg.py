"""Complex traced matrices in ``np.linalg``: eigenvalues and singular values through the
real embedding.

A = Ar + i Ai acts on (x, y) as the real M = [[Ar, -Ai], [Ai, Ar]], whose eigenvalues
(Hermitian A) and singular values are A's, each twice.  Each of A's is the mean of its sorted
pair, a symmetric function of the pair (a lone member would have no second derivative: inside
the pair the eigenvectors are arbitrary).  Second derivatives are NaN where the computed pair
is bitwise tied.  Eigenvectors and singular vectors are not available: inside each pair the
embedding's vectors are not unique, so their derivatives do not exist there.

Registered in ``COMPLEX_FUNCTIONS`` (numtape/trace/complex.py) for ``np.linalg.norm``,
``eigvalsh``, ``eigh``, ``svd`` and ``svdvals`` of ``ADComplex`` values.
"""
from __future__ import annotations

import numpy as np

from numtape.errors import TracingError
from numtape.surface.linalg import eigvalsh, norm
from numtape.trace.complex import COMPLEX_FUNCTIONS, split


def _embed(re, im):
    return np.concatenate([np.concatenate([re, -im], axis=-1),
                           np.concatenate([im, re], axis=-1)], axis=-2)


def _complex_eigvalsh(a, UPLO="L"):
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO must be 'L' or 'U'")
    re, im = split(a)
    if np.ndim(re) < 2 or np.shape(re)[-1] != np.shape(re)[-2]:
        raise np.linalg.LinAlgError("Last 2 dimensions of the array must be square")
    if UPLO == "U":   # the upper triangle of A is the lower one of A^H
        re, im = np.swapaxes(re, -1, -2), -np.swapaxes(im, -1, -2)
    low = np.tril(im, -1)   # the Hermitian matrix of the lower triangle (diagonal imag ignored)
    Hr = np.tril(re) + np.swapaxes(np.tril(re, -1), -1, -2)
    Hi = low - np.swapaxes(low, -1, -2)
    w = eigvalsh(_embed(Hr, Hi))
    return 0.5 * (w[..., 0::2] + w[..., 1::2])


def _complex_eigh(a, UPLO="L"):
    raise TracingError("np.linalg.eigh of a complex traced matrix: its eigenvectors are not "
                       "supported (np.linalg.eigvalsh gives the eigenvalues, with derivatives)")


def _complex_svdvals(x):
    re, im = split(x)
    if np.ndim(re) < 2:
        raise np.linalg.LinAlgError("svd needs an array of at least two dimensions")
    # the singular values of M are the positive eigenvalues of [[0, M], [M^T, 0]]: eigvalsh's
    # derivatives stay finite to every order inside the doubled pairs, where the SVD's second
    # derivatives (through the singular vectors) do not
    m, n = np.shape(re)[-2:]
    k = min(m, n)
    M = _embed(re, im)
    zeros = np.zeros(np.shape(M)[:-2])
    top = np.concatenate([zeros[..., None, None] * np.zeros((2 * m, 2 * m)), M], axis=-1)
    bottom = np.concatenate([np.swapaxes(M, -1, -2),
                             zeros[..., None, None] * np.zeros((2 * n, 2 * n))], axis=-1)
    w = eigvalsh(np.concatenate([top, bottom], axis=-2))
    return 0.5 * (w[..., :-2 * k - 1:-2] + w[..., -2:-2 * k - 2:-2])


def _complex_svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    if compute_uv:
        raise TracingError("np.linalg.svd of a complex traced matrix: singular vectors are "
                           "not supported (compute_uv=False or np.linalg.svdvals give the "
                           "singular values, with derivatives)")
    return _complex_svdvals(a)


def _complex_norm(x, ord=None, axis=None, keepdims=False):
    """``np.linalg.norm`` of complex traced values: every norm NumPy computes from the moduli
    alone (vector norms, and matrix 'fro', 1, -1, inf, -inf) is the real norm of |x|; matrix
    norms 2, -2 and 'nuc' are the largest, smallest and summed singular values."""
    nd = np.ndim(x)
    matrix = (axis is None and nd == 2 and ord is not None) or \
        (isinstance(axis, tuple) and len(axis) == 2)
    if matrix and ord in (2, -2, "nuc"):
        row, col = (0, 1) if axis is None else (axis[0] % nd, axis[1] % nd)
        s = _complex_svdvals(np.moveaxis(x, (row, col), (-2, -1)))
        out = {2: np.max, -2: np.min, "nuc": np.sum}[ord](s, axis=-1)
        if keepdims:
            out = np.expand_dims(out, tuple(sorted((row, col))))
        return out
    return norm(np.abs(x), ord=ord, axis=axis, keepdims=keepdims)


COMPLEX_FUNCTIONS.update({np.linalg.norm: _complex_norm, np.linalg.eigvalsh: _complex_eigvalsh,
                          np.linalg.eigh: _complex_eigh, np.linalg.svd: _complex_svd,
                          np.linalg.svdvals: _complex_svdvals})
