"""Fused runs of elementwise block ops (F.compile(), numtape/sweeps/fused.py) against the
interpreter: values and tangents bit for bit, adjoints to a few ulps, every sweep kind."""
import sys

import numpy as np
import pytest
import scipy.special as sc

import numtape as nt
from numtape.ops import OPS
from numtape.ops.layout import arg_pointers, op_reads
from numtape.sweeps import fused
from numtape.sweeps.emit import compile_weights

N = 80   # above fused.MIN_N


def arith(x):
    a, b = x[:N], x[N:]
    return np.sum(np.exp(0.3 * a) * np.sin(b) + np.log1p(a * a) / (2.0 + np.cos(a))
                  - np.sqrt(b * b + 1.0) + np.tanh(a - b) ** 2)


def special(x):
    a, b = np.abs(x[:N]) + 0.5, x[N:]
    return np.sum(sc.gammaln(a) * sc.expit(b) + sc.erf(b) * sc.digamma(a)
                  - sc.log_ndtr(b) + sc.xlogy(a, a + 1.0))


def piecewise(x):
    a, b = x[:N], x[N:]
    return np.sum(np.where(a > b, np.maximum(a, 0.2) ** 2, np.hypot(a, b))
                  + np.arctan2(a, b + 3.0) * np.minimum(a, b) + np.abs(a) * np.floor(b))


def overlapping(x):
    """Operands x[1:] and x[:-1] of one run, a broadcast scalar and a constant block."""
    c = np.linspace(0.5, 1.5, 2 * N - 1)
    return np.sum(np.exp(0.5 * x[1:]) * np.sin(x[:-1]) * x[0] + c * x[1:] ** 2)


def vector_out(x):
    a, b = x[:N], x[N:]
    return np.exp(0.1 * a) * b + np.sin(a) * b * b


@pytest.mark.parametrize("f", [arith, special, piecewise, overlapping, vector_out])
def test_fused_runs_match_the_interpreter_in_every_sweep(f):
    x0 = np.random.default_rng(5).normal(size=2 * N)
    x1 = np.random.default_rng(6).normal(size=2 * N)
    v = np.random.default_rng(7).normal(size=2 * N)
    F, G = nt.MakeTape(f, x0), nt.MakeTape(f, x0)
    assert G.sweeps.compile() >= 1
    np.testing.assert_array_equal(G(x1), F(x1))
    np.testing.assert_array_equal(G.jvp(x1, v), F.jvp(x1, v))                  # tangents
    np.testing.assert_allclose(G.jacobian(x1), F.jacobian(x1), rtol=1e-14, atol=1e-14)
    if np.ndim(F(x1)) == 0:
        H = nt.MakeTape(f, x0)
        H.compile()
        np.testing.assert_allclose(H.gradient(x1), F.gradient(x1), rtol=1e-14, atol=1e-14)
        np.testing.assert_array_equal(H.hvp(x1, v), F.hvp(x1, v))
        np.testing.assert_allclose(H.hessian(x1), F.hessian(x1), rtol=1e-13, atol=1e-13)


def twins(x):
    """sin(a) read by exp (whose partial reads y, not x) and sin(b) by an add: twins; cos(a)
    read by a product (whose partials read its operands): not; cos(b + 1) by a subtraction."""
    a, b = x[:N], x[N:]
    return np.sum(np.exp(np.sin(a)) + (np.sin(b) + a) * np.cos(a) - np.cos(b + 1.0) + 0.5 * b)


def test_sin_and_cos_whose_values_no_partial_reads_leave_their_partials_in_the_arena(
        monkeypatch):
    """A twin's forward sweep computes its partial with its value (one reduction) and leaves
    it in its slot; the reverse and tangent sweeps read it there: gradients and tangents
    bit for bit the compiled interpreters', Payne-Hanek's range included (one run: its
    four sines and cosines weigh more than MAX_WEIGHT)."""
    monkeypatch.setattr(fused, "MAX_WEIGHT", 100)
    F, G = _compiled_pair(twins, 2 * N)
    (k,) = [seg.kernels for _, _, seg in G.sweeps._segments() if type(seg).__name__ == "Fused"]
    assert len(k.TWINS) == 3, k.TWINS
    rng = np.random.default_rng(17)
    x1 = rng.normal(size=2 * N)
    x1[[3, N + 5, N + 9]] = [3e7, -1e9, 2.5e6]      # whole-range reductions in some chunks
    g = G.gradient(x1)
    np.testing.assert_array_equal(g, F.gradient(x1))
    V = rng.normal(size=(2, 2 * N))
    S, T = G.sweeps, F.sweeps
    np.testing.assert_array_equal(S.tangent(S.forward(x1), V), T.tangent(T.forward(x1), V))
    np.testing.assert_array_equal(G.jvp(x1, V[0]), F.jvp(x1, V[0]))
    a, b = x1[:N], x1[N:]
    da = np.exp(np.sin(a)) * np.cos(a) + np.cos(a) - (np.sin(b) + a) * np.sin(a)
    db = np.cos(b) * np.cos(a) + np.sin(b + 1.0) + 0.5
    np.testing.assert_allclose(g, np.concatenate([da, db]), rtol=1e-12, atol=1e-12)


def summed(x):
    """Whole sums ending runs: of a result read only by the sum, of one read again later,
    of a product of the input (whose value only the outputs need), of a block outside the
    run (x, after cos(x) * 2), and of a gather (x[::-1])."""
    y = np.exp(0.3 * x) * np.sin(x)
    z = np.tanh(y) + x
    c = np.cos(x) * 2.0
    sx = np.sum(x)
    return (np.sum(z) * np.sum(y * y) + np.sum(x * x) + sx * np.sum(c)
            + np.sum(x[::-1]) * np.sum(np.sin(x)))


@pytest.mark.parametrize("n", [N + 3, 3 * fused.CHUNK + 7])
def test_sums_end_their_runs_adding_as_the_interpreter(n):
    """A sum of a whole block of a uniform run's length is its last op: values (four
    accumulators, the tail to the first, over several chunks) and tangents bit for bit the
    interpreter's, the gradient and hvp too."""
    F, G = _compiled_pair(summed, n)
    sums = [k for k, c in enumerate(G.op) if OPS[c].name == "SumOp"]
    runs = [(k0, k1) for k0, k1, seg in G.sweeps._segments() if type(seg).__name__ == "Fused"]
    ends = [k for k in sums if any(k1 - 1 == k for _, k1 in runs)]
    assert len(sums) == 7 and len(ends) == 5, runs
    assert any(OPS[G.op[k - 1]].name == "GatherOp" for k in ends)
    assert G.args[arg_pointers(G.op, np.diff(G.out_ptr))[0][ends[0]]] == 0   # x: outside
    rng = np.random.default_rng(25)
    x, v = rng.normal(size=(2, n))
    V = rng.normal(size=(3, n))
    np.testing.assert_array_equal(G(x), F(x))
    S, T = G.sweeps, F.sweeps
    # every node's value, but a twin's (sin(x), summed in its run: its slot holds its
    # partial) and those that only the run reads and no partial does (y * y, held in a chunk
    # buffer): the values left out are not written at all
    kept = np.ones(G.sweeps.arena_size, dtype=bool)
    held = np.zeros(G.sweeps.arena_size, dtype=bool)
    for k0, _, seg in G.sweeps._segments():
        K = getattr(seg, "kernels", None)
        for r in getattr(K, "TWINS", ()):
            kept[G.out_ptr[k0 + r]:G.out_ptr[k0 + r + 1]] = False
        for r, stored in enumerate(getattr(K, "KEPT", ())):
            if not stored:
                held[G.out_ptr[k0 + r]:G.out_ptr[k0 + r + 1]] = True
    assert not kept.all() and held.any()
    kept &= ~held
    val = S.forward(x)
    np.testing.assert_array_equal(val[kept], T.forward(x)[kept])
    val[held] = np.nan
    assert np.isnan(S.forward(x)[held]).all()
    # Sweeps.values recomputes every node's value (interpreted, a fresh arena): print's and
    # numtape.testing's
    np.testing.assert_array_equal(S.values(x)[held], T.forward(x)[held])
    np.testing.assert_array_equal(S.tangent(S.forward(x), V), T.tangent(T.forward(x), V))
    np.testing.assert_array_equal(S.forward_tangent(x, V)[1], T.forward_tangent(x, V)[1])
    np.testing.assert_array_equal(G.gradient(x), F.gradient(x))
    H = nt.MakeTape(summed, x)
    H.compile()
    np.testing.assert_array_equal(H.hvp(x, v), F.hvp(x, v))
    fd = (F.gradient(x + 1e-6 * v) - F.gradient(x - 1e-6 * v)) / 2e-6
    np.testing.assert_allclose(H.hvp(x, v), fd, rtol=1e-5, atol=1e-5 * np.abs(fd).max())


def test_a_fused_sum_adds_in_the_interpreters_order():
    """Values by four accumulators (element i into the (i mod 4)-th), the tail into the
    first; tangents one element after the other: at 2**53, where the order decides whether
    the ones are rounded away."""
    n = fused.MIN_N + 3
    F, G = _compiled_pair(lambda x: np.sum(2.0 * x), n)
    assert [type(s).__name__ for s in G.sweeps.plan][0] == "Fused"
    x = np.full(n, 0.5)
    x[0] = 2.0 ** 52
    acc = [0.0] * 4
    for i, v in enumerate(2.0 * x):
        acc[i % 4 if i < n - n % 4 else 0] += v
    expected = (acc[0] + acc[1]) + (acc[2] + acc[3])
    assert G(x) == F(x) == expected == 2.0 ** 53 + 48     # not the exact 2**53 + 66
    t = 0.0
    for v in 2.0 * x:
        t += v
    assert t == 2.0 ** 53
    np.testing.assert_array_equal(G.jvp(x, x), t)
    np.testing.assert_array_equal(G.jvp(x, x), F.jvp(x, x))


_PERM = np.random.default_rng(21).permutation(2 * N)
_TWICE = np.random.default_rng(22).integers(0, 2 * N, size=3 * N)   # slots read twice or more


def gathered(x):
    """Gathers (fancy indexing) of inputs in the middle of runs, one of them reading slots
    more than once (its adjoints add up), at another length; a gather of a result of the run
    (y[_PERM]) ends the run."""
    y = np.exp(0.3 * x[_PERM]) * x
    z = np.sin(y[_PERM]) * y + np.tanh(x[_TWICE][:2 * N]) * x[_TWICE][N:]
    return np.sum(z * z) + np.sum(np.cos(x[_TWICE]) * 0.5)


def test_gathers_of_slots_outside_a_run_join_it():
    """A gather whose slots lie outside the run's results is one more op of the run (an
    indexed copy, its slots in ``A``): values and tangents bit for bit the interpreter's, jvp
    and hvp too, adjoints (repeated slots add up chunk by chunk) within an ulp or two; a
    gather of a result of the run starts the next run."""
    F, G = _compiled_pair(gathered, 2 * N)
    runs = [(k0, k1) for k0, k1, seg in G.sweeps._segments() if type(seg).__name__ == "Fused"]
    gathers = [k for k, c in enumerate(G.op) if OPS[c].name == "GatherOp"]
    inside = [k for k in gathers if any(k0 <= k < k1 for k0, k1 in runs)]
    assert len(inside) >= 3 and any(k0 in gathers for k0, _ in runs), (runs, gathers)
    rng = np.random.default_rng(23)
    x, v = rng.normal(size=(2, 2 * N))
    V = rng.normal(size=(3, 2 * N))
    np.testing.assert_array_equal(G(x), F(x))
    S, T = G.sweeps, F.sweeps
    np.testing.assert_array_equal(S.tangent(S.forward(x), V), T.tangent(T.forward(x), V))
    np.testing.assert_array_equal(S.forward_tangent(x, V)[1], T.forward_tangent(x, V)[1])
    np.testing.assert_allclose(G.gradient(x), F.gradient(x), rtol=1e-14, atol=1e-14)
    H = nt.MakeTape(gathered, x)
    H.compile()
    assert any(type(s).__name__ == "Fused" for s in H._gradient_tape().sweeps.plan)
    np.testing.assert_array_equal(H.hvp(x, v), F.hvp(x, v))
    fd = (F.gradient(x + 1e-6 * v) - F.gradient(x - 1e-6 * v)) / 2e-6
    np.testing.assert_allclose(H.hvp(x, v), fd, rtol=1e-6, atol=1e-6 * np.abs(fd).max())


def test_a_sparse_jacobian_tape_sweeps_its_gathers_fused():
    """jacfun(sparse=True) of a banded residual is gathers and adds of the partials (the
    coloring's compressed columns): fused runs, the same non-zeros bit for bit."""
    def band(x):
        return x[1:-1] ** 2 - x[:-2] + np.sin(x[2:])
    F = nt.MakeTape(band, np.zeros(2 * N))
    J, K = F.jacfun(sparse=True), F.jacfun(sparse=True)
    K.sweeps.compiled_module()
    assert J.sweeps.compile() >= 2
    x = np.random.default_rng(24).normal(size=2 * N)
    np.testing.assert_array_equal(J(x).toarray(), K(x).toarray())
    np.testing.assert_array_equal(J(x).toarray(), F.jacobian(x))


def _compiled_pair(f, n):
    """(F, G): one tape twice, F on the compiled interpreters alone, G with its fused runs."""
    x0 = np.random.default_rng(8).normal(size=n)
    F, G = nt.MakeTape(f, x0), nt.MakeTape(f, x0)
    F.sweeps.compiled_module()
    assert G.sweeps.compile() >= 1
    return F, G


def stencil(x):
    """y[1:] and y[:-1] of a result y of the run, and a three-point stencil of it."""
    y = np.exp(0.3 * x)
    z = y[1:] * y[:-1]
    return np.sum(np.tanh(z[1:] - 2.0 * z[:-1]) * x[:-2] + z[:-1] * y[2:])


def stencil_sin(x):
    """The stencil with sin, whose runs check their arguments' range op by op (the per-op
    form of forward_tangent, fused._per_op_forward_tangent)."""
    y = np.exp(0.3 * x)
    z = y[1:] * y[:-1]
    return np.sum(np.sin(z[1:] - 2.0 * z[:-1]) * x[:-2] + z[:-1] * y[2:])


def lengths(x):
    """A run whose block length changes (x, then x[1:] and x[2:]) with results read at
    offsets and at the same element, by readers with different lags."""
    a = x * x
    b = np.tanh(a[1:]) + a[:-1]
    c = b[1:] * b[:-1] + np.exp(-a[2:])
    return np.sum(c * c) + np.sum(a)


@pytest.mark.parametrize("f", [stencil, stencil_sin, lengths])
@pytest.mark.parametrize("n", [N, 3 * fused.CHUNK + 7])
def test_stencil_runs_match_the_interpreter_in_every_sweep(f, n):
    """Operands at offsets in earlier results and changing block lengths (windowed runs,
    fused._run): values, tangents, jvp and hvp bit for bit against the compiled
    interpreters, over several chunks; adjoints to a few ulps (their sums re-associate)."""
    F, G = _compiled_pair(f, n)
    segs = [(k0, k1, type(seg).__name__) for k0, k1, seg in G.sweeps._segments()]
    assert any(k1 - k0 >= 5 and kind == "Fused" for k0, k1, kind in segs), segs
    rng = np.random.default_rng(9)
    x, v, w = rng.normal(size=(3, n))
    V = rng.normal(size=(3, n))
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_array_equal(G.jvp(x, v), F.jvp(x, v))
    np.testing.assert_array_equal(G.sweeps.forward_tangent(x, V)[1],
                                  F.sweeps.forward_tangent(x, V)[1])
    np.testing.assert_array_equal(G.sweeps.tangent(G.sweeps.forward(x), V),
                                  F.sweeps.tangent(F.sweeps.forward(x), V))
    np.testing.assert_allclose(G.gradient(x), F.gradient(x), rtol=1e-13, atol=1e-13)
    np.testing.assert_array_equal(G.hvp(x, v), F.hvp(x, v))
    fd = (F.gradient(x + 1e-6 * w) - F.gradient(x - 1e-6 * w)) / 2e-6
    np.testing.assert_allclose(G.hvp(x, w), fd, rtol=1e-5, atol=1e-5 * np.abs(fd).max())


def test_gradient_tapes_of_shifted_slices_are_one_fused_run():
    """The adjoint of x where x[1:] meets x[:-1] (Rosenbrock's gradient) is added stretch by
    stretch (jacfun._pieces), not through a gather: the gradient tape's elementwise ops are
    one windowed run, then the end elements' add and the DepOp."""
    def rosen(x):
        return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)
    F = nt.MakeTape(rosen, np.zeros(2 * N))
    G = F._gradient_tape()
    assert "GatherOp" not in [OPS[c].name for c in G.op]
    G.compile()
    kinds = [type(s).__name__ for s in G.sweeps.plan]
    assert kinds == ["Fused", "Run"], kinds
    x = np.random.default_rng(10).normal(size=2 * N)
    v = np.random.default_rng(11).normal(size=2 * N)
    H = nt.MakeTape(rosen, np.zeros(2 * N))
    H._gradient_tape().sweeps.compiled_module()
    np.testing.assert_array_equal(F.hvp(x, v), H.hvp(x, v))
    # hvp reads only the gradient's tangents (fused.value_needs): the run's last sum of
    # adjoints, which only the outputs' DepOp reads, is stored without its value, and so are
    # the blocks whose end elements the scalar add after the run reads (-(200 (1 - x[:-1])),
    # 200 ... * x[:-1]; an add's partials read no operand), and what only they read
    (_, _, seg), = [s for s in G.sweeps._segments() if type(s[2]).__name__ == "Fused"]
    ops, local, _, values = next(s for s, m in fused._modules.items() if m is seg.kernels)
    assert not local[-1]
    names = [OPS[c].name for c, _, _ in ops]
    assert [n for n, v in zip(names, values) if not v] == ["MulOp", "NegOp", "AddOp",
                                                           "ChainMulOp", "AddOp"], names


def test_runs_stop_where_an_operand_overlaps_a_result_of_the_run():
    """A broadcast scalar that the run writes (y[0] of a result y), or a block across two
    results, cannot be read element by element: the run ends before its reader."""
    def f(x):
        y = np.exp(x)
        z = np.concatenate([y, np.sin(x)])
        return np.sum(y * y[0]) + np.sum(z[N // 2:N // 2 + N] * x)
    F, G = _compiled_pair(f, N)
    x = np.linspace(-1.0, 1.0, N)
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_allclose(G.gradient(x), F.gradient(x), rtol=1e-14)


def test_short_blocks_and_scalar_tapes_are_not_fused():
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(fused.MIN_N - 1))
    assert F.sweeps.compile() == 0 and [type(s).__name__ for s in F.sweeps.plan] == ["Run"]
    L = nt.MakeTape(lambda x: sum(np.exp(x[i]) * x[i] for i in range(200)), np.zeros(200))
    assert L.sweeps.compile() == 1       # a re-rolled loop (numtape/sweeps/loops.py), not a run
    assert [type(s).__name__ for s in L.sweeps.plan if type(s).__name__ != "Run"] == ["Loop"]


@pytest.mark.parametrize("f", [arith, piecewise, overlapping, vector_out, stencil,
                               stencil_sin, lengths])
def test_values_and_tangents_in_one_pass_equal_the_separate_sweeps(f):
    """Sweeps.forward_tangent (fused runs: each chunk's tangents while its values are in L1)
    against a forward sweep then a tangent sweep, three directions, bit for bit; the results
    a run reads only within itself stay in its chunk buffers (their arena slots are not
    written), and the outputs' DepOp is not run (the tangents are read from its operands);
    every other node's value and tangent is stored."""
    x0 = np.random.default_rng(15).normal(size=2 * N)
    V = np.random.default_rng(16).normal(size=(3, 2 * N))
    G = nt.MakeTape(f, x0)
    assert G.sweeps.compile() >= 1
    S = G.sweeps
    x1 = x0[::-1].copy()
    expected = S.tangent(S.forward(x1), V)
    val_expected = S.workspace("val").copy()
    tan_expected = S.workspace("tan", 3).copy()
    ops = S.n_in + G.consts.size              # the constants' slots are written once, kept
    S.workspace("val")[ops:] = np.nan
    S.workspace("tan", 3)[:, ops:] = np.nan
    val, got = S.forward_tangent(x1, V)
    np.testing.assert_array_equal(got, expected)
    tan = S.workspace("tan", 3)
    has_val, has_tan = ~np.isnan(val), ~np.isnan(tan).any(axis=0)
    assert (np.isnan(tan).all(axis=0) == ~has_tan).all()
    np.testing.assert_array_equal(val[has_val], val_expected[has_val])
    np.testing.assert_array_equal(tan[:, has_tan], tan_expected[:, has_tan])
    assert not has_tan[S.out].any() and not (has_val & ~has_tan).any()
    # not stored: the outputs' block; a run's results read only within it (values and
    # tangents), but a sum's operand, which the sum reads back from the arena; the values
    # that jvp does not need (fused.value_needs: nothing reads them but the outputs' DepOp,
    # and tangents whose partials do not read them)
    n_of, local, dead = np.diff(G.out_ptr), 0, 0
    in_runs = np.zeros(S.arena_size, dtype=bool)
    for k0, k1, seg in S._segments():
        if type(seg).__name__ == "Fused":
            ops, kept, _, values = next(s for s, m in fused._modules.items() if m is seg.kernels)
            summed = [refs[0][1] for c, _, refs in ops if c == fused.SUM and refs[0][0] == "in"]
            kept = np.array(kept)
            kept[summed] = False
            local += int(np.dot(kept, n_of[k0:k1]))
            dead += int(np.dot(kept | ~np.array(values), n_of[k0:k1]))
            in_runs[G.out_ptr[k0]:G.out_ptr[k1]] = True
    assert (~has_tan).sum() == S.n_out + local
    assert (~has_val & in_runs).sum() == dead
    # every value jvp needs is stored (an op outside the runs whose value it does not need
    # may compute it from values not computed)
    need = fused.value_needs(G.op, G.flags, G.out_ptr, G.args,
                             arg_pointers(G.op, n_of)[0], G.iargs)
    needed = np.zeros(S.arena_size, dtype=bool)
    needed[S.n_in + G.consts.size:] = np.repeat(need, n_of)
    needed[S.out] = False      # the outputs' block (the DepOp is not run)
    assert has_val[needed & ~in_runs].all()


def test_kernel_module_text_names_the_op_table_hash():
    """Numba's disk cache revalidates a generated module by its own file only: the module's
    text (hence its content-addressed name) carries the op table's hash, which covers the
    kernels it inlines, so changed kernels (numtape/kernels/special.py) never run from machine
    code compiled before the change."""
    from numtape.sweeps import generated, variants
    assert generated.TABLE_HASH in variants.KERNEL_HEADER[0]
    F = nt.MakeTape(special, np.random.default_rng(5).normal(size=2 * N))
    F.compile()
    mods = [fn.py_func.__module__ for seg in F.sweeps.plan if hasattr(seg, "calls")
            for fn, _ in seg.calls()]
    assert mods
    for name in mods:
        text = open(sys.modules[name].__file__).read()
        assert text.splitlines()[1] == f"OP_TABLE = {generated.TABLE_HASH!r}"


def test_generated_kernels_ask_for_the_widest_vectors():
    """Each generated kernel calls wide_vectors() first; on a CPU with 512-bit vectors its
    loops then use them (LLVM's own choice for Intel's AVX-512 cores is 256 bits)."""
    import llvmlite.binding as llvm
    import numba

    from numtape.kernels.jit import wide_vectors
    from numtape.sweeps import variants
    src = variants.kernel_source(["@jit", "def forward(val, A, n):", "    n = u(n)"])
    assert "def forward(val, A, n):\n    wide_vectors()\n    n = u(n)\n" in src
    if numba.config.DISABLE_JIT:
        pytest.skip("NUMBA_DISABLE_JIT")

    def axpy(x, y):
        for i in range(x.size):
            y[i] = 2.0 * x[i] + y[i]

    def wide_axpy(x, y):
        wide_vectors()
        for i in range(x.size):
            y[i] = 2.0 * x[i] + y[i]
    x = np.arange(100.0)
    for f in (axpy, wide_axpy):   # the same results either way
        y = np.ones(100)
        numba.njit(f)(x, y)
        np.testing.assert_array_equal(y, 2.0 * x + 1.0)
    if "+avx512f" not in llvm.get_host_cpu_features().flatten().split(","):
        pytest.skip("no 512-bit vectors on this CPU")
    g = numba.njit(wide_axpy)
    g(x, np.ones(100))
    assert "zmm" in next(iter(g.inspect_asm().values()))


def _runs(F):
    """(ops, compile weight) of each fused run of F."""
    a = F._arrays
    arg_ptr, iarg_ptr = arg_pointers(a["op"], np.diff(a["out_ptr"]))
    args = (a["op"], a["flags"], a["out_ptr"], a["args"], arg_ptr)
    reads = op_reads(*args[:4], a["iargs"], arg_ptr)
    w = compile_weights()
    return [(k1 - k0, sum(w[c] for c in a["op"][k0:k1]))
            for k0, k1, *_ in fused.find_runs(*args, reads, a["iargs"], iarg_ptr)]


def test_a_long_elementwise_chain_splits_into_runs_of_bounded_compile_weight(monkeypatch):
    """Forty steps of y = sin(y) x + exp(-y y): one stretch of 240 fusable ops, whose kernels,
    as one run, took minutes to compile and made Numba's SSA pass recurse too deep.  Runs stop
    at MAX_WEIGHT; the split tape matches the interpreter."""
    def chain(x, steps=40):
        y = x
        for _ in range(steps):
            y = np.sin(y) * x + np.exp(-y * y)
        return np.sum(y)
    x = np.linspace(0.1, 1.0, N)
    F = nt.MakeTape(chain, x)
    runs = _runs(F)
    assert len(runs) > 10 and max(w for _, w in runs) <= fused.MAX_WEIGHT
    assert sum(n for n, _ in runs) >= 6 * 40       # every op of the chain is in a run
    # small runs here (cheap kernels); the same splitting as at MAX_WEIGHT
    monkeypatch.setattr(fused, "MAX_WEIGHT", 8)
    F, G = _compiled_pair(lambda z: chain(z, 3), N)
    assert len(G.sweeps._segments()) >= 3
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_allclose(G.gradient(x), F.gradient(x), rtol=1e-14)
