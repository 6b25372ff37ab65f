"""``nt.fit``: a fitted MakeADFun model, read as a paper needs it.

``nt.fit(obj)`` minimizes the objective with SciPy (bounds given by parameter or element
name), polishes the optimum with Newton steps on the exact Hessian, and returns a ``Fit``:

* the estimate (``par``, ``parameters()``) and the optimizer's facts: ``message``,
  ``iterations``, ``evaluations``, ``max_gradient``, ``pd_hess``, ``converged`` (judged by the
  gradient, not by the optimizer's last line search);
* ``logLik``, ``AIC``, ``BIC`` (with ``nobs``), ``df``, ``deviance``;
* ``summary()``: estimate, standard error, z and two-sided p value of every fixed parameter,
  and derived quantities (``natural=``, e.g. a variance from its log) with delta-method
  standard errors; printed as a table, ``to_dataframe()`` for pandas;
* ``confint(method="wald" | "profile")`` and ``profile(name or linear combination)``: the
  profile likelihood as TMB's ``tmbprofile`` (the other parameters re-optimized at each point
  from the neighbouring solution);
* ``predict(data)``: REPORT and ADREPORT values on new data, at the fitted parameters and
  random effects, with delta-method standard errors (``sdreport``'s formulas);
* ``simulate()`` and ``residuals()``: from the model's own code, where ``nt.OBS`` marks the
  observations (``numtape.stats.observe``).

Element names (``beta[0]``, or the labels given to MakeADFun's ``names=``) label every table.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.special as sc

from numtape.stats import observe
from numtape.stats import adfun, consistency, distributions, osa
from numtape.stats.adfun import ADFun
from numtape.stats.profile import Profile
from numtape.stats.sdreport import delta_method, sdreport
from numtape.stats.simulate import evaluate, simulate_data
from numtape.tape import blas
from numtape.trace.make import MakeTape

# minimize's methods that take a Hessian: they get the exact obj.he
HESS_METHODS = {"newton-cg", "dogleg", "trust-ncg", "trust-krylov", "trust-exact",
                "trust-constr"}
GRADIENT_TOL = 1e-4   # converged: max |gradient| below this (times max(1, |fn|) ** 0.5)


def _bounds(obj, bound, fill):
    """A bound vector over obj.par from a number, an array, or a dict keyed by parameter name
    or element label."""
    n = len(obj.par)
    if bound is None:
        return np.full(n, fill)
    if isinstance(bound, dict):
        out = np.full(n, fill)
        labels = list(obj.labels)
        for key, v in bound.items():
            if key in labels:
                out[labels.index(key)] = v
                continue
            hit = [i for i, name in enumerate(obj.names) if name == key]
            if not hit:
                raise KeyError(f"fit: bound for {key!r}, which is neither a parameter "
                               f"({sorted(set(obj.names))}) nor an element label")
            out[hit] = np.broadcast_to(np.asarray(v, dtype=np.float64), (len(hit),))
        return out
    return np.broadcast_to(np.asarray(bound, dtype=np.float64), (n,)).copy()


def converged(obj, x, f=None, g=None):
    """Whether ``x`` is a minimum as far as the gradient says: finite, and max |gradient|
    below GRADIENT_TOL * max(1, |fn|) ** 0.5 (an optimizer's "precision loss" at such a point
    is not a failure)."""
    f = obj.fn(x) if f is None else f
    g = obj.gr(x) if g is None else g
    return bool(np.isfinite(f) and np.all(np.isfinite(g))
                and np.max(np.abs(g), initial=0.0) <= GRADIENT_TOL * max(1.0, abs(f)) ** 0.5)


def minimize(obj, start=None, lower=None, upper=None, method=None, options=None,
             polish=True):
    """Minimize ``obj.fn`` (SciPy) from ``start`` within bounds, then polish with Newton steps
    on the exact Hessian (each taken only if it lowers fn).  Returns (x, facts)."""
    import scipy.optimize
    x0 = obj.par.copy() if start is None else np.asarray(start, dtype=np.float64).copy()
    lo, hi = _bounds(obj, lower, -np.inf), _bounds(obj, upper, np.inf)
    bounded = bool(np.any(np.isfinite(lo)) or np.any(np.isfinite(hi)))
    method = method or ("L-BFGS-B" if bounded else "BFGS")
    kw = dict(jac=obj.gr, method=method, options=dict(options or {}))
    if bounded:
        kw["bounds"] = list(zip(np.where(np.isfinite(lo), lo, None),
                                np.where(np.isfinite(hi), hi, None)))
        x0 = np.clip(x0, lo, hi)
    if str(method).lower() in HESS_METHODS:
        kw["hess"] = obj.he
    # the optimizer's own algebra (a BFGS update, a Newton step) is on n x n matrices: one
    # BLAS thread below blas.one_thread.SMALL parameters (a second one only stalls there)
    with warnings.catch_warnings(), blas.one_thread(x0.size):
        warnings.simplefilter("ignore", RuntimeWarning)   # inner failures: NaN, backed off
        res = scipy.optimize.minimize(obj.fn, x0, **kw)
        x, steps = np.asarray(res.x, dtype=np.float64), 0
        if polish and x.size and np.isfinite(res.fun):
            x, steps = _newton_polish(obj, x, lo, hi)
    f, g = float(obj.fn(x)), obj.gr(x)
    facts = dict(message=str(res.message), success=bool(res.success),
                 iterations=int(getattr(res, "nit", 0)),
                 evaluations=dict(fn=int(getattr(res, "nfev", 0)),
                                  gr=int(getattr(res, "njev", 0) or 0)),
                 newton_steps=steps, method=method, fn=f, gradient=g)
    return x, facts


def _newton_polish(obj, x, lo, hi, steps=5):
    """Up to ``steps`` Newton steps x - H^-1 g, each kept only if it stays in the bounds and
    lowers fn, or leaves fn within its roundoff (1e-12 relative) and lowers the largest
    gradient entry (quasi-Newton methods stop where the gradient is small, not zero; near
    the optimum fn's change drowns in its roundoff, the gradient's does not).  A step whose
    predicted decrease g . H^-1 g / 2 is below fn's roundoff is the last: convergence is
    quadratic, so the next could not improve x in floating point, and an exact Hessian is the
    expensive part (a parameter drifting along a flat direction would otherwise take every
    step)."""
    f, g, taken = float(obj.fn(x)), None, 0
    for _ in range(steps):
        g = obj.gr(x) if g is None else g
        g_max = np.max(np.abs(g))
        if g_max < 1e-10:
            break
        H = obj.he(x)
        if not np.all(np.isfinite(H)):
            break
        try:
            step = np.linalg.solve(H, g)
        except np.linalg.LinAlgError:
            break
        x_new = x - step
        if np.any(x_new < lo) or np.any(x_new > hi):
            break
        f_new = float(obj.fn(x_new))
        roundoff = 1e-12 * (1.0 + abs(f))
        if not f_new <= f + roundoff:
            break
        g_new = None if f_new < f else obj.gr(x_new)
        if g_new is not None and not np.max(np.abs(g_new)) < g_max:
            break
        x, f, taken = x_new, f_new, taken + 1
        if 0.5 * abs(float(g @ step)) <= roundoff:
            break
        g = g_new
    return x, taken


class Fit:
    """A fitted model (module docstring); made by ``nt.fit``.

    The examples of its methods use this Poisson regression (``_example_fit()``):

    >>> import numpy as np, numtape as nt
    >>> d = {"x": np.array([-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]), "y": np.array([1, 0, 2, 2, 4, 5])}
    >>> def nll(p, d):
    ...     mu = np.exp(p["b"][0] + p["b"][1] * d["x"])
    ...     nt.ADREPORT("mu", mu)
    ...     return -np.sum(nt.distributions.poisson.logpmf(nt.OBS(d["y"]), mu))
    >>> m = nt.fit(nt.MakeADFun(nll, {"b": np.zeros(2)}, data=d, names={"b": ["a", "x"]}))
    >>> m.labels, m.converged
    (['b[a]', 'b[x]'], True)
    """

    def __init__(self, obj, x, facts, nobs=None, natural=None):
        self.obj, self.par = obj, np.asarray(x, dtype=np.float64)
        self.labels = list(obj.labels)
        self.message, self.success = facts["message"], facts["success"]
        self.iterations, self.evaluations = facts["iterations"], facts["evaluations"]
        self.method, self.newton_steps = facts["method"], facts["newton_steps"]
        self.nll = facts["fn"]
        self.gradient = facts["gradient"]
        self.max_gradient = float(np.max(np.abs(self.gradient), initial=0.0))
        self.converged = converged(obj, self.par, self.nll, self.gradient)
        self.nobs = nobs
        self.natural = dict(natural or {})
        self._report = None

    # ---- the likelihood's numbers ----------------------------------------------------------
    @property
    def logLik(self):
        """The log-likelihood at the optimum (minus the objective; Laplace-marginal)."""
        return -self.nll

    @property
    def df(self):
        """The number of estimated fixed parameters."""
        return int(self.par.size)

    @property
    def AIC(self):
        return 2.0 * self.nll + 2.0 * self.df

    @property
    def BIC(self):
        if self.nobs is None:
            raise ValueError("BIC needs the number of observations: nt.fit(obj, nobs=...)")
        return 2.0 * self.nll + math.log(self.nobs) * self.df

    @property
    def deviance(self):
        return 2.0 * self.nll

    @property
    def report(self):
        """``sdreport`` at the optimum (computed once)."""
        if self._report is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                self._report = sdreport(self.obj, self.par)
        return self._report

    @property
    def pd_hess(self):
        return self.report.pd_hess

    @property
    def cov(self):
        """The covariance of the fixed parameters (inverse exact Hessian)."""
        return self.report.cov_fixed

    @property
    def se(self):
        return np.sqrt(np.maximum(np.diag(self.cov), 0.0))

    def parameters(self):
        """Every parameter as a dict of arrays at the optimum (random effects at their mode)."""
        return self.obj.parameters(self.par)

    # ---- tables ----------------------------------------------------------------------------
    def summary(self):
        """Estimates, standard errors, z and two-sided p values of the fixed parameters, and
        the ``natural=`` quantities with delta-method standard errors: a ``Table``
        (``print`` it, or ``to_dataframe()``).

        >>> import numpy as np
        >>> m = _example_fit()
        >>> [round(v, 4) for v in m.summary().rows[1][1:]]
        [0.8715, 0.3675, 2.3717, 0.0177]
        """
        se = self.se
        with np.errstate(divide="ignore", invalid="ignore"):
            z = self.par / se
        p = sc.erfc(np.abs(z) / math.sqrt(2.0))   # 2 P(Z > |z|)
        rows = [(lab, float(e), float(s), float(zz), float(pp))
                for lab, e, s, zz, pp in zip(self.labels, self.par, se, z, p)]
        derived = [(lab, float(e), float(s), math.nan, math.nan)
                   for lab, e, s in self._natural_rows()]
        return Table(rows, derived, self)

    def _natural_rows(self):
        """(label, estimate, se) of each ``natural=`` quantity: f(parameters) by the delta
        method on the fixed parameters' covariance."""
        out = []
        for name, fn in self.natural.items():
            values, ses = self._delta_natural(fn)
            values, ses = np.ravel(values), np.ravel(ses)
            labels = [name] if values.size == 1 else [f"{name}[{i}]" for i in range(values.size)]
            out += list(zip(labels, values, ses))
        return out

    def _delta_natural(self, fn):
        L = self.obj.layout

        def g(theta):
            z = np.concatenate([np.zeros(self.obj.k), theta]) if self.obj.k else theta
            return np.ravel(fn(L.expand(z))) + 0.0
        G = MakeTape(g, self.par)
        J = np.atleast_2d(G.jacobian(self.par))
        cov = J @ self.cov @ J.T
        return np.ravel(G(self.par)), np.sqrt(np.maximum(np.diag(cov), 0.0))

    def confint(self, parm=None, level=0.95, method="wald"):
        """Intervals of the fixed parameters (``parm``: labels or parameter names; default all):
        Wald (estimate +- z se) or ``method="profile"`` (where the profile deviance crosses
        the chi-square quantile).  A ``Table`` with columns lower and upper.

        >>> import numpy as np
        >>> m = _example_fit()
        >>> [round(v, 3) for v in m.confint("b[x]").rows[0][1:]]
        [0.151, 1.592]
        >>> [round(v, 3) for v in m.confint("b[x]", method="profile").rows[0][1:]]
        [0.197, 1.663]
        """
        idx = self._indices(parm)
        if method == "wald":
            q = sc.ndtri(0.5 + level / 2.0)
            se = self.se
            rows = [(self.labels[i], float(self.par[i] - q * se[i]),
                     float(self.par[i] + q * se[i])) for i in idx]
        elif method == "profile":
            rows = []
            for i in idx:
                lo, hi = self.profile(self.labels[i], level=level).confint(level)
                rows.append((self.labels[i], lo, hi))
        else:
            raise ValueError(f"confint: method must be 'wald' or 'profile', got {method!r}")
        pct = f"{100 * (1 - level) / 2:g} %", f"{100 * (1 + level) / 2:g} %"
        return Table(rows, [], self, columns=pct)

    def _indices(self, parm):
        if parm is None:
            return list(range(self.par.size))
        parm = [parm] if isinstance(parm, str) else list(parm)
        out = []
        for key in parm:
            if key in self.labels:
                out.append(self.labels.index(key))
            else:
                hit = [i for i, n in enumerate(self.obj.names) if n == key]
                if not hit:
                    raise KeyError(f"no parameter or element named {key!r} (labels: "
                                   f"{self.labels})")
                out += hit
        return out

    def profile(self, parm, level=0.95, steps=None, max_steps=40):
        """The profile likelihood of one parameter (a label or a parameter of one element) or of
        a linear combination ``c @ par`` (``parm`` an array of len(par)): at each value t the
        other directions are re-optimized, warm-started from the neighbour (TMB's tmbprofile).
        Walks out both ways until the deviance passes the ``level`` quantile.  A ``Profile``.

        >>> import numpy as np
        >>> m = _example_fit()
        >>> prof = m.profile("b[x]")
        >>> [round(v, 3) for v in prof.confint()]
        [0.197, 1.663]
        >>> lincomb = m.profile(np.array([1.0, 1.0]))     # log mu at x = 1
        >>> lo, hi = lincomb.confint()
        >>> bool(lo < m.par.sum() < hi)
        True
        """
        return Profile(self, parm, level, steps, max_steps)

    # ---- the model's own code --------------------------------------------------------------
    def predict(self, data=None, se=True):
        """REPORT and ADREPORT values of the model on ``data`` (default: its own), at the fitted
        parameters and random effects, with delta-method standard errors of the ADREPORTed
        ones (``sdreport``'s formulas, the fit's covariance).  ``data`` must keep every
        parameter's shape.  A dict: name -> value array, and name + "_se" -> standard errors.

        >>> import numpy as np
        >>> m = _example_fit()
        >>> pr = m.predict({"x": np.array([0.0, 2.0]), "y": np.zeros(2, dtype=int)})
        >>> pr["mu"].round(3), pr["mu_se"].round(3)
        (array([1.444, 8.25 ]), array([0.582, 4.199]))
        """
        obj = self.obj if data is None else self.obj.with_data(data)
        z = self.obj.z(self.par)
        out = {}
        if obj.report_tape.n_out:
            out.update(obj._unpack("report", obj.report_tape(z)))
        if obj.adreport_tape.n_out:
            phi, cov = delta_method(self.obj, self.par, obj.adreport_tape, self.cov)
            values = obj._unpack("adreport", phi)
            out.update(values)
            if se:
                ses = obj._unpack("adreport", np.sqrt(np.maximum(np.diag(cov), 0.0)))
                out.update({f"{k}_se": v for k, v in ses.items()})
        return out

    def simulate(self, n=1, seed=None, random="conditional"):
        """``n`` data sets drawn from the fitted model by its own code: each ``nt.OBS(y)`` in
        the model is redrawn by the density it is evaluated in (``numtape.stats.observe``).
        ``random="conditional"`` keeps the random effects at their fitted modes;
        ``"sample"`` draws them from their own densities first.  Each data set has the
        structure of the model's data (``MakeADFun(..., data=)``) with the observations
        replaced; a list of ``n`` of them (one data set when ``n`` is None).

        >>> import numpy as np
        >>> m = _example_fit()
        >>> m.simulate(n=None, seed=1)["y"]
        array([0, 1, 2, 3, 5, 3])
        """
        rng = np.random.default_rng(seed)
        sets = [simulate_data(self.obj, self.par, rng, random) for _ in range(1 if n is None
                                                                              else n)]
        return sets[0] if n is None else sets

    def residuals(self, type="quantile", seed=None, method="fullGaussian"):
        """Residuals of every ``nt.OBS`` observation: ``"quantile"`` (randomized quantile
        residuals given the fitted random effects, Dunn and Smyth: standard normal under the
        model; for counts P(Y < y) + U P(Y = y) with U uniform from ``seed``), ``"pearson"``
        ((y - mean) / sd given the random effects), or ``"osa"``: one-step-ahead residuals with
        the random effects integrated out (TMB's ``oneStepPredict(method="fullGaussian")``:
        (y_i - E[y_i | y_1..y_i-1]) / sd(y_i | y_1..y_i-1), exact for models whose random
        effects and observations are jointly Gaussian; other models are refused), or with
        ``method="cdf"`` TMB's generic CDF method: P(Y_i <= y_i | y_1..y_i-1) from Laplace
        approximations of the model holding the first i observations (for counts randomized
        between P(Y_i < y_i | ...) and P(Y_i <= y_i | ...) with U from ``seed``), through the
        standard normal quantile; families norm, poisson, nbinom, nbinom2, binom; or with
        ``method="oneStepGaussian"`` TMB's Gaussian approximation of each predictive
        distribution (y_i a random effect beside u, the first i observations kept: the mode
        and curvature give its mean and variance; for continuous observations).  One array
        per OBS call, in order; a single array when the model marks one.

        >>> import numpy as np
        >>> m = _example_fit()
        >>> m.residuals("pearson").round(2)
        array([ 0.51, -0.97,  0.46, -0.16,  0.3 , -0.15])
        """
        if type == "osa":
            methods = {"fullGaussian": lambda: osa.full_gaussian(self),
                       "oneStepGaussian": lambda: osa.one_step_gaussian(self),
                       "cdf": lambda: osa.cdf_residuals(self, np.random.default_rng(seed))}
            if method not in methods:
                raise ValueError(f"residuals: method must be one of {list(methods)}, got "
                                 f"{method!r}")
            return methods[method]()
        if type not in ("quantile", "pearson"):
            raise ValueError(f"residuals: type must be 'quantile', 'pearson' or 'osa', got "
                             f"{type!r}")
        run = observe.Run("explain", np.random.default_rng(seed), type)
        evaluate(self.obj, self.parameters(), run)
        out = [run.residuals[k] for k in run.order if k in run.residuals]
        if not out:
            raise ValueError("residuals: the model marks no observation: wrap the data in "
                             "nt.OBS(y) where the likelihood uses it")
        return out[0] if len(out) == 1 else out

    def one_step_cdf(self):
        """The one-step-ahead probabilities of the observations (``numtape.stats.osa``:
        ``one_step_cdf``, TMB's generic CDF method)."""
        return osa.one_step_cdf(self)

    def check_consistency(self, n=100, seed=None, par=None):
        """TMB's ``checkConsistency`` at ``par`` (default the estimate) over ``n`` simulated
        data sets: a ``Consistency`` (``numtape.stats.consistency.check_consistency``)."""
        return consistency.check_consistency(self, n, seed, par)

    def __repr__(self):
        return self.summary().format()


def _example_fit():
    """The Poisson regression of the examples in ``Fit``'s docstrings."""
    d = {"x": np.array([-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]), "y": np.array([1, 0, 2, 2, 4, 5])}

    def nll(p, d):
        mu = np.exp(p["b"][0] + p["b"][1] * d["x"])
        adfun.ADREPORT("mu", mu)
        return -np.sum(distributions.poisson.logpmf(observe.OBS(d["y"]), mu))
    return fit(ADFun(nll, {"b": np.zeros(2)}, data=d, names={"b": ["a", "x"]}))


class Table:
    """Rows of a fit's table: ``format()`` / ``print`` as text, ``to_dataframe()``."""

    def __init__(self, rows, derived, fit, columns=("Estimate", "Std. Error", "z value",
                                                     "Pr(>|z|)")):
        self.rows, self.derived, self.fit, self.columns = rows, derived, fit, tuple(columns)

    def to_dataframe(self):
        import pandas as pd
        rows = self.rows + self.derived
        return pd.DataFrame([r[1:] for r in rows], columns=list(self.columns),
                            index=pd.Index([r[0] for r in rows], name="term"))

    def format(self):
        rows = self.rows + self.derived
        width = max([len(r[0]) for r in rows] + [4])
        head = f"{'':<{width}} " + " ".join(f"{c:>12}" for c in self.columns)
        lines = [head]
        for i, r in enumerate(rows):
            if i == len(self.rows) and self.derived:
                lines.append("derived (delta method):")
            values = r[1:3] if i >= len(self.rows) else r[1:]   # no z, p for derived rows
            lines.append(f"{r[0]:<{width}} " + " ".join(_num(v) for v in values))
        if self.columns[0] == "Estimate":
            f = self.fit
            lines = [f"fit: {f.message}  (converged: {f.converged}, max |gradient| "
                     f"{f.max_gradient:.3g}, Hessian positive definite: {f.pd_hess})"] + lines
            ic = f"logLik {f.logLik:.6g}  AIC {f.AIC:.6g}"
            if f.nobs is not None:
                ic += f"  BIC {f.BIC:.6g}  nobs {f.nobs}"
            lines.append(ic + f"  df {f.df}")
        return "\n".join(lines)

    def __str__(self):
        return self.format()

    __repr__ = __str__


def _num(v):
    return f"{'NaN':>12}" if v != v else f"{v:>12.6g}" if abs(v) >= 1e-4 or v == 0 \
        else f"{v:>12.3e}"


def fit(obj, start=None, lower=None, upper=None, method=None, options=None, nobs=None,
        natural=None, polish=True):
    """Fit a ``MakeADFun`` objective: minimize it and return a ``Fit`` (module docstring).

    Parameters
    ----------
    obj : ADFun
        The objective.
    start : array_like, optional
        Where to start (default ``obj.par``).
    lower, upper : float, array_like or dict, optional
        Bounds, as arrays over ``obj.par`` or a dict keyed by parameter name or element
        label (``{"logsd": -5.0}``); with bounds the default method is L-BFGS-B.
    method : str, optional
        ``scipy.optimize.minimize``'s method (default BFGS; those that take a Hessian get the
        exact ``obj.he``).
    options : dict, optional
        ``minimize``'s options.
    nobs : int, optional
        The number of observations, for BIC.
    natural : dict, optional
        Derived quantities for the summary: name -> function of the parameter dict (e.g.
        ``{"sigma": lambda p: np.exp(p["logsigma"])}``), reported with delta-method standard
        errors.
    polish : bool
        Newton steps on the exact Hessian after the optimizer (each kept only if it lowers fn).

    Returns
    -------
    Fit

    Examples
    --------
    >>> import numpy as np, numtape as nt
    >>> y = np.array([1.2, 0.7, 2.1, 1.6])
    >>> def nll(p):
    ...     return -np.sum(nt.distributions.norm.logpdf(y, p["mu"], np.exp(p["logsd"])))
    >>> m = nt.fit(nt.MakeADFun(nll, {"mu": 0.0, "logsd": 0.0}), nobs=4,
    ...            natural={"sd": lambda p: np.exp(p["logsd"])})
    >>> round(float(m.par[0]), 6), m.converged, round(m.logLik, 4)
    (1.4, True, -3.0197)
    """
    if not isinstance(obj, ADFun):
        raise TypeError(f"fit: obj must be a MakeADFun objective, got {type(obj).__name__}")
    x, facts = minimize(obj, start, lower, upper, method, options, polish)
    return Fit(obj, x, facts, nobs=nobs, natural=natural)
