"""jacfun: the Jacobian of a tape as a new tape (RTMB's ``jacfun``; README.md, "Derived tapes").

The new tape replays F's ops on its own traced input (inlining them), then runs F's reverse
sweep *as a recording*: for each output i it walks F's ops backwards, calling every op's
recorded derivative rule (``rules.vjp_rule``) on traced arrays.  Adjoints are tracked as
addresses of the slots of F's arena, with -1 for a structural zero, so ops that output i does
not reach record nothing; both maps (values and adjoints) are held per op block, not per slot
(``numtape.trace.slots``).  Since the rules are written with ordinary ops, the result is an ordinary
tape: ``jacfun().jacfun()`` gives second derivatives, and so on.
"""
from __future__ import annotations

import functools

import numpy as np

from numtape.ops import BLOCK, OP, OPERAND_NAMES, OPS, PER_ELEMENT
from numtape.ops.layout import arg_pointers, breaks, operand_lengths, partial_names
from numtape.ops.flags import const_operand
from numtape.rules import chain_partial, vjp_rule
from numtape.trace.make import MakeTape, replay, zero_input
from numtape.trace.slots import Pieces
from numtape.transforms.passes.dce import operand_lists
from numtape.trace.recorder import CONST_BASE, addr_array, elementwise, recorder_of, wrap

_ZERO = -1   # the structural zero adjoint
MAX_ARITY = max(max(s.arity for s in OPS), 1)
_ADD = OP.AddOp.code
# elementwise ops with a derivative: their scalar instances take the int fast path
SCALAR = [s.kind != BLOCK and not s.zero_derivative for s in OPS]


def jacfun(F):
    """A tape x -> vec(J(x)) (row-major (m, n)) of tape ``F``; see the module docstring."""
    return record_reverse(F, [[i] for i in range(F.n_out)], None)


def record_reverse(F, seeds, pick):
    """A tape of F's input: the reverse sweep of F re-recorded once per entry of ``seeds``
    (each a list of F's outputs seeded with 1), results stacked (len(seeds), n_in) and
    flattened, then ``pick`` (an index array; None: all of them) of its entries."""
    x0 = zero_input(F)

    def reverse(x):
        rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
        where = replay(F, rec, x)
        rev = _Reverse(F)
        rows = [input_adjoints(rev, rec, where, s, last=i == len(seeds) - 1)
                for i, s in enumerate(seeds)]
        out = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        return wrap(rec, out if pick is None else out[pick])
    # the replay recomputes F's values, some of which no derivative needs, and the replays
    # of different seeds share partials: eliminate and merge
    return MakeTape(reverse, x0).simplify("optimize")


def weighted_reverse(F):
    """The tape z = (x, w) -> w^T J(x) of F (the VJP as a function; atomic calls use it)."""

    def vjp(z):
        rec = recorder_of(z)
        where = replay(F, rec, z[:F.n_in])
        w = addr_array(rec, z[F.n_in:]).ravel()
        return wrap(rec, input_adjoints(_Reverse(F), rec, where, weights=w, last=True))
    return MakeTape(vjp, np.zeros(F.n_in + F.n_out))


class _Reverse:
    """What every reverse replay of F needs: sizes, pointers, the pieces of F's arena each
    operand reads (``Pieces``: inputs, constants, op blocks) and which pieces depend on the
    input (constants' adjoints are never needed).  Per op and operand, not per slot."""

    def __init__(self, F):
        self.F = F
        self.size = np.diff(F.out_ptr).astype(np.int64)
        self.arg_ptr, self.iarg_ptr = arg_pointers(F.op, self.size)
        self.length = operand_lengths(F.op, F.flags, F.out_ptr, F.iargs)
        self.starts = F.args.astype(np.int64)
        self.pieces = P = Pieces(F)
        # the first and last piece of every operand block
        self.p0 = P.piece(self.starts)
        self.p1 = P.piece(self.starts + np.maximum(self.length, 1) - 1)
        many, off, (q0, q1) = operand_lists(self.arg_ptr, self.p0, self.p1)
        active = bytearray(P.n)
        active[0] = 1
        act = np.frombuffer(active, dtype=np.uint8)    # the same memory, for NumPy reads
        ap = self.arg_ptr.tolist()
        for k, m in enumerate(many.tolist()):
            if m:   # a gather's or the DepOp's single slots
                hit = bool(act[self.p0[ap[k]:ap[k + 1]]].any())
            else:
                hit = any(active[q0[i]] or (q1[i] > q0[i] and any(active[q0[i]:q1[i] + 1]))
                          for i in range(off[k], off[k + 1]))
            if hit:
                active[2 + k] = 1
        self.active = act.astype(bool)
        self._partials = {}

    def reads_active(self, i):
        """Whether operand ``i`` (its index in ``args``) reads a slot depending on the input."""
        return bool(self.active[self.p0[i]:self.p1[i] + 1].any())

    def forget(self, k):
        """Let go of op k's recorded partials."""
        for j in range(MAX_ARITY):
            self._partials.pop((k, j), None)

    def partial(self, k, j, spec, xs, y):
        """The local partial of op k's operand j (an elementwise op), recorded once."""
        d = self._partials.get((k, j))
        if d is None:
            d = self._partials[(k, j)] = spec.partials[j](*xs, y)
        return d


class _Adjoints:
    """The adjoint's address of every slot of F's arena (``_ZERO``: a structural zero), held
    per piece: pieces of one slot in ``one``, larger ones as arrays in ``big``.  An array
    stored whole is the recording's own (no copy) until part of it is written: ``_owned``
    copies it then, so no traced array is ever written through."""

    def __init__(self, P):
        self.P = P
        self.one = np.full(P.n, _ZERO, dtype=np.int64)
        self.big, self.own = {}, set()

    def take(self, p):
        """Piece p's adjoints (None: all zero), let go of: piece p is read once."""
        g = self.read(self.P._lo[p], self.P._size[p])
        self.big.pop(p, None)
        self.own.discard(p)
        return g

    def read(self, s, ln):
        """The adjoints of slots [s, s + ln); None when there is none (all zero)."""
        at = self.P.within(s, ln)
        if at is None:
            return self.gather(np.arange(s, s + ln))
        p, off = at
        if self.P._size[p] == 1:
            g = int(self.one[p])
            return None if g == _ZERO else np.array([g], dtype=np.int64)
        e = self.big.get(p)
        return None if e is None else e[off:off + ln]

    def write(self, s, ln, new):
        """Set the adjoints of slots [s, s + ln) to addresses ``new``."""
        at = self.P.within(s, ln)
        if at is None:
            self.scatter(np.arange(s, s + ln), new)
            return
        p, off = at
        if self.P._size[p] == 1:
            self.one[p] = new[0]
        elif ln == self.P._size[p]:
            self.big[p] = new
            self.own.discard(p)
        else:
            self._owned(p)[off:off + ln] = new

    def get_one(self, p, slot):
        """The adjoint of one slot, in piece p (ints)."""
        if self.P._size[p] == 1:
            return int(self.one[p])
        e = self.big.get(p)
        return _ZERO if e is None else int(e[slot - self.P._lo[p]])

    def set_one(self, p, slot, a):
        """Set the adjoint of one slot, in piece p, to address a."""
        if self.P._size[p] == 1:
            self.one[p] = a
        else:
            self._owned(p)[slot - self.P._lo[p]] = a

    def gather(self, slots):
        p = self.P.piece(slots)
        out = self.one[p]
        for q in np.unique(p[self.P.size[p] > 1]).tolist():
            e = self.big.get(q)
            if e is not None:
                at = p == q
                out[at] = e[slots[at] - self.P.lo[q]]
        return out

    def scatter(self, slots, a):
        p = self.P.piece(slots)
        small = self.P.size[p] == 1
        self.one[p[small]] = a[small]
        for q in np.unique(p[~small]).tolist():
            at = p == q
            self._owned(q)[slots[at] - self.P.lo[q]] = a[at]

    def _owned(self, p):
        e = self.big.get(p)
        if e is not None and p in self.own:
            return e
        e = np.full(self.P.size[p], _ZERO, dtype=np.int64) if e is None else e.copy()
        self.big[p] = e
        self.own.add(p)
        return e


def input_adjoints(rev, rec, where, rows=None, weights=None, last=False):
    """Addresses (in recording ``rec``) of d (w . F) / d x, recorded through the rules, with
    w = 1 on the outputs ``rows`` (several at once serve compressed Jacobians) or w the
    traced ``weights`` (addresses, one per output).  ``where`` maps F's arena slots to their
    addresses in ``rec`` (``numtape.trace.make.replay``).  ``last``: no other replay of F
    follows on ``where``, so an op's address arrays and partials are let go of once it is
    done (the later ops, done before it, were their only other readers)."""
    F, active = rev.F, rev.active
    adj = _Adjoints(rev.pieces)
    dep = np.asarray(F.dep, dtype=np.int64)
    if weights is not None:
        adj.scatter(dep, weights)      # the DepOp's outputs are distinct slots
    else:
        slots, counts = np.unique(dep[np.asarray(rows, dtype=np.int64)], return_counts=True)
        seeds, which = np.unique(counts, return_inverse=True)   # a constant per distinct count
        adj.scatter(slots, np.array([rec.const(float(c)) for c in seeds],
                                    dtype=np.int64)[which])
    zero = rec.const(0.0)
    op, out_ptr, flags_all = F.op.tolist(), F.out_ptr.tolist(), F.flags.tolist()
    for k in range(F.n_ops - 1, -1, -1):
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if n == 1 and SCALAR[op[k]]:   # the Python-loop case, in plain ints
            g = int(adj.one[2 + k])
            if g != _ZERO:
                _scalar_op_adjoints(rev, rec, where, adj, k, OPS[op[k]], flags_all[k], g)
            continue
        g_addr = adj.take(2 + k)
        if g_addr is None:
            continue
        none = g_addr == _ZERO
        if none.all():
            continue
        # a view where nothing is replaced: the array may be a traced value's own, which
        # the recorder would otherwise rewrite in place when it gathers it
        g_addr = np.where(none, zero, g_addr) if none.any() else g_addr.view()
        del none
        spec = OPS[op[k]]
        lo, hi = rev.arg_ptr[k], rev.arg_ptr[k + 1]
        a, lens = rev.starts[lo:hi], rev.length[lo:hi]
        if spec.arity == PER_ELEMENT:           # gathers and the DepOp: scatter-add
            keep = active[rev.p0[lo:hi]]
            _scatter_add(rec, adj, a[keep], g_addr[keep])
            continue
        flags = flags_all[k]
        wanted = [not const_operand(flags, j) and rev.reads_active(lo + j)
                  for j in range(hi - lo)]
        if not any(wanted):
            continue
        params = tuple(int(v) for v in F.iargs[rev.iarg_ptr[k]:rev.iarg_ptr[k + 1]])
        g = _traced(rec, g_addr)
        if spec.kind == BLOCK:
            y = _traced(rec, where.block(o, n))
            xs = [_traced(rec, where.block(s, ln)) for s, ln in zip(a.tolist(), lens.tolist())]
            cts = vjp_rule(spec, g, xs, y, params, F.subtapes)
        else:   # broadcast scalars are spread over the block (addresses only); the local
            # partials are recorded once, whatever the number of replays; the operands and
            # the value that no wanted partial reads are not made (n addresses each)
            read, read_y = _partial_reads(spec.code, tuple(wanted))
            xs = [None if not read[j] else
                  _traced(rec, where.block(s, ln) if ln == n else np.full(n, where.at(s)))
                  for j, (s, ln) in enumerate(zip(a.tolist(), lens.tolist()))]
            y = _traced(rec, where.block(o, n)) if read_y else None
            seed = _unit_seed(rec, g_addr)
            cts = [None if spec.zero_derivative or not wanted[j] else
                   _seeded(rec, seed, rev.partial(k, j, spec, xs, y), zero, n)
                   if seed is not None
                   else chain_partial(g, rev.partial(k, j, spec, xs, y))
                   for j in range(spec.arity)]
        for j, ct in enumerate(cts):
            if ct is None or not wanted[j]:
                continue
            if spec.kind != BLOCK and lens[j] != n:
                ct = np.sum(ct)
            s, ln = int(a[j]), int(lens[j])
            adj.write(s, ln, _summed(rec, adj.read(s, ln), addr_array(rec, ct).ravel()))
        if last:
            where.release(2 + k)
            rev.forget(k)
    out = adj.read(0, F.n_in)
    if out is None:
        return np.full(F.n_in, zero, dtype=np.int64)
    return np.where(out == _ZERO, zero, out)


def _scalar_op_adjoints(rev, rec, where, adj, k, spec, flags, g):
    """The adjoints of a scalar elementwise op's operands (output adjoint address g): the
    same as the block path, with ints instead of address arrays."""
    lo = rev.arg_ptr[k]
    args = rev.starts[lo:lo + spec.arity].tolist()
    ps = rev.p0[lo:lo + spec.arity].tolist()
    xs = y = None
    for j, s in enumerate(args):
        if const_operand(flags, j) or not rev.active[ps[j]]:
            continue
        if xs is None:
            xs = [wrap(rec, where.at(t)) for t in args]
            y = wrap(rec, where.at(rev.F.out_ptr[k]))
        d = rev.partial(k, j, spec, xs, y)
        if g >= CONST_BASE and rec.const_value(g) in (0.0, 1.0):
            if rec.const_value(g) == 0.0:
                continue   # a zero seed contributes nothing
            ct = rec.const(d) if type(d) is float else d._a
        else:
            ct = chain_partial(wrap(rec, g), d)
            if ct is None:
                continue
            ct = ct._a
        cur = adj.get_one(ps[j], s)
        adj.set_one(ps[j], s, ct if cur == _ZERO else rec.scalar_op(_ADD, (cur, ct)))


@functools.lru_cache(maxsize=None)
def _partial_reads(code, wanted):
    """(per operand, whether the partials ``wanted`` of elementwise op ``code`` read it;
    whether they read the op's value y), from the partials' formulas."""
    spec = OPS[code]
    used = set().union(*(partial_names(spec, j) for j, w in enumerate(wanted) if w))
    return tuple(nm in used for nm in OPERAND_NAMES[spec.arity]), "y" in used


def _unit_seed(rec, g_addr):
    """The 0/1 values of an adjoint made only of the constants 0 and 1 (a seed that has not
    met a non-trivial partial yet): a float when it is one constant throughout, else an
    array; None when it is anything else."""
    lo = int(g_addr.min())
    if lo < CONST_BASE:
        return None
    if lo == int(g_addr.max()):
        v = float(rec.const_value(lo))
        return v if v in (0.0, 1.0) else None
    v = rec.const_value(g_addr)
    return v if np.all((v == 0.0) | (v == 1.0)) else None


def _seeded(rec, seed, d, zero, n):
    """Seed * d for a 0/1 constant seed of n elements: d's own addresses where it is 1 (no op
    recorded); for a seed of both, d where it is 1 and 0 elsewhere, one select over the seed
    as a constant block (the same values as a gather of d's and the zero's addresses, whose
    n scattered operands every pass over the tape would walk one by one)."""
    d_addr = rec.const(float(d)) if type(d) is float else addr_array(rec, d)
    if type(seed) is float:
        if seed == 0.0:
            return wrap(rec, np.full(n, zero, dtype=np.int64))
        if np.shape(d_addr) == (n,):
            return wrap(rec, d_addr)
        return wrap(rec, np.full(n, int(d_addr), dtype=np.int64))
    return elementwise(OP.SelectOp, seed, wrap(rec, d_addr), wrap(rec, zero))


def _traced(rec, addr):
    """An ADArray over addresses (a scalar one for a single address)."""
    return wrap(rec, int(addr[0]) if addr.size == 1 else addr)


def _summed(rec, cur, ct):
    """The addresses of cur + ct: adjoints so far (``_ZERO`` where there is none yet; None:
    none at all) plus new ones, recording AddOps only where there is something to add."""
    if cur is None:
        return ct
    fresh = cur == _ZERO
    if fresh.all():
        return ct
    pos = np.flatnonzero(~fresh) if fresh.any() else None   # where to add (x[1:] meeting
    if pos is not None:                                     # x[:-1]: no gather)
        out = np.where(fresh, ct, cur)
        cur, ct = cur[pos], ct[pos]
    del fresh
    pieces = _pieces(cur, ct)
    if pieces is None:   # scattered addresses, or one stretch: one add (over gathered blocks)
        if pos is None:   # everywhere: its result is the sum (no copy of n addresses)
            return addr_array(rec, _traced(rec, cur) + _traced(rec, ct)).ravel()
        pieces = [(0, cur.size)]
    if pos is None:
        out = np.empty_like(cur)   # every position is one piece's
    # an add per stretch where both are consecutive (x[1:] meeting x[:-1] leaves an adjoint
    # that is one block but for its ends): operands at offsets within blocks, no gather; the
    # blocks first, the single elements after them, so a fused run is not cut
    for lo, hi in sorted(pieces, key=lambda p: p[1] - p[0] == 1):
        out[slice(lo, hi) if pos is None else pos[lo:hi]] = addr_array(
            rec, _traced(rec, cur[lo:hi]) + _traced(rec, ct[lo:hi])).ravel()
    return out


_MAX_PIECES = 8   # more stretches than this: gather (one add, whatever the pattern)


def _pieces(cur, ct):
    """[(lo, hi)]: the maximal stretches of positions where addresses ``cur`` and ``ct`` are
    both consecutive; None if there is one (nothing to split) or more than _MAX_PIECES."""
    if cur.size < 2:
        return None
    cuts = np.union1d(breaks(cur, _MAX_PIECES), breaks(ct, _MAX_PIECES))
    if cuts.size == 0 or cuts.size >= _MAX_PIECES:
        return None
    bounds = [0, *cuts.tolist(), cur.size]
    return list(zip(bounds[:-1], bounds[1:]))


def _scatter_add(rec, adj, slots, g):
    """adj[slots] += g for possibly repeated slots (a gather reading one value twice): the
    slots read c times are summed as one (groups, c) block per distinct c, so a gather with
    many repeats records a few ops, not one per repeated slot."""
    if slots.size == 0:
        return
    order = np.argsort(slots, kind="stable")      # stable: each sum runs in reading order
    s, gs = slots[order], g[order]
    uniq, first, counts = np.unique(s, return_index=True, return_counts=True)
    ct = gs[first]
    for c in np.unique(counts[counts > 1]):
        grp = np.flatnonzero(counts == c)
        block = gs[first[grp][:, None] + np.arange(c)[None, :]]
        ct[grp] = addr_array(rec, np.sum(wrap(rec, block), axis=1)).ravel()
    adj.scatter(uniq, _summed(rec, adj.gather(uniq), ct))
