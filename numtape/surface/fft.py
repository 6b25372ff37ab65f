"""The ``np.fft`` family on traced real and complex values, as products with constant DFT
matrices.

A discrete Fourier transform along one axis is a linear map: the traced array (moved to the
last axis, cut or zero-padded to ``n``) times the constant matrix W_jk = exp(-2 pi i jk / n)
(angles reduced mod n, so every entry is accurate), scaled as ``norm`` says.  Complex values
are numtape's (re, im) pairs (trace/complex.py), so the product records real MatMulOps and every
derivative, derivative tape and sparsity analysis applies unchanged.  ``irfft`` is the real
linear map NumPy computes: the half spectrum's real and imaginary parts times cosine and sine
matrices, counting interior bins twice and ignoring the imaginary parts of the zero (and, for
even n, the Nyquist) bin.  n-dimensional transforms apply the 1-D ones axis by axis.

Cost: O(n^2) per transform of length n (an FFT is O(n log n)), which is what a dense
derivative costs anyway; values agree with NumPy's FFT to roundoff (1e-15 sqrt(n) relative).
"""
from __future__ import annotations

import numpy as np

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


def _scale(norm, n, inverse):
    if norm in (None, "backward"):
        return 1.0 / n if inverse else 1.0
    if norm == "ortho":
        return 1.0 / np.sqrt(n)
    if norm == "forward":
        return 1.0 if inverse else 1.0 / n
    raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".')


def _dft(n_in, n_out, inverse, scale):
    """The (n_in, n_out) matrix of x -> DFT(x)[:n_out] for real or complex x of length n_in."""
    j = np.arange(n_in)[:, None]
    k = np.arange(n_out)[None, :]
    n = max(n_in, 1)
    angle = 2.0 * np.pi * ((j * k) % n) / n
    return scale * np.exp((1j if inverse else -1j) * angle)


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
    W = _dft(n, n, inverse, _scale(norm, n, inverse))
    return _along(a, axis, lambda x: x @ W)


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
    a = _resize(a, n, axis)
    W = _dft(n, n // 2 + 1, False, _scale(norm, n, False))
    return _along(a, axis, lambda x: x @ W)


@_both(np.fft.irfft)
def irfft(a, n=None, axis=-1, norm=None, out=None):
    axis = axis % np.ndim(a)
    m = np.shape(a)[axis]
    n = 2 * (m - 1) if n is None else int(n)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    half = n // 2 + 1
    a = _resize(a, half, axis)
    k = np.arange(half)[:, None]
    t = np.arange(n)[None, :]
    angle = 2.0 * np.pi * ((k * t) % n) / n
    weight = np.full((half, 1), 2.0)
    weight[0] = 1.0
    if n % 2 == 0:
        weight[-1] = 1.0
    scale = _scale(norm, n, True)
    C = scale * weight * np.cos(angle)
    S = -scale * weight * np.sin(angle)
    S[0] = 0.0
    if n % 2 == 0:
        S[-1] = 0.0
    re, im = (a.re, a.im) if type(a) is ADComplex else (a, None)
    out = _along(re, axis, lambda x: x @ C)
    if im is not None:
        out = out + _along(im, axis, lambda x: x @ S)
    return out


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

