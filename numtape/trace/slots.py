"""A finished tape's arena slots mapped to addresses of an open recording, piece by piece.

A tape's arena is made of *pieces*: the inputs, the constants, and each op's output block
(``Pieces``).  Replaying the tape into a recording (``numtape.trace.make.replay``) copies
every op to one new block, so a piece lands on consecutive addresses and one start per piece
says where all of it went (``SlotAddresses``); only the pieces that land elsewhere (the
DepOp's outputs, an inlined call's outputs) hold an address per slot.  A vectorized tape of
millions of slots over a handful of ops so costs a handful of ints, and the address arrays a
reader asks for are made once per piece, when first read.
"""
from __future__ import annotations

from bisect import bisect_right

import numpy as np


class Pieces:
    """The pieces of tape F's arena: piece 0 the inputs, 1 the constants, 2 + k op k's output
    block (the inputs or the constants may be empty; op blocks never are)."""

    def __init__(self, F):
        out_ptr = np.asarray(F.out_ptr, dtype=np.int64)
        self.lo = np.concatenate([[0, F.n_in], out_ptr[:-1]]).astype(np.int64)
        self.size = np.diff(np.concatenate([self.lo, out_ptr[-1:]]))
        self.n = self.lo.size
        self._lo, self._size = self.lo.tolist(), self.size.tolist()

    def piece(self, slots):
        """The piece holding each slot of int64 array ``slots``."""
        # the last piece starting at or below the slot: an empty piece shares its start with
        # the next one, which is the one holding the slot
        return np.searchsorted(self.lo, slots, side="right") - 1

    def within(self, s: int, ln: int):
        """(piece, offset) when the block [s, s + ln) lies in one piece, else None."""
        p = bisect_right(self._lo, s) - 1
        off = s - self._lo[p]
        return (p, off) if off + ln <= self._size[p] else None


class SlotAddresses(Pieces):
    """Where each slot of tape F's arena is in a recording (addresses; -1 where not set yet).

    Indexing reads it like the per-slot array it stands for: ``m[slot]`` (an int),
    ``m[s:e]`` and ``m[slots]`` (int64 arrays, read-only: a reader must not write through
    them).  ``place(p, start)`` maps piece p onto consecutive addresses from ``start``,
    ``place(p, addresses)`` slot by slot; ``m[slots] = addresses`` sets slots that are
    pieces of one slot each (a re-rolled loop's scalar ops)."""

    def __init__(self, F):
        super().__init__(F)
        self.base = np.full(self.n, -1, dtype=np.int64)
        self._base = [-1] * self.n   # the same as a list, for one slot at a time (``at``)
        self._slotwise = {}     # piece -> its addresses, for pieces not on consecutive ones
        self._made = {}         # piece -> its address array, made when first read

    def place(self, p, where):
        if type(where) is int:   # the common case first: a copied op's block
            self.base[p] = self._base[p] = where
            if self._slotwise or self._made:
                self._slotwise.pop(p, None)
                self._made.pop(p, None)
            return
        if np.ndim(where) == 0:
            self.base[p] = self._base[p] = int(where)
            self._slotwise.pop(p, None)
        else:
            a = np.array(where, dtype=np.int64).ravel()
            if a.size != self.size[p]:
                raise ValueError("SlotAddresses.place: one address per slot of the piece")
            a.flags.writeable = False
            self._slotwise[p] = a
            self.base[p] = self._base[p] = -1
        self._made.pop(p, None)

    def release(self, p):
        """Let go of piece p's address array (made again if read again)."""
        self._made.pop(p, None)

    def at(self, slot: int) -> int:
        """The address of one slot (a Python int)."""
        p = bisect_right(self._lo, slot) - 1
        b = self._base[p]
        if b >= 0:
            return b + slot - self._lo[p]
        a = self._slotwise.get(p)
        return -1 if a is None else int(a[slot - self._lo[p]])

    def _array(self, p):
        a = self._slotwise.get(p)
        if a is None:
            a = self._made.get(p)
            if a is None:
                b, n = int(self.base[p]), int(self.size[p])
                a = np.full(n, -1, dtype=np.int64) if b < 0 else np.arange(b, b + n)
                a.flags.writeable = False
                self._made[p] = a
        return a

    def __getitem__(self, key):
        if isinstance(key, slice):
            s, e, step = key.indices(int(self.lo[-1] + self.size[-1]))
            if step != 1:
                return self[np.arange(s, e, step)]
            return self.block(s, e - s)
        if isinstance(key, (int, np.integer)):
            return self.at(int(key))
        return self.gather(np.asarray(key, dtype=np.int64))

    def block(self, s: int, ln: int) -> np.ndarray:
        """The addresses of slots [s, s + ln) (a read-only view where one piece holds them)."""
        if ln <= 0:
            return np.zeros(0, dtype=np.int64)
        at = self.within(s, ln)
        if at is None:
            return self.gather(np.arange(s, s + ln))
        p, off = at
        return self._array(p)[off:off + ln]

    def gather(self, slots: np.ndarray) -> np.ndarray:
        """The addresses of the slots ``slots`` (an int64 array, any shape)."""
        p = self.piece(slots)
        off = slots - self.lo[p]
        b = self.base[p]
        out = np.where(b < 0, -1, b + off)
        if self._slotwise:
            for q in np.unique(p[b < 0]).tolist():
                a = self._slotwise.get(q)
                if a is not None:
                    at = p == q
                    out[at] = a[off[at]]
        return out

    def __setitem__(self, slots, addresses):
        slots = np.asarray(slots, dtype=np.int64)
        p = self.piece(slots)
        if np.any(self.size[p] != 1):
            raise ValueError("SlotAddresses: slots set one by one must be pieces of one slot")
        if self._made or self._slotwise:
            for q in np.unique(p).tolist():
                self._made.pop(q, None)
                self._slotwise.pop(q, None)
        self.base[p] = addresses
        self._base = self.base.tolist()
