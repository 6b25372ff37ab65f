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

from numtape.stats import observe
from numtape.stats import adfun, distributions
from numtape.stats.adfun import ADFun
from numtape.stats.sdreport import delta_method, sdreport
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
    with warnings.catch_warnings():
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
    """Up to ``steps`` Newton steps x - H^-1 g, each kept only if it lowers fn and stays in
    the bounds (quasi-Newton methods stop where the gradient is small, not zero)."""
    f, taken = float(obj.fn(x)), 0
    for _ in range(steps):
        g = obj.gr(x)
        if np.max(np.abs(g)) < 1e-10:
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
        if not f_new <= f:
            break
        x, f, taken = x_new, f_new, taken + 1
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
        import scipy.stats as ss
        se = self.se
        with np.errstate(divide="ignore", invalid="ignore"):
            z = self.par / se
        p = 2.0 * ss.norm.sf(np.abs(z))
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
        import scipy.stats as ss
        idx = self._indices(parm)
        if method == "wald":
            q = ss.norm.ppf(0.5 + level / 2.0)
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
            methods = {"fullGaussian": self._osa_full_gaussian,
                       "oneStepGaussian": self._osa_one_step_gaussian,
                       "cdf": lambda: self._osa_cdf(np.random.default_rng(seed))}
            if method not in methods:
                raise ValueError(f"residuals: method must be one of {list(methods)}, got "
                                 f"{method!r}")
            return methods[method]()
        if type not in ("quantile", "pearson"):
            raise ValueError(f"residuals: type must be 'quantile', 'pearson' or 'osa', got "
                             f"{type!r}")
        run = observe.Run("explain", np.random.default_rng(seed), type)
        _evaluate(self.obj, self.parameters(), run)
        out = [run.residuals[k] for k in run.order if k in run.residuals]
        if not out:
            raise ValueError("residuals: the model marks no observation: wrap the data in "
                             "nt.OBS(y) where the likelihood uses it")
        return out[0] if len(out) == 1 else out

    def _osa_full_gaussian(self):
        """One-step-ahead residuals of a jointly Gaussian model: the joint density of (u, y)
        at the fitted theta, recorded with the observations traced; its Hessian H (constant:
        the model is quadratic in them), the mode mu of (u, y), and with Sigma_yy the y block
        of H^-1 = L L^T, residuals L^-1 (y - mu_y) (TMB's fullGaussian)."""
        obj, k = self.obj, self.obj.k
        _, ys, y = self._observations()
        theta, f, data = self.par, obj.arguments["f"], obj.data

        def joint(v):
            run = observe.Run("trace", None, traced=v[k:])
            params = obj.layout.expand(np.concatenate([v[:k], theta]))
            with observe.running(run):
                return f(params) if data is None else f(params, data)
        v0 = np.concatenate([obj.random_effects(theta), y])
        G = MakeTape(joint, v0)
        H = G.hessian(v0)
        g = G.gradient(v0)
        mode = v0 - np.linalg.solve(H, g)
        if not np.allclose(G.hessian(mode + 0.5), H, rtol=1e-8, atol=1e-10 * np.abs(H).max()):
            raise ValueError("residuals(type='osa'): the one-step-ahead residuals built here "
                             "are TMB's fullGaussian ones, for models whose random effects and "
                             "observations are jointly Gaussian; this model is not (its joint "
                             "density is not quadratic in them): use type='quantile'")
        S = np.linalg.inv(H)[k:, k:]
        L = np.linalg.cholesky(0.5 * (S + S.T))
        import scipy.linalg
        r = scipy.linalg.solve_triangular(L, y - mode[k:], lower=True)
        out, at = [], 0
        for v in ys:
            out.append(r[at:at + v.size].reshape(v.shape))
            at += v.size
        return out[0] if len(out) == 1 else out

    def _observations(self):
        """The OBS arrays of the model (in call order) and their values, flat."""
        collect = observe.Run("explain", np.random.default_rng(0), "pearson")
        _evaluate(self.obj, self.parameters(), collect)
        ys = [np.asarray(collect.sources[key], dtype=np.float64) for key in collect.order]
        if not ys:
            raise ValueError("residuals: the model marks no observation: wrap the data in "
                             "nt.OBS(y) where the likelihood uses it")
        return collect, ys, np.concatenate([v.ravel() for v in ys])

    def _osa_one_step_gaussian(self):
        """One-step-ahead residuals by TMB's oneStepGaussian (``residuals``): the model
        recorded with the observations traced and a traced keep weight on each one's density;
        for each i, Newton over (u, y_i) with y_<i at their values and keep_j = [j <= i]: the
        mode of y_i is the predictive mean, the inverse curvature its variance."""
        obj, k = self.obj, self.obj.k
        _, ys, y = self._observations()
        n = y.size
        theta, f, data = self.par, obj.arguments["f"], obj.data

        def joint(v):   # v = (u, y, keep)
            run = observe.Run("trace", None, traced=v[k:k + n], weights=v[k + n:])
            params = obj.layout.expand(np.concatenate([v[:k], theta]))
            with observe.running(run):
                return f(params) if data is None else f(params, data)
        G = MakeTape(joint, np.concatenate([self.obj.random_effects(theta), y, np.ones(n)]))
        u = self.obj.random_effects(theta)
        idx = np.concatenate([np.arange(k), [0]]).astype(np.int64)
        r = np.empty(n)
        for i in range(n):
            idx[k] = k + i
            w = np.concatenate([u, y, (np.arange(n) <= i).astype(np.float64)])
            for _ in range(100):
                g = G.gradient(w)[idx]
                H = np.column_stack([G.hvp(w, _unit(w.size, j))[idx] for j in idx])
                step = np.linalg.solve(H, g)
                w[idx] -= step
                if np.max(np.abs(step)) <= 1e-12 * (1.0 + np.max(np.abs(w[idx]))):
                    break
            H = np.column_stack([G.hvp(w, _unit(w.size, j))[idx] for j in idx])
            var = np.linalg.inv(H)[-1, -1]
            r[i] = (y[i] - w[k + i]) / math.sqrt(var)
            u = w[:k]
        out, at = [], 0
        for v in ys:
            out.append(r[at:at + v.size].reshape(v.shape))
            at += v.size
        return out[0] if len(out) == 1 else out

    def one_step_cdf(self):
        """The one-step-ahead probabilities of every ``nt.OBS`` observation, in order (TMB's
        generic CDF method, with the random effects integrated out by Laplace approximations):
        ``(P(Y_i < y_i | y_1..y_i-1), P(Y_i <= y_i | y_1..y_i-1))`` as two flat arrays (the
        first is the second for a continuous density), and whether each is discrete.

        The model is recorded once more with three traced weight vectors over the
        observations (keep: the density's term; lower: log P(Y <= y); lower1: log P(Y <=
        y - 1)), so each probability is a ratio of two Laplace marginals at the fitted theta:
        P(Y_i <= y_i | y_<i) = exp(nll(keep = 1 before i) - nll(same, lower_i = 1)).

        >>> m = _example_fit()
        >>> p_lt, p_le, discrete, _ = m.one_step_cdf()
        >>> p_le.round(3), bool(discrete.all())
        (array([0.877, 0.393, 0.823, 0.614, 0.735, 0.557]), True)
        """
        obj = self.obj
        collect, ys, y = self._observations()
        n = y.size
        f = obj.arguments["f"]
        names = ("__keep__", "__lower__", "__lower1__")

        def weighted(params, *data):
            q = dict(params)
            weights = tuple(q.pop(k) for k in names)
            with observe.running(observe.Run("osa", None, weights=weights)):
                return f(q, *data)
        args = dict(obj.arguments)
        args.update(f=weighted, names=None,
                    parameters={**obj.parameters(self.par), **{k: np.zeros(n) for k in names}})
        wobj = ADFun(**args, data=obj.data)

        def nll(keep, lower, lower1):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return float(wobj.fn(np.concatenate([self.par, keep, lower, lower1])))
        discrete = self._discrete_observations(collect, ys)
        p_lt, p_le = np.zeros(n), np.zeros(n)
        zero = np.zeros(n)
        for i in range(n):
            keep = (np.arange(n) < i).astype(np.float64)
            base = nll(keep, zero, zero)
            e = np.zeros(n)
            e[i] = 1.0
            p_le[i] = math.exp(base - nll(keep, e, zero))
            if not discrete[i]:
                p_lt[i] = p_le[i]
            elif y[i] >= 1.0:
                p_lt[i] = math.exp(base - nll(keep, zero, e))
        return p_lt, p_le, discrete, ys

    def _osa_cdf(self, rng):
        """One-step-ahead residuals by the CDF method (``residuals``): Phi^-1 of P(Y_i <=
        y_i | y_<i), randomized between P(Y_i < y_i | ...) and it for counts."""
        p_lt, p_le, _, ys = self.one_step_cdf()
        u = p_lt + rng.uniform(size=p_le.size) * (p_le - p_lt)
        r = np.array([_ndtri(min(max(v, 1e-300), 1.0 - 1e-16)) for v in u])
        out, at = [], 0
        for v in ys:
            out.append(r[at:at + v.size].reshape(v.shape))
            at += v.size
        return out[0] if len(out) == 1 else out

    @staticmethod
    def _discrete_observations(run, ys):
        """Whether each observation's density is a pmf (from the residual run's record)."""
        flags = []
        for key, v in zip(run.order, ys):
            flags += [run.discrete.get(key, False)] * v.size
        return np.array(flags)

    def check_consistency(self, n=100, seed=None, par=None):
        """TMB's ``checkConsistency``: ``n`` data sets simulated at ``par`` (default the
        estimate), random effects drawn from their densities, and at each the gradient in the
        fixed parameters of the joint likelihood at the drawn random effects and of the
        (Laplace) marginal.  Both have mean zero when the simulation and the approximation
        are right: a ``Consistency`` with the p value of that hypothesis for each (a
        chi-square test on the mean score) and the marginal's implied bias of the estimates,
        -I^-1 mean(score) with I the scores' covariance.

        >>> import numpy as np
        >>> m = _example_fit()
        >>> c = m.check_consistency(n=30, seed=1)
        >>> bool(c.marginal[0] > 0.01), sorted(c.bias)
        (True, ['b[a]', 'b[x]'])
        """
        if self.obj.data is None:
            raise ValueError("check_consistency: make the model with MakeADFun(..., data=...) "
                             "so that simulated data sets can be recorded into it")
        p = self.par if par is None else np.asarray(par, dtype=np.float64).ravel()
        rng = np.random.default_rng(seed)
        joint, marginal = [], []
        k = self.obj.k
        for _ in range(n):
            data, params = simulate_data(self.obj, p, rng, random="sample", complete=True)
            o = self.obj.with_data(data)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                marginal.append(o.gr(p))
                if k:   # the drawn random effects at their places in z = (u, theta)
                    u = np.zeros(k)
                    for r in o.layout.random:
                        zi = o.layout.z_index(r)
                        u[zi[zi >= 0]] = np.ravel(params[r])[zi >= 0]
                    joint.append(np.ravel(o.joint.gradient(np.concatenate([u, p])))[k:])
        return Consistency(self.labels, p, np.array(joint) if k else None,
                           np.array(marginal))

    def __repr__(self):
        return self.summary().format()


class Consistency:
    """The result of ``Fit.check_consistency``: ``joint`` and ``marginal`` as (p value,
    bias) pairs; ``bias`` (the marginal's, labelled); ``print`` as TMB does."""

    def __init__(self, labels, par, joint, marginal):
        self.labels, self.par = labels, par
        self.scores = {"joint": joint, "marginal": marginal}
        self.joint = _score_test(joint)
        self.marginal = _score_test(marginal)

    @property
    def bias(self):
        return dict(zip(self.labels, self.marginal[1]))

    def __str__(self):
        pj = self.joint[0]
        lines = [f"simulation correct (joint score test): p = {pj:.4g}" if pj == pj else
                 "no random effects: the joint test does not apply"]
        lines.append(f"Laplace approximation (marginal score test): p = {self.marginal[0]:.4g}")
        lines.append("estimated bias of the estimates:")
        lines += [f"  {lab}: {b:.4g}" for lab, b in self.bias.items()]
        return "\n".join(lines)

    __repr__ = __str__


def _score_test(G):
    """(p value, bias) of scores G (n, p): q = n mu^T I^-1 mu against chi-square(p)."""
    import scipy.stats as ss
    if G is None or G.size == 0:
        return math.nan, np.full(0 if G is None else G.shape[1], math.nan)
    G = G[np.all(np.isfinite(G), axis=1)]
    n, npar = G.shape
    if n <= npar:
        raise ValueError(f"check_consistency: {n} finite simulations for {npar} parameters; "
                         "ask for more (n=)")
    mu = G.mean(axis=0)
    info = np.atleast_2d(np.cov(G.T))
    try:
        solved = np.linalg.solve(info, mu)
    except np.linalg.LinAlgError:
        return math.nan, np.full(npar, math.nan)
    q = float(n * mu @ solved)
    return float(ss.chi2.sf(q, npar)), -solved


def _example_fit():
    """The Poisson regression of the examples in ``Fit``'s docstrings."""
    d = {"x": np.array([-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]), "y": np.array([1, 0, 2, 2, 4, 5])}

    def nll(p, d):
        mu = np.exp(p["b"][0] + p["b"][1] * d["x"])
        adfun.ADREPORT("mu", mu)
        return -np.sum(distributions.poisson.logpmf(observe.OBS(d["y"]), mu))
    return fit(ADFun(nll, {"b": np.zeros(2)}, data=d, names={"b": ["a", "x"]}))


def _unit(n, j):
    e = np.zeros(n)
    e[j] = 1.0
    return e


def _ndtri(u):
    import scipy.special
    return float(scipy.special.ndtri(u))


def _evaluate(obj, params, run):
    """Run the model's code on plain numbers with ``run`` active."""
    f, data = obj.arguments["f"], obj.data
    with observe.running(run), np.errstate(all="ignore"):
        return f(params) if data is None else f(params, data)


def simulate_data(obj, par, rng, random="conditional", complete=False):
    """One data set from ``obj``'s model at ``par`` (``Fit.simulate``); with ``complete``,
    (data, the parameter dict it was drawn with: random effects drawn or at their modes)."""
    if random not in ("conditional", "sample"):
        raise ValueError(f"simulate: random must be 'conditional' or 'sample', got {random!r}")
    params = {k: np.array(v, dtype=np.float64) for k, v in obj.parameters(par).items()}
    pending = list(obj.layout.random) if random == "sample" else []
    while pending:   # one level of the hierarchy per pass: a density draws its random effect
        run = observe.Run("simulate", rng)
        given = dict(params)
        for r in pending:
            given[r] = observe.Observed(params[r], ("random", r))
        _evaluate(obj, given, run)
        drawn = [r for r in pending if ("random", r) in run.drawn]
        if not drawn:
            raise ValueError(f"simulate: no density was evaluated at the random effects "
                             f"{pending} (write their density with p[name] as its first "
                             "argument, e.g. norm.logpdf(p['u'], 0, sigma))")
        for r in drawn:
            params[r] = run.drawn[("random", r)].reshape(params[r].shape)
        pending = [r for r in pending if r not in drawn]
    run = observe.Run("simulate", rng)   # the observations, given every random effect
    _evaluate(obj, params, run)
    data = _put_back(obj.data, run)
    return (data, params) if complete else data


def _put_back(data, run):
    """The data with each OBS-marked array replaced by its draw."""
    drawn = [(run.sources[k], run.drawn[k]) for k in run.order if k in run.drawn]
    if not drawn:
        raise ValueError("simulate: the model marks no observation: wrap the data in "
                         "nt.OBS(y) where the likelihood uses it")

    def swap(v):
        for src, new in drawn:
            if v is src:
                return _like(src, new)
        if isinstance(v, dict):
            return {k: swap(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(swap(x) for x in v)
        return v
    if data is None:
        return [new for _, new in drawn]
    out = swap(data)
    if hasattr(data, "copy") and hasattr(data, "columns"):   # a DataFrame
        out = data.copy()
        for col in data.columns:
            for src, new in drawn:
                if np.shares_memory(np.asarray(data[col]), np.asarray(src)):
                    out[col] = _like(np.asarray(src), new)
    return out


def _like(src, new):
    """A draw shaped as its source, integer when the source was (counts stay counts)."""
    new = np.reshape(new, np.shape(src))
    dtype = getattr(src, "dtype", np.dtype(np.float64))
    return new.astype(dtype) if np.issubdtype(dtype, np.integer) else new


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


class Profile:
    """A profile likelihood (``Fit.profile``): ``values`` (the parameter or combination),
    ``nll`` (the objective with the rest re-optimized), ``deviance`` (2 (nll - min)),
    ``confint(level)``, ``to_dataframe()``, ``plot()`` (matplotlib)."""

    def __init__(self, fit, parm, level, steps, max_steps):
        import scipy.stats as ss
        self.fit, self.level = fit, level
        n = fit.par.size
        if isinstance(parm, str):
            idx = fit._indices(parm)
            if len(idx) != 1:
                raise ValueError(f"profile: {parm!r} has {len(idx)} elements; name one "
                                 f"(labels: {[fit.labels[i] for i in idx]})")
            c = np.zeros(n)
            c[idx[0]] = 1.0
            self.name = fit.labels[idx[0]]
        else:
            c = np.asarray(parm, dtype=np.float64).ravel()
            if c.size != n or not np.any(c):
                raise ValueError(f"profile: a linear combination needs {n} coefficients, not "
                                 "all zero")
            self.name = "lincomb"
        self.c = c
        # theta = t c / |c|^2 + B eta, B an orthonormal basis of c's complement
        Q, _ = np.linalg.qr(np.column_stack([c, np.eye(n)]))
        self._B = Q[:, 1:n]
        self._cc = c / (c @ c)
        t0 = float(c @ fit.par)
        se = math.sqrt(max(float(c @ fit.cov @ c), 0.0))
        h = steps or (se / 4.0 if np.isfinite(se) and se > 0 else 0.1 * max(1.0, abs(t0)))
        self._eta0 = self._B.T @ fit.par
        self._q = ss.chi2.ppf(level, 1)
        points = {t0: (fit.nll, self._eta0)}
        for direction in (-1.0, 1.0):
            eta, t = self._eta0, t0
            for _ in range(max_steps):
                t = t + direction * h
                value, eta = self._at(t, eta)
                points[t] = (value, eta)
                if not np.isfinite(value) or 2.0 * (value - fit.nll) > self._q + 1.0:
                    break
        ts = np.array(sorted(points))
        self.values = ts
        self.nll = np.array([points[t][0] for t in ts])
        self._etas = {t: points[t][1] for t in ts}
        self.deviance = 2.0 * (self.nll - fit.nll)

    def _theta(self, t, eta):
        return t * self._cc + self._B @ eta

    def _at(self, t, eta0):
        """The minimum over eta of fn(theta(t, eta)), warm-started at eta0: (value, eta)."""
        import scipy.optimize
        obj = self.fit.obj
        B = self._B
        if B.shape[1] == 0:
            return float(obj.fn(self._theta(t, eta0))), eta0

        def f(eta):
            return obj.fn(self._theta(t, eta))

        def g(eta):
            return B.T @ obj.gr(self._theta(t, eta))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            res = scipy.optimize.minimize(f, eta0, jac=g, method="BFGS",
                                          options={"gtol": 1e-8})
        return float(res.fun), res.x

    def confint(self, level=None):
        """(lower, upper): where the deviance crosses the chi-square(1) quantile, each refined
        by root finding on the re-optimized profile (NaN where the walk did not reach it)."""
        import scipy.optimize
        import scipy.stats as ss
        q = self._q if level is None else ss.chi2.ppf(level, 1)
        t0 = float(self.c @ self.fit.par)
        out = []
        for side in (-1, 1):
            ts = self.values[::-1] if side < 0 else self.values
            ts = ts[(ts <= t0) if side < 0 else (ts >= t0)]
            dev = [2.0 * (self.nll[np.searchsorted(self.values, t)] - self.fit.nll) for t in ts]
            cross = next((j for j in range(1, len(ts)) if dev[j] >= q), None)
            if cross is None:
                out.append(math.nan)
                continue
            a, b = ts[cross - 1], ts[cross]
            eta = self._etas[a]

            def excess(t, eta=eta):
                return 2.0 * (self._at(t, eta)[0] - self.fit.nll) - q
            out.append(float(scipy.optimize.brentq(excess, a, b, xtol=1e-10 * max(1, abs(a)))))
        return tuple(out)

    def to_dataframe(self):
        import pandas as pd
        return pd.DataFrame({self.name: self.values, "nll": self.nll,
                             "deviance": self.deviance})

    def plot(self, ax=None):
        """The profile deviance against the parameter, the interval's ends and the chi-square
        quantile marked (matplotlib, an optional dependency).  Returns the Axes."""
        import matplotlib.pyplot as plt
        ax = ax or plt.subplots(figsize=(5, 3.5))[1]
        ax.plot(self.values, self.deviance, "o-", ms=3)
        ax.axhline(self._q, color="grey", ls="--", lw=1)
        lo, hi = self.confint()
        for v in (lo, hi):
            if np.isfinite(v):
                ax.axvline(v, color="tab:red", ls=":", lw=1)
        ax.set_xlabel(self.name)
        ax.set_ylabel("profile deviance")
        ax.set_title(f"{100 * self.level:g}% interval: [{lo:.4g}, {hi:.4g}]")
        return ax


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
