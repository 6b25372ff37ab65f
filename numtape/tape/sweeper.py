"""The public sweep API of a tape: ``Sweeps`` runs the interpreters over one tape's plan.

Every layer that needs numbers from a tape (the Tape's own methods, CallOps running their
sub-tapes, simplify's constant folding, sparse Jacobians, inspection, tests) goes through this
object; nobody else touches the interpreters' argument tuples or the workspaces.

* **Workspaces** are per thread (a finished tape is shared across threads): the value arena,
  (k, arena) adjoint and tangent arrays for k directions, and the block ops' scratch array.
* **The plan** (numtape/tape/plan.py): the segments ``Run``, ``Fused``, ``Loop``, ``Host``,
  ``Call``, one protocol for all; the drivers below (``run_forward``, ``run_reverse``,
  ``run_tangent``, ``run_forward_tangent``) walk it once, whatever it holds.
* **Tiers** (numtape/sweeps/tiers.py): a tape starts on the compiled interpreters when this
  process has loaded them, else on the NumPy tier, and moves up at a sweep boundary
  (``_swept``) when that pays: to the compiled interpreters once they are on disk, to compiled
  segments once their kernels are (a background process compiles them); tapes too long for
  the NumPy tier compile in the foreground, with a message.
"""
from __future__ import annotations

import threading
import time
import warnings

import numpy as np

from numtape.kernels.twins import compiled
from numtape.ops import OPS
from numtape.ops.layout import arg_pointers, breaks, op_reads
from numtape.tape.callee import Callee
from numtape.tape.plan import (DEP, HOST, NO_ROW, PRODUCTS, Fused, Loop, Run, build_plan,
                                host_segment, without_outputs)
from numtape.tape.validate import scratch_size

from numtape.sweeps import fused, loops, tiers, variants
from numtape.sweeps.numpy_sweeps import NumpySweeps
from numtape.tape import blas, native
from numtape.tape.pages import plain_zeros

# a generated file from another op table would mis-dispatch: refuse to build tapes
STALE = variants.full is None or variants.full.OP_NAMES != tuple(s.name for s in OPS)

# tier-up: segments compile from this many sweeps on, when it pays (None: never; _swept)
_TIER = {"after": 20}
TIER_MIN_ARENA = 10_000   # smaller tapes stay interpreted (a compile would never pay back)
# a tape this large is hot from its first sweep: one interpreted sweep of it costs more than
# finding its segment kernels on disk (or asking a background process for them)
TIER_AT_ONCE = 1 << 22


def compile_after(sweeps):
    """Compile a tape's hot segments (``Tape.compile``) automatically once it has been swept
    ``sweeps`` times (forward sweeps from its workspaces: values, gradients, Jacobians), for
    tapes of at least 10,000 arena slots, and once their kernels are in the disk cache or the
    time spent sweeping the tape would pay for compiling them (numtape/sweeps/tiers.py:
    ``PAYBACK`` x ``SEGMENT_COMPILE`` per new kernel); ``None`` turns the automatic switch
    off.  Returns the previous setting.  Default 20: an optimizer or sampler gets compiled
    code for the rest of its run, a handful of evaluations never waits for a compile."""
    if sweeps is not None and (not isinstance(sweeps, int) or isinstance(sweeps, bool)
                               or sweeps < 1):
        raise ValueError(f"compile_after: expected a positive int or None, got {sweeps!r}")
    old, _TIER["after"] = _TIER["after"], sweeps
    return old


_BY_RUNS = 64   # outputs read by runs when a run holds this many of them on average


def _output_reads(a):
    """Where the outputs' DepOp (the tape's last op) reads them: a list of (d0, d1, s0), output
    positions d0 .. d1 - 1 from arena slots s0 .., when they lie in long runs of consecutive
    slots (a vectorized tape's few blocks); else the slots themselves."""
    m = int(a["dep"].size)
    src = a["args"][a["args"].size - m:]
    cut = breaks(src, limit=m // _BY_RUNS)   # (stops once there are too many runs)
    if (cut.size + 1) * _BY_RUNS > m:
        return src.astype(np.int64)
    ends = [int(e) for e in cut] + [m]
    return [(d0, d1, int(src[d0])) for d0, d1 in zip([0] + ends[:-1], ends)]


class _Pinned:
    """The jitted sweeps of a tape with block products, each run with one BLAS thread."""

    def __init__(self, interpreters):
        self.module = interpreters

    def _run(self, fn, args):
        blas.enter()
        try:
            fn(*args)
        finally:
            blas.leave()

    def forward(self, *args):
        self._run(self.module.forward, args)

    def reverse(self, *args):
        self._run(self.module.reverse, args)

    def tangent(self, *args):
        self._run(self.module.tangent, args)


class Sweeps(Callee):
    """Forward, reverse and tangent sweeps of one tape's validated arrays (module docstring).

    ``arrays`` are the tape's canonical arrays (``validate``'s result); ``subtapes`` the tapes
    its CallOps run.  ``out`` is where the outputs lie in the arena (a slice when contiguous).
    """

    def __init__(self, arrays, subtapes=()):
        if STALE:
            raise RuntimeError("numtape/sweeps/generated.py is stale: run "
                               "`python -m numtape.sweeps.generate`")
        a = arrays
        self.n_in, self.consts = a["n_in"], a["consts"]
        self.n_ops, self.arena_size = int(a["op"].size), int(a["out_ptr"][-1])
        self.work_size = scratch_size(a["op"], a["out_ptr"], a["iargs"])
        # clear adjoints inside the sweep when block ops hold most of the arena (see reverse)
        self.clear = bool(self.n_ops * 8 < self.arena_size - self.n_in - self.consts.size)
        d = a["dep"]   # recorded tapes end with a DepOp: the outputs are one block
        contiguous = d.size > 0 and d[-1] - d[0] == d.size - 1 and np.all(np.diff(d) == 1)
        self.out = slice(int(d[0]), int(d[-1]) + 1) if contiguous else d
        self.n_out = int(d.size)
        self._arrays = a
        self._reads_out = None   # where the outputs' DepOp reads them (_without_outputs)
        self._apart = (None, None)   # (plan, the plan without the outputs' DepOp)
        self._products = bool(np.isin(a["op"], PRODUCTS).any())
        self._interpreters = None  # chosen at the first sweep (interpreters)
        self._subtapes = tuple(subtapes)
        self.plan = self._interpreted = build_plan(a, self._subtapes)
        self.n_compiled_segments = None   # fused runs and re-rolled loops, set by compile()
        self._found = None    # the segments compile() would use (_segments)
        self._candidates = None   # ops the search for fused runs looks at (_pays_to_move)
        self._asked, self._next_look = False, 0.0   # segment kernels asked of the background
        self.n_swept = 0      # workspace forward sweeps, for the automatic tier-up
        self.spent = 0.0      # seconds spent sweeping this tape (run_*), for the tier-up
        self._tls = threading.local()
        self._stretches = {}   # id(plan): (plan, interpreters, the plan as swept: _stretched)
        self._ready = {}   # sweep: the plan whose segments' kernels for it are compiled (_kernels)

    # ---- tiers ---------------------------------------------------------------------------
    @property
    def interpreters(self):
        """The interpreters sweeping this tape's ``Run`` segments: a ``NumpySweeps`` (the
        no-compile tier) or a compiled module (numtape/sweeps/tiers.py), chosen at first use."""
        k = self._interpreters
        if k is None:
            k = self._interpreters = self._choose()
        return k

    @property
    def tier(self):
        """``"numpy"`` (no compile), ``"full"`` (the full compiled interpreters) or
        ``"variant"`` (compiled for this tape's op set); compiled segments are counted by
        ``n_compiled_segments``."""
        return self.run_tier()[0] if self.interpreters is not None else None   # (chosen now)

    @property
    def n_fused(self):
        """Deprecated alias of ``n_compiled_segments`` (it counts re-rolled loops too)."""
        warnings.warn("Sweeps.n_fused is deprecated: use Sweeps.n_compiled_segments (fused "
                      "runs and re-rolled loops)", DeprecationWarning, stacklevel=2)
        return self.n_compiled_segments

    def run_tier(self):
        """(tier, module) of the interpreters sweeping the ``Run`` segments now, choosing
        nothing: ``("numpy", None)``, ``("full", module)``, ``("variant", module)``, or
        ``(None, None)`` before the first sweep chooses (``interpreters``)."""
        k = self._interpreters
        if k is None:
            return None, None
        if isinstance(k, NumpySweeps):
            return "numpy", None
        module = getattr(k, "module", k)
        return ("full" if module is variants.full else "variant"), module

    def spans(self):
        """(k0, k1, segment) for every segment of the plan, in order: it sweeps ops k0 .. k1 - 1
        (for inspection: ``Tape.explain``)."""
        found = {id(seg): (k0, k1) for k0, k1, seg in self._found or ()}
        out, k = [], 0
        for seg in self.plan:
            if type(seg) is Run:
                n = int(seg.args[0].size)
            elif id(seg) in found:
                k0, k1 = found[id(seg)]
                n = k1 - k0
            else:   # Host, Call: one op
                n = 1
            out.append((k, k + n, seg))
            k += n
        return out

    def _choose(self):
        op = self._arrays["op"]
        k = tiers.interpreters_for(op)
        if not isinstance(k, NumpySweeps):
            return self._pinned(k)
        if self.n_ops <= tiers.NUMPY_MAX_OPS or tiers.mode() == "numpy":
            return k
        # a long scalar tape (Python loops): the full interpreters if on disk; else its loops
        # and fused runs compile (seconds), and the rest stays on the NumPy tier unless it is
        # long too
        if variants.full_is_compiled():
            return self._pinned(variants.full)
        self._interpreters = k
        self.compile()   # (compiled at the first sweep; the compile watch says what and why)
        if sum(s.args[0].size for s in self.plan if type(s) is Run) > tiers.NUMPY_MAX_OPS:
            return self._pinned(variants.interpreters_for(op))
        return k

    def _pinned(self, module):
        # block products in compiled sweeps: one BLAS thread (tape/blas.py)
        return _Pinned(module) if self._products else module

    def compiled_module(self):
        """The compiled interpreters of this tape's op set (for jitted callers: F.map, F.njit),
        switching the tape to them if it was on the NumPy tier."""
        if isinstance(self.interpreters, NumpySweeps):
            self._interpreters = self._pinned(variants.interpreters_for(self._arrays["op"]))
        k = self._interpreters
        return getattr(k, "module", k)

    def _segments(self):
        """The compiled segments this tape would use: (k0, k1, segment) of its fused runs and
        re-rolled loops, their kernel modules imported (not compiled); found once."""
        if self._found is None:
            a = self._arrays
            arg_ptr, iarg_ptr = arg_pointers(a["op"], np.diff(a["out_ptr"]))
            args = (a["op"], a["flags"], a["out_ptr"], a["args"], arg_ptr)
            reads = op_reads(*args[:4], a["iargs"], arg_ptr)
            found = [(r[0], r[1], Fused(fused.kernels(r[2]), r[3], r[4]))
                     for r in fused.find_runs(*args, reads, a["iargs"], iarg_ptr)]
            found += [(r[0], r[1], Loop(loops.kernels(r[2]), r[3], r[4], r[5]))
                      for r in loops.find_loops(*args, a["iargs"], reads)]
            self._found = found
        return self._found

    def compile(self):
        """Sweep runs of elementwise block ops with fused kernels (numtape/sweeps/fused.py) and
        stretches of scalar ops that repeat one body as re-rolled loops
        (numtape/sweeps/loops.py); returns the number of segments compiled."""
        if self.n_compiled_segments is not None:
            return self.n_compiled_segments
        specials = self._segments()   # compiled at their first sweep (_kernels; tiers.py)
        if specials:
            self.plan = build_plan(self._arrays, self._subtapes, specials)
        self.n_compiled_segments = len(specials)
        return self.n_compiled_segments

    def _uncompiled(self):
        """How many of this tape's segment kernels are not in Numba's disk cache."""
        return sum(not compiled(fn) for _, _, seg in self._segments() for fn, _ in seg.calls())

    # ---- workspaces ----------------------------------------------------------------------
    def workspace(self, kind, k=0):
        """Return this thread's ``"val"`` arena, ``"work"`` scratch, or (k, arena) ``"adj"`` /
        ``"tan"`` array (made on first use)."""
        ws = self._tls.__dict__
        key = (kind, k)
        a = ws.get(key)
        if a is None:
            c0, c1 = self.n_in, self.n_in + self.consts.size
            if kind == "val":  # constants are written once: no sweep writes their region
                a = np.empty(self.arena_size)
                a[c0:c1] = self.consts
            elif kind == "work":
                a = np.empty(self.work_size)
            else:  # adjoints/tangents: the constants' rows stay 0, never touched
                a = plain_zeros((k, self.arena_size))
                if kind == "adj":   # and every adjoint is clean for the first reverse sweep
                    ws.setdefault("clean", set()).add(key)
            ws[key] = a
        return a

    def fresh_arena(self, x=None):
        """A new value arena (not a workspace) holding the constants and inputs ``x`` (0 if
        None), for sweeps whose values must outlive the next evaluation."""
        val = np.zeros(self.arena_size)
        val[self.n_in:self.n_in + self.consts.size] = self.consts
        if x is not None:
            val[:self.n_in] = x
        return val


    # ---- compiled segments' kernels, before a sweep runs them ---------------------------------
    def _kernels(self, sweep):
        """The plan to run ``sweep`` ("forward", "reverse", "tangent", "forward_tangent") on, its
        compiled segments' kernels for that sweep compiled (or loaded) first, once per plan:
        a kernel that fails to compile (Numba cannot type or lower it) would otherwise raise
        from the middle of a sweep.  Such a segment leaves the plan for good and its ops go
        back to the interpreters, with a RuntimeWarning naming the error.  Returns (plan,
        [(k0, k1)] of the ops of the segments dropped now)."""
        plan = self.plan
        if not self.n_compiled_segments or self._ready.get(sweep) is plan:
            return plan, []
        failed = []
        for s in plan:
            if type(s) is Fused or type(s) is Loop:
                calls = {fn.py_func.__name__: (fn, sig) for fn, sig in s.calls()}
                need = ([sweep] if sweep in calls else ["forward", "tangent"])
                for name in need:   # (a Loop's forward_tangent is its forward and tangent)
                    fn, sig = calls[name]
                    if sig in fn.overloads:
                        continue
                    try:
                        fn.compile(sig)
                    except Exception as e:   # noqa: BLE001  (whatever Numba raises)
                        failed.append((s, name, e))
                        break
        if not failed:
            self._ready[sweep] = plan
            return plan, []
        gone = {id(s): (name, e) for s, name, e in failed}
        dropped = []
        for k0, k1, s in self._segments():
            if id(s) in gone:
                name, e = gone[id(s)]
                first = (str(e).strip().splitlines() or [""])[0][:200]
                warnings.warn(f"numtape: the {name} kernel of a compiled segment "
                              f"({type(s).__name__}, ops {k0}..{k1 - 1}) failed to compile "
                              f"({type(e).__name__}: {first}); the interpreters sweep those "
                              f"ops instead", RuntimeWarning, stacklevel=4)
                dropped.append((k0, k1))
        self._found = [t for t in self._segments() if id(t[2]) not in gone]
        self.plan = build_plan(self._arrays, self._subtapes, self._found)
        self.n_compiled_segments = len(self._found)
        return self.plan, dropped

    # ---- raw sweeps over given arrays ----------------------------------------------------
    def run_forward(self, val, adj0=NO_ROW, zero=False, work=None, tolerant=False,
                    hosts=True, interpreted=False):
        """Fill ``val``'s op outputs from its inputs and constants.  With ``zero``, adjoint row
        ``adj0`` is zeroed at every op output (for the reverse sweep that follows); with
        ``tolerant``, a host op that raises (a singular matrix at a made-up point) leaves NaN;
        with ``hosts=False`` host ops and calls are not run at all and leave NaN (constant
        folding, which never folds them, need not solve inner problems at a made-up point);
        with ``interpreted``, compiled segments are not used (every node's adjoint then lives
        in the arena: ``replay``)."""
        t = time.perf_counter()
        self._leave_numpy()
        work = self.workspace("work") if work is None else work
        plan = self._interpreted if interpreted else self._kernels("forward")[0]
        for s in self._stretched(plan):
            if not s.python:
                s.forward(self, val, work, adj0, zero)
            elif not hosts:
                val[s.out] = np.nan
            else:
                try:
                    s.forward(self, val, work, adj0, zero)
                except (np.linalg.LinAlgError, ValueError, FloatingPointError):
                    if not tolerant:
                        raise
                    val[s.out] = np.nan
        self.spent += time.perf_counter() - t

    def run_reverse(self, val, adj, clear=False, work=None, interpreted=False):
        """Accumulate adjoints ``adj`` (k, arena) backwards through the tape at values ``val``;
        with ``clear``, each op's adjoints are zeroed once used; ``interpreted`` as in
        ``run_forward``."""
        t = time.perf_counter()
        work = self.workspace("work") if work is None else work
        plan, dropped = (self._interpreted, []) if interpreted else self._kernels("reverse")
        if dropped:   # nothing swept yet: the values and the adjoints the dropped segments
            self.run_forward(val, work=work)   # kept to themselves, on the interpreters' terms
            seeds = adj[:, self.out].copy()
            ptr = self._arrays["out_ptr"]
            for k0, k1 in dropped:
                adj[:, ptr[k0]:ptr[k1]] = 0.0
            adj[:, self.out] = seeds
        for s in reversed(self._stretched(plan)):
            s.reverse(self, val, adj, work, clear)
        self.spent += time.perf_counter() - t

    def run_tangent(self, val, tan, work=None):
        """Propagate tangents ``tan`` (k, arena) forwards through the tape at values ``val``."""
        t = time.perf_counter()
        work = self.workspace("work") if work is None else work
        plan, dropped = self._kernels("tangent")
        if dropped:   # the values the dropped segments kept to themselves
            self.run_forward(val, work=work)
        for s in self._stretched(plan):
            s.tangent(self, val, tan, work)
        self.spent += time.perf_counter() - t

    def _stretched(self, plan):
        """``plan`` as the sweeps run it: on a compiled tier, consecutive jitted segments in
        one call each (``native.Stretch``); made once per plan and tier."""
        k = self._interpreters
        if k is None or type(k) is NumpySweeps:
            return plan
        st = self._stretches.get(id(plan))
        if st is None or st[0] is not plan or st[1] is not k:
            live = (self.plan, self._interpreted)   # plans replaced since (compile, tiers) go
            self._stretches = {i: e for i, e in self._stretches.items()
                               if e[0] is live[0] or e[0] is live[1]}
            st = self._stretches[id(plan)] = (plan, k, native.stretches(self, plan))
        return st[2]

    def _swept(self):
        """Count one workspace sweep; on a compiled tier, from the ``compile_after``-th sweep
        on (tapes of TIER_MIN_ARENA slots or more), move to compiled segments when it pays
        (``_segments_up``; leaving the NumPy tier is ``_leave_numpy``'s)."""
        self.n_swept += 1
        if self._interpreters is None or type(self._interpreters) is NumpySweeps:
            self._leave_numpy()   # a new tape chooses its tier first: a hot one compiles now
        if isinstance(self._interpreters, NumpySweeps):
            return
        if self.n_compiled_segments is None and self._hot() and self._pays_to_move():
            self._segments_up()

    def _pays_to_move(self):
        """Whether this tape has been swept long enough to pay for moving to compiled
        segments: ``tiers.RUN_PAYBACK`` times what the move costs (``RUN_SETUP``, and
        ``RUN_FIND`` per candidate op of the search for fused runs); a tape of
        ``TIER_AT_ONCE`` slots at once.  A tape of a few hundred short block ops, swept a few
        dozen times by a small fit, stays with the interpreters: there the move costs more
        than the fused sweeps would save (a bounded regret: at most ``RUN_PAYBACK`` moves'
        worth of slower sweeps)."""
        if self.arena_size >= TIER_AT_ONCE:
            return True
        c = self._candidates
        if c is None:
            a = self._arrays
            c = self._candidates = fused.n_candidates(a["op"], a["out_ptr"])
        return self.spent >= tiers.RUN_PAYBACK * (tiers.RUN_SETUP + tiers.RUN_FIND * c)

    def _leave_numpy(self):
        """At the start of every forward pass (a sweep boundary), on the NumPy tier: move to
        the compiled interpreters once they are on disk and this process has swept
        ``tiers.LOAD_COST`` seconds on the NumPy tier (what loading them costs), or this tape
        is hot (swept as often as ``compile_after`` asks before compiling its segments, with
        an arena of ``TIER_MIN_ARENA`` slots or more: an optimizer or sampler is calling it),
        or at once when they are loaded already."""
        # (self.interpreters: a new tape chooses its tier here, so its first sweep may switch)
        if (type(self.interpreters) is NumpySweeps
                and (NumpySweeps.spent[0] >= tiers.LOAD_COST or variants.full_is_loaded()
                     or self._hot())
                and tiers.full_ready()):
            self._interpreters = self._pinned(variants.full)

    def _hot(self):
        return _TIER["after"] is not None and (
            (self.n_swept >= _TIER["after"] and self.arena_size >= TIER_MIN_ARENA)
            or self.arena_size >= TIER_AT_ONCE)

    def _segments_up(self):
        """Compile segments (``_swept``): at once when their kernels are on disk; else ask a
        background process for them and take them when it is done; where background compiles
        are off, in the foreground once the time spent on this tape would pay for them."""
        now = time.monotonic()
        if now < self._next_look:
            return
        self._next_look = now + 0.25   # the index is read per kernel (costs.py: disk-index)
        missing = self._uncompiled()
        if not missing:
            self.compile()
        elif not self._asked:
            self._asked = tiers.compile_behind(
                [c for _, _, seg in self._segments() for c in seg.calls()])
            if not self._asked and self.spent >= tiers.PAYBACK * tiers.SEGMENT_COMPILE * missing:
                self.compile()
        else:
            tiers.pump()

    def run_forward_tangent(self, val, tan, work=None, plan=None):
        """``run_forward`` then ``run_tangent``, segment by segment (fused runs in one pass:
        each element's values and tangents in registers).  A fused run does not store the
        values and tangents of its results read only within it, nor compute the values that
        only the outputs' DepOp and tangents read (``fused._values``): ``tan`` then holds
        every other node's tangent, the outputs' among them, ``val`` every other node's value
        but the outputs' (``plan``: another plan of this tape, e.g. without the outputs'
        DepOp)."""
        t = time.perf_counter()
        self._leave_numpy()
        work = self.workspace("work") if work is None else work
        if plan is None:
            plan = self._kernels("forward_tangent")[0]
        for s in plan:
            s.forward_tangent(self, val, tan, work)
        self.spent += time.perf_counter() - t

    def _without_outputs(self):
        """The plan without the outputs' DepOp (``plan.without_outputs``), made once per plan;
        None when the outputs cannot be read from its operands."""
        plan = self.plan
        if self._apart[0] is not plan:
            a = self._arrays
            if self._reads_out is None and self.n_out and a["op"][-1] == DEP:
                self._reads_out = _output_reads(a)
            self._apart = (plan, None if self._reads_out is None else without_outputs(plan))
        return self._apart[1]

    def _outputs_of(self, a):
        """The outputs' rows (k, m) of ``a`` (k, arena), read from the DepOp's operands: by
        runs of consecutive slots, or by one gather."""
        r = self._reads_out
        if type(r) is np.ndarray:
            return a[:, r]
        y = np.empty((a.shape[0], self.n_out))
        for d0, d1, s0 in r:
            y[:, d0:d1] = a[:, s0:s0 + d1 - d0]
        return y

    def forward_tangent(self, x, v):
        """Values (this thread's arena, returned: every node's that jvp needs, but those a
        fused run keeps to itself, and not the outputs' block: fused.value_needs) and
        output tangents (k, m) for inputs ``x`` and input directions v (k, n_in), in one pass
        where the plan allows.  The tangents are read from the operands of the outputs' DepOp,
        which is not run: one copy into the result instead of two."""
        self._swept()
        val = self.workspace("val")
        self._tls.held = None   # this sweep leaves out values a reverse sweep reads
        val[:self.n_in] = x
        k = v.shape[0]
        if k == 0:
            self.run_forward(val)
            self._tls.last = (val, None)
            return val, np.zeros((0, self.n_out))
        tan = self.workspace("tan", k)
        tan[:, :self.n_in] = v
        self._kernels("forward_tangent")   # (before the plan without the outputs is taken)
        plan = self._without_outputs()
        self.run_forward_tangent(val, tan, plan=plan)
        self._tls.last = (val, None)
        return val, tan[:, self.out].copy() if plan is None else self._outputs_of(tan)

    def forward_one(self, k, val, args, iargs):
        """The value of op k alone (not a host op) into ``val``, from its operand starts
        ``args`` (a pass may have redirected them to equal blocks) and parameters ``iargs``:
        constant folding evaluates only the ops it folds."""
        a = self._arrays
        args = np.array(args, dtype=a["args"].dtype)
        iargs = np.array(iargs, dtype=a["iargs"].dtype)
        for v in (args, iargs):    # read-only, as the tape's own arrays: the interpreters'
            v.setflags(write=False)   # compiled signature (a writable one would compile anew)
        unsigned = np.uint32 if args.dtype == np.int32 else np.uint64
        # a NumPy tier of its own: NumpySweeps caches decoded programs by array address
        run = NumpySweeps() if isinstance(self.interpreters, NumpySweeps) else self.interpreters
        run.forward(a["op"][k:k + 1], a["flags"][k:k + 1],
                    a["out_ptr"][k:k + 2].view(unsigned), args.view(unsigned),
                    args, iargs, val,
                    np.empty(self.work_size), NO_ROW, False)

    def reverse_one(self, k, val, adj):
        """The reverse step of op k alone: its output adjoints ``adj[:, out]`` added into its
        operands' rows of ``adj`` (k, arena), at values ``val`` (debugging: which op made a
        NaN derivative)."""
        a = self._arrays
        arg_ptr, iarg_ptr = arg_pointers(a["op"][:k + 1], np.diff(a["out_ptr"][:k + 2]))
        p0, p1, q0, q1 = arg_ptr[k], arg_ptr[k + 1], iarg_ptr[k], iarg_ptr[k + 1]
        work = np.empty(self.work_size)
        if HOST[a["op"][k]]:
            seg = host_segment(a, self._subtapes, k, int(p0), int(q0))
            seg.reverse(self, val, adj, work, False)
            return
        unsigned = np.uint32 if a["args"].dtype == np.int32 else np.uint64
        self.interpreters.reverse(a["op"][k:k + 1], a["flags"][k:k + 1],
                        a["out_ptr"][k:k + 2].view(unsigned), a["args"][p0:p1].view(unsigned),
                        a["args"][p0:p1], a["iargs"][q0:q1], val, adj, work, False)

    # ---- sweeps on this thread's workspaces ------------------------------------------------
    def forward(self, x, adj=None):
        """Values for flat inputs ``x`` (this thread's arena, returned): every node's that a
        reverse or tangent sweep, another op or the outputs read (a fused run holds the
        others in a chunk buffer: numtape/sweeps/fused.py, ``_kept``; ``replay`` recomputes
        every node's); with ``adj`` (a (1, arena) adjoint workspace) its op outputs are
        zeroed too."""
        self._swept()
        val = self.workspace("val")
        val[:self.n_in] = x
        self.run_forward(val, NO_ROW if adj is None else adj[0], adj is not None)
        self._tls.last = (val, None)
        self._tls.held = (self.plan, self._interpreters)
        return val

    def recompute(self, x):
        """``forward(x)`` for a reverse or tangent sweep that needs the values at x again
        (a CallOp's, which recomputes its sub-tape's values: checkpointing): at inputs equal
        bit for bit to the last forward sweep's on this thread, on the same plan, that
        sweep's arena as it is (the chunks of one Jacobian ask for the same values again)."""
        val, tls = self.workspace("val"), self._tls
        x = np.ascontiguousarray(x, dtype=np.float64).reshape(-1)
        if (tls.__dict__.get("held") == (self.plan, self._interpreters)
                and np.array_equal(val[:self.n_in].view(np.int64), x.view(np.int64))):
            return val
        return self.forward(x)

    def gradient(self, x, w):
        """Forward then reverse for one seed row w (1, m) -> (1, n_in): adjoints zeroed during
        the forward sweep (or, for block-heavy tapes, kept clean by the reverse sweep)."""
        adj = self.workspace("adj", 1)
        clean = ("adj", 1) in self._tls.__dict__.setdefault("clean", set())
        val = self.forward(x, None if clean else adj)
        return self.reverse(val, w, zeroed=True)

    def reverse(self, val, w, zeroed=False):
        """Adjoints of the inputs for seeds w (k, m) -> (k, n_in).

        Before a sweep every adjoint outside the constants (never read) must be zero: done by
        the forward sweep (``zeroed``, one seed), by the previous reverse sweep on block-heavy
        tapes (which clear each op's adjoints once used, while the block is in cache), or here
        in one pass.  The inputs' adjoints are always zeroed here."""
        k = w.shape[0]
        if k == 0:
            return np.zeros((0, self.n_in))
        adj = self.workspace("adj", k)
        clean = self._tls.__dict__.setdefault("clean", set())
        adj[:, :self.n_in] = 0.0
        if not zeroed and ("adj", k) not in clean:
            adj[:, self.n_in + self.consts.size:] = 0.0
        clean.discard(("adj", k))
        adj[:, self.out] = w
        self.run_reverse(val, adj, self.clear)
        if self.clear:
            clean.add(("adj", k))
        self._tls.last = (val, w.copy())
        return adj[:, :self.n_in].copy()

    def tangent(self, val, v):
        """Output tangents for input directions v (k, n_in) -> (k, m)."""
        k = v.shape[0]
        if k == 0:
            return np.zeros((0, self.n_out))
        tan = self.workspace("tan", k)
        tan[:, :self.n_in] = v
        self.run_tangent(val, tan)
        return tan[:, self.out].copy()

    def values(self, x):
        """Every node's value for flat inputs ``x``, in a fresh arena (a forward sweep's arena
        leaves out the values a fused run holds to itself: ``forward``): interpreted, without
        touching the plan other threads sweep with."""
        vals = self.fresh_arena(x)
        self.run_forward(vals, work=np.empty(self.work_size), interpreted=True)
        return vals

    def replay(self):
        """Values and adjoints (first seed) of every node at this thread's last evaluation,
        recomputed in fresh arrays with nothing cleared (what ``print`` shows), or None."""
        last = getattr(self._tls, "last", None)
        if last is None:
            return None
        val, w = last
        # interpreted: every node's value and adjoint in the arena (compiled segments keep
        # some in chunk buffers and registers)
        vals = self.values(val[:self.n_in])
        if w is None:
            return vals, None
        adj = np.zeros((1, self.arena_size))
        adj[:, self.out] = w[:1]
        self.run_reverse(vals, adj, work=np.empty(self.work_size), interpreted=True)
        return vals, adj
