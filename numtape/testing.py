"""Derivative checks users can run on their own functions (and the test suite runs on ours).

``check_grads(f, x)`` records f, then holds against each other: the tape's value and f on
plain NumPy; the reverse-mode and tangent-mode Jacobians; a reverse sweep driven by the
recorded derivative rules (numpy); central finite differences (Richardson-extrapolated) of f
itself; and the dot-product identity w.(J v) == (w J).v.  ``check_tape(F, x)`` goes op by op
instead and names the first op whose jitted reverse body and recorded rule disagree.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import BLOCK, OPS, PER_ELEMENT
from numtape.rules import vjp_rule
from numtape.stats import distributions
from numtape.trace.make import MakeTape
from numtape.ops.layout import arg_pointers


def finite_jacobian(f, x, h=1e-3):
    """Central differences with one Richardson step (error O(h^4)), shape (m, n)."""
    x = np.asarray(x, dtype=np.float64)
    flat = x.ravel()
    cols = []
    for i in range(flat.size):
        step = h * max(1.0, abs(flat[i]))

        def d(s, i=i):
            e = np.zeros_like(flat)
            e[i] = s
            return (np.ravel(f((flat + e).reshape(x.shape))) -
                    np.ravel(f((flat - e).reshape(x.shape)))) / (2 * s)
        cols.append((4 * d(step / 2) - d(step)) / 3)
    m = np.size(f(x))
    return np.array(cols).T.reshape(m, flat.size) if cols else np.zeros((m, 0))


def tangent_jacobian(F, x):
    """Dense Jacobian from tangent (forward-mode) sweeps, whatever the shape."""
    val = F.sweeps.forward(F.flatten_input(x))
    return F.sweeps.tangent(val, np.eye(F.n_in)).T if F.n_in else np.zeros((F.n_out, 0))


def reverse_jacobian(F, x):
    """Dense Jacobian from reverse sweeps, whatever the shape."""
    val = F.sweeps.forward(F.flatten_input(x))
    return F.sweeps.reverse(val, np.eye(F.n_out)) if F.n_out else np.zeros((0, F.n_in))


def rule_vjp(F, x, w):
    """w^T J(x) by a reverse sweep in Python through each op's *recorded* rule (vjp_rule) on
    NumPy arrays: an independent path to the jitted reverse bodies."""
    with np.errstate(all="ignore"):   # rules evaluate partials nobody needs (a constant's)
        return _rule_vjp(F, x, w)


def _rule_vjp(F, x, w):
    val = F.sweeps.values(F.flatten_input(x))
    adj = np.zeros(F.arena_size)
    adj[F.dep] += np.ravel(w)
    arg_ptr, iarg_ptr = arg_pointers(F.op, np.diff(F.out_ptr))
    for k in range(F.n_ops - 1, -1, -1):
        o, n = int(F.out_ptr[k]), int(F.out_ptr[k + 1] - F.out_ptr[k])
        for s, ln, ct in _rule_step(F, k, val, adj[o:o + n].copy(), arg_ptr, iarg_ptr):
            adj[s:s + ln] += ct
    return adj[:F.n_in].copy()


def _close(got, want, rtol, atol, what):
    """assert_allclose with an array ``atol`` (per input), naming the first entry off."""
    got, want = np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64)
    atol = np.broadcast_to(atol, np.broadcast_shapes(np.shape(got), np.shape(atol)))
    bad = ~np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    if bad.any():
        i = tuple(np.argwhere(bad)[0]) if bad.ndim else ()
        raise AssertionError(f"{what} at {i}: {got[i]!r} against {want[i]!r} (allowed "
                             f"{rtol * abs(want[i]) + atol[i]:.3g}); {int(bad.sum())} "
                             "entries differ")


def term_magnitudes(F, x):
    """For each input, the sum over every derivative path of |contribution| (all outputs
    seeded with 1): the scale of the terms a derivative adds up, which bounds its roundoff.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sum(x * np.array([1.0, -1.0])) * x[0], np.ones(2))
    >>> F.gradient(np.array([2.0, 4.0])), term_magnitudes(F, np.array([2.0, 4.0]))
    (array([ 0., -2.]), array([4., 2.]))
    """
    with np.errstate(all="ignore"):
        val = F.sweeps.values(F.flatten_input(x))
        adj = np.zeros(F.arena_size)
        adj[F.dep] += 1.0
        arg_ptr, iarg_ptr = arg_pointers(F.op, np.diff(F.out_ptr))
        for k in range(F.n_ops - 1, -1, -1):
            o, n = int(F.out_ptr[k]), int(F.out_ptr[k + 1] - F.out_ptr[k])
            g = np.abs(adj[o:o + n])
            for s, ln, ct in _rule_step(F, k, val, g, arg_ptr, iarg_ptr):
                adj[s:s + ln] += np.abs(ct)
    return np.where(np.isfinite(adj[:F.n_in]), adj[:F.n_in], 0.0)


def _rule_step(F, k, val, g, arg_ptr, iarg_ptr):
    """Op k's recorded rule on numbers: (operand start, length, cotangent) for adjoint g of
    its output (a broadcast scalar operand receives the sum over the block)."""
    spec = OPS[F.op[k]]
    o, n = int(F.out_ptr[k]), int(F.out_ptr[k + 1] - F.out_ptr[k])
    a = [int(v) for v in F.args[arg_ptr[k]:arg_ptr[k + 1]]]
    params = tuple(int(v) for v in F.iargs[iarg_ptr[k]:iarg_ptr[k + 1]])
    y = val[o:o + n]
    if spec.kind == BLOCK:
        lens = [1] * n if spec.arity == PER_ELEMENT else [
            int(np.ravel(v)[0]) for v in spec.sizes(np.array(params)[:, None])[0]]
        cts = vjp_rule(spec, g, [val[s:s + ln] for s, ln in zip(a, lens)], y, params,
                       F.subtapes)
        return [(s, ln, np.asarray(ct, dtype=np.float64).ravel())
                for s, ln, ct in zip(a, lens, cts) if ct is not None]
    bcast = [(int(F.flags[k]) >> j) & 1 for j in range(spec.arity)]
    xs = [np.full(n, val[s]) if b else val[s:s + n] for s, b in zip(a, bcast)]
    return [(s, 1, np.atleast_1d(np.sum(ct))) if b else (s, n, ct)
            for s, b, ct in zip(a, bcast, vjp_rule(spec, g, xs, y)) if ct is not None]


def check_tape(F, x, rtol=1e-10, atol=1e-12, seed=0):
    """Run each op's jitted reverse body against its recorded rule on the values of F at x,
    op by op, and name the first op that disagrees (the tool for a wrong derivative).

    For every op, in order, a random adjoint of its output goes through the op's reverse step
    alone (``F.sweeps.reverse_one``) and through its recorded rule (``vjp_rule`` on numbers);
    their operand adjoints must agree.  Raises AssertionError like ``node 17 ArcsinhOp:
    reverse body gives [...], recorded rule gives [...]``; returns the number of ops checked.

    >>> import numpy as np, numtape as nt
    >>> from numtape.testing import check_tape
    >>> F = nt.MakeTape(lambda x: np.sum(np.arcsinh(x) * x[::-1]), np.zeros(3))
    >>> check_tape(F, [0.5, -1.0, 2.0])
    5
    """
    rng = np.random.default_rng(seed)
    with np.errstate(all="ignore"):
        val = F.sweeps.values(F.flatten_input(x))
        arg_ptr, iarg_ptr = arg_pointers(F.op, np.diff(F.out_ptr))
        n_fixed = F.n_in + F.consts.size
        for k in range(F.n_ops):
            o, n = int(F.out_ptr[k]), int(F.out_ptr[k + 1] - F.out_ptr[k])
            g = rng.standard_normal(n)
            body = np.zeros((1, F.arena_size))
            body[0, o:o + n] = g
            F.sweeps.reverse_one(k, val, body)
            rule = np.zeros(F.arena_size)
            for s, ln, ct in _rule_step(F, k, val, g.copy(), arg_ptr, iarg_ptr):
                rule[s:s + ln] += ct
            rule[o:o + n] += g   # the body leaves its own output's adjoint in place
            body[0, F.n_in:n_fixed] = rule[F.n_in:n_fixed] = 0.0   # constants get none
            if not np.allclose(body[0], rule, rtol=rtol, atol=atol, equal_nan=True):
                bad = np.flatnonzero(~np.isclose(body[0], rule, rtol=rtol, atol=atol,
                                                 equal_nan=True))
                raise AssertionError(
                    f"node {n_fixed + k} {OPS[F.op[k]].name}: reverse body gives "
                    f"{body[0, bad[:4]]}, recorded rule gives {rule[bad[:4]]} (arena slots "
                    f"{bad[:4].tolist()}, values {val[bad[:4]]})")
    return F.n_ops


def check_grads(f, x, rtol=1e-6, atol=1e-9, fd=True):
    """Record f at x and check every derivative path against the others (see module doc).

    Returns the tape.  Raises AssertionError naming the path that disagrees.

    >>> import numpy as np
    >>> from numtape.testing import check_grads
    >>> F = check_grads(lambda x: np.sin(x) * x[::-1], np.array([0.3, 1.2, -0.5]))
    """
    x = np.asarray(x, dtype=np.float64)
    F = MakeTape(f, x)
    y_np = np.asarray(f(x), dtype=np.float64)
    np.testing.assert_allclose(np.ravel(F(x)), np.ravel(y_np), rtol=1e-13, atol=1e-300,
                               err_msg="tape value differs from f on NumPy")
    jr = reverse_jacobian(F, x)
    jt = tangent_jacobian(F, x)
    scale = max(1.0, float(np.max(np.abs(jr), initial=0.0, where=np.isfinite(jr))))
    # the paths add the same terms in different orders: where they cancel (a gradient near 0
    # of a long sum) the difference is roundoff of the terms (growing like the square root of
    # their number), not of the result
    mags = max(64.0, 16.0 * F.arena_size ** 0.5) * np.finfo(float).eps * term_magnitudes(F, x)
    _close(jr, jt, 1e-12, np.maximum(1e-13 * scale, mags), "reverse and tangent Jacobians "
           "differ")
    rng = np.random.default_rng(0)
    w = rng.standard_normal(F.n_out)
    v = rng.standard_normal(F.n_in)
    wmax = float(np.max(np.abs(w), initial=0.0))
    _close(rule_vjp(F, x, w), w @ jr, 1e-11, np.maximum(1e-13, wmax * mags),
           "recorded derivative rules disagree with the reverse sweep")
    _close(w @ np.ravel(F.jvp(x, v)), np.ravel(F.vjp(x, w)) @ v, 1e-10,
           max(1e-12, wmax * float(np.abs(v) @ mags)), "dot-product test failed")
    if fd:
        np.testing.assert_allclose(jr, finite_jacobian(f, x), rtol=rtol, atol=atol,
                                   err_msg="Jacobian differs from finite differences")
    return F


def poisson_glmm(groups=20, per_group=10, seed=1):
    """A small Poisson GLMM (the check command's, the background compile's and the tests'):
    counts with a covariate effect and a random intercept per group, simulated with
    b0 = 0.5, b1 = -0.8, sigma = 0.6.  Returns ``(nll, start)`` for
    ``MakeADFun(nll, start, random="u")``.

    >>> import numtape as nt
    >>> nll, start = poisson_glmm(groups=3, per_group=2)
    >>> sorted(start)
    ['b0', 'b1', 'logsigma', 'u']
    """
    rng = np.random.default_rng(seed)
    g = np.repeat(np.arange(groups), per_group)
    x = rng.standard_normal(g.size)
    y = rng.poisson(np.exp(0.5 - 0.8 * x + rng.normal(0.0, 0.6, groups)[g])).astype(float)

    def nll(p):
        eta = p["b0"] + p["b1"] * x + p["u"][g]
        return (-np.sum(distributions.poisson.logpmf(y, np.exp(eta)))
                - np.sum(distributions.norm.logpdf(p["u"], 0.0, np.exp(p["logsigma"]))))
    return nll, {"b0": 0.0, "b1": 0.0, "logsigma": 0.0, "u": np.zeros(groups)}
