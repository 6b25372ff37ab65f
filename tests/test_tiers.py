"""The automatic tier-up (nt.compile_after): a tape is interpreted until swept a few times,
then its hot segments switch to compiled code, with the interpreter's results."""
import numpy as np
import pytest

import numtape as nt
from numtape.tape import sweeper


def chain(x):
    s = 0.0
    for i in range(1, len(x)):
        s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
    return s


@pytest.fixture
def after_three():
    old = nt.compile_after(3)
    yield
    nt.compile_after(old)


def test_a_big_tape_switches_to_compiled_segments_at_the_third_sweep(after_three):
    n = 2000    # 12,000 ops: above the arena threshold
    F = nt.MakeTape(chain, np.zeros(n))
    assert F.sweeps.arena_size >= sweeper.TIER_MIN_ARENA
    xs = [np.random.default_rng(i).normal(size=n) for i in range(4)]
    before = [F.gradient(x) for x in xs[:2]]
    assert F.sweeps.n_fused is None
    third = F.gradient(xs[2])
    assert F.sweeps.n_fused >= 1
    assert any(type(s) is sweeper.Loop for s in F.sweeps.plan)
    after = [F.gradient(x) for x in xs[:2]] + [F.gradient(xs[2])]
    for b, a in zip(before + [third], after):      # the loop kernels are bit for bit
        np.testing.assert_array_equal(a, b)


def test_small_tapes_and_the_off_switch_stay_interpreted(after_three):
    small = nt.MakeTape(chain, np.zeros(200))
    for _ in range(5):
        small.gradient(np.ones(200))
    assert small.sweeps.n_fused is None and [type(s).__name__ for s in small.sweeps.plan] == ["Run"]
    nt.compile_after(None)
    big = nt.MakeTape(chain, np.zeros(2000))
    for _ in range(5):
        big.gradient(np.ones(2000))
    assert big.sweeps.n_fused is None


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3"])
def test_compile_after_refuses_what_is_not_a_positive_count(bad):
    with pytest.raises(ValueError, match="compile_after"):
        nt.compile_after(bad)
