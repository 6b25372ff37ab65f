"""Selected inversion of a sparse LDL^T factor and its adjoint (plain arrays, Numba).

The factor is A = (I + L) D (I + L)^T of a (permuted) symmetric matrix, L strictly lower
triangular in CSC form (``Lp``, ``Li`` with sorted rows, ``Lx``) over its *symbolic* pattern
(every entry the elimination can fill, numerically zero or not: qdldl keeps them), ``d`` the
pivots.  Z = A^-1 is wanted only on that pattern plus the diagonal (``Zl`` beside ``Lx``, ``Zd``):
the Takahashi recursion

    Z_jj = 1/d_j - sum_k L_kj Z_kj,     Z_ij = -sum_k L_kj Z_ik     (i, k in struct(j))

computes exactly those entries, column by column from the last, because the structure of a
column is a clique of the filled graph: every Z_ik it reads is on the pattern.

``selinv_adjoint`` is the reverse-mode derivative of "A's entries -> Z on the pattern": given
weights W on Z's entries it returns the gradient of sum W * Z with respect to A's stored
entries, which is -(Z W Z) restricted to the pattern, at the cost of the recursion itself and
without any entry of Z off the pattern.  It runs the adjoint of the recursion (L', d' from Z'),
then the adjoint of the right-looking factorization

    for k: d_k = S_kk;  L_ak = S_ak / d_k;  S_ab -= L_ak L_bk d_k  (a >= b in struct(k))

(A' on the pattern from L', d').  Both loops visit the pairs (a, b) of one column's structure,
whose positions ``pair_positions`` finds once per pattern: a position p >= 0 is an index into
``Lx``/``Zl``, p < 0 is the diagonal entry -1 - p.
"""
import numpy as np

from numtape.kernels.jit import jit


@jit
def _find(Lp, Li, col, row):
    """Position of (row, col) in L's pattern, or -1."""
    lo, hi = Lp[col], Lp[col + 1]
    while lo < hi:
        mid = (lo + hi) // 2
        if Li[mid] < row:
            lo = mid + 1
        else:
            hi = mid
    if lo < Lp[col + 1] and Li[lo] == row:
        return lo
    return -1


@jit
def pair_positions(Lp, Li):
    """For each column j and pair (a, b), b <= a, of its structure: the position of
    (Li[a], Li[b]) (see the module docstring).  Returns (pp, pos, ok); ``ok`` is False if the
    pattern is not closed under elimination (not a symbolic factor)."""
    n = Lp.size - 1
    pp = np.zeros(n + 1, dtype=np.int64)
    for j in range(n):
        m = Lp[j + 1] - Lp[j]
        pp[j + 1] = pp[j] + m * (m + 1) // 2
    pos = np.empty(pp[n], dtype=np.int64)
    for j in range(n):
        t = pp[j]
        for a in range(Lp[j], Lp[j + 1]):
            for b in range(Lp[j], a + 1):
                if a == b:
                    pos[t] = -1 - Li[a]
                else:
                    p = _find(Lp, Li, Li[b], Li[a])
                    if p < 0:
                        return pp, pos, False
                    pos[t] = p
                t += 1
    return pp, pos, True


@jit
def selinv(Lp, Lx, d, pp, pos):
    """Z = A^-1 on the pattern: (Zd, Zl)."""
    n = d.size
    Zd = np.zeros(n)
    Zl = np.zeros(Lx.size)
    for j in range(n - 1, -1, -1):
        t = pp[j]
        for a in range(Lp[j], Lp[j + 1]):
            for b in range(Lp[j], a + 1):
                p = pos[t]
                z = Zd[-1 - p] if p < 0 else Zl[p]
                Zl[a] -= Lx[b] * z
                if a != b:
                    Zl[b] -= Lx[a] * z
                t += 1
        acc = 1.0 / d[j]
        for a in range(Lp[j], Lp[j + 1]):
            acc -= Lx[a] * Zl[a]
        Zd[j] = acc
    return Zd, Zl


@jit
def selinv_adjoint(Lp, Lx, d, pp, pos, Zd, Zl, Wd, Wl):
    """Gradient of sum(W * Z) (W on the pattern: ``Wd``, ``Wl``) with respect to A's entries on
    the pattern, (Ad', Al'); Z = (Zd, Zl) from ``selinv``.  A stored entry stands for both
    A_ij and A_ji."""
    n = d.size
    Zdb, Zlb = Wd.copy(), Wl.copy()
    Lb = np.zeros(Lx.size)
    db = np.zeros(n)
    # adjoint of the recursion: columns in the order opposite to selinv's
    for j in range(n):
        zb = Zdb[j]
        db[j] -= zb / (d[j] * d[j])
        for a in range(Lp[j], Lp[j + 1]):
            Lb[a] -= zb * Zl[a]
            Zlb[a] -= zb * Lx[a]
        t = pp[j]
        for a in range(Lp[j], Lp[j + 1]):
            for b in range(Lp[j], a + 1):
                p = pos[t]
                z = Zd[-1 - p] if p < 0 else Zl[p]
                pb = -Zlb[a] * Lx[b]
                Lb[b] -= Zlb[a] * z
                if a != b:
                    pb -= Zlb[b] * Lx[a]
                    Lb[a] -= Zlb[b] * z
                if p < 0:
                    Zdb[-1 - p] += pb
                else:
                    Zlb[p] += pb
                t += 1
    # adjoint of the right-looking factorization, last column first
    Sdb = np.zeros(n)
    Slb = np.zeros(Lx.size)
    for k in range(n - 1, -1, -1):
        dk = d[k]
        t = pp[k]
        for a in range(Lp[k], Lp[k + 1]):
            for b in range(Lp[k], a + 1):
                p = pos[t]
                sb = Sdb[-1 - p] if p < 0 else Slb[p]
                Lb[a] -= sb * Lx[b] * dk
                Lb[b] -= sb * Lx[a] * dk
                db[k] -= sb * Lx[a] * Lx[b]
                t += 1
        for a in range(Lp[k], Lp[k + 1]):
            Slb[a] += Lb[a] / dk
            db[k] -= Lb[a] * Lx[a] / dk
        Sdb[k] += db[k]
    return Sdb, Slb
