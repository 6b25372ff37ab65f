"""Numba kernel of the Hessian sparsity pattern: reverse liveness plus nonlinear interactions.

d2f/dxi dxj is a sum, over ops, of (output adjoint) * (second partial of the op in operands a
and b) * (da/dxi) * (db/dxj).  So with the forward dependence sets J of ``_sets.forward_sets``,
the pattern is the union, over ops whose output is *live* (structurally reaches the tape's
output through non-zero partials) and over operand pairs (a, b) the op is nonlinear in, of
J(a) x J(b) (Walther's forward-reverse scheme).  Pairs are stored as i * n + j with i <= j in a
growing buffer that is deduplicated when full, so repeated interactions cost no memory.
"""
import numpy as np

from numtape.kernels.jit import jit
from numtape.sparsity._sets import (CROSS, CUMSUM, DENSE, DIV, EW, GATHER, JOINT, LINEAR, MATMUL,
                                  NONE, PROD, REDUCE, ROWS, SOLVE, _union)


@jit
def _unique(a):
    """Sorted unique values of the non-negative codes ``a``, by an LSD radix sort (11 bits a
    pass, as many passes as the largest code needs): Numba's np.unique sorts by quicksort,
    which goes quadratic on such codes (an AR(1) model's (u, u) pairs, many repeated,
    in descending runs)."""
    n = a.size
    b = a.copy()
    if n == 0:
        return b
    tmp = np.empty_like(b)
    count = np.empty(2049, dtype=np.int64)
    hi = b.max()
    shift = 0
    while shift == 0 or (hi >> shift) > 0:
        count[:] = 0
        for i in range(n):
            count[((b[i] >> shift) & 2047) + 1] += 1
        for d in range(2048):
            count[d + 1] += count[d]
        for i in range(n):
            d = (b[i] >> shift) & 2047
            tmp[count[d]] = b[i]
            count[d] += 1
        b, tmp = tmp, b
        shift += 11
    t = 0
    for i in range(n):
        if t == 0 or b[i] != b[t - 1]:
            b[t] = b[i]
            t += 1
    return b[:t]


@jit
def _emit(E, et, s1, l1, s2, l2, pool, n_in):
    """Append the pairs J1 x J2 (runs of ``pool``) to E -> (E, et)."""
    need = l1 * l2
    if need == 0:
        return E, et
    if et + need > E.size:
        u = _unique(E[:et])
        et = u.size
        E[:et] = u
        if 2 * (et + need) > E.size:
            F = np.empty(max(2 * E.size, 2 * (et + need)), dtype=np.int64)
            F[:et] = E[:et]
            E = F
    for t1 in range(s1, s1 + l1):
        i = pool[t1]
        for t2 in range(s2, s2 + l2):
            j = pool[t2]
            E[et] = i * n_in + j if i <= j else j * n_in + i
            et += 1
    return E, et


@jit
def hessian_pairs(op, flags, out_ptr, args, arg_ptr, arg_len, iargs, iarg_ptr, rule, dmask,
                  hrule, start, length, pool, dep, n_in):
    """Sorted unique codes i * n_in + j (i <= j) of the structural Hessian's entries."""
    arena = out_ptr[out_ptr.size - 1]
    live = np.zeros(arena, dtype=np.bool_)
    for r in range(dep.size):
        live[dep[r]] = True
    E = np.empty(1024, dtype=np.int64)
    et = 0
    st = np.array([pool.size, 0], dtype=np.int64)  # unions for DENSE append to the pool
    mark = np.full(max(n_in, 1), -1, dtype=np.int64)
    sl = np.empty(8, dtype=np.int64)  # operand slots of one element
    for k in range(op.size - 1, -1, -1):
        code = op[k]
        r = rule[code]
        h = hrule[code]
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        p = arg_ptr[k]
        nar = arg_ptr[k + 1] - p
        q = iarg_ptr[k]
        if r == NONE:
            continue
        if r == EW:
            for i in range(n):
                if not live[o + i]:
                    continue
                cnt = 0
                for j in range(nar):
                    if (dmask[code] >> j) & 1:
                        sl[cnt] = args[p + j] + (0 if (flags[k] >> j) & 1 else i)
                        live[sl[cnt]] = True
                        cnt += 1
                if h == JOINT:
                    for a in range(cnt):
                        for b in range(a, cnt):
                            E, et = _emit(E, et, start[sl[a]], length[sl[a]], start[sl[b]],
                                          length[sl[b]], pool, n_in)
                elif (h == CROSS or h == DIV) and cnt == 2:
                    E, et = _emit(E, et, start[sl[0]], length[sl[0]], start[sl[1]],
                                  length[sl[1]], pool, n_in)
                    if h == DIV:
                        E, et = _emit(E, et, start[sl[1]], length[sl[1]], start[sl[1]],
                                      length[sl[1]], pool, n_in)
        elif r == GATHER:
            for i in range(n):
                if live[o + i]:
                    live[args[p + i]] = True
        elif r == REDUCE or r == CUMSUM:
            outer, m, inner, x = iargs[q], iargs[q + 1], iargs[q + 2], args[p]
            for a in range(outer):
                for b in range(inner):
                    on = False  # cumsum: element i is live if any output at >= i is
                    for i in range(m - 1, -1, -1):
                        s = (a * m + i) * inner + b
                        if r == REDUCE:
                            on = live[o + a * inner + b]
                        elif live[o + s]:
                            on = True
                        if not on:
                            continue
                        live[x + s] = True
                        if h == PROD:
                            for t in range(i):
                                u = x + (a * m + t) * inner + b
                                E, et = _emit(E, et, start[x + s], length[x + s], start[u],
                                              length[u], pool, n_in)
        elif r == MATMUL:
            m, kk, nn, xa, xb = iargs[q], iargs[q + 1], iargs[q + 2], args[p], args[p + 1]
            for i in range(m):
                for j in range(nn):
                    if not live[o + i * nn + j]:
                        continue
                    for t in range(kk):
                        sa = xa + i * kk + t
                        sb = xb + t * nn + j
                        live[sa] = True
                        live[sb] = True
                        E, et = _emit(E, et, start[sa], length[sa], start[sb], length[sb],
                                      pool, n_in)
        elif r == ROWS:   # linear ops only (FftOp): liveness row by row, no interactions
            rows = iargs[q]
            width = n // rows
            for row in range(rows):
                if not live[o + row * width:o + (row + 1) * width].any():
                    continue
                for j in range(nar):
                    w = arg_len[p + j] // rows
                    live[args[p + j] + row * w:args[p + j] + (row + 1) * w] = True
        elif r == SOLVE:   # column j of X = A^-1 B meets A and column j of B
            m, kk, xa, xb = iargs[q], iargs[q + 1], args[p], args[p + 1]
            if not live[o:o + n].any():
                continue
            cs = np.empty(m * m + 1, dtype=np.int64)
            cl = np.empty(m * m + 1, dtype=np.int64)
            for t in range(m * m):
                live[xa + t] = True
                cs[t] = start[xa + t]
                cl[t] = length[xa + t]
            pool, sa, la = _union(cs, cl, m * m, pool, st, mark)
            for j in range(kk):
                on = False
                for i in range(m):
                    on = on or live[o + i * kk + j]
                if not on:
                    continue
                cs[0], cl[0] = sa, la
                for t in range(m):
                    live[xb + t * kk + j] = True
                    cs[t + 1] = start[xb + t * kk + j]
                    cl[t + 1] = length[xb + t * kk + j]
                if h != LINEAR:
                    pool, s0, l0 = _union(cs, cl, m + 1, pool, st, mark)
                    E, et = _emit(E, et, s0, l0, s0, l0, pool, n_in)
        elif r == DENSE:
            if not live[o:o + n].any():
                continue
            total = 0
            for j in range(nar):
                total += arg_len[p + j]
            cs = np.empty(total, dtype=np.int64)
            cl = np.empty(total, dtype=np.int64)
            cnt = 0
            for j in range(nar):
                for t in range(args[p + j], args[p + j] + arg_len[p + j]):
                    live[t] = True
                    cs[cnt] = start[t]
                    cl[cnt] = length[t]
                    cnt += 1
            if h != LINEAR:
                pool, s0, l0 = _union(cs, cl, cnt, pool, st, mark)
                E, et = _emit(E, et, s0, l0, s0, l0, pool, n_in)
    return _unique(E[:et])
