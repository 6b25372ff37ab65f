"""SciPy's own special functions inside Numba: scipy.special.cython_special's C entry points,
bound by symbol name, so kernels compute exactly SciPy's values and stay cacheable on disk.

Each function's address is registered with LLVM under a ``numtape_sc_`` name at import, and
Numba calls it as an external function by that name: the cached machine code refers to the
name, which every process resolves again (a raw pointer baked into cached code would not
survive a restart).  The ``int`` last argument of Cython's ``cpdef`` signatures
(``__pyx_skip_dispatch``) is passed as 0.  With NUMBA_DISABLE_JIT the same names call
scipy.special's ufuncs.
"""
import llvmlite.binding as llvm
import numba
import scipy.special as _sc
from numba import types
from numba.extending import get_cython_function_address

from numtape.kernels.jit import jit

_F = types.float64


def _bind(capi_name, nargs, name):
    if numba.config.DISABLE_JIT:   # kernels run as Python (coverage): SciPy's ufunc itself
        fn = getattr(_sc, name)
        return lambda *args: float(fn(*args[:-1]))
    address = get_cython_function_address("scipy.special.cython_special", capi_name)
    symbol = "numtape_sc_" + capi_name
    llvm.add_symbol(symbol, address)
    return types.ExternalFunction(symbol, _F(*([_F] * nargs + [types.intc])))


# (name in scipy.special, its double-precision entry in cython_special, arity)
TABLE = [
    ("gamma", "__pyx_fuse_1gamma", 1), ("loggamma", "__pyx_fuse_1loggamma", 1),
    ("beta", "beta", 2), ("erfinv", "__pyx_fuse_0erfinv", 1), ("erfcinv", "erfcinv", 1),
    ("i0", "i0", 1), ("i0e", "i0e", 1), ("i1", "i1", 1), ("i1e", "i1e", 1),
    ("iv", "__pyx_fuse_1iv", 2), ("ive", "__pyx_fuse_1ive", 2),
    ("kv", "__pyx_fuse_1kv", 2), ("kve", "__pyx_fuse_1kve", 2),
    ("boxcox", "boxcox", 2), ("inv_boxcox", "inv_boxcox", 2),
    ("log_expit", "__pyx_fuse_0log_expit", 1),
    ("gammainc", "gammainc", 2), ("gammaincc", "gammaincc", 2),
]

_c = {name: _bind(capi, nargs, name) for name, capi, nargs in TABLE}
_gamma, _loggamma, _beta = _c["gamma"], _c["loggamma"], _c["beta"]
_erfinv, _erfcinv = _c["erfinv"], _c["erfcinv"]
_i0, _i0e, _i1, _i1e = _c["i0"], _c["i0e"], _c["i1"], _c["i1e"]
_iv, _ive, _kv, _kve = _c["iv"], _c["ive"], _c["kv"], _c["kve"]
_boxcox, _inv_boxcox, _log_expit = _c["boxcox"], _c["inv_boxcox"], _c["log_expit"]
_gammainc, _gammaincc = _c["gammainc"], _c["gammaincc"]


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
def log_expit(x):
    return _log_expit(x, 0)


@jit
def gammainc(a, x):
    return _gammainc(a, x, 0)


@jit
def gammaincc(a, x):
    return _gammaincc(a, x, 0)
