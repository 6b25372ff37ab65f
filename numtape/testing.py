"""Derivative checks users can run on their own functions (and the test suite runs on ours).

``check_grads(f, x)`` records f, then holds against each other: the tape's value and f on
plain NumPy; the reverse-mode and tangent-mode Jacobians; a reverse sweep driven by the
recorded derivative rules (numpy); central finite differences (Richardson-extrapolated) of f
itself; and the dot-product identity w.(J v) == (w J).v.
"""
from __future__ import annotations

import numpy as np

from numtape.ops import BLOCK, OPS, PER_ELEMENT
from numtape.rules import vjp_rule
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
    val = F.sweeps.forward(F.flatten_input(x)).copy()
    adj = np.zeros(F.arena_size)
    adj[F.dep] += np.ravel(w)
    size = np.diff(F.out_ptr)
    arg_ptr, iarg_ptr = arg_pointers(F.op, size)
    for k in range(F.n_ops - 1, -1, -1):
        spec = OPS[F.op[k]]
        o, n = int(F.out_ptr[k]), int(size[k])
        a = F.args[arg_ptr[k]:arg_ptr[k + 1]]
        params = tuple(int(v) for v in F.iargs[iarg_ptr[k]:iarg_ptr[k + 1]])
        y, g = val[o:o + n], adj[o:o + n].copy()
        if spec.kind == BLOCK:
            if spec.arity == PER_ELEMENT:
                lens = [1] * n
            else:
                lens = [int(v) for v in spec.sizes(params)[0]]
            xs = [val[s:s + ln] for s, ln in zip(a, lens)]
            cts = vjp_rule(spec, g, xs, y, params, F.subtapes)
            for s, ln, ct in zip(a, lens, cts):
                if ct is not None:
                    adj[s:s + ln] += np.asarray(ct, dtype=np.float64).ravel()
        else:
            bcast = [(int(F.flags[k]) >> j) & 1 for j in range(spec.arity)]
            xs = [np.full(n, val[s]) if b else val[s:s + n] for s, b in zip(a, bcast)]
            cts = vjp_rule(spec, g, xs, y)
            for s, b, ct in zip(a, bcast, cts):
                if ct is None:
                    continue
                if b:
                    adj[s] += np.sum(ct)
                else:
                    adj[s:s + n] += ct
    return adj[:F.n_in].copy()


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
    np.testing.assert_allclose(jr, jt, rtol=1e-12, atol=1e-13 * scale,
                               err_msg="reverse and tangent Jacobians differ")
    rng = np.random.default_rng(0)
    w = rng.standard_normal(F.n_out)
    v = rng.standard_normal(F.n_in)
    np.testing.assert_allclose(rule_vjp(F, x, w), w @ jr, rtol=1e-11, atol=1e-13,
                               err_msg="recorded derivative rules disagree with the reverse "
                                       "sweep")
    np.testing.assert_allclose(w @ np.ravel(F.jvp(x, v)), np.ravel(F.vjp(x, w)) @ v,
                               rtol=1e-10, atol=1e-12, err_msg="dot-product test failed")
    if fd:
        np.testing.assert_allclose(jr, finite_jacobian(f, x), rtol=rtol, atol=atol,
                                   err_msg="Jacobian differs from finite differences")
    return F
