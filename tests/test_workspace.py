"""Workspaces: repeated sweeps on one tape agree with fresh sweeps, in both zeroing modes
(block tapes clear adjoints inside the reverse sweep; scalar tapes zero them in one pass)."""
import numpy as np
import pytest

import numtape as nt


def _block_tape():
    A = np.random.default_rng(0).standard_normal((40, 30))

    def f(x):
        h = np.tanh(A @ x[:30] + 0.5 * x[30:70])
        return np.stack([np.sum(h * h), np.max(h), np.sum(np.cumsum(x)[::3] * x[::3])])
    return f, 70


def _scalar_tape():
    def f(x):
        s = 0.0
        for i in range(1, len(x)):
            s = s + np.sin(x[i] * x[i - 1]) * 0.5
        return [s, s * x[0]]
    return f, 50


@pytest.mark.parametrize("make", [_block_tape, _scalar_tape], ids=["block", "scalar"])
@pytest.mark.parametrize("clear", [True, False], ids=["clear-in-sweep", "zero-pass"])
def test_repeated_sweeps_match_fresh_tapes(make, clear):
    f, n = make()
    F = nt.MakeTape(f, np.zeros(n))
    F.sweeps.clear = clear
    rng = np.random.default_rng(1)
    for _ in range(4):
        x = rng.standard_normal(n)
        fresh = nt.MakeTape(f, np.zeros(n))
        np.testing.assert_array_equal(F.jacobian(x), fresh.jacobian(x))
        np.testing.assert_array_equal(F.vjp(x, [1.0, -2.0, 0.5][:F.n_out]),
                                      fresh.vjp(x, [1.0, -2.0, 0.5][:F.n_out]))


def test_block_tapes_clear_inside_the_sweep_and_scalar_tapes_do_not():
    assert nt.MakeTape(_block_tape()[0], np.zeros(70)).sweeps.clear
    assert not nt.MakeTape(_scalar_tape()[0], np.zeros(50)).sweeps.clear


def test_print_shows_derivatives_after_a_clearing_sweep(capsys):
    F = nt.MakeTape(lambda x: np.sum(np.exp(x) * 2.0), np.zeros(400))
    assert F.sweeps.clear
    x = np.linspace(-1, 1, 400)
    F.gradient(x)
    rows = list(F.table().rows())
    exp_row = next(r for r in rows if r[0] == "ExpOp")
    assert exp_row[3].startswith("2 ") or exp_row[3].startswith("2.0")  # d(sum 2y)/dy = 2
    sum_row = next(r for r in rows if r[0] == "SumOp")
    assert sum_row[3] == "1"


def test_a_recomputation_at_the_same_inputs_reuses_the_arena_and_only_then():
    F = nt.MakeTape(lambda x: np.stack([1.0 / x[0], np.sum(np.exp(x) * x)]), np.ones(3))
    S = F.sweeps
    runs = []
    run_forward = S.run_forward
    S.run_forward = lambda *a, **k: (runs.append(1), run_forward(*a, **k))[1]
    x = np.array([0.0, 1.0, 2.0])
    v0 = S.forward(x)[S.out].copy()
    S.recompute(x.copy())
    assert len(runs) == 1                   # bit-equal inputs: the arena as it is
    S.forward(x)
    assert len(runs) == 2                   # a forward sweep always sweeps
    v1 = S.recompute(np.array([-0.0, 1.0, 2.0]))[S.out]   # -0.0 == 0.0, not bit for bit
    assert len(runs) == 3 and v0[0] == np.inf and v1[0] == -np.inf
    S.forward_tangent(x, np.ones((1, 3)))   # leaves out values a reverse sweep reads
    S.recompute(x)
    assert len(runs) == 4
    S.recompute(x)
    assert len(runs) == 4



def test_a_callops_sub_tape_is_swept_once_for_every_chunk_of_a_jacobian(monkeypatch):
    import numtape.tape.tape as tape_module
    G = nt.MakeTape(lambda z: np.exp(z) * z[0], np.ones(3)).atomic()
    H = nt.MakeTape(lambda z: G(z) * 2.0 + z, np.ones(3))
    x = np.array([0.5, 1.0, 2.0])
    whole = H.jacobian(x)
    monkeypatch.setattr(tape_module, "JACOBIAN_SLOTS", 1)       # one row per reverse sweep
    S = G.callee
    runs = []
    run_forward = S.run_forward
    monkeypatch.setattr(S, "run_forward",
                        lambda *a, **k: (runs.append(1), run_forward(*a, **k))[1])
    np.testing.assert_array_equal(H.jacobian(x), whole)
    assert len(runs) == 1       # H's forward sweep; the three reverse sweeps reuse its arena


@pytest.mark.parametrize("m, n", [(29, 40), (40, 29)], ids=["reverse", "tangent"])
def test_jacobian_chunks_have_one_size_and_the_padding_changes_nothing(monkeypatch, m, n):
    import numtape.tape.tape as tape_module
    A = np.random.default_rng(2).standard_normal((m, n))
    F = nt.MakeTape(lambda x: np.tanh(A @ x) * x[0], np.zeros(n))
    x = np.random.default_rng(3).standard_normal(n)
    whole = F.jacobian(x)                  # every direction in one sweep
    monkeypatch.setattr(tape_module, "JACOBIAN_SLOTS", 10 * F.sweeps.arena_size)
    G = nt.MakeTape(lambda x: np.tanh(A @ x) * x[0], np.zeros(n))
    np.testing.assert_array_equal(G.jacobian(x), whole)   # in chunks of 10, 10, 9 + 1 zero
    kind = "adj" if m <= n else "tan"
    assert [k for k in G.sweeps._tls.__dict__ if isinstance(k, tuple) and k[0] == kind] \
        == [(kind, 10)]


def test_large_workspaces_are_zeroed_writable_private_pages():
    import mmap
    from numtape.tape.pages import HUGE, plain_zeros
    small, large = plain_zeros((3, 5)), plain_zeros((2, HUGE // 8))
    for a in (small, large):
        assert a.dtype == np.float64 and a.flags.c_contiguous and a.flags.writeable
        assert not a.any()
    assert isinstance(large.base.base.obj, mmap.mmap) and small.base is None
    large[1, -1] = 2.0
    assert large.sum() == 2.0


def _huge_page_advice():
    from numtape.tape import pages
    now = pages._advise(True)
    pages._advise(now)
    return now


def test_small_pages_turns_numpys_huge_page_advice_off_while_recording_and_restores_it():
    """Recording (and simplify) turn NumPy's huge-page advice off (numtape/tape/pages.py);
    nested and overlapping uses count, so the advice is back as it was after the last one,
    whichever thread leaves last."""
    import threading
    from numtape.tape import pages
    if pages._advise is None:
        pytest.skip("this NumPy has no huge-page switch")
    saved = pages._advise(True)
    try:
        seen = []
        nt.MakeTape(lambda x: seen.append(_huge_page_advice()) or np.sum(x * x), np.zeros(3))
        assert seen == [False] and _huge_page_advice() is True
        inside, leave = threading.Event(), threading.Event()

        def other():
            with pages.small_pages():
                inside.set()
                leave.wait(10)
        t = threading.Thread(target=other)
        t.start()
        inside.wait(10)
        with pages.small_pages():
            with pages.small_pages():
                assert _huge_page_advice() is False
            leave.set()
            t.join(10)
            assert _huge_page_advice() is False     # this thread is still inside
        assert _huge_page_advice() is True
    finally:
        pages._advise(saved)
