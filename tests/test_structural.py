"""Structural operations are address bookkeeping (README.md, "What it is"): views record
no ops, gathers happen once when arithmetic needs a contiguous operand, item assignment is O(1)
with NumPy's view semantics, and tracing errors are clear and leave no recording behind."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import numtape as nt
import numtape.trace.recorder
from numtape.ops import BY_NAME

GATHER = BY_NAME["GatherOp"].code
SELECT = BY_NAME["SelectOp"].code


def n_ops():
    """Ops recorded so far in the open recording."""
    return len(numtape.trace.recorder.current().op)


def count(code):
    return sum(1 for o in numtape.trace.recorder.current().op if o == code)


class Recorded:
    """Run thunks inside a recording and remember how many ops each one added."""

    def __init__(self):
        self.added = {}

    def run(self, name, thunk):
        before = n_ops()
        out = thunk()
        self.added[name] = n_ops() - before
        return out


# ---- views record no ops ------------------------------------------------------------------
VIEWS = {
    "x[2]": lambda x, m: x[2],
    "x[-1]": lambda x, m: x[-1],
    "x[1:4]": lambda x, m: x[1:4],
    "x[::-1]": lambda x, m: x[::-1],
    "x[::2]": lambda x, m: x[::2],
    "x[[0, 2, 2]]": lambda x, m: x[[0, 2, 2]],
    "x[mask]": lambda x, m: x[np.arange(6) % 2 == 0],
    "x[None]": lambda x, m: x[None, :],
    "x.reshape": lambda x, m: x.reshape(3, 2),
    "np.reshape": lambda x, m: np.reshape(x, (2, 3)),
    "m.T": lambda x, m: m.T,
    "np.transpose": lambda x, m: np.transpose(m),
    "m[1]": lambda x, m: m[1],
    "m[0, 1]": lambda x, m: m[0, 1],
    "m[:, 1]": lambda x, m: m[:, 1],
    "np.ravel": lambda x, m: np.ravel(m),
    "m.ravel": lambda x, m: m.ravel(),
    "np.concatenate": lambda x, m: np.concatenate([x, x[:2], x[::-1]]),
    "np.stack": lambda x, m: np.stack([x, x[::-1]]),
    "np.hstack": lambda x, m: np.hstack([x, x]),
    "np.vstack": lambda x, m: np.vstack([x, x]),
    "np.flip": lambda x, m: np.flip(m),
    "np.broadcast_to": lambda x, m: np.broadcast_to(x, (4, 6)),
    "np.atleast_1d": lambda x, m: np.atleast_1d(x[0]),
    "np.squeeze": lambda x, m: np.squeeze(x[None]),
    "np.expand_dims": lambda x, m: np.expand_dims(x, 1),
    "np.diag(m)": lambda x, m: np.diag(m),
    "np.diag(v)": lambda x, m: np.diag(x[:3]),
    "np.repeat": lambda x, m: np.repeat(x, 2),
    "np.take": lambda x, m: np.take(x, [5, 0]),
    "np.zeros_like": lambda x, m: np.zeros_like(x),
    "np.ones_like": lambda x, m: np.ones_like(x),
    "x.copy": lambda x, m: x.copy(),
}


def test_views_record_no_ops():
    r = Recorded()

    def f(x):
        m = x.reshape(2, 3)
        for name, g in VIEWS.items():
            r.run(name, lambda g=g: g(x, m))
        return np.sum(x)
    nt.MakeTape(f, np.zeros(6))
    assert r.added == {name: 0 for name in VIEWS}


def test_views_give_numpy_values_and_shapes():
    x = np.arange(1.0, 7.0)
    for name, g in VIEWS.items():
        ref = g(x, x.reshape(2, 3))
        F = nt.MakeTape(lambda z, g=g: g(z, z.reshape(2, 3)) * 1.0, np.zeros(6))
        out = F(x)
        assert np.shape(out) == np.shape(ref), name
        np.testing.assert_array_equal(out, ref, err_msg=name)


def test_structural_op_is_o1_in_tape_size():
    """A big tape built from views only: ops are the final DepOp (and the broadcast gather)."""
    def f(x):
        m = x.reshape(100, 100)
        y = np.concatenate([m.T, m[::-1], np.flip(m, 1)])
        return y[::2, 3:50].T.ravel()
    F = nt.MakeTape(f, np.zeros(10000))
    assert F.n_ops == 1                      # the DepOp only
    x = np.arange(10000.0)
    np.testing.assert_array_equal(F(x), f(x))


# ---- gathers ------------------------------------------------------------------------------
def test_fancy_index_gathered_once_when_used():
    r = Recorded()
    gathers = {}

    def f(x):
        y = r.run("index", lambda: x[[0, 2, 4]])
        g0 = count(GATHER)
        z = r.run("mul", lambda: y * 2.0)
        gathers["mul"] = count(GATHER) - g0
        return z
    F = nt.MakeTape(f, np.zeros(6))
    assert r.added == {"index": 0, "mul": 2}        # one GatherOp + one MulOp
    assert gathers["mul"] == 1
    np.testing.assert_array_equal(F(np.arange(6.0)), [0.0, 4.0, 8.0])


def test_noncontiguous_operands_gathered():
    r = Recorded()

    def f(x):
        m = x.reshape(2, 3)
        a = r.run("strided+strided", lambda: x[::2] + x[1::2])     # 2 gathers + AddOp
        b = r.run("contiguous+1", lambda: x[1:4] + 1.0)             # no gather
        c = r.run("T*2", lambda: m.T * 2.0)                         # 1 gather + MulOp
        d = r.run("x*scalar", lambda: x * x[0])                     # scalar broadcasts
        e = r.run("reversed", lambda: np.sin(x[::-1]))              # 1 gather + SinOp
        return np.concatenate([a, b, c.ravel(), d, e])
    F = nt.MakeTape(f, np.zeros(6))
    assert r.added == {"strided+strided": 3, "contiguous+1": 1, "T*2": 2, "x*scalar": 1,
                       "reversed": 2}
    x = np.arange(1.0, 7.0)
    m = x.reshape(2, 3)
    ref = np.concatenate([x[::2] + x[1::2], x[1:4] + 1.0, (m.T * 2.0).ravel(), x * x[0],
                          np.sin(x[::-1])])
    np.testing.assert_allclose(F(x), ref, rtol=1e-15)


def test_gathered_operand_reused_is_gathered_once():
    """Scattered operands are gathered once, when an arithmetic op needs them: an indexed
    array used by several arithmetic ops is gathered once, not once per use."""
    gathers = {}

    def f(x):
        y = x[[0, 2, 4]]
        g0 = count(GATHER)
        out = y * 2.0 + np.exp(y) - y
        gathers["n"] = count(GATHER) - g0
        return out
    F = nt.MakeTape(f, np.zeros(6))
    x = np.arange(6.0)
    y = x[[0, 2, 4]]
    np.testing.assert_allclose(F(x), y * 2.0 + np.exp(y) - y, rtol=1e-15)
    assert gathers["n"] == 1


def test_gradient_through_gathers_and_views():
    def f(x):
        m = x.reshape(3, 3)
        return np.sum(m.T[[0, 2]] * m[::-1][:2] ** 2) + np.sum(np.diag(m) * x[[8, 8, 0]])
    F = nt.MakeTape(f, np.zeros(9))
    x = np.random.default_rng(0).normal(size=9)
    g = F.gradient(x)
    h = 1e-6
    fd = np.array([(f(x + h * e) - f(x - h * e)) / (2 * h) for e in np.eye(9)])
    np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-8)


# ---- item and slice assignment --------------------------------------------------------------
def _assign(x):
    y = np.zeros_like(x)
    v = y[1:4]                   # a view of y: later writes to y show through it
    y[2] = x[0] * 3.0
    y[1:3] = x[:2] ** 2
    v[2] = x[5]                  # writes y[3]
    y[-1] = np.sin(x[1])
    w = y.reshape(2, 3)
    w[1, 1] = x[2] + x[3]        # writes y[4]
    z = np.ones_like(x)
    z[::2] = x[1::2]
    return np.concatenate([y, v, z, w[:, 0]])


def test_item_and_slice_assignment_numpy_semantics():
    F = nt.MakeTape(_assign, np.zeros(6))
    x = np.array([1.5, -2.0, 0.5, 3.0, -1.0, 4.0])
    np.testing.assert_allclose(F(x), _assign(x), rtol=1e-15)
    h = 1e-6
    fd = np.array([(_assign(x + h * e) - _assign(x - h * e)) / (2 * h) for e in np.eye(6)]).T
    np.testing.assert_allclose(F.jacobian(x), fd, rtol=1e-6, atol=1e-8)


def test_assignment_records_no_ops():
    r = Recorded()

    def f(x):
        y = r.run("zeros_like", lambda: np.zeros_like(x))
        r.run("y[i] =", lambda: y.__setitem__(1, x[0]))
        r.run("y[a:b] =", lambda: y.__setitem__(slice(2, 4), x[:2]))
        r.run("y[fancy] =", lambda: y.__setitem__([4, 5], x[[3, 1]]))
        r.run("y[i] = const", lambda: y.__setitem__(0, 7.0))
        return y
    F = nt.MakeTape(f, np.zeros(6))
    assert r.added == {"zeros_like": 0, "y[i] =": 0, "y[a:b] =": 0, "y[fancy] =": 0,
                       "y[i] = const": 0}
    np.testing.assert_array_equal(F(np.arange(1.0, 7.0)), [7.0, 1.0, 1.0, 2.0, 4.0, 2.0])


def test_nt_zeros_fill():
    def f(x):
        y = nt.zeros(4)
        y[0] = x[0]
        y[3] = np.sin(x[1])
        y[1:3] = x * 2.0
        return y
    F = nt.MakeTape(f, np.zeros(2))
    np.testing.assert_allclose(F([1.0, 2.0]), [1.0, 2.0, 4.0, np.sin(2.0)])
    np.testing.assert_allclose(F.jacobian([1.0, 2.0]),
                               [[1, 0], [2, 0], [0, 2], [0, np.cos(2.0)]], atol=1e-15)
    # outside a recording it is plain zeros
    z = nt.zeros((2, 3))
    assert isinstance(z, np.ndarray) and z.shape == (2, 3) and not z.any()


def test_nt_zeros_shape_and_full_like():
    def f(x):
        y = nt.zeros((2, 2))
        y[1, 0] = x[0]
        z = np.full_like(x, 2.5)
        z[0] = y[1, 0] * 3.0
        return [y, z]
    F = nt.MakeTape(f, np.zeros(2))
    np.testing.assert_allclose(F([2.0, 9.0]), [0.0, 0.0, 2.0, 0.0, 6.0, 2.5])


def test_assigning_traced_into_plain_array_is_refused():
    """Assigning a traced value into a plain NumPy array must not silently drop the trace
    (NumPy decides the exception class: its setitem turns the TracingError into ValueError)."""
    def f(x):
        y = np.zeros(2)
        y[0] = x[0]
        return y
    with pytest.raises((TypeError, ValueError)):
        nt.MakeTape(f, np.zeros(2))
    assert numtape.trace.recorder.current() is None


def _fill_tape(n):
    def f(x):
        y = np.zeros_like(x)
        for i in range(n):
            y[i] = x[i] * x[i - 1]
        return y
    return nt.MakeTape(f, np.zeros(n))


def _profile_calls(fn):
    """Number of Python and C function calls made by fn() (a machine-independent work count)."""
    calls = [0]

    def prof(frame, event, arg):
        if event in ("call", "c_call"):
            calls[0] += 1
    sys.setprofile(prof)
    try:
        out = fn()
    finally:
        sys.setprofile(None)
    return out, calls[0]


def test_element_fill_loop_is_linear():
    F1, c1 = _profile_calls(lambda: _fill_tape(1000))
    F2, c2 = _profile_calls(lambda: _fill_tape(10000))
    for attr in ("n_ops", "arena_size"):
        a, b = getattr(F1, attr), getattr(F2, attr)
        assert 9.0 <= b / a <= 10.5, (attr, a, b)
    assert 9.0 <= len(F2) / len(F1) <= 10.5
    assert 9.0 <= F2.args.size / F1.args.size <= 10.5
    assert F2.iargs.size <= 10.5 * max(F1.iargs.size, 1)
    assert F1.n_ops <= 2 * 1000 + 10 and F1.arena_size <= 4 * 1000 + 10
    # recording work: Python-level calls grow linearly too
    assert c2 / c1 <= 10.5, (c1, c2)
    x = np.arange(1.0, 1001.0)
    np.testing.assert_array_equal(F1(x), x * np.roll(x, 1))


# ---- reductions ---------------------------------------------------------------------------
@pytest.mark.parametrize("fn", [np.sum, np.prod, np.mean, np.max, np.min],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -3, (0, 2), (2, 0), (1, 2), (0, 1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduction_shapes_match_numpy(fn, axis, keepdims):
    a = np.random.default_rng(5).uniform(0.5, 1.5, size=(2, 3, 4))
    F = nt.MakeTape(lambda x: fn(x, axis=axis, keepdims=keepdims), np.zeros((2, 3, 4)))
    ref = fn(a, axis=axis, keepdims=keepdims)
    out = F(a)
    assert np.shape(out) == np.shape(ref) and F.out_shape == np.shape(ref)
    np.testing.assert_allclose(out, ref, rtol=1e-13)
    if axis is None and not keepdims:
        assert type(out) is np.float64


@pytest.mark.parametrize("method", ["sum", "prod", "mean", "max", "min"])
def test_reduction_methods(method):
    a = np.random.default_rng(6).uniform(0.5, 1.5, size=(3, 4))
    for axis, kd in [(None, False), (0, True), (1, False), (-1, True)]:
        F = nt.MakeTape(lambda x, axis=axis, kd=kd: getattr(x, method)(axis=axis, keepdims=kd),
                        np.zeros((3, 4)))
        ref = getattr(a, method)(axis=axis, keepdims=kd)
        assert np.shape(F(a)) == np.shape(ref)
        np.testing.assert_allclose(F(a), ref, rtol=1e-13)


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_cumsum_shapes(axis):
    a = np.arange(12.0).reshape(3, 4)
    F = nt.MakeTape(lambda x: np.cumsum(x, axis=axis), np.zeros((3, 4)))
    ref = np.cumsum(a, axis=axis)
    assert np.shape(F(a)) == ref.shape
    np.testing.assert_array_equal(F(a), ref)


def test_reduction_of_empty_and_singleton_axes():
    F = nt.MakeTape(lambda x: np.sum(x[:0]) + np.prod(x[:0]) + np.sum(x[:1], axis=0),
                    np.zeros(3))
    assert F([2.0, 3.0, 4.0]) == 0.0 + 1.0 + 2.0
    with pytest.raises(ValueError):
        nt.MakeTape(lambda x: np.max(x[:0]), np.zeros(3))
    with pytest.raises(np.exceptions.AxisError):
        nt.MakeTape(lambda x: np.sum(x, axis=1), np.zeros(3))
    assert numtape.trace.recorder.current() is None


# ---- np.where -----------------------------------------------------------------------------
def test_where_constant_condition_records_no_select():
    r = Recorded()
    selects = {}

    def f(x):
        s0 = count(SELECT)
        y = r.run("where const", lambda: np.where(np.array([True, False, True]), x, 0.0))
        selects["const"] = count(SELECT) - s0
        s0 = count(SELECT)
        z = r.run("where traced", lambda: np.where(x > 1.0, x, -x))
        selects["traced"] = count(SELECT) - s0
        return np.concatenate([y, z])
    F = nt.MakeTape(f, np.zeros(3))
    assert r.added["where const"] == 0 and selects["const"] == 0
    assert selects["traced"] == 1
    np.testing.assert_array_equal(F([0.5, 2.0, 3.0]), [0.5, 0.0, 3.0, -0.5, 2.0, 3.0])
    np.testing.assert_array_equal(F([5.0, -2.0, 0.0]), [5.0, 0.0, 0.0, 5.0, 2.0, -0.0])


def test_where_branch_not_taken_contributes_zero():
    F = nt.MakeTape(lambda x: np.sum(np.where(x > 0, np.sqrt(x), 0.0)), np.zeros(2))
    g = F.gradient([0.0, 4.0])
    np.testing.assert_array_equal(g, [0.0, 0.25])


# ---- tracing errors -----------------------------------------------------------------------
def _if(x):
    if x[0] > 0:
        return x
    return -x


def _while(x):
    y = x[0]
    while y < 10.0:
        y = y * 2.0
    return y


TRACING_ERRORS = {
    "bool(x)": lambda x: bool(x[0]),
    "if x > 0": _if,
    "int(x)": lambda x: int(x[0]),
    "float(x)": lambda x: float(x[0]),
    "x[traced index]": lambda x: x[x[0]],
    "x[traced mask]": lambda x: x[x > 0],
    "x[traced slice]": lambda x: x[:x[0]],
    "range(traced)": lambda x: [x[i] for i in range(x[0])],
    "while traced": _while,
    "and/or": lambda x: (x[0] > 0) and x,
}


@pytest.mark.parametrize("name", list(TRACING_ERRORS))
def test_control_flow_on_traced_values_raises_tracingerror(name):
    with pytest.raises(nt.TracingError) as ei:
        nt.MakeTape(TRACING_ERRORS[name], np.zeros(3))
    assert isinstance(ei.value, TypeError)
    assert "np.where" in str(ei.value)
    assert numtape.trace.recorder.current() is None


@pytest.mark.parametrize("call, fname", [
    (lambda x: np.histogram(x), "histogram"),
    (lambda x: np.linalg.eig(np.outer(x, x)), "eig"),
    (lambda x: np.fft.hfft(x), "hfft"),
    (lambda x: np.unique(x), "unique"),
    (lambda x: np.searchsorted(x, 0.5), "searchsorted"),
    (lambda x: np.frexp(x), "frexp"),
], ids=["histogram", "eig", "hfft", "unique", "searchsorted", "frexp"])
def test_unsupported_numpy_functions_raise_typeerror_naming_them(call, fname):
    with pytest.raises(TypeError) as ei:
        nt.MakeTape(call, np.zeros(3))
    assert fname in str(ei.value)
    assert numtape.trace.recorder.current() is None


@pytest.mark.parametrize("call", [
    lambda x: np.exp(x, out=np.zeros(3)),
    lambda x: np.add(x, 1.0, out=np.zeros(3)),
    lambda x: np.multiply(x, x, out=x),
], ids=["exp", "add", "multiply-into-traced"])
def test_ufunc_out_raises_typeerror(call):
    with pytest.raises(TypeError, match="out"):
        nt.MakeTape(call, np.zeros(3))
    assert numtape.trace.recorder.current() is None


# ---- a failing f leaves nothing behind ----------------------------------------------------
def test_failing_f_leaves_no_active_recording():
    def bad(x):
        np.sin(x) * 2
        raise KeyError("user bug")
    with pytest.raises(KeyError):
        nt.MakeTape(bad, np.zeros(3))
    assert numtape.trace.recorder.current() is None
    F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    assert F.n_ops == 3 and F([1.0, 2.0, 3.0]) == 14.0


def test_failing_inner_recording_restores_outer():
    def outer(x):
        rec = numtape.trace.recorder.current()
        with pytest.raises(ZeroDivisionError):
            nt.MakeTape(lambda y: 1 / 0, np.zeros(1))
        assert numtape.trace.recorder.current() is rec
        return np.sum(x * 3.0)            # the outer recording still works
    F = nt.MakeTape(outer, np.zeros(2))
    assert F([1.0, 2.0]) == 9.0
    assert numtape.trace.recorder.current() is None


def test_escaped_traced_value_raises_later():
    leaked = []

    def f(x):
        leaked.append(x)
        leaked.append(x[0] * 2.0)
        return np.sum(x)
    nt.MakeTape(f, np.zeros(3))
    x, s = leaked
    for use in (lambda: x + 1.0, lambda: np.exp(x), lambda: s * 2.0, lambda: np.sum(x),
                lambda: x @ x, lambda: np.where(x > 0, x, 0.0)):
        with pytest.raises(nt.TracingError):
            use()
    # and inside a new recording
    with pytest.raises(nt.TracingError):
        nt.MakeTape(lambda y: y + x, np.zeros(3))
    with pytest.raises(nt.TracingError):
        nt.MakeTape(lambda y: np.concatenate([y, x]) * 2.0, np.zeros(3))
    assert numtape.trace.recorder.current() is None


@pytest.mark.parametrize("f", [
    lambda x: np.stack([x[-1], np.sin(x[0])]) * 2.0,
    lambda x: np.concatenate([x[1:], np.exp(x[:1])]) + 1.0,
])
def test_block_across_inputs_end_is_gathered(f):
    """The last input and the first op output have consecutive provisional addresses, but the
    constants are placed between them: such a block must be gathered, not read in place."""
    x = np.array([0.3, 0.7])
    F = nt.MakeTape(f, np.zeros(2))
    np.testing.assert_array_equal(F(x), f(x))


def test_flatten_returns_a_copy():
    """``x.flatten()`` is a copy, as in NumPy: assigning into it leaves ``x`` alone."""
    def f(x):
        y = x.flatten()
        y[0] = 0.0
        return x * 1.0
    x = np.ones(3)
    np.testing.assert_array_equal(nt.MakeTape(f, x)(x), f(x))
