"""A new machine's first results (numtape/sweeps/tiers.py): the NumPy tier on an empty cache,
one background compile per cache folder, every long compile announced, ``nt.compile_status``,
the messages switch and ``python -m numtape check``.  How long things take is measured by
benchmarks/cold_start.py, not here."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import numba
import numpy as np
import pytest

import numtape as nt
from numtape.__main__ import main
from numtape.sweeps import tiers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _stop(cache):
    """Stop the background compile a test process started in ``cache``."""
    info = os.path.join(cache, "numtape_sweeps", "compile.json")
    for _ in range(50):
        if os.path.exists(info):
            break
        time.sleep(0.1)
    time.sleep(0.2)   # the holder's pid is written just after the lock is taken
    try:
        os.killpg(os.getpgid(json.load(open(info))["pid"]), signal.SIGTERM)
    except (OSError, ValueError, KeyError):
        pass


def _wait_for_holder(cache):
    """Wait (up to 30 s) until the background process holds the lock (it imports numtape
    first)."""
    info = os.path.join(cache, "numtape_sweeps", "compile.json")
    for _ in range(300):
        if os.path.exists(info):
            return
        time.sleep(0.1)
    raise AssertionError("no background compile took the lock")


def _python(code, cache, **env):
    e = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(cache))
    e.pop("NUMTAPE_BACKGROUND_COMPILE", None)   # conftest turns it off for the suite
    e.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=e, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


FIRST = """
    import json, numpy as np, numtape as nt
    F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
    g = F.gradient([3.0, 4.0])
    print(json.dumps([F.sweeps.tier, g.tolist(), nt.compile_status().full_compiled]))
"""


def test_an_empty_cache_sweeps_on_the_numpy_tier_and_compiles_in_the_background(tmp_path):
    """A fresh machine: the first gradient needs no compile (NumPy tier, the right numbers);
    one background process is started and says so; a second process finds it running,
    does not start another, and says so too."""
    try:
        out = _python(FIRST, tmp_path)
        assert out.returncode == 0, out.stderr
        tier, g, compiled = json.loads(out.stdout)
        assert tier == "numpy" and compiled is False
        np.testing.assert_allclose(g, [2751.77104573, 3384.67838625])
        assert "compiling the sweeps in a background process" in out.stderr
        _wait_for_holder(tmp_path)
        second = _python(FIRST, tmp_path)
        assert json.loads(second.stdout)[0] == "numpy", second.stderr
        assert "is compiling the sweeps" in second.stderr
        assert "background process" not in second.stderr
        assert (tmp_path / "numtape_sweeps" / "compile.log").exists()
    finally:
        _stop(str(tmp_path))


def test_no_background_compile_when_turned_off(tmp_path):
    out = _python(FIRST, tmp_path, NUMTAPE_BACKGROUND_COMPILE="0", NUMTAPE_QUIET="1")
    assert out.returncode == 0 and json.loads(out.stdout)[0] == "numpy"
    assert out.stderr == ""
    assert not (tmp_path / "numtape_sweeps" / "compile.json").exists()


def test_the_lock_holder_is_found_and_named(tmp_path, monkeypatch):
    """While another process holds the cache folder's compile lock, ``holder`` names it and
    ``start_background`` starts nothing (it says who compiles)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    hold = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from numtape.sweeps import tiers
        with tiers.compile_lock() as held:
            print(held, flush=True)
            time.sleep(60)
    """)], env=dict(os.environ), stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert hold.stdout.readline().strip() == "True"
        who = tiers.holder()
        assert who is not None and who[0] == hold.pid
        with tiers.compile_lock() as held:
            assert held is False
        monkeypatch.setitem(tiers._state, "spawned", None)
        tiers.start_background()
        assert tiers._state["spawned"] == hold.pid
        assert f"running: process {hold.pid}" in repr(nt.compile_status()) or \
            nt.compile_status().full_compiled
    finally:
        hold.kill()
        hold.wait()
    assert tiers.holder() is None


def test_a_long_compile_is_announced_and_the_switch_silences_it(monkeypatch, capfd):
    """Every Numba compile is watched: one running longer than the delay says what it compiles
    and why, and when it is done; ``nt.compile_messages(False)`` silences that."""
    monkeypatch.setattr(tiers._Watch, "DELAY", 0.0)

    def fresh():
        @numba.njit(cache=False)
        def _announced(x):
            return np.sum(np.sin(x)) * 2.0
        return _announced

    with tiers.because("a test of the compile watch"):
        fresh()(np.ones(3))
    err = capfd.readouterr().err
    assert "numtape: compiling test_cold_start._announced (a test of the compile watch)" in err
    assert "numtape: compiled test_cold_start._announced in" in err
    assert nt.compile_status().compiles[-1][0] == "test_cold_start._announced"
    old = nt.compile_messages(False)
    try:
        fresh()(np.ones(3))
    finally:
        nt.compile_messages(old)
    assert capfd.readouterr().err == ""


def test_compile_messages_refuses_a_non_bool():
    with pytest.raises(ValueError, match="compile_messages"):
        nt.compile_messages("yes")


def test_sweep_kernels_numpy_never_compiles_and_names_the_tier():
    nt.sweep_kernels("numpy")
    try:
        F = nt.MakeTape(lambda x: np.sum(np.log1p(x ** 2)), np.ones(3))
        before = len(nt.compile_status().compiles)
        g = F.gradient(np.array([1.0, 2.0, 3.0]))
        assert F.sweeps.tier == "numpy"
        assert len(nt.compile_status().compiles) == before
    finally:
        nt.sweep_kernels("full")
    np.testing.assert_allclose(g, 2 * np.arange(1.0, 4.0) / (1 + np.arange(1.0, 4.0) ** 2))
    with pytest.raises(ValueError, match="sweep kernels mode"):
        nt.sweep_kernels("fast")


def test_check_command_passes_on_the_numpy_tier(capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "numtape check: all passed" in out and "FAIL" not in out
    assert tiers.mode() == "full"   # restored


@numba.njit(cache=False)
def _inner(x):
    return x * 2.0


@numba.njit(cache=False)
def _outer(a):
    s = 0.0
    for v in a:
        s += _inner(v)
    return s


def test_python_twins_run_jitted_kernels_without_compiling():
    """``pure`` gives a kernel's Python twin (callees twinned too, so nothing compiles);
    ``now`` picks the twin for small work while the kernel is not compiled, the kernel for
    work that would take Python longer than its compile, and the kernel once it is loaded."""
    from numtape.kernels import twins
    twin = twins.pure(_outer)
    assert not isinstance(twin, numba.core.registry.CPUDispatcher)
    assert twin(np.arange(4.0)) == 12.0
    assert not _outer.signatures and not _inner.signatures   # nothing compiled
    assert twins.now(_outer, 10) is twin
    assert twins.now(_outer, 10 * twins.PURE_MAX) is _outer
    assert _outer(np.arange(4.0)) == 12.0
    assert twins.now(_outer, 10) is _outer    # loaded: no reason to run Python


def test_a_kernel_on_disk_is_loaded_once_its_twin_calls_add_up_to_the_load(monkeypatch):
    """Each call too small to load the kernel for still runs the twin, but their work is
    summed: a process calling a small kernel thousands of times (a sparsity pattern per
    model fit, a selected inverse per evaluation) loads it after about a load's worth."""
    from numtape.kernels import twins
    fn = numba.njit(lambda x: x + 1.0)
    monkeypatch.setattr(twins, "compiled", lambda f: True)
    monkeypatch.setattr(twins, "_numba_ready", lambda: True)
    size = int(0.3 * twins.LOAD / twins.UNIT)      # 0.3 of a load each
    picks = [twins.now(fn, size) for _ in range(5)]
    assert [p is fn for p in picks] == [False, False, False, True, True]
    assert picks[0](1.0) == 2.0 and not fn.signatures   # the twins compiled nothing


def test_segment_kernels_compile_in_a_background_process(monkeypatch):
    """A hot tape whose fused-run kernels are not on disk asks a background process for them
    (``tiers.compile_behind``) and keeps sweeping; once they are on disk it takes them."""
    from numtape.kernels.twins import compiled
    monkeypatch.setenv("NUMTAPE_BACKGROUND_COMPILE", "1")
    monkeypatch.setattr(tiers, "RUN_PAYBACK", 0.0)   # hot at compile_after, however fast
    old = nt.compile_after(2)
    # a chain of functions no earlier run compiled a fused kernel for (8^8 chains)
    chain = np.random.default_rng(time.time_ns()).integers(0, 8, 8)
    fns = [np.sin, np.cos, np.tanh, np.arctan, np.sinh, np.exp, np.log1p, np.sqrt]

    def f(x):
        y = x * x
        for j in chain:
            y = fns[j](y) + x
        return np.sum(y)
    try:
        F = nt.MakeTape(f, np.zeros(20_000))
        x = np.linspace(-1, 1, 20_000)
        want = F.gradient(x)
        calls = [c for _, _, seg in F.sweeps._segments() for c in seg.calls()]
        assert calls and not any(compiled(fn) for fn, _ in calls)
        for _ in range(3):
            F.gradient(x)
        assert F.sweeps.n_compiled_segments is None and F.sweeps._asked   # asked, not waited for
        proc = tiers._behind["proc"]
        assert proc.wait(timeout=240) == 0
        F.sweeps._next_look = 0.0
        F.gradient(x)
        assert F.sweeps.n_compiled_segments >= 1
        np.testing.assert_allclose(F.gradient(x), want, rtol=1e-14)
    finally:
        nt.compile_after(old)


def test_full_interpreters_compiled_without_the_background_process_count_as_ready(
        monkeypatch, tmp_path):
    """No marker of a finished background compile (they were compiled by "full" mode or an
    older release's warmup): ready once they are on disk and nobody is compiling them."""
    from numtape.sweeps import variants
    monkeypatch.setattr(tiers, "_done_marker", lambda: tmp_path / "absent")
    monkeypatch.setattr(variants, "full_is_compiled", lambda: True)
    monkeypatch.setitem(tiers._state, "mode", "auto")
    for who, ready in (((123, time.time()), False), (None, True)):
        monkeypatch.setattr(tiers, "holder", lambda who=who: who)
        monkeypatch.setitem(tiers._state, "ready", None)
        monkeypatch.setitem(tiers._state, "polled", 0.0)
        assert tiers.full_ready() is ready


def test_only_a_foreground_warmup_compiles_on_the_second_core(tmp_path, monkeypatch):
    """``python -m numtape warmup`` compiles one interpreter in a second process; the warmup
    numtape starts by itself in the background does not: the user's work has that core."""
    import numtape.__main__ as entry
    from numtape.sweeps import variants

    aside = []
    monkeypatch.setattr(variants, "cache_dir", lambda: tmp_path)
    monkeypatch.setattr(tiers, "background_allowed", lambda: True)
    monkeypatch.setattr(tiers, "set_mode", lambda mode: None)
    monkeypatch.setattr(tiers, "mark_done", lambda: None)
    monkeypatch.setattr(entry, "prefer_compiled", lambda on: None)
    monkeypatch.setattr(entry, "_warm_workload", lambda: None)
    monkeypatch.setattr(entry.os, "nice", lambda inc: 0)
    monkeypatch.setattr(entry, "_interpreters_on_two_cores", lambda: aside.append(True))
    if numba.config.DISABLE_JIT:
        pytest.skip("nothing to compile without Numba")
    assert entry.warmup(background=True) == 0 and aside == []
    assert entry.warmup(background=False) == 0 and aside == [True]
