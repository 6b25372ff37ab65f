"""Every op x every tier x every sweep kind, in one table.

Each op of ``numtape.ops.OPS`` is recorded once (an elementwise op with every operand a traced
vector drawn from its declared domains, a block op by its first case in
``opcases.BLOCK_CASES``) and swept on each tier: the full interpreters (``"full"``), the NumPy
tier (``nt.sweep_kernels("numpy")``) and a variant for the tape's op set (``"exact"``).  Every
sweep kind runs: values, the gradient (one seed row, adjoints zeroed by the forward sweep), a
reverse sweep with three seed rows, a tangent sweep with two directions, and values and a
tangent in one pass (``F.jvp``, ``Sweeps.forward_tangent``).

The full tier's derivatives are held against finite differences and the other paths
(``numtape.testing.check_grads``); the other tiers are held against the full tier: bit for bit,
except the NumPy tier where a formula calls a function that is not correctly rounded (NumPy's
and SciPy's against Numba's and numtape's own) or BLAS (``opcases.tiers_may_differ``: within
``opcases.ULPS`` units in the last place of the largest entry, ``opcases.assert_close_tiers``).
A variant compiles per op set, so the ``"exact"`` tier runs a handful of ops (``EXACT_OPS``:
one of each kind) and every op only under ``-m slow``.
tests/test_ops_table.py and tests/test_numpy_tier.py keep the exhaustive operand patterns.
"""
import numpy as np
import pytest

import numtape as nt
from numtape.ops import ELEMENTWISE, OPS
from numtape.sweeps import tiers
from numtape.testing import check_grads
from opcases import (BLOCK_CASES, SHAPES, assert_bitwise, assert_close_tiers, build, case_seed,
                     sample_operands, tiers_may_differ)

# what Sweeps.run_tier() reports after the first sweep in each mode
TIER_OF_MODE = {"full": "full", "numpy": "numpy", "exact": "variant"}
# one unary and one special elementwise op, a reduction, a BLAS product, a host op, a call
EXACT_OPS = ("ExpOp", "GammalnOp", "SumOp", "MatMulOp", "SolveOp", "CallOp")


def _case(spec):
    """(f, x, fd): a function recording ``spec`` at x, and whether finite differences apply."""
    if spec.kind == ELEMENTWISE:
        kinds = ["v"] * spec.arity
        rng = np.random.default_rng(case_seed(spec.name, "every op"))
        values = sample_operands(spec.name, [SHAPES[k] for k in kinds], rng)
        f, x, discrete = build(spec, tuple((k, True) for k in kinds), values)
        return f, x, not (spec.zero_derivative or discrete.any())
    case = BLOCK_CASES[spec.name][0]
    return case.f, case.x, case.fd


def _sweeps(F, x):
    """Every sweep kind of F at x, with the same seeds and directions on every tier."""
    rng = np.random.default_rng(case_seed("every op sweeps", F.n_in, F.n_out))
    w1 = rng.uniform(0.5, 1.5, (1, F.n_out))
    w3 = rng.standard_normal((3, F.n_out))
    v2 = rng.standard_normal((2, F.n_in))
    v1 = rng.standard_normal(F.n_in)
    S, x = F.sweeps, np.ravel(x)
    out = {"values": np.ravel(F(x)), "gradient (1 seed)": S.gradient(x, w1)}
    val = S.forward(x)
    out["reverse (3 seeds)"] = S.reverse(val, w3)
    out["tangent (2 directions)"] = S.tangent(val, v2)
    out["forward_tangent (F.jvp)"] = np.ravel(F.jvp(x, v1))
    return out


def _on_tier(mode, f, x):
    """The tape of f recorded and swept in ``mode``, and its sweeps."""
    nt.sweep_kernels(mode)
    F = nt.MakeTape(f, x)
    out = _sweeps(F, x)
    assert F.sweeps.run_tier()[0] == TIER_OF_MODE[mode], (mode, F.sweeps.run_tier())
    return F, out


@pytest.fixture
def restore_mode():
    old = tiers.mode()
    yield
    nt.sweep_kernels(old)


def _check(spec, mode):
    f, x, fd = _case(spec)
    F, full = _on_tier("full", f, x)
    assert spec.code in F.op, f"the case does not record {spec.name}"
    if mode == "full":
        check_grads(f, x, fd=fd)
        return
    _, got = _on_tier(mode, f, x)
    for kind, want in full.items():
        if mode == "numpy" and tiers_may_differ(spec):
            assert_close_tiers(got[kind], want, err_msg=f"{spec.name}, {mode} tier, {kind}")
        else:
            try:
                assert_bitwise(got[kind], want)
            except AssertionError as e:
                raise AssertionError(f"{spec.name}, {mode} tier, {kind}: {e}") from None


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # inf/NaN partials by design
@pytest.mark.parametrize("mode", ["full", "numpy"])
@pytest.mark.parametrize("spec", OPS, ids=[s.name for s in OPS])
def test_every_op_on_every_tier(spec, mode, restore_mode):
    _check(spec, mode)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name", EXACT_OPS)
def test_a_few_ops_on_their_variant(name, restore_mode):
    """The "exact" tier: one variant per op set, compiled once and cached on disk."""
    _check(next(s for s in OPS if s.name == name), "exact")


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("spec", [s for s in OPS if s.name not in EXACT_OPS],
                         ids=[s.name for s in OPS if s.name not in EXACT_OPS])
def test_every_op_on_its_variant(spec, restore_mode):
    """Every other op on its variant (a compile per op set: run with -m slow)."""
    _check(spec, "exact")


def test_the_exact_ops_exist():
    assert set(EXACT_OPS) <= {s.name for s in OPS}
