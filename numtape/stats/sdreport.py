"""``nt.sdreport``: estimates and standard errors, as TMB's ``sdreport``.

At the fixed parameters theta (usually the optimum), with H = ``obj.he(theta)`` the exact
Hessian of the (marginal) objective and V = H^-1:

* fixed parameters: covariance V;
* random effects u_hat(theta) (TMB's generalized delta method): with H_uu the inner Hessian
  and A = du_hat/dtheta = -H_uu^-1 H_u,theta,  Var(u_hat) = diag(H_uu^-1) + diag(A V A^T).
  diag(H_uu^-1) comes from the selected inverse on H_uu's sparse pattern (never a dense
  inverse);
* ADREPORTed values phi(u, theta), with J = dphi/dtheta + dphi/du A the total derivative:
  Cov(phi) = J V J^T + dphi/du H_uu^-1 dphi/du^T.

A Hessian H that is not positive definite gives a warning and NaN standard errors (as TMB's
``pdHess = FALSE``), never an exception.
"""
from __future__ import annotations

import math
import warnings

import numpy as np


class SDReport:
    """The result of ``sdreport`` (module docstring).

    ``value(name)`` / ``sd(name)``: estimate and standard error of a parameter (fixed or
    random) or an ADREPORTed value, shaped as in the model; ``cov``: covariance of the
    ADREPORTed values (flattened in the order they were reported); ``cov_fixed``: covariance of
    the fixed parameters; ``par_fixed``, ``gradient_fixed``, ``max_gradient``, ``pd_hess``;
    ``inner_degenerate``: an inner Newton solve met a mode whose Hessian is nearly singular.
    """

    def __init__(self, rows, shapes, cov, cov_fixed, par_fixed, gradient, pd_hess,
                 inner_degenerate=False):
        self._rows, self._shapes = rows, shapes
        self.inner_degenerate = inner_degenerate
        self.cov, self.cov_fixed = cov, cov_fixed
        self.par_fixed, self.gradient_fixed = par_fixed, gradient
        self.max_gradient = float(np.max(np.abs(gradient))) if gradient.size else 0.0
        self.pd_hess = pd_hess

    def _pick(self, name, column):
        if name not in self._shapes:
            raise KeyError(f"sdreport: no parameter or ADREPORT named {name!r} "
                           f"(have {list(self._shapes)})")
        vals = [r[column] for r in self._rows if r[0] == name]
        return np.array(vals).reshape(self._shapes[name])

    def value(self, name):
        """Estimate of ``name``."""
        return self._pick(name, 2)

    def sd(self, name):
        """Standard error of ``name``."""
        return self._pick(name, 3)

    def summary(self, select=("fixed", "random", "report")):
        """Rows (name, estimate, std. error) of the chosen kinds, as TMB's summary()."""
        return [(r[0], r[2], r[3]) for r in self._rows if r[1] in select]

    def to_dataframe(self, select=("fixed", "random", "report")):
        """The summary as a pandas DataFrame (columns Estimate, Std. Error, kind)."""
        import pandas as pd
        rows = [r for r in self._rows if r[1] in select]
        return pd.DataFrame({"Estimate": [r[2] for r in rows],
                             "Std. Error": [r[3] for r in rows],
                             "kind": [r[1] for r in rows]},
                            index=pd.Index([r[0] for r in rows], name="name"))

    def format(self, select=("fixed", "random", "report")):
        """The summary table as text."""
        rows = self.summary(select)
        width = max([len(r[0]) for r in rows] + [4])
        lines = [f"{'':<{width}} {'Estimate':>12} {'Std. Error':>12}"]
        lines += [f"{n:<{width}} {e:>12.6g} {s:>12.6g}" for n, e, s in rows]
        return "\n".join(lines)

    def __str__(self):
        return ("sdreport(.) result\n" + self.format(("fixed",)) +
                ("" if self.pd_hess else "\nWarning: the Hessian is not positive definite") +
                ("\nWarning: the random effects' Hessian was nearly singular at a mode: the "
                 "Laplace approximation may be far off" if self.inner_degenerate else "") +
                f"\nMaximum gradient component: {self.max_gradient:.6g}")

    __repr__ = __str__


def _covariance(H):
    """H^-1 and whether H is positive definite (NaN and False otherwise).  Positive definite
    means every eigenvalue above 1e-13 of the largest: a Cholesky factorization can succeed
    on a matrix singular up to roundoff, whose inverse is noise."""
    n = H.shape[0]
    if n == 0:
        return np.zeros((0, 0)), True
    if np.all(np.isfinite(H)):
        lam, Q = np.linalg.eigh(0.5 * (H + H.T))
        if lam[0] > 1e-13 * max(abs(lam[-1]), abs(lam[0])):
            return (Q / lam) @ Q.T, True
    return np.full((n, n), math.nan), False


def sdreport(obj, par=None):
    """Estimates and standard errors of a fitted ``MakeADFun`` objective (module docstring).

    ``par`` defaults to the fixed parameters with the lowest ``fn`` value seen (TMB's
    ``last.par.best``).  Returns an ``SDReport``.
    """
    p = obj.best[1] if par is None else obj._theta(par)
    g = obj.gr(p)
    H = obj.he(p)
    V, pd = _covariance(H)
    if not pd:
        warnings.warn("sdreport: the Hessian of the objective is not positive definite at par; "
                      "standard errors are NaN", RuntimeWarning, stacklevel=2)
    k = obj.k
    z = obj.z(p)
    rows, shapes = [], {}
    sd_fixed = np.sqrt(np.maximum(np.diag(V), 0.0)) if pd else np.full(p.size, math.nan)
    for i, name in enumerate(obj.names):
        rows.append((name, "fixed", float(p[i]), float(sd_fixed[i])))
    shapes.update(_grouped_shapes(obj.names, obj.layout.start))
    A = fac = None
    if k:
        prob = obj.problem
        fac = prob.factor(z)
        # H_u,theta, one tangent sweep of the u-gradient per fixed parameter
        Hut = np.stack([prob.Gu.jvp(z, np.concatenate([np.zeros(k), e]))
                        for e in np.eye(p.size)], axis=1) if p.size else np.zeros((k, 0))
        A = -fac.solve(Hut) if p.size else np.zeros((k, 0))
        P = prob.pattern
        zd = fac.selinv()
        diag_inv = np.zeros(k)
        on_diag = P.rows == P.cols
        diag_inv[P.rows[on_diag]] = zd[on_diag]
        var_u = diag_inv + np.einsum("ij,jk,ik->i", A, V, A)
        sd_u = np.sqrt(np.maximum(var_u, 0.0))
        for i, name in enumerate(obj.random_names):
            rows.append((name, "random", float(z[i]), float(sd_u[i])))
        shapes.update(_grouped_shapes(obj.random_names, obj.layout.start))
    cov = np.zeros((0, 0))
    Phi = obj.adreport_tape
    if Phi.n_out:
        phi = np.ravel(Phi(z))
        D = Phi.jacobian(z)
        Du, Dt = D[:, :k], D[:, k:]
        J = Dt + (Du @ A if k else 0.0)
        cov = J @ V @ J.T
        if k:
            cov = cov + Du @ fac.solve(Du.T)
        sd_phi = np.sqrt(np.maximum(np.diag(cov), 0.0))
        at = 0
        for name, shape in obj._shapes["adreport"].items():
            size = int(np.prod(shape))
            for j in range(at, at + size):
                rows.append((name, "report", float(phi[j]), float(sd_phi[j])))
            shapes[name] = shape
            at += size
    return SDReport(rows, shapes, cov, V, p.copy(), g, pd,
                    bool(k) and obj.problem.degenerate)


def _grouped_shapes(names, start):
    """Shape of each parameter's free entries: the parameter's own shape when all of them are
    free, else a vector of its free values."""
    counts = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return {n: start[n].shape if c == start[n].size else (c,) for n, c in counts.items()}
