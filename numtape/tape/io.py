"""Tape files: ``F.save(path)`` and ``nt.load(path)``.

A tape file is an ``.npz`` archive of plain arrays (never pickles) holding a magic string, a
format version, the tape's arrays, and the *names* of the ops its opcodes refer to, so a file
stays readable when the op table grows: opcodes are remapped by name on load.  Loading checks
every field's presence, dtype and shape, then builds the Tape, whose validation checks every
index and size, all before any sweep runs.  Anything malformed raises ``TapeFormatError``
naming the field.  Saving writes a temporary file and renames it, so a failed save leaves
nothing half-written.
"""
from __future__ import annotations

import os
import pathlib
import tempfile
import zipfile

import numpy as np

from numtape.errors import TapeFormatError
from numtape.ops import BY_NAME, OPS

MAGIC = "numtape-tape"
VERSION = 1
_INT_FIELDS = ("op", "flags", "out_ptr", "args", "iargs", "dep", "in_shape", "out_shape",
               "input_ndim", "input_shapes")


def save(tape, path) -> pathlib.Path:
    """Write ``tape`` to ``path`` (``.npz`` is appended when missing); returns the path."""
    if tape.subtapes:
        raise ValueError("tapes holding atomic calls (CallOp) cannot be saved yet; save a "
                         "tape recorded without F.atomic()")
    path = pathlib.Path(path)
    if path.suffix != ".npz":
        path = path.with_name(path.name + ".npz")
    used = np.unique(tape.op)
    names = np.array([OPS[c].name for c in used])
    remap = np.zeros(len(OPS), dtype=np.int64)
    remap[used] = np.arange(used.size)
    inputs = tape.input_names or {}
    fields = dict(
        magic=np.array(MAGIC), version=np.array(VERSION, dtype=np.int64),
        op_names=names, op=remap[tape.op].astype(np.int64),
        flags=tape.flags.astype(np.int64), out_ptr=tape.out_ptr.astype(np.int64),
        args=tape.args.astype(np.int64), iargs=tape.iargs.astype(np.int64),
        consts=tape.consts, n_in=np.array(tape.n_in, dtype=np.int64),
        dep=tape.dep.astype(np.int64),
        in_shape=np.array(tape.in_shape, dtype=np.int64),
        out_shape=np.array(tape.out_shape, dtype=np.int64),
        input_keys=np.array(list(inputs), dtype=str),
        input_ndim=np.array([len(s) for _, s in inputs.values()], dtype=np.int64),
        input_shapes=np.array([d for _, s in inputs.values() for d in s], dtype=np.int64))
    fd, tmp = tempfile.mkstemp(prefix=".numtape-", suffix=".npz", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, **fields)
        os.replace(tmp, path)
    except BaseException:
        pathlib.Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _field(data, name, kind):
    if name not in data:
        raise TapeFormatError(f"{name}: missing from the tape file")
    a = data[name]
    if kind == "int" and a.dtype.kind not in "iu":
        raise TapeFormatError(f"{name}: expected integers, got dtype {a.dtype}")
    if kind == "float" and a.dtype.kind != "f":
        raise TapeFormatError(f"{name}: expected floats, got dtype {a.dtype}")
    if kind == "str" and a.dtype.kind != "U":
        raise TapeFormatError(f"{name}: expected strings, got dtype {a.dtype}")
    return a


def _scalar(data, name):
    a = _field(data, name, "int")
    if a.shape != ():
        raise TapeFormatError(f"{name}: expected a scalar, got shape {a.shape}")
    return int(a)


def read(path):
    """The constructor arguments of the tape written to ``path`` by ``Tape.save`` (``nt.load``
    builds the Tape, which validates them); raises TapeFormatError on any malformed input."""
    try:
        archive = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
        raise TapeFormatError(f"not a numtape tape file: {path} ({e})") from e
    if not isinstance(archive, np.lib.npyio.NpzFile):
        raise TapeFormatError(f"not a numtape tape file: {path} (a bare .npy array)")
    try:
        with archive as data:
            return _build(data)
    except TapeFormatError:
        raise
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile) as e:
        raise TapeFormatError(f"corrupted tape file {path}: {e}") from e


def _build(data):
    magic = _field(data, "magic", "str")
    if magic.shape != () or str(magic) != MAGIC:
        raise TapeFormatError("magic: this is not a numtape tape file")
    version = _scalar(data, "version")
    if version != VERSION:
        raise TapeFormatError(f"version: file format {version}; this numtape reads "
                              f"{VERSION}")
    names = _field(data, "op_names", "str")
    if names.ndim != 1:
        raise TapeFormatError("op_names: expected a 1-d array of op names")
    unknown = [str(n) for n in names if str(n) not in BY_NAME]
    if unknown:
        raise TapeFormatError(f"op_names: unknown op(s) {unknown} (written by a newer numtape?)")
    codes = np.array([BY_NAME[str(n)].code for n in names], dtype=np.int64)
    arrays = {k: _field(data, k, "int") for k in _INT_FIELDS}
    for k, a in arrays.items():
        if a.ndim != 1:
            raise TapeFormatError(f"{k}: expected a 1-d array, got shape {a.shape}")
    op = arrays["op"]
    if op.size and (op.min() < 0 or op.max() >= codes.size):
        raise TapeFormatError(f"op: opcode outside the file's op_names (0..{codes.size - 1})")
    consts = _field(data, "consts", "float")
    in_shape, out_shape = arrays["in_shape"], arrays["out_shape"]
    if np.any(in_shape < 0) or np.any(out_shape < 0):
        raise TapeFormatError("in_shape/out_shape: negative dimension")
    names_in = _input_names(_field(data, "input_keys", "str"), arrays["input_ndim"],
                            arrays["input_shapes"])
    return dict(op=codes[op] if op.size else op.astype(np.int32), flags=arrays["flags"],
                out_ptr=arrays["out_ptr"], args=arrays["args"], iargs=arrays["iargs"],
                consts=consts, n_in=_scalar(data, "n_in"), dep=arrays["dep"],
                in_shape=tuple(int(v) for v in in_shape),
                out_shape=tuple(int(v) for v in out_shape), input_names=names_in)


def _input_names(keys, ndim, shapes):
    if keys.size == 0:
        return None
    if keys.ndim != 1 or ndim.size != keys.size or np.any(ndim < 0) or \
            ndim.sum() != shapes.size or np.any(shapes < 0):
        raise TapeFormatError("input_keys/input_ndim/input_shapes: inconsistent")
    out, start, pos = {}, 0, 0
    for key, d in zip(keys, ndim):
        shape = tuple(int(v) for v in shapes[pos:pos + d])
        pos += int(d)
        size = int(np.prod(shape))
        out[str(key)] = (slice(start, start + size), shape)
        start += size
    return out
