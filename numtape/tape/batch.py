"""Batched replay: a tape at every row of a batch, on worker threads (``Tape.map``,
``Tape.gradient_map``, ``Tape.jacobian_map``; README.md, "Many points, cores and machines").

* **Jitted rows.**  Each chunk of rows runs in one jitted loop (``_values``, ``_gradients``,
  ``_jacobians``) that sweeps the tape's plan (the interpreter, and the fused runs and
  re-rolled loops of a compiled tape) by calling the compiled kernels by address
  (native.py): no Python per row.  The loops take plain arrays and addresses, so they are
  compiled once per machine (``cache=True``) and serve every tape.
* **Fallback.**  A tape with host ops (LAPACK linear algebra, atomic calls) runs a Python
  loop over its rows through ``Sweeps`` in each worker thread; the jitted segments and LAPACK
  release the GIL, so it is still parallel where the work is.
* **The same numbers.**  Each row runs the kernels a per-point call runs, with the same
  arguments, from the same state: adjoints are zero outside the constants before every
  reverse sweep, zeroed by the forward sweep or left clean by a clearing reverse sweep exactly
  as ``Sweeps.gradient``/``Sweeps.reverse`` do; the Jacobian takes the same chunks of 64 seed
  directions.  So results equal per-point calls bit for bit.
* **Threads.**  Up to ``workers`` threads (default ``os.cpu_count()``): the calling thread
  and helpers from a shared pool take chunks of rows from one counter (a helper the pool
  cannot start before the rows run out is dropped); batches below ``SMALL_BATCH`` run on the
  calling thread alone.  Each thread owns its arena, scratch and adjoint arrays, never
  shared, kept per tape plan and reused by the thread's next call (``_workspace``: no fresh
  arenas and page faults per call on large tapes).  Tapes with block products pin BLAS to one
  thread while they run, as ``Sweeps`` does.
"""
from __future__ import annotations

import math
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from numtape.kernels.jit import jit
from numtape.tape import blas, native

SEED_CHUNK = 64        # seed directions per sweep (Tape.jacobian too): bounds (k, arena)
_ONE = np.ones((1, 1))
_CHUNKS_PER_WORKER = 8  # rows are handed out in this many chunks per thread (load balance)
SMALL_BATCH = 50_000    # rows x arena slots below which one thread does it all (sweeps
                        # cheaper than handing chunks to other threads; costs.py: batch)


# ---- jitted row loops: plain arrays in, the plan's kernels called by address (native.py) -----
@jit
def _load_row(val, X, b):
    for i in range(X.shape[1]):
        val[i] = X[b, i]


@jit
def _values(P, pool, op, flags, uout, uargs, args, iargs, dep, X, Y, val, work, row):
    """Y[b] = outputs at X[b] for every row b."""
    zero = False
    for b in range(X.shape[0]):
        _load_row(val, X, b)
        native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, zero)
        for j in range(dep.shape[0]):
            Y[b, j] = val[dep[j]]


@jit
def _gradients(P, pool, op, flags, uout, uargs, args, iargs, dep, clear, X, G, val, work,
               adj):
    """G[b] = gradient of the scalar output at X[b] (Sweeps.gradient's zeroing contract)."""
    n_in = X.shape[1]
    row = adj[0]
    clean = False
    for b in range(X.shape[0]):
        _load_row(val, X, b)
        zero = not clean
        native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, zero)
        row[:n_in] = 0.0
        row[dep[0]] = 1.0
        native.reverse(P, pool, op, flags, uout, uargs, args, iargs, val, adj, work, clear)
        clean = clear
        for i in range(n_in):
            G[b, i] = row[i]


@jit
def _jacobians(P, pool, op, flags, uout, uargs, args, iargs, dep, clear, c1, X, J, val, work,
               row, A, B):
    """J[b] = (m, n) Jacobian at X[b]: reverse sweeps of up to SEED_CHUNK seeds for m <= n
    (``A`` and ``B`` hold the full and the last chunk's adjoints), tangent sweeps otherwise
    (``A``, ``B`` tangents); Tape.jacobian's chunks, Sweeps.reverse's zeroing."""
    n_in, m = X.shape[1], dep.shape[0]
    zero = False
    clean_a = False
    clean_b = False
    for b in range(X.shape[0]):
        _load_row(val, X, b)
        native.forward(P, pool, op, flags, uout, uargs, args, iargs, val, work, row, zero)
        if m <= n_in:
            for s in range(0, m, SEED_CHUNK):
                e = min(m, s + SEED_CHUNK)
                full = e - s == A.shape[0]
                W = A if full else B
                W[:, :n_in] = 0.0
                if not (clean_a if full else clean_b):
                    W[:, c1:] = 0.0
                for j in range(e - s):
                    for i in range(m):
                        W[j, dep[i]] = 1.0 if i == s + j else 0.0
                native.reverse(P, pool, op, flags, uout, uargs, args, iargs, val, W, work,
                               clear)
                if full:
                    clean_a = clear
                else:
                    clean_b = clear
                for j in range(e - s):
                    for i in range(n_in):
                        J[b, s + j, i] = W[j, i]
        else:
            for s in range(0, n_in, SEED_CHUNK):
                e = min(n_in, s + SEED_CHUNK)
                T = A if e - s == A.shape[0] else B
                T[:, :n_in] = 0.0
                for j in range(e - s):
                    T[j, s + j] = 1.0
                native.tangent(P, pool, op, flags, uout, uargs, args, iargs, val, T, work)
                for i in range(m):
                    for j in range(e - s):
                        J[b, i, s + j] = T[j, dep[i]]


# ---- inputs ---------------------------------------------------------------------------------
def check_workers(workers):
    """``workers`` as a positive int (None: ``os.cpu_count()``)."""
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)):
        raise TypeError(f"workers: expected a positive int or None, got {workers!r}")
    if workers < 1:
        raise ValueError(f"workers: expected a positive int or None, got {workers}")
    return int(workers)


def rows(F, X, what, convert):
    """The batch ``X`` as a C-contiguous (B, n_in) float64 array: an array of shape
    ``(B,) + F.in_shape`` (or (B, n_in), flat rows), or for tapes with named inputs a dict of
    arrays of shape ``(B,) + shape`` each; ``convert(x, what)`` makes float64 arrays (tape.py's
    ``as_real``)."""
    if isinstance(X, dict):
        if F.input_names is None:
            raise ValueError(f"{what}: this tape takes an array of rows, not a dict")
        if set(X) != set(F.input_names):
            raise ValueError(f"{what}: X has keys {list(X)}; the tape's inputs are "
                             f"{list(F.input_names)}")
        parts = {k: convert(X[k], f"{what}: X[{k!r}]") for k in F.input_names}
        batch = {v.shape[0] for v in parts.values() if v.ndim}
        if len(batch) > 1 or any(v.shape[1:] != tuple(shape) or v.ndim == 0
                                 for v, (_, shape) in zip(parts.values(),
                                                          F.input_names.values())):
            given = {k: v.shape for k, v in parts.items()}
            expected = {k: ("B",) + tuple(s) for k, (_, s) in F.input_names.items()}
            raise ValueError(f"{what}: X has shapes {given}; expected {expected} (the same B "
                             "for every input)")
        B = batch.pop() if batch else 0
        flat = [v.reshape(B, math.prod(shape))
                for v, (_, shape) in zip(parts.values(), F.input_names.values())]
        return np.ascontiguousarray(np.concatenate(flat, axis=1) if flat
                                    else np.zeros((B, 0)))
    X = convert(X, f"{what}: X")
    shape = tuple(F.in_shape)
    if X.ndim < 1 or (X.shape[1:] != shape and X.shape[1:] != (F.n_in,)):
        raise ValueError(f"{what}: X has shape {X.shape}; expected (B,) + {shape} "
                         f"(B rows of the tape's input shape) or (B, {F.n_in})")
    return np.ascontiguousarray(X.reshape(X.shape[0], F.n_in))


# ---- drivers --------------------------------------------------------------------------------
def _jitted(F, *sweeps):
    """The tape's NativePlan with the addresses of ``sweeps``, or None: swept from Python."""
    if numba.config.DISABLE_JIT:
        return None
    K = native.native_plan(F, *sweeps)
    return None if K is None else K.need(*sweeps)


def values(F, X, workers):
    """(B, n_out) outputs at the rows of X (B, n_in)."""
    Y = np.empty((X.shape[0], F.n_out))
    K = _jitted(F, "forward")
    if K is not None:
        def chunk(b0, b1, ws):
            _values(K.plan, K.pool, *K.kargs, K.dep, X[b0:b1], Y[b0:b1], ws["val"],
                    ws["work"], ws["row"])
    else:
        S = F.sweeps

        def chunk(b0, b1, ws):
            for b in range(b0, b1):
                Y[b] = S.forward(X[b])[S.out]
    _run(F, K, X.shape[0], workers, chunk, kind="val")
    return Y


def gradients(F, X, workers):
    """(B, n_in) gradients of a scalar tape at the rows of X."""
    G = np.empty(X.shape)
    K = _jitted(F, "forward", "reverse")
    if K is not None:
        def chunk(b0, b1, ws):
            _gradients(K.plan, K.pool, *K.kargs, K.dep, K.clear, X[b0:b1], G[b0:b1],
                       ws["val"], ws["work"], ws["adj"])
    else:
        S = F.sweeps

        def chunk(b0, b1, ws):
            for b in range(b0, b1):
                G[b] = S.gradient(X[b], _ONE)[0]
    _run(F, K, X.shape[0], workers, chunk, adjoints=(1,))
    return G


def jacobians(F, X, workers):
    """(B, n_out, n_in) Jacobians at the rows of X."""
    m, n = F.n_out, F.n_in
    J = np.empty((X.shape[0], m, n))
    dirs = min(m, n)
    K = _jitted(F, "forward", "reverse" if m <= n else "tangent") if dirs else None
    if K is not None:
        c1 = K.n_in + K.consts.size

        def chunk(b0, b1, ws):
            _jacobians(K.plan, K.pool, *K.kargs, K.dep, K.clear, c1, X[b0:b1], J[b0:b1],
                       ws["val"], ws["work"], ws["row"], ws["adj"], ws["adj2"])
    else:
        def chunk(b0, b1, ws):
            for b in range(b0, b1):
                J[b] = F.jacobian(X[b])
    chunks = (min(dirs, SEED_CHUNK), dirs % SEED_CHUNK or 1)   # full, and a last shorter one
    _run(F, K, X.shape[0], workers, chunk, adjoints=chunks, kind="adj" if m <= n else "tan")
    return J


def _workspace(K, adjoints, kind):
    """One thread's arrays: arena (constants written), scratch, a spare adjoint row and, for
    ``kind`` "adj" or "tan", (k, arena) adjoint or tangent arrays for ``adjoints`` = (k,) or
    (k_full, k_last), zero when made.  Kept in the thread's slot of ``K.local`` and reused by
    its next call ("val" for values: no such arrays), a fresh set while that one is in use:
    the row loops need no zero adjoints (they zero them at their first row, as ``Sweeps``
    does), tangents keep the constants' rows zero (no sweep writes them), and adjoints and
    tangents are never the same arrays."""
    if K is None:
        return None
    key = (kind, tuple(adjoints))
    kept = K.local.__dict__
    ws = kept.get(key)
    if ws is not None and not ws["busy"]:
        ws["busy"] = True
        return ws
    val = np.empty(K.arena_size)
    val[K.n_in:K.n_in + K.consts.size] = K.consts
    ws = {"val": val, "work": np.empty(K.work_size), "row": np.zeros(1), "busy": True}
    for name, k in zip(("adj", "adj2"), adjoints):
        ws[name] = np.zeros((k, K.arena_size))
    kept.setdefault(key, ws)
    return ws


def _run(F, K, n_rows, workers, chunk, adjoints=(), kind="adj"):
    """``chunk(b0, b1, workspace)`` over [0, n_rows) in chunks, on up to ``workers`` threads:
    the calling thread and ``workers - 1`` of a shared pool (one thread for small batches)."""
    if n_rows == 0:
        return
    threads = min(workers, n_rows)
    if n_rows * max(F.arena_size, 1) < SMALL_BATCH:
        threads = 1
    size = math.ceil(n_rows / (threads * _CHUNKS_PER_WORKER)) if threads > 1 else n_rows
    starts = iter(range(0, n_rows, size))
    lock = threading.Lock()

    def work():
        ws = _workspace(K, adjoints, kind)
        try:
            while True:
                with lock:
                    b0 = next(starts, None)
                if b0 is None:
                    return
                chunk(b0, min(n_rows, b0 + size), ws)
        finally:
            if ws is not None:
                ws["busy"] = False

    pinned = K is not None and K.products
    if pinned:
        blas.enter()
    try:
        helpers = _submit(work, threads - 1)
        try:
            work()
        finally:
            # helpers not started yet (a busy pool) have nothing left to do: drop them
            for f in helpers:
                if not f.cancel():
                    f.result()
    finally:
        if pinned:
            blas.leave()


def _submit(fn, k):
    """``k`` calls of ``fn`` on the shared pool, grown to at least k threads (submitted under
    the lock, so a pool being replaced never receives work)."""
    if k < 1:
        return []
    with _pool_lock:
        ex, n = _pool.get("executor"), _pool.get("threads", 0)
        if ex is None or n < k:
            if ex is not None:
                ex.shutdown(wait=False)   # its running chunks finish; it takes no more
            ex = ThreadPoolExecutor(k, thread_name_prefix="numtape-map")
            _pool.update(executor=ex, threads=k)
        return [ex.submit(fn) for _ in range(k)]


def _forget_pool():
    """In a forked child the pool's threads do not exist (and its lock may be held by a thread
    that does not either): start anew when needed."""
    global _pool_lock
    _pool.clear()
    _pool_lock = threading.Lock()


_pool: dict = {}
_pool_lock = threading.Lock()
if hasattr(os, "register_at_fork"):   # POSIX
    os.register_at_fork(after_in_child=_forget_pool)
