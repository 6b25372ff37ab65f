"""Tape: a frozen struct of arrays, its sweeps (``Tape.sweeps``), and thin methods over them.

Recording (``MakeTape``) lives in the trace layer above; transforms (jacfun, simplify, sparse
tapes, inlining into a recording) are reached through ``numtape.tape.seam``.
"""
from __future__ import annotations

import math
import threading

import numpy as np

from numtape.errors import TapeFormatError
from numtape.tape import batch, bound, inspection, io
from numtape.tape.pages import small_pages
from numtape.tape.seam import SERVICES
from numtape.tape.sweeper import Sweeps
from numtape.tape.validate import validate

_ONE = np.ones((1, 1))
_SWEEPS_LOCK = threading.Lock()
# Tape.jacobian's seed rows times arena slots per sweep: 2.4 MB of adjoints, about what the
# caches hold.  The first touch of fresh memory is what a new tape's Jacobian pays, and a
# sweep of many rows over a large arena runs from memory: on the outer Hessians of the mixed
# models (4-30 rows, arenas of 0.04-0.3M slots in the tape and its sub-tapes) fewer rows per
# sweep are faster, first and second Hessian together (benchmarks/glmm_vs_glmmtmb.py)
JACOBIAN_SLOTS = 300_000


def as_real(x, what="input"):
    """``x`` as a float64 array (a view when it already is one): bool, integer and floating
    dtypes are cast, anything else raises TypeError naming the dtype.  ``np.asarray(x,
    dtype=np.float64)`` alone would drop imaginary parts with only a ComplexWarning and parse
    numeric strings, so the dtype is checked first.  The caller never writes to the result."""
    a = np.asarray(x)
    if a.dtype.kind not in "biuf":
        raise TypeError(f"{what} has dtype {a.dtype}; tapes take real numbers (bool, integer "
                        "or floating dtypes, cast to float64)")
    return a.astype(np.float64, copy=False)


def is_traced(x):
    """Whether ``x`` (an array or a dict of them) holds traced values of a recording."""
    return any(hasattr(type(v), "__nt_traced__")
               for v in (x.values() if isinstance(x, dict) else [x]))


class Tape:
    """An immutable recorded function R^n -> R^m (README.md, "The tape, concretely").

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
    >>> round(float(F([3.0, 4.0])), 3)
    2751.771
    """

    def __init__(self, op, flags, out_ptr, args, iargs, consts, n_in, dep,
                 in_shape=None, out_shape=None, input_names=None, subtapes=()):
        arrays = validate(op, flags, out_ptr, args, iargs, consts, n_in, dep)
        for k, v in arrays.items():
            if isinstance(v, np.ndarray):
                v.setflags(write=False)
            setattr(self, k, v)
        self.in_shape = tuple(in_shape) if in_shape is not None else (self.n_in,)
        self.out_shape = tuple(out_shape) if out_shape is not None else (self.dep.size,)
        # exact integer products: np.prod would wrap around on hostile shapes
        if math.prod(self.in_shape) != self.n_in:
            raise ValueError(f"in_shape {self.in_shape} does not hold {self.n_in} inputs")
        if math.prod(self.out_shape) != self.dep.size:
            raise ValueError(f"out_shape {self.out_shape} does not hold {self.dep.size} outputs")
        if input_names is not None:
            stops = [sl.stop for sl, _ in input_names.values()]
            if any(math.prod(sh) != sl.stop - sl.start for sl, sh in input_names.values()) \
                    or (stops[-1] if stops else 0) != self.n_in:
                raise ValueError(f"input_names do not cover the {self.n_in} inputs")
        self.input_names = input_names  # None, or {name: (slice, shape)}
        self.subtapes = tuple(subtapes)   # the tapes CallOps run (shared, see atomic())
        self._arrays = arrays
        self._sweeps = None   # made at the first sweep: a tape only transformed never needs it
        self.records_as_call = False       # atomic(): traced calls record one CallOp
        self._derived = {}

    @property
    def sweeps(self):
        """The tape's forward, reverse and tangent sweeps (``numtape.tape.sweeper.Sweeps``)."""
        s = self._sweeps
        if s is None:
            with _SWEEPS_LOCK:   # one Sweeps per tape, whichever thread sweeps it first
                s = self._sweeps
                if s is None:
                    s = self._sweeps = Sweeps(self._arrays, self.subtapes)
        return s

    @property
    def callee(self):
        """What a CallOp of this tape runs (numtape/tape/callee.py): its Sweeps."""
        return self.sweeps

    def __reduce__(self):
        """Pickle (and deep-copy) to the validated arrays: unpickling rebuilds the tape through
        the constructor, which validates them again; workspaces are per thread, not state."""
        return (_rebuild, (self.arrays(), self.records_as_call))

    def arrays(self):
        """The constructor's arguments that rebuild this tape (derived tape classes wrap one)."""
        return dict(op=self.op, flags=self.flags, out_ptr=self.out_ptr, args=self.args,
                    iargs=self.iargs, consts=self.consts, n_in=self.n_in, dep=self.dep,
                    in_shape=self.in_shape, out_shape=self.out_shape,
                    input_names=self.input_names, subtapes=self.subtapes)

    # ---- sizes -------------------------------------------------------------------------
    @property
    def n_out(self):
        return int(self.dep.size)

    @property
    def arena_size(self):
        return int(self.out_ptr[-1])

    @property
    def n_ops(self):
        """Recorded operations (excluding input and constant slots)."""
        return int(self.op.size)

    @property
    def nbytes(self):
        """Bytes held by the tape's arrays (the value/adjoint arenas are 16 * arena_size)."""
        return sum(a.nbytes for a in (self.op, self.flags, self.out_ptr, self.args, self.iargs,
                                      self.consts, self.dep))

    def __len__(self):
        """Nodes as printed, TMB-style: one per input, one per constant, one per op."""
        return self.n_in + self.consts.size + self.n_ops

    def __repr__(self):
        c = self.consts.size
        consts = f", {c} constant{'s' if c > 1 else ''}" if c else ""
        return (f"<Tape R^{self.n_in} -> R^{self.n_out}: {self.n_ops} ops{consts}, "
                f"arena {self.arena_size}>")

    def derived(self, key, build):
        """The derived tape ``key`` of this tape, built by ``build()`` once and kept (gradient
        tapes for Hessians, VJP tapes of atomic calls)."""
        d = self._derived.get(key)
        if d is None:
            d = self._derived[key] = build()
        return d

    # ---- inputs ------------------------------------------------------------------------
    def flatten_input(self, x, convert=as_real):
        """``x`` (array or dict) flattened in input order, each part through ``convert(part,
        what)`` (numbers by default; the trace layer passes one for addresses); dict keys and
        shapes, or the total size, checked against the tape."""
        if isinstance(x, dict):
            if self.input_names is None:
                raise ValueError("this tape takes an array, not a dict")
            if set(self.input_names) != set(x):
                raise ValueError(f"input dict keys {list(x)} do not match the tape's "
                                 f"{list(self.input_names)}")
            parts = []
            for name, (_, shape) in self.input_names.items():
                v = convert(x[name], f"input {name!r}")
                if v.size != int(np.prod(shape)):
                    raise ValueError(f"input {name!r}: expected shape {shape}, got {v.shape}")
                parts.append(v.ravel())
            return np.concatenate(parts) if parts else convert(np.zeros(0), "input")
        if np.size(x) != self.n_in:   # before converting: a huge wrong input costs nothing
            raise ValueError(f"input has shape {np.shape(x)} ({np.size(x)} values); this tape "
                             f"expects shape {self.in_shape} ({self.n_in} values)")
        v = convert(x, "input")
        if v.size != self.n_in:
            raise ValueError(f"input has shape {v.shape} ({v.size} values); this tape expects "
                             f"shape {self.in_shape} ({self.n_in} values)")
        return v.ravel()

    def _forward(self, x):
        return self.sweeps.forward(self.flatten_input(x))

    def _shape_in(self, g):
        if self.input_names is None:
            return g.reshape(self.in_shape)
        return {name: g[sl].reshape(shape) for name, (sl, shape) in self.input_names.items()}

    # ---- evaluation --------------------------------------------------------------------
    def _checked(self, result, check_nan, derivative=True):
        """``result``; with ``check_nan`` and a NaN in it, FloatingPointError naming the first
        node that made a NaN from finite values (inspection.first_nan)."""
        if check_nan and np.isnan(result).any():
            inspection.first_nan(self, derivative)
        return result

    def __call__(self, x, check_nan=False):
        """Values at ``x``, shaped as f's output.  ``check_nan=True`` raises FloatingPointError
        naming the first node (as ``F.print()`` numbers it) that turned finite values into NaN."""
        if is_traced(x):   # called while recording another tape: the trace layer inlines
            return SERVICES.inline(self, x)
        val = self._forward(x)
        y = val[self.sweeps.out].reshape(self.out_shape).copy()  # never a view of the workspace
        self._checked(y, check_nan, derivative=False)
        return y[()] if y.ndim == 0 else y

    def jacobian(self, x, check_nan=False):
        """Dense (m, n) Jacobian: reverse sweeps for m <= n, tangent sweeps otherwise, up to
        ``batch.SEED_CHUNK`` seed directions per sweep and fewer on large arenas (each
        direction is an arena-sized row of adjoints or tangents, in this tape and in every
        sub-tape it calls: ``JACOBIAN_SLOTS`` bounds the rows times the arena, so a new
        tape's first Jacobian does not first-touch hundreds of MB).  The chunks have one size
        (the last padded with zero seeds), so each tape makes one workspace for them."""
        val = self._forward(x)
        m, n = self.n_out, self.n_in
        jac = np.empty((m, n))
        most = max(1, min(batch.SEED_CHUNK, JACOBIAN_SLOTS // max(self.sweeps.arena_size, 1)))
        d = min(m, n)   # directions: reverse sweeps for m <= n, tangent sweeps otherwise
        # chunks of one size, the last padded with zero seeds: one workspace per tape
        chunk = -(-d // -(-d // most)) if d else 1
        for s in range(0, d, chunk):
            e = min(d, s + chunk)
            seeds = np.zeros((chunk, m if m <= n else n))
            seeds[np.arange(e - s), np.arange(s, e)] = 1.0
            if m <= n:
                jac[s:e] = self.sweeps.reverse(val, seeds)[:e - s]
            else:
                jac[:, s:e] = self.sweeps.tangent(val, seeds)[:e - s].T
        return self._checked(jac, check_nan)

    def gradient(self, x, check_nan=False):
        """Gradient of a scalar tape, shaped like the input (a dict for dict inputs)."""
        if self.n_out != 1:
            raise ValueError(f"gradient needs a scalar tape; this one has {self.n_out} "
                             "outputs (use jacobian or vjp)")
        g = self._checked(self.sweeps.gradient(self.flatten_input(x), _ONE)[0], check_nan)
        return self._shape_in(g)

    def value_and_grad(self, x, check_nan=False):
        """A scalar tape's value and gradient at x from one forward and one reverse sweep (as
        JAX's ``value_and_grad``): ``(float, gradient shaped like x)``.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
        >>> F.value_and_grad(np.array([1.0, 2.0]))
        (5.0, array([2., 4.]))
        """
        g = self.gradient(x, check_nan)
        S = self.sweeps
        return float(S.workspace("val")[S.out][0]), g

    def vjp(self, x, w, check_nan=False):
        """w^T J(x), one reverse sweep; ``w`` has the output's size; result shaped like x."""
        w = as_real(w, "vjp: w")
        if w.size != self.n_out:
            raise ValueError(f"vjp: w has shape {w.shape}; expected shape {self.out_shape}")
        g = self.sweeps.gradient(self.flatten_input(x), w.reshape(1, -1))[0]
        return self._shape_in(self._checked(g, check_nan))

    def jvp(self, x, v, check_nan=False):
        """J(x) v: values and tangents in one pass (``Sweeps.forward_tangent``); ``v`` has the
        input's size; result shaped like F(x)."""
        v = self.flatten_input(v) if isinstance(v, dict) else as_real(v, "jvp: v")
        if v.size != self.n_in:
            raise ValueError(f"jvp: v has shape {v.shape}; expected shape {self.in_shape}")
        _, y = self.sweeps.forward_tangent(self.flatten_input(x), v.reshape(1, -1))
        y = y[0].reshape(self.out_shape)
        if check_nan and np.isnan(y).any():
            inspection.first_nan(self, True, tangent=v.reshape(1, -1))
        return y[()] if y.ndim == 0 else y

    # ---- derived tapes (transforms/, through the seam) ---------------------------------
    def jacfun(self, sparse=False):
        """A new tape x -> vec(J(x)), row-major (m, n): the reverse sweep re-recorded through
        every op's derivative rule, so it can be differentiated again.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: x[0] ** 3 * x[1], np.zeros(2))
        >>> F.jacfun().jacfun()([1.0, 2.0]).reshape(2, 2)      # the Hessian
        array([[12.,  3.],
               [ 3.,  0.]])
        """
        return (SERVICES.sparse_jacfun if sparse else SERVICES.jacfun)(self)

    def compile(self):
        """Sweep this tape's hot segments with compiled kernels instead of the interpreter: runs
        of elementwise block ops as fused loops (numtape/sweeps/fused.py) and stretches of
        scalar ops that repeat one body (a Python loop's) as re-rolled loops
        (numtape/sweeps/loops.py).  A scalar tape's gradient tape, which ``hvp`` and
        ``hessian`` sweep, is compiled too when it is built.  Re-rolled loops and fused values
        and tangents are the interpreter's bit for bit; fused adjoints may differ by a few ulps
        where a run adds several elements into one address.  Each new segment structure
        compiles once (about a second) and is cached on disk.  Tapes of 10,000 slots or more
        are compiled automatically after 20 sweeps (``nt.compile_after``).  Returns the number
        of compiled segments.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(np.exp(x) * np.sin(x)), np.zeros(100))
        >>> F.compile() >= 1
        True
        """
        self._compile_derived = True
        n = self.sweeps.compile()
        g = self._derived.get("gradient")
        if g is not None:
            n += g.sweeps.compile()
        return n

    def _gradient_tape(self):
        """jacfun() of a scalar tape, built once (Hessians are its Jacobian)."""
        if self.n_out != 1:
            raise ValueError(f"Hessians need a scalar tape; this one has {self.n_out} outputs")
        G = self.derived("gradient", lambda: SERVICES.gradient_tape(self))
        if getattr(self, "_compile_derived", False) and G.sweeps.n_compiled_segments is None:
            G.sweeps.compile()
        return G

    # ---- many points: batched replay (batch.py) and Numba-bound sweeps (bound.py) --------
    def map(self, X, workers=None):
        """Values at every row of ``X``, stacked: shape ``(B,) + out_shape``.

        ``X`` has shape ``(B,) + in_shape`` (or (B, n_in)), or is a dict of arrays of shape
        ``(B,) + shape`` for named inputs.  Chunks of rows run in jitted loops (tapes with host
        ops: per-row sweeps from Python) on up to ``workers`` threads (default: all cores);
        results equal per-point calls ``F(X[b])`` bit for bit.  See numtape/tape/batch.py.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
        >>> F.map(np.array([[1.0, 2.0], [3.0, 4.0]]))
        array([ 5., 25.])
        """
        workers = batch.check_workers(workers)
        X = batch.rows(self, X, "map", as_real)
        return batch.values(self, X, workers).reshape((X.shape[0],) + self.out_shape)

    def gradient_map(self, X, workers=None):
        """Gradients of a scalar tape at every row of ``X`` (as in ``map``), stacked: shape
        ``(B,) + in_shape`` (a dict of ``(B,) + shape`` arrays for named inputs); equal to
        per-point ``F.gradient(X[b])`` bit for bit.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
        >>> F.gradient_map(np.array([[1.0, 2.0], [3.0, 4.0]]))
        array([[2., 4.],
               [6., 8.]])
        """
        if self.n_out != 1:
            raise ValueError(f"gradient_map needs a scalar tape; this one has {self.n_out} "
                             "outputs (use jacobian_map)")
        workers = batch.check_workers(workers)
        X = batch.rows(self, X, "gradient_map", as_real)
        G, B = batch.gradients(self, X, workers), X.shape[0]
        if self.input_names is None:
            return G.reshape((B,) + self.in_shape)
        return {name: G[:, sl].reshape((B,) + tuple(shape))
                for name, (sl, shape) in self.input_names.items()}

    def jacobian_map(self, X, workers=None):
        """Dense Jacobians at every row of ``X`` (as in ``map``), stacked: shape
        ``(B, n_out, n_in)``; equal to per-point ``F.jacobian(X[b])`` bit for bit."""
        workers = batch.check_workers(workers)
        X = batch.rows(self, X, "jacobian_map", as_real)
        return batch.jacobians(self, X, workers)

    def njit(self):
        """Numba-jitted functions bound to this tape, for the user's own ``@numba.njit`` code
        (call them there, or pass them in as arguments): ``.value(x, out)`` writes the n_out
        outputs at the n_in inputs ``x`` into ``out``; for scalar tapes
        ``.value_and_grad(x, g)`` writes the gradient into ``g`` and returns the value.  Flat
        float64 arrays; results equal ``F(x)`` / ``F.gradient(x)`` bit for bit; safe to call
        from many threads at once (each call sweeps its own arena).  Tapes with host ops
        (LAPACK linear algebra, atomic calls) raise TypeError.  See numtape/tape/bound.py.

        >>> import numba, numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
        >>> vg = F.njit().value_and_grad
        >>> @numba.njit
        ... def descend(x, g):
        ...     for _ in range(3):
        ...         vg(x, g)
        ...         x -= 0.25 * g
        ...     return vg(x, g)
        >>> descend(np.array([1.0, 2.0]), np.zeros(2))
        0.078125
        """
        return bound.bind(self)

    def hessian(self, x):
        """Dense (n, n) Hessian of a scalar tape (the Jacobian of its gradient tape)."""
        return self._gradient_tape().jacobian(x)

    def hvp(self, x, v):
        """Hessian-vector product H(x) v of a scalar tape: one forward and one tangent sweep of
        the gradient tape (forward over reverse; no Hessian is formed).  Shaped like x.

        The gradient tape (built once, also for ``hessian``) of a tape of 1,000 ops or more
        that is mostly scalar ops forming loops (a Python loop's) is recorded from
        ``reroll()``'s tape: a handful of block ops.  Its results are the loop tape's bit for
        bit, except where a running sum's value is read by a later non-linear op (the
        re-rolled sum's order: a few ulps)."""
        G = self._gradient_tape()
        v = self.flatten_input(v) if isinstance(v, dict) else as_real(v, "hvp: v")
        if v.size != self.n_in:
            raise ValueError(f"hvp: v has shape {v.shape}; expected shape {self.in_shape}")
        return self._shape_in(np.ravel(G.jvp(x, v.ravel())))

    def hessfun(self, sparse=False):
        """A tape x -> vec(H(x)) (row-major (n, n)) of a scalar tape; with ``sparse=True`` a
        tape of the structural non-zeros (star coloring) whose calls return csr matrices."""
        if sparse:
            return SERVICES.sparse_hessfun(self, self._gradient_tape())
        return self._gradient_tape().jacfun()

    # ---- the statistical layer (stats/laplace.py, through the seam) ---------------------
    def newton(self, random, tol=1e-8, maxit=100, start=None):
        """Tape of the other inputs theta -> argmin over x[random] of this scalar tape.

        Damped Newton with the sparse Hessian of the random effects, started from ``start``
        (default zeros) and then from the previous solution; converged when max |gradient| <=
        ``tol``; ``nt.NewtonError`` after ``maxit`` steps or at a Hessian that is not positive
        definite.  Derivatives by the implicit function theorem (exact, any order the sweeps
        support).

        >>> import numpy as np, numtape as nt
        >>> f = nt.MakeTape(lambda x: x[0] ** 2 + (x[1] - x[0]) ** 2, np.zeros(2))
        >>> S = f.newton([1])
        >>> S([3.0]), S.jacobian([3.0])
        (array([3.]), array([[1.]]))
        """
        return SERVICES.newton(self, random, tol=tol, maxit=maxit, start=start)

    def laplace(self, random, spa=False, tol=1e-8, maxit=100, start=None):
        """Tape of the other inputs: -log of the integral of exp(-F) over x[random], by the
        Laplace approximation F(u_hat) + log det H / 2 - k log(2 pi) / 2 (``spa=True``: the
        saddle-point form -F(u_hat) + log det H / 2 + k log(2 pi) / 2).  Newton settings as
        in ``newton``; gradients and Hessians are exact.

        >>> import numpy as np, numtape as nt
        >>> f = nt.MakeTape(lambda x: x[0] ** 2 + x[1] ** 2, np.zeros(2))
        >>> round(float(f.laplace([1])([3.0])), 6)          # 9 - log(sqrt(pi))
        8.427635
        """
        return SERVICES.laplace(self, random, spa=spa, tol=tol, maxit=maxit, start=start)

    # ---- calling a tape while recording another ------------------------------------------
    def atomic(self):
        """Return this tape as an atomic "super node": called on traced values while recording, it
        records ONE CallOp referencing this tape (shared, not copied) instead of inlining its
        ops; sweeps recompute its inner values when they need them (checkpointing).

        >>> import numpy as np, numtape as nt
        >>> A = nt.MakeTape(lambda x: np.sin(x) * np.exp(x), np.zeros(2)).atomic()
        >>> F = nt.MakeTape(lambda x: np.sum(A(x) * A(x[::-1])), np.zeros(2))
        >>> F.n_ops, round(float(F.gradient([0.1, 0.2])[0]), 6)
        (6, 0.587217)
        """
        A = self._view()
        A.records_as_call = True
        return A

    def _view(self):
        """Another Tape object over this tape's validated arrays (not copied, not validated
        again): its own sweeps and derived tapes, its own ``records_as_call``."""
        A = object.__new__(type(self))
        A.__dict__.update(self.__dict__)
        A._sweeps, A._derived = None, {}
        return A

    # ---- passes (transforms/passes/, through the seam) ---------------------------------
    def simplify(self, mode="optimize"):
        """A new, smaller Tape with the same values and derivatives.

        Parameters
        ----------
        mode : {"optimize", "eliminate"}
            ``"eliminate"`` drops the ops no output depends on; ``"optimize"`` also merges
            common subexpressions, folds constant-only ops and applies exact identities.

        Examples
        --------
        >>> import numpy as np, numtape as nt
        >>> def f(x):
        ...     unused = np.sin(x)
        ...     return np.exp(x)[0]
        >>> F = nt.MakeTape(f, np.zeros(3))
        >>> F, F.simplify("eliminate")
        (<Tape R^3 -> R^1: 3 ops, arena 10>, <Tape R^3 -> R^1: 2 ops, arena 7>)
        """
        with small_pages():   # the passes' temporaries (numtape/tape/pages.py)
            return Tape(**SERVICES.simplify(self, mode))

    def reroll(self):
        """A new Tape whose loops of independent iterations (a body of scalar ops that a Python
        loop recorded once per iteration) are block ops: each body op over every iteration is
        one vectorized op, a running sum ``s = s + e`` one ``np.sum``.  Loops with another
        carried dependency stay scalar ops (``compile`` runs them as compiled loops).  Values
        are bit for bit F's, except running sums, which are re-associated (a few ulps), as
        ``np.sum`` differs from a Python loop's sum (numtape/transforms/reroll.py).

        >>> import numpy as np, numtape as nt
        >>> def f(x):
        ...     s = 0.0
        ...     for i in range(1, len(x)):
        ...         s = s + np.exp(0.5 * x[i] + np.sin(x[i - 1])) * x[i]
        ...     return s
        >>> F = nt.MakeTape(f, np.zeros(1000))
        >>> len(F) - F.n_in, len(F.reroll()) - F.n_in
        (5997, 16)
        """
        return SERVICES.reroll(self)

    # ---- files (io.py) -----------------------------------------------------------------
    def save(self, path):
        """Write the tape to ``path`` (a versioned ``.npz``, no pickle); ``nt.load`` reads it."""
        return io.save(self, path)

    # ---- inspection (inspection.py) ----------------------------------------------------
    def table(self):
        """The TMB-style table of the tape (OpName, Node, Value, Deriv, Index, Inputs)."""
        return inspection.Table(self)

    def print(self, max_rows=200, constants=False):
        """Print the TMB-style table (values/derivatives of the last evaluation); the constant
        nodes are one row unless ``constants=True``."""
        print(self.table().to_string(max_rows=max_rows, constants=constants))

    def to_dataframe(self):
        """The table as a pandas DataFrame (pandas is an optional extra)."""
        return inspection.to_dataframe(self)

    def graph(self):
        """scipy.sparse boolean adjacency (nodes x nodes): i -> j if node i feeds node j."""
        return inspection.graph(self)

    def to_dot(self, constants=False):
        """Graphviz DOT text of the node graph (the constant nodes only with ``constants``)."""
        return inspection.to_dot(self, constants)

    def show_graph(self, path):
        """Render the node graph to ``path`` (format from its suffix) with graphviz."""
        return inspection.show_graph(self, path)

    def explain(self):
        """How this tape is swept now: its plan, one row per segment (``Run``, ``Fused``,
        ``Loop``, ``Host``, ``Call``) with the ops it sweeps, their names, what sweeps it (the
        NumPy tier, the full interpreters, a variant, a compiled kernel, Python) and the
        kernel's file, then where each op is declared.  ``str()`` gives the report, ``.rows``
        the data.  Choosing and compiling nothing, it shows the state of the moment: a tape
        not swept yet has no tier, one not compiled no fused runs or loops.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: np.sum(np.exp(x) * x), np.zeros(3))
        >>> [(r.kind, r.n_ops) for r in F.explain().rows]
        [('Run', 4)]
        >>> F.explain().rows[0].summary()
        'ExpOp x1, MulOp x1, SumOp x1, DepOp x1'
        """
        return inspection.explain(self)


def _rebuild(arrays, records_as_call):
    """A tape from ``Tape.arrays()`` (unpickling)."""
    F = Tape(**arrays)
    F.records_as_call = records_as_call
    return F


def load(path):
    """Read a tape written by ``Tape.save``; raises TapeFormatError on any malformed input
    (a missing file stays FileNotFoundError).

    >>> import numpy as np, numtape as nt, tempfile, os
    >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    >>> p = F.save(os.path.join(tempfile.mkdtemp(), "f"))
    >>> nt.load(p).gradient([1.0, 2.0, 3.0])
    array([2., 4., 6.])
    """
    arrays = io.read(path)
    try:
        return Tape(**arrays)
    except TapeFormatError:
        raise
    except ValueError as e:  # shapes that do not hold the sizes
        raise TapeFormatError(f"{path}: in_shape/out_shape/input_names: {e}") from e
