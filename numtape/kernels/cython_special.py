"""SciPy's own special functions inside Numba: scipy.special.cython_special's C entry points,
bound by symbol name, so kernels compute exactly SciPy's values and stay cacheable on disk.

Each function's address is registered with LLVM under a ``numtape_sc_`` name at import, and
Numba calls it as an external function by that name: the cached machine code refers to the
name, which every process resolves again (a raw pointer baked into cached code would not
survive a restart).  The ``int`` last argument of Cython's ``cpdef`` signatures
(``__pyx_skip_dispatch``) is passed as 0.  With NUMBA_DISABLE_JIT the same names call
scipy.special's ufuncs.
"""
import ctypes

import llvmlite.binding as llvm
import numba
import scipy.special as _sc
import scipy.special.cython_special as _cs
from numba import types
from numba.extending import get_cython_function_address

from numtape.kernels.jit import jit
from numtape.kernels.twins import external

_F = types.float64


def _entry(name, nargs):
    """The double-precision C entry of ``name`` in cython_special: fused functions export one
    entry per type (``__pyx_fuse_0name``, ...), in an order that differs between functions and
    SciPy releases, so the entry is chosen by its signature, not its number."""
    want = "double (" + ", ".join(["double"] * nargs) + ", int __pyx_skip_dispatch)"
    capi = _cs.__pyx_capi__
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    for capi_name in [name] + [f"__pyx_fuse_{i}{name}" for i in range(4)]:
        if capi_name in capi and get_name(capi[capi_name]).decode() == want:
            return capi_name
    raise ImportError(f"scipy.special.cython_special has no double entry for {name}")


def _bind(name, nargs):
    if numba.config.DISABLE_JIT:   # kernels run as Python (coverage): SciPy's ufunc itself
        fn = getattr(_sc, name)
        return lambda *args: float(fn(*args[:-1]))
    capi_name = _entry(name, nargs)
    address = get_cython_function_address("scipy.special.cython_special", capi_name)
    symbol = "numtape_sc_" + capi_name
    llvm.add_symbol(symbol, address)
    fn = getattr(_sc, name)   # the Python twin (numtape/kernels/twins.py): SciPy's ufunc
    return external(types.ExternalFunction(symbol, _F(*([_F] * nargs + [types.intc]))),
                    lambda *args: float(fn(*args[:-1])))


# (name in scipy.special and cython_special, arity)
TABLE = [
    ("gamma", 1), ("loggamma", 1), ("beta", 2), ("erfinv", 1), ("erfcinv", 1),
    ("i0", 1), ("i0e", 1), ("i1", 1), ("i1e", 1), ("iv", 2), ("ive", 2), ("kv", 2), ("kve", 2),
    ("boxcox", 2), ("inv_boxcox", 2), ("gammainc", 2), ("gammaincc", 2),
    ("betainc", 3), ("zetac", 1),
]

_c = {name: _bind(name, nargs) for name, nargs in TABLE}
_gamma, _loggamma, _beta = _c["gamma"], _c["loggamma"], _c["beta"]
_erfinv, _erfcinv = _c["erfinv"], _c["erfcinv"]
_i0, _i0e, _i1, _i1e = _c["i0"], _c["i0e"], _c["i1"], _c["i1e"]
_iv, _ive, _kv, _kve = _c["iv"], _c["ive"], _c["kv"], _c["kve"]
_boxcox, _inv_boxcox = _c["boxcox"], _c["inv_boxcox"]
_gammainc, _gammaincc = _c["gammainc"], _c["gammaincc"]
_betainc, _zetac = _c["betainc"], _c["zetac"]


@jit
def gamma(x):
    return _gamma(x, 0)


@jit
def loggamma(x):
    return _loggamma(x, 0)


@jit
def beta(a, b):
    return _beta(a, b, 0)


@jit
def erfinv(x):
    return _erfinv(x, 0)


@jit
def erfcinv(x):
    return _erfcinv(x, 0)


@jit
def i0(x):
    return _i0(x, 0)


@jit
def i0e(x):
    return _i0e(x, 0)


@jit
def i1(x):
    return _i1(x, 0)


@jit
def i1e(x):
    return _i1e(x, 0)


@jit
def iv(v, x):
    return _iv(v, x, 0)


@jit
def ive(v, x):
    return _ive(v, x, 0)


@jit
def kv(v, x):
    return _kv(v, x, 0)


@jit
def kve(v, x):
    return _kve(v, x, 0)


@jit
def boxcox(x, lmbda):
    return _boxcox(x, lmbda, 0)


@jit
def inv_boxcox(y, lmbda):
    return _inv_boxcox(y, lmbda, 0)


@jit
def gammainc(a, x):
    return _gammainc(a, x, 0)


@jit
def gammaincc(a, x):
    return _gammaincc(a, x, 0)


@jit
def betainc(a, b, x):
    return _betainc(a, b, x, 0)


@jit
def zetac(x):
    return _zetac(x, 0)
