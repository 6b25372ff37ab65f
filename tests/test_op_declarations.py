"""Every per-op fact lives on the op's declaration (numtape/ops/), typed, and nothing outside the
op table names an op by a string (ARCHITECTURE.md, "The op table")."""
import pathlib
import re

import numpy as np
import pytest

import numtape as nt
from numtape.ops import (BY_NAME, OP, OPS, Complex, Hessian, Jacobian, Kind, OpSpec,
                         OPERAND_NAMES)
from numtape.ops import _typed
from numtape.ops.info import Edge
from numtape.sweeps.variants import BASE
from numtape.tape.sweeper import PRODUCTS
from numtape.trace import complex as cx

PACKAGE = pathlib.Path(nt.__file__).parent
NAME = re.compile(r"""["']([A-Z][A-Za-z0-9]*Op)["']""")


def test_no_module_outside_the_op_table_spells_an_op_name():
    """Code outside numtape/ops/ reaches an op as ``OP.NameOp`` (an attribute: a typo fails at
    import), never as a string; tape files (io.py) read names from the file, not the source."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("ops/") or rel == "sweeps/generated.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            found += [f"{rel}:{n}: {m}" for m in NAME.findall(line) if m in BY_NAME]
    assert not found, "\n".join(found)


def test_the_scan_finds_an_op_name_string():
    assert NAME.findall('x = BY_NAME["SolveOp"]') == ["SolveOp"]


def test_facts_are_typed_words_and_a_misspelt_one_fails_where_it_is_declared():
    for spec in OPS:
        assert type(spec.kind) is Kind and type(spec.jacobian) is Jacobian
        assert type(spec.hessian) is Hessian and type(spec.complex) is Complex
        assert isinstance(spec.active, int)
    bad = OpSpec(name="BadOp", kind="elementwise", arity=1, hessian="lineal")
    with pytest.raises(ValueError, match="lineal"):
        _typed(bad)


def test_active_operands_are_declared_by_name():
    assert OP.SelectOp.active == 0b110 and OP.IvOp.active == 0b10
    spec = OpSpec(name="X", kind="elementwise", arity=3, active=("c", "b"))
    _typed(spec)
    assert spec.active == 0b101


def test_the_words_print_as_themselves():
    """Enum members are their strings, so the generated sweeps' text does not change."""
    assert f"{Jacobian.REDUCE}" == str(Jacobian.REDUCE) == "reduce" == Jacobian.REDUCE


def test_every_elementwise_op_declares_a_domain_per_operand_and_edges_of_its_arity():
    for spec in OPS:
        if spec.kind is Kind.ELEMENTWISE:
            assert len(spec.domain) == spec.arity, spec.name
        for e in spec.edges:
            assert isinstance(e, Edge) and len(e.point) == spec.arity, spec.name


def test_blas_and_base_sets_are_read_from_the_declarations():
    assert {OPS[c].name for c in PRODUCTS} == {"MatMulOp", "ChainMatMulOp"}
    assert {OP.GatherOp.code, OP.AddOp.code, OP.SumOp.code} <= BASE
    assert BASE == {s.code for s in OPS if s.base}


@pytest.mark.parametrize("spec", [s for s in OPS if s.power is not None], ids=lambda s: s.name)
def test_a_declared_power_records_its_op_and_equals_numpy(spec):
    x = np.array([0.3, 1.7, 4.0])
    F = nt.MakeTape(lambda v: v ** spec.power, x)
    assert spec.code in F.op and OP.PowOp.code not in F.op
    np.testing.assert_array_equal(F(x), x ** spec.power)


def test_complex_rules_exist_exactly_for_the_ops_declaring_them():
    rules = set(cx._PAIR_OPS)
    unordered = {s.name for s in OPS if s.complex is Complex.UNORDERED}
    pairs = {s.name for s in OPS if s.complex is Complex.PAIRS}
    assert rules == pairs | unordered
    assert all(cx._PAIR_OPS[n] is cx._ordering for n in unordered)


def test_operand_names_cover_every_elementwise_arity():
    assert {s.arity for s in OPS if s.kind is Kind.ELEMENTWISE} <= set(OPERAND_NAMES)


def test_block_ops_name_their_parameters_and_receive_them_named():
    """One declaration of a block op's integer parameters: ``spec.Params`` for front ends,
    and what ``sizes`` and ``vjp`` receive."""
    for spec in OPS:
        if spec.kind is Kind.BLOCK:
            assert len(spec.param_names) == spec.nparams, spec.name
            assert spec.Params._fields == spec.param_names
    assert OP.SolveOp.Params(m=3, k=2) == (3, 2)
    lens, out = OP.SolveOp.sizes(np.array([[3], [2]]))
    assert [int(v[0]) for v in lens] == [9, 6] and int(out[0]) == 6


def test_block_op_declarations_are_keyword_only():
    from numtape.ops import block_op
    with pytest.raises(TypeError):
        block_op("XOp", 1, 1, None, None, None, None, None)
