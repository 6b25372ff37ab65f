"""Jitted functions without a compile: their Python twins, and which of the two to call.

A new machine has nothing in Numba's disk cache, and compiling the sparsity, coloring and
selected-inverse kernels takes seconds each.  ``now(fn, size)`` returns ``fn`` when it is
compiled (in this process or on disk) and otherwise its Python twin (``pure``), for work small
enough that Python is quicker than the compile; the background compile (numtape/sweeps/tiers.py)
fills the cache meanwhile.  The NumPy tier runs block-op bodies without NumPy versions through
their twins too.  Nothing here is called by the generated sweeps.
"""
import types

import numba
import numba.core.registry

_pure: dict = {}
_DISK: dict = {}


def pure(fn):
    """``fn``'s Python twin: its Python source run by the interpreter, with every jitted
    function it calls replaced by that function's twin in turn, so calling it never compiles
    (numtape/sweeps/numpy_sweeps.py and the sparsity and Laplace kernels use it while the
    compiled code is not ready).  Anything that is not a Numba dispatcher is returned as is."""
    if not isinstance(fn, numba.core.registry.CPUDispatcher):
        return fn
    twin = _pure.get(fn)
    if twin is None:
        py = fn.py_func
        env = dict(py.__globals__)
        twin = types.FunctionType(py.__code__, env, py.__name__, py.__defaults__, py.__closure__)
        twin.__doc__, twin.__wrapped__ = py.__doc__, fn
        _pure[fn] = twin   # before filling env: mutually recursive kernels
        for name in py.__code__.co_names:
            value = env.get(name)
            if isinstance(value, numba.core.registry.CPUDispatcher):
                env[name] = pure(value)
    return twin


def compiled(fn):
    """Whether calling jitted ``fn`` costs no compile: machine code for some signature is in
    this process or in Numba's disk cache (then loading it takes milliseconds)."""
    if not isinstance(fn, numba.core.registry.CPUDispatcher) or fn.signatures:
        return True
    hit = _DISK.get(fn)
    if hit is None:
        try:
            hit = len(fn._cache._cache_file._load_index()) > 0
        except Exception:   # Numba's cache internals changed: assume not compiled
            hit = False
        if hit:
            _DISK[fn] = hit   # a miss is asked again: another process may compile it
    return hit


# work a Python twin takes on, in units of about 5 us of Python (an arena slot of index-set
# sparsity, an entry of a coloring); beyond it the compile (seconds, once) is cheaper
PURE_MAX = 1_000_000
_prefer = {"compiled": False}


def prefer_compiled(on):
    """Make ``now`` always return the jitted function (the background compile: it is there to
    fill the disk cache)."""
    _prefer["compiled"] = bool(on)


def now(fn, size=0):
    """``fn`` if it runs without compiling (``compiled``), else its Python twin (``pure``) for
    work of ``size`` up to ``PURE_MAX``; larger work compiles ``fn`` (and says so: the compile
    watch of numtape/sweeps/tiers.py)."""
    if _prefer["compiled"] or size > PURE_MAX or compiled(fn):
        return fn
    return pure(fn)
