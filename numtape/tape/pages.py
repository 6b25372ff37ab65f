"""Memory pages of numtape's large temporaries: ordinary pages, not transparent huge pages.

NumPy advises the kernel to back every array of 4 MB or more with transparent huge pages.
Under the common ``defrag=madvise`` policy a huge-page fault can stall while the kernel
compacts memory, and in a long-running process whose memory is fragmented the stall costs more
than the smaller pages save.  numtape's large arrays are short-lived or written sparsely: the
address arrays of a recording (one per op's output block), the passes' temporaries, adjoint and
tangent workspaces.  So

* ``plain_zeros`` makes a zeroed array whose pages are faulted in when first written (an
  anonymous mapping above ``HUGE`` bytes): the adjoint and tangent workspaces;
* ``small_pages()`` turns NumPy's advice off while numtape records or transforms a tape (a
  count shared by threads: the advice is back as it was once the last one leaves).  Arrays the
  user makes meanwhile on other threads get ordinary pages too, which changes no value.
"""
from __future__ import annotations

import mmap
import threading
from contextlib import contextmanager

import numpy as np

HUGE = 4 << 20   # bytes from which NumPy asks the kernel for transparent huge pages

try:   # NumPy's switch (private; returns the previous setting).  Without it: a no-op.
    from numpy._core.multiarray import _set_madvise_hugepage as _advise
except ImportError:   # pragma: no cover - older or future NumPy
    _advise = None

_lock = threading.Lock()
_state = {"depth": 0, "saved": None}


def plain_zeros(shape):
    """A zeroed float64 array whose pages are faulted in when first written: below ``HUGE``
    bytes NumPy's own (calloc), above it an anonymous mapping of ordinary pages (an adjoint or
    tangent workspace is written sparsely: never in the constants' rows)."""
    size = int(np.prod(shape)) * 8
    if size < HUGE:
        return np.zeros(shape)
    private = getattr(mmap, "MAP_PRIVATE", None)   # not shared with forked processes
    m = (mmap.mmap(-1, size) if private is None else
         mmap.mmap(-1, size, flags=private | mmap.MAP_ANONYMOUS))
    return np.frombuffer(m, dtype=np.float64).reshape(shape)


@contextmanager
def small_pages():
    """NumPy's huge-page advice off inside (nested and concurrent uses count: the first in
    turns it off, the last out restores what it was)."""
    if _advise is None:
        yield
        return
    with _lock:
        if _state["depth"] == 0:
            _state["saved"] = _advise(False)
        _state["depth"] += 1
    try:
        yield
    finally:
        with _lock:
            _state["depth"] -= 1
            if _state["depth"] == 0:
                _advise(_state["saved"])
