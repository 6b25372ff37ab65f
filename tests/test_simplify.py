"""Tape.simplify: both modes keep values and derivatives, shrink the tape where they should,
keep the tape's interface, are idempotent and survive saving; bad modes are refused."""
import numpy as np
import pytest

import numtape as nt
from numtape.ops import BY_NAME

A = np.arange(12.0).reshape(4, 3) / 7.0 - 0.5


def _loop(x):
    s = 0.0
    for i in range(1, x.size):
        s = s + np.where(x[i] > 0, np.sqrt(np.abs(x[i])), x[i - 1] ** 2) * x[i - 1]
    return s


def _vignette(x):   # RTMB's example: computations no output depends on
    y = np.exp(x)
    z = np.sin(x)   # noqa: F841
    return y[0]


def _dup_scalars(x):   # a duplicate read as one block with its original, and with another op
    s0, s1, s2 = np.sin(x[0]), np.sin(x[0]), np.cos(x[1])
    return np.stack([s0, s1]) * x[:2] + np.stack([s1, s2])


def _folded_next_to_traced(x):   # a constant-only scalar read with a traced one as one block
    t = np.cos(x[2])
    c0, c1 = np.exp(nt.zeros(()) + 2.0), np.sin(x[1])
    return np.stack([c0, c1]) * x[:2] + t


def _dead_chain(x):
    u = np.cos(x) * 3.0
    v = np.tanh(u) @ A.T     # noqa: F841
    return np.sum(x ** 2) + np.prod(x[:2])


# name: (f, x0, the modes expected to shrink the tape: fewer ops, a smaller arena)
CASES = {
    "scalar_loop": (_loop, np.ones(5), ()),
    # broadcasting the constant row A[0] makes a constant block when recording: nothing to fold
    "broadcast": (lambda x: np.sum(x[:, None] * A[0] + x[0] - 1.5, axis=0), np.ones(4), ()),
    "reductions": (lambda x: [np.max(x), np.cumsum(np.exp(x) * 2.0), np.mean(x ** 3)],
                   np.ones(4), ()),
    "matmul_const": (lambda x: np.tanh(A @ x), np.ones(3), ()),
    "matmul_traced": (lambda x: (x.reshape(2, 3) @ x.reshape(3, 2)).ravel(), np.ones(6), ()),
    "where": (lambda x: np.where(x > 0, np.log1p(np.abs(x)), x ** 2), np.ones(4), ()),
    "gather": (lambda x: x[[0, 2, 2, 1]] * x[::-1] + np.take(x, [3, 3, 0, 1]), np.ones(4), ()),
    "repeated_sin": (lambda x: np.sin(x) * np.sin(x) + np.sin(x), np.ones(3), ("optimize",)),
    "constant_subexpression": (lambda x: np.exp(nt.zeros(3) + 2.0) * x + np.cos(nt.zeros(())),
                               np.ones(3), ("optimize",)),
    # x * 1.0 twice: the duplicate of a redirected op is redirected too
    "times_one": (lambda x: x * 1.0 + x / 1.0 - 0.0 + (-0.0) + 1.0 * x[0] + np.sin(x * 1.0),
                  np.ones(3), ("optimize",)),
    "plus_zero_kept": (lambda x: 1.0 / (x + 0.0), np.ones(2), ()),
    "outputs_inputs_constants": (lambda x: [x, 2.0, x[0], np.sin(x[1])], np.ones(2), ()),
    # zeros + 2.0 folds onto the pooled 2.0: the two products are then duplicates
    "folded_then_merged": (lambda x: x * 2.0 + x * (nt.zeros(()) + 2.0), np.ones(3),
                           ("optimize",)),
    "constant_outputs": (lambda x: [np.exp(nt.zeros(2) + 1.0), x[0] * np.cos(nt.zeros(()))],
                         np.ones(2), ("optimize",)),
    "unused_inputs": (lambda x: x[1] ** 2 + np.sin(x[1]), np.ones(4), ()),
    "dict_inputs": (lambda d: d["a"] * np.sum(d["b"] ** 2) + np.sin(d["a"]) * np.sin(d["a"]),
                    {"a": np.ones(2), "b": np.ones((2, 2))}, ("optimize",)),
    "vignette": (_vignette, np.ones(3), ("eliminate", "optimize")),
    "dead_chain": (_dead_chain, np.ones(3), ("eliminate", "optimize")),
    "dup_read_as_block": (_dup_scalars, np.ones(3), ()),
    "folded_read_as_block": (_folded_next_to_traced, np.ones(3), ("optimize",)),
}
MODES = ("eliminate", "optimize")


def _points(x0, seed):
    rng = np.random.default_rng(seed)
    if isinstance(x0, dict):
        return {k: rng.normal(size=np.shape(v)) for k, v in x0.items()}
    return rng.normal(size=np.shape(x0))


def _size(F):
    return F.n_ops, F.arena_size, len(F)


@pytest.fixture(scope="module")
def tapes():
    """Each case recorded once, and simplified once per mode."""
    out = {}
    for name, (f, x0, _) in CASES.items():
        F = nt.MakeTape(f, x0)
        out[name] = (F, {m: F.simplify(m) for m in MODES})
    return out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", CASES)
def test_values_and_derivatives_unchanged(tapes, name, mode):
    F, simplified = tapes[name]
    G = simplified[mode]
    for seed in range(3):
        x = _points(CASES[name][1], seed)
        w = np.random.default_rng(10 + seed).normal(size=F.out_shape)
        v = _points(CASES[name][1], 20 + seed)
        # values and tangents are bit-exact in both modes: the same ops on the same values,
        # identities only drop exact multiplications by 1.  Adjoints are bit-exact when ops
        # are only removed; a merged op sums its copies' adjoints before multiplying by the
        # partial (a*p + b*p becomes (a + b)*p), so "optimize" matches to rounding there
        reverse = (np.testing.assert_array_equal if mode == "eliminate" else
                   lambda a, b: np.testing.assert_allclose(a, b, rtol=1e-14, atol=1e-14))
        np.testing.assert_array_equal(G(x), F(x))
        np.testing.assert_array_equal(G.jvp(x, v), F.jvp(x, v))
        (reverse if F.n_out <= F.n_in else np.testing.assert_array_equal)(
            G.jacobian(x), F.jacobian(x))
        gv, fv = G.vjp(x, w), F.vjp(x, w)
        for k in (fv if isinstance(fv, dict) else [...]):
            reverse(gv[k], fv[k])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", CASES)
def test_size_interface_and_idempotence(tapes, name, mode):
    F, simplified = tapes[name]
    G = simplified[mode]
    assert (G.n_in, G.in_shape, G.out_shape, G.input_names) == \
        (F.n_in, F.in_shape, F.out_shape, F.input_names)
    assert G.n_ops <= F.n_ops and G.arena_size <= F.arena_size
    if mode in CASES[name][2]:
        assert G.n_ops < F.n_ops and G.arena_size < F.arena_size
    else:
        assert G.n_ops == F.n_ops
    assert _size(G.simplify(mode)) == _size(G)
    assert G.op[-1] == BY_NAME["DepOp"].code


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["scalar_loop", "matmul_const", "dict_inputs", "vignette",
                                  "outputs_inputs_constants", "constant_subexpression"])
def test_saved_and_loaded(tapes, tmp_path, name, mode):
    G = tapes[name][1][mode]
    H = nt.load(G.save(tmp_path / name))
    assert (repr(H), H.in_shape, H.out_shape, H.input_names) == \
        (repr(G), G.in_shape, G.out_shape, G.input_names)
    x = _points(CASES[name][1], 7)
    np.testing.assert_array_equal(H(x), G(x))
    np.testing.assert_array_equal(H.jacobian(x), G.jacobian(x))


def _count(F, name):
    return int(np.count_nonzero(F.op == BY_NAME[name].code))


def test_duplicate_sin_is_merged_and_dead_ops_dropped(tapes):
    F, simplified = tapes["repeated_sin"]
    assert (_count(F, "SinOp"), _count(simplified["optimize"], "SinOp")) == (3, 1)
    assert _count(simplified["eliminate"], "SinOp") == 3
    F, simplified = tapes["vignette"]
    assert (_count(simplified["eliminate"], "SinOp"), F.n_ops - 1) == \
        (0, simplified["eliminate"].n_ops)
    G = tapes["dead_chain"][1]["eliminate"]
    assert [_count(G, n) for n in ("CosOp", "TanhOp", "MatMulOp")] == [0, 0, 0]


def test_a_tape_inlined_twice_keeps_one_copy_of_its_constants_and_its_ops():
    A = np.random.default_rng(0).standard_normal((5, 3))
    G = nt.MakeTape(lambda x: A @ x, np.zeros(3))
    F = nt.MakeTape(lambda x: np.sum(np.exp(G(x))) + np.sum(G(x) * x[0]), np.zeros(3))
    assert (_count(F, "MatMulOp"), F.consts.size) == (2, 60)   # each inline copies A
    S = F.simplify("optimize")
    assert (_count(S, "MatMulOp"), S.consts.size) == (1, 15)
    x = np.array([0.3, -1.2, 0.7])
    assert S(x) == F(x)
    # one product's adjoint sums both readers' before the transpose: an ulp's difference
    np.testing.assert_allclose(S.gradient(x), F.gradient(x), rtol=1e-14)
    # equal values only: a block of other bits, or of another length, stays its own
    B = A.copy()
    B[4, 2] = np.nextafter(B[4, 2], 1.0)
    H = nt.MakeTape(lambda x: np.sum(A @ x) + np.sum(B @ x) + np.sum(A[:4] @ x), np.zeros(3))
    assert _count(H.simplify("optimize"), "MatMulOp") == 3


def test_partial_overlap_is_not_merged(tapes):
    """A block read spanning an op and its duplicate keeps both (only whole blocks merge)."""
    G = tapes["dup_read_as_block"][1]["optimize"]
    assert _count(G, "SinOp") == 2


def test_constant_only_ops_are_folded(tapes):
    F, simplified = tapes["constant_subexpression"]
    G = simplified["optimize"]
    for name in ("ExpOp", "CosOp"):
        assert (_count(F, name) > 0, _count(G, name)) == (True, 0), name
    assert (_count(F, "AddOp"), _count(G, "AddOp")) == (2, 1)   # zeros + 2.0 folded
    assert np.exp(2.0) in G.consts and 1.0 in G.consts


def test_identities(tapes):
    F, simplified = tapes["times_one"]
    G = simplified["optimize"]
    assert [_count(G, n) for n in ("MulOp", "DivOp", "SubOp")] == [0, 0, 0]
    x = np.array([-0.0, 0.0, -2.0])    # the signs of zeros survive x - 0.0 and x + (-0.0)
    np.testing.assert_array_equal(np.signbit(G(x)), np.signbit(F(x)))
    G = tapes["constant_outputs"][1]["optimize"]   # cos(0) folded to 1.0, then x[0] * 1.0
    assert G.op.tolist() == [BY_NAME["DepOp"].code]
    # x + 0.0 is not bit-exact at x = -0.0 (gives +0.0; 1 / y then flips sign): kept
    G = tapes["plus_zero_kept"][1]["optimize"]
    assert _count(G, "AddOp") == 1
    np.testing.assert_array_equal(G([-0.0, 1.0]), [np.inf, 1.0])


def test_inputs_are_never_folded():
    """Recorded at x0, evaluated elsewhere: nothing computed from x0 is baked in."""
    x0 = np.array([0.3, -1.2, 2.5])

    def f(x):
        c = np.exp(nt.zeros(()) + 1.5)          # constant-only: folded
        return np.exp(x[0]) * x * c + np.sin(x[1]) * np.sin(x[1])
    F = nt.MakeTape(f, x0)
    G = F.simplify("optimize")
    assert G.n_ops < F.n_ops and np.exp(1.5) in G.consts
    for v in (np.exp(x0[0]), np.sin(x0[1]), np.sin(x0[1]) ** 2):
        assert v not in G.consts
    x1 = np.array([-0.7, 0.4, 1.1])
    np.testing.assert_array_equal(G(x1), F(x1))
    np.testing.assert_array_equal(G.jacobian(x1), F.jacobian(x1))


def test_unused_inputs_are_kept(tapes):
    for G in tapes["unused_inputs"][1].values():
        assert G.n_in == 4
        np.testing.assert_array_equal(G.gradient([1.0, 2.0, 3.0, 4.0])[[0, 2, 3]], 0.0)


@pytest.mark.parametrize("mode", ["", "dce", "Optimize", None])
def test_bad_mode_names_the_valid_ones(tapes, mode):
    F = tapes["vignette"][0]
    with pytest.raises(ValueError, match="'eliminate', 'optimize'"):
        F.simplify(mode)


@pytest.mark.parametrize("mode", MODES)
def test_operand_lists_and_numpy_paths_give_the_same_tape(tapes, monkeypatch, mode):
    """The passes handle ops with many operands (gathers, the DepOp) with NumPy and the others
    with Python lists: forcing every op through either path gives the same arrays."""
    from numtape.transforms import passes
    from numtape.transforms.passes import dce
    for name, (F, _) in tapes.items():
        got = []
        for many in (0, 10 ** 9):
            monkeypatch.setattr(dce, "MANY", many)
            got.append(passes.simplify(F, mode))
        for key in ("op", "flags", "out_ptr", "args", "iargs", "consts", "dep"):
            assert np.array_equal(got[0][key], got[1][key]), (name, key)


def test_folded_constants_are_the_same_on_both_tiers():
    """Each folded op is evaluated alone by the tape's current tier (Sweeps.forward_one, from
    its redirected operands): the NumPy tier and the compiled interpreters give the same
    constants for correctly rounded ops, and the same as the unsimplified tape computes."""
    import copy
    from numtape.sweeps.numpy_sweeps import NumpySweeps

    def f(x):
        c = nt.zeros(3) + 2.0
        d = nt.zeros(3) + 2.0             # a duplicate of c: merged, then read through c
        return x * np.sqrt(c * 3.0 + 1.0) + d / 7.0 + (nt.zeros(()) + 0.1) * 3.0
    F = nt.MakeTape(f, np.ones(3))
    G = copy.deepcopy(F)
    G.sweeps._interpreters = NumpySweeps()
    a, b = F.simplify(), G.simplify()
    assert a.consts.size and np.array_equal(a.consts, b.consts)
    assert a.n_ops < F.n_ops
    x = np.array([0.5, -1.0, 3.0])
    assert np.array_equal(a(x), F(x)) and np.array_equal(b(x), F(x))


def test_folding_sweeps_with_the_interpreters_compiled_signature():
    """Sweeps.forward_one hands the interpreters read-only arrays, as a tape's own: a
    writable one is another Numba signature, which would compile the whole interpreter anew
    (minutes on a machine that has only the warm-up's signatures)."""
    from numtape.sweeps.numpy_sweeps import NumpySweeps
    F = nt.MakeTape(lambda x: np.sum(x * np.sqrt(nt.zeros(3) + 2.0)), np.ones(3))
    F.gradient(np.ones(3))
    mod = F.sweeps.interpreters
    if isinstance(mod, NumpySweeps):
        pytest.skip("the compiled interpreters are not loaded in this process")
    before = list(mod.forward.signatures)
    G = F.simplify()
    assert G.n_ops < F.n_ops                      # something was folded
    assert list(mod.forward.signatures) == before


def _gather_tapes():
    """Tapes whose gathers and DepOp read many slots: runs crossing op blocks, repeats,
    reversed stretches, the same gather twice, a dead op between live blocks."""
    rng = np.random.default_rng(3)
    idx = np.concatenate([np.arange(50, 250), rng.integers(0, 300, 100), np.arange(299, 0, -1)])

    def gathers(x):
        s = np.sin(x)   # the first half of z repeats it: a run across z's halves is cut
        z = np.concatenate([np.sin(x), np.cos(x)])
        _ = np.exp(x)
        return z[idx] * z[idx] + z[idx][::-1] * 2.0 + s[idx % 150]

    def outputs(x):     # the DepOp reads several blocks, the inputs and a scalar
        return [np.tanh(x), x, np.sum(x ** 2), np.exp(x[:80])]

    x0 = np.linspace(-1.0, 1.0, 150)
    F = [nt.MakeTape(gathers, x0), nt.MakeTape(outputs, x0)]
    return F + [T.jacfun() for T in F] + [
        nt.MakeTape(lambda x: np.sum(gathers(x)), x0).jacfun()]


@pytest.mark.parametrize("mode", ["optimize", "eliminate"])
def test_gathers_taken_by_runs_give_the_same_tape_as_slot_by_slot(monkeypatch, mode):
    """Simplify takes a gather's or the DepOp's many operands as runs of consecutive slots
    (numtape/transforms/passes/runs.py): the arrays are those of taking them one by one, and
    the tape computes what the original does."""
    from numtape.transforms import passes
    from numtape.transforms.passes import runs
    x = np.linspace(-0.9, 0.7, 150)
    for F in _gather_tapes():
        got = []
        for by in (10 ** 9, 0, 64):
            monkeypatch.setattr(runs, "BY_RUNS", by)
            got.append(passes.simplify(F, mode))
        for g in got[1:]:
            for key in ("op", "flags", "out_ptr", "args", "iargs", "consts", "dep"):
                assert np.array_equal(got[0][key], g[key]), key
        G = nt.Tape(**got[-1])
        assert np.array_equal(G(x), F(x))
        assert np.array_equal(G.jacobian(x), F.jacobian(x))
    merged = passes.simplify(_gather_tapes()[0], "optimize")
    assert np.count_nonzero(merged["op"] == BY_NAME["GatherOp"].code) < np.count_nonzero(
        _gather_tapes()[0].op == BY_NAME["GatherOp"].code)
