"""``F.explain()``: the plan of a tape's sweeps, segment by segment (numtape/tape/inspection.py)."""
import collections

import numpy as np

import numtape as nt
from numtape.ops import BY_NAME, OPS

N = 80   # above numtape.sweeps.fused.MIN_N


def check_rows(F, plan):
    """The rows cover the tape's ops in order, and each row's names count the ops it holds."""
    rows = plan.rows
    assert rows[0].start == 0 and rows[-1].stop == F.n_ops
    assert all(a.stop == b.start for a, b in zip(rows, rows[1:]))
    assert sum(r.n_ops for r in rows) == F.n_ops
    for r in rows:
        names = collections.Counter(OPS[c].name for c in F.op[r.start:r.stop])
        assert dict(r.ops) == names
        assert sum(n for _, n in r.ops) == r.n_ops
        assert [n for _, n in r.ops] == sorted((n for _, n in r.ops), reverse=True)
        assert dict(r.sources) == {name: BY_NAME[name].source for name in names}
    text = str(plan)
    assert repr(plan) == text
    assert len(text.splitlines()) >= 2 + len(rows)
    for r in rows:
        assert r.kind in text and f"{r.start}:{r.stop}" in text
        for _, where in r.sources:
            assert where in text
    return [(r.kind, r.n_ops) for r in rows]


def test_a_plain_tape_is_one_run():
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * np.sin(x) + x), np.zeros(3))
    plan = F.explain()
    assert check_rows(F, plan) == [("Run", F.n_ops)]
    assert plan.rows[0].tier is None                 # nothing swept, nothing chosen
    assert "not chosen yet" in str(plan)
    F([1.0, 2.0, 3.0])
    row = F.explain().rows[0]
    assert row.tier == "full"                        # the test suite sweeps in "full" mode
    assert row.kernel.endswith("generated.py")
    assert row.state in ("loaded", "on disk", None)
    assert "ExpOp x1" in row.summary() and "the full interpreters" in str(F.explain())


def test_a_host_op_splits_the_plan_into_run_host_run():
    def f(x):
        A = np.eye(3) * 2.0 + np.outer(x, x)
        return np.sum(np.exp(np.linalg.solve(A, x)))
    F = nt.MakeTape(f, np.ones(3))
    F(np.ones(3))
    plan = F.explain()
    kinds = check_rows(F, plan)
    assert [k for k, _ in kinds] == ["Run", "Host", "Run"]
    host = plan.rows[1]
    assert host.n_ops == 1 and host.ops == (("SolveOp", 1),) and host.tier == "host"
    assert host.kernel == BY_NAME["SolveOp"].forward.__module__
    assert "Python (host op)" in str(plan)


def test_an_atomic_call_is_a_call_segment():
    A = nt.MakeTape(lambda x: np.sin(x) * np.exp(x), np.zeros(2)).atomic()
    F = nt.MakeTape(lambda x: np.sum(A(x) * A(x[::-1])), np.zeros(2))
    F([0.1, 0.2])
    plan = F.explain()
    kinds = check_rows(F, plan)
    assert [k for k, _ in kinds].count("Call") == 2
    for r in plan.rows:
        if r.kind == "Call":
            assert r.ops == (("CallOp", 1),) and r.tier == "call"
            assert r.kernel == f"sub-tape {A!r}"


def test_compiled_segments_show_after_compile():
    def f(x):
        s = 0.0
        for i in range(1, 200):
            s = s + np.exp(0.5 * x[i]) * np.sin(x[i - 1])
        a, b = x[200:200 + N], x[200 + N:]
        return s + np.sum(np.exp(0.3 * a) * np.sin(b) + np.tanh(a))
    F = nt.MakeTape(f, np.zeros(200 + 2 * N))
    before = F.explain()
    assert check_rows(F, before) == [("Run", F.n_ops)]
    assert "compiled segments: not looked for" in before.title
    assert F.compile() >= 2
    F(np.linspace(0, 1, 200 + 2 * N))
    plan = F.explain()
    kinds = [k for k, _ in check_rows(F, plan)]
    assert "Fused" in kinds and "Loop" in kinds and "Run" in kinds
    for r in plan.rows:
        if r.kind in ("Fused", "Loop"):
            assert r.tier == r.kind.lower()
            assert r.kernel.endswith(".py") and f"numtape_{r.tier}" in r.kernel
            assert r.state in ("loaded", "on disk", "not compiled", None)
            assert r.kernel in str(plan)
    loop = next(r for r in plan.rows if r.kind == "Loop")
    assert {"ExpOp", "SinOp", "MulOp", "AddOp"} <= dict(loop.ops).keys()
    assert f"compiled segments: {F.sweeps.n_compiled_segments}" in plan.title
