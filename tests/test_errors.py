"""The error and input contract (README.md, "Inputs and errors"), as tables.

Every entry point takes anything ``np.asarray`` turns into real numbers: bool, integer and
floating dtypes of any layout (strided, transposed, Fortran order, read-only), Python lists and
0-d values are cast to float64; results equal those at the float64 input, inputs are never
written to, and results never alias the tape's workspace.  Complex, string and object inputs
raise TypeError naming the dtype; a wrong size raises ValueError naming both shapes.  Inside
``f``: ``out=`` arguments and in-place ufuncs into NumPy arrays raise TypeError, unsupported
functions and ufuncs and concrete conversions raise ``nt.TracingError`` naming them.
"""
import operator

import numpy as np
import pytest

import numtape as nt

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])


def f(x):
    return np.sum(np.sin(x) * x ** 2) + x[0, 0] * x[1, 2]


F = nt.MakeTape(f, X)

CALLS = {
    "call": lambda T, x: T(x),
    "jacobian": lambda T, x: T.jacobian(x),
    "gradient": lambda T, x: T.gradient(x),
    "vjp": lambda T, x: T.vjp(x, 2.0),
    "jvp": lambda T, x: T.jvp(x, np.ones(T.in_shape)),
    "hessian": lambda T, x: T.hessian(x),
    "MakeTape": lambda T, x: nt.MakeTape(f, x).gradient(X),
}


def _strided(a):
    big = np.full((2 * a.shape[0], 2 * a.shape[1]), np.nan)
    big[::2, ::2] = a
    return big[::2, ::2]


def _readonly(a):
    a = a.copy()
    a.setflags(write=False)
    return a


INTS = np.array([[1, -2, 3], [0, 4, -1]])
# name -> (input, the float64 array it means)
INPUTS = {
    "int": (INTS, INTS.astype(np.float64)),
    "uint8": (INTS.astype(np.uint8) % 7, (INTS.astype(np.uint8) % 7).astype(np.float64)),
    "bool": (INTS > 0, (INTS > 0).astype(np.float64)),
    "float32": (X.astype(np.float32), X.astype(np.float32).astype(np.float64)),
    "float16": (X.astype(np.float16), X.astype(np.float16).astype(np.float64)),
    "strided": (_strided(X), X),
    "transposed": (np.ascontiguousarray(X.T).T, X),
    "fortran": (np.asfortranarray(X), X),
    "readonly": (_readonly(X), X),
    "list": (X.tolist(), X),
    "int-list": (INTS.tolist(), INTS.astype(np.float64)),
}


def _snapshot(x):
    return np.array(x, copy=True) if isinstance(x, np.ndarray) else repr(x)


def _unchanged(x, snap):
    if isinstance(x, np.ndarray):
        assert x.dtype == snap.dtype and x.shape == snap.shape
        assert x.tobytes() == snap.tobytes(), "input array was modified"
    else:
        assert repr(x) == snap, "input list was modified"


@pytest.mark.parametrize("call", list(CALLS))
@pytest.mark.parametrize("kind", list(INPUTS))
def test_inputs_are_cast_never_mutated_never_aliased(kind, call):
    x, as_float = INPUTS[kind]
    run = CALLS[call]
    snap = _snapshot(x)
    expected = run(F, as_float) if call != "MakeTape" else F.gradient(X)
    got = run(F, x)
    _unchanged(x, snap)
    np.testing.assert_array_equal(got, expected)
    if isinstance(got, np.ndarray) and got.size:
        got[...] = 123.0                  # a result is the caller's: writing to it is harmless
        np.testing.assert_array_equal(run(F, x), expected)
    _unchanged(x, snap)


def test_earlier_results_survive_later_calls():
    for call in ("call", "jacobian", "gradient", "vjp", "jvp", "hessian"):
        first = np.copy(CALLS[call](F, X))
        kept = CALLS[call](F, X)
        CALLS[call](F, X + 1.0)
        np.testing.assert_array_equal(kept, first, err_msg=call)


ZERO_D = {"float": 0.7, "int": 2, "bool": True, "np.float32": np.float32(0.7),
          "0-d array": np.array(0.7), "0-d int array": np.array(2),
          "0-d readonly": _readonly(np.array(0.7))}


@pytest.mark.parametrize("kind", list(ZERO_D))
def test_zero_d_inputs(kind):
    G = nt.MakeTape(lambda x: np.exp(x) * x, np.array(0.0))
    x = ZERO_D[kind]
    snap = _snapshot(x)
    ref = np.float64(x)
    assert G(x) == G(ref) and type(G(x)) is np.float64
    assert G.gradient(x) == G.gradient(ref) and np.shape(G.gradient(x)) == ()
    assert G.hessian(x) == G.hessian(ref)
    H = nt.MakeTape(lambda v: np.exp(v) * v, x)
    assert H.in_shape == () and H(ref) == G(ref)
    _unchanged(x, snap)


# ---- refused inputs -----------------------------------------------------------------------
BAD_INPUTS = [
    pytest.param(X + 1j, TypeError, "complex128", id="complex"),
    pytest.param(X.astype(np.complex64), TypeError, "complex64", id="complex64"),
    pytest.param((X + 0j).tolist(), TypeError, "complex", id="complex-list"),
    pytest.param(np.full((2, 3), "1.5"), TypeError, "<U3", id="numeric-strings"),
    pytest.param([["a", "b", "c"], ["d", "e", "f"]], TypeError, "<U1", id="strings"),
    pytest.param(np.full((2, 3), None), TypeError, "object", id="objects"),
    pytest.param(np.zeros(5), ValueError, r"\(5,\).*\(2, 3\)", id="too-few"),
    pytest.param(np.zeros((3, 3)), ValueError, r"\(3, 3\).*\(2, 3\)", id="too-many"),
]


@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("call", [c for c in CALLS if c != "MakeTape"])
@pytest.mark.parametrize("x, exc, match", BAD_INPUTS)
def test_bad_inputs_are_refused(x, exc, match, call):
    with pytest.raises(exc, match=match):
        CALLS[call](F, x)


@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("x, exc, match", BAD_INPUTS[:6])
def test_bad_x0_is_refused_by_maketape(x, exc, match):
    with pytest.raises(exc, match=match):
        nt.MakeTape(f, x)
    with pytest.raises(exc, match=match):
        nt.MakeTape(lambda d: np.sum(d["a"]), {"a": x})


@pytest.mark.parametrize("bad, match", [
    pytest.param(lambda T: T.vjp(X, np.ones(2)), r"\(2,\).*\(\)", id="vjp-w-size"),
    pytest.param(lambda T: T.vjp(X, 1j), "complex", id="vjp-w-complex"),
    pytest.param(lambda T: T.jvp(X, np.ones(4)), r"\(4,\).*\(2, 3\)", id="jvp-v-size"),
    pytest.param(lambda T: T.jvp(X, X * 1j), "complex", id="jvp-v-complex"),
    pytest.param(lambda T: T.hvp(X, np.ones(7)), r"\(7,\).*\(2, 3\)", id="hvp-v-size"),
])
def test_bad_directions_are_refused(bad, match):
    with pytest.raises((TypeError, ValueError), match=match):
        bad(F)


# ---- inside f -----------------------------------------------------------------------------
def _add_out(x):
    buf = np.zeros(3)
    np.add(x, 1.0, out=buf)
    return buf


def _iadd_numpy(x):
    a = np.ones(3)
    a += x
    return a


def _sin_out(x):
    np.sin(x, out=x)
    return x


@pytest.mark.parametrize("g", [_add_out, _iadd_numpy, _sin_out])
def test_out_arguments_are_refused(g):
    with pytest.raises(TypeError, match="out="):
        nt.MakeTape(g, np.zeros(3))


def test_augmented_assignment_on_a_traced_array_rebinds():
    def g(x):
        y = x
        x += 1.0
        x *= 2.0
        return x - y
    G = nt.MakeTape(g, np.zeros(3))
    v = np.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(G(v), v + 2.0)
    np.testing.assert_array_equal(G.jacobian(v), np.eye(3))


@pytest.mark.parametrize("g, name", [
    (lambda x: np.histogram(x), "histogram"), (np.fft.hfft, "hfft"), (np.unique, "unique"),
    (lambda x: np.linalg.eig(x.reshape(2, 2)), "eig"), (np.frexp, "frexp"),
    (lambda x: np.searchsorted(x, 0.5), "searchsorted"),
])
def test_unsupported_functions_name_themselves(g, name):
    with pytest.raises(nt.TracingError, match=name):
        nt.MakeTape(g, np.ones(4))


@pytest.mark.parametrize("g", [
    pytest.param(lambda x: 1.0 if x[0] > 0 else 0.0, id="if"),
    pytest.param(lambda x: bool(x[0]), id="bool"),
    pytest.param(lambda x: int(x[0]), id="int"),
    pytest.param(lambda x: float(x[0]), id="float"),
    pytest.param(lambda x: operator.index(x[0]), id="index"),
    pytest.param(lambda x: [1.0, 2.0][x[0]], id="list-index"),
    pytest.param(lambda x: x[x[0]], id="traced-index"),
])
def test_concrete_conversions_name_np_where(g):
    with pytest.raises(nt.TracingError, match=r"np\.where"):
        nt.MakeTape(g, np.ones(3))


@pytest.mark.parametrize("g", [lambda x: x[3], lambda x: x[-4], lambda x: x[[0, 5]],
                               lambda x: x.reshape(3, 1)[0, 1]])
def test_out_of_range_indices_raise_indexerror(g):
    with pytest.raises(IndexError):
        nt.MakeTape(g, np.ones(3))


@pytest.mark.parametrize("g, routine, alternative", [
    (lambda x: __import__("scipy.integrate", fromlist=["odeint"]).odeint(
        lambda y, t: -x[0] * y, x[1:], [0.0, 1.0]), "scipy.integrate.odeint", "Runge-Kutta"),
    (lambda x: __import__("scipy.integrate", fromlist=["quad"]).quad(
        lambda t: x[0] * t, 0.0, 1.0)[0], "scipy.integrate.quad", "quadrature"),
    (lambda x: __import__("scipy.signal", fromlist=["lfilter"]).lfilter(
        [1.0], [1.0, -0.5], x), "scipy.signal.lfilter", "convolve"),
])
def test_scipy_routines_on_traced_values_name_the_routine_and_an_alternative(g, routine,
                                                                             alternative):
    with pytest.raises(nt.TracingError, match=routine) as e:
        nt.MakeTape(g, np.ones(2))
    assert alternative in str(e.value)


def test_scipy_optimize_inside_f_says_why_in_the_cause():
    from scipy.optimize import minimize
    with pytest.raises(ValueError) as e:      # SciPy turns our TypeError into its ValueError
        nt.MakeTape(lambda x: minimize(lambda z: (z - x[0]) ** 2, 0.0).x, np.ones(1))
    assert "F.newton" in str(e.value.__cause__ or e.value.__context__)
