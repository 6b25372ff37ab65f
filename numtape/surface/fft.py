"""The ``np.fft`` family on traced real and complex values, by FftOp (numtape/ops/fft.py).

Every transform is built from one op: FftOp, NumPy's complex FFT along the last axis of a
(rows, n) block, O(n log n), linear, with itself as its derivative rule (so every order,
derivative tape and sparsity analysis applies; each output row depends on its input row only).
Complex values are numtape's (re, im) pairs (trace/complex.py).  ``rfft`` is the complex
transform of the real input cut to n // 2 + 1 bins; ``irfft`` extends the half spectrum to the
full Hermitian one (interior bins mirrored and conjugated, the imaginary parts of the zero and,
for even n, the Nyquist bin dropped, as NumPy does) and keeps the real part of its inverse
transform.  n-dimensional transforms apply the 1-D ones axis by axis.  Values agree with
NumPy's to roundoff.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import fft as fft_op
from numtape.ops.fft import NORMS
from numtape.surface.functions import implements
from numtape.trace.adarray import ADArray
from numtape.trace.complex import COMPLEX_FUNCTIONS, ADComplex, make


def _both(*funcs):
    """Register for real traced arrays and for complex (ADComplex) ones."""
    def deco(impl):
        implements(*funcs)(impl)
        COMPLEX_FUNCTIONS.update(dict.fromkeys(funcs, impl))
        return impl
    return deco


def _norm(norm):
    if norm is None:
        return 0
    if norm not in NORMS:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or '
                         '"forward".')
    return NORMS.index(norm)


def _parts(x):
    if type(x) is ADComplex:
        return x.re, x.im
    return x, np.zeros(np.shape(x))


def _transform_last(x, inverse, norm):
    """FftOp along the last axis of x (real or complex traced)."""
    re, im = _parts(x)
    shape = np.shape(re)
    n = shape[-1]
    rows = int(np.prod(shape[:-1]))
    if rows == 0:
        return make(np.zeros(shape), np.zeros(shape))
    re2 = np.reshape(re, (rows, n))
    im2 = np.reshape(np.broadcast_to(im, shape), (rows, n))
    Y = fft_op.record(re2, im2, rows, n, inverse, _norm(norm))
    return make(np.reshape(Y[:, 0], shape), np.reshape(Y[:, 1], shape))


def _resize(x, n, axis):
    """The array cut or zero-padded to length n along ``axis`` (NumPy's n argument)."""
    m = np.shape(x)[axis]
    if n == m:
        return x
    if n < m:
        return np.take(x, np.arange(n), axis=axis)
    pad = [(0, 0)] * np.ndim(x)
    pad[axis] = (0, n - m)
    if type(x) is ADComplex:
        return make(_pad_part(x.re, pad), _pad_part(x.im, pad))
    return _pad_part(x, pad)


def _pad_part(p, pad):
    if type(p) is ADArray:
        return np.pad(p, pad)
    return np.pad(np.asarray(p, dtype=np.float64), pad)


def _along(x, axis, fn):
    """The result of fn along ``axis`` (moved last and back)."""
    moved = np.moveaxis(x, axis, -1)
    return np.moveaxis(fn(moved), -1, axis)


def _c2c(a, n, axis, norm, inverse):
    axis = axis % np.ndim(a)
    n = np.shape(a)[axis] if n is None else int(n)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    a = _resize(a, n, axis)
    return _along(a, axis, lambda x: _transform_last(x, inverse, norm))


@_both(np.fft.fft)
def fft(a, n=None, axis=-1, norm=None, out=None):
    return _c2c(a, n, axis, norm, inverse=False)


@_both(np.fft.ifft)
def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _c2c(a, n, axis, norm, inverse=True)


@implements(np.fft.rfft)
def rfft(a, n=None, axis=-1, norm=None, out=None):
    axis = axis % np.ndim(a)
    n = np.shape(a)[axis] if n is None else int(n)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    full = _c2c(a, n, axis, norm, inverse=False)
    return np.take(full, np.arange(n // 2 + 1), axis=axis)


@_both(np.fft.irfft)
def irfft(a, n=None, axis=-1, norm=None, out=None):
    axis = axis % np.ndim(a)
    m = np.shape(a)[axis]
    n = 2 * (m - 1) if n is None else int(n)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    half = n // 2 + 1
    a = _resize(a, half, axis)
    re, im = _parts(a)
    keep = np.ones(half)   # the imaginary parts NumPy ignores: bin 0 and the Nyquist bin
    keep[0] = 0.0
    if n % 2 == 0:
        keep[-1] = 0.0
    shape = [1] * np.ndim(re)
    shape[axis] = half
    im = im * np.reshape(keep, shape)
    mirror = np.arange(n - half, 0, -1)   # bins half .. n-1 are conj(a[n - k])
    full_re = np.concatenate([re, np.take(re, mirror, axis=axis)], axis=axis)
    full_im = np.concatenate([im, -np.take(im, mirror, axis=axis)], axis=axis)
    out = _c2c(make(full_re, full_im), n, axis, norm, inverse=True)
    return out.re if type(out) is ADComplex else np.real(out)


def _axes(a, s, axes):
    if axes is None:
        axes = list(range(-(len(s) if s is not None else np.ndim(a)), 0))
    axes = [ax % np.ndim(a) for ax in axes]
    s = [None] * len(axes) if s is None else list(s)
    return list(zip(axes, s))


@_both(np.fft.fftn)
def fftn(a, s=None, axes=None, norm=None, out=None):
    for ax, n in _axes(a, s, axes):
        a = fft(a, n, ax, norm)
    return a


@_both(np.fft.ifftn)
def ifftn(a, s=None, axes=None, norm=None, out=None):
    for ax, n in _axes(a, s, axes):
        a = ifft(a, n, ax, norm)
    return a


@_both(np.fft.fft2)
def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return fftn(a, s, axes, norm)


@_both(np.fft.ifft2)
def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return ifftn(a, s, axes, norm)


@implements(np.fft.rfftn)
def rfftn(a, s=None, axes=None, norm=None, out=None):
    pairs = _axes(a, s, axes)
    a = rfft(a, pairs[-1][1], pairs[-1][0], norm)
    for ax, n in pairs[:-1]:
        a = fft(a, n, ax, norm)
    return a


@implements(np.fft.rfft2)
def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return rfftn(a, s, axes, norm)


@_both(np.fft.irfftn)
def irfftn(a, s=None, axes=None, norm=None, out=None):
    pairs = _axes(a, s, axes)
    for ax, n in pairs[:-1]:
        a = ifft(a, n, ax, norm)
    return irfft(a, pairs[-1][1], pairs[-1][0], norm)


@_both(np.fft.irfft2)
def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return irfftn(a, s, axes, norm)


@_both(np.fft.fftshift)
def fftshift(x, axes=None):
    axes = list(range(np.ndim(x))) if axes is None else \
        ([axes] if np.ndim(axes) == 0 else list(axes))
    return np.roll(x, [np.shape(x)[ax] // 2 for ax in axes], axis=axes)


@_both(np.fft.ifftshift)
def ifftshift(x, axes=None):
    axes = list(range(np.ndim(x))) if axes is None else \
        ([axes] if np.ndim(axes) == 0 else list(axes))
    return np.roll(x, [-(np.shape(x)[ax] // 2) for ax in axes], axis=axes)

