"""numtape: record plain NumPy once as a tape; sweep it with Numba for values and derivatives.

>>> import numpy as np, numtape as nt
>>> F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
>>> F
<Tape R^2 -> R^1: 4 ops, 1 constant, arena 7>

Importing the package loads every layer (ARCHITECTURE.md, "Layers"), so the implementations the tape
layer reaches through ``numtape.tape.seam`` (inlining, jacfun, sparse tapes, simplify, nested
tapes, atomic rules) are registered before any tape is used.
"""
from numtape.config import TapeConfig, compile_messages
from numtape.errors import NewtonError, TapeFormatError, TracingError
from numtape.tape import Tape, load
from numtape.sweeps.tiers import set_mode as sweep_kernels, status as compile_status
from numtape.tape.sweeper import compile_after
from numtape.trace.adarray import ADArray
from numtape.trace.complex import ADComplex
from numtape.trace.make import MakeTape, make_tape
from numtape.surface import functions as _functions  # noqa: F401  (registers NumPy functions)
from numtape.surface import (arrays as _arrays, complex_linalg as _complex_linalg,  # noqa: F401
                             einsum as _einsum, piecewise as _piecewise,  # noqa: F401
                             products as _products, reductions as _reductions)  # noqa: F401
from numtape.surface import order as _order  # noqa: F401  (registers functions)
from numtape.surface import fft as _fft  # noqa: F401  (registers functions)
from numtape.surface import linalg
from numtape.surface.functions import logsumexp, zeros
from numtape.surface.special import polygamma
from numtape.tape import seam as _seam
from numtape.trace import make as _make
from numtape.transforms import calls as _calls, jacfun as _jacfun
from numtape.transforms import nested as _nested, sparse as _sparse
from numtape.transforms import passes as _passes
from numtape.transforms import reroll as _reroll
from numtape.stats import laplace as _laplace
from numtape.stats.adfun import ADREPORT, REPORT, MakeADFun
from numtape.stats.sdreport import sdreport
from numtape.stats.fit import Fit, fit
from numtape.stats.observe import OBS
from numtape.stats.bootstrap import bootstrap
from numtape.stats.parallel import map  # nt.map, not the builtin
from numtape.stats import distributions
from numtape import scipy
from numtape.glmm import glmm, anova, GLMM, NA

# the upward services, filled in this one place (ARCHITECTURE.md, "Upward seams")
_seam.fill(inline=_make.inline, jacfun=_jacfun.jacfun, sparse_jacfun=_sparse.sparse_jacfun,
           sparse_hessfun=_sparse.sparse_hessfun, simplify=_passes.simplify,
           reroll=_reroll.reroll, gradient_tape=_reroll.gradient_tape,
           capturing_tape=_nested.capturing_tape,
           call_vjp=_calls.call_vjp, newton=_laplace.newton, laplace=_laplace.laplace)

__all__ = ["ADArray", "ADComplex", "ADREPORT", "Fit", "GLMM", "MakeADFun", "MakeTape", "NA",
           "NewtonError", "OBS", "REPORT", "Tape", "TapeConfig", "TapeFormatError",
           "TracingError", "anova", "bootstrap", "compile_after", "compile_messages",
           "compile_status", "distributions", "fit", "glmm", "linalg", "load", "logsumexp",
           "make_tape", "map", "polygamma", "scipy", "sdreport", "sweep_kernels", "zeros"]
__version__ = "0.1.0"
