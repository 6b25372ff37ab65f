"""NumPy functions composed from table ops (var, std, linalg.norm): values as NumPy, every
derivative path, and second derivatives through jacfun."""
import numpy as np
import pytest
import scipy.linalg

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


def test_matrix_norm_of_unknown_order_names_itself():
    with pytest.raises(ValueError, match="Invalid norm order"):
        nt.MakeTape(lambda x: np.linalg.norm(x, 3), np.zeros((2, 2)))


# ---- NumPy functions composed from recorded ops (numtape/surface/: arrays, products, ...) --
V = np.array([0.3, -1.2, 0.8, 1.5, 0.4, -0.7])
S = np.array([[2.0, 0.3, -0.4], [0.5, 1.5, 0.2], [-0.1, 0.7, 1.8]])
W = np.array([0.5, 1.0, 2.0])
PIECEWISE = np.array([1.293, -1.371, -0.38, -1.706, 1.432, 1.315])   # away from every jump
BINS = np.array([0, 2, 2, 5, 0, 2])

COMPOSED = {
    "tril": (lambda x: np.tril(x), S), "triu-k1": (lambda x: np.triu(x, 1), S),
    "tril-k-1": (lambda x: np.tril(x, -1), S),
    "pad-constant": (lambda x: np.pad(x, (2, 1), constant_values=3.0), V),
    "pad-edge": (lambda x: np.pad(x, ((1, 0), (0, 2)), mode="edge"), S),
    "pad-reflect": (lambda x: np.pad(x, 2, mode="reflect"), V),
    "split": (lambda x: np.split(x, 3)[1] * np.split(x, 3)[2], V),
    "array_split": (lambda x: np.array_split(x, 4)[0], V),
    "hsplit-vsplit": (lambda x: np.hsplit(x, 3)[0] + np.vsplit(x, 3)[2].T, S),
    "append": (lambda x: np.append(x, [1.0, 2.0]) * 2.0, V),
    "insert": (lambda x: np.insert(x, 2, -5.0), V),
    "delete": (lambda x: np.delete(x, [0, 3]), V),
    "meshgrid": (lambda x: np.meshgrid(x[:2], x[2:5])[0] * np.meshgrid(x[:2], x[2:5])[1], V),
    "kron": (lambda x: np.kron(x, S[:2, :2]), S[:2]),
    "kron-vector": (lambda x: np.kron(x[:3], x[3:]), V),
    "tensordot": (lambda x: np.tensordot(x, S, axes=([1], [0])), S),
    "tensordot-2": (lambda x: np.tensordot(x, S * x), S),
    "matrix_power-3": (lambda x: np.linalg.matrix_power(x, 3), S),
    "matrix_power--2": (lambda x: np.linalg.matrix_power(x, -2), S),
    "polyval": (lambda x: np.polyval(x[:3], x[3:]), V),
    "linspace": (lambda x: np.linspace(x[0], x[1], 5), V),
    "nan_to_num": (lambda x: np.nan_to_num(np.log(x)), V),
    "isnan-isfinite": (lambda x: np.where(np.isnan(np.log(x)), 0.0, x)
                       + np.where(np.isfinite(np.log(x)), x, 2.0)
                       + np.where(np.isinf(np.exp(1000 * x)), 1.0, x), V),
    "trapezoid": (lambda x: np.trapezoid(x), V),
    "trapezoid-x": (lambda x: np.trapezoid(x[3:], x=x[:3]), V),
    "trapezoid-axis0": (lambda x: np.trapezoid(x, dx=0.5, axis=0), S),
    "gradient": (lambda x: np.gradient(x), V),
    "gradient-2d": (lambda x: np.gradient(x, 0.5)[1], S),
    "cumprod": (lambda x: np.cumprod(x), V),
    "cumprod-axis1": (lambda x: np.cumprod(x, axis=1), S),
    "ptp": (lambda x: np.ptp(x, axis=0), S),
    "nansum": (lambda x: np.nansum(np.log(x)), V),
    "nanmean-axis": (lambda x: np.nanmean(np.log(x), axis=1), S),
    "nanmax-nanmin": (lambda x: np.nanmax(np.log(x)) + np.nanmin(np.sqrt(x)), V),
    "average": (lambda x: np.average(x), S),
    "average-weights": (lambda x: np.average(x, axis=0, weights=W), S),
    "average-traced-weights": (lambda x: np.average(x[0], weights=x[1] ** 2), S),
    "cov": (lambda x: np.cov(x), S),
    "cov-rowvar-ddof0": (lambda x: np.cov(x, rowvar=False, ddof=0), S),
    "corrcoef": (lambda x: np.corrcoef(x), S),
    "bincount": (lambda x: np.bincount(BINS, weights=x), V),
    "bincount-minlength": (lambda x: np.bincount(BINS, weights=x * x, minlength=9), V),
    "heaviside": (lambda x: np.heaviside(x, 0.5) * x, V),
    "sinc": (lambda x: np.sinc(x), V),
    "logaddexp2": (lambda x: np.logaddexp2(x, x[::-1]), V),
    "deg2rad-degrees": (lambda x: np.deg2rad(x) + np.degrees(x) + np.radians(x), V),
    "round": (lambda x: np.round(x * 10.0) + np.round(x, 1) + np.around(x * 100, -1) + x,
              PIECEWISE),
    "floor-ceil-mod": (lambda x: np.floor(x) * x + np.ceil(x) + np.mod(x, 0.7) + x % 1.9
                       + np.fmod(x, -0.9) + np.copysign(x, -x[::-1]) + np.fix(x * 3), PIECEWISE),
    "convolve-full": (lambda x: np.convolve(x, x[:3] * 2.0), V),
    "convolve-same-const": (lambda x: np.convolve(x, W, mode="same"), V),
    "convolve-valid-short-first": (lambda x: np.convolve(x[:2], x, mode="valid"), V),
    "correlate": (lambda x: np.correlate(x, x[1:4], mode="full"), V),
    "correlate-valid-swapped": (lambda x: np.correlate(x[:2], x), V),
    "sort": (lambda x: np.sort(x) * np.arange(6.0), V),
    "sort-axis0": (lambda x: np.sort(x, axis=0), S),
    "sort-none": (lambda x: np.sort(x, axis=None), S),
    "argsort-gather": (lambda x: x[np.argsort(x)] + np.take(x, np.argsort(-x)), V),
    "take-along-axis": (lambda x: np.take_along_axis(x, np.argsort(x, axis=1), axis=1), S),
    "median-odd-even": (lambda x: np.median(x) + np.median(x[:5]), V),
    "median-axis-keepdims": (lambda x: np.median(x, axis=1, keepdims=True), S),
    "quantile": (lambda x: np.quantile(x, [0.1, 0.5, 0.77]), V),
    "quantile-axis": (lambda x: np.quantile(x, 0.3, axis=0), S),
    "percentile": (lambda x: np.percentile(x, 90.0), V),
    "argmax-argmin": (lambda x: x[np.argmax(x)] * x[np.argmin(x)] + np.argmax(x), V),
    "argmax-axis": (lambda x: np.take_along_axis(
        x, np.expand_dims(np.argmax(x, axis=1), 1), axis=1), S),
    "einsum-chain-3": (lambda x: np.einsum("ij,jk,kl->il", x, S * x, S), S),
    "einsum-trace-4": (lambda x: np.einsum("ab,bc,cd,da->", x, S, x.T, S), S),
    "einsum-ellipsis": (lambda x: np.einsum("...j,jk->...k", np.reshape(x, (2, 3, 3)), S),
                        np.concatenate([S, S + 1.0])),
    "einsum-ellipsis-implicit": (lambda x: np.einsum("...ij,...ij", x, S), S),
    "interp-traced-x": (lambda x: np.interp(x, [-1.0, 0.0, 0.5, 2.0], [3.0, 1.0, -1.0, 4.0]),
                        PIECEWISE),
    "interp-traced-fp": (lambda x: np.interp([-1.5, 0.2, 0.7, 3.0], [-1.0, 0.0, 0.5, 2.0],
                                             x[:4]), V),
    "interp-traced-all": (lambda x: np.interp(x[4:], np.array([-2.0, 0.1, 1.9]), x[1:4] ** 2,
                                              left=0.5), V),
    "fft-abs": (lambda x: np.abs(np.fft.fft(x)), V),
    "fft-n-norm": (lambda x: np.real(np.fft.fft(x, n=8, norm="ortho"))
                   + np.imag(np.fft.fft(x, n=8)), V),
    "ifft-complex": (lambda x: np.real(np.fft.ifft(x + 1j * x[::-1], n=4)), V),
    "rfft-irfft": (lambda x: np.fft.irfft(np.fft.rfft(x) * np.array([1, 2, 3, 4.0])), V),
    "irfft-odd-n": (lambda x: np.fft.irfft(x[:3] + 1j * x[3:], n=5, norm="forward"), V),
    "fft2-shift": (lambda x: np.abs(np.fft.fftshift(np.fft.fft2(x))), S),
    "ifftn-axes": (lambda x: np.imag(np.fft.ifftn(x * (1 + 2j), axes=[0])), S),
    "rfft2-irfft2": (lambda x: np.fft.irfft2(np.fft.rfft2(x), s=(3, 3)), S),
    "rfftn-abs": (lambda x: np.abs(np.fft.rfftn(x)), S),
    "ifftshift": (lambda x: np.fft.ifftshift(x, axes=1), S),
    "floordiv-divmod": (lambda x: x // 0.7 + 2.5 // x + np.floor_divide(x, -0.3) * x
                        + divmod(x, 1.1)[0] + divmod(x, 1.1)[1] + 3.0 % x, PIECEWISE),
}


@pytest.mark.parametrize("f, x", COMPOSED.values(), ids=COMPOSED.keys())
def test_composed_numpy_functions_match_numpy_and_differentiate(f, x):
    with np.errstate(all="ignore"):
        F = check_grads(f, x)
    with nt.TapeConfig(atomic="disable"):
        G = nt.MakeTape(f, x)
    np.testing.assert_allclose(G.jacobian(x), F.jacobian(x), rtol=1e-12, atol=1e-14)


def add_at(x):
    a = np.zeros_like(x[:4])
    np.add.at(a, [0, 2, 2, 3, 2], x[1:6])
    return a * x[:4]


def max_at(x):
    a = x[:4] * 1.0
    np.maximum.at(a, [1, 1, 3], x[3:6])
    return a


@pytest.mark.parametrize("f", [add_at, max_at])
def test_ufunc_at_scatters_with_repeats(f):
    check_grads(f, V)


def test_ufunc_at_into_a_numpy_array_names_the_fix():
    with pytest.raises(nt.TracingError, match="np.zeros_like"):
        nt.MakeTape(lambda x: np.add.at(np.zeros(3), [0, 1], x), np.zeros(2))


def test_bincount_records_one_sum_per_group_size():
    bins = np.repeat(np.arange(1000), 3)
    F = nt.MakeTape(lambda w: np.bincount(bins, weights=w), np.zeros(3000))
    assert F.n_ops < 10
    np.testing.assert_allclose(F(np.arange(3000.0)), np.bincount(bins, np.arange(3000.0)))


def test_interp_and_sort_re_decide_at_every_point():
    xp, fp = np.array([-1.0, 0.0, 0.5, 2.0]), np.array([3.0, 1.0, -1.0, 4.0])
    F = nt.MakeTape(lambda x: np.interp(x, xp, fp) + np.sort(x) * np.median(x), np.zeros(5))
    for x in (np.array([-2.0, -0.5, 0.25, 1.0, 3.0]), np.array([1.5, 0.1, -0.9, 0.4, 2.0])):
        np.testing.assert_allclose(F(x), np.interp(x, xp, fp) + np.sort(x) * np.median(x),
                                   rtol=1e-15)


def test_argmax_and_argmin_return_the_first_nan_as_numpy():
    F = nt.MakeTape(lambda x: np.stack([np.argmax(x), np.argmin(x)]), np.zeros(5))
    for x in (np.array([1.0, np.nan, 3.0, np.nan, -2.0]), np.array([0.5, 2.0, 2.0, -1.0, -1.0])):
        np.testing.assert_array_equal(F(x), [np.argmax(x), np.argmin(x)])


@pytest.mark.parametrize("kth", [0, 2, -1, [1, 3]])
def test_partition_and_argpartition_are_valid_partitions_decided_at_every_point(kth):
    """np.partition / argpartition on traced values return the sorted order (one valid
    partition for every kth), re-decided at replay: NumPy's value at every kth position."""
    x0 = np.array([0.3, -1.2, 2.5, 0.7, -0.1])
    F = check_grads(lambda x: np.partition(x, kth) * np.arange(1.0, 6.0), x0)
    G = nt.MakeTape(lambda x: np.take_along_axis(x, np.argpartition(x, kth), 0), x0)
    for x in (x0, x0[::-1].copy(), np.array([5.0, 4.0, 3.0, 2.0, 1.0])):
        k = np.atleast_1d(kth)
        np.testing.assert_array_equal(F(x)[k] / np.arange(1.0, 6.0)[k], np.partition(x, kth)[k])
        np.testing.assert_array_equal(G(x), np.sort(x))
    with pytest.raises(ValueError, match="out of bounds"):
        nt.MakeTape(lambda x: np.partition(x, 7), x0)


@pytest.mark.parametrize("axis", [(0, 1), (1, 2), (2, 0), (0, 1, 2), (-1, 0)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_median_and_quantile_over_several_axes_like_numpy(axis, keepdims):
    x = np.random.default_rng(5).permutation(60).reshape(3, 4, 5) * 0.1   # no near ties
    F = nt.MakeTape(lambda z: np.median(z, axis=axis, keepdims=keepdims), x)
    np.testing.assert_array_equal(F(x), np.median(x, axis=axis, keepdims=keepdims))
    G = nt.MakeTape(lambda z: np.quantile(z, [0.3, 0.9], axis=axis, keepdims=keepdims), x)
    np.testing.assert_allclose(G(x), np.quantile(x, [0.3, 0.9], axis=axis, keepdims=keepdims),
                               rtol=1e-15)
    check_grads(lambda z: np.sum(np.median(z, axis=axis) ** 2), x)


@pytest.mark.parametrize("q", [np.nan, -0.1, 1.5, [0.2, np.nan]])
def test_quantile_outside_zero_one_or_nan_is_refused_like_numpy(q):
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        nt.MakeTape(lambda z: np.quantile(z, q), np.arange(4.0))
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        np.quantile(np.arange(4.0), q)


EMPTY_CASES = {
    "expm of 0x0": lambda x, sp: sp.linalg.expm(x[:0].reshape(0, 0)),
    "sort of an empty slice": lambda x, sp: np.sort(x[:0]),
    "indexing by an empty argsort": lambda x, sp: x[np.argsort(x)[:0]],
    "cumsum of nothing": lambda x, sp: np.cumsum(x[:0]),
    "solve of 0x0": lambda x, sp: np.linalg.solve(x[:0].reshape(0, 0), x[:0]),
    "product with no rows": lambda x, sp: x[:0].reshape(0, 3) @ x[:3],
    "a sum plus an empty sum": lambda x, sp: np.sum(x) + np.sum(x[:0] * 2),
}


@pytest.mark.parametrize("name", list(EMPTY_CASES))
def test_zero_size_operands_and_results_record_as_numpy_computes(name):
    """Ops with an empty result record nothing (a tape's ops write at least one value), and
    the tape gives NumPy's empty arrays and shapes (``sp``: nt.scipy traced, scipy plain)."""
    f, x = EMPTY_CASES[name], np.arange(1.0, 5.0)
    F = nt.MakeTape(lambda z: f(z, nt.scipy), x)
    want = np.asarray(f(x, scipy), dtype=np.float64)
    assert np.shape(F(x)) == np.shape(want)
    np.testing.assert_allclose(F(x), want)


@pytest.mark.parametrize("build", [
    lambda x: np.array([[x[0], x[1]], [x[1], x[2]]], like=x),
    lambda x: np.asarray([[x[0], x[1]], [x[1], 2.0]], like=x),
    lambda x: np.array([x[:2], [1.0, x[2]]], like=x, ndmin=3),
    lambda x: np.array((x[0], 3.0, (x[1] * x[2])), like=x),
])
def test_np_array_like_a_traced_array_builds_nested_lists(build):
    """np.array(nested list of traced values and numbers, like=x): the array NumPy would
    build (a 2x2 covariance from its parameters); derivatives on every path."""
    x = np.array([3.0, 0.5, 2.0])
    F = nt.MakeTape(build, x)
    np.testing.assert_array_equal(F(x), build(x))
    check_grads(lambda z: np.sum(np.sin(build(z))), x)


def test_plain_np_array_of_traced_values_names_the_like_spelling():
    with pytest.raises(nt.TracingError, match=r"like=x"):
        nt.MakeTape(lambda x: np.array([[x[0], x[1]], [x[1], x[2]]]), np.ones(3))
