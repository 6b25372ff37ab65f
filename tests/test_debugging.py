"""Tools for a wrong derivative or a NaN: ``nt.testing.check_tape`` (each op's jitted reverse
body against its recorded rule, op by op) and ``check_nan=True`` (the first node that made a
NaN from finite values)."""
import numpy as np
import pytest

import numtape as nt
import numtape.testing
from numtape.testing import check_tape


def _op_cases():
    from opcases import BLOCK_CASES, build, sample_operands   # the op tables
    from numtape.ops import ELEMENTWISE, OPS
    for spec in OPS:
        if spec.kind == ELEMENTWISE:
            rng = np.random.default_rng(spec.code)
            vals = sample_operands(spec.name, [(4,)] * spec.arity, rng)
            f, x0, _ = build(spec, tuple(("v", True) for _ in range(spec.arity)), vals)
            yield spec.name, f, x0
    for name, cases in BLOCK_CASES.items():
        for case in cases:
            yield f"{name}-{case.id}", case.f, case.x


OP_CASES = list(_op_cases())


@pytest.mark.parametrize("name, f, x", OP_CASES, ids=[c[0] for c in OP_CASES])
def test_check_tape_passes_on_every_op(name, f, x):
    F = nt.MakeTape(f, x)
    assert check_tape(F, x) == F.n_ops


def test_check_tape_names_the_op_whose_rule_is_wrong(monkeypatch):
    real = numtape.testing.vjp_rule

    def wrong(spec, g, xs, y, params=(), subtapes=()):
        cts = real(spec, g, xs, y, params, subtapes)
        return [c * 1.5 for c in cts] if spec.name == "ArcsinhOp" else cts
    monkeypatch.setattr(numtape.testing, "vjp_rule", wrong)
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * np.arcsinh(x)), np.zeros(3))
    with pytest.raises(AssertionError, match=r"node 4 ArcsinhOp: reverse body gives"):
        check_tape(F, [0.5, -1.0, 2.0])


# ---- check_nan ---------------------------------------------------------------------------------
LOG_TAPE = nt.MakeTape(lambda x: np.sum(np.log(x) * x), np.ones(3))
ATAN_TAPE = nt.MakeTape(lambda x: np.arctan2(x[0], x[1]) + x[1], np.ones(2))

NAN_CASES = [
    ("value", lambda: LOG_TAPE([1.0, -1.0, 2.0], check_nan=True),
     "node 3 LogOp produced NaN from finite inputs (inputs: -1 at element 1)"),
    ("nan-input", lambda: LOG_TAPE([np.nan, 1.0, 2.0], check_nan=True), "input 0 is NaN"),
    ("gradient", lambda: ATAN_TAPE.gradient([0.0, 0.0], check_nan=True),
     "node 2 Arctan2Op produced a NaN derivative"),
    ("jacobian", lambda: ATAN_TAPE.jacobian([0.0, 0.0], check_nan=True),
     "node 2 Arctan2Op produced a NaN derivative"),
    ("vjp", lambda: ATAN_TAPE.vjp([0.0, 0.0], [1.0], check_nan=True),
     "node 2 Arctan2Op produced a NaN derivative"),
    ("jvp", lambda: ATAN_TAPE.jvp([0.0, 0.0], [1.0, 1.0], check_nan=True),
     "node 2 Arctan2Op produced a NaN derivative"),
]


@pytest.mark.parametrize("name, call, message", NAN_CASES, ids=[c[0] for c in NAN_CASES])
def test_check_nan_names_the_first_node_that_made_a_nan(name, call, message):
    with pytest.raises(FloatingPointError) as info:
        call()
    assert message in str(info.value)


def test_check_nan_is_off_by_default_and_quiet_on_finite_results():
    assert np.isnan(LOG_TAPE([1.0, -1.0, 2.0]))
    assert np.isnan(ATAN_TAPE.gradient([0.0, 0.0])).all()
    assert LOG_TAPE([1.0, 2.0, 3.0], check_nan=True) == LOG_TAPE([1.0, 2.0, 3.0])
