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
_spent: dict = {}      # jitted function -> the work its twin has done (``now``)
_external: dict = {}   # Numba external functions (C entry points) -> their Python callables


def external(fn, python):
    """Register ``python`` as the twin of the Numba external function ``fn`` (a C entry
    point, such as scipy.special.cython_special's: numtape/kernels/cython_special.py)."""
    _external[fn] = python
    return fn


class _LibmMath:
    """``math`` for the twins: CPython's, except the functions CPython computes itself rather
    than through the C library (lgamma, gamma), which here call libm's as Numba's compiled
    code does, so a twin gives its kernel's bits (CPython's lgamma is a few ulps away from
    libm's, and jets through log-gammas amplify such differences)."""

    def __init__(self):
        import ctypes
        import ctypes.util
        import math
        self.__dict__.update({k: getattr(math, k) for k in dir(math) if not k.startswith("_")})
        try:
            libm = ctypes.CDLL(ctypes.util.find_library("m"))
        except (OSError, TypeError):   # no C math library found: CPython's functions
            return
        for py_name, c_name in (("lgamma", "lgamma"), ("gamma", "tgamma")):
            c_fn = getattr(libm, c_name, None)
            if c_fn is None:
                continue
            c_fn.restype, c_fn.argtypes = ctypes.c_double, [ctypes.c_double]
            setattr(self, py_name, self._guarded(c_fn, getattr(math, py_name)))

    @staticmethod
    def _guarded(c_fn, py_fn):
        """The C library's function where CPython's returns a number; CPython's errors (a pole,
        overflow) where it raises, as the twin did before."""
        def call(x):
            y = py_fn(x)          # raises ValueError / OverflowError exactly as before
            return c_fn(float(x)) if y == y else y
        return call


_MATH = None


def pure(fn):
    """``fn``'s Python twin: its Python source run by the interpreter, with every jitted
    function it calls replaced by that function's twin in turn, so calling it never compiles
    (numtape/sweeps/numpy_sweeps.py and the sparsity and Laplace kernels use it while the
    compiled code is not ready).  Anything that is not a Numba dispatcher is returned as is."""
    if not isinstance(fn, numba.core.registry.CPUDispatcher):
        return fn
    twin = _pure.get(fn)
    if twin is None:
        global _MATH
        py = fn.py_func
        env = dict(py.__globals__)
        if "math" in env:
            _MATH = _MATH or _LibmMath()
            env["math"] = _MATH
        twin = types.FunctionType(py.__code__, env, py.__name__, py.__defaults__, py.__closure__)
        twin.__doc__, twin.__wrapped__ = py.__doc__, fn
        _pure[fn] = twin   # before filling env: mutually recursive kernels
        for name in py.__code__.co_names:
            value = env.get(name)
            if isinstance(value, numba.core.registry.CPUDispatcher):
                env[name] = pure(value)
            elif isinstance(value, numba.types.ExternalFunction) and value in _external:
                env[name] = _external[value]
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



def compiled_for(fn, sig):
    """Whether calling jitted ``fn`` with Numba argument types ``sig`` (a tuple) costs no
    compile: that overload is in this process or in Numba's disk cache."""
    if not isinstance(fn, numba.core.registry.CPUDispatcher) or sig in fn.overloads:
        return True
    try:   # the index's keys: (argument types, target machine, ...)
        return any(k[0] == sig for k in fn._cache._cache_file._load_index())
    except Exception:   # Numba's cache internals changed: assume not compiled
        return False


# the cost model of ``now``, in seconds (benchmarks/costs.py: twins, load): a unit of work in a
# Python twin (an arena slot of index-set sparsity, an entry of a coloring), loading a function
# from Numba's disk cache (the first load in a process also sets up Numba's typing and target
# contexts), compiling one
UNIT, LOAD, FIRST_LOAD, COMPILE = 5e-6, 0.03, 0.25, 5.0
PURE_MAX = int(COMPILE / UNIT)
_prefer = {"compiled": False}


def prefer_compiled(on):
    """Make ``now`` always return the jitted function (the background compile: it is there to
    fill the disk cache)."""
    _prefer["compiled"] = bool(on)


def now(fn, size=0):
    """``fn`` or its Python twin (``pure``), whichever gives the result first for work of
    ``size`` units: ``fn`` when it is loaded in this process; else the twin while its work
    costs less than loading ``fn`` from the disk cache (``LOAD``; ``FIRST_LOAD`` before Numba's
    first load in the process) or, when ``fn`` is not on disk, less than compiling it (which
    the compile watch of numtape/sweeps/tiers.py announces).

    The twins' work is summed per function: once the calls so far would have paid for the
    load, ``fn`` is loaded (a process that calls a kernel thousands of times, each call too
    small to load it for, runs the twin at most about as long as the load takes)."""
    if _prefer["compiled"] or not isinstance(fn, numba.core.registry.CPUDispatcher) \
            or fn.signatures:
        return fn
    work = size * UNIT
    if work > COMPILE:
        return fn
    if compiled(fn):
        spent = _spent.get(fn, 0.0) + work
        if spent > (LOAD if _numba_ready() else FIRST_LOAD):
            return fn
        _spent[fn] = spent
    return pure(fn)


def _numba_ready():
    """Whether Numba has loaded or compiled code in this process (its target context holds
    its registries: the one-time setup ``FIRST_LOAD`` includes is done)."""
    try:
        return bool(numba.core.registry.cpu_target.target_context._registries)
    except AttributeError:   # Numba's internals changed: assume the setup is still to pay
        return False
