"""Hostile tape files and tape objects: every failure to read a file is a TapeFormatError
raised before large allocations; tapes pickle and deep-copy to their validated arrays."""
import copy
import io
import pickle
import subprocess
import sys
import time
import tracemalloc
import zipfile

import numpy as np
import pytest

import numtape as nt

X = np.array([0.3, -1.2, 2.0])


def _tape():
    return nt.MakeTape(lambda x: np.sum(np.exp(x) * x[::-1]) + np.prod(x[:2]), np.zeros(3))


@pytest.fixture
def saved(tmp_path):
    return _tape().save(tmp_path / "f")


def _members(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def _write(path, members, compression=zipfile.ZIP_STORED):
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _npy(a):
    buf = io.BytesIO()
    np.lib.format.write_array(buf, np.asarray(a), allow_pickle=False)
    return buf.getvalue()


def _with_header(a, header):
    """An .npy payload of ``a`` whose header claims ``header`` (dict text)."""
    raw = _npy(a)
    hlen = int.from_bytes(raw[8:10], "little")
    body = raw[10 + hlen:]
    h = header.encode("latin1")
    h += b" " * ((64 - (10 + len(h) + 1) % 64) % 64) + b"\n"
    return raw[:8] + len(h).to_bytes(2, "little") + h + body


def _malformed(saved, tmp_path):
    m = _members(saved)
    yield "compression-method", lambda p: _patch_method(saved, p)
    yield "not-npy", lambda p: _write(p, {**m, "op.npy": b"this is not an npy payload"})
    yield "header-huge-shape", lambda p: _write(p, {**m, "consts.npy": _with_header(
        np.zeros(2), "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }")})
    yield "header-syntax", lambda p: _write(p, {**m, "op.npy": _with_header(
        np.zeros(2, dtype=np.int64), "{'descr': '<i8', 'fortran_order': False, 'shape': (2,")})
    yield "header-object-dtype", lambda p: _write(p, {**m, "consts.npy": _with_header(
        np.zeros(2), "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }")})
    yield "in-shape-overflow", lambda p: _write(p, {**m, "in_shape.npy": _npy(
        np.array([2**40, 2**40, 2**40], dtype=np.int64))})
    yield "truncated", lambda p: p.write_bytes(saved.read_bytes()[:len(saved.read_bytes()) // 2])
    yield "empty", lambda p: p.write_bytes(b"")
    yield "bare-npy", lambda p: p.write_bytes(_npy(np.zeros(3)))
    yield "duplicate-input-names", lambda p: _dict_tape_with_keys(tmp_path, p, ["a", "a"])


def _patch_method(src, dst):
    """A stored member whose zip header names an unknown compression method (99)."""
    raw = bytearray(src.read_bytes())
    i = raw.find(b"PK\x03\x04")
    raw[i + 8:i + 10] = (99).to_bytes(2, "little")
    j = raw.find(b"PK\x01\x02")
    raw[j + 10:j + 12] = (99).to_bytes(2, "little")
    dst.write_bytes(bytes(raw))


def _dict_tape_with_keys(tmp_path, dst, keys):
    G = nt.MakeTape(lambda d: d["a"] * d["b"], {"a": 1.0, "b": 2.0})
    m = _members(G.save(tmp_path / "dict"))
    m["input_keys.npy"] = _npy(np.array(keys))
    _write(dst, m)


def test_every_malformed_file_is_a_tape_format_error(saved, tmp_path):
    for name, make in _malformed(saved, tmp_path):
        p = tmp_path / f"bad-{name}.npz"
        make(p)
        with pytest.raises(nt.TapeFormatError):
            nt.load(p)


def test_missing_file_stays_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        nt.load(tmp_path / "nothing-here.npz")


def test_zip_bomb_is_refused_before_inflating(saved, tmp_path):
    m = _members(saved)
    m["consts.npy"] = _npy(np.zeros(2**27))      # 1 GiB of zeros, ~1 MB deflated
    p = _write(tmp_path / "bomb.npz", m, zipfile.ZIP_DEFLATED)
    assert p.stat().st_size < 4 << 20
    tracemalloc.start()
    t = time.perf_counter()
    with pytest.raises(nt.TapeFormatError, match="refused"):
        nt.load(p)
    elapsed = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert elapsed < 1.0 and peak < 64 << 20


def test_seeded_mutations_never_escape_as_other_errors(saved, tmp_path):
    """300 byte flips, truncations and splices: only TapeFormatError escapes, and a file that
    still loads evaluates without crashing."""
    raw = saved.read_bytes()
    rng = np.random.default_rng(2026)
    p = tmp_path / "mut.npz"
    loaded = 0
    for i in range(300):
        b = bytearray(raw)
        kind = i % 3
        if kind == 0:
            for pos in rng.integers(0, len(b), size=rng.integers(1, 6)):
                b[pos] = rng.integers(0, 256)
        elif kind == 1:
            b = b[:rng.integers(0, len(b))]
        else:
            a, c = sorted(rng.integers(0, len(b), size=2))
            b = b[:a] + b[c:] + b[a:c]
        p.write_bytes(bytes(b))
        try:
            F = nt.load(p)
        except nt.TapeFormatError:
            continue
        loaded += 1
        with np.errstate(all="ignore"):
            F(np.ones(F.n_in))
    assert loaded < 300


def test_tape_without_outputs_round_trips(tmp_path):
    F = nt.MakeTape(lambda x: [], np.zeros(2))
    G = nt.load(F.save(tmp_path / "empty"))
    assert G.n_out == 0 and G(np.ones(2)).size == 0


def test_show_prints_one_line_for_a_bad_file(tmp_path):
    p = tmp_path / "bad.npz"
    p.write_bytes(b"garbage")
    r = subprocess.run([sys.executable, "-m", "numtape", "show", str(p)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "numtape:" in r.stderr


@pytest.mark.parametrize("key", [1, ("a", 1), 2.5])
def test_dict_inputs_need_string_keys(key):
    with pytest.raises(TypeError, match="keys must be strings"):
        nt.MakeTape(lambda d: d[key] * 2.0, {key: 1.0, "b": 2.0})


def test_mixed_key_dict_call_gets_a_clear_error():
    F = nt.MakeTape(lambda d: d["a"] * d["b"], {"a": 1.0, "b": 2.0})
    with pytest.raises(ValueError, match="do not match"):
        F({1: 1.0, "a": 2.0})


def test_huge_wrong_size_input_is_refused_before_conversion():
    F = _tape()
    huge = np.broadcast_to(np.float32(1.0), (2**40,))   # a view: 4 bytes of data
    t = time.perf_counter()
    with pytest.raises(ValueError, match="expects shape"):
        F(huge)
    assert time.perf_counter() - t < 0.5


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_tapes_pickle_and_copy_to_their_arrays(how):
    F = _tape()
    G = {"pickle": lambda: pickle.loads(pickle.dumps(F)), "deepcopy": lambda: copy.deepcopy(F),
         "copy": lambda: copy.copy(F)}[how]()
    assert G(X) == F(X)
    np.testing.assert_array_equal(G.gradient(X), F.gradient(X))
    np.testing.assert_array_equal(G.hessian(X), F.hessian(X))


def test_sparse_and_atomic_tapes_pickle():
    F = nt.MakeTape(lambda x: x[1:] * x[:-1], np.zeros(4))
    J = pickle.loads(pickle.dumps(F.jacfun(sparse=True)))
    np.testing.assert_array_equal(J(np.arange(4.0)).toarray(), F.jacobian(np.arange(4.0)))
    A = pickle.loads(pickle.dumps(F.atomic()))
    H = nt.MakeTape(lambda x: np.sum(A(x)), np.zeros(4))
    assert H.n_ops < 6 and H(np.arange(4.0)) == 0 * 1 + 1 * 2 + 2 * 3


def test_capturing_tapes_refuse_to_pickle():
    def f(x):
        a = np.sin(x)
        G = nt.MakeTape(lambda y: a * y, np.zeros(1))
        with pytest.raises(TypeError, match="cannot be pickled"):
            pickle.dumps(G)
        return G(x)
    nt.MakeTape(f, np.zeros(1))
