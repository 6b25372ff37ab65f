"""Tape: a frozen struct of arrays plus thin methods over the jitted sweeps; and MakeTape."""
from __future__ import annotations

import copy
import threading

import numpy as np

from numtape import inspection, segments
from numtape.adarray import ADArray, addr_array, is_complex, recorder_of, wrap
from numtape.derived import atomic
from numtape.ops import OPS
from numtape.recording import recording
from numtape.recording import DEP
from numtape.validate import arg_pointers, scratch_size, validate

try:
    from numtape.kernels import sweeps
    # a sweeps.py generated from another op table would mis-dispatch: refuse to build tapes
    _STALE = sweeps.OP_NAMES != tuple(s.name for s in OPS)
except (ImportError, AttributeError, KeyError):  # lets the generator run to repair it
    sweeps, _STALE = None, True

_ONE = np.ones((1, 1))
_NO_ROW = np.zeros(1)  # the adjoint row forward sweeps are given when they zero nothing
_SEED_CHUNK = 64  # directions per sweep in jacobian(); bounds the (arena, k) workspace


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


class Tape:
    """An immutable recorded function R^n -> R^m (see SPEC section 2).

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))
    >>> round(float(F([3.0, 4.0])), 3)
    2751.771
    """

    def __init__(self, op, flags, out_ptr, args, iargs, consts, n_in, dep,
                 in_shape=None, out_shape=None, input_names=None, subtapes=()):
        if _STALE:
            raise RuntimeError("numtape/kernels/sweeps.py is stale: run "
                               "`python -m numtape.kernels._generate`")
        arrays = validate(op, flags, out_ptr, args, iargs, consts, n_in, dep)
        for k, v in arrays.items():
            if isinstance(v, np.ndarray):
                v.setflags(write=False)
            setattr(self, k, v)
        self.in_shape = tuple(in_shape) if in_shape is not None else (self.n_in,)
        self.out_shape = tuple(out_shape) if out_shape is not None else (self.dep.size,)
        if int(np.prod(self.in_shape)) != self.n_in:
            raise ValueError(f"in_shape {self.in_shape} does not hold {self.n_in} inputs")
        if int(np.prod(self.out_shape)) != self.dep.size:
            raise ValueError(f"out_shape {self.out_shape} does not hold {self.dep.size} outputs")
        if input_names is not None:
            stops = [sl.stop for sl, _ in input_names.values()]
            if any(int(np.prod(sh)) != sl.stop - sl.start for sl, sh in input_names.values()) \
                    or (stops[-1] if stops else 0) != self.n_in:
                raise ValueError(f"input_names do not cover the {self.n_in} inputs")
        self.input_names = input_names  # None, or {name: (slice, shape)}
        self._work_size = scratch_size(self.op, self.out_ptr, self.iargs)
        # clear adjoints inside the sweep when block ops hold most of the arena (see _reverse)
        self._clear = bool(self.n_ops * 8 < self.arena_size - self.n_in - self.consts.size)
        d = self.dep   # recorded tapes end with a DepOp: the outputs are one block
        contiguous = d.size > 0 and d[-1] - d[0] == d.size - 1 and np.all(np.diff(d) == 1)
        self._out = slice(int(d[0]), int(d[-1]) + 1) if contiguous else d
        unsigned = np.uint32 if self.args.dtype == np.int32 else np.uint64
        self._kernel_arrays = (self.op, self.flags, self.out_ptr.view(unsigned),
                               self.args.view(unsigned), self.args, self.iargs)
        self.subtapes = tuple(subtapes)   # the tapes CallOps run (shared, see atomic())
        self._segments = segments.plan(self)
        self._atomic = False
        self._tls = threading.local()
        self._last = None

    def _arrays(self):
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
        return (f"<Tape R^{self.n_in} -> R^{self.n_out}: {len(self)} ops, "
                f"arena {self.arena_size}>")

    # ---- workspaces (per thread; finished tapes are shared across threads) --------------
    def _workspace(self, kind, k=0):
        ws = self._tls.__dict__
        key = (kind, k)
        a = ws.get(key)
        if a is None:
            if kind == "val":  # constants are written once: no sweep writes their region
                a = np.empty(self.arena_size)
                a[self.n_in:self.n_in + self.consts.size] = self.consts
            elif kind == "work":
                a = np.empty(self._work_size)
            else:  # adjoints/tangents: the constants' tangents stay 0, written once here
                a = np.empty((k, self.arena_size))
                a[:, self.n_in:self.n_in + self.consts.size] = 0.0
            ws[key] = a
        return a

    def _flat_input(self, x):
        """Numbers: ``x`` (array or dict) as one flat float64 vector, checked."""
        return self._flatten(x, as_real)

    def _flatten(self, x, convert):
        """``x`` flattened in input order, each part through ``convert(part, what)`` (numbers or
        addresses); dict keys and shapes, or the total size, checked against the tape."""
        if isinstance(x, dict):
            if self.input_names is None:
                raise ValueError("this tape takes an array, not a dict")
            if set(self.input_names) != set(x):
                raise ValueError(f"input dict keys {sorted(x)} do not match the tape's "
                                 f"{list(self.input_names)}")
            parts = []
            for name, (_, shape) in self.input_names.items():
                v = convert(x[name], f"input {name!r}")
                if v.size != int(np.prod(shape)):
                    raise ValueError(f"input {name!r}: expected shape {shape}, got {v.shape}")
                parts.append(v.ravel())
            return np.concatenate(parts) if parts else convert(np.zeros(0), "input")
        v = convert(x, "input")
        if v.size != self.n_in:
            raise ValueError(f"input has shape {v.shape} ({v.size} values); this tape expects "
                             f"shape {self.in_shape} ({self.n_in} values)")
        return v.ravel()

    # ---- the sweeps: one jitted call, or segments around host ops (segments.py) ----------
    def _sweep_forward(self, val, work, adj0, zero):
        if self._segments is None:
            sweeps.forward(*self._kernel_arrays, val, work, adj0, zero)
        else:
            segments.forward(self, self._segments, val, work, adj0, zero)

    def _sweep_reverse(self, val, adj, work, clear):
        if self._segments is None:
            sweeps.reverse(*self._kernel_arrays, val, adj, work, clear)
        else:
            segments.reverse(self, self._segments, val, adj, work, clear)

    def _sweep_tangent(self, val, tan, work):
        if self._segments is None:
            sweeps.tangent(*self._kernel_arrays, val, tan, work)
        else:
            segments.tangent(self, self._segments, val, tan, work)

    def _forward(self, x, adj=None):
        """Values for input x; with ``adj`` (a (1, arena) adjoint workspace) the sweep also
        zeroes its adjoints at every op output, for the reverse sweep that follows."""
        val = self._workspace("val")
        val[:self.n_in] = self._flat_input(x)
        row = _NO_ROW if adj is None else adj[0]
        self._sweep_forward(val, self._workspace("work"), row, adj is not None)
        self._last = (val, None)
        return val

    def _gradient_sweeps(self, x, w):
        """Forward then reverse for one seed row w (1, m): adjoints zeroed during the forward
        sweep (or, for block-heavy tapes, kept clean by the reverse sweep itself)."""
        adj = self._workspace("adj", 1)
        clean = ("adj", 1) in self._tls.__dict__.setdefault("clean", set())
        val = self._forward(x, None if clean else adj)
        return self._reverse(val, w, zeroed=True)

    def _reverse(self, val, w, zeroed=False):
        """Adjoints of the inputs for seeds w (k, m) -> (k, n_in).

        Before a sweep every adjoint outside the constants (never read) must be zero: done by
        the forward sweep (``zeroed``, one seed), by the previous reverse sweep on block-heavy
        tapes (which clear each op's adjoints once used, while the block is in cache), or
        here in one pass.  The inputs' adjoints are always zeroed here."""
        k = w.shape[0]
        if k == 0:
            return np.zeros((0, self.n_in))
        adj = self._workspace("adj", k)
        clean = self._tls.__dict__.setdefault("clean", set())
        adj[:, :self.n_in] = 0.0
        if not zeroed and ("adj", k) not in clean:
            adj[:, self.n_in + self.consts.size:] = 0.0
        clean.discard(("adj", k))
        adj[:, self._out] = w
        self._sweep_reverse(val, adj, self._workspace("work"), self._clear)
        if self._clear:
            clean.add(("adj", k))
        self._last = (val, w.copy())
        return adj[:, :self.n_in].copy()

    def _replay(self):
        """Values and adjoints (first seed) of every node at the last evaluation of this
        thread, recomputed in fresh arrays with nothing cleared: what ``print`` shows."""
        val, w = self._last
        vals = np.empty(self.arena_size)
        vals[:self.n_in + self.consts.size] = val[:self.n_in + self.consts.size]
        self._sweep_forward(vals, np.empty(self._work_size), _NO_ROW, False)
        if w is None:
            return vals, None
        adj = np.zeros((1, self.arena_size))
        adj[:, self._out] = w[:1]
        self._sweep_reverse(vals, adj, np.empty(self._work_size), False)
        return vals, adj

    def _tangent(self, val, v):
        """Output tangents for input directions v (k, n_in) -> (k, m)."""
        k = v.shape[0]
        if k == 0:
            return np.zeros((0, self.n_out))
        tan = self._workspace("tan", k)
        tan[:, :self.n_in] = v
        self._sweep_tangent(val, tan, self._workspace("work"))
        return tan[:, self._out].copy()

    def _shape_in(self, g):
        if self.input_names is None:
            return g.reshape(self.in_shape)
        return {name: g[sl].reshape(shape) for name, (sl, shape) in self.input_names.items()}

    # ---- evaluation --------------------------------------------------------------------
    def __call__(self, x):
        if any(isinstance(v, ADArray) for v in (x.values() if isinstance(x, dict) else [x])):
            return self._inline(x)
        val = self._forward(x)
        y = val[self._out].reshape(self.out_shape).copy()  # never a view of the workspace
        return y[()] if y.ndim == 0 else y

    def jacobian(self, x):
        """Dense (m, n) Jacobian: reverse sweeps for m <= n, tangent sweeps otherwise."""
        val = self._forward(x)
        m, n = self.n_out, self.n_in
        jac = np.empty((m, n))
        if m <= n:
            for s in range(0, m, _SEED_CHUNK):
                e = min(m, s + _SEED_CHUNK)
                seeds = np.zeros((e - s, m))
                seeds[np.arange(e - s), np.arange(s, e)] = 1.0
                jac[s:e] = self._reverse(val, seeds)
        else:
            for s in range(0, n, _SEED_CHUNK):
                e = min(n, s + _SEED_CHUNK)
                seeds = np.zeros((e - s, n))
                seeds[np.arange(e - s), np.arange(s, e)] = 1.0
                jac[:, s:e] = self._tangent(val, seeds).T
        return jac

    def gradient(self, x):
        """Gradient of a scalar tape, shaped like the input (a dict for dict inputs)."""
        if self.n_out != 1:
            raise ValueError(f"gradient needs a scalar tape; this one has {self.n_out} "
                             "outputs (use jacobian or vjp)")
        return self._shape_in(self._gradient_sweeps(x, _ONE)[0])

    def vjp(self, x, w):
        """w^T J(x), one reverse sweep; ``w`` has the output's size; result shaped like x."""
        w = as_real(w, "vjp: w")
        if w.size != self.n_out:
            raise ValueError(f"vjp: w has shape {w.shape}; expected shape {self.out_shape}")
        return self._shape_in(self._gradient_sweeps(x, w.reshape(1, -1))[0])

    def jvp(self, x, v):
        """J(x) v, one tangent sweep; ``v`` has the input's size; result shaped like F(x)."""
        v = self._flat_input(v) if isinstance(v, dict) else as_real(v, "jvp: v")
        if v.size != self.n_in:
            raise ValueError(f"jvp: v has shape {v.shape}; expected shape {self.in_shape}")
        val = self._forward(x)
        y = self._tangent(val, v.reshape(1, -1))[0].reshape(self.out_shape)
        return y[()] if y.ndim == 0 else y

    # ---- derived tapes (derived/) -------------------------------------------------------
    def jacfun(self, sparse=False):
        """A new tape x -> vec(J(x)), row-major (m, n): the reverse sweep re-recorded through
        every op's derivative rule, so it can be differentiated again.

        >>> import numpy as np, numtape as nt
        >>> F = nt.MakeTape(lambda x: x[0] ** 3 * x[1], np.zeros(2))
        >>> F.jacfun().jacfun()([1.0, 2.0]).reshape(2, 2)      # the Hessian
        array([[12.,  3.],
               [ 3.,  0.]])
        """
        if sparse:
            from numtape.derived.sparse import sparse_jacfun
            return sparse_jacfun(self)
        from numtape.derived.jacfun import jacfun
        return jacfun(self)

    def _gradient_tape(self):
        """jacfun() of a scalar tape, built once (Hessians are its Jacobian)."""
        if self.n_out != 1:
            raise ValueError(f"Hessians need a scalar tape; this one has {self.n_out} outputs")
        g = self.__dict__.get("_grad")
        if g is None:
            g = self._grad = self.jacfun()
        return g

    def hessian(self, x):
        """Dense (n, n) Hessian of a scalar tape (the Jacobian of its gradient tape)."""
        return self._gradient_tape().jacobian(x)

    def hvp(self, x, v):
        """Hessian-vector product H(x) v of a scalar tape: one forward and one tangent sweep of
        the gradient tape (forward over reverse; no Hessian is formed).  Shaped like x."""
        G = self._gradient_tape()
        v = self._flat_input(v) if isinstance(v, dict) else as_real(v, "hvp: v")
        if v.size != self.n_in:
            raise ValueError(f"hvp: v has shape {v.shape}; expected shape {self.in_shape}")
        return self._shape_in(np.ravel(G.jvp(x, v.ravel())))

    def hessfun(self, sparse=False):
        """A tape x -> vec(H(x)) (row-major (n, n)) of a scalar tape; with ``sparse=True`` a
        tape of the structural non-zeros (star coloring) whose calls return csr matrices."""
        if sparse:
            from numtape.derived.sparse import sparse_hessfun
            return sparse_hessfun(self, self._gradient_tape())
        return self._gradient_tape().jacfun()

    # ---- calling a tape while recording another: inline its ops -------------------------
    def atomic(self):
        """This tape as an atomic "super node": called on traced values while recording, it
        records ONE CallOp referencing this tape (shared, not copied) instead of inlining its
        ops; sweeps recompute its inner values when they need them (checkpointing).

        >>> import numpy as np, numtape as nt
        >>> A = nt.MakeTape(lambda x: np.sin(x) * np.exp(x), np.zeros(2)).atomic()
        >>> F = nt.MakeTape(lambda x: np.sum(A(x) * A(x[::-1])), np.zeros(2))
        >>> F.n_ops, round(float(F.gradient([0.1, 0.2])[0]), 6)
        (6, 0.587217)
        """
        A = copy.copy(self)
        A._atomic = True
        return A

    def _inline(self, x):
        rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
        if self._atomic and rec.atomic:   # TapeConfig(atomic="disable") inlines instead
            return atomic.record_call(self, x)
        where = self._inline_map(rec, x)
        return wrap(rec, where[self.dep].reshape(self.out_shape))

    def _input_addresses(self, rec, x):
        """Traced ``x``: its flat input addresses in ``rec``, checked as ``F(x)`` checks."""
        return self._flatten(x, lambda v, what: addr_array(rec, v))

    def _inline_map(self, rec, x):
        """Copy this tape's ops into recording ``rec`` on inputs ``x``; return the address in
        ``rec`` of every slot of this tape's arena."""
        xa = self._input_addresses(rec, x)
        # inputs must form one block, as the copied ops may read them as blocks
        start = rec.contiguous(xa)
        where = np.full(self.arena_size, -1, dtype=np.int64)
        where[:self.n_in] = np.arange(start, start + self.n_in)
        nc = self.consts.size
        if nc:
            where[self.n_in:self.n_in + nc] = rec.const_block(self.consts)
        size = np.diff(self.out_ptr)
        arg_ptr, iarg_ptr = arg_pointers(self.op, size)
        for k in range(self.n_ops):
            ins = where[self.args[arg_ptr[k]:arg_ptr[k + 1]]]
            if self.op[k] == DEP:   # outputs: no copy, point at what the DepOp reads
                where[self.out_ptr[k]:self.out_ptr[k + 1]] = ins
                continue
            params = self.iargs[iarg_ptr[k]:iarg_ptr[k + 1]].tolist()
            if self.op[k] == atomic.CALL:
                sub = self.subtapes[params[2]]
                if not rec.atomic:   # TapeConfig(atomic="disable"): inline the call too
                    a = int(self.args[arg_ptr[k]])
                    inner = sub._inline_map(rec, wrap(rec, where[a:a + sub.n_in]))
                    where[self.out_ptr[k]:self.out_ptr[k + 1]] = inner[sub.dep]
                    continue
                params[2] = rec.subtape(sub)   # its index in the open recording
            o = rec.block_op(int(self.op[k]), int(self.flags[k]), ins.tolist(), params,
                             int(size[k]))
            where[self.out_ptr[k]:self.out_ptr[k + 1]] = np.arange(o, o + size[k])
        return where

    # ---- passes (passes/) ---------------------------------------------------------------
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
        (<Tape R^3 -> R^1: 6 ops, arena 10>, <Tape R^3 -> R^1: 5 ops, arena 7>)
        """
        from numtape.passes import simplify
        return simplify(self, mode)

    # ---- files (io.py) -----------------------------------------------------------------
    def save(self, path):
        """Write the tape to ``path`` (a versioned ``.npz``, no pickle); ``nt.load`` reads it."""
        from numtape import io
        return io.save(self, path)

    # ---- inspection (inspection.py) ----------------------------------------------------
    def table(self):
        """The TMB-style table of the tape (OpName, Node, Value, Deriv, Index, Inputs)."""
        return inspection.Table(self)

    def print(self, max_rows=200):
        """Print the TMB-style table (values/derivatives of the last evaluation)."""
        print(self.table().to_string(max_rows=max_rows))

    def to_dataframe(self):
        """The table as a pandas DataFrame (pandas is an optional extra)."""
        return inspection.to_dataframe(self)

    def graph(self):
        """scipy.sparse boolean adjacency (nodes x nodes): i -> j if node i feeds node j."""
        return inspection.graph(self)

    def to_dot(self):
        """Graphviz DOT text of the node graph."""
        return inspection.to_dot(self)

    def show_graph(self, path):
        """Render the node graph to ``path`` (format from its suffix) with graphviz."""
        return inspection.show_graph(self, path)


def MakeTape(f, x0):
    """Record ``f`` (plain NumPy) at ``x0`` into a Tape.

    ``x0`` is array-like (any shape) or a dict of arrays; ``f`` receives traced arrays of the
    same shape(s) and returns a scalar, an array, or a list/tuple of them.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    >>> F.gradient([1.0, 2.0, 3.0])
    array([2., 4., 6.])
    """
    names = None
    if isinstance(x0, dict):
        names, start = {}, 0
        for key, v in x0.items():
            shape = as_real(v, f"x0[{key!r}]").shape
            size = int(np.prod(shape))
            names[key] = (slice(start, start + size), shape)
            start += size
        n_in, in_shape = start, (start,)
    else:
        in_shape = as_real(x0, "x0").shape
        n_in = int(np.prod(in_shape))
    with recording(n_in) as rec:
        if names is None:
            x = wrap(rec, np.arange(n_in, dtype=np.int64).reshape(in_shape))
        else:
            x = {k: wrap(rec, np.arange(sl.start, sl.stop, dtype=np.int64).reshape(shape))
                 for k, (sl, shape) in names.items()}
        y = f(x)
        out, out_shape = _outputs(rec, y)
        arrays = rec.finish(out)
    if rec.captured:   # a nested tape using outer values (derived/nested.py)
        from numtape.derived.nested import CapturingTape
        full = Tape(**arrays, out_shape=out_shape)
        return CapturingTape(full, rec.captured, in_shape, names)
    return Tape(**arrays, in_shape=in_shape, out_shape=out_shape, input_names=names)


make_tape = MakeTape


def _outputs(rec, y):
    if any(map(is_complex, y if isinstance(y, (list, tuple)) else (y,))):
        raise TypeError("f returned a complex value; tape outputs must be real: return "
                        "np.real(z), np.imag(z) or np.abs(z) (or several of them in a list)")
    if isinstance(y, (list, tuple)):
        parts = [addr_array(rec, v).ravel() for v in y]
        out = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return out, out.shape
    if isinstance(y, dict):
        raise TypeError("f returned a dict; return an array or a list/tuple of arrays")
    if y is None:
        raise TypeError("f returned None; return the value to be taped")
    a = addr_array(rec, y)
    return a, a.shape
