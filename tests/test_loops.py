"""Re-rolled loops (``Sweeps.compile()`` / ``F.compile()``, numtape/sweeps/loops.py) against the
interpreter: values, tangents and adjoints bit for bit, in every sweep kind, for every scalar
op family, operand kind and carried dependency, in derived tapes and across threads.

Every distinct loop body compiles its own Numba kernels (seconds each), so the op families are
tested in a handful of long bodies and the random programs draw few, small bodies.
"""
import threading

import numpy as np
import pytest
import scipy.special as sc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import numtape as nt
from numtape.ops import BY_NAME, ELEMENTWISE, OPS
from numtape.ops.layout import arg_pointers
from numtape.sweeps import loops
from numtape.testing import finite_jacobian
from numtape.trace.adarray import elementwise
from numtape.ops.info import Away, Choice
from opcases import DOMAINS

eq = np.testing.assert_array_equal


@pytest.fixture(autouse=True)
def _no_tier_up():
    """The reference tapes must stay interpreted: no automatic compile after many sweeps."""
    switch = getattr(nt, "compile_after", None)
    if switch is None:
        yield
        return
    old = switch(None)
    try:
        yield
    finally:
        switch(old)


# ---- helpers --------------------------------------------------------------------------------
def n_loops(T):
    return sum(type(s).__name__ == "Loop" for s in T.sweeps.plan)


def found(T):
    """``loops.find_loops`` on T's arrays: [(k0, k1, (L, body, local), A, G, K)]."""
    arg_ptr, _ = arg_pointers(T.op, np.diff(T.out_ptr))
    return loops.find_loops(T.op, T.flags, T.out_ptr, T.args, arg_ptr, T.iargs)


def operand_kinds(T):
    """The operand kinds of T's loops: "in", "prev", "gat" and ("aff", stride) ("aff-unbaked"
    too where the stride is read from A, not a constant of the kernel); "prev-later",
    "prev-same" or "prev-earlier" for a previous iteration's result of a body op after the
    reader, of the reader itself or before it; where body results keep their adjoints: "reg"
    (a register, read only in their iteration), "carry" (a register handed to the previous
    iteration), "arena"."""
    out = set()
    for _, _, (_, body, local), A, _, _ in found(T):
        na = 1
        for j, (_, _, kinds) in enumerate(body):
            for kind in kinds:
                if kind[0] == "aff":
                    out.add(("aff", int(A[na + 1])))
                    if kind[1] is None:      # read from A by the kernel
                        out.add("aff-unbaked")
                    else:                    # a constant of the kernel
                        assert kind[1] == int(A[na + 1])
                    na += 2
                elif kind[0] == "prev":
                    out.add("prev")
                    out.add("prev-same" if kind[1] == j else
                            "prev-later" if kind[1] > j else "prev-earlier")
                    na += 1
                else:
                    out.add(kind[0])
        names = {loops.REG: "reg", loops.CARRY: "carry", loops.ARENA: "arena"}
        out |= {names[w] for w in local}
    return out


def body_ops(T):
    """Names of the ops in T's loop bodies."""
    return {OPS[code].name for _, _, (_, body, _), _, _, _ in found(T) for code, _, _ in body}


def pair(f, x0):
    """The same function recorded twice: (interpreted, compiled with at least one loop)."""
    F, G = nt.MakeTape(f, x0), nt.MakeTape(f, x0)
    for T in (F, G):   # the compiled interpreters, not the NumPy tier a short process starts
        T.sweeps.compiled_module()   # on: its special functions are SciPy's, ulps apart
    G.sweeps.compile()
    assert n_loops(G) >= 1, "no loop was re-rolled"
    return F, G


def _value(T, x):
    y = T(x)
    return y.toarray() if hasattr(y, "toarray") else y   # sparse Jacobian tapes: csr


def assert_same(F, G, x, v, seed=0):
    """G's sweeps equal F's bit for bit at x: values, one tangent, the Jacobian, three seed rows
    of adjoints and three tangent directions in one sweep, the gradient (or a vjp) twice."""
    rng = np.random.default_rng(seed)
    eq(_value(G, x), _value(F, x))
    eq(G.jvp(x, v), F.jvp(x, v))
    eq(G.jacobian(x), F.jacobian(x))
    W = rng.normal(size=(3, F.n_out))
    V = rng.normal(size=(3, F.n_in))
    # k seed rows in one sweep: G's equal G's one-row sweeps bit for bit (G's one-row sweeps
    # equal F's bit for bit: the Jacobian above, the gradients below); F's k-row path (the
    # interpreters' block loops) and F's one-row sweeps within an ulp or two of G's: on one
    # CI machine F's k-row path differed in the last bit of 2 of 84 adjoints (special
    # functions, row 1 of 3), which this machine never reproduced
    rows = np.vstack([G.sweeps.reverse(G.sweeps.forward(x), W[j:j + 1]) for j in range(3)])
    eq(G.sweeps.reverse(G.sweeps.forward(x), W), rows)
    for R in (F.sweeps.reverse(F.sweeps.forward(x), W),
              np.vstack([F.sweeps.reverse(F.sweeps.forward(x), W[j:j + 1]) for j in range(3)])):
        np.testing.assert_allclose(R, rows, rtol=1e-14, atol=1e-300)
    eq(G.sweeps.tangent(G.sweeps.forward(x), V), F.sweeps.tangent(F.sweeps.forward(x), V))
    x2 = x + 0.01 * rng.normal(size=x.shape)
    for z in (x, x2, x):   # again: the workspaces are reused, cleared or zeroed
        if F.n_out == 1:
            eq(G.gradient(z), F.gradient(z))
        else:
            eq(G.vjp(z, W[0]), F.vjp(z, W[0]))
    assert n_loops(F) == 0, "the reference tape was compiled"


def assert_same_second_order(f, x0, x, v, f_ref=None):
    """Scalar f: F.compile() (which compiles the gradient tape too) changes no gradient,
    Hessian-vector product or Hessian bit (against ``f_ref``, default f, interpreted).  The
    gradient tape runs compiled loops, or was built from the re-rolled tape (a loop of
    independent iterations: a few block ops)."""
    F, H = nt.MakeTape(f_ref or f, x0), nt.MakeTape(f, x0)
    H.compile()
    G = H._gradient_tape()
    assert n_loops(H) >= 1 and (n_loops(G) >= 1 or G.n_ops < 100 < H.n_ops)
    eq(H.gradient(x), F.gradient(x))
    eq(H.hvp(x, v), F.hvp(x, v))
    if n_loops(G):
        eq(H.hessian(x), F.hessian(x))
    else:   # the Hessian's adjoint sweeps of fused runs: within a few ulps (Tape.compile)
        np.testing.assert_allclose(H.hessian(x), F.hessian(x), rtol=1e-15, atol=0)
    assert n_loops(F) == 0 and n_loops(F._gradient_tape()) == 0


def assert_fd(T, x, rtol=1e-6, atol=1e-8):
    """T's Jacobian against central differences of T's own values."""
    np.testing.assert_allclose(T.jacobian(x), finite_jacobian(T, x).reshape(T.n_out, T.n_in),
                               rtol=rtol, atol=atol)


def points(n, seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=n), rng.normal(size=n), rng.normal(size=n)


# ---- 1. every scalar elementwise op in a loop body -------------------------------------------
# Each group is one loop body: acc = acc + op(operands) for every op of the group, so each
# result is read in its own iteration only (its adjoint lives in a register) and the
# accumulator is carried.  Continuous operands are elements t of blocks computed before the
# loop from x, mapped into the op's domain (affine addresses, stride 1); discrete ones (orders,
# ties) are constants cycling over the iterations (gathered addresses); the logic ops and
# select's condition read comparisons of the same iteration.
FAMILIES = {
    "unary": ["NegOp", "AbsOp", "ExpOp", "Exp2Op", "Expm1Op", "LogOp", "Log2Op", "Log10Op",
              "Log1pOp", "SqrtOp", "CbrtOp", "SquareOp", "ReciprocalOp", "SinOp", "CosOp",
              "TanOp", "ArcsinOp", "ArccosOp", "ArctanOp", "SinhOp", "CoshOp", "TanhOp",
              "ArcsinhOp"],
    "unary_special": ["ArccoshOp", "ArctanhOp", "ErfOp", "ErfcOp", "ErfcxOp", "NdtrOp",
                      "ExpitOp", "LogitOp", "GammalnOp", "DigammaOp", "LogNdtrOp", "NdtriOp",
                      "GammaOp", "LoggammaOp", "ErfinvOp", "ErfcinvOp", "LogExpitOp", "I0Op",
                      "I0eOp", "I1Op", "I1eOp", "RiemannZetaOp", "ZetacOp", "Log1mexpOp"],
    "binary": ["AddOp", "SubOp", "MulOp", "DivOp", "PowOp", "RemainderOp", "FmodOp",
               "CopysignOp", "Arctan2Op", "HypotOp", "MaximumOp", "MinimumOp", "FmaxOp",
               "FminOp", "LogaddexpOp", "ChainMulOp", "XlogyOp", "Xlog1pyOp"],
    "special_2_to_4": ["PolygammaOp", "BetaOp", "BetalnOp", "IvOp", "IveOp", "KvOp", "KveOp",
                       "BoxcoxOp", "InvBoxcoxOp", "GammaincOp", "GammainccOp", "ZetaOp",
                       "ZetacDOp", "GammaincDOp", "GammaincDxOp", "BetaincOp", "ZetaDOp",
                       "BetaincDOp", "BetaincDxOp", "TweedieLogWOp", "PolygammaDiffOp"],
    # comparisons and logic feed the logic ops and select's condition (np.where(a > b, ..))
    "piecewise": ["SignOp", "FloorOp", "CeilOp", "TruncOp", "RintOp", "LtOp", "LeOp", "GtOp",
                  "GeOp", "EqOp", "NeOp", "AndOp", "OrOp", "NotOp", "SelectOp"],
}
FEEDS = {"NotOp": ("LtOp",), "AndOp": ("LeOp", "GeOp"), "OrOp": ("EqOp", "NeOp"),
         "SelectOp": ("GtOp", None, None)}
N_STREAMS = 4
NT = 7   # Python iterations (the first, acc = 0.0 + r, differs: the loop rolls the others)


def _operands(name, i, blocks, results, t):
    """The operands of op ``name`` (the i-th of its body) in iteration t."""
    doms = DOMAINS[name]
    feeds = FEEDS.get(name, (None,) * len(doms))
    all_discrete = all(d.discrete for d in doms)
    out = []
    for p, (d, feed) in enumerate(zip(doms, feeds)):
        if feed is not None:
            out.append(results[feed])
        elif d.discrete and not (all_discrete and p == 0):
            out.append(float(d.values[(t + p) % len(d.values)]))
        else:
            out.append(blocks[i, p][t])
    return out


def family_function(names):
    def f(x):
        T = [sc.expit(x[s * NT:(s + 1) * NT]) for s in range(N_STREAMS)]
        sign = np.where(np.arange(NT) % 2 == 0, 1.0, -1.0)
        blocks = {}
        for i, name in enumerate(names):
            for p, d in enumerate(DOMAINS[name]):
                u = T[(i + p) % N_STREAMS]
                if isinstance(d, Choice):     # an active operand spanning the values
                    blocks[i, p] = min(d.values) + (max(d.values) - min(d.values)) * u
                elif isinstance(d, Away):     # both signs, alternating over t
                    blocks[i, p] = sign * (d.lo + (d.hi - d.lo) * u)
                else:
                    blocks[i, p] = d.lo + (d.hi - d.lo) * u
        acc = 0.0
        for t in range(NT):
            results = {}
            for i, name in enumerate(names):
                r = elementwise(BY_NAME[name], *_operands(name, i, blocks, results, t))
                results[name] = r
                acc = acc + r
        return acc
    return f


def test_the_op_families_cover_every_scalar_elementwise_op():
    named = [n for names in FAMILIES.values() for n in names]
    assert len(named) == len(set(named))
    assert set(named) == {s.name for s in OPS if s.kind == ELEMENTWISE}
    assert all(len(names) * 2 <= loops.MAX_BODY for names in FAMILIES.values())


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_op_family_in_a_loop_body_matches_the_interpreter(family):
    names = FAMILIES[family]
    f = family_function(names)
    x0, x1, v = points(N_STREAMS * NT, 11)
    F, G = pair(f, x0)
    assert body_ops(G) >= set(names), "not every op of the family is in the loop body"
    assert {"in", "prev", "reg", "carry"} <= operand_kinds(G)
    if family in ("piecewise", "special_2_to_4"):
        assert "gat" in operand_kinds(G)     # cycling constants: orders, ties
    assert_same(F, G, x1, v)
    assert np.all(np.isfinite(G.jacobian(x1)))
    if family != "piecewise":   # floor & co. jump: differences straddling a jump are off
        assert_fd(G, x1)


# ---- 2. carried dependencies ---------------------------------------------------------------
Y = np.cos(np.linspace(0.0, 9.0, 61)) + 0.1 * np.sin(np.arange(61.0) ** 2)


def w2_loop(th):
    """benchmarks/workloads.py's W2: h = tanh(w h + u y[t] + b), loss += (y[t+1] - h)^2."""
    w, u, b = th[0], th[1], th[2]
    h = 0.0
    loss = 0.0
    for t in range(Y.size - 1):
        h = np.tanh(w * h + u * Y[t] + b)
        loss = loss + (Y[t + 1] - h) ** 2
    return loss


def running_product(x):
    p = x[0]
    for t in range(1, x.size):
        p = p * (1.0 + 0.5 * np.sin(x[t]))
    return p


def read_twice(x):
    """The carried h is read by two ops of the next iteration (sin and cos)."""
    h = x[0]
    for t in range(1, x.size):
        h = np.sin(h) * x[t] + np.cos(h) * 0.5
    return h * h


def carried_orders(x):
    """Carried values read by an op before their producer (h, made last), by their producer
    itself (acc) and by an op after it (s of the previous iteration, two and one back: read
    at affine addresses inside the loop's own results).  The first two iterations weigh b by a
    constant (other flags), so the loop starts where s1 and s2 are results of the loop."""
    h, s1, s2, acc = x[0], x[1], x[2], x[0] * 0.0
    for t in range(3, x.size):
        a = h * x[t]
        s = np.sin(a + s2 * 0.5)
        b = s * s1 * (0.5 if t < 5 else x[1])
        s2, s1 = s1, s
        h = np.tanh(a + b)
        acc = acc + h
    return acc + h


def carried_and_kept(x):
    """The carried h of two middle iterations is read after the loop too: its adjoint cannot
    be handed from iteration to iteration in a register."""
    h = x[0]
    hs = []
    for t in range(1, x.size):
        h = np.tanh(h * x[t] + 0.5) * 0.9
        hs.append(h)
    return h + hs[3] * hs[10]


def previous_of_earlier_serial(x):
    """Each iteration reads the previous iteration's a, made by an earlier body op than its
    reader (kept before the iteration overwrites it, loops._saved)."""
    s = 0.0
    a_prev = x[0]
    for t in range(1, x.size):
        a = np.sin(x[t]) * 0.5
        s = s + a_prev * a
        a_prev = a
    return s


@pytest.mark.parametrize("f, n, kinds", [
    (w2_loop, 3, {"prev", "prev-later", "prev-same", "reg", "carry"}),
    (previous_of_earlier_serial, 40, {"prev-earlier", "prev-same", "carry"}),
    (running_product, 60, {"prev-same", ("aff", 1), ("aff", 0)}),
    (read_twice, 40, {"prev", "prev-later", "carry"}),
    (carried_orders, 40, {"prev-later", "prev-same", ("aff", 9), "reg", "carry", "arena"}),
    (carried_and_kept, 40, {"prev", "arena"}),
])
def test_carried_dependencies_match_the_interpreter(f, n, kinds):
    x0, x1, v = points(n, 21)
    x0, x1 = 0.5 * x0, 0.5 * x1
    F, G = pair(f, x0)
    assert kinds <= operand_kinds(G), operand_kinds(G)
    if f is carried_and_kept:
        assert "carry" not in operand_kinds(G)
    assert_same(F, G, x1, v)
    assert_fd(G, x1)


def test_w2_loop_second_order_and_finite_differences():
    th0, th1, v = np.array([0.3, 0.8, -0.1]), np.array([0.6, -0.4, 0.2]), np.array([1., 2., 3.])
    assert_same_second_order(w2_loop, th0, th1, v)
    H = nt.MakeTape(w2_loop, th0)
    H.compile()
    np.testing.assert_allclose(H.hessian(th1), finite_jacobian(H.gradient, th1), rtol=1e-6)
    np.testing.assert_allclose(H(th1), w2_loop(th1), rtol=1e-13)


def strong_zeros(x):
    """The interpreter's strong zeros: where x[t] < 0, sqrt(m) has an infinite partial at
    m = max(x[t], 0) = 0 whose own partial is 0 (no inf * 0 into x, in adjoints; its tangent
    is 0, so no 0 * inf in tangents); sqrt(e) at e = x x - x x = 0 has an infinite partial
    but a zero adjoint (never selected): no 0 * inf into e, whose partials are not 0."""
    acc = x[0] * 0.0
    for t in range(1, x.size):
        m = np.maximum(x[t], 0.0)
        e = x[t] * x[t] - x[t] * x[t]
        acc = acc + np.sqrt(m) + np.where(x[t] > 5.0, np.sqrt(e), 0.5 * x[t])
    return acc


def test_strong_zeros_in_a_loop_match_the_interpreter():
    x0, x1, v = points(60, 22)
    F, G = pair(strong_zeros, x0)
    assert_same(F, G, x1, v)
    assert (x1 < 0).sum() > 10
    for T in (F, G):
        assert np.isfinite(T.gradient(x1)).all() and np.isfinite(T.jvp(x1, v))
        val = T.sweeps.forward(x1)
        assert np.isfinite(T.sweeps.reverse(val, np.ones((3, 1)))).all()
        assert np.isfinite(T.sweeps.tangent(val, np.eye(60)[:3] + v)).all()


# ---- 3. operand kinds ----------------------------------------------------------------------
T3 = 40


def strides(x):
    """Operands x[t] (stride 1), x[2t] (2), x[n-1-t] (-1), the weight x[0] and constants
    (stride 0)."""
    w = x[0]
    n = x.size
    s = x[1] * 0.0
    for t in range(T3):
        s = s + np.exp(0.3 * x[t]) * np.sin(x[2 * t]) - w * x[n - 1 - t] + 0.25 * np.tanh(s)
    return s


PERM = np.random.default_rng(3).permutation(T3)
DATA = np.round(np.random.default_rng(4).normal(size=T3), 1)   # repeated values


def gathered(x):
    """Inputs at permuted indices; data constants with repeated values (a deduplicated pool)."""
    s = 0.0
    for t in range(T3):
        s = s + np.sin(x[PERM[t]]) * DATA[t] + np.cos(x[PERM[t]] * DATA[(7 * t) % T3])
    return s


def before_and_after(x):
    """Ops before the loop (blocks, a reduction) read inside; loop results read after it by
    scalar ops and, stacked, by block ops."""
    z = np.exp(0.5 * x[:4])
    m = np.sum(x * x)
    h = z[0]
    rs = []
    for t in range(T3):
        h = np.tanh(h * z[t % 4] + m * 0.01 + x[t])
        rs.append(h * x[t + 1])
    r = np.stack(rs)
    return np.sum(r * r) + rs[-1] * rs[0] + np.log1p(h * h) + np.sum(np.cumsum(r) * x[:T3])


def vector_out(x):
    """Every iteration's result is a tape output (a carried one among them)."""
    h = x[0]
    out = []
    for t in range(T3):
        h = np.sin(h) * 0.5 + x[t + 1] * x[t]
        out.append(h * np.exp(-x[t + 1] ** 2))
    return out


def long_strides(x):
    """Inputs read at strides longer than loops.BAKED (a matrix's column read row by row),
    forwards and backwards, next to short ones."""
    s = 0.0
    for t in range(T3):
        s = s + np.sin(x[70 * t]) * x[70 * (T3 - 1 - t) + 1] + np.exp(-x[t] ** 2)
    return s


def twin_trig(x):
    """Twins: sin read by an add and cos read by exp (their forward sweep stores the partial
    for the reverse and tangent sweeps), sin read by a product (not a twin), arguments far
    enough out for the whole-range reduction in one strip."""
    s = 0.0
    for t in range(1, 300):
        a = np.exp(np.cos(x[t] * 3e6)) * x[t - 1]
        s = s + (np.sin(x[t - 1]) + 0.5 * x[t]) * a + np.sin(x[t]) * x[t]
    return s


def long_vector_out(x):
    """More outputs than inputs: the Jacobian is swept forward, k = n tangent rows."""
    out = []
    for t in range(T3):
        a = x[t % 5]
        out += [np.sin(a) * x[(t + 1) % 5], np.cos(a + 0.1 * t)]
    return np.stack(out)


@pytest.mark.parametrize("f, n, kinds", [
    (strides, 2 * T3, {("aff", 1), ("aff", 2), ("aff", -1), ("aff", 0)}),
    (gathered, T3, {"gat"}),
    (before_and_after, T3 + 1, {"gat", ("aff", 0), "prev"}),
    (vector_out, T3 + 1, {"prev", ("aff", 1)}),
    (long_vector_out, 5, {"gat"}),
    (long_strides, 70 * T3, {("aff", 70), ("aff", -70), ("aff", 1), "aff-unbaked"}),
])
def test_operand_kinds_match_the_interpreter(f, n, kinds):
    x0, x1, v = points(n, 31)
    F, G = pair(f, x0)
    assert kinds <= operand_kinds(G), operand_kinds(G)
    assert_same(F, G, x1, v)
    assert_fd(G, x1)


def test_twins_leave_their_partials_for_the_reverse_and_tangent_sweeps():
    x0, x1, v = points(300, 37)
    F, G = pair(twin_trig, x0)
    structures = [seg.kernels for _, _, seg in G.sweeps._segments()
                  if type(seg).__name__ == "Loop"]
    (k,) = structures
    assert "vm.sincos" in open(k.__file__).read()
    assert_same(F, G, x1, v)
    assert_same_second_order(twin_trig, x0, x1, v)


# ---- 4. several loops, short loops, block ops around -----------------------------------------
def two_bodies(x):
    h = x[0]
    for t in range(1, 45):
        h = np.tanh(h * x[t] + 0.5)
    s = h
    for t in range(45):
        s = s + np.exp(-x[t] ** 2) * np.sin(s)
    return s


def same_body_twice(x):
    """One body in two loops of different lengths, other ops in between."""
    def run(h, lo, n):
        for t in range(lo, lo + n):
            h = np.tanh(h * x[t] + 0.5)
        return h
    h = run(x[0], 1, 45)
    h = h * np.sum(x[:5]) + np.cos(x[2])
    return run(h, 40, 50) ** 2


def test_several_loops_in_one_tape():
    x0, x1, v = points(90, 41)
    F, G = pair(two_bodies, x0)
    assert n_loops(G) == 2
    assert_same(F, G, x1, v)
    F, G = pair(same_body_twice, x0)
    segs = [s for s in G.sweeps.plan if type(s).__name__ == "Loop"]
    assert len(segs) == 2 and segs[0].kernels is segs[1].kernels   # one compiled kernel
    assert segs[0].K != segs[1].K
    assert_same(F, G, x1, v)
    assert_fd(G, x1)


UNARY = [np.sin, np.cos, np.tanh, np.arctan, np.exp, sc.expit, np.arcsinh, np.sinh, np.cbrt,
         sc.erf, np.expm1, np.square, np.negative, np.cosh, np.log1p, sc.ndtr, sc.gammaln,
         np.sqrt, np.abs, sc.log_expit, np.exp2, sc.erfc, np.rint, np.floor]


@pytest.mark.parametrize("n_fns, reps", [
    (1, loops.MIN_OPS // 2 - 1),         # a body of 2 ops, one iteration short of MIN_OPS
    (len(UNARY), loops.MIN_REPS - 1),    # a body of MAX_BODY ops, one short of MIN_REPS
])
def test_loops_too_short_are_not_rolled(n_fns, reps):
    def f(x):
        pos = np.abs(x) + 0.5
        acc = x[0]
        for t in range(reps):
            for fn in UNARY[:n_fns]:
                acc = acc + fn(pos[t])
        return acc
    x0, x1, v = points(reps, 51)
    F, G = nt.MakeTape(f, x0), nt.MakeTape(f, x0)
    assert G.sweeps.compile() == 0 and found(G) == []
    assert [type(s).__name__ for s in G.sweeps.plan] == ["Run"]
    assert_same(F, G, x1, v)


def test_a_loop_of_exactly_min_ops_is_rolled():
    def f(x):
        acc = x[0]
        for t in range(loops.MIN_OPS // 2):
            acc = acc + np.sin(x[t])
        return acc
    x0, x1, v = points(loops.MIN_OPS // 2, 52)
    F, G = pair(f, x0)
    (k0, k1, (L, _, _), _, _, K), = found(G)
    assert (k1 - k0, L, K) == (loops.MIN_OPS, 2, loops.MIN_OPS // 2)
    assert_same(F, G, x1, v)


@pytest.mark.parametrize("depth", [4, 8])
def test_a_body_too_heavy_to_compile_is_not_rolled(depth):
    """A body's compile weight (emit.compile_weights: sin is 11, a product 1) is at most
    MAX_BODY_WEIGHT: four sines a step (49) are re-rolled, eight (97) stay interpreted, which
    gives the same numbers without a kernel that would take a minute to compile."""
    def f(x):
        acc = x[0]
        for t in range(40):
            y = x[t]
            for _ in range(depth):
                y = np.sin(y) * 1.1
            acc = acc + y
        return acc
    x0 = np.linspace(0.1, 1.0, 40)
    F = nt.MakeTape(f, x0)
    a = F._arrays
    assert (len(loops.find_loops(a["op"], a["flags"], a["out_ptr"], a["args"],
                                 arg_pointers(a["op"], np.diff(a["out_ptr"]))[0], a["iargs"]))
            == (depth * 11 + depth + 1 <= loops.MAX_BODY_WEIGHT))


N_BLOCK = 64   # a fused run (fused.MIN_N) before the loop


def with_blocks(x):
    """A vectorized part before (a fused run) and after (reductions, a scan) the loop."""
    a, b = x[:N_BLOCK], x[N_BLOCK:2 * N_BLOCK]
    e = np.exp(0.3 * a) * np.sin(b) + np.tanh(a - b)
    h = e[0]
    rs = []
    for t in range(40):
        h = np.tanh(h * e[t] + b[t])
        rs.append(h * a[t])
    r = np.stack(rs)
    return np.sum(np.cumsum(r) ** 2) + np.sum(e[40:] * r[:24]) + h


def block_heavy(x):
    """Block ops hold most of the arena: the reverse sweep clears adjoints as it goes
    (``Sweeps.clear``), and the next gradient relies on the loop having cleared its own (in
    the arena: h * h, read after the loop, and the last iteration's carried h and acc)."""
    h = x[0]
    acc = x[0] * 0.0
    sq = []
    for t in range(1, x.size):
        h = np.tanh(h * x[t] + 0.5)
        sq.append(h * h)
        acc = acc + sq[-1]
    big = np.cumsum(np.concatenate([x] * 60))
    return acc * h + 1e-3 * np.sum(np.cumsum(big * big)) + sq[7] * sq[20]


def test_loops_among_block_ops():
    x0, x1, v = points(2 * N_BLOCK, 61)
    F, G = pair(with_blocks, x0)
    assert {type(s).__name__ for s in G.sweeps.plan} >= {"Loop", "Fused", "Run"}
    assert_same(F, G, x1, v)
    assert_fd(G, x1)
    x0, x1, v = points(45, 62)
    F, G = pair(block_heavy, x0)
    assert G.sweeps.clear and {"arena", "carry"} <= operand_kinds(G)
    assert_same(F, G, x1, v)


@pytest.mark.parametrize("f, n", [(block_heavy, 45), (w2_loop, 3)])
def test_automatic_compile_in_mid_life_changes_no_bit(f, n, monkeypatch):
    """The tier-up (``nt.compile_after``) compiles a tape between two of its sweeps, its
    workspaces left clean (block_heavy: cleared by the reverse sweeps) or not (W2: zeroed by
    each forward sweep) by the interpreter: the compiled sweeps go on bit for bit."""
    from numtape.tape import sweeper
    xs = [0.5 * points(n, 63 + i)[0] for i in range(6)]
    F = nt.MakeTape(f, xs[0])
    expected = [(F.gradient(x), F.jvp(x, xs[0])) for x in xs]
    # the tier-up takes kernels already on disk (tests compile in the foreground, and a tape
    # this short never pays for a compile): put this structure's there first, whatever ran
    # before in this process (a loop's strides are part of its structure)
    H = nt.MakeTape(f, xs[0])
    assert H.sweeps.compile() >= 1
    H.gradient(xs[0]), H.jvp(xs[0], xs[0])
    monkeypatch.setattr(sweeper, "TIER_MIN_ARENA", 0)
    monkeypatch.setattr(sweeper.tiers, "RUN_PAYBACK", 0.0)   # hot at compile_after
    nt.compile_after(3)
    G = nt.MakeTape(f, xs[0])
    for x, (g, d) in zip(xs, expected):
        eq(G.gradient(x), g)
        eq(G.jvp(x, xs[0]), d)
    assert n_loops(G) >= 1 and n_loops(F) == 0


# ---- 5. derived tapes ----------------------------------------------------------------------
def test_jacfun_and_sparse_jacobian_tapes_of_a_loop_tape():
    x0, x1, v = points(T3 + 1, 71)
    J_F, J_G = nt.MakeTape(vector_out, x0).jacfun(), nt.MakeTape(vector_out, x0).jacfun()
    assert J_G.sweeps.compile() >= 1 and n_loops(J_G) >= 1
    assert_same(J_F, J_G, x1, v)
    S_F = nt.MakeTape(vector_out, x0).jacfun(sparse=True)
    S_G = nt.MakeTape(vector_out, x0).jacfun(sparse=True)
    assert S_G.sweeps.compile() >= 1 and n_loops(S_G) >= 1
    eq(S_G(x1).toarray(), S_F(x1).toarray())
    eq(S_G(x1).toarray(), J_F(x1).reshape(T3, T3 + 1))
    assert_same(S_F, S_G, x1, v)
    np.testing.assert_allclose(J_G(x1).reshape(T3, T3 + 1), finite_jacobian(vector_out, x1),
                               rtol=1e-6, atol=1e-8)


def _inner_loop(y):
    h = y[0]
    out = []
    for t in range(1, y.size):
        h = np.tanh(h * y[t] + 0.3)
        out.append(h * y[t])
    return np.stack(out)


def _outer(A):
    def f(x):
        z = A(x) * A(x[::-1])
        s = x[0] * 0.0
        for t in range(z.size):
            s = s + np.sin(z[t]) * x[t] * 0.5
        return s
    return f


def test_atomic_call_of_a_loop_tape():
    x0, x1, v = points(41, 73)
    A_F = nt.MakeTape(_inner_loop, x0).atomic()
    A_G = nt.MakeTape(_inner_loop, x0).atomic()
    assert A_G.sweeps.compile() >= 1
    F, G = nt.MakeTape(_outer(A_F), x0), nt.MakeTape(_outer(A_G), x0)
    G.sweeps.compile()
    assert n_loops(G) >= 1 and n_loops(G.subtapes[0]) >= 1 and n_loops(F.subtapes[0]) == 0
    assert_same(F, G, x1, v)
    assert_same_second_order(_outer(A_G), x0, x1, v, f_ref=_outer(A_F))
    assert_fd(G, x1)


def _nested(x):
    a = np.sin(x[0])

    def inner(y):
        h = y[0] * a
        acc = y[0] * 0.0
        for t in range(1, y.size):
            h = np.tanh(h * y[t] + a)
            acc = acc + h * h
        return acc
    I = nt.MakeTape(inner, np.zeros(x.size))
    return I(x * 0.5) + np.sum(I.jacfun()(x) * x)


def test_nested_tape_with_a_loop():
    x0, x1, v = points(40, 74)
    F, G = pair(_nested, x0)
    assert n_loops(G) >= 2     # the inner loop inlined, and its reverse sweep re-recorded
    assert_same(F, G, x1, v)
    assert_fd(G, x1)


# ---- 6. random loop bodies -----------------------------------------------------------------
R_UNARY = [np.sin, np.tanh, sc.expit, np.arctan, lambda a: a * a, lambda a: np.exp(-a * a),
           lambda a: np.abs(a) + 0.5]
R_BINARY = [np.add, np.subtract, np.multiply, np.hypot, np.logaddexp, np.maximum,
            lambda a, b: np.where(a > b, a, b * 0.5), lambda a, b: a / (1.0 + b * b)]
# an operand: an earlier result of the iteration, a carried state (a previous iteration's
# result), x[t], x[t + 1], x[n - 1 - t], the weight x[0], a constant
SOURCES = ["op", "state", "x_t", "x_t1", "x_rev", "x_0", "const"]
R_ITER = 64    # a body of >= 2 ops rolls (loops.MIN_OPS)


@st.composite
def loop_bodies(draw):
    n_state = draw(st.integers(1, 2))
    steps = []
    def operand(i, p):   # operand 0 is traced, so every op is recorded
        src = draw(st.sampled_from(SOURCES[0 if i else 1:len(SOURCES) - (p == 0)]))
        return (src, draw(st.integers(0, 3)))
    for i in range(draw(st.integers(2, 5))):
        if draw(st.booleans()):
            steps.append((0, draw(st.integers(0, len(R_UNARY) - 1)), operand(i, 0), None))
        else:
            steps.append((1, draw(st.integers(0, len(R_BINARY) - 1)), operand(i, 0),
                          operand(i, 1)))
    new_state = [draw(st.integers(0, len(steps) - 1)) for _ in range(n_state)]
    return n_state, steps, new_state, draw(st.booleans())


def _source(src, j, res, state, x, t):
    if src == "op":
        return res[j % len(res)]
    if src == "state":
        return state[j % len(state)]
    if src == "const":
        return 0.5 + 0.25 * j
    return x[{"x_t": t, "x_t1": t + 1, "x_rev": x.size - 1 - t, "x_0": 0}[src]]


def random_loop(body):
    n_state, steps, new_state, vector = body

    def f(x):
        state = [x[s] for s in range(n_state)]
        out = []
        for t in range(R_ITER):
            res = []
            for kind, k, *ops in steps:
                args = [_source(src, j, res, state, x, t) for src, j in ops[:kind + 1]]
                res.append(R_UNARY[k](*args) if kind == 0 else R_BINARY[k](*args))
            state = [np.tanh(res[j]) for j in new_state]   # bounded carries
            out.append(res[-1])
        return out if vector else sum(out[1:], out[0])
    return f


@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(loop_bodies())
def test_random_loop_bodies_match_the_interpreter(body):
    x0, x1, v = points(R_ITER + 1, 81)
    F, G = pair(random_loop(body), x0)
    assert_same(F, G, x1, v)


# ---- 7. inspection -------------------------------------------------------------------------
def inspected(x):
    acc = x[0] * 0.0
    for t in range(1, x.size):
        acc = acc + np.log(x[t] + 3.0) * np.sin(x[t - 1]) * 0.5
    return acc


def test_print_after_compile_shows_the_interpreters_table(capsys):
    x0, x1, v = points(40, 91)
    F, G = pair(inspected, x0)
    assert {"reg", "carry"} <= operand_kinds(G)
    for T in (F, G):
        T.gradient(x1)
        T.print(max_rows=10_000)
    f_out, g_out = capsys.readouterr().out.split("OpName:")[1:]
    assert f_out == g_out
    for T in (F, G):      # values only (the last evaluation had no reverse sweep)
        T.jvp(x1, v)
        T.print(max_rows=10_000)
    f_out, g_out = capsys.readouterr().out.split("OpName:")[1:]
    assert f_out == g_out
    pd = pytest.importorskip("pandas")
    for T in (F, G):
        T.gradient(x0)
    dF, dG = F.to_dataframe(), G.to_dataframe()
    pd.testing.assert_frame_equal(dG, dF)
    # the adjoints of the loop's register-held intermediates are shown, not zeros
    assert np.count_nonzero(dG["Deriv"].to_numpy(dtype=float)[F.n_in + F.consts.size:-1]) \
        > G.n_ops // 2


def test_check_nan_names_the_same_node():
    x0, x1, _ = points(40, 92)
    F, G = pair(inspected, x0)
    x1[17] = -5.0     # log of a negative number in iteration 16
    msgs = []
    for T in (F, G):
        with pytest.raises(FloatingPointError) as e:
            T(x1, check_nan=True)
        msgs.append(str(e.value))
    assert msgs[0] == msgs[1] and "LogOp" in msgs[0]


# ---- 8. threads ----------------------------------------------------------------------------
def test_threads_sweep_a_compiled_tape_concurrently():
    x0, _, v = points(3, 101)
    F, G = pair(w2_loop, x0)
    xs = [np.random.default_rng(s).normal(size=3) for s in range(16)]
    expected = [(F.gradient(x), F.jvp(x, v)) for x in xs]
    got, errors = {}, []
    barrier = threading.Barrier(4)

    def work(i):
        try:
            barrier.wait()
            for _ in range(5):
                for j in range(i, len(xs), 4):
                    got[j] = (G.gradient(xs[j]), G.jvp(xs[j], v))
        except Exception as e:   # noqa: BLE001 (reported below)
            errors.append(e)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    for j, (g, d) in enumerate(expected):
        eq(got[j][0], g)
        eq(got[j][1], d)


def test_printing_in_one_thread_leaves_gradients_in_another_alone(monkeypatch):
    """Thread B's replay (print, to_dataframe, check_nan) runs between thread A's forward and
    reverse sweeps, pinned here.  Replay once swapped the shared plan to the interpreted one
    while it ran: A's compiled forward sweep (zeroing only the adjoints the loop keeps in the
    arena) was followed by an interpreted reverse sweep reading the stale arena slots of
    register-held adjoints (free-running threads hit that about once in 2,000 gradients)."""
    x0, x1, _ = points(40, 102)
    F, G = pair(inspected, x0)
    S = G.sweeps
    expected = F.gradient(x1)
    run_forward, reverse = S.run_forward, S.reverse
    held = threading.local()

    def run_forward_in_replay(*a, **k):     # B, inside replay: the interpreted plan is in
        if getattr(held, "events", None):
            held.events[0].set()
            held.events[1].wait()
        return run_forward(*a, **k)

    def reverse_after_a_print(*a, **k):      # A, between its forward and reverse sweeps
        if threading.current_thread() is not threading.main_thread():
            return reverse(*a, **k)
        inside, release = threading.Event(), threading.Event()

        def b():
            G.gradient(x0)
            held.events = (inside, release)
            G.sweeps.replay()                # what G.print() does
        th = threading.Thread(target=b)
        th.start()
        inside.wait(timeout=60)
        try:
            return reverse(*a, **k)
        finally:
            release.set()
            th.join()

    monkeypatch.setattr(S, "run_forward", run_forward_in_replay)
    monkeypatch.setattr(S, "reverse", reverse_after_a_print)
    for _ in range(3):
        eq(G.gradient(x1), expected)


# ---- 9. strip-mined loops: independent ops one loop each, the carried ones after ------------
def three_back(x):
    """x[t] is read by three iterations and by three ops of them, in an order that is not
    the ops' order: its adjoint sums them in the interpreter's order only because a strip's
    contributions to operands outside the loop wait and are added iteration by iteration."""
    s = 0.0
    for t in range(x.size - 2):
        a = x[t + 2] * 0.5
        b = np.sin(x[t + 1])
        c = np.exp(0.3 * x[t]) * x[t + 2]
        s = s + (a + b) * c
    return s


def mixed_readers(x):
    """The result e is read by a carried op (the decaying sum h) between two independent readers (w
    before it, cos after it): its adjoint takes the carried op's contribution in its place."""
    h = x[0] * 0.0
    acc = 0.0
    for t in range(x.size):
        e = np.exp(0.4 * x[t])
        w = e * x[t]
        h = h * 0.9 + e
        v = np.cos(e) + w
        acc = acc + v * x[t]
    return acc + h


def kept_after(x):
    """Independent results read after the loop too (their adjoints start from the arena) and
    a sum whose last value is read twice."""
    s = 0.0
    es = []
    for t in range(x.size):
        es.append(np.tanh(x[t]) * x[t])
        s = s + es[-1]
    return s * s + es[5] * es[300] + np.sum(x)


def previous_of_earlier(x):
    """An independent result a read by the next iteration's product (the Python-loop shape of
    x[i] meeting x[i - 1]), beside independent exp, cos and sin."""
    s = 0.0
    a_prev = np.sin(x[0]) * 0.5
    for t in range(1, x.size):
        c = np.exp(0.3 * x[t]) * np.cos(x[t])
        a = np.sin(x[t]) * c
        s = s + a_prev * x[t]
        a_prev = a
    return s


def chain_sum(x):
    """benchmarks/workloads.py's hvp_loop: its gradient tape sums x[i]'s adjoint from two
    iterations, an earlier body op's result of the previous one (a "prev-earlier" operand)."""
    s = 0.5 * np.sum(x ** 2)
    for i in range(len(x) - 1):
        s = s + np.exp(0.5 * x[i + 1]) * np.sin(x[i])
    return s


@pytest.mark.parametrize("f", [three_back, mixed_readers, kept_after, previous_of_earlier])
def test_strip_mined_loops_match_the_interpreter(f):
    """Loops with independent ops run strip-mined (loops._render_strips, more than two
    strips of loops.CHUNK here), bit for bit as the interpreter runs them."""
    n = 2 * loops.CHUNK + 90
    x0, x1, v = points(n, 81)
    F, G = pair(f, 0.5 * x0)
    structures = [s for _, _, s, _, _, _ in found(G)]
    seqs = [loops.sequential(s) for s in structures]
    assert seqs and all(q is not None and len(q) < s[0] for q, s in zip(seqs, structures))
    assert "strip-mined" in loops.render(structures[0])
    assert_same(F, G, 0.5 * x1, v)
    assert_fd(G, 0.5 * x1)


def test_the_gradient_tape_of_a_python_loop_sum_runs_strip_mined():
    """chain_sum's gradient tape as jacfun records it (the loops kept; hvp sweeps the
    re-rolled tape's) runs its loops strip-mined, the adjoint sum reading the previous
    iteration's product included: every sweep of it bit for bit as interpreted, and hvp and
    the Hessian too."""
    n = 2 * loops.CHUNK + 90
    x0, x1, v = points(n, 83)
    F, G = (nt.MakeTape(chain_sum, 0.5 * x0).jacfun() for _ in range(2))
    for T in (F, G):
        T.sweeps.compiled_module()
    G.sweeps.compile()
    assert "prev-earlier" in operand_kinds(G)
    structures = [s for _, _, s, _, _, _ in found(G)]
    assert len(structures) == 2 and all(loops.sequential(s) is not None for s in structures)
    # the product the adjoint sum reads as the previous iteration's runs with the strip's
    # vector loops in the values and tangents (not in the adjoints)
    assert any(loops.values_sequential(s) < loops.sequential(s) for s in structures)
    assert all(loops.values_sequential(s) <= loops.sequential(s) for s in structures)
    assert_same(F, G, 0.5 * x1, v)
    assert_same_second_order(chain_sum, 0.5 * x0, 0.5 * x1, v)


def test_carried_bodies_run_serially():
    """Seven of the eight ops of W2's body are carried, and carried_orders reads results two
    iterations back: both keep the serial kernel."""
    for f, n in ((w2_loop, 3), (carried_orders, 40)):
        x0 = 0.5 * points(n, 21)[0]
        assert all(loops.sequential(s) is None for _, _, s, _, _, _ in found(nt.MakeTape(f, x0)))


def test_a_strip_mined_forward_stores_only_what_later_sweeps_read():
    """W1's loop (0.5 x[i+1], sin x[i], their sum, exp, a product, the running sum): its forward
    sweep leaves in the arena sin's partial (a twin) and exp's value (exp's partial and the
    product's read it) every iteration, and the running sum's last value (the output), and
    nothing else (``loops._stored``); every sweep after it is still the interpreter's bit for
    bit."""
    def w1(x):
        s = x[0]
        for i in range(len(x) - 1):
            s = s + np.exp(0.5 * x[i + 1] + np.sin(x[i])) * x[i + 1]
        return s
    n = loops.CHUNK + 50
    x0, x1, v = points(n, 83)
    F, G = pair(w1, x0)
    (k0, k1, (L, body, local), A, _, K), = found(G)
    assert [OPS[c].name for c, _, _ in body] == ["MulOp", "SinOp", "AddOp", "ExpOp", "MulOp",
                                                 "AddOp"]
    assert loops._stored((L, body, local)) == (False, True, False, True, False, False)
    S = G.sweeps
    val = S.workspace("val")
    o = int(A[0])
    val[o:o + K * L] = np.nan
    S.forward(x1)
    filled = ~np.isnan(val[o:o + K * L].reshape(K, L))
    assert filled[:, [1, 3]].all() and not filled[:-1][:, [0, 2, 4, 5]].any()
    assert filled[-1, 5]
    assert_same(F, G, x1, v)
