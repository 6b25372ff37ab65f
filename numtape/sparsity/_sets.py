"""Numba kernels of sparsity propagation over a tape: index sets forward, liveness and
nonlinear interactions in reverse.

Every arena slot s holds the set of inputs it structurally depends on, stored as a run
``pool[start[s]:start[s] + length[s]]`` of a growing int64 pool.  Runs are never modified once
written, so a slot whose set equals an operand's (a gather, a unary op, a union with an empty
set) *aliases* that run instead of copying it: gathers and unary chains cost O(1) per element,
and a banded tape costs O(tape size).  Unions deduplicate with a stamp array over the inputs, so
runs are duplicate-free (their order is irrelevant: the csr assembly sorts).

The per-opcode rule codes come from the tables in ``numtape/sparsity/pattern.py``.
"""
import numpy as np

from numtape.kernels.jit import jit

# Jacobian dependence rule of an opcode (ROWS: iargs[q] rows; output row r depends on row r of
# every operand, each operand and the output split evenly into the rows; SOLVE: X (m, k) =
# A^-1 B with (m, k) = iargs[q:q+2], column j of X depends on all of A and column j of B)
NONE, EW, GATHER, REDUCE, CUMSUM, MATMUL, DENSE, ROWS, SOLVE = range(9)
# Hessian interaction rule of an opcode (which operand sets meet in a second derivative)
LINEAR, JOINT, CROSS, DIV, PROD = range(5)


@jit
def _room(a, top, need):
    """``a`` with room for ``need`` more entries after ``top`` (doubling, amortized O(1))."""
    if top + need <= a.size:
        return a
    b = np.empty(max(2 * a.size, top + need), dtype=a.dtype)
    b[:top] = a[:top]
    return b


@jit
def _union(cs, cl, cnt, pool, st, mark):
    """Union of the ``cnt`` runs (cs[i], cl[i]) -> (pool, start, length).

    An empty result is (0, 0); a single distinct non-empty run is aliased, not copied.
    ``st`` holds [pool top, stamp]; ``mark`` is the per-input stamp array."""
    first = -1
    need = 0
    distinct = 0
    for i in range(cnt):
        if cl[i] == 0:
            continue
        if first < 0:
            first = i
        elif cs[i] == cs[first] and cl[i] == cl[first]:
            continue
        distinct += 1
        need += cl[i]
    if distinct == 0:
        return pool, 0, 0
    if distinct == 1:
        return pool, cs[first], cl[first]
    top = st[0]
    pool = _room(pool, top, need)
    st[1] += 1
    stamp = st[1]
    s0 = top
    for i in range(cnt):
        for t in range(cs[i], cs[i] + cl[i]):
            e = pool[t]
            if mark[e] != stamp:
                mark[e] = stamp
                pool[top] = e
                top += 1
    st[0] = top
    return pool, s0, top - s0


@jit
def forward_sets(op, flags, out_ptr, args, arg_ptr, arg_len, iargs, iarg_ptr, rule, dmask,
                 n_in):
    """Input-dependence sets of every arena slot -> (start, length, pool)."""
    arena = out_ptr[out_ptr.size - 1]
    start = np.zeros(arena, dtype=np.int64)
    length = np.zeros(arena, dtype=np.int64)
    pool = np.empty(max(64, 4 * n_in), dtype=np.int64)
    for i in range(n_in):
        pool[i] = i
        start[i] = i
        length[i] = 1
    st = np.array([n_in, 0], dtype=np.int64)
    mark = np.full(max(n_in, 1), -1, dtype=np.int64)
    cs = np.empty(8, dtype=np.int64)
    cl = np.empty(8, dtype=np.int64)
    for k in range(op.size):
        code = op[k]
        r = rule[code]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        p = arg_ptr[k]
        nar = arg_ptr[k + 1] - p
        q = iarg_ptr[k]
        if r == EW:
            for i in range(n):
                cnt = 0
                for j in range(nar):
                    if (dmask[code] >> j) & 1:
                        a = args[p + j] + (0 if (flags[k] >> j) & 1 else i)
                        cs[cnt] = start[a]
                        cl[cnt] = length[a]
                        cnt += 1
                pool, start[o + i], length[o + i] = _union(cs, cl, cnt, pool, st, mark)
        elif r == GATHER:
            for i in range(n):
                a = args[p + i]
                start[o + i] = start[a]
                length[o + i] = length[a]
        elif r == REDUCE or r == CUMSUM:
            outer, m, inner, x = iargs[q], iargs[q + 1], iargs[q + 2], args[p]
            cs = _room(cs, 0, m + 1)
            cl = _room(cl, 0, m + 1)
            for a in range(outer):
                for b in range(inner):
                    if r == REDUCE:
                        for i in range(m):
                            s = x + (a * m + i) * inner + b
                            cs[i] = start[s]
                            cl[i] = length[s]
                        pool, start[o + a * inner + b], length[o + a * inner + b] = \
                            _union(cs, cl, m, pool, st, mark)
                        continue
                    cs[0] = 0
                    cl[0] = 0
                    for i in range(m):  # prefix unions, each from the previous one
                        s = (a * m + i) * inner + b
                        cs[1] = start[x + s]
                        cl[1] = length[x + s]
                        pool, cs[0], cl[0] = _union(cs, cl, 2, pool, st, mark)
                        start[o + s] = cs[0]
                        length[o + s] = cl[0]
        elif r == MATMUL:
            m, kk, nn, xa, xb = iargs[q], iargs[q + 1], iargs[q + 2], args[p], args[p + 1]
            cs = _room(cs, 0, max(kk, 2))
            cl = _room(cl, 0, max(kk, 2))
            rs = np.empty(m, dtype=np.int64)
            rl = np.empty(m, dtype=np.int64)
            for i in range(m):  # sets of A's rows
                for t in range(kk):
                    cs[t] = start[xa + i * kk + t]
                    cl[t] = length[xa + i * kk + t]
                pool, rs[i], rl[i] = _union(cs, cl, kk, pool, st, mark)
            for j in range(nn):  # set of B's column j, then C[i, j] = row i | column j
                for t in range(kk):
                    cs[t] = start[xb + t * nn + j]
                    cl[t] = length[xb + t * nn + j]
                pool, c0, c1 = _union(cs, cl, kk, pool, st, mark)
                for i in range(m):
                    cs[0], cl[0], cs[1], cl[1] = rs[i], rl[i], c0, c1
                    pool, start[o + i * nn + j], length[o + i * nn + j] = \
                        _union(cs, cl, 2, pool, st, mark)
        elif r == ROWS:
            rows = iargs[q]
            cs = _room(cs, 0, n + 1)
            cl = _room(cl, 0, n + 1)
            width = n // rows
            for row in range(rows):
                cnt = 0
                for j in range(nar):
                    w = arg_len[p + j] // rows
                    for t in range(args[p + j] + row * w, args[p + j] + (row + 1) * w):
                        cs, cl = _room(cs, cnt, 1), _room(cl, cnt, 1)
                        cs[cnt] = start[t]
                        cl[cnt] = length[t]
                        cnt += 1
                pool, s0, l0 = _union(cs, cl, cnt, pool, st, mark)
                start[o + row * width:o + (row + 1) * width] = s0
                length[o + row * width:o + (row + 1) * width] = l0
        elif r == SOLVE:
            m, kk, xa, xb = iargs[q], iargs[q + 1], args[p], args[p + 1]
            cs = _room(cs, 0, m * m + 1)
            cl = _room(cl, 0, m * m + 1)
            for t in range(m * m):
                cs[t] = start[xa + t]
                cl[t] = length[xa + t]
            pool, sa, la = _union(cs, cl, m * m, pool, st, mark)
            for j in range(kk):   # X[:, j] = A^-1 B[:, j]: A and column j of B
                cs[0], cl[0] = sa, la
                for t in range(m):
                    cs[t + 1] = start[xb + t * kk + j]
                    cl[t + 1] = length[xb + t * kk + j]
                pool, s0, l0 = _union(cs, cl, m + 1, pool, st, mark)
                for i in range(m):
                    start[o + i * kk + j] = s0
                    length[o + i * kk + j] = l0
        elif r == DENSE:
            total = 0
            for j in range(nar):
                total += arg_len[p + j]
            cs = _room(cs, 0, total)
            cl = _room(cl, 0, total)
            cnt = 0
            for j in range(nar):
                for t in range(args[p + j], args[p + j] + arg_len[p + j]):
                    cs[cnt] = start[t]
                    cl[cnt] = length[t]
                    cnt += 1
            pool, s0, l0 = _union(cs, cl, cnt, pool, st, mark)
            start[o:o + n] = s0
            length[o:o + n] = l0
    return start, length, pool[:st[0]]


@jit
def gather_rows(start, length, pool, addrs):
    """CSR (indptr, indices) of the sets of the slots ``addrs`` (one row per address)."""
    indptr = np.zeros(addrs.size + 1, dtype=np.int64)
    for r in range(addrs.size):
        indptr[r + 1] = indptr[r] + length[addrs[r]]
    indices = np.empty(indptr[-1], dtype=np.int64)
    for r in range(addrs.size):
        s = start[addrs[r]]
        indices[indptr[r]:indptr[r + 1]] = pool[s:s + length[addrs[r]]]
    return indptr, indices
