"""Tapes built from arrays are validated (README.md, "Tape files"): round trips, corrupted arrays,
wide values, and a crash fuzz of mutated tapes."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import numtape as nt
import numtape.trace.recorder
from apihelpers import vignette_tape, INT_FIELDS, tape_arrays


# ---- Tape built from arrays: validation ---------------------------------------------------
def _block_tape():
    """A tape using a gather, a matrix product, a reduction and broadcast elementwise ops."""
    return nt.MakeTape(lambda x: np.sum(np.exp(x.reshape(2, 2) @ x.reshape(2, 2)[::-1]),
                                        axis=0) * x[1:3] + 2.0, np.zeros(4))


def test_tape_from_arrays_roundtrip():
    F = _block_tape()
    T = nt.Tape(**tape_arrays(F))
    x = np.array([0.1, -0.2, 0.3, 0.4])
    np.testing.assert_array_equal(T(x), F(x))
    np.testing.assert_array_equal(T.jacobian(x), F.jacobian(x))
    assert (T.n_in, T.n_out, len(T), T.arena_size) == (F.n_in, F.n_out, len(F), F.arena_size)


def _mutations():
    from numtape.ops import OPS
    n_codes = len(OPS)

    def setitem(field, i, value):
        def mut(a):
            arr = a[field].astype(np.int64)
            arr[i] = value(a) if callable(value) else value
            a[field] = arr
        return mut

    def replace(field, fn):
        def mut(a):
            a[field] = fn(a[field])
        return mut

    return {
        "unknown opcode": setitem("op", 0, n_codes),
        "huge opcode": setitem("op", 0, 2 ** 31 - 1),
        "negative opcode": setitem("op", 0, -1),
        "operand beyond its op's output": setitem("args", 2, lambda a: int(a["out_ptr"][1])),
        "operand beyond the arena": setitem("args", 0, lambda a: int(a["out_ptr"][-1]) + 5),
        "operand of the last op beyond": setitem("args", -1, lambda a: int(a["out_ptr"][-2])),
        "negative operand": setitem("args", 0, -1),
        "negative dep": setitem("dep", 0, -1),
        "args too short": replace("args", lambda v: v[:-1]),
        "args too long": replace("args", lambda v: np.append(v, 0)),
        "iargs too long": replace("iargs", lambda v: np.append(v, 1)),
        "iargs too short": replace("iargs", lambda v: v[:-1]),
        "matmul m": setitem("iargs", 0, 3),
        "matmul k too big": setitem("iargs", 1, 3),
        "matmul k huge": setitem("iargs", 1, 2 ** 40),
        "matmul zero": setitem("iargs", 2, 0),
        "matmul negative": setitem("iargs", 0, -2),
        "matmul overflowing product": lambda a: a.__setitem__(
            "iargs", np.concatenate([[2 ** 32, 2 ** 32, 2 ** 32], a["iargs"][3:]])),
        "dep outside the arena": setitem("dep", 0, lambda a: int(a["out_ptr"][-1])),
        "dep far outside": setitem("dep", 1, 2 ** 40),
        "out_ptr not increasing": setitem("out_ptr", 2, lambda a: int(a["out_ptr"][1])),
        "out_ptr start": setitem("out_ptr", 0, 0),
        "out_ptr length": replace("out_ptr", lambda v: v[:-1]),
        "flags on a block op": setitem("flags", 1, 1),
        "flags beyond arity": setitem("flags", 2, 2),
        "flags length": replace("flags", lambda v: v[:-1]),
        "n_in too big": lambda a: a.__setitem__("n_in", a["n_in"] + 1),
        "n_in negative": lambda a: a.__setitem__("n_in", -1),
        "op 2-d": replace("op", lambda v: v.reshape(1, -1)),
        "op float": replace("op", lambda v: v.astype(np.float64)),
    }


_MUTATIONS = _mutations()


@pytest.mark.parametrize("name", list(_MUTATIONS))
def test_corrupted_tape_arrays_raise_tapeformaterror(name):
    F = _block_tape()
    a = tape_arrays(F)
    assert list(a["iargs"][:3]) == [2, 2, 2]          # MatMulOp (m, k, n) come first
    _MUTATIONS[name](a)
    with pytest.raises(nt.TapeFormatError) as ei:
        nt.Tape(**a)
    assert isinstance(ei.value, ValueError)


@pytest.mark.parametrize("at", [0, -1])
def test_a_long_gather_or_dep_reading_a_later_slot_raises(at):
    """A gather or DepOp with more operands than one chunk of the operand checks is checked
    in one pass (its single slots against its own output): a slot at or after it is still
    named, as in any tape."""
    n = (1 << 18) + 5
    F = nt.MakeTape(lambda x: x[::-1] * 2.0, np.zeros(n))
    a = tape_arrays(F)
    ops = [nt.ops.OPS[c].name for c in a["op"]]
    assert ops[0] == "GatherOp" and ops[-1] == "DepOp"
    k = 0 if at == 0 else len(ops) - 1
    args = a["args"].astype(np.int64)
    first = 0 if at == 0 else args.size - 1
    args[first] = int(a["out_ptr"][k])       # the op's own first output
    a["args"] = args
    with pytest.raises(nt.TapeFormatError, match=f"of op {k} reads outside the values"):
        nt.Tape(**a)


@pytest.mark.parametrize("field, value", [("op", 2 ** 31), ("op", 2 ** 32 + 4), ("op", 2 ** 32),
                                          ("flags", 256), ("flags", 257), ("iargs", None)])
def test_out_of_dtype_range_values_are_not_wrapped(field, value):
    """Integers that do not fit the field's dtype (op int32, flags uint8) are malformed: they
    must not wrap around into a different, valid-looking tape."""
    F = nt.MakeTape(lambda x: np.exp(x) * 2.0, np.zeros(2))
    a = tape_arrays(F)
    if value is None:           # parameters as uint64 above int64's range
        F = _block_tape()
        a = tape_arrays(F)
        arr = a["iargs"].astype(np.uint64)
        arr[1] = 2 ** 64 - 1
        a["iargs"] = arr
    else:
        arr = a[field].astype(np.int64)
        arr[1 if field == "flags" else 0] = value
        a[field] = arr
    with pytest.raises(nt.TapeFormatError):
        nt.Tape(**a)


@pytest.mark.parametrize("n_in", [2.5, None])
def test_non_integer_n_in_raises(n_in):
    a = tape_arrays(vignette_tape())
    a["n_in"] = n_in
    with pytest.raises(nt.TapeFormatError):
        nt.Tape(**a)


# ---- fuzz: random single-element mutations never crash ------------------------------------
def _fuzz_bases():
    def mixed(x):
        m = x[:4].reshape(2, 2)
        s = np.sum(m @ m.T, axis=1) + np.cumsum(x[2:4])
        y = np.where(x[:2] > 0.5, np.prod(x[1:4]) * s, np.maximum(x[4], x[:2]))
        return np.concatenate([y, np.atleast_1d(np.max(x[[4, 0, 3]]) - np.min(x[::2]))])

    def loop(x):
        acc = x[0]
        for i in range(1, 5):
            acc = np.sin(acc) * x[i] + 1.5 / (1.0 + x[i] ** 2)
        return acc
    return [vignette_tape(), nt.MakeTape(mixed, np.zeros(5)), nt.MakeTape(loop, np.zeros(5))]


_EVAL_SCRIPT = textwrap.dedent("""
    import json, sys
    import numpy as np
    import numtape as nt
    data = np.load(sys.argv[1])
    n = int(data["count"])
    problems = []
    for i in range(n):
        print("BEGIN", i, flush=True)
        a = {k: data[f"{i}_{k}"] for k in ("op", "flags", "out_ptr", "args", "iargs", "consts",
                                           "dep")}
        a["n_in"] = int(data[f"{i}_n_in"])
        try:
            T = nt.Tape(**a)
        except nt.TapeFormatError:
            continue
        except Exception as e:
            problems.append([i, "construct", repr(e)])
            continue
        rng = np.random.default_rng(i)
        for rep in range(2):
            x = rng.normal(size=T.n_in)
            try:
                T(x)
                T.jacobian(x)
                T.vjp(x, rng.normal(size=T.n_out))
                T.jvp(x, rng.normal(size=T.n_in))
            except Exception as e:
                problems.append([i, "evaluate", repr(e)])
                break
    print("RESULT", json.dumps(problems), flush=True)
""")


def _run_fuzz(max_examples, tmp_path):
    pytest.importorskip("hypothesis")
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    bases = [tape_arrays(T) for T in _fuzz_bases()]
    fields = INT_FIELDS + ("n_in",)
    accepted, described, seen, rejected = [], [], set(), [0]
    in_process_errors = []

    special = st.sampled_from([0, 1, 2, 3, 7, 255, 256, 2 ** 31 - 1, 2 ** 31, 2 ** 32,
                               2 ** 62 - 1, 2 ** 62, 2 ** 63 - 1, -1, -2, -2 ** 31, -2 ** 63])

    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def gen(data):
        b = data.draw(st.integers(0, len(bases) - 1), label="base")
        field = data.draw(st.sampled_from(fields), label="field")
        a = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in bases[b].items()}
        arena = int(a["out_ptr"][-1])
        if field == "n_in":
            old, i = a["n_in"], None
        else:
            if a[field].size == 0:
                return
            i = data.draw(st.integers(0, a[field].size - 1), label="index")
            old = int(a[field][i])
        value = data.draw(st.one_of(st.integers(-3, 3).map(lambda d: old + d),
                                    st.integers(-2, arena + 8), special), label="value")
        if value == old:
            return
        if field == "n_in":
            a["n_in"] = value
        else:
            arr = a[field].astype(np.int64)
            arr[i] = value
            a[field] = arr
        try:
            nt.Tape(**a)
        except nt.TapeFormatError:
            rejected[0] += 1
            return
        except Exception as e:           # validation itself must never blow up otherwise
            in_process_errors.append((b, field, i, value, repr(e)))
            return
        key = (b, field, i, value)
        if key not in seen:
            seen.add(key)
            accepted.append(a)
            described.append(key)

    gen()
    print(f"fuzz: {len(accepted)} mutated tapes accepted by validation, {rejected[0]} rejected")
    assert rejected[0] > 0 and accepted, (rejected[0], len(accepted))

    blob = {"count": np.array(len(accepted))}
    for j, a in enumerate(accepted):
        for k, v in a.items():
            blob[f"{j}_{k}"] = np.asarray(v)
    path = tmp_path / "mutated.npz"
    np.savez(path, **blob)
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    proc = subprocess.run([sys.executable, "-c", _EVAL_SCRIPT, str(path)], capture_output=True,
                          text=True, timeout=600, env=env,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    begun = [ln for ln in proc.stdout.splitlines() if ln.startswith("BEGIN")]
    if proc.returncode != 0:
        last = int(begun[-1].split()[1]) if begun else None
        pytest.fail(f"evaluating mutated tapes crashed (exit {proc.returncode}) at mutation "
                    f"{described[last] if last is not None else '?'} (base, field, index, value)"
                    f"\nstderr tail:\n{proc.stderr[-3000:]}")
    result = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    assert result, proc.stdout[-2000:] + proc.stderr[-2000:]
    problems = json.loads(result[0][len("RESULT "):])
    assert not problems, [(described[i], stage, err) for i, stage, err in problems[:10]]
    # validation raising something other than TapeFormatError (base, field, index, value, error)
    assert not in_process_errors, in_process_errors[:5]
    return len(accepted), rejected[0]


def test_fuzz_mutated_tapes_never_crash(tmp_path):
    _run_fuzz(400, tmp_path)


@pytest.mark.slow
def test_fuzz_mutated_tapes_never_crash_long(tmp_path):
    _run_fuzz(5000, tmp_path)


# ---- the recorder is clean after everything above -----------------------------------------
def test_no_recording_left_open():
    assert numtape.trace.recorder.current() is None
