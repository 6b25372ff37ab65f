"""The op table: every operation a tape can hold, declared once.

An op is one row of the tape.  It reads its operand blocks from the value arena and writes one
contiguous output block ``val[o:o+n]``.  Each op is declared here exactly once, with

* its printed name (``ExpOp``), its arity and its number of integer parameters;
* for **elementwise** ops: a ``value`` expression and one local ``partial`` expression per
  operand, in duck-typed NumPy (see ops/elementwise.py).  The expressions are pasted into the
  sweeps (sweeps/generated.py is generated from this table) and compiled into functions called on
  ADArrays to record derivative rules, so an elementwise derivative is written once;
* for **block** ops: jitted ``forward``/``reverse``/``tangent`` bodies plus a recorded ``vjp``
  (the derivative rule written with other ops, ``vjp(g, xs, y, params)`` -> one cotangent per
  operand) and a ``sizes`` rule used by tape validation.

Kernel calling convention (block-op bodies; terms as in ARCHITECTURE.md, "Glossary")::

    forward(val, o, n, args, p, iargs, q, f, work)
    reverse(val, adj, o, n, args, p, iargs, q, f, work)
    tangent(val, tan, o, n, args, p, iargs, q, f, work)

``val`` is the value arena (float64[arena]); ``adj``/``tan`` are (k, arena) arrays holding k
adjoint / tangent directions; ``o, n`` are the output offset and length; the op's operand
offsets are ``args[p:p+arity]`` and its integer parameters ``iargs[q:q+nparams]``; ``f`` is
the op's flags byte (bit 4 + j: operand j is a constant and needs no adjoint); ``work`` is
scratch space of at least ``scratch(params)`` floats.

Derivative convention (every mode and order): a zero adjoint or tangent, or a zero local
partial, contributes exactly zero, even where the other factor is inf or NaN.  This is what
makes ``np.where(x > 0, np.sqrt(x), 0)`` have gradient 0 at x = 0.
"""
from __future__ import annotations

import collections
import enum
import functools
from dataclasses import dataclass
from typing import Callable

import pathlib
import sys

import numpy as np

from numtape.kernels.twins import pure
from numtape.ops.flags import const_operand
from numtape.ops.formulas import NAMESPACE
from numtape.ops.info import Edge


class _Word(str, enum.Enum):
    """A fact's closed vocabulary: each member is also its string (``Jacobian.REDUCE ==
    "reduce"``), so tables keyed by the words read it directly, and a misspelt word fails
    where the op is declared."""

    def __str__(self):
        return self.value

    __format__ = str.__format__


class Kind(_Word):
    """Elementwise ops carry formulas, block ops bodies (ARCHITECTURE.md, "The op table")."""

    ELEMENTWISE = "elementwise"
    BLOCK = "block"


class Jacobian(_Word):
    """How output elements depend on operand elements (sparsity patterns): see OpSpec."""

    ELEMENTWISE = "elementwise"
    NONE = "none"
    GATHER = "gather"
    REDUCE = "reduce"
    CUMSUM = "cumsum"
    MATMUL = "matmul"
    ROWS = "rows"
    SOLVE = "solve"
    DENSE = "dense"


class Hessian(_Word):
    """Which operand elements meet in a non-zero second partial: see OpSpec."""

    JOINT = "joint"
    LINEAR = "linear"
    CROSS = "cross"
    DIV = "div"
    PROD = "prod"


class Complex(_Word):
    """What an elementwise op does on complex operands (the rules live in trace/complex.py,
    which a test holds to these declarations)."""

    NONE = "none"            # refused: "np.<ufunc> is not supported on complex traced values"
    PAIRS = "pairs"          # recorded on the real and imaginary parts
    UNORDERED = "unordered"  # an ordering: refused as undefined for complex values


ELEMENTWISE = Kind.ELEMENTWISE
BLOCK = Kind.BLOCK
PER_ELEMENT = -1  # arity of ops taking one scalar operand per output element (gathers)


@dataclass(frozen=True)
class OpSpec:
    """One op of the table.  See the module docstring for the meaning of each field.

    Facts other layers read, declared here with the op (never in side tables):

    * ``jacobian``: how output elements depend on operand elements, for sparsity patterns:
      "elementwise" (default of elementwise ops), "none" (zero derivative), "gather", "reduce"
      ((outer, m, inner) reduced over m), "cumsum", "matmul", "rows", "solve" (X = A^-1 B:
      column j of X depends on A and column j of B), "dense" (default of block ops);
    * ``hessian``: which operand elements meet in a non-zero second partial: "joint" (default:
      all of them), "linear" (none: piecewise-linear ops only pass liveness on), "cross" (a
      with b only), "div" (a with b, b with b), "prod" (distinct elements of a reduced slice);
    * ``active``: bitmask of the operands with a non-zero partial (-1: all);
    * ``comparison``: a comparison (TapeConfig(comparison="forbid") refuses it);
    * ``chain``: for reductions, the elementwise op whose left-to-right chain is the scalar
      expansion (TapeConfig(atomic="disable"));
    * ``identities``: exact IEEE identities simplify may apply, as (kept operand, constant
      operand, test) triples with test one of "one", "plus_zero", "minus_zero";
    * ``joint``: statements computing the value ``y`` and the one partial ``d`` of a unary
      elementwise op together (one range reduction: ``vm.sincos{}(x)``, ``{}`` filled with
      ``_near`` in the loops whose arguments all passed ``vm.near``), for the compiled kernels
      that store the partial for the reverse sweep (fused runs' and loops' twins); the same
      bits as ``value_expr`` and ``partial_exprs``;
    * ``blas``: its bodies call BLAS (sweeps of a tape holding it pin BLAS to one thread);
    * ``base``: in every variant's op set (the ops every derivative tape records: gathers,
      the arithmetic of chained adjoints, sums), so a tape and its derivatives share one;
    * ``power``: the constant exponent p for which ``x ** p`` records this op (NumPy computes
      those powers by it too: square, sqrt, reciprocal);
    * ``complex``: its rule on complex operands (``Complex``);
    * ``domain`` and ``edges``: where the table-driven tests sample each operand
      (``numtape.ops.info``: U, Away, Choice) and the delicate points with their exact
      partials (``Edge``): an op without a domain fails the tests.

    Operands are named (``x``; ``a, b``; ``c, a, b``; ``m, c, a, b``) and ``active`` may be
    declared as the names of the operands with a non-zero partial; it is kept as a bitmask.
    """

    name: str
    kind: Kind
    arity: int
    nparams: int = 0
    value: Callable | None = None
    partials: tuple = ()
    value_expr: str = ""
    partial_exprs: tuple = ()
    zero_derivative: bool = False
    forward: Callable | None = None
    reverse: Callable | None = None
    tangent: Callable | None = None
    vjp: Callable | None = None
    sizes: Callable | None = None
    scratch: Callable | None = None
    bounds: tuple = ()
    host: bool = False
    numpy: tuple = ()
    ufuncs: tuple = ()
    jacobian: Jacobian = Jacobian.DENSE
    hessian: Hessian = Hessian.JOINT
    active: int = -1
    comparison: bool = False
    chain: str = ""
    identities: tuple = ()
    joint: tuple = ()
    blas: bool = False
    base: bool = False
    power: float | None = None
    complex: Complex = Complex.NONE
    domain: tuple = ()
    edges: tuple[Edge, ...] = ()
    param_names: tuple = ()
    Params: type | None = None
    source: str = ""
    code: int = -1


class _Table:
    """``OP.ExpOp``: the declared ops by name, as attributes, for code outside the op table
    (which never spells an op's name as a string: a test checks)."""

    def __getattr__(self, name):
        raise AttributeError(f"no op named {name!r} in the op table")


OPS: list[OpSpec] = []
BY_NAME: dict[str, OpSpec] = {}
BY_UFUNC: dict = {}
OP = _Table()


def _typed(spec: OpSpec) -> None:
    """The declaration's words as their enums (a misspelt one raises here), ``active`` given
    as operand names as its bitmask."""
    for field, word in (("kind", Kind), ("jacobian", Jacobian), ("hessian", Hessian),
                        ("complex", Complex)):
        object.__setattr__(spec, field, word(getattr(spec, field)))
    if isinstance(spec.active, tuple):
        names = OPERAND_NAMES.get(spec.arity, ())
        bits = 0
        for operand in spec.active:
            bits |= 1 << (names.index(operand) if isinstance(operand, str) else operand)
        object.__setattr__(spec, "active", bits)
    if spec.chain and spec.chain not in BY_NAME:
        raise ValueError(f"op {spec.name}: chain op {spec.chain} is not declared before it")


def _declared_at(depth=2):
    """``path:line`` of the declaration calling the declaring function (for the generated
    sweeps, whose cases name where their formulas come from)."""
    frame = sys._getframe(depth)
    path = pathlib.Path(frame.f_code.co_filename)
    try:
        path = path.relative_to(pathlib.Path(__file__).parents[2])
    except ValueError:
        pass
    return f"{path.as_posix()}:{frame.f_lineno}"


def _register(spec: OpSpec) -> OpSpec:
    if spec.name in BY_NAME:
        raise ValueError(f"op {spec.name} declared twice")
    _typed(spec)
    object.__setattr__(spec, "code", len(OPS))
    OPS.append(spec)
    BY_NAME[spec.name] = spec
    setattr(OP, spec.name, spec)
    for uf in spec.ufuncs:
        BY_UFUNC[uf] = spec
    return spec


OPERAND_NAMES = {1: ("x",), 2: ("a", "b"), 3: ("c", "a", "b"), 4: ("m", "c", "a", "b")}


def elementwise_op(name, value, partials, ufuncs=(), zero_derivative=False, **facts):
    """Declare an elementwise op from its value and local partial expressions.

    ``value`` computes y from the operands; ``partials[j]`` is dy/d(operand j), and may also
    use y.  Both must mean the same on floats inside Numba and on (AD)arrays.
    """
    names = ", ".join(OPERAND_NAMES[len(partials)])
    spec = OpSpec(name=name, kind=ELEMENTWISE, arity=len(partials),
                  value=eval(f"lambda {names}: {value}", NAMESPACE),
                  partials=tuple(eval(f"lambda {names}, y: {d}", NAMESPACE) for d in partials),
                  value_expr=value, partial_exprs=tuple(partials),
                  zero_derivative=zero_derivative, ufuncs=tuple(ufuncs),
                  source=_declared_at(),
                  **{"jacobian": "none" if zero_derivative else "elementwise", **facts})
    return _register(spec)


def reverse_from_rule(vjp, nparams, sizes):
    """A host op's reverse body derived from its recorded rule, so the derivative is written
    once: ``vjp`` evaluated on numbers, with the output adjoints of every seed direction that
    is not all zero stacked as g (k, n) (a zero seed contributes exactly zero); the rule treats
    leading dimensions as seeds (one factorization for all of them), and its cotangents are
    added to the operands not marked constant."""
    lengths = {}   # operand lengths by parameters (sizes() is vectorized, slow for one op)

    def reverse(val, adj, o, n, args, p, iargs, q, f, work):
        if adj.shape[0] == 1:   # one seed (gradients): a view, no search
            rows = slice(None)
            if not adj[0, o:o + n].any():
                return
        else:
            rows = np.flatnonzero(adj[:, o:o + n].any(axis=1))
            if rows.size == 0:
                return
        params = tuple(int(v) for v in iargs[q:q + nparams])
        lens = lengths.get(params)
        if lens is None:
            ls, _ = sizes(np.array(params, dtype=np.int64)[:, None])
            lens = lengths[params] = [int(np.ravel(ln)[0]) for ln in ls]
        starts = [int(args[p + j]) for j in range(len(lens))]
        xs = [val[s:s + ln] for s, ln in zip(starts, lens)]
        cts = vjp(adj[rows, o:o + n], xs, val[o:o + n], params)
        for j, ct in enumerate(cts):
            if ct is not None and not const_operand(f, j):
                adj[rows, starts[j]:starts[j] + lens[j]] += ct
    return reverse


def block_op(name, *, arity, params, forward, reverse, tangent, vjp, sizes, scratch=None,
             bounds=None, host=False, jacobian=Jacobian.DENSE, numpy=None, **facts):
    """Declare a block op from its jitted bodies, recorded rule and size rule.

    ``params`` names the op's integer parameters, in the order the tape stores them
    (``iargs``); ``spec.Params`` is the named tuple of them, which front ends record with
    (``OP.SolveOp.Params(m=3, k=1)``) and which ``sizes``, ``scratch`` and ``vjp`` receive
    (the jitted bodies read the same values as ``iargs[q + i]``, in the declared order).
    ``sizes(params) -> ([operand lengths], output length)`` (vectorized: each parameter a row
    of values) lets validation check every operand block before any sweep runs;
    ``scratch(params)`` is the length of the ``work`` array the bodies need (default none).
    ``bounds`` gives (low, high) per parameter (high None: the arena size); by default every
    parameter is a dimension in [1, arena].  A ``host`` op's bodies are plain Python (NumPy,
    SciPy's LAPACK): tapes run them between segments of the jitted sweeps, which never see them;
    a host op given ``reverse=None`` gets ``reverse_from_rule(vjp, ...)``.  ``numpy`` is the
    (forward, reverse, tangent) of the no-compile tier (numtape/sweeps/numpy_sweeps.py): NumPy
    bodies with the same calling convention and results, for the ops large blocks go through;
    by default that tier runs the jitted bodies' Python twins (``numtape.kernels.twins.pure``).
    """
    Params = collections.namedtuple(f"{name}Params", params)
    nparams = len(params)

    def named(fn):
        """``fn`` given its parameters as ``Params`` (a tuple: positional use still works)."""
        if fn is None:
            return None
        if fn is vjp:
            return functools.wraps(fn)(lambda g, xs, y, p: fn(g, xs, y, Params(*p)))
        return functools.wraps(fn)(lambda p: fn(Params(*p)))

    sizes, scratch, vjp = named(sizes), named(scratch), named(vjp)
    if host and reverse is None and vjp is not None:
        reverse = reverse_from_rule(vjp, nparams, sizes)
    if numpy is None:
        numpy = (forward, reverse, tangent) if host else tuple(map(pure, (forward, reverse,
                                                                           tangent)))
    return _register(OpSpec(name=name, kind=BLOCK, arity=arity, nparams=nparams,
                            forward=forward, reverse=reverse, tangent=tangent, vjp=vjp,
                            numpy=tuple(numpy), sizes=sizes, scratch=scratch,
                            bounds=tuple(bounds or [(1, None)] * nparams), host=host,
                            jacobian=jacobian, param_names=tuple(params), Params=Params,
                            source=_declared_at(), **facts))


# Importing the families fills the table, in a fixed order (the order is the opcode numbering).
from numtape.ops import structural as _structural  # noqa: E402,F401
from numtape.ops import elementwise as _elementwise  # noqa: E402,F401
from numtape.ops import reduce as _reduce  # noqa: E402,F401
from numtape.ops import matmul as _matmul  # noqa: E402,F401
from numtape.ops import linalg as _linalg  # noqa: E402,F401
from numtape.ops import order as _order  # noqa: E402,F401
from numtape.ops import fft as _fft  # noqa: E402,F401
from numtape.ops import call as _call  # noqa: E402,F401
