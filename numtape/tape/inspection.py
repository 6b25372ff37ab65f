"""Looking at a tape: TMB-style table, DataFrame, node graph, DOT text.

Nodes are numbered as TMB prints them: one ``InvOp`` per input, one ``ConstOp`` per constant
slot, then one node per recorded op (the last is ``DepOp``, the outputs).  ``Index`` is the
arena offset of a node's output (``a:b`` for a block); ``Inputs`` are the arena offsets its
operands start at; ``Value``/``Deriv`` come from the last evaluation (NA before any).
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from numtape.ops import OPS
from numtape.ops.layout import arg_pointers, operand_extents

_NAMES = np.array([s.name for s in OPS])
_COLUMNS = ("OpName", "Node", "Value", "Deriv", "Index", "Inputs")
_MAX_INPUTS_SHOWN = 8


class Table:
    """Rows of the TMB-style printout; ``str(table)`` gives the text."""

    def __init__(self, tape):
        self.tape = tape

    def rows(self, max_rows=None):
        t = self.tape
        val, adj = t.sweeps.replay() or (None, None)
        n_fixed = t.n_in + t.consts.size
        total = len(t)
        idx = range(total) if max_rows is None or total <= max_rows else \
            list(range(max_rows // 2)) + [None] + list(range(total - max_rows // 2, total))
        arg_ptr = np.zeros(t.n_ops + 1, dtype=np.int64)
        if t.n_ops:
            arg_ptr, _ = arg_pointers(t.op, np.diff(t.out_ptr))
        for node in idx:
            if node is None:
                yield ("...",) * len(_COLUMNS)
                continue
            if node < n_fixed:
                name = "InvOp" if node < t.n_in else "ConstOp"
                lo, hi, inputs = node, node + 1, ""
            else:
                k = node - n_fixed
                name = _NAMES[t.op[k]]
                lo, hi = int(t.out_ptr[k]), int(t.out_ptr[k + 1])
                ins = t.args[arg_ptr[k]:arg_ptr[k + 1]]
                inputs = " ".join(str(a) for a in ins[:_MAX_INPUTS_SHOWN])
                if ins.size > _MAX_INPUTS_SHOWN:
                    inputs += f" ... ({ins.size})"
            index = str(lo) if hi - lo == 1 else f"{lo}:{hi}"
            value = "NA" if val is None else _fmt(val[lo], hi - lo)
            deriv = ("NA" if adj is None else "0" if name == "ConstOp"
                     else _fmt(adj[0, lo], hi - lo))
            yield (name, str(node), value, deriv, index, inputs)

    def to_string(self, max_rows=200):
        rows = [_COLUMNS] + [tuple(r) for r in self.rows(max_rows)]
        rows = [(r[0] + ":" if i == 0 else r[0],) + tuple(c + (":" if i == 0 else "")
                                                         for c in r[1:])
                for i, r in enumerate(rows)]
        widths = [max(len(r[c]) for r in rows) for c in range(len(_COLUMNS))]
        lines = []
        for r in rows:
            cells = [r[0].rjust(widths[0])] + [r[c].rjust(max(widths[c], 10))
                                                for c in range(1, 5)]
            lines.append("  ".join(cells) + ("    " + r[5] if r[5] else ""))
        return "\n".join(lines)

    def __str__(self):
        return self.to_string()


def _fmt(v, n):
    s = f"{v:.6g}"
    return s if n == 1 else s + f" ...[{n}]"


def to_dataframe(tape):
    try:
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_dataframe needs pandas: pip install pandas "
                          "(or pip install 'numtape[test]')") from e
    return pd.DataFrame(list(Table(tape).rows()), columns=list(_COLUMNS))


def _node_of(tape, addr):
    """Node number of the value at arena address ``addr`` (vectorized)."""
    n_fixed = tape.n_in + tape.consts.size
    k = np.searchsorted(tape.out_ptr, addr, side="right") - 1
    return np.where(addr < n_fixed, addr, n_fixed + k)


def graph(tape):
    """Boolean adjacency (nodes x nodes), i -> j if an output of node i is an input of node j."""
    n = len(tape)
    if tape.n_ops == 0:
        return sp.csr_matrix((n, n), dtype=bool)
    owner, length = operand_extents(tape.op, tape.flags, tape.out_ptr, tape.iargs)
    first = _node_of(tape, tape.args)
    last = _node_of(tape, tape.args + length - 1)
    span = last - first + 1
    src = np.repeat(first, span) + (np.arange(span.sum()) - np.repeat(np.cumsum(span) - span,
                                                                         span))
    dst = np.repeat(owner + tape.n_in + tape.consts.size, span)
    m = sp.coo_matrix((np.ones(src.size, dtype=bool), (src, dst)), shape=(n, n)).tocsr()
    m.sum_duplicates()
    return m.astype(bool)


def to_dot(tape):
    """Graphviz DOT text of the node graph (one node per table row)."""
    names = [r[0] for r in Table(tape).rows()]
    g = graph(tape).tocoo()
    lines = ["digraph tape {", "  rankdir=TB;", "  node [shape=box, fontsize=10];"]
    lines += [f'  n{i} [label="{name}\\n{i}"];' for i, name in enumerate(names)]
    lines += [f"  n{i} -> n{j};" for i, j in zip(g.row, g.col)]
    return "\n".join(lines + ["}"]) + "\n"


def show_graph(tape, path):
    """Render the graph to ``path`` with the graphviz package and the ``dot`` program."""
    try:
        import graphviz
    except ImportError as e:
        raise ImportError("show_graph needs graphviz: pip install graphviz (plus the Graphviz "
                          "'dot' program, e.g. apt install graphviz); F.to_dot() gives the "
                          "DOT text without it") from e
    import pathlib
    p = pathlib.Path(path)
    src = graphviz.Source(to_dot(tape))
    return src.render(outfile=str(p), format=p.suffix.lstrip(".") or "png", cleanup=True)
