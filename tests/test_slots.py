"""The per-piece maps over a tape's arena (numtape/trace/slots.py and jacfun's adjoints) read
and write exactly as the per-slot arrays they stand for."""
from types import SimpleNamespace

import numpy as np
import pytest

from numtape.trace.slots import Pieces, SlotAddresses
from numtape.transforms.jacfun import _ZERO, _Adjoints


def _arena(rng, n_in, n_const, sizes):
    """A stand-in for a tape: its inputs, constants and op blocks of the given sizes."""
    out_ptr = np.concatenate([[n_in + n_const], n_in + n_const + np.cumsum(sizes)])
    return SimpleNamespace(n_in=n_in, out_ptr=out_ptr.astype(np.int64))


ARENAS = [(3, 2, [1, 4, 1, 1, 6, 2]), (0, 0, [5, 1, 3]), (4, 0, [1] * 9), (0, 3, [2, 7])]


@pytest.mark.parametrize("n_in, n_const, sizes", ARENAS)
def test_slot_addresses_read_as_the_per_slot_array(n_in, n_const, sizes):
    rng = np.random.default_rng(len(sizes))
    F = _arena(rng, n_in, n_const, sizes)
    m, P = SlotAddresses(F), Pieces(F)
    ref = np.full(int(F.out_ptr[-1]), -1, dtype=np.int64)
    for p in range(P.n):
        lo, n = int(P.lo[p]), int(P.size[p])
        if n == 0 or p == P.n - 2:   # one piece left unset: it reads -1
            continue
        if p % 3 == 2:   # slot by slot
            a = rng.integers(1000, 2000, size=n)
            m.place(p, a)
        else:
            a = 100 * p + np.arange(n)
            m.place(p, int(a[0]))
        ref[lo:lo + n] = a
    size1 = np.flatnonzero(P.size == 1)
    if size1.size:   # slots that are pieces of one slot, set as a re-rolled loop does
        slots = P.lo[size1]
        ref[slots] = m_values = rng.integers(5000, 6000, size=slots.size)
        m[slots] = m_values
    N = ref.size
    for s in range(N):
        assert m[s] == ref[s]
        for e in range(s, N + 1):
            assert np.array_equal(m[s:e], ref[s:e])
    idx = rng.integers(0, N, size=(3, 5))
    assert np.array_equal(m[idx], ref[idx])
    big = int(np.argmax(P.size))   # a read within one piece is a read-only view
    with pytest.raises(ValueError):
        m[int(P.lo[big]):int(P.lo[big] + P.size[big])][...] = 0


@pytest.mark.parametrize("K", [1, 3])
@pytest.mark.parametrize("n_in, n_const, sizes", ARENAS)
def test_adjoint_map_reads_and_writes_as_the_per_slot_array(n_in, n_const, sizes, K):
    """The adjoint map of K seeds at once reads and writes as a (K, slots) array would."""
    rng = np.random.default_rng(7 + len(sizes))
    F = _arena(rng, n_in, n_const, sizes)
    P = Pieces(F)
    N = int(F.out_ptr[-1])
    adj, ref = _Adjoints(P, K), np.full((K, N), _ZERO, dtype=np.int64)
    stored = []   # arrays handed over whole: the map must never write through them
    for _ in range(300):
        kind = int(rng.integers(5))
        if kind == 3 and K > 1:
            kind = 1
        s = int(rng.integers(0, N))
        ln = int(rng.integers(1, N - s + 1))
        if kind == 0:
            new = rng.integers(0, 10 ** 6, size=(K, ln))
            stored.append((new, new.copy()))
            adj.write(s, ln, new)
            ref[:, s:s + ln] = new
        elif kind == 1:
            got = adj.read(s, ln)
            want = ref[:, s:s + ln]
            assert (got is None and np.all(want == _ZERO)) or np.array_equal(got, want)
        elif kind == 2:
            slots = np.unique(rng.integers(0, N, size=4))
            vals = rng.integers(0, 10 ** 6, size=(K, slots.size))
            adj.scatter(slots, vals)
            ref[:, slots] = vals
            assert np.array_equal(adj.gather(slots), ref[:, slots])
        elif kind == 3:   # one slot at a time: the scalar path's (one seed)
            p = int(P.piece(np.array([s]))[0])
            v = int(rng.integers(0, 10 ** 6))
            adj.set_one(p, s, v)
            ref[0, s] = v
            assert adj.get_one(p, s) == v
        else:
            p = int(P.piece(np.array([s]))[0])
            lo, n = int(P.lo[p]), int(P.size[p])
            got = adj.take(p)
            want = ref[:, lo:lo + n].copy()
            assert (got is None and np.all(want == _ZERO)) or np.array_equal(got, want)
            ref[:, lo:lo + n] = _ZERO    # taken: read once, let go of
            if n == 1:
                adj.one[p] = _ZERO
    for new, copy in stored:
        assert np.array_equal(new, copy)
