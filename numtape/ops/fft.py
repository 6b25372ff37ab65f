"""FftOp: the discrete Fourier transform of complex rows, by NumPy's FFT (O(n log n)).

======  ======================  ==================================  ===========================
op      params                  value                               adjoint
======  ======================  ==================================  ===========================
FftOp   (rows, n, inverse,      (re, im) each (rows, n) ->          the adjoint transform: the
        norm)                   Y (rows, 2, n): Y[:, 0] + i Y[:, 1]  other direction, norm
                                = fft or ifft of re + i im along    backward <-> forward,
                                rows, norm "backward" / "ortho" /   ortho <-> ortho
                                "forward" (0 / 1 / 2)
======  ======================  ==================================  ===========================

The transform is linear, so its tangent is the same transform of the tangents and its adjoint
is the conjugate-transpose map: with M = s F (F_jk = exp(-2 pi i jk / n)), M^H = s conj(F),
which is the other direction's transform with the scale s kept, i.e. norm code 2 - norm.  The
recorded rule is FftOp itself, so every order exists.  Each output row depends on its own input
rows only (the "rows" sparsity rule).  A host op: NumPy's pocketfft runs between segments of
the jitted sweeps, all seed directions in one call.
"""
import numpy as np

from numtape.ops import Hessian, Jacobian, block_op
from numtape.ops.formulas import traced

NORMS = ("backward", "ortho", "forward")


def _sizes(params):
    rows, n = params[0], params[1]
    return [rows * n, rows * n], 2 * rows * n


def transform(re, im, inverse, norm):
    """The complex transform of re + i im along the last axis, as NumPy computes it."""
    fn = np.fft.ifft if inverse else np.fft.fft
    return fn(re + 1j * im, axis=-1, norm=NORMS[norm])


def _store(dst, Y):
    """Y (..., rows, n) complex -> the (..., rows, 2, n) real layout of FftOp's output."""
    dst[..., 0, :] = Y.real
    dst[..., 1, :] = Y.imag


def fft_forward(val, o, n, args, p, iargs, q, f, work):
    rows, m, inv, norm = (int(v) for v in iargs[q:q + 4])
    re = val[args[p]:args[p] + rows * m].reshape(rows, m)
    im = val[args[p + 1]:args[p + 1] + rows * m].reshape(rows, m)
    _store(val[o:o + n].reshape(rows, 2, m), transform(re, im, inv, norm))


def fft_tangent(val, tan, o, n, args, p, iargs, q, f, work):
    rows, m, inv, norm = (int(v) for v in iargs[q:q + 4])
    k = tan.shape[0]
    re = tan[:, args[p]:args[p] + rows * m].reshape(k, rows, m)
    im = tan[:, args[p + 1]:args[p + 1] + rows * m].reshape(k, rows, m)
    out = np.empty((k, rows, 2, m))
    _store(out, transform(re, im, inv, norm))
    tan[:, o:o + n] = out.reshape(k, n)


def record(re, im, rows, m, inverse, norm):
    """FftOp recorded on traced (rows, m) parts: the (rows, 2, m) traced result."""
    t = traced(re, im)
    return t.__nt_block__("FftOp", (re, im), (rows, m, int(inverse), int(norm)), (rows, 2, m))


def fft_vjp(g, xs, y, params):
    """The adjoint transform of the output adjoint (g: (2 rows m,), or (k, 2 rows m) seeds)."""
    rows, m, inv, norm = (int(v) for v in params)
    if traced(g) is None:
        lead = np.shape(g)[:-1]
        G = np.asarray(g).reshape(lead + (rows, 2, m))
        X = transform(G[..., 0, :], G[..., 1, :], 1 - inv, 2 - norm)
        return [X.real.reshape(lead + (-1,)), X.imag.reshape(lead + (-1,))]
    G = np.reshape(g, (rows, 2, m))
    out = record(G[:, 0], G[:, 1], rows, m, 1 - inv, 2 - norm)
    return [np.ravel(out[:, 0]), np.ravel(out[:, 1])]


block_op("FftOp", arity=2, params=("rows", "n", "inverse", "norm"), forward=fft_forward,
         reverse=None, tangent=fft_tangent, vjp=fft_vjp, sizes=_sizes,
         bounds=[(1, None), (1, None), (0, 1), (0, 2)], host=True, jacobian=Jacobian.ROWS,
         hessian=Hessian.LINEAR)
