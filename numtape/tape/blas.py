"""One BLAS thread inside the jitted sweeps, whatever the process's BLAS threads are.

Block products (MatMulOp) call SciPy's OpenBLAS through Numba's ``np.dot``.  A tape's products
are small or memory-bound (gemv), and a multi-threaded OpenBLAS on a busy machine waits for its
slowest core: W3's product takes longer with two threads than with one while another process
keeps the second core busy (benchmarks/costs.py, ``blas``; benchmarks/compare.py times W3 both
ways).  So while a jitted sweep of a tape with products runs, every BLAS library in the process
(threadpoolctl's view of it) is set to one thread, and set back when the last concurrent sweep
ends (a lock and a depth count: sweeps run from many threads).  Costs microseconds per sweep of
such a tape (``blas`` there), and nothing for tapes without products.  Host ops (solves,
factorizations: O(n^3), where threads pay) run outside and keep the user's threads; so does the
user's own NumPy code, except that a BLAS call made on another thread *while* a sweep runs gets
one thread.

An objective's evaluation (``MakeADFun``'s fn, gr, he: a Laplace fit's inner Newton runs
hundreds of small sweeps per evaluation) is pinned once as a whole (``pinned``), so its sweeps
only count the depth.  Inside it, host ops and the factorizations of ``one_thread(n)`` with
``n >= SMALL`` get the user's threads back for their duration (``user_threads``), as outside.
"""
import contextlib
import threading

import scipy.linalg.cython_blas  # noqa: F401  (loads the BLAS Numba's np.dot calls)
from threadpoolctl import ThreadpoolController

_lock = threading.Lock()
_state = {"depth": 0, "saved": (), "libs": None}   # depth: threads inside a pin
_mine = threading.local()   # depth: this thread's nested pins


class _Library:
    """One BLAS library's thread count, read and set through its own C functions when it is an
    OpenBLAS with its own thread pool (a direct ctypes call: threadpoolctl's methods look the
    symbol up and check the calling thread each time, and a Laplace fit pins thousands of
    sweeps), else through threadpoolctl's controller."""

    def __init__(self, lc):
        self.lc, self.filepath = lc, lc.filepath
        self._get = self._set = None
        if lc.internal_api == "openblas" and getattr(lc, "threading_layer", "") != "openmp":
            try:
                self._get = lc._get_symbol("openblas_get_num_threads")
                self._set = lc._get_symbol("openblas_set_num_threads")
            except Exception:    # another threadpoolctl: its public methods
                self._get = self._set = None
            if self._get is None or self._set is None:
                self._get = self._set = None

    def get(self):
        return self._get() if self._get is not None else self.lc.get_num_threads()

    def set(self, n):
        if self._set is not None:
            self._set(int(n))
        else:
            self.lc.set_num_threads(n)


def _libraries():
    if _state["libs"] is None:
        try:
            libs = [_Library(lc) for lc in ThreadpoolController().lib_controllers
                    if lc.user_api == "blas"]
        except Exception:   # an unknown BLAS build: leave its threads alone
            libs = []
        _state["libs"] = libs
    return _state["libs"]


def enter():
    """Start of a sweep that calls BLAS: pin every BLAS library to one thread.  A thread
    already inside a pin (a sweep within a pinned evaluation) only counts: its outer pin lasts
    until it leaves, so no lock is taken."""
    depth = getattr(_mine, "depth", 0)
    _mine.depth = depth + 1
    if depth:
        return
    with _lock:
        if _state["depth"] == 0:
            saved = []
            for lib in _libraries():
                n = lib.get()
                if n is not None and n > 1:
                    lib.set(1)
                    saved.append((lib, n))
            _state["saved"] = saved
        _state["depth"] += 1


def leave():
    """End of such a sweep: the last one to end restores the threads."""
    _mine.depth -= 1
    if _mine.depth:
        return
    with _lock:
        _state["depth"] -= 1
        if _state["depth"] == 0:
            for lib, n in _state["saved"]:
                lib.set(n)
            _state["saved"] = ()


@contextlib.contextmanager
def pinned():
    """``with blas.pinned():`` one BLAS thread for a stretch of many sweeps (an objective's
    evaluation): the sweeps inside nest (``enter`` then only counts)."""
    enter()
    try:
        yield
    finally:
        leave()


@contextlib.contextmanager
def user_threads():
    """``with blas.user_threads():`` the user's BLAS threads for one host op or large
    factorization, also inside a pinned stretch (re-pinned after it if that stretch goes on)."""
    if not _state["depth"]:   # not pinned: nothing to give back (the common case)
        yield
        return
    with _lock:
        saved = _state["saved"] if _state["depth"] else ()
        for lib, n in saved:
            lib.set(n)
    try:
        yield
    finally:
        with _lock:
            if _state["depth"]:   # still pinned (this stretch, or another thread's sweep)
                for lib, _ in _state["saved"]:
                    lib.set(1)


def one_thread(n=0):
    """``with blas.one_thread(n):`` pins every BLAS library to one thread for the block when
    the dense problem's order ``n`` is below ``SMALL`` (the Laplace layer's dense Cholesky of a
    few dozen random effects: a second thread never pays there, and on a busy machine its
    spin-waits stall some calls for milliseconds; benchmarks/glmm_vs_glmmtmb.py times fits
    that use it); a larger problem gets the user's threads, even inside a pinned evaluation."""
    return pinned() if n < one_thread.SMALL else user_threads()


one_thread.SMALL = 256


def threads():
    """{library file: threads} of the BLAS libraries numtape pins (for benchmarks, tests)."""
    return {lib.filepath: lib.get() for lib in _libraries()}
