"""The NumPy tier (numtape/sweeps/numpy_sweeps.py) against the compiled interpreters: every op
of the table, every sweep kind (forward, reverse with one and several seeds, tangent with
several directions, values and tangents in one pass, the adjoint-clearing reverse, replay),
scalar and block operands with broadcasts, host ops and calls in the plan, and the switch
between tiers at a sweep boundary.

Values, adjoints and tangents agree bit for bit wherever both tiers compute correctly rounded
operations; where a formula calls another function (NumPy's or SciPy's against Numba's libm or
numtape's own special functions) or BLAS, they agree to ``opcases.ULPS`` units in the last place
of the largest entry (``opcases.tiers_may_differ``, ``opcases.assert_close_tiers``).  The twin
sweeps in the "numpy" mode: otherwise it leaves the NumPy tier at its first sweep, since the
full interpreters are loaded in the test process."""
import copy

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.ops import ELEMENTWISE, OPS
from numtape.sweeps import tiers
from numtape.sweeps.numpy_sweeps import NumpySweeps
from numtape.testing import poisson_glmm
from opcases import (SHAPES, ULPS, assert_bitwise, assert_close_tiers, build, case_seed, op_case,
                     patterns, sample_operands, tiers_may_differ)


def _twin(F):
    """The same tape swept by the NumPy tier (a copy: its own Sweeps)."""
    G = copy.deepcopy(F)
    G.sweeps._interpreters = NumpySweeps()
    return G


def _sweeps(F, x, rng):
    """Every sweep kind of tape F at x: values, gradient-style reverse (1 seed, adjoints zeroed
    by the forward sweep), 3-seed reverse, 2-direction tangent, one-pass values and tangents,
    and the replayed adjoints of every node."""
    S, x = F.sweeps, np.ravel(x)
    w1 = rng.uniform(0.5, 1.5, (1, F.n_out))
    w3 = rng.standard_normal((3, F.n_out))
    v2 = rng.standard_normal((2, F.n_in))
    val = S.forward(x).copy()
    g1 = S.gradient(x, w1)
    vals, adj = S.replay()
    val2 = S.forward(x)
    r3 = S.reverse(val2, w3)
    t2 = S.tangent(val2, v2)
    _, ft = S.forward_tangent(x, v2)
    return {"values": val, "gradient": g1, "reverse k=3": r3, "tangent k=2": t2,
            "forward_tangent": ft, "replay values": vals, "replay adjoints": adj}


def _compare(F, x, key, exact=True):
    a = _sweeps(F, x, np.random.default_rng(case_seed(key)))
    G = _twin(F)
    old = tiers.mode()
    nt.sweep_kernels("numpy")   # else the twin leaves the NumPy tier at its first sweep
    try:
        b = _sweeps(G, x, np.random.default_rng(case_seed(key)))
    finally:
        nt.sweep_kernels(old)
    assert G.sweeps.tier == "numpy"
    for kind in a:
        if exact:
            assert_bitwise(b[kind], a[kind])
        else:
            assert_close_tiers(b[kind], a[kind], err_msg=kind)
    return a, b


def _elementwise_cases():
    for spec in OPS:
        if spec.kind != ELEMENTWISE:
            continue
        for pattern in list(patterns(spec.arity))[:6]:
            yield pytest.param(spec, pattern, id=f"{spec.name}-" + "-".join(
                ("x." if a else "k.") + k for k, a in pattern))


@pytest.mark.parametrize("spec,pattern", list(_elementwise_cases()))
def test_elementwise_op_on_both_tiers(spec, pattern):
    """Each elementwise op, scalar and vector operands, broadcasts and constants: the NumPy
    tier sweeps like the compiled interpreters."""
    rng = np.random.default_rng(case_seed(spec.name, "numpy tier", str(pattern)))
    values = sample_operands(spec.name, [SHAPES[k] for k, _ in pattern], rng)
    f, x, _ = build(spec, pattern, values)
    F = nt.MakeTape(f, x)
    assert spec.code in F.op
    _compare(F, x, (spec.name, str(pattern)), exact=not tiers_may_differ(spec))


@pytest.mark.parametrize("spec", [s for s in OPS if s.kind != ELEMENTWISE],
                         ids=[s.name for s in OPS if s.kind != ELEMENTWISE])
def test_block_op_on_both_tiers(spec):
    """Each block op (NumPy bodies, Python twins of the jitted ones, host ops, calls)."""
    f, points = op_case(spec)
    F = nt.MakeTape(f, points[0])
    assert spec.code in F.op
    _compare(F, points[0], spec.name, exact=not tiers_may_differ(spec))


def test_scalar_tape_from_a_python_loop_on_both_tiers():
    """Scalar ops (the interpreters' inline cases), a carried recurrence and a running sum."""
    def f(x):
        s, h = 0.0, 0.3
        for i in range(1, x.size):
            h = np.tanh(0.7 * h + x[i])
            s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * h
        return s
    x = np.random.default_rng(3).uniform(-1, 1, 40)
    # tanh, exp, sin: NumPy's versions and libm's round differently (opcases.tiers_may_differ)
    _compare(nt.MakeTape(f, x), x, "loop", exact=False)


def test_broadcast_adjoints_add_in_element_order():
    """A scalar broadcast over a block gets its n contributions one by one, in order, as the
    interpreters' loops add them (not np.sum's pairwise order): bit for bit on data where the
    two orders differ."""
    x = np.array([1.0, 1e16, -1e16] * 30 + [3.0])
    F = nt.MakeTape(lambda z: np.sum(z[-1] * z[:-1] ** 2), x)
    _compare(F, x, "broadcast")


def test_derivative_tapes_and_a_laplace_fit_on_the_numpy_tier():
    """jacfun, hessfun and MakeADFun's tapes swept by the NumPy tier give the compiled tier's
    numbers (the mode switch applies to every tape made after it)."""
    nll, start = poisson_glmm(groups=6, per_group=5, seed=2)

    def run():
        obj = nt.MakeADFun(nll, dict(start, b0=0.3, logsigma=-0.2), random="u")
        H = nt.MakeTape(lambda z: np.sum(np.exp(z) * z[::-1]), np.ones(3)).hessfun()
        return obj.fn(obj.par), obj.gr(obj.par), H(np.array([0.1, 0.2, 0.3]))
    want = run()
    nt.sweep_kernels("numpy")
    try:
        got = run()
    finally:
        nt.sweep_kernels("full")
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-14)


def test_a_tape_switches_tiers_at_a_sweep_boundary(monkeypatch):
    """A tape on the NumPy tier moves to the compiled interpreters once they are ready and
    loading them has paid, and its numbers do not change."""
    F = nt.MakeTape(lambda x: np.sum(sc.expit(x) * x), np.zeros(4))
    G = _twin(F)
    x = np.linspace(-1, 1, 4)
    monkeypatch.setattr(tiers, "full_ready", lambda: False)
    before = G.gradient(x)
    assert G.sweeps.tier == "numpy"
    monkeypatch.setattr(tiers, "full_ready", lambda: True)
    monkeypatch.setattr(NumpySweeps, "spent", [tiers.LOAD_COST])   # loading them has paid
    after = G.gradient(x)
    assert G.sweeps.tier == "full"
    assert_bitwise(after, F.gradient(x))
    np.testing.assert_allclose(before, after, rtol=ULPS * 2.2e-16)


def test_a_new_tape_takes_the_compiled_interpreters_at_its_first_sweep_once_loading_has_paid(
        monkeypatch):
    """A tape made after the process has swept ``LOAD_COST`` seconds on the NumPy tier (the
    gradient tape an ``hvp`` builds after a long first gradient) is swept by the compiled
    interpreters from its first sweep, not only from its second."""
    monkeypatch.setattr(tiers, "interpreters_for", lambda op: NumpySweeps())
    monkeypatch.setattr(tiers, "full_ready", lambda: True)
    monkeypatch.setattr(NumpySweeps, "spent", [tiers.LOAD_COST])
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(3))
    assert F.sweeps.run_tier() == (None, None)       # nothing chosen before the first sweep
    F.gradient(np.ones(3))
    assert F.sweeps.tier == "full"


def test_a_tape_on_the_numpy_tier_moves_at_once_when_the_interpreters_are_loaded(
        monkeypatch):
    """Loaded already (another tape paid for it): no NumPy sweeping needs to pay back."""
    from numtape.tape import sweeper
    monkeypatch.setattr(tiers, "full_ready", lambda: True)
    monkeypatch.setattr(NumpySweeps, "spent", [0.0])
    G = _twin(nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(3)))
    monkeypatch.setattr(sweeper.variants, "full_is_loaded", lambda: False)
    G.gradient(np.ones(3))
    assert G.sweeps.tier == "numpy"
    monkeypatch.setattr(sweeper.variants, "full_is_loaded", lambda: True)
    G.gradient(np.ones(3))
    assert G.sweeps.tier == "full"


def test_a_hot_tape_leaves_the_numpy_tier_before_the_process_has_spent_the_load_cost(
        monkeypatch):
    """A large tape swept ``compile_after`` times (an optimizer calling it: the gradient tape
    of ``hvp`` in a loop) moves to the compiled interpreters even while the process's NumPy
    sweeping is below ``LOAD_COST``; a small tape, or a large one swept fewer times, stays."""
    from numtape.tape import sweeper
    monkeypatch.setattr(tiers, "full_ready", lambda: True)
    monkeypatch.setattr(NumpySweeps, "spent", [0.0])
    monkeypatch.setattr(sweeper.variants, "full_is_loaded", lambda: False)
    after = 20
    monkeypatch.setitem(sweeper._TIER, "after", after)   # the default (the tests switch it off)
    n = sweeper.TIER_MIN_ARENA
    # (the after-th sweep switches at its start; no later sweep asks for segment kernels)
    for size, sweeps, tier in ((n, after - 1, "numpy"), (n, after, "full"),
                               (8, after, "numpy")):
        G = _twin(nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(size)))
        for _ in range(sweeps):
            NumpySweeps.spent[0] = 0.0
            G.gradient(np.ones(size))
        assert G.sweeps.tier == tier, (size, sweeps)


@pytest.mark.parametrize("data", [[0.0, -0.0, 1.0], [np.inf, 1.0, 2.0], [np.nan, 0.0, 1.0]])
def test_strong_zeros_and_non_finite_values_on_the_numpy_tier(data):
    """The derivative convention (a zero partial or adjoint contributes exactly zero, even
    against inf or NaN) holds on the NumPy tier as in the compiled interpreters."""
    x = np.array(data)
    F = nt.MakeTape(lambda z: np.sum(np.where(z > 0, np.sqrt(z), 0.0) * z[::-1])
                    + np.sum(np.arange(3.0) @ np.outer(z, z)), np.ones(3))
    with np.errstate(all="ignore"):
        _compare(F, x, ("strong", str(data)))
