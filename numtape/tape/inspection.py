"""Looking at a tape: TMB-style table, DataFrame, node graph, DOT text, the plan (``explain``).

Nodes are numbered as TMB prints them: one ``InvOp`` per input, one ``ConstOp`` per constant
slot, then one node per recorded op (the last is ``DepOp``, the outputs).  ``Index`` is the
arena offset of a node's output (``a:b`` for a block); ``Inputs`` are the nodes its operands
come from (``node[j]`` for an operand starting at element j of a node's block);
``Value``/``Deriv`` come from the last evaluation (NA before any).  The constant nodes
(data, mostly) are one row unless ``constants=True`` asks for each.
"""
from __future__ import annotations

import collections
from dataclasses import dataclass

import numba
import numpy as np
import scipy.sparse as sp

from numtape.kernels.twins import compiled
from numtape.ops import BY_NAME, OPS
from numtape.ops.layout import arg_pointers, operand_extents, operand_lengths

_NAMES = np.array([s.name for s in OPS])
_COLUMNS = ("OpName", "Node", "Value", "Deriv", "Index", "Inputs")
_MAX_INPUTS_SHOWN = 8


class Table:
    """Rows of the TMB-style printout; ``str(table)`` gives the text."""

    def __init__(self, tape):
        self.tape = tape

    def rows(self, max_rows=None, constants=True):
        t = self.tape
        val, adj = t.sweeps.replay() or (None, None)
        n_fixed = t.n_in + t.consts.size
        nodes = list(range(len(t)))
        if not constants and t.consts.size > 1:   # the constants as one row
            nodes = nodes[:t.n_in] + [("consts",)] + nodes[n_fixed:]
        total = len(nodes)
        idx = nodes if max_rows is None or total <= max_rows else \
            nodes[:max_rows // 2] + [None] + nodes[total - max_rows // 2:]
        arg_ptr = np.zeros(t.n_ops + 1, dtype=np.int64)
        if t.n_ops:
            arg_ptr, _ = arg_pointers(t.op, np.diff(t.out_ptr))
        for node in idx:
            if node is None:
                yield ("...",) * len(_COLUMNS)
                continue
            if type(node) is tuple:
                yield ("ConstOp", f"{t.n_in}:{n_fixed - 1}", "", "",
                       f"{t.n_in}:{n_fixed}", f"({t.consts.size} constants)")
                continue
            if node < n_fixed:
                name = "InvOp" if node < t.n_in else "ConstOp"
                lo, hi, inputs = node, node + 1, ""
            else:
                k = node - n_fixed
                name = _NAMES[t.op[k]]
                lo, hi = int(t.out_ptr[k]), int(t.out_ptr[k + 1])
                ins = t.args[arg_ptr[k]:arg_ptr[k + 1]]
                inputs = " ".join(_node_label(t, int(a)) for a in ins[:_MAX_INPUTS_SHOWN])
                if ins.size > _MAX_INPUTS_SHOWN:
                    inputs += f" ... ({ins.size})"
            index = str(lo) if hi - lo == 1 else f"{lo}:{hi}"
            value = "NA" if val is None else _fmt(val[lo], hi - lo)
            deriv = ("NA" if adj is None else "0" if name == "ConstOp"
                     else _fmt(adj[0, lo], hi - lo))
            yield (name, str(node), value, deriv, index, inputs)

    def to_string(self, max_rows=200, constants=False):
        rows = [_COLUMNS] + [tuple(r) for r in self.rows(max_rows, constants)]
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


def _node_label(tape, addr):
    """The node an operand at arena address ``addr`` comes from: ``node``, or ``node[j]``
    when it starts at element j of that node's output block."""
    node = int(_node_of(tape, np.int64(addr)))
    n_fixed = tape.n_in + tape.consts.size
    start = addr if node < n_fixed else int(tape.out_ptr[node - n_fixed])
    return str(node) if addr == start else f"{node}[{addr - start}]"


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


def to_dot(tape, constants=False):
    """Graphviz DOT text of the node graph (one node per table row); the constant nodes and
    their edges are left out unless ``constants=True`` (a model's data would dominate it)."""
    names = [r[0] for r in Table(tape).rows()]
    g = graph(tape).tocoo()
    shown = np.ones(len(names), dtype=bool)
    if not constants:
        shown[tape.n_in:tape.n_in + tape.consts.size] = False
    lines = ["digraph tape {", "  rankdir=TB;", "  node [shape=box, fontsize=10];"]
    lines += [f'  n{i} [label="{name}\\n{i}"];' for i, name in enumerate(names) if shown[i]]
    lines += [f"  n{i} -> n{j};" for i, j in zip(g.row, g.col) if shown[i] and shown[j]]
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


def first_nan(tape, derivative=True, tangent=None):
    """Raise FloatingPointError naming the first node that turned finite values into NaN at
    the tape's last evaluation on this thread (the tool for a model that returns NaN).

    Values are recomputed (``Tape.sweeps.replay``) and scanned in op order: the first op whose
    output holds a NaN while all its operands are finite is named, with its operand values.
    If every value is finite, the NaN arose in a derivative sweep: the reverse sweep's
    adjoints (or, with ``tangent`` directions, the tangents) are recomputed and the op named
    is the first, in that sweep's order, whose operands' derivatives are NaN while its own
    output's derivative and its values are finite."""
    t = tape
    replay = t.sweeps.replay()
    if replay is None:
        raise FloatingPointError("no evaluation to inspect")
    val, adj = replay
    n_fixed = t.n_in + t.consts.size
    bad_in = np.flatnonzero(np.isnan(val[:t.n_in]))
    if bad_in.size:
        raise FloatingPointError(f"input {int(bad_in[0])} is NaN (node {int(bad_in[0])} InvOp)")
    arg_ptr, iarg_ptr = arg_pointers(t.op, np.diff(t.out_ptr))
    length = operand_lengths(t.op, t.flags, t.out_ptr, t.iargs, arg_ptr, iarg_ptr)
    blocks = lambda k: [(int(a), int(n)) for a, n in zip(t.args[arg_ptr[k]:arg_ptr[k + 1]],
                                                          length[arg_ptr[k]:arg_ptr[k + 1]])]
    for k in range(t.n_ops):
        lo, hi = int(t.out_ptr[k]), int(t.out_ptr[k + 1])
        if np.isnan(val[lo:hi]).any():
            ins = blocks(k)
            if all(np.isfinite(val[a:a + n]).all() for a, n in ins):
                shown = _shown(val, ins, int(np.flatnonzero(np.isnan(val[lo:hi]))[0]), hi - lo)
                raise FloatingPointError(f"node {n_fixed + k} {_NAMES[t.op[k]]} produced NaN "
                                         f"from finite inputs (inputs: {shown})")
            break   # a NaN operand came from outside the ops (a constant): named below
    bad_c = np.flatnonzero(np.isnan(val[t.n_in:n_fixed]))
    if bad_c.size:
        raise FloatingPointError(f"constant node {t.n_in + int(bad_c[0])} is NaN")
    if not derivative:
        raise FloatingPointError("the values hold NaN but no op made it from finite values")
    if tangent is not None:
        d = np.zeros((1, t.arena_size))
        d[:, :t.n_in] = tangent
        t.sweeps.run_tangent(val, d, work=np.empty(t.sweeps.work_size))
        order = range(t.n_ops)
        made = lambda k: (np.isnan(d[0, t.out_ptr[k]:t.out_ptr[k + 1]]).any() and
                          all(np.isfinite(d[0, a:a + n]).all() for a, n in blocks(k)))
    else:
        d = adj
        if d is None:
            raise FloatingPointError("no derivative sweep to inspect")
        order = range(t.n_ops - 1, -1, -1)
        made = lambda k: _reverse_makes_nan(t, k, val, d, blocks(k))
    for k in order:
        if made(k):
            lo, hi = int(t.out_ptr[k]), int(t.out_ptr[k + 1])
            bad = np.isnan(d[0, lo:hi]) if tangent is not None else np.zeros(hi - lo, bool)
            shown = _shown(val, blocks(k), int(np.argmax(bad)), hi - lo)
            raise FloatingPointError(f"node {n_fixed + k} {_NAMES[t.op[k]]} produced a NaN "
                                     f"derivative from finite values (inputs: {shown})")
    raise FloatingPointError("a NaN derivative could not be traced to one node")


def _reverse_makes_nan(t, k, val, adj, ins):
    """Whether op k's own reverse step turns its (final, finite) output adjoints and finite
    values into a NaN operand adjoint."""
    lo, hi = int(t.out_ptr[k]), int(t.out_ptr[k + 1])
    if not np.isfinite(adj[0, lo:hi]).all() or not all(np.isfinite(val[a:a + n]).all()
                                                       for a, n in ins):
        return False
    one = np.zeros((1, t.arena_size))
    one[0, lo:hi] = adj[0, lo:hi]
    t.sweeps.reverse_one(k, val, one)
    return any(np.isnan(one[0, a:a + n]).any() for a, n in ins)


def _shown(val, ins, i, n_out):
    """The operand values an op read for its output element i (elementwise operands of the
    output's length give element i, broadcast scalars their one value; other blocks their
    first value and length)."""
    parts = []
    for a, n in ins[:_MAX_INPUTS_SHOWN]:
        if n == n_out:
            parts.append(f"{val[a + i]:.6g}")
        else:
            parts.append(_fmt(val[a], n))
    where = f" at element {i}" if n_out > 1 else ""
    return ", ".join(parts) + where


# ---- the plan ---------------------------------------------------------------------------------
_TIERS = {None: "not chosen yet (the first sweep chooses)", "numpy": "the NumPy tier",
          "full": "the full interpreters", "variant": "a variant (this tape's op set)"}
_MAX_NAMES_SHOWN = 6


@dataclass(frozen=True)
class PlanRow:
    """One segment of a tape's plan (``Tape.explain``): its kind (``Run``, ``Fused``,
    ``Loop``, ``Host``, ``Call``), the ops ``start .. stop - 1`` it sweeps, their names with
    counts (most frequent first), what sweeps it now (``tier``: ``"numpy"``, ``"full"``,
    ``"variant"``, ``None`` before the first sweep for a Run; ``"fused"``, ``"loop"``,
    ``"host"``, ``"call"``), the state of its machine code (``"loaded"``, ``"on disk"``,
    ``"not compiled"``, or ``None`` where nothing compiles), where its code is (``kernel``:
    the file of the compiled module of a Run, Fused or Loop segment, a host op's body module,
    a call's sub-tape) and the declaration (``path:line``, ``OpSpec.source``) of each op it
    holds."""

    kind: str
    start: int
    stop: int
    ops: tuple
    tier: str | None
    state: str | None
    kernel: str | None
    sources: tuple

    @property
    def n_ops(self):
        return self.stop - self.start

    def summary(self, limit=_MAX_NAMES_SHOWN):
        """``ExpOp x3, AddOp x2``: the op names, the ``limit`` most frequent."""
        shown = ", ".join(f"{name} x{n}" for name, n in self.ops[:limit])
        rest = len(self.ops) - limit
        return shown + (f", ... ({rest} more)" if rest > 0 else "")


class Plan:
    """What ``Tape.explain()`` returns: ``rows`` (a list of ``PlanRow``, one per segment, in
    sweep order); ``str()`` or ``repr()`` gives the report."""

    def __init__(self, title, rows):
        self.title = title
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def to_string(self):
        cells = [("#", "segment", "ops", "n", "swept by", "holds", "kernel")]
        for i, r in enumerate(self.rows):
            cells.append((str(i), r.kind, f"{r.start}:{r.stop}", str(r.n_ops), _swept_by(r),
                          r.summary(), r.kernel or ""))
        widths = [max(len(c[j]) for c in cells) for j in range(len(cells[0]))]
        lines = [self.title]
        for c in cells:
            lines.append("  " + "  ".join(c[j].ljust(widths[j]) if j != 3 else
                                          c[j].rjust(widths[j]) for j in range(len(c)))
                         .rstrip())
        declared = {}
        for r in self.rows:
            declared.update(r.sources)
        if declared:
            lines.append("declared at:")
            w = max(map(len, declared))
            lines += [f"  {name.ljust(w)}  {where}" for name, where in sorted(declared.items())]
        return "\n".join(lines)

    def __str__(self):
        return self.to_string()

    __repr__ = __str__


def _swept_by(r):
    what = {"fused": "fused-run kernel", "loop": "loop kernel", "host": "Python (host op)",
            "call": "the sub-tape's sweeps"}.get(r.tier) or _TIERS[r.tier]
    return what + (f" ({r.state})" if r.state else "")


def _state(fn):
    """Whether jitted ``fn``'s machine code is in this process, on disk, or not compiled."""
    if not isinstance(fn, numba.core.registry.CPUDispatcher):
        return None   # NUMBA_DISABLE_JIT: plain Python
    if fn.signatures:
        return "loaded"
    return "on disk" if compiled(fn) else "not compiled"


def _file(module):
    return getattr(module, "__file__", None) or getattr(module, "__name__", None)


def explain(tape):
    """The plan of ``tape``'s sweeps, segment by segment (``Tape.explain``)."""
    S = tape.sweeps
    tier, module = S.run_tier()
    rows = []
    for k0, k1, seg in S.spans():
        kind = type(seg).__name__
        names = _NAMES[tape.op[k0:k1]].tolist()
        counts = collections.Counter(names)
        first = {}
        for name in names:
            first.setdefault(name, len(first))
        ops = tuple(sorted(counts.items(), key=lambda c: (-c[1], first[c[0]])))
        sources = tuple((name, BY_NAME[name].source) for name, _ in ops)
        if kind == "Run":
            t = tier
            state = None if module is None else _state(module.forward)
            kernel = None if module is None else _file(module)
        elif kind in ("Fused", "Loop"):
            t = kind.lower()
            state = _state(seg.kernels.forward)
            kernel = _file(seg.kernels)
        elif kind == "Host":
            t, state, kernel = "host", None, seg.spec.forward.__module__
        else:
            t, state, kernel = "call", None, f"sub-tape {seg.sub!r}"
        rows.append(PlanRow(kind, k0, k1, ops, t, state, kernel, sources))
    n_seg, n_fixed = len(rows), tape.n_in + tape.consts.size
    compiled_segments = ("not looked for yet (F.compile(), nt.compile_after)"
                         if S.n_compiled_segments is None else str(S.n_compiled_segments))
    title = (f"{tape!r}: {tape.n_ops} ops in {n_seg} segment{'s' * (n_seg != 1)} (op k is "
             f"node {n_fixed} + k of F.print()); Run segments: {_TIERS[tier]}; compiled "
             f"segments: {compiled_segments}")
    return Plan(title, rows)
