"""The kernel source the three generators share (numtape/sweeps/emit.py): provenance comments
in fused-run and loop kernels, the reserved-name check, the strong-zero templates."""
import numpy as np
import pytest

import numtape as nt
from numtape.ops import OPS
from numtape.ops.layout import arg_pointers, op_reads, operand_extents
from numtape.sweeps import emit, fused, loops

N = 80   # above fused.MIN_N


def _arrays(T):
    arg_ptr, _ = arg_pointers(T.op, np.diff(T.out_ptr))
    return (T.op, T.flags, T.out_ptr, T.args, arg_ptr)


def _comment_lines(src):
    return [s.strip() for s in src.split("\n") if s.strip().startswith("# ")]


def test_a_fused_kernel_names_the_declaration_of_every_op_it_holds():
    F = nt.MakeTape(lambda x: np.sum(np.exp(0.3 * x[:N]) * np.sin(x[N:]) + np.tanh(x[:N])),
                    np.zeros(2 * N))
    args = _arrays(F)
    iarg_ptr = arg_pointers(F.op, np.diff(F.out_ptr))[1]
    runs = fused.find_runs(*args, op_reads(*args[:4], F.iargs, args[4]), F.iargs,
                           iarg_ptr)
    assert runs
    for k0, k1, structure, _, _ in runs:
        src = fused.render(structure)
        comments = _comment_lines(src)
        for k in range(k0, k1):
            spec = OPS[F.op[k]]
            assert f"# {spec.name}, {spec.source}" in comments, spec.name
        # one comment per op in each of forward, reverse, tangent, and two in forward_tangent
        # (its element loop twice: sin's arguments checked or not), one for the sum ending
        # the run (a loop of its own after the element loop)
        sums = sum(OPS[F.op[k]].name == "SumOp" for k in range(k0, k1))
        assert sums == 1 and len(comments) == 5 * (k1 - k0) - sums
        names = {OPS[F.op[k]].name for k in range(k0, k1)}
        assert {"ExpOp", "SinOp", "MulOp"} <= names


def test_a_loop_kernel_names_the_declaration_of_every_op_it_holds():
    def f(x):
        s = 0.0
        for i in range(1, len(x)):
            s = s + np.exp(0.5 * x[i]) * np.sin(x[i - 1])
        return s
    F = nt.MakeTape(f, np.zeros(200))
    found = loops.find_loops(*_arrays(F), F.iargs)
    assert found
    for k0, _, structure, _, _, _ in found:
        L = structure[0]
        src = loops.render(structure)
        comments = _comment_lines(src)
        for k in range(k0, k0 + L):
            spec = OPS[F.op[k]]
            assert f"# {spec.name}, {spec.source}" in comments, spec.name
        assert len(comments) == 3 * L   # forward, reverse, tangent


def test_the_interpreters_cases_carry_the_same_comment():
    from numtape.sweeps import generate
    src = generate.TARGET.read_text()
    spec = OPS[np.flatnonzero([s.name == "ExpOp" for s in OPS])[0]]
    assert f"if code == {spec.code}:  {emit.provenance(spec)}" in src


def test_kernel_locals_may_not_shadow_a_name_the_formulas_read():
    emit.check_locals({"g", "d", "tx"}, "test")
    for name in ("x", "a", "m", "sc", "np", "LN2"):
        with pytest.raises(AssertionError, match=name):
            emit.check_locals({"g", name}, "test")
    emit.check_locals({"y"}, "test")   # the output: assigned by the generators, read by partials


@pytest.mark.parametrize("template", [emit.accumulate_select, emit.accumulate_if])
def test_a_zero_adjoint_or_partial_adds_exactly_zero_in_the_reverse_templates(template):
    src = "\n".join(template("acc[0]", "p"))
    for g, p in ((0.0, np.inf), (0.0, np.nan), (np.inf, 0.0), (np.nan, 0.0)):
        acc = [1.0]
        if template is emit.accumulate_if and g == 0.0:   # the caller tests g
            continue
        exec(src, {"acc": acc, "g": g, "p": p})
        assert acc == [1.0]


@pytest.mark.parametrize("template", [emit.tangent_select, emit.tangent_if])
def test_a_zero_tangent_or_partial_adds_exactly_zero_in_the_tangent_templates(template):
    src = "\n".join(template("tan[0]", "p"))
    for tx, p in ((0.0, np.inf), (0.0, np.nan), (np.inf, 0.0), (np.nan, 0.0)):
        env = {"tan": [tx], "p": p, "t": 1.0}
        exec(src, env)
        assert env["t"] == 1.0
    env = {"tan": [2.0], "p": 3.0, "t": 1.0}
    exec(src, env)
    assert env["t"] == 7.0


def _naive_op_reads(T):
    """Per op, the operand blocks overlapping its output, counted slot by slot."""
    arg_ptr, iarg_ptr = arg_pointers(T.op, np.diff(T.out_ptr))
    _, length = operand_extents(T.op, T.flags, T.out_ptr, T.iargs, arg_ptr, iarg_ptr)
    out = T.out_ptr.astype(np.int64)
    counts = np.zeros(T.n_ops, dtype=np.int64)
    for s, ln in zip(T.args.astype(np.int64).tolist(), length.tolist()):
        for k in range(T.n_ops):
            if s < out[k + 1] and out[k] < s + ln:
                counts[k] += 1
    return counts


@pytest.mark.parametrize("f, n", [
    (lambda x: np.sum(np.exp(0.5 * x[1:]) * np.sin(x[:-1])) + x[0] * x[-1], 100),
    (lambda x: np.sum(np.cumsum(x)[::2] ** 2) + np.sum(x[::-1][:3]), 70),
    (lambda x: sum(x[i] * x[i + 1] for i in range(20)) + np.sum(x ** 2), 30),
])
def test_op_reads_counts_the_blocks_overlapping_each_output(f, n):
    F = nt.MakeTape(f, np.linspace(0.1, 1.0, n))
    most = 0
    for T in (F, F._gradient_tape()):
        arg_ptr, _ = arg_pointers(T.op, np.diff(T.out_ptr))
        got = op_reads(T.op, T.flags, T.out_ptr, T.args, T.iargs, arg_ptr)
        assert np.array_equal(got, _naive_op_reads(T))
        most = max(most, got.max())
    assert most > 1     # some output is read twice: the count is not trivially 1
