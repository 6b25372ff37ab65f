"""``F.newton(random)`` and ``F.laplace(random, spa=False)``: inner optimization and the Laplace
approximation as tapes (TMB's and RTMB's ``newton`` and ``laplace``; README.md, "Random
effects: newton, laplace, MakeADFun, sdreport").

With z = (u, theta), u = x[random] (k values) and theta the remaining inputs:

* ``InnerProblem`` holds what every evaluation needs, built once: F re-recorded over z, the
  gradient in u (``Gu``), the Hessian in u on its pattern (``Huu``: the (u, u) block's own
  pattern and star coloring, a few replays of ``Gu`` whatever k and theta are; a diagonal
  H_uu is one), and, when a derivative tape first needs it, the VJP tape of ``Gu`` (mixed
  second derivatives d^2F / du dz without forming them);
* ``NewtonNode`` (a Node: one CallOp in a tape) maps theta to u_hat(theta) = argmin_u F by
  damped Newton from its previous solution.  Its derivative is the implicit function theorem,
  du/dtheta = -H_uu^-1 H_u,theta: reverse solves with H_uu and takes one VJP of ``Gu``;
  tangent takes one JVP of ``Gu`` and solves; the recorded rule is the same two steps on
  traced values, so ``jacfun``, ``hessian`` and calls on traced values work through it;
* ``laplace`` records  F(u_hat, theta) + log det H_uu(u_hat, theta) / 2 - k log(2 pi) / 2
  over theta (with ``spa=True`` the saddle-point form  -F + log det H / 2 + k log(2 pi) / 2).
  Every piece is an ordinary op or a node, so the gradient is exact (the log-determinant's
  through the selected inverse) and so is the Hessian (the selected inverse's own adjoint).
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from numtape.errors import NewtonError
from numtape.stats.factor import NotPositiveDefinite, SymmetricPattern
from numtape.stats.nodes import LogDetNode, Node, SolveNode
from numtape.tape.tape import as_real
from numtape.trace.make import MakeTape
from numtape.transforms.jacfun import record_reverse, weighted_reverse
from numtape.transforms.sparse import sparse_hessian_block

_ROUNDOFF = 1e-14   # Newton decrement, relative to |F|, at which a solve has converged
_FLAT = 1e-6        # a Newton step this long (relative to u) at a vanishing gradient: check
_PROBES = 8         # Newton steps that tell a minimum from none (_check_mode)
_LOG_2PI = math.log(2.0 * math.pi)


class NewtonOptions:
    """Settings of the inner Newton solve.

    Parameters
    ----------
    tol : float
        Converged when max |dF/du| <= tol, or when the Newton decrement g^T H^-1 g is below
        1e-14 (1 + |F|) (the gradient is then at the roundoff of F's value: a sum of 1e5
        terms cannot reach an absolute 1e-8); the Hessian must be positive definite there.
        After convergence one more Newton step is taken, so u_hat is accurate to roundoff
        (derivatives by the implicit function theorem assume it, and differences of a
        Laplace tape's values are then smooth).
    maxit : int
        Newton steps before ``NewtonError``.
    start : array or None
        Where the first solve starts (default zeros); later solves start from the previous
        solution (warm start).
    """

    def __init__(self, tol=1e-8, maxit=100, start=None):
        if not tol > 0 or not math.isfinite(tol):
            raise ValueError(f"newton: tol must be a positive number, got {tol!r}")
        if int(maxit) != maxit or maxit < 1:
            raise ValueError(f"newton: maxit must be a positive integer, got {maxit!r}")
        self.tol, self.maxit, self.start = float(tol), int(maxit), start


class InnerProblem:
    """The tapes of min over u of Fz(u, theta) (``Fz`` a tape of z = (u, theta), u first)."""

    def __init__(self, Fz, k, options):
        if Fz.n_out != 1:
            raise ValueError(f"newton/laplace need a scalar tape; this one has {Fz.n_out} "
                             "outputs")
        self.F, self.k, self.n = Fz, int(k), Fz.n_in
        self.n_theta = self.n - self.k
        self.options = options
        self.degenerate = False   # a mode with a nearly singular Hessian was met (_check_mode)
        k, n = self.k, self.n
        start = options.start
        self.u0 = np.zeros(k) if start is None else as_real(start, "newton: start").ravel().copy()
        if self.u0.size != k:
            raise ValueError(f"newton: start has {self.u0.size} values; there are {k} random "
                             "effects")
        # dF/du: F's reverse sweep re-recorded, the adjoints of u picked
        self.Gu = record_reverse(Fz, [[0]], np.arange(k))
        # H_uu's block only is colored: a few replays of Gu whatever theta is
        Hs = sparse_hessian_block(Fz, self.Gu, k)
        rows, cols = Hs.pattern
        # every diagonal entry is listed (structural zeros as 0): damping adds to them
        no_diag = np.setdiff1d(np.arange(k), rows[rows == cols])
        self.Huu = Hs
        if no_diag.size:
            rows, cols = np.concatenate([rows, no_diag]), np.concatenate([cols, no_diag])
            zeros = np.zeros(no_diag.size)
            self.Huu = MakeTape(lambda z: np.concatenate([Hs(z), zeros]),
                                np.zeros(n)).simplify("eliminate")
        self.pattern = SymmetricPattern(rows, cols, k)
        self._GuVJP = None
        # one sweep of (F, dF/du, H_uu) per Newton step: the three share F's replay
        Gu, Huu = self.Gu, self.Huu
        self.FGH = MakeTape(lambda z: np.concatenate([np.reshape(Fz(z), (1,)), Gu(z), Huu(z)]),
                            np.zeros(n)).simplify("optimize")
        self.u_last = None

    @property
    def GuVJP(self):
        """The VJP tape (z, w) -> w^T d(dF/du)/dz, which the Newton node's recorded rule
        (derivative tapes: Hessians, sdreport) reads; built when first asked for, so a fit
        that takes gradients only does not build it."""
        if self._GuVJP is None:
            self._GuVJP = weighted_reverse(self.Gu).simplify("optimize")
        return self._GuVJP

    # ---- numbers -----------------------------------------------------------------------
    def evaluate(self, z):
        """F, dF/du and H_uu's values at z (one forward sweep)."""
        S = self.FGH.callee
        v = S.forward(z)[S.out]
        k = self.k
        return float(v[0]), v[1:1 + k].copy(), v[1 + k:].copy()

    def factor(self, z):
        """The factorization of H_uu at z (NotPositiveDefinite if it is not)."""
        H = self.Huu.callee
        return self.pattern.factor(H.recompute(z)[H.out])

    def cross_tangents(self, z, V):
        """Rows of d(dF/du)/dtheta v at z for theta directions V (s, n_theta) -> (s, k): the
        u-gradient's tangents, every row in one sweep."""
        D = np.zeros((V.shape[0], self.n))
        D[:, self.k:] = V
        return self.Gu.sweeps.forward_tangent(z, D)[1]

    def cross_adjoints(self, z, W):
        """Rows of w^T d(dF/du)/dtheta at z for W (s, k) -> (s, n_theta): the u-gradient's
        adjoints, every row in one reverse sweep."""
        S = self.Gu.sweeps
        return S.reverse(S.recompute(z), W)[:, self.k:]

    def solve(self, theta):
        """u_hat(theta) by damped Newton (see NewtonOptions); NewtonError on failure."""
        opts, k = self.options, self.k
        u = (self.u0 if self.u_last is None else self.u_last).copy()
        z = np.concatenate([u, theta])
        f, gu, h = self.evaluate(z)
        for it in range(opts.maxit + 1):
            gmax = float(np.max(np.abs(gu))) if k else 0.0
            if not (math.isfinite(f) and math.isfinite(gmax)):
                if it == 0 and self.u_last is not None:   # a bad warm start: start afresh
                    self.u_last = None
                    return self.solve(theta)
                raise NewtonError(f"newton: the objective or its gradient is not finite "
                                  f"(value {f}) after {it} iterations", it, gmax)
            try:
                fac = self.pattern.factor(h)
            except NotPositiveDefinite as e:
                fac, pivot = None, e.min_pivot
            if gmax <= opts.tol:
                if fac is None:
                    raise NewtonError(
                        f"newton: the Hessian of the random effects is not positive definite "
                        f"at the solution (smallest pivot {pivot:.3g}) after {it} iterations, "
                        f"max |gradient| {gmax:.3g}", it, gmax)
                if gmax > 0.0:   # one more step: quadratic convergence takes u_hat to
                    step = fac.solve(gu)   # roundoff, which derivatives at u_hat assume
                    if float(np.max(np.abs(step))) > _FLAT * (1.0 + float(np.max(np.abs(u)))):
                        u = self._check_mode(u, theta, step)
                    else:
                        u = u - step
                self.u_last = u
                return u
            if it == opts.maxit:
                break
            step = -(fac.solve(gu) if fac is not None else self._damped(h, it, gmax).solve(gu))
            slope = float(gu @ step)
            if fac is not None and -slope <= _ROUNDOFF * (1.0 + abs(f)):
                # the predicted decrease is below F's roundoff: the gradient cannot get
                # smaller in floating point (large sums); the Newton step is the last one
                self.u_last = u + step
                return self.u_last
            if not slope < 0:   # not a descent direction (roundoff at the optimum)
                step, slope = -gu, -float(gu @ gu)
            t = 1.0
            while True:   # backtracking (Armijo); the accepted point's gradient is kept
                z = np.concatenate([u + t * step, theta])
                fn, gn, hn = self.evaluate(z)
                if math.isfinite(fn) and fn <= f + 1e-4 * t * slope:
                    break
                t *= 0.5
                if t < 1e-12:
                    raise NewtonError(f"newton: the line search found no decrease after {it} "
                                      f"iterations, max |gradient| {gmax:.3g}", it, gmax)
            u, f, gu, h = u + t * step, fn, gn, hn
        raise NewtonError(f"newton: no convergence in {opts.maxit} iterations: max |gradient| "
                          f"{gmax:.3g} > tol {opts.tol:g}", opts.maxit, gmax)

    def _check_mode(self, u, theta, step):
        """The gradient is below tol but the Newton step is not small: the Hessian is nearly
        singular along it.  Newton steps from a true minimum shrink (quadratically, or
        linearly at a degenerate one such as u^4); where they keep their length, F decreases
        towards infinity with no minimum (exp(-u)) and the Laplace integral diverges:
        NewtonError (MakeADFun gives NaN and a RuntimeWarning).  A degenerate minimum is
        followed further and reported (RuntimeWarning): the Laplace approximation assumes a
        Hessian well away from singular."""
        sizes = [float(np.max(np.abs(step)))]
        for _ in range(_PROBES):
            u = u - step
            _, gu, h = self.evaluate(np.concatenate([u, theta]))
            try:
                step = self.pattern.factor(h).solve(gu)
            except NotPositiveDefinite:
                break
            sizes.append(float(np.max(np.abs(step))))
            if sizes[-1] <= 0.1 * sizes[-2]:   # quadratic again: an ordinary minimum
                return u - step
        if len(sizes) > _PROBES and sizes[-1] >= 0.5 * sizes[0]:
            raise NewtonError(
                f"newton: the random effects' objective has no minimum here: Newton steps keep "
                f"their length ({sizes[0]:.3g} -> {sizes[-1]:.3g}) while the gradient vanishes "
                f"(F falls towards an infimum at infinity; the Laplace integral diverges)",
                _PROBES, float(np.max(np.abs(gu))))
        self.degenerate = True
        warnings.warn(
            f"newton: the Hessian of the random effects is nearly singular at the mode (Newton "
            f"steps shrink only linearly: {sizes[0]:.3g} -> {sizes[-1]:.3g}); the Laplace "
            f"approximation, which assumes a quadratic mode, may be far off here",
            RuntimeWarning, stacklevel=2)
        return u - step

    def _damped(self, h, it, gmax):
        """A positive definite H + lambda I (Levenberg) for a step far from the optimum."""
        P = self.pattern
        diag = P.rows == P.cols
        lam = 1e-3 * (1.0 + float(np.max(np.abs(h[diag])))) if diag.any() else 1.0
        for _ in range(60):
            try:
                return SymmetricPattern.factor(P, h + lam * diag)
            except NotPositiveDefinite:
                lam *= 10.0
        raise NewtonError(f"newton: no damping makes the Hessian positive definite after {it} "
                          f"iterations, max |gradient| {gmax:.3g}", it, gmax)


class NewtonNode(Node):
    """theta -> u_hat(theta), derivatives by the implicit function theorem (module docstring).
    A problem without theta takes one constant input (CallOps read at least one value)."""

    name = "NewtonNode"

    def __init__(self, problem):
        self.problem = problem
        self.pad = 1 if problem.n_theta == 0 else 0
        super().__init__(problem.n_theta + self.pad, problem.k)
        self.solver = SolveNode(problem.pattern)
        self._last = None

    def value(self, x):
        theta = x[:self.problem.n_theta]
        last = self._last
        if last is not None and np.array_equal(last[0], theta):
            return last[1]
        u = self.problem.solve(theta)
        self._last = (theta.copy(), u.copy())
        return u

    def _z(self, x, y):
        return np.concatenate([y, x[:self.problem.n_theta]])

    def vjp(self, x, y, W):
        P = self.problem
        z = self._z(x, y)
        out = np.zeros((W.shape[0], self.n_in))
        out[:, :P.n_theta] = -P.cross_adjoints(z, P.factor(z).solve(W.T).T)
        return out

    def jvp(self, x, y, V):
        P = self.problem
        z = self._z(x, y)
        return -P.factor(z).solve(P.cross_tangents(z, V[:, :P.n_theta]).T).T

    def rule(self, x, w):
        P = self.problem
        u = self(x)
        z = np.concatenate([u, x[:P.n_theta]])
        v = self.solver(np.concatenate([P.Huu(z), w]))
        ct = -P.GuVJP(np.concatenate([z, v]))[P.k:]
        return np.concatenate([ct, np.zeros(self.pad)]) if self.pad else ct


def _node_input(node, theta):
    return np.concatenate([theta, np.zeros(1)]) if node.pad else theta


def _reordered(F, random):
    """F as a tape of z = (x[random], the other inputs), and the number of random inputs."""
    n = F.n_in
    r = np.asarray(random)
    if r.dtype == bool:
        if r.shape != (n,):
            raise ValueError(f"random: a boolean mask must have {n} entries, got {r.shape}")
        r = np.flatnonzero(r)
    if r.dtype.kind not in "iu" or r.ndim > 1:
        raise ValueError("random: expected integer indices (or a boolean mask) of inputs")
    r = r.ravel().astype(np.int64)
    if r.size and (r.min() < -n or r.max() >= n):
        raise ValueError(f"random: index out of range for a tape of {n} inputs")
    r = np.where(r < 0, r + n, r)
    if np.unique(r).size != r.size:
        raise ValueError("random: indices repeat")
    if r.size == 0:
        raise ValueError("random: no random effects given")
    rest = np.setdiff1d(np.arange(n), r)
    order = np.concatenate([r, rest])
    inv = np.empty(n, dtype=np.int64)
    inv[order] = np.arange(n)
    if np.array_equal(order, np.arange(n)):
        return F, r.size
    return MakeTape(lambda z: F(z[inv]), np.zeros(n)), r.size


def _flat(F):
    """F as a tape of one flat input (dict inputs flattened in key order)."""
    if F.input_names is None and len(F.in_shape) == 1:
        return F
    return MakeTape(lambda x: F(x if F.input_names is None else
                                {k: x[sl].reshape(sh) for k, (sl, sh) in
                                 F.input_names.items()}), np.zeros(F.n_in))


def newton(F, random, **options):
    """Tape theta -> u_hat(theta) = argmin over x[random] of F (see the module docstring)."""
    Fz, k = _reordered(_flat(F), random)
    node = NewtonNode(InnerProblem(Fz, k, NewtonOptions(**options)))
    return MakeTape(lambda theta: node(_node_input(node, theta)), np.zeros(Fz.n_in - k))


def laplace(F, random, spa=False, **options):
    """Tape theta -> -log of the integral of exp(-F) over x[random] (module docstring)."""
    Fz, k = _reordered(_flat(F), random)
    return laplace_of(InnerProblem(Fz, k, NewtonOptions(**options)), spa)


def laplace_of(problem, spa=False):
    """The Laplace (or saddle-point) tape of an InnerProblem (its Newton node:
    ``newton_node_of``)."""
    node = NewtonNode(problem)
    logdet = LogDetNode(problem.pattern)
    k = problem.k
    const = 0.5 * k * _LOG_2PI

    def marginal(theta):
        u = node(_node_input(node, theta))
        z = np.concatenate([u, theta])
        v = problem.FGH(z)   # F, dF/du, H_uu: sharing F's replay (dF/du is dropped)
        f = v[0]
        half = 0.5 * logdet(v[1 + k:])[0]
        return (half - f + const) if spa else (f + half - const)
    return MakeTape(marginal, np.zeros(problem.n_theta)).simplify("eliminate")


def newton_node_of(L):
    """The inner Newton node a Laplace tape calls (one of its CallOps' callees)."""
    return next(s for s in L.subtapes if isinstance(s, NewtonNode))
