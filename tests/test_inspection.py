"""Inspection (README.md, "What it is"): TMB-style printing, DataFrame, node graph, DOT text."""
from __future__ import annotations

import sys

import numpy as np
import pytest
import scipy.sparse

import numtape as nt
from apihelpers import vignette_tape, table_rows, _is_na


# ---- printing and inspection ---------------------------------------------------------------
def test_print_na_values_derivs(capsys):
    F = vignette_tape()
    F.print()
    header, rows = table_rows(capsys.readouterr().out)
    cols = ["OpName", "Node", "Value", "Deriv", "Index", "Inputs"]
    pos = [header.find(c) for c in cols]
    assert all(p >= 0 for p in pos) and pos == sorted(pos), header
    assert [r[0] for r in rows] == ["InvOp", "InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp",
                                    "DepOp"]
    assert [int(r[1]) for r in rows] == list(range(7))
    assert all(r[2] == "NA" and r[3] == "NA" for r in rows)     # before any evaluation
    assert [r[4] for r in rows] == [str(i) for i in range(7)]

    F([3.0, 4.0])
    F.print()
    _, rows = table_rows(capsys.readouterr().out)
    values = [float(r[2]) for r in rows]
    np.testing.assert_allclose(values, [3, 4, 1.23, 4.92, 7.92, 2751.77, 2751.77], rtol=1e-5)
    assert all(r[3] == "NA" for r in rows)                     # no reverse sweep yet
    assert sorted(rows[3][5:]) == ["1", "2"] and sorted(rows[4][5:]) == ["0", "3"]
    assert rows[5][5:] == ["4"] and rows[6][5:] == ["5"]

    F.jacobian([3, 4])
    F.print()
    _, rows = table_rows(capsys.readouterr().out)
    derivs = {i: float(rows[i][3]) for i in (0, 1, 3, 4, 5, 6)}
    assert derivs[0] == pytest.approx(2751.77, rel=1e-5)
    assert derivs[1] == pytest.approx(3384.68, rel=1e-5)
    assert derivs[3] == derivs[4] == pytest.approx(2751.77, rel=1e-5)
    assert derivs[5] == derivs[6] == 1.0
    assert str(F.table()).splitlines()[0].split() == [c + ":" for c in cols]


def test_to_dataframe():
    pd = pytest.importorskip("pandas")
    F = vignette_tape()
    df = F.to_dataframe()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["OpName", "Node", "Value", "Deriv", "Index", "Inputs"]
    assert len(df) == len(F) == 7
    assert list(df["OpName"]) == ["InvOp", "InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp",
                                  "DepOp"]
    assert all(_is_na(v) for v in df["Value"])
    F.jacobian([3.0, 4.0])
    df = F.to_dataframe()
    assert float(df["Value"][5]) == pytest.approx(2751.77, rel=1e-5)
    assert float(df["Deriv"][1]) == pytest.approx(3384.68, rel=1e-5)


VIGNETTE_EDGES = {(0, 4), (1, 3), (2, 3), (3, 4), (4, 5), (5, 6)}


def test_graph_adjacency():
    F = vignette_tape()
    g = F.graph()
    assert scipy.sparse.issparse(g)
    assert g.shape == (len(F), len(F)) == (7, 7)
    assert g.dtype == bool
    coo = scipy.sparse.coo_matrix(g)
    assert {(int(i), int(j)) for i, j, v in zip(coo.row, coo.col, coo.data) if v} == \
        VIGNETTE_EDGES


def test_graph_block_ops_and_gathers():
    F = nt.MakeTape(lambda x: np.sum(x[[2, 0]] * x[:2]), np.zeros(3))
    g = scipy.sparse.coo_matrix(F.graph())
    assert g.shape == (len(F), len(F))
    edges = set(zip(g.row.tolist(), g.col.tolist()))
    assert all(i < j for i, j in edges)     # a DAG in recording order
    # every non-input node except the outputs feeds something; every op is fed
    assert {j for _, j in edges} == set(range(F.n_in + F.consts.size, len(F)))


def test_to_dot():
    F = vignette_tape()
    dot = F.to_dot(constants=True)
    assert isinstance(dot, str)
    assert dot.lstrip().startswith("digraph") and dot.rstrip().endswith("}")
    for name in ("InvOp", "ConstOp", "MulOp", "AddOp", "ExpOp", "DepOp"):
        assert name in dot
    assert dot.count("->") == len(VIGNETTE_EDGES)


def test_print_and_dot_collapse_the_constants_by_default(capsys):
    """A model's data are constants: one row in the printout, left out of the graph; Inputs
    are node numbers (node[j] inside a block), and the repr counts ops, not nodes."""
    F = nt.MakeTape(lambda x: np.sum(x * np.array([2.0, 3.0, 5.0])) + np.exp(np.sin(x)[1]),
                    np.ones(3))
    assert repr(F) == f"<Tape R^3 -> R^1: {F.n_ops} ops, {F.consts.size} constants, " \
        f"arena {F.arena_size}>" and F.n_ops < len(F)
    F.print()
    out = capsys.readouterr().out
    assert out.count("ConstOp") == 1 and f"({F.consts.size} constants)" in out
    F.print(constants=True)
    assert capsys.readouterr().out.count("ConstOp") == F.consts.size
    rows = {r[0]: r for r in F.table().rows()}
    sin_node = rows["SinOp"][1]
    assert rows["ExpOp"][5] == f"{sin_node}[1]"   # element 1 of the SinOp node's block
    dot = F.to_dot()
    assert "ConstOp" not in dot and "ConstOp" in F.to_dot(constants=True)


def test_show_graph_without_graphviz(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "graphviz", None)
    F = vignette_tape()
    with pytest.raises(ImportError, match=r"pip install graphviz"):
        F.show_graph(tmp_path / "tape.png")
    assert not (tmp_path / "tape.png").exists()
