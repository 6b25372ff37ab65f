"""jacfun: the Jacobian of a tape as a new tape (RTMB's ``jacfun``; README.md, "Derived tapes").

The new tape replays F's ops on its own traced input (inlining them), then runs F's reverse
sweep *as a recording*: it walks F's ops backwards, calling every op's recorded derivative
rule (``rules.vjp_rule``) on traced arrays.  Adjoints are tracked as addresses of the slots of
F's arena, with -1 for a structural zero, so ops that no seeded output reaches record
nothing; both maps (values and adjoints) are held per op block, not per slot
(``numtape.trace.slots``).  The seeds (outputs, or colors of a compressed Jacobian) of a small
tape are swept together, each slot holding a row of adjoints per seed: an elementwise op
records one op over all rows (its partials once, broadcast), a sum or a matrix product one
batched rule (``rules.batched_vjp_rule``), so the recording's cost, which is Python's per op,
does not grow with the seeds.  Since the rules are written with ordinary ops, the result is an
ordinary tape: ``jacfun().jacfun()`` gives second derivatives, and so on.
"""
from __future__ import annotations

import functools

import numpy as np

from numtape.ops import BLOCK, OP, OPERAND_NAMES, OPS, PER_ELEMENT
from numtape.ops.layout import arg_pointers, breaks, operand_lengths, partial_names
from numtape.ops.flags import const_operand
from numtape.rules import batched_vjp_rule, chain_partial, vjp_rule
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


# seeds times F's arena slots that one batched reverse replay holds adjoints for at most: a
# small tape's seeds (a sparse Hessian's colors, a Jacobian's rows) share one replay, whose
# ops each run over all of them; a large tape's seeds (long ops, few colors) each get their
# own replay, whose ops read their partials without a gather
BATCH_SLOTS = 1 << 16


def record_reverse(F, seeds, pick):
    """A tape of F's input: the reverse sweep of F re-recorded for the entries of ``seeds``
    (each a list of F's outputs seeded with 1), up to BATCH_SLOTS / (F's arena) of them in
    one batched replay (``input_adjoints``), results stacked (len(seeds), n_in) and
    flattened, then ``pick`` (an index array; None: all of them) of its entries."""
    x0 = zero_input(F)

    def reverse(x):
        rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
        where = replay(F, rec, x)
        rev = _Reverse(F)
        batch = _batch(F)
        chunks = [seeds[i:i + batch] for i in range(0, len(seeds), batch)]
        rows = [input_adjoints(rev, rec, where, c, last=i == len(chunks) - 1)
                for i, c in enumerate(chunks)]
        out = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        return wrap(rec, out if pick is None else out[pick])
    # the replay recomputes F's values, some of which no derivative needs, and the replays
    # of different seeds share partials: eliminate and merge
    return MakeTape(reverse, x0).simplify("optimize")


def mostly_scalar(F):
    """Whether most of F's ops write one value (a tape recorded from a Python loop)."""
    return 2 * int(np.count_nonzero(np.diff(F.out_ptr) == 1)) > F.n_ops


def _batch(F):
    """How many seeds one reverse replay of F takes (``BATCH_SLOTS``).  A tape mostly of
    scalar ops takes one: its replays record in plain ints, and a re-roll finds their loops
    again."""
    if mostly_scalar(F):
        return 1
    return max(1, BATCH_SLOTS // max(int(F.out_ptr[-1]), 1))


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
    """The adjoints' addresses of every slot of F's arena, one row per seed of a batch of K
    (``_ZERO``: a structural zero), held per piece: pieces of one slot in ``one`` (a row of
    K per piece), larger ones as (K, size) arrays in ``big``.  An array stored whole is the
    recording's own (no copy) until part of it is written: ``_owned`` copies it then, so no
    traced array is ever written through."""

    def __init__(self, P, K):
        self.P, self.K = P, K
        self.one = np.full((P.n, K), _ZERO, dtype=np.int64)
        self.one0 = self.one[:, 0]    # the first row, for the scalar path (K == 1)
        self.big, self.own = {}, set()

    def take(self, p):
        """Piece p's adjoints (None: all zero), let go of: piece p is read once."""
        g = self.read(self.P._lo[p], self.P._size[p])
        self.big.pop(p, None)
        self.own.discard(p)
        return g

    def read(self, s, ln):
        """The adjoints of slots [s, s + ln), (K, ln); None when there is none (all zero)."""
        at = self.P.within(s, ln)
        if at is None:
            return self.gather(np.arange(s, s + ln))
        p, off = at
        if self.P._size[p] == 1:
            g = self.one[p]
            return None if (g == _ZERO).all() else g.reshape(self.K, 1).copy()
        e = self.big.get(p)
        return None if e is None else e[:, off:off + ln]

    def write(self, s, ln, new):
        """Set the adjoints of slots [s, s + ln) to addresses ``new`` (K, ln)."""
        at = self.P.within(s, ln)
        if at is None:
            self.scatter(np.arange(s, s + ln), new)
            return
        p, off = at
        if self.P._size[p] == 1:
            self.one[p] = new[:, 0]
        elif ln == self.P._size[p]:
            self.big[p] = new
            self.own.discard(p)
        else:
            self._owned(p)[:, off:off + ln] = new

    def get_one(self, p, slot):
        """The adjoint of one slot, in piece p (an int; K == 1)."""
        if self.P._size[p] == 1:
            return int(self.one0[p])
        e = self.big.get(p)
        return _ZERO if e is None else int(e[0, slot - self.P._lo[p]])

    def set_one(self, p, slot, a):
        """Set the adjoint of one slot, in piece p, to address a (K == 1)."""
        if self.P._size[p] == 1:
            self.one0[p] = a
        else:
            self._owned(p)[0, slot - self.P._lo[p]] = a

    def gather(self, slots):
        p = self.P.piece(slots)
        out = self.one[p].T.copy()
        for q in np.unique(p[self.P.size[p] > 1]).tolist():
            e = self.big.get(q)
            if e is not None:
                at = p == q
                out[:, at] = e[:, slots[at] - self.P.lo[q]]
        return out

    def scatter(self, slots, a):
        p = self.P.piece(slots)
        small = self.P.size[p] == 1
        self.one[p[small]] = a[:, small].T
        for q in np.unique(p[~small]).tolist():
            at = p == q
            self._owned(q)[:, slots[at] - self.P.lo[q]] = a[:, at]

    def _owned(self, p):
        e = self.big.get(p)
        if e is not None and p in self.own:
            return e
        e = np.full((self.K, self.P.size[p]), _ZERO, dtype=np.int64) if e is None else e.copy()
        self.big[p] = e
        self.own.add(p)
        return e


def input_adjoints(rev, rec, where, rows=None, weights=None, last=False):
    """Addresses (in recording ``rec``) of d (w . F) / d x for K seeds w at once, recorded
    through the rules: ``rows`` is a list of K lists of outputs, w = 1 on those (one list of
    several serves a compressed Jacobian), or w the traced ``weights`` (addresses, one per
    output; K = 1).  The K adjoints share every op: an elementwise op records one op over
    the K rows (its partials recorded once, broadcast), a sum or a product one batched rule,
    any other block op its rule per row.  Returns the (K, n_in) addresses, flattened.
    ``where`` maps F's arena slots to their addresses in ``rec``
    (``numtape.trace.make.replay``).  ``last``: no other replay of F follows on ``where``, so
    an op's address arrays and partials are let go of once it is done (the later ops, done
    before it, were their only other readers)."""
    F, active = rev.F, rev.active
    K = 1 if weights is not None else len(rows)
    adj = _Adjoints(rev.pieces, K)
    dep = np.asarray(F.dep, dtype=np.int64)
    if weights is not None:
        adj.scatter(dep, weights.reshape(1, -1))      # the DepOp's outputs are distinct slots
    else:
        _seed(rec, adj, dep, rows)
    zero = rec.const(0.0)
    op, out_ptr, flags_all = F.op.tolist(), F.out_ptr.tolist(), F.flags.tolist()
    scalar_path = K == 1
    for k in range(F.n_ops - 1, -1, -1):
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if n == 1 and scalar_path and SCALAR[op[k]]:   # the Python-loop case, in plain ints
            g = int(adj.one0[2 + k])
            if g != _ZERO:
                _scalar_op_adjoints(rev, rec, where, adj, k, OPS[op[k]], flags_all[k], g)
            continue
        g_addr = adj.take(2 + k)
        if g_addr is None:
            continue
        none = g_addr == _ZERO
        if none.all():
            continue
        live = None if K == 1 else ~none.all(axis=1)    # the rows this op's adjoint reaches
        # a view where nothing is replaced: the array may be a traced value's own, which
        # the recorder would otherwise rewrite in place when it gathers it
        g_addr = np.where(none, zero, g_addr) if none.any() else g_addr.view()
        del none
        spec = OPS[op[k]]
        lo, hi = rev.arg_ptr[k], rev.arg_ptr[k + 1]
        a, lens = rev.starts[lo:hi], rev.length[lo:hi]
        if spec.arity == PER_ELEMENT:           # gathers and the DepOp: scatter-add
            keep = active[rev.p0[lo:hi]]
            _scatter_add(rec, adj, a[keep], g_addr[:, keep])
            continue
        flags = flags_all[k]
        wanted = [not const_operand(flags, j) and rev.reads_active(lo + j)
                  for j in range(hi - lo)]
        if not any(wanted):
            continue
        params = tuple(int(v) for v in F.iargs[rev.iarg_ptr[k]:rev.iarg_ptr[k + 1]])
        gk = g_addr[0] if K == 1 else g_addr    # one row: the adjoint shaped as the op's block
        if spec.kind == BLOCK:
            y = _traced(rec, where.block(o, n))
            xs = [_traced(rec, where.block(s, ln)) for s, ln in zip(a.tolist(), lens.tolist())]
            cts = _block_cotangents(rec, spec, gk, live, xs, y, params, F.subtapes, lens, zero)
        else:   # broadcast scalars are spread over the block (addresses only); the local
            # partials are recorded once, whatever the number of replays or rows; the
            # operands and the value that no wanted partial reads are not made
            read, read_y = _partial_reads(spec.code, tuple(wanted))
            xs = [None if not read[j] else
                  _traced(rec, where.block(s, ln) if ln == n else np.full(n, where.at(s)))
                  for j, (s, ln) in enumerate(zip(a.tolist(), lens.tolist()))]
            y = _traced(rec, where.block(o, n)) if read_y else None
            seed = _unit_seed(rec, gk)
            g = None if seed is not None else _traced(rec, gk)
            cts = [None if spec.zero_derivative or not wanted[j] else
                   _seeded(rec, seed, rev.partial(k, j, spec, xs, y), zero, gk.shape)
                   if seed is not None
                   else chain_partial(g, rev.partial(k, j, spec, xs, y))
                   for j in range(spec.arity)]
        for j, ct in enumerate(cts):
            if ct is None or not wanted[j]:
                continue
            s, ln = int(a[j]), int(lens[j])
            if spec.kind != BLOCK:
                if ln != n:
                    ct = np.sum(ct, axis=-1)
                ct = addr_array(rec, ct).reshape(K, ln)
            adj.write(s, ln, _summed(rec, adj.read(s, ln), ct))
        if last:
            where.release(2 + k)
            rev.forget(k)
    out = adj.read(0, F.n_in)
    if out is None:
        return np.full(K * F.n_in, zero, dtype=np.int64)
    return np.where(out == _ZERO, zero, out).ravel()


def _seed(rec, adj, dep, rows):
    """Seed row c of the adjoints with 1 on the outputs rows[c] (an output listed twice, or
    two outputs on one slot, seed that slot with their count)."""
    picked = [dep[np.asarray(r, dtype=np.int64)] for r in rows]
    slots = np.unique(np.concatenate(picked)) if picked else np.zeros(0, dtype=np.int64)
    counts = np.zeros((len(rows), slots.size))
    for c, p in enumerate(picked):
        np.add.at(counts[c], np.searchsorted(slots, p), 1.0)
    values, which = np.unique(counts, return_inverse=True)   # a constant per distinct count
    addrs = np.array([_ZERO if v == 0.0 else rec.const(float(v)) for v in values.tolist()],
                     dtype=np.int64)
    adj.scatter(slots, addrs[which].reshape(counts.shape))


def _block_cotangents(rec, spec, gk, live, xs, y, params, subtapes, lens, zero):
    """The cotangents' addresses of block op ``spec``'s operands, (K, length) each (None: no
    derivative), for adjoint addresses ``gk``: one row (K = 1, the op's block), or K rows,
    recorded by the op's batched rule, else its rule once per live row."""
    if live is None:
        cts = vjp_rule(spec, _traced(rec, gk), xs, y, params, subtapes)
        return [None if ct is None else addr_array(rec, ct).reshape(1, -1) for ct in cts]
    cts = batched_vjp_rule(spec, wrap(rec, gk), xs, y, params)
    if cts is not None:
        return [None if ct is None else addr_array(rec, ct).reshape(gk.shape[0], -1)
                for ct in cts]
    per_row = [vjp_rule(spec, _traced(rec, g), xs, y, params, subtapes) if on else None
               for g, on in zip(gk, live.tolist())]
    out = []
    for j, ln in enumerate(lens.tolist()):
        if all(r is None or r[j] is None for r in per_row):
            out.append(None)
            continue
        out.append(np.stack([np.full(ln, zero, dtype=np.int64) if r is None or r[j] is None
                             else addr_array(rec, r[j]).ravel() for r in per_row]))
    return out


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


def _seeded(rec, seed, d, zero, shape):
    """Seed * d for a 0/1 constant seed shaped ``shape`` (the adjoint's: the op's n elements,
    or K rows of them): d's own addresses where it is 1 (no op recorded); for a seed of
    both, d where it is 1 and 0 elsewhere, one select over the seed as a constant block (the
    same values as a gather of d's and the zero's addresses, whose scattered operands every
    pass over the tape would walk one by one)."""
    d_addr = rec.const(float(d)) if type(d) is float else addr_array(rec, d)
    if type(seed) is float:
        if seed == 0.0:
            return wrap(rec, np.full(shape, zero, dtype=np.int64))
        if np.shape(d_addr) == shape:
            return wrap(rec, d_addr)
        return wrap(rec, np.array(np.broadcast_to(d_addr, shape)))
    return elementwise(OP.SelectOp, seed, wrap(rec, d_addr), wrap(rec, zero))


def _traced(rec, addr):
    """An ADArray over addresses (a scalar one for a single address)."""
    return wrap(rec, int(addr[0]) if addr.size == 1 else addr)


def _summed(rec, cur, ct):
    """The addresses of cur + ct: adjoints so far (``_ZERO`` where there is none yet; None:
    none at all) plus new ones, (K, ln) each, recording AddOps only where there is something
    to add (the K rows one after the other: rows of one block stay one stretch)."""
    if cur is None:
        return ct
    return _summed_flat(rec, cur.ravel(), ct.ravel()).reshape(ct.shape)


def _summed_flat(rec, cur, ct):
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
    """adj[slots] += g (K rows) for possibly repeated slots (a gather reading one value
    twice): the slots read c times are summed as one (K, groups, c) block per distinct c, so
    a gather with many repeats records a few ops, not one per repeated slot."""
    if slots.size == 0:
        return
    order = np.argsort(slots, kind="stable")      # stable: each sum runs in reading order
    s, gs = slots[order], g[:, order]
    uniq, first, counts = np.unique(s, return_index=True, return_counts=True)
    ct = gs[:, first]
    for c in np.unique(counts[counts > 1]):
        grp = np.flatnonzero(counts == c)
        block = gs[:, first[grp][:, None] + np.arange(c)[None, :]]
        ct[:, grp] = addr_array(rec, np.sum(wrap(rec, block), axis=-1)).reshape(g.shape[0], -1)
    adj.scatter(uniq, _summed(rec, adj.gather(uniq), ct))
