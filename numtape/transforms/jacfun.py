"""jacfun: the Jacobian of a tape as a new tape (RTMB's ``jacfun``; README.md, "Derived tapes").

The new tape replays F's ops on its own traced input (inlining them), then runs F's reverse
sweep *as a recording*: for each output i it walks F's ops backwards, calling every op's
recorded derivative rule (``rules.vjp_rule``) on traced arrays.  Adjoints are tracked as
addresses per slot of F's arena, with -1 for a structural zero, so ops that output i does not
reach record nothing.  Since the rules are written with ordinary ops, the result is an ordinary
tape: ``jacfun().jacfun()`` gives second derivatives, and so on.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import BLOCK, OP, OPS, PER_ELEMENT
from numtape.ops.layout import arg_pointers, operand_lengths
from numtape.ops.flags import const_operand
from numtape.rules import chain_partial, vjp_rule
from numtape.trace.make import MakeTape, replay, zero_input
from numtape.trace.recorder import CONST_BASE, addr_array, recorder_of, wrap

_ZERO = -1   # the structural zero adjoint
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
        rows = [input_adjoints(rev, rec, where, s) for s in seeds]
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
        return wrap(rec, input_adjoints(_Reverse(F), rec, where, weights=w))
    return MakeTape(vjp, np.zeros(F.n_in + F.n_out))


class _Reverse:
    """What every reverse replay of F needs: sizes, pointers, and the slots that depend on the
    input (constants' adjoints are never needed)."""

    def __init__(self, F):
        self.F = F
        self.size = np.diff(F.out_ptr).astype(np.int64)
        self.arg_ptr, self.iarg_ptr = arg_pointers(F.op, self.size)
        self.length = operand_lengths(F.op, F.flags, F.out_ptr, F.iargs)
        self.starts = F.args.astype(np.int64)
        self.active = np.zeros(F.arena_size, dtype=bool)
        self.active[:F.n_in] = True
        for k in range(F.n_ops):
            lo, hi = self.arg_ptr[k], self.arg_ptr[k + 1]
            if any(self.active[s:s + ln].any()
                   for s, ln in zip(self.starts[lo:hi], self.length[lo:hi])):
                self.active[F.out_ptr[k]:F.out_ptr[k + 1]] = True
        self._partials = {}

    def partial(self, k, j, spec, xs, y):
        """The local partial of op k's operand j (an elementwise op), recorded once."""
        d = self._partials.get((k, j))
        if d is None:
            d = self._partials[(k, j)] = spec.partials[j](*xs, y)
        return d


def input_adjoints(rev, rec, where, rows=None, weights=None):
    """Addresses (in recording ``rec``) of d (w . F) / d x, recorded through the rules, with
    w = 1 on the outputs ``rows`` (several at once serve compressed Jacobians) or w the
    traced ``weights`` (addresses, one per output).  ``where`` maps F's arena slots to their
    addresses in ``rec`` (from ``numtape.trace.make.replay``)."""
    F, active = rev.F, rev.active
    adj = np.full(F.arena_size, _ZERO, dtype=np.int64)
    if weights is not None:
        adj[F.dep] = weights      # the DepOp's outputs are distinct slots
    else:
        slots, counts = np.unique(F.dep[np.asarray(rows, dtype=np.int64)],
                                  return_counts=True)
        seeds, which = np.unique(counts, return_inverse=True)   # a constant per distinct count
        adj[slots] = np.array([rec.const(float(c)) for c in seeds], dtype=np.int64)[which]
    zero = rec.const(0.0)
    op, out_ptr, flags_all = F.op.tolist(), F.out_ptr.tolist(), F.flags.tolist()
    for k in range(F.n_ops - 1, -1, -1):
        o = out_ptr[k]
        n = out_ptr[k + 1] - o
        if n == 1 and SCALAR[op[k]]:   # the Python-loop case, in plain ints
            g = int(adj[o])
            if g != _ZERO:
                _scalar_op_adjoints(rev, rec, where, adj, k, OPS[op[k]], flags_all[k], g)
            continue
        g_addr = adj[o:o + n]
        if np.all(g_addr == _ZERO):
            continue
        g_addr = np.where(g_addr == _ZERO, zero, g_addr)
        spec = OPS[F.op[k]]
        lo, hi = rev.arg_ptr[k], rev.arg_ptr[k + 1]
        a, lens = rev.starts[lo:hi], rev.length[lo:hi]
        if spec.arity == PER_ELEMENT:           # gathers and the DepOp: scatter-add
            keep = active[a]
            _scatter_add(rec, adj, a[keep], g_addr[keep])
            continue
        flags = int(F.flags[k])
        wanted = [not const_operand(flags, j) and active[s:s + ln].any()
                  for j, (s, ln) in enumerate(zip(a, lens))]
        if not any(wanted):
            continue
        params = tuple(int(v) for v in F.iargs[rev.iarg_ptr[k]:rev.iarg_ptr[k + 1]])
        y, g = _traced(rec, where[o:o + n]), _traced(rec, g_addr)
        if spec.kind == BLOCK:
            xs = [_traced(rec, where[s:s + ln]) for s, ln in zip(a, lens)]
            cts = vjp_rule(spec, g, xs, y, params, F.subtapes)
        else:   # broadcast scalars are spread over the block (addresses only); the local
            # partials are recorded once, whatever the number of replays
            xs = [_traced(rec, where[s:s + ln] if ln == n else np.full(n, where[s]))
                  for s, ln in zip(a, lens)]
            seed = _unit_seed(rec, g_addr)
            cts = [None if spec.zero_derivative or not wanted[j] else
                   _seeded(rec, seed, rev.partial(k, j, spec, xs, y), zero) if seed is not None
                   else chain_partial(g, rev.partial(k, j, spec, xs, y))
                   for j in range(spec.arity)]
        for j, ct in enumerate(cts):
            if ct is None or not wanted[j]:
                continue
            if spec.kind != BLOCK and lens[j] != n:
                ct = np.sum(ct)
            _add(rec, adj, slice(a[j], a[j] + lens[j]), addr_array(rec, ct).ravel())
    out = adj[:F.n_in]
    return np.where(out == _ZERO, zero, out)


def _scalar_op_adjoints(rev, rec, where, adj, k, spec, flags, g):
    """The adjoints of a scalar elementwise op's operands (output adjoint address g): the
    same as the block path, with ints instead of address arrays."""
    lo = rev.arg_ptr[k]
    args = rev.starts[lo:lo + spec.arity].tolist()
    xs = y = None
    for j, s in enumerate(args):
        if const_operand(flags, j) or not rev.active[s]:
            continue
        if xs is None:
            xs = [wrap(rec, int(where[t])) for t in args]
            y = wrap(rec, int(where[rev.F.out_ptr[k]]))
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
        cur = int(adj[s])
        adj[s] = ct if cur == _ZERO else rec.scalar_op(_ADD, (cur, ct))


def _unit_seed(rec, g_addr):
    """The 0/1 values of an adjoint made only of the constants 0 and 1 (a seed that has not
    met a non-trivial partial yet), else None."""
    if g_addr.min() < CONST_BASE:
        return None
    v = rec.const_value(g_addr)
    return v if np.all((v == 0.0) | (v == 1.0)) else None


def _seeded(rec, seed, d, zero):
    """Seed * d for a 0/1 constant seed: d's own addresses where it is 1; no op recorded."""
    d_addr = rec.const(float(d)) if type(d) is float else addr_array(rec, d)
    return wrap(rec, np.where(seed == 1.0, np.broadcast_to(d_addr, seed.shape), zero))


def _traced(rec, addr):
    """An ADArray over addresses (a scalar one for a single address)."""
    return wrap(rec, int(addr[0]) if addr.size == 1 else addr)


def _add(rec, adj, slots, ct):
    """adj[slots] += ct (addresses), recording an AddOp only where adj is not a zero.
    ``slots``: an index array, or a slice (an operand block: no copy of adj's addresses)."""
    cur = adj[slots]
    fresh = cur == _ZERO
    if fresh.all():
        adj[slots] = ct
        return
    if isinstance(slots, slice):   # (cur is a view of adj, which the adds below change)
        slots, cur = np.arange(slots.start, slots.stop), cur.copy()
    if fresh.any():   # add where there is something (x[1:] meeting x[:-1]: no gather)
        adj[slots[fresh]] = ct[fresh]
        slots, cur, ct = slots[~fresh], cur[~fresh], ct[~fresh]
    pieces = _pieces(cur, ct)
    if pieces is None:   # scattered addresses: one add over gathered blocks
        adj[slots] = addr_array(rec, _traced(rec, cur) + _traced(rec, ct)).ravel()
        return
    # an add per stretch where both are consecutive (x[1:] meeting x[:-1] leaves an adjoint
    # that is one block but for its ends): operands at offsets within blocks, no gather; the
    # blocks first, the single elements after them, so a fused run is not cut
    for lo, hi in sorted(pieces, key=lambda p: p[1] - p[0] == 1):
        adj[slots[lo:hi]] = addr_array(
            rec, _traced(rec, cur[lo:hi]) + _traced(rec, ct[lo:hi])).ravel()


_MAX_PIECES = 8   # more stretches than this: gather (one add, whatever the pattern)


def _pieces(cur, ct):
    """[(lo, hi)]: the maximal stretches of positions where addresses ``cur`` and ``ct`` are
    both consecutive; None if there is one (nothing to split) or more than _MAX_PIECES."""
    if cur.size < 2:
        return None
    cuts = np.flatnonzero((np.diff(cur) != 1) | (np.diff(ct) != 1)) + 1
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
    _add(rec, adj, uniq, ct)
