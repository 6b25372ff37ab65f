"""A compiled segment whose kernel Numba cannot compile leaves the plan before the sweep that
needs it starts (``Sweeps._kernels``): the interpreters sweep its ops instead, the results are
the interpreters' bit for bit, and a RuntimeWarning names the error once."""
import types
import warnings

import numba
import numpy as np
import pytest

import numtape as nt
from numtape.tape.plan import Fused, Loop, build_plan

N = 300


def chain(x):
    return np.sum(np.exp(0.5 * x[1:]) * np.sin(x[:-1]) + x[1:] ** 2)


def scalar_loop(x):
    s = 0.0
    for i in range(1, len(x)):
        s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
    return s


def _broken(name, arity):
    """A jitted function called ``name`` that Numba cannot type (an undefined global)."""
    params = ", ".join(f"a{i}" for i in range(arity))
    scope = {}
    exec(f"def {name}({params}):\n    return no_such_function(a0)\n", scope)
    return numba.njit(scope[name])


def _break(F, kind, name):
    """F compiled, with the ``name`` kernel of its first ``kind`` segment replaced by one
    that fails to compile; returns that segment's op range."""
    S = F.sweeps
    assert F.compile() >= 1
    found = S._segments()
    i = next(j for j, t in enumerate(found) if type(t[2]) is kind)
    k0, k1, seg = found[i]
    real = seg.kernels
    arity = {f.py_func.__name__: len(sig) for f, sig in seg.calls()}[name]
    fake = types.SimpleNamespace(**{n: getattr(real, n) for n in
                                    ("forward", "reverse", "tangent", "forward_tangent")
                                    if hasattr(real, n)})
    setattr(fake, name, _broken(name, arity))
    new = (Fused(fake, seg.A, seg.n) if kind is Fused
           else Loop(fake, seg.A, seg.G, seg.K))
    found[i] = (k0, k1, new)
    S.plan = build_plan(S._arrays, S._subtapes, found)
    return k0, k1


def _one_warning(record, k0, k1):
    msgs = [str(w.message) for w in record if issubclass(w.category, RuntimeWarning)]
    assert len(msgs) == 1, msgs
    assert f"ops {k0}..{k1 - 1}" in msgs[0] and "failed to compile" in msgs[0]
    assert "TypingError" in msgs[0]


@pytest.mark.parametrize("f, kind", [(chain, Fused), (scalar_loop, Loop)])
@pytest.mark.parametrize("name", ["forward", "reverse"])
def test_a_segment_that_fails_to_compile_is_swept_by_the_interpreters(f, kind, name):
    rng = np.random.default_rng(1)
    x0, x1 = rng.normal(size=N), rng.normal(size=N)
    ref = nt.MakeTape(f, x0)
    F = nt.MakeTape(f, x0)
    # interpreted sweeps first: adjoints a fused run never touches hold stale values then
    for x in (x0, x1, x0):
        F.gradient(x)
    want_v, want_g = ref(x1), ref.gradient(x1)
    k0, k1 = _break(F, kind, name)
    n_before = F.sweeps.n_compiled_segments
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        g = F.gradient(x1)
        v = F(x1)
    _one_warning(record, k0, k1)
    np.testing.assert_array_equal(g, want_g)
    np.testing.assert_array_equal(v, want_v)
    assert F.sweeps.n_compiled_segments == n_before - 1
    assert all(t[0] != k0 for t in F.sweeps._segments())
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # dropped for good: no second warning
        np.testing.assert_array_equal(F.gradient(x0), ref.gradient(x0))


@pytest.mark.parametrize("name", ["tangent", "forward_tangent"])
def test_a_tangent_kernel_that_fails_to_compile_falls_back_too(name):
    rng = np.random.default_rng(2)
    x0, x1, v = rng.normal(size=N), rng.normal(size=N), rng.normal(size=N)
    ref = nt.MakeTape(chain, x0)
    F = nt.MakeTape(chain, x0)
    k0, k1 = _break(F, Fused, name)
    F.gradient(x1)   # forward and reverse on the compiled segment: values it keeps to itself
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        S = F.sweeps
        if name == "tangent":
            got = S.tangent(S.forward(x1), v[None, :])
        else:
            got = S.forward_tangent(x1, v[None, :])[1]
    _one_warning(record, k0, k1)
    R = ref.sweeps
    np.testing.assert_array_equal(got, R.tangent(R.forward(x1), v[None, :]))


@pytest.mark.parametrize("name", ["forward", "reverse"])
def test_batched_and_bound_sweeps_drop_it_too(name):
    """F.gradient_map and F.njit() bind the segments' kernels by address: a kernel that fails
    to compile leaves the plan before they bind, as for F.gradient."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(5, N))
    ref = nt.MakeTape(chain, X[0])
    F = nt.MakeTape(chain, X[0])
    k0, k1 = _break(F, Fused, name)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        G = F.gradient_map(X, workers=1)
    _one_warning(record, k0, k1)
    np.testing.assert_array_equal(G, np.array([ref.gradient(x) for x in X]))
    G2 = nt.MakeTape(chain, X[0])
    k0, k1 = _break(G2, Fused, name)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        vg = G2.njit()
    _one_warning(record, k0, k1)
    g = np.zeros(N)
    v = vg.value_and_grad(X[1], g)
    np.testing.assert_array_equal(g, ref.gradient(X[1]))
    assert v == ref(X[1])
