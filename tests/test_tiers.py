"""The automatic tier-up (nt.compile_after): a tape is interpreted until swept a few times,
then its hot segments switch to compiled code, with the interpreter's results, once their
kernels are on disk or the sweeps have paid for their compile."""
import numpy as np
import pytest

import numtape as nt
from numtape.sweeps import tiers
from numtape.tape import plan, sweeper


def chain(x):
    s = 0.0
    for i in range(1, len(x)):
        s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
    return s


@pytest.fixture
def after_three(monkeypatch):
    """compile_after(3), and compiling segments and moving to them cost nothing (whatever
    the cache holds)."""
    monkeypatch.setattr(tiers, "PAYBACK", 0.0)
    monkeypatch.setattr(tiers, "RUN_PAYBACK", 0.0)
    old = nt.compile_after(3)
    yield
    nt.compile_after(old)


def test_a_big_tape_switches_to_compiled_segments_at_the_third_sweep(after_three):
    n = 2000    # 12,000 ops: above the arena threshold
    F = nt.MakeTape(chain, np.zeros(n))
    assert F.sweeps.arena_size >= sweeper.TIER_MIN_ARENA
    xs = [np.random.default_rng(i).normal(size=n) for i in range(4)]
    before = [F.gradient(x) for x in xs[:2]]
    assert F.sweeps.n_compiled_segments is None
    third = F.gradient(xs[2])
    assert F.sweeps.n_compiled_segments >= 1
    assert any(type(s) is plan.Loop for s in F.sweeps.plan)
    after = [F.gradient(x) for x in xs[:2]] + [F.gradient(xs[2])]
    for b, a in zip(before + [third], after):      # the loop kernels are bit for bit
        np.testing.assert_array_equal(a, b)


def test_small_tapes_and_the_off_switch_stay_interpreted(after_three):
    small = nt.MakeTape(chain, np.zeros(200))
    for _ in range(5):
        small.gradient(np.ones(200))
    assert small.sweeps.n_compiled_segments is None
    assert [type(s).__name__ for s in small.sweeps.plan] == ["Run"]
    nt.compile_after(None)
    big = nt.MakeTape(chain, np.zeros(2000))
    for _ in range(5):
        big.gradient(np.ones(2000))
    assert big.sweeps.n_compiled_segments is None


def test_a_very_large_tape_is_hot_from_its_first_sweep(monkeypatch):
    """A tape of TIER_AT_ONCE slots or more takes its segment kernels (on disk) at its first
    sweep, even where the process starts on the NumPy tier; below that size, it waits for the
    compile_after-th sweep, and compile_after(None) still turns it off."""
    def f(x):
        return np.sum(np.exp(0.5 * x[1:]) * np.tanh(x[:-1]))
    n = 3000
    x = np.random.default_rng(4).normal(size=n)
    ref = nt.MakeTape(f, np.zeros(n))
    assert ref.compile() >= 1
    S = ref.sweeps                                  # every kernel compiled, on disk
    ref.gradient(x), ref.jvp(x, x), S.tangent(S.forward(x), x[None])
    old = nt.compile_after(20)
    try:
        monkeypatch.setattr(sweeper, "TIER_AT_ONCE", 10_000)
        F = nt.MakeTape(f, np.zeros(n))
        assert F.sweeps.arena_size >= sweeper.TIER_AT_ONCE
        np.testing.assert_array_equal(F.jvp(x, x), ref.jvp(x, x))
        assert F.sweeps.n_compiled_segments >= 1 and F.sweeps.n_swept == 1
        monkeypatch.setattr(sweeper, "TIER_AT_ONCE", 10**12)
        G = nt.MakeTape(f, np.zeros(n))
        G.gradient(x)
        assert G.sweeps.n_compiled_segments is None
        monkeypatch.setattr(sweeper, "TIER_AT_ONCE", 10_000)
        nt.compile_after(None)
        H = nt.MakeTape(f, np.zeros(n))
        H.gradient(x)
        assert H.sweeps.n_compiled_segments is None
    finally:
        nt.compile_after(old)


def test_n_fused_is_a_deprecated_alias_of_n_compiled_segments():
    F = nt.MakeTape(chain, np.zeros(50))
    F.compile()
    with pytest.warns(DeprecationWarning, match="n_compiled_segments"):
        assert F.sweeps.n_fused == F.sweeps.n_compiled_segments >= 1


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3"])
def test_compile_after_refuses_what_is_not_a_positive_count(bad):
    with pytest.raises(ValueError, match="compile_after"):
        nt.compile_after(bad)


def test_new_segment_kernels_wait_until_the_sweeps_pay_for_their_compile(monkeypatch):
    """Where background compiles are off, a tape whose segment kernels are not on disk
    compiles them only once the time spent sweeping it reaches PAYBACK x SEGMENT_COMPILE per
    kernel; cached ones at compile_after."""
    old = nt.compile_after(3)
    monkeypatch.setattr(tiers, "RUN_PAYBACK", 0.0)   # (the move itself: the test below)
    try:
        monkeypatch.setattr(sweeper.Sweeps, "_uncompiled", lambda self: 2)
        monkeypatch.setattr(tiers, "background_allowed", lambda: False)
        monkeypatch.setattr(tiers, "SEGMENT_COMPILE", 3600.0)
        F = nt.MakeTape(chain, np.zeros(2000))
        for _ in range(5):
            F.gradient(np.ones(2000))
        assert F.sweeps.n_compiled_segments is None and F.sweeps.spent > 0.0
        monkeypatch.setattr(tiers, "SEGMENT_COMPILE", F.sweeps.spent / (2 * tiers.PAYBACK))
        F.sweeps._next_look = 0.0
        F.gradient(np.ones(2000))
        assert F.sweeps.n_compiled_segments >= 1
        monkeypatch.setattr(sweeper.Sweeps, "_uncompiled", lambda self: 0)
        G = nt.MakeTape(chain, np.zeros(2000))
        for _ in range(3):
            G.gradient(np.ones(2000))
        assert G.sweeps.n_compiled_segments >= 1
    finally:
        nt.compile_after(old)


def test_a_hot_tape_moves_to_compiled_segments_once_its_sweeps_pay_for_the_move(monkeypatch):
    """At compile_after sweeps a tape moves to its compiled segments (kernels on disk) only
    once the time spent sweeping it reaches RUN_PAYBACK x (RUN_SETUP + RUN_FIND per candidate
    op): a fast tape swept a few times stays interpreted."""
    old = nt.compile_after(3)
    try:
        monkeypatch.setattr(sweeper, "TIER_MIN_ARENA", 0)
        monkeypatch.setattr(sweeper.Sweeps, "_uncompiled", lambda self: 0)
        monkeypatch.setattr(tiers, "RUN_SETUP", 3600.0)
        F = nt.MakeTape(chain, np.zeros(2000))
        for _ in range(6):
            F.gradient(np.ones(2000))
        S = F.sweeps
        assert S.n_compiled_segments is None and S.n_swept >= 6 and S._candidates is not None
        need = S.spent / (2 * tiers.RUN_PAYBACK)   # half of what was spent: it pays now
        monkeypatch.setattr(tiers, "RUN_SETUP", need - tiers.RUN_FIND * S._candidates)
        F.gradient(np.ones(2000))
        assert S.n_compiled_segments >= 1
    finally:
        nt.compile_after(old)


def test_kernels_still_queued_at_exit_go_to_a_background_process(monkeypatch):
    """One compile process runs at a time (``pump``); what is queued behind it when the program
    ends is handed to a process of its own (it waits for kernels.lock), not dropped."""
    import os
    import pickle

    class Running:
        def poll(self):
            return None

    started = []

    def popen(cmd, **kw):
        started.append(cmd)
        return Running()

    job = ("/nowhere/numtape_fused_x.py", "forward", ("sig",))
    monkeypatch.setattr(tiers.subprocess, "Popen", popen)
    monkeypatch.setitem(tiers._behind, "proc", Running())
    monkeypatch.setitem(tiers._behind, "queue", [job])
    tiers.pump()
    assert started == []                          # one at a time: the job waits
    tiers._hand_over()
    assert len(started) == 1 and started[0][-2] == "compile-kernels"
    path = started[0][-1]
    with open(path, "rb") as fh:
        assert pickle.load(fh) == [job]
    os.unlink(path)
    assert tiers._behind["queue"] == []
    tiers._hand_over()                            # nothing left: nothing started
    assert len(started) == 1


def test_the_compile_watch_leaves_the_users_own_numba_functions_alone():
    """Every Numba compile in the process is watched by numtape; a function of the user's, even one
    made by exec (no module), compiles and runs as without numtape, and is not logged as
    numtape's."""
    import numba
    ns = {}
    exec("def g(x):\n    return x * 2.0 + 1.0\n", ns)
    before = len(tiers._watch.log)
    assert numba.njit(ns["g"])(1.5) == 4.0
    assert numba.njit(lambda x: x - 1.0)(1.5) == 0.5
    assert len(tiers._watch.log) == before
