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

import io
import math
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
    names = np.array([OPS[c].name for c in used], dtype=str)
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
    if name not in data:   # data: the checked members, {field: array}
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


_FIELDS = ("magic", "version", "op_names", "consts", "n_in", "input_keys") + _INT_FIELDS
_KINDS = "iufU"            # integer, float and string payloads; anything else is refused
_MAX_RATIO = 100           # a member inflating more than this from compressed data is refused
_SMALL = 1 << 20           # (unless it is this small)


def read(path):
    """The constructor arguments of the tape written to ``path`` by ``Tape.save`` (``nt.load``
    builds the Tape, which validates them).

    Every failure to read the file raises TapeFormatError naming the problem, before any large
    allocation: the archive's members are checked against the fields a tape has, each
    member's declared size against the file's size (no member inflates more than 100-fold,
    which stops zip bombs before they inflate), and each ``.npy`` header's dtype and shape
    against the bytes it really holds.  A missing file stays FileNotFoundError."""
    try:
        size = os.path.getsize(path)
        zf = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise
    except Exception as e:   # BadZipFile, OSError, ValueError, ... : not a zip archive
        raise TapeFormatError(f"not a numtape tape file: {path} ({type(e).__name__}: {e})") \
            from e
    try:
        with zf:
            return _build(_members(zf, size))
    except TapeFormatError as e:
        raise TapeFormatError(f"{path}: {e}") from None
    except Exception as e:   # zipfile and header parsing raise many types on corrupt bytes
        raise TapeFormatError(f"corrupted tape file {path}: {type(e).__name__}: {e}") from e


def _members(zf, file_size):
    """{field: array} of the archive, each member checked before it is read."""
    out = {}
    for info in zf.infolist():
        name = info.filename[:-4] if info.filename.endswith(".npy") else None
        if name in out:
            raise TapeFormatError(f"repeated member {info.filename!r}")
        if name not in _FIELDS:   # not a field this numtape reads: never inflated
            continue
        if info.file_size > _SMALL and (info.compress_size == 0 or
                                        info.file_size > _MAX_RATIO * info.compress_size
                                        or info.compress_size > file_size):
            raise TapeFormatError(f"{name}: member declares {info.file_size} bytes from "
                                  f"{info.compress_size} compressed (refused)")
        with zf.open(info) as fh:
            raw = fh.read(info.file_size + 1)   # never more than declared
        if len(raw) != info.file_size:
            raise TapeFormatError(f"{name}: member holds {len(raw)} bytes, its header says "
                                  f"{info.file_size}")
        out[name] = _npy(name, raw)
    return out


def _npy(name, raw):
    """The array of an ``.npy`` payload, its header checked against the bytes it holds."""
    fh = io.BytesIO(raw)
    version = np.lib.format.read_magic(fh)
    readers = {(1, 0): np.lib.format.read_array_header_1_0,
               (2, 0): np.lib.format.read_array_header_2_0}
    if version not in readers:
        raise TapeFormatError(f"{name}: unsupported .npy version {version}")
    shape, fortran, dtype = readers[version](fh, max_header_size=10000)
    if dtype.kind not in _KINDS or dtype.hasobject or dtype.fields is not None:
        raise TapeFormatError(f"{name}: dtype {dtype} is not a tape field's")
    count = math.prod(shape)
    if count * dtype.itemsize != len(raw) - fh.tell():
        raise TapeFormatError(f"{name}: header declares shape {shape} of {dtype}, the member "
                              f"holds {len(raw) - fh.tell()} bytes")
    a = np.frombuffer(raw, dtype=dtype, count=count, offset=fh.tell())
    return a.reshape(shape[::-1]).T if fortran else a.reshape(shape)


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
    for k, shape in (("in_shape", in_shape), ("out_shape", out_shape)):
        if math.prod(int(v) for v in shape) >= 1 << 62:
            raise TapeFormatError(f"{k}: {tuple(shape)} holds more values than any tape")
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
    if len(set(keys.tolist())) != keys.size:
        raise TapeFormatError(f"input_keys: repeated input names {keys.tolist()}")
    out, start, pos = {}, 0, 0
    for key, d in zip(keys, ndim):
        shape = tuple(int(v) for v in shapes[pos:pos + d])
        pos += int(d)
        size = math.prod(shape)
        if size >= 1 << 62:
            raise TapeFormatError(f"input_shapes: {shape} holds more values than any tape")
        out[str(key)] = (slice(start, start + size), shape)
        start += size
    return out
