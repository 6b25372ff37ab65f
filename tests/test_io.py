"""Tape files: round trips, malformed and foreign files, and a crash fuzz in a subprocess."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import numtape as nt

FIELDS = ("op", "flags", "out_ptr", "args", "iargs", "dep", "n_in", "in_shape", "out_shape")


def _tapes():
    A = np.arange(6.0).reshape(3, 2) / 5.0

    def loop(x):
        s = 0.0
        for i in range(1, 4):
            s = s + np.where(x[i] > 0, np.sqrt(np.abs(x[i])), x[i - 1] ** 2)
        return s
    return {
        "vignette": (nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2)),
                     np.array([3.0, 4.0])),
        "blocks": (nt.MakeTape(lambda x: np.stack([np.sum(np.tanh(A @ x) * 2.0),
                                                   np.max(np.cumsum(x)), np.prod(x[::-1])]),
                               np.zeros(2)), np.array([0.3, -0.6])),
        "loop": (nt.MakeTape(loop, np.zeros(4)), np.array([0.5, -0.2, 0.7, 0.1])),
    }


@pytest.mark.parametrize("name", ["vignette", "blocks", "loop"])
def test_round_trip_keeps_values_and_derivatives(tmp_path, name):
    F, x = _tapes()[name]
    G = nt.load(F.save(tmp_path / name))
    assert (repr(G), G.in_shape, G.out_shape, len(G)) == (repr(F), F.in_shape, F.out_shape,
                                                         len(F))
    np.testing.assert_array_equal(G(x), F(x))
    np.testing.assert_array_equal(G.jacobian(x), F.jacobian(x))
    assert sorted(os.listdir(tmp_path)) == [f"{name}.npz"]   # no temporary left behind


def test_dict_inputs_survive(tmp_path):
    F = nt.MakeTape(lambda d: d["a"] * np.sum(d["b"]), {"a": np.ones(2), "b": np.ones((2, 2))})
    G = nt.load(F.save(tmp_path / "d.npz"))
    assert G.input_names == F.input_names
    x = {"a": np.array([1.0, 2.0]), "b": np.arange(4.0).reshape(2, 2)}
    np.testing.assert_array_equal(G.jacobian(x), F.jacobian(x))


def test_failed_save_leaves_nothing(tmp_path):
    F, _ = _tapes()["vignette"]
    with pytest.raises(OSError):
        F.save(tmp_path / "missing-dir" / "f.npz")
    assert list(tmp_path.iterdir()) == []


def _rewrite(src, dst, **changes):
    with np.load(src, allow_pickle=False) as data:
        fields = {k: data[k] for k in data.files}
    for k, v in changes.items():
        if v is None:
            fields.pop(k)
        else:
            fields[k] = v
    np.savez(dst, **fields)
    return dst


@pytest.mark.parametrize("change, field", [
    (dict(magic=np.array("something-else")), "magic"),
    (dict(version=np.array(99)), "version"),
    (dict(op_names=np.array(["AddOp", "NoSuchOp", "ExpOp", "MulOp", "DepOp"])), "op_names"),
    (dict(args=None), "args"),
    (dict(consts=np.array([1, 2])), "consts"),
    (dict(out_ptr=np.array([[3, 4, 5]])), "out_ptr"),
    (dict(args=np.array([0.5, 1.5])), "args"),
    (dict(op=np.array([0, 1, 7, 2])), "op"),
    (dict(dep=np.array([10**15])), "dep"),
    (dict(n_in=np.array([2, 2])), "n_in"),
    (dict(in_shape=np.array([3])), "in_shape"),
    (dict(args=np.array([-1, 2, 0, 3, 4, 5])), "args"),
])
def test_malformed_fields_are_named(tmp_path, change, field):
    F, _ = _tapes()["vignette"]
    src = F.save(tmp_path / "f.npz")
    bad = _rewrite(src, tmp_path / "bad.npz", **change)
    with pytest.raises(nt.TapeFormatError, match=field):
        nt.load(bad)


@pytest.mark.parametrize("content", [b"", b"junk", b"PK\x03\x04 truncated zip"])
def test_foreign_and_truncated_files(tmp_path, content):
    p = tmp_path / "x.npz"
    p.write_bytes(content)
    with pytest.raises(nt.TapeFormatError):
        nt.load(p)


def test_truncated_tape_file(tmp_path):
    F, _ = _tapes()["blocks"]
    data = F.save(tmp_path / "f.npz").read_bytes()
    for cut in (len(data) // 3, len(data) // 2, len(data) - 10):
        p = tmp_path / f"cut{cut}.npz"
        p.write_bytes(data[:cut])
        with pytest.raises(nt.TapeFormatError):
            nt.load(p)


def test_pickles_and_plain_arrays_are_refused(tmp_path):
    np.save(tmp_path / "a.npy", np.ones(3))
    with pytest.raises(nt.TapeFormatError):
        nt.load(tmp_path / "a.npy")
    np.savez(tmp_path / "obj.npz", magic=np.array([{"evil": 1}], dtype=object))
    with pytest.raises(nt.TapeFormatError):
        nt.load(tmp_path / "obj.npz")
    np.savez(tmp_path / "other.npz", weights=np.ones(3))
    with pytest.raises(nt.TapeFormatError, match="magic"):
        nt.load(tmp_path / "other.npz")


def test_missing_file_is_not_a_format_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        nt.load(tmp_path / "nope.npz")


def test_show_command(tmp_path):
    F, _ = _tapes()["vignette"]
    p = F.save(tmp_path / "f.npz")
    out = subprocess.run([sys.executable, "-m", "numtape", "show", str(p)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0 and "ExpOp" in out.stdout and "DepOp" in out.stdout
    (tmp_path / "bad.npz").write_bytes(b"junk")
    out = subprocess.run([sys.executable, "-m", "numtape", "show", str(tmp_path / "bad.npz")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 1 and "not a numtape tape file" in out.stderr


def test_fuzzed_files_load_cleanly_or_fail_cleanly(tmp_path):
    """Random single-value mutations of every integer field of saved tapes: each file must
    either evaluate (finite or not) or raise TapeFormatError, never crash the interpreter."""
    rng = np.random.default_rng(2026)
    cases = []
    for name, (F, x) in _tapes().items():
        src = F.save(tmp_path / f"{name}.npz")
        with np.load(src, allow_pickle=False) as data:
            base = {k: data[k] for k in data.files}
        for field in FIELDS:
            for trial in range(12):
                a = np.array(base[field], dtype=np.int64, copy=True)
                flat = a.reshape(-1)
                if flat.size == 0:
                    continue
                i = rng.integers(flat.size)
                flat[i] = rng.choice([-1, 0, 1, flat[i] + 1, flat[i] - 1, 2**31, 2**62,
                                      rng.integers(0, 64)])
                p = tmp_path / f"{name}-{field}-{trial}.npz"
                np.savez(p, **{**base, field: a})
                cases.append((str(p), x.tolist()))
    script = textwrap.dedent("""
        import json, sys
        import numpy as np, numtape as nt
        out = []
        for path, x in json.loads(sys.stdin.read()):
            try:
                F = nt.load(path)
                x = np.resize(np.array(x), F.n_in)
                F(x); F.jacobian(x); F.jvp(x, np.ones(F.n_in)); F.vjp(x, np.ones(F.n_out))
                out.append("ok")
            except nt.TapeFormatError:
                out.append("format")
            except Exception as e:
                out.append(f"{type(e).__name__}: {e}")
        print(json.dumps(out))
    """)
    run = subprocess.run([sys.executable, "-c", script], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"the interpreter crashed: {run.returncode} {run.stderr[-2000:]}"
    results = json.loads(run.stdout.strip().splitlines()[-1])
    bad = [(c[0], r) for c, r in zip(cases, results) if r not in ("ok", "format")]
    assert not bad, bad[:5]
    assert results.count("format") > len(results) // 3   # the mutations do get caught
