"""``nt.map``: a tape at many points, on this machine or on a Dask cluster.

Without a client the points go to the tape's own ``F.map`` (threads on this machine).  With a
``dask.distributed`` client the rows of ``X`` are split into a few chunks per worker thread,
each chunk is evaluated on a worker, and the results are gathered in order.

A tape travels to the workers as its validated arrays, never as pickled code: the client saves
it in the tape file format (``F.save``: an ``.npz`` of plain arrays) and scatters those bytes
to every worker once per call; a worker rebuilds the tape with ``nt.load``, which checks every
field, index and size before any sweep, and refuses a payload whose arrays do not hash to the
key it came with.  Each worker process keeps the tapes it rebuilt, keyed by that content hash
(``content_key``), so calls with the same tape rebuild it once per worker and reuse its
workspaces and compiled code.

Dask is an optional dependency (``pip install numtape[dask]``), imported only when a client
is given.
"""
from __future__ import annotations

import collections
import hashlib
import os
import pathlib
import tempfile
import threading

import numpy as np

from numtape.errors import TapeFormatError
from numtape.tape import Tape, load
from numtape.tape.tape import as_real

WHAT = ("value", "gradient", "jacobian")
CHUNKS_PER_THREAD = 4    # a few chunks per worker thread: a slow one holds back a quarter share
_MAP_METHOD = {"value": "map", "gradient": "gradient_map", "jacobian": "jacobian_map"}
_KEEP = 8                # tapes each worker process keeps rebuilt
_TAPES: collections.OrderedDict = collections.OrderedDict()   # content key -> Tape (per process)
_TAPES_LOCK = threading.Lock()


def map(F, X, client=None, what="value", progress=False):   # nt.map: shadows the builtin
    """``F`` at every row of ``X``, stacked, as ``F.map``: locally, or on a Dask client.

    Parameters
    ----------
    F : Tape
        The tape.  With a client it must have an array format (``F.save`` works): tapes
        holding atomic calls or inner solves (``laplace``, ``newton``) run locally only.
    X : array_like or dict
        Points: shape ``(B,) + F.in_shape`` or ``(B, F.n_in)``; for named inputs also a dict
        of arrays of shape ``(B,) + shape``.
    client : distributed.Client, optional
        Evaluate on this client's workers: a few chunks of rows per worker thread; the tape is
        sent once per worker as its validated arrays (module docstring).  None: this machine
        (``F.map``'s threads).
    what : {"value", "gradient", "jacobian"}
        Per row, as ``F.map`` / ``F.gradient_map`` / ``F.jacobian_map``: ``F(x)`` (shape
        ``F.out_shape``), the gradient of a scalar tape (shape ``F.in_shape``; a dict of
        ``(B,) + shape`` arrays for named inputs), or the ``(F.n_out, F.n_in)`` Jacobian.
    progress : bool
        Show a progress bar: Dask's with a client, tqdm's locally (when installed).

    Returns
    -------
    numpy.ndarray or dict
        Shape ``(B,) + per-row shape``, equal to the per-point calls bit for bit.

    Examples
    --------
    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
    >>> nt.map(F, [[1.0, 2.0], [3.0, 4.0]])
    array([ 5., 25.])
    >>> nt.map(F, [[1.0, 2.0], [3.0, 4.0]], what="gradient")
    array([[2., 4.],
           [6., 8.]])
    """
    X = rows(F, X, what)
    B = X.shape[0]
    if B == 0:
        flat = np.zeros((0, row_size(F, what)))
    elif client is None:
        if not progress:
            flat = _local_map(F, X, what)
        else:
            parts = np.array_split(X, min(B, 100))
            flat = np.concatenate([_local_map(F, part, what)
                                   for part in progress_bar(parts, "nt.map")])
    else:
        distributed = dask_distributed("nt.map(..., client=...)")
        check_client(client, distributed, "nt.map")
        key, raw = tape_payload(F)
        payload = client.scatter(raw, broadcast=True, hash=False)
        chunks = client.scatter(np.array_split(X, chunk_count(client, B)), hash=False)
        futures = [client.submit(_map_chunk, key, payload, chunk, what, pure=False)
                   for chunk in chunks]
        if progress:
            distributed.progress(futures)
        flat = np.concatenate(client.gather(futures))
    return shaped(F, flat, what)


def _local_map(F, X, what="value", workers=None):
    """Rows X (B, n_in) through ``F.map`` / ``F.gradient_map`` / ``F.jacobian_map`` (threads),
    one flat row of results per point: (B, row_size).  The one place nt.map evaluates."""
    out = getattr(F, _MAP_METHOD[what])(X, workers=workers)
    if isinstance(out, dict):   # gradients of named inputs, in input order
        return np.concatenate([np.reshape(v, (X.shape[0], -1)) for v in out.values()], axis=1)
    return np.reshape(out, (X.shape[0], -1))


def _map_chunk(key, raw, X, what):
    """A worker's task: the rows X through the tape of ``key`` (rebuilt from ``raw`` once per
    worker process).  One thread per task: Dask runs the tasks side by side."""
    return _local_map(worker_tape(key, raw), X, what, workers=1)


# ---- shapes ---------------------------------------------------------------------------------
def rows(F, X, what):
    """X as a (B, F.n_in) float64 array (module docstring of ``map`` for the accepted forms);
    TypeError/ValueError naming the problem otherwise."""
    if not isinstance(F, Tape):
        raise TypeError(f"nt.map: F must be a Tape, got {type(F).__name__}")
    if what not in WHAT:
        raise ValueError(f"nt.map: what={what!r} is not one of {', '.join(WHAT)}")
    if what == "gradient" and F.n_out != 1:
        raise ValueError(f"nt.map: what='gradient' needs a scalar tape; this one has "
                         f"{F.n_out} outputs (use what='jacobian')")
    if isinstance(X, dict):
        if F.input_names is None or set(X) != set(F.input_names):
            raise ValueError(f"nt.map: X has keys {list(X)}; the tape's inputs are "
                             f"{list(F.input_names or [])}")
        parts = [as_real(X[k], f"nt.map: X[{k!r}]") for k in F.input_names]
        shapes = [tuple(shape) for _, shape in F.input_names.values()]
        if len({v.shape[:1] for v in parts}) > 1 or any(
                v.ndim == 0 or v.shape[1:] != s for v, s in zip(parts, shapes)):
            raise ValueError(f"nt.map: X has shapes {[v.shape for v in parts]}; expected "
                             f"{[('B',) + s for s in shapes]} (the same B for every input)")
        B = parts[0].shape[0] if parts else 0
        return np.concatenate([v.reshape(B, -1) for v in parts] + [np.zeros((B, 0))], axis=1)
    X = as_real(X, "nt.map: X")
    if X.ndim < 1 or (X.shape[1:] != F.in_shape and X.shape[1:] != (F.n_in,)):
        raise ValueError(f"nt.map: X has shape {X.shape}; expected (B,) + {F.in_shape} "
                         f"or (B, {F.n_in}) (one point per row)")
    return X.reshape(X.shape[0], F.n_in)


def row_size(F, what):
    return {"value": F.n_out, "gradient": F.n_in, "jacobian": F.n_out * F.n_in}[what]


def shaped(F, flat, what):
    """Flat (B, row_size) results shaped as ``F.map`` & co. shape them."""
    B = flat.shape[0]
    if what == "value":
        return flat.reshape((B,) + F.out_shape)
    if what == "jacobian":
        return flat.reshape(B, F.n_out, F.n_in)
    if F.input_names is None:
        return flat.reshape((B,) + F.in_shape)
    return {name: flat[:, sl].reshape((B,) + tuple(shape))
            for name, (sl, shape) in F.input_names.items()}


# ---- the tape payload: its file format, as bytes --------------------------------------------
def content_key(F):
    """SHA-256 of a tape's arrays and shapes (hex): equal for equal tapes, whichever process
    recorded or loaded them."""
    h = hashlib.sha256()
    for name, v in sorted(F.arrays().items()):
        if name == "subtapes":
            continue
        if isinstance(v, np.ndarray):
            v = np.ascontiguousarray(v, dtype=np.float64 if v.dtype.kind == "f" else np.int64)
            h.update(f"{name}:{v.shape}:".encode())
            h.update(v.tobytes())
        else:
            h.update(f"{name}:{v!r};".encode())
    return h.hexdigest()


def tape_payload(F):
    """``(content_key(F), bytes of F's tape file)``: what a worker needs to rebuild F."""
    with tempfile.TemporaryDirectory(prefix="numtape-") as d:
        try:
            path = F.save(pathlib.Path(d) / "tape.npz")
        except ValueError as e:
            raise ValueError(f"this tape cannot be sent to Dask workers as arrays ({e}); "
                             "evaluate it locally (client=None)") from e
        return content_key(F), path.read_bytes()


def tape_from_payload(raw):
    """The tape of a payload's bytes, through ``nt.load``'s validation (TapeFormatError on
    anything malformed)."""
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise TapeFormatError(f"tape payload: expected bytes, got {type(raw).__name__}")
    with tempfile.TemporaryDirectory(prefix="numtape-") as d:
        path = os.path.join(d, "tape.npz")
        with open(path, "wb") as fh:
            fh.write(raw)
        try:
            return load(path)
        except TapeFormatError as e:
            raise TapeFormatError(str(e).replace(path, "tape payload")) from None


def worker_tape(key, raw):
    """The tape of content key ``key``: rebuilt from ``raw`` on first use in this process and
    kept (the last few), so a worker validates and warms up each tape once."""
    with _TAPES_LOCK:
        F = _TAPES.get(key)
        if F is None:
            F = tape_from_payload(raw)
            if content_key(F) != key:
                raise TapeFormatError("tape payload: its arrays do not match the content key "
                                      "it was sent with")
            _TAPES[key] = F
            while len(_TAPES) > _KEEP:
                _TAPES.popitem(last=False)
        _TAPES.move_to_end(key)
        return F


# ---- Dask, imported on demand ---------------------------------------------------------------
def dask_distributed(what):
    """The ``distributed`` module, or ImportError naming the extra that installs it."""
    try:
        import distributed
    except ImportError as e:
        raise ImportError(f"{what} needs dask.distributed: pip install numtape[dask] "
                          f"(or dask[distributed])") from e
    return distributed


def check_client(client, distributed, what):
    if not isinstance(client, distributed.Client):
        raise TypeError(f"{what}: client must be a distributed.Client, got "
                        f"{type(client).__name__}")


def chunk_count(client, n):
    """How many chunks to split ``n`` rows (or replicates) into: a few per worker thread of
    ``client``, at most ``n``."""
    threads = sum(client.nthreads().values())
    return max(1, min(n, CHUNKS_PER_THREAD * max(threads, 1)))


def progress_bar(iterable, desc, total=None):
    """``iterable`` under a tqdm bar when tqdm is installed (else as it is)."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return iterable
    return tqdm(iterable, desc=desc, total=total)
