"""Numba kernels of the greedy colorings (plain arrays in, colors out).

Both visit vertices in the given ``order`` and give each the smallest color not forbidden;
``forbid[c] == v`` marks color c as forbidden for vertex v, so the array is never cleared.
"""
import numpy as np

from numtape.kernels.jit import jit


@jit
def _first_free(forbid, v):
    """The smallest color not forbidden for vertex v."""
    c = 0
    while forbid[c] == v:
        c += 1
    return c


@jit
def greedy_distance2(order, cptr, crow, rptr, rcol):
    """Colors of the columns of a pattern such that no two columns sharing a row match.

    ``cptr, crow`` is the pattern in CSC form (rows of each column), ``rptr, rcol`` in CSR
    form (columns of each row).  Cost: sum over columns of the lengths of the rows they meet.
    """
    n = cptr.size - 1
    color = np.full(n, -1, dtype=np.int64)
    forbid = np.full(n + 1, -1, dtype=np.int64)
    for v in order:
        for t in range(cptr[v], cptr[v + 1]):
            r = crow[t]
            for u in range(rptr[r], rptr[r + 1]):
                c = color[rcol[u]]
                if c >= 0:
                    forbid[c] = v
        color[v] = _first_free(forbid, v)
    return color


@jit
def greedy_star(order, ptr, adj):
    """Star coloring of the graph with adjacency lists ``adj[ptr[v]:ptr[v + 1]]`` (no loops).

    A star coloring is a proper coloring in which every path on four vertices uses at least
    three colors; it is what direct recovery of a symmetric matrix from H S needs.  When v is
    colored, every 4-vertex path through v whose other vertices are already colored is checked:
    v at an end (v-w-x-y: v may not take x's color if some y != w next to x has w's color), or
    inside (u-v-w-x: if two neighbors u, w of v share a color, v may not take the color of any
    other neighbor x of w).  Paths with an uncolored vertex are checked when it is colored.
    """
    n = ptr.size - 1
    color = np.full(n, -1, dtype=np.int64)
    forbid = np.full(n + 1, -1, dtype=np.int64)
    seen = np.full(n + 1, -1, dtype=np.int64)   # seen[c] == v: a neighbor of v has color c
    twice = np.full(n + 1, -1, dtype=np.int64)  # twice[c] == v: at least two have
    for v in order:
        for t in range(ptr[v], ptr[v + 1]):
            c = color[adj[t]]
            if c >= 0:
                forbid[c] = v
                if seen[c] == v:
                    twice[c] = v
                seen[c] = v
        for t in range(ptr[v], ptr[v + 1]):
            w = adj[t]
            cw = color[w]
            if cw < 0:
                continue
            for u in range(ptr[w], ptr[w + 1]):
                x = adj[u]
                cx = color[x]
                if x == v or cx < 0 or forbid[cx] == v:
                    continue
                if twice[cw] == v:
                    forbid[cx] = v
                    continue
                for s in range(ptr[x], ptr[x + 1]):
                    y = adj[s]
                    if y != w and color[y] == cw:
                        forbid[cx] = v
                        break
        color[v] = _first_free(forbid, v)
    return color


@jit
def lines_distinct(ptr, idx, colors, n_colors):
    """True when no line ``idx[ptr[r]:ptr[r + 1]]`` holds two entries of one color."""
    seen = np.full(max(n_colors, 1), -1, dtype=np.int64)
    for r in range(ptr.size - 1):
        for t in range(ptr[r], ptr[r + 1]):
            c = colors[idx[t]]
            if seen[c] == r:
                return False
            seen[c] = r
    return True
