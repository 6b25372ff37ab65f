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

from numtape.stats import adfun
from numtape.stats.adfun import element_labels
from numtape.tape import blas


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
        self.corrected = None   # bias-corrected ADREPORTs (sdreport(bias_correct=True))

    def _pick(self, name, column):
        if name not in self._shapes:
            raise KeyError(f"sdreport: no parameter or ADREPORT named {name!r} "
                           f"(have {list(self._shapes)})")
        vals = [r[column] for r in self._rows if r[0] == name]
        return np.array(vals).reshape(self._shapes[name])

    def value(self, name):
        """Estimate of ``name``."""
        return self._pick(name, 2)

    def bias_corrected(self, name):
        """The epsilon-method estimate of an ADREPORTed value's conditional mean
        (``sdreport(..., bias_correct=True)``)."""
        if self.corrected is None:
            raise ValueError("bias_corrected: run sdreport(obj, par, bias_correct=True)")
        at = 0
        for n, kind in ((r[0], r[1]) for r in self._rows):
            if kind == "report":
                if n == name:
                    size = int(np.prod(self._shapes[name]))
                    return self.corrected[at:at + size].reshape(self._shapes[name])
                at += 1 if n != name else 0
        raise KeyError(f"bias_corrected: no ADREPORT named {name!r}")

    def sd(self, name):
        """Standard error of ``name``."""
        return self._pick(name, 3)

    def summary(self, select=("fixed", "random", "report")):
        """Rows (name, estimate, std. error) of the chosen kinds, as TMB's summary()."""
        return [(r[0], r[2], r[3]) for r in self._rows if r[1] in select]

    def to_dataframe(self, select=("fixed", "random", "report")):
        """The summary as a pandas DataFrame, one row per element, indexed by its label
        (``beta[0]``, ``sigma``; unique): columns Estimate, Std. Error, kind, parameter."""
        import pandas as pd
        rows = [r for r in self._rows if r[1] in select]
        return pd.DataFrame({"Estimate": [r[2] for r in rows],
                             "Std. Error": [r[3] for r in rows],
                             "kind": [r[1] for r in rows],
                             "parameter": [r[0] for r in rows]},
                            index=pd.Index([r[4] for r in rows], name="label"))

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
    """H^-1 and whether H is positive definite (every eigenvalue above 1e-13 of the largest in
    magnitude).

    An H that is not positive definite but not singular either (a saddle) is inverted as TMB's
    ``solve(hessian)`` does: its negative variances give NaN standard errors.  A singular H
    (some eigenvalues within that tolerance of 0: a parameter running off to infinity, such as
    a zero-inflation coefficient of a group without structural zeros, makes a flat direction)
    is inverted on the other eigenvectors, and the parameters that take part in a flat
    direction (a loading above 1e-3) get NaN rows and columns: the others keep the standard
    errors they have in the limit (glmmTMB prints roundoff noise for the flat ones).  A
    non-finite H gives NaN."""
    n = H.shape[0]
    if n == 0:
        return np.zeros((0, 0)), True
    if not np.all(np.isfinite(H)):
        return np.full((n, n), math.nan), False
    lam, Q = np.linalg.eigh(0.5 * (H + H.T))
    tol = 1e-13 * max(abs(lam[-1]), abs(lam[0]))
    flat = np.abs(lam) <= tol
    C = (Q[:, ~flat] / lam[~flat]) @ Q[:, ~flat].T
    if flat.any():
        bad = np.any(np.abs(Q[:, flat]) > 1e-3, axis=1)
        C[bad, :] = math.nan
        C[:, bad] = math.nan
    return C, bool(lam[0] > tol)


def sdreport(obj, par=None, bias_correct=False):
    """Estimates and standard errors of a fitted ``MakeADFun`` objective (module docstring).

    ``par`` defaults to the fixed parameters with the lowest ``fn`` value seen (TMB's
    ``last.par.best``).  With ``bias_correct``, ADREPORTed values also get TMB's epsilon-method
    estimate of their conditional mean E[phi(u, theta) | y] (``rep.bias_corrected(name)``):
    phi evaluated at the mode of u is biased when phi is nonlinear in u; the estimate is
    -d/d eps of the Laplace objective of f - eps . phi at eps = 0.  Returns an ``SDReport``.

    >>> import numpy as np, numtape as nt
    >>> y = np.array([0.3, 1.1, -0.4, 0.8])
    >>> def nll(p, y):
    ...     u = p["u"][0]
    ...     nt.ADREPORT("eu", np.exp(u))
    ...     return (-np.sum(nt.distributions.norm.logpdf(y, u, 1.0))
    ...             - nt.distributions.norm.logpdf(u, p["mu"], 2.0))
    >>> obj = nt.MakeADFun(nll, {"mu": 0.0, "u": np.zeros(1)}, random="u", data=y)
    >>> rep = nt.sdreport(obj, [0.5], bias_correct=True)
    >>> round(float(rep.value("eu")), 4), round(float(rep.bias_corrected("eu")), 4)
    (1.5729, 1.758)
    """
    p = obj.best[1] if par is None else obj._theta(par)
    with blas.one_thread(p.size):   # small dense algebra: one BLAS thread (blas.one_thread)
        return _sdreport(obj, p, bias_correct)


def _sdreport(obj, p, bias_correct):
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
        rows.append((name, "fixed", float(p[i]), float(sd_fixed[i]), obj.labels[i]))
    shapes.update(_grouped_shapes(obj.names, obj.layout.start))
    A = fac = None
    if k:
        prob = obj.problem
        fac = prob.factor(z)
        # A = -H_uu^-1 H_u,theta: H_u,theta from one tangent sweep of the u-gradient
        A = -fac.solve(prob.cross_tangents(z, np.eye(p.size)).T) if p.size else np.zeros((k, 0))
        P = prob.pattern
        zd = fac.selinv()
        diag_inv = np.zeros(k)
        on_diag = P.rows == P.cols
        diag_inv[P.rows[on_diag]] = zd[on_diag]
        var_u = diag_inv + np.einsum("ij,jk,ik->i", A, V, A)
        sd_u = np.sqrt(np.maximum(var_u, 0.0))
        for i, name in enumerate(obj.random_names):
            rows.append((name, "random", float(z[i]), float(sd_u[i]), obj.random_labels[i]))
        shapes.update(_grouped_shapes(obj.random_names, obj.layout.start))
    cov = np.zeros((0, 0))
    Phi = obj.adreport_tape
    if Phi.n_out:
        phi, cov = _delta(Phi, z, k, V, A, fac)
        sd_phi = np.sqrt(np.maximum(np.diag(cov), 0.0))
        at = 0
        for name, shape in obj._shapes["adreport"].items():
            size = int(np.prod(shape))
            labels = element_labels(name, np.zeros(shape))
            for j in range(at, at + size):
                rows.append((name, "report", float(phi[j]), float(sd_phi[j]), labels[j - at]))
            shapes[name] = shape
            at += size
    report = SDReport(rows, shapes, cov, V, p.copy(), g, pd,
                      bool(k) and obj.problem.degenerate)
    if bias_correct and Phi.n_out:
        report.corrected = _epsilon_method(obj, p) if k else np.ravel(Phi(z))
    return report


_EPS = "__epsilon__"


def _epsilon_method(obj, p):
    """E[phi | y] of the ADREPORTed phi by the epsilon method (``sdreport``): the model
    recorded again with an extra parameter eps and objective f - eps . phi; minus its
    gradient in eps at (p, 0)."""
    f, data = obj.arguments["f"], obj.data

    def with_eps(params, *d):
        q = dict(params)
        eps = q.pop(_EPS)
        value = f(q, *d)
        phi = [np.reshape(v, (-1,)) for v in adfun._COLLECTORS[-1].values["adreport"].values()]
        return value - np.sum(eps * np.concatenate(phi))
    args = dict(obj.arguments)
    args["f"] = with_eps
    args["parameters"] = {**obj.parameters(p), _EPS: np.zeros(obj.adreport_tape.n_out)}
    args["names"] = None
    eps_obj = adfun.MakeADFun(**args, data=data)
    g = eps_obj.gr(np.concatenate([p, np.zeros(obj.adreport_tape.n_out)]))
    return -g[p.size:]


def _delta(Phi, z, k, V, A, fac):
    """Phi = Phi(z) and its covariance: J V J^T + dphi/du H_uu^-1 dphi/du^T, J the total
    derivative in theta (module docstring)."""
    phi = np.ravel(Phi(z))
    D = Phi.jacobian(z)
    Du, Dt = D[:, :k], D[:, k:]
    J = Dt + (Du @ A if k else 0.0)
    cov = J @ V @ J.T
    if k:
        cov = cov + Du @ fac.solve(Du.T)
    return phi, cov


def delta_method(obj, p, Phi, V):
    """The values of tape ``Phi`` of z = (u, theta) (another data set's ADREPORTs: the same
    parameters) at ``obj``'s fitted random effects and ``p``, and their covariance by the
    generalized delta method with ``obj``'s inner Hessian and V, the fixed parameters'
    covariance (``Fit.predict``)."""
    k, z = obj.k, obj.z(p)
    A = fac = None
    if k:
        fac = obj.problem.factor(z)
        A = (-fac.solve(obj.problem.cross_tangents(z, np.eye(p.size)).T) if p.size
             else np.zeros((k, 0)))
    return _delta(Phi, z, k, V, A, fac)


def _grouped_shapes(names, start):
    """Shape of each parameter's free entries: the parameter's own shape when all of them are
    free, else a vector of its free values."""
    counts = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return {n: start[n].shape if c == start[n].size else (c,) for n, c in counts.items()}
