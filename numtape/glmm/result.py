"""``GLMM``: a fitted ``nt.glmm`` model, read as glmmTMB reads it (``summary``, ``fixef``,
``ranef``, ``VarCorr``, ``predict``, ``simulate``, ``residuals``, ``confint``, ``anova``).

Everything the statistical layer gives (``nt.fit``'s ``Fit``: profiles, one-step-ahead
residuals, sdreport) stays reachable as ``m.fit``; the model's objective is ``m.obj``.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.special as sc

from numtape.glmm import formula as fm

NA = "NA"   # re_form=NA: population-level predictions (no random effects)


def _is_na(re_form):
    if isinstance(re_form, float) and math.isnan(re_form):
        return True
    if isinstance(re_form, str) and re_form.replace(" ", "") in ("NA", "~0"):
        return True
    return re_form is np.nan or (not isinstance(re_form, str) and re_form == 0)


def cs_rho(t, q):
    """The compound-symmetry correlation of glmmTMB from its parameter t (numbers or traced):
    expit(t) (1 + a) - a with a = 1 / (q - 1), in (-1/(q-1), 1)."""
    a = 1.0 / (q - 1.0)
    return sc.expit(t) * (1.0 + a) - a


def _corr_from_theta(t, q):
    """The correlation matrix of q effects from its q(q-1)/2
    parameters, glmmTMB's UNSTRUCTURED_CORR (unit lower-triangular L filled column by
    column)."""
    L, k = np.eye(q), 0
    for j in range(q):
        for i in range(j + 1, q):
            L[i, j] = t[k]
            k += 1
    S = L @ L.T
    d = 1.0 / np.sqrt(np.diag(S))
    return S * d[:, None] * d[None, :], L / np.sqrt(np.sum(L * L, axis=1))[:, None]


def _stars(p):
    return ("***" if p < 0.001 else "**" if p < 0.01 else "*" if p < 0.05 else
            "." if p < 0.1 else " ") if p == p else " "


def _fmt(v, digits=4):
    return "NaN" if v != v else f"{v:.{digits}g}"


class GLMM:
    """A fitted model of ``nt.glmm`` (module docstring).  Attributes: ``formula``,
    ``family``, ``fit`` (the statistical layer's ``Fit``), ``obj`` (the MakeADFun objective),
    ``nobs``, ``logLik``, ``AIC``, ``BIC``, ``deviance``, ``df``, ``df_resid``."""

    def __init__(self, formula, family, frame, parsed, fit, obj, X, xnames, xspec, terms, data,
                 offset_arg, weights_arg, data_name=None, zi=(None, [], None),
                 disp=(None, [], None), REML=False):
        self.formula, self.family, self.frame, self.parsed = formula, family, frame, parsed
        self.ziformula, self.zinames, self._zispec = zi
        self.dispformula, self.dispnames, self._dispspec = disp
        self.REML = REML
        self.fit, self.obj, self.X, self.xnames, self.xspec = fit, obj, X, xnames, xspec
        self.terms, self.data, self.data_name = terms, data, data_name
        self._offset_arg, self._weights_arg = offset_arg, weights_arg
        self.nobs = int(len(frame))
        self._ranef_sd = None
        self._reml_cov = None

    # ---- the likelihood's numbers ----------------------------------------------------------
    @property
    def logLik(self):
        return self.fit.logLik

    @property
    def df(self):
        """Parameters counted as glmmTMB counts them (REML: the fixed effects too)."""
        return self.fit.df + (len(self.xnames) if self.REML else 0)

    @property
    def AIC(self):
        return -2.0 * self.logLik + 2.0 * self.df

    @property
    def BIC(self):
        return -2.0 * self.logLik + math.log(self.nobs) * self.df

    @property
    def deviance(self):
        return -2.0 * self.logLik

    @property
    def df_resid(self):
        return self.nobs - self.df

    @property
    def converged(self):
        return self.fit.converged

    def _idx(self, name):
        return [i for i, n in enumerate(self.obj.names) if n == name]

    # ---- estimates -------------------------------------------------------------------------
    _COMPONENTS = {"cond": "beta", "zi": "betazi", "disp": "betadisp"}

    def _component(self, component):
        """(parameter name, R names) of a model component: ``"cond"`` (the conditional
        model's fixed effects), ``"zi"`` (the zero-inflation model's), ``"disp"`` (the
        dispersion model's: glmmTMB's betadisp, on its scale)."""
        if component not in self._COMPONENTS:
            raise ValueError(f"component must be one of {list(self._COMPONENTS)}, got "
                             f"{component!r}")
        name = self._COMPONENTS[component]
        names = {"cond": self.xnames, "zi": self.zinames,
                 "disp": self.dispnames or (["(Intercept)"] if self.family.dispersion else [])}
        return name, list(names[component])

    def fixef(self, component="cond"):
        """The fixed effects of a component (``"cond"``, ``"zi"``, ``"disp"``): a pandas
        Series indexed by R's names.  With REML the conditional model's are the mode of the
        integrand in them (they are integrated out with the random effects)."""
        import pandas as pd
        name, names = self._component(component)
        if self.REML and component == "cond":
            return pd.Series(self.fit.parameters()["beta"], index=names, name="Estimate")
        return pd.Series(self.fit.par[self._idx(name)], index=names, name="Estimate")

    def _cov(self, component):
        name, _ = self._component(component)
        if self.REML and component == "cond":
            if self._reml_cov is None:   # (computed once)
                # as glmmTMB and lme4: the beta block of the inverse Hessian of the joint
                # likelihood in (beta, b) at the variance parameters' estimate: solves with
                # the inner Hessian's factorization there (the inner problem's own)
                P = self.obj.problem
                i = [j for j, n in enumerate(self.obj.random_names) if n == "beta"]
                E = np.zeros((P.k, len(i)))
                E[i, np.arange(len(i))] = 1.0
                cov = P.factor(self.obj.z(self.fit.par)).solve(E)[i]
                self._reml_cov = 0.5 * (cov + cov.T)
            return self._reml_cov
        i = self._idx(name)
        return self.fit.cov[np.ix_(i, i)]

    def vcov(self, component="cond"):
        """The covariance matrix of a component's fixed effects (a DataFrame)."""
        import pandas as pd
        _, names = self._component(component)
        return pd.DataFrame(self._cov(component), index=names, columns=names)

    def sigma(self):
        """The ``sigma()`` of glmmTMB (families.py's table: the residual SD for gaussian, the
        dispersion alpha for nbinom1, theta for nbinom2, the CV for Gamma, the precision phi
        for beta); 1 for families without dispersion.  With a dispersion model it varies by
        observation: ValueError."""
        if not self.family.dispersion:
            return 1.0
        if self.dispformula is not None:
            raise ValueError("sigma: the dispersion varies by observation (dispformula "
                             f"~{self.dispformula}); see fixef('disp')")
        return float(self.family.sigma(self.fit.par[self._idx("betadisp")[0]]))

    def family_params(self):
        """The family's extra parameters on their own scale (glmmTMB's ``family_params()``;
        tweedie: ``Tweedie power``, 1 + expit(psi)); empty for the other families."""
        import pandas as pd
        if not self.family.has_power:
            return pd.Series([], dtype=np.float64)
        power = float(self.family.power(self.fit.par[self._idx("psi")[0]]))
        return pd.Series([power], index=["Tweedie power"])

    def _theta(self):
        return self.fit.par[self._idx("theta")]

    def _covariances(self):
        """Per term: (sd vector, correlation matrix, factor A with b_g = A u_g)."""
        theta, at, out = self._theta(), 0, []
        for term in self.terms:
            q = term.q
            if term.bar.cov == "ou":
                c = term.spec[1]
                sd = np.full(q, math.exp(theta[at]))
                C = np.exp(-math.exp(theta[at + 1]) * np.abs(c[:, None] - c[None, :]))
                out.append((sd, C, sd[:, None] * np.linalg.cholesky(C)))
                at += len(term.theta_labels)
                continue
            if term.bar.cov == "ar1":
                t = theta[at + 1]
                rho = t / math.sqrt(1.0 + t * t)
                sd = np.full(q, math.exp(theta[at]))
                k = np.arange(q)
                C = rho ** np.abs(k[:, None] - k[None, :])
                out.append((sd, C, sd[:, None] * np.linalg.cholesky(C)))
                at += len(term.theta_labels)
                continue
            sd = np.exp(theta[at:at + q])
            if term.bar.cov == "cs" and q > 1:
                rho = float(cs_rho(theta[at + q], q))
                C = np.full((q, q), rho)
                np.fill_diagonal(C, 1.0)
                out.append((sd, C, sd[:, None] * np.linalg.cholesky(C)))
                at += len(term.theta_labels)
                continue
            if term.bar.cov == "us" and q > 1:
                C, Ln = _corr_from_theta(theta[at + q:at + q + q * (q - 1) // 2], q)
                A = sd[:, None] * Ln
            else:
                C, A = np.eye(q), np.diag(sd)
            out.append((sd, C, A))
            at += len(term.theta_labels)
        return out

    def VarCorr(self):
        """The random effects' standard deviations and correlations, per term (printed as
        glmmTMB prints them)."""
        return VarCorr(self)

    def ranef(self, condVar=False):
        """Conditional modes of the random effects: a dict group -> DataFrame (levels x
        effects).  With ``condVar=True`` a long DataFrame (``as.data.frame(ranef(m))``):
        grpvar, term, grp, condval, condsd, the conditional SDs by sdreport's generalized
        delta method (the fixed parameters' uncertainty included, as glmmTMB's)."""
        import pandas as pd
        u = self.fit.parameters()["u"] if self.terms else np.zeros(0)
        out, at = {}, 0
        for term, (_, _, A) in zip(self.terms, self._covariances()):
            ng, q = len(term.levels), term.q
            b = u[at:at + ng * q].reshape(ng, q) @ A.T
            key = term.bar.group
            while key in out:
                key += "."
            out[key] = pd.DataFrame(b, index=pd.Index(term.levels, name=term.bar.group),
                                    columns=term.columns)
            at += ng * q
        if not condVar:
            return out
        sd = self._condsd()
        rows, at = [], 0
        for frame, term in zip(out.values(), self.terms):
            for g, lev in enumerate(term.levels):
                for i, c in enumerate(term.columns):
                    rows.append(dict(component="cond", grpvar=term.bar.group, term=c, grp=lev,
                                     condval=float(frame.iloc[g, i]),
                                     condsd=float(sd[at + g * term.q + i])))
            at += len(term.levels) * term.q
        return pd.DataFrame(rows)

    def _condsd(self):
        if self._ranef_sd is None:
            pr = self.fit.predict(dict(self.data, want="ranef"))
            self._ranef_sd = np.asarray(pr["b_se"])
        return self._ranef_sd

    # ---- predictions -----------------------------------------------------------------------
    def _terms_used(self, re_form):
        """Which random-effect terms a prediction includes: all (``re_form=None``), none
        (``NA``, ``"~0"``) or those a formula lists (``"~ (1 | site)"``, lme4's ``re.form``)."""
        if re_form is None:
            return [True] * len(self.terms)
        if _is_na(re_form):
            return [False] * len(self.terms)
        if not isinstance(re_form, str):
            raise TypeError(f"predict: re_form must be None, NA or a formula string such as "
                            f"'~ (1 | g)', got {re_form!r}")
        bars = fm.parse("y__ " + " ".join(re_form.split())).bars \
            if re_form.strip().startswith("~") else None
        if not bars:
            raise ValueError(f"predict: re_form {re_form!r} lists no random-effect terms "
                             "(write '~ (1 | g)', or NA for none)")
        have = [str(t.bar) for t in self.terms]
        unknown = [str(b) for b in bars if str(b) not in have]
        if unknown:
            raise ValueError(f"predict: re_form terms {unknown} are not in the model (its "
                             f"terms: {have})")
        return [h in {str(b) for b in bars} for h in have]

    def _new(self, newdata, used):
        """The prediction part of the data: X, offset, Z and level codes on ``newdata``; the
        terms not ``used`` get code -1 (no effect) on every row."""
        re = any(used)
        if newdata is None:
            codes = [t["codes"] if u else np.full_like(t["codes"], -1)
                     for t, u in zip(self.data["terms"], used)]
            return dict(X=self.X, offset=self.data["offset"],
                        Z=[t["Z"] for t in self.data["terms"]], codes=codes, re=re,
                        Xzi=self.data["Xzi"])
        frame = fm.as_frame(newdata)
        X, _, _ = fm.design(None, frame, spec=self.xspec)
        Xzi = None if self._zispec is None else fm.design(None, frame, spec=self._zispec)[0]
        off = np.zeros(len(frame))
        for expr in self.parsed.offsets:
            off = off + fm.evaluate(expr, frame)
        if isinstance(self._offset_arg, str):
            off = off + fm.evaluate(self._offset_arg, frame)
        elif self._offset_arg is not None:
            raise ValueError("predict: the model's offset= was an array; give the offset as a "
                             "column name (offset='t') or an offset() term to predict on "
                             "newdata")
        Z, codes = [], []
        if re:
            for term, u in zip(self.terms, used):
                Zt = (fm.coordinates(term.bar.expr, frame, term.spec[1])[0]
                      if term.bar.cov == "ou" else fm.design(None, frame, spec=term.spec)[0])
                c, _ = fm.grouping(term.bar.group, frame, levels=term.levels)
                Z.append(Zt)
                codes.append(c if u else np.full_like(c, -1))
        return dict(X=X, offset=off, Z=Z, codes=codes, re=re, Xzi=Xzi)

    def predict(self, newdata=None, re_form=None, type="link", se=False):
        """Predictions on the link (``type="link"``) or response scale, on the fitted data or
        ``newdata``; ``re_form=None`` uses the fitted random effects (a level the fit has not
        seen gets none: population level), ``re_form=NA`` none, a formula ``"~ (1 | g)"``
        those of the terms it lists (lme4's ``re.form``).  With ``se=True`` a
        DataFrame with ``fit`` and ``se_fit`` (sdreport's generalized delta method, random
        effects' uncertainty included, as glmmTMB's ``se.fit``); else an array."""
        if type not in ("link", "response"):
            raise ValueError(f"predict: type must be 'link' or 'response', got {type!r}")
        new = self._new(newdata, self._terms_used(re_form))
        by_model = se or (type == "response" and (self.ziformula is not None
                                                  or self.family.truncated))
        if not by_model:      # (a zero model's mean is computed by the model's own code)
            eta = new["offset"] + new["X"] @ self.fixef().to_numpy()
            if new["re"]:
                for (Z, c), frame in zip(zip(new["Z"], new["codes"]), self.ranef().values()):
                    b = frame.to_numpy()[np.maximum(c, 0)] * (c >= 0)[:, None]
                    eta = eta + np.sum(Z * b, axis=1)
            return eta if type == "link" else self.family.inverse_link(eta)
        import pandas as pd
        if self.family.truncated and self.dispformula is not None and type == "response":
            raise NotImplementedError("predict: the response-scale mean of a truncated family "
                                      "with a dispersion model")
        pr = self.fit.predict(dict(self.data, want=dict(new, type=type)))
        out = pd.DataFrame({"fit": pr["pred"], "se_fit": pr["pred_se"]})
        return out if se else out["fit"].to_numpy()

    def fitted(self):
        """The fitted means (response scale, random effects at their modes)."""
        return self.predict(type="response")

    def _one_distribution(self, what):
        """Zero-inflated and truncated models simulate and give quantile residuals for count
        families only (observe.simulate_or_explain_counts); osa residuals of such mixtures are
        not supported."""
        if self.ziformula is None and not self.family.truncated:
            return
        if self.family.response != "counts" or "osa" in what:
            raise NotImplementedError(f"{what} of a zero-inflated or truncated (hurdle) "
                                      f"{self.family.name} model is not supported yet")

    def _response(self):
        """The response as glmmTMB's residuals see it (binomial: the proportion)."""
        y = self.data["y"]
        return y / self.data["size"] if self.family.name == "binomial" else y

    def _dispersion(self):
        """The dispersion as glmmTMB's ``predict(type = "disp")`` gives it: sigma() per
        observation with a dispersion model, else the one sigma()."""
        if self.dispformula is None or not self.family.dispersion:
            return self.sigma()
        return self.family.sigma(self.data["Xd"] @ self.fit.par[self._idx("betadisp")])

    def _pearson_variance(self):
        """Var(y) of ``residuals(type="pearson")``, as glmmTMB 1.1 computes it: the family's
        variance at the conditional mean m (glmmTMB's ``predict(type = "conditional")``; for
        a truncated family the truncated distribution's mean), with the dispersion per
        observation; with a zero model (zero-inflation probability p)
        V (1 - p) + m^2 p (1 - p).  For a truncated family glmmTMB evaluates the truncated
        variance function at that mean rather than at the untruncated mean mu, and so does
        this (its numbers, not the exact variance of the hurdle distribution).  Unlike glmmTMB
        (NA), a gaussian or Gamma model with a dispersion model gets its per-observation
        variance."""
        mu = self.family.inverse_link(self.predict(type="link"))
        sigma = self._dispersion()
        m = self.family.mean(mu, sigma)
        power = self.family_params().get("Tweedie power")
        v = self.family.variance(m, sigma, self.data["size"], power)
        if self.ziformula is not None:
            p = sc.expit(self.data["Xzi"] @ self.fit.par[self._idx("betazi")])
            v = v * (1.0 - p) + m ** 2 * p * (1.0 - p)
        return v

    def residuals(self, type="response", seed=None, method="fullGaussian"):
        """Residuals: ``"response"`` (y - E(y); binomial: the proportion), ``"pearson"`` ((y -
        E(y)) / sqrt(Var(y)), glmmTMB's, zero models included: ``_pearson_variance``), and
        from the model's own code (``Fit.residuals``): ``"quantile"`` (randomized quantile
        residuals given the random effects: DHARMa's conditional ones) and ``"osa"``
        (one-step-ahead, ``method=`` as ``Fit.residuals``)."""
        if type in ("quantile", "osa"):
            self._one_distribution(f"residuals(type={type!r})")
            return self.fit.residuals(type, seed=seed, method=method)
        if type not in ("response", "pearson"):
            raise ValueError(f"residuals: type must be 'response', 'pearson', 'quantile' or "
                             f"'osa', got {type!r}")
        r = self._response() - self.fitted()
        if type == "response":
            return r
        w = self.data["weights"]
        r = r / np.sqrt(self._pearson_variance())
        return r if w is None else r * np.sqrt(w)

    def simulate(self, nsim=1, seed=None, random="sample"):
        """``nsim`` responses drawn from the fitted model by its own likelihood code
        (``Fit.simulate``): new random effects drawn from their distribution
        (``random="sample"``, glmmTMB's default) or kept at their modes
        (``"conditional"``).  A DataFrame with columns sim_1 .. sim_nsim (binomial: the
        successes)."""
        import pandas as pd
        self._one_distribution("simulate")
        sets = self.fit.simulate(n=nsim, seed=seed, random=random if self.terms else
                                 "conditional")
        return pd.DataFrame({f"sim_{i + 1}": s["y"] for i, s in enumerate(sets)})

    # ---- intervals and tests ---------------------------------------------------------------
    def confint(self, parm=None, level=0.95, method="wald"):
        """Intervals of the fixed effects, the random effects' standard deviations, sigma and
        tweedie's power (``Tweedie power``, from psi's interval):
        Wald (on the log scale for SDs and sigma, as glmmTMB) or ``method="profile"`` (the
        likelihood profile of each, ``Fit.profile``).  A DataFrame (lower, upper,
        Estimate), indexed by glmmTMB's names (``(Intercept)``, ``Std.Dev.(Intercept)|site``,
        ``sigma``); ``parm`` a list of those names (default all)."""
        import pandas as pd
        rows = []
        for i, lab in enumerate(self.fit.labels):
            name = self.obj.names[i]
            inner = lab[lab.index("[") + 1:-1] if "[" in lab else lab
            if name == "beta":
                rows.append((inner, lab, False))
            elif name == "theta" and inner.startswith("log_sd("):
                rows.append((f"Std.Dev.{inner[len('log_sd('):-1]}", lab, True))
            elif name == "betazi":
                rows.append((f"zi~{inner}", lab, False))
            elif name == "betadisp" and self.dispformula is not None:
                rows.append((f"disp~{inner}", lab, False))
            elif name == "betadisp":
                rows.append(("sigma", lab, "sigma"))
            elif name == "psi":
                rows.append(("Tweedie power", lab, "power"))
        if parm is not None:
            parm = [parm] if isinstance(parm, str) else list(parm)
            unknown = [p for p in parm if p not in [r[0] for r in rows]
                       and not (self.REML and p in self.xnames)]
            if unknown:
                raise KeyError(f"confint: no parameter {unknown} (names: "
                               f"{[r[0] for r in rows]})")
            rows = [r for r in rows if r[0] in parm]
        table = self.fit.confint([r[1] for r in rows], level=level, method=method)
        out = []
        if self.REML and (parm is None or set(parm) & set(self.xnames)):
            if method != "wald":
                raise NotImplementedError("confint: profile intervals of REML fixed effects "
                                          "(integrated out) are not supported; method='wald'")
            q = sc.ndtri(0.5 + level / 2.0)
            est, se = self.fixef().to_numpy(), np.sqrt(np.diag(self._cov("cond")))
            out += [(n, e - q * s_, e + q * s_, e) for n, e, s_ in zip(self.xnames, est, se)
                    if parm is None or n in parm]
        for (name, lab, log), (_, lo, hi) in zip(rows, table.rows):
            est = self.fit.par[self.fit.labels.index(lab)]
            f = (lambda v: float(self.family.sigma(v))) if log == "sigma" else \
                (lambda v: float(self.family.power(v))) if log == "power" else \
                math.exp if log else float
            lo, hi = sorted((f(lo), f(hi)))   # (Gamma's sigma decreases in betadisp)
            out.append((name, lo, hi, f(est)))
        cols = list(table.columns) + ["Estimate"]
        return pd.DataFrame([r[1:] for r in out], index=[r[0] for r in out], columns=cols)

    def anova(self, *others):
        """Likelihood-ratio tests against nested models (``anova(m1, m2)``)."""
        return anova(self, *others)

    # ---- tables ----------------------------------------------------------------------------
    def coef_table(self, component="cond"):
        """A component's fixed-effects table (``"cond"``, ``"zi"``, ``"disp"``): Estimate,
        Std. Error, z value, Pr(>|z|) (DataFrame)."""
        import pandas as pd
        _, names = self._component(component)
        est = self.fixef(component).to_numpy()
        se = np.sqrt(np.diag(self._cov(component)))
        z = est / se
        return pd.DataFrame({"Estimate": est, "Std. Error": se, "z value": z,
                             "Pr(>|z|)": sc.erfc(np.abs(z) / math.sqrt(2.0))}, index=names)

    def summary(self):
        """The model summarized as glmmTMB's ``summary()`` prints it (a ``Summary``)."""
        return Summary(self)

    def to_dataframe(self):
        """A tidy table (broom.mixed's ``tidy``): the fixed effects with std.error,
        statistic and p.value, then the random-effect SDs and correlations and sigma."""
        import pandas as pd
        rows = []
        for term, r in self.coef_table().iterrows():
            rows.append(dict(effect="fixed", group=None, term=term, estimate=r.iloc[0],
                             std_error=r.iloc[1], statistic=r.iloc[2], p_value=r.iloc[3]))
        for term, (sd, C, _) in zip(self.terms, self._covariances()):
            for c, s in zip(term.columns, sd):
                rows.append(dict(effect="ran_pars", group=term.bar.group, term=f"sd__{c}",
                                 estimate=float(s)))
            for j in range(term.q):
                for i in range(j + 1, term.q):
                    if term.bar.cov == "us":
                        rows.append(dict(effect="ran_pars", group=term.bar.group,
                                         term=f"cor__{term.columns[j]}.{term.columns[i]}",
                                         estimate=float(C[i, j])))
        if self.family.dispersion and self.dispformula is None:
            rows.append(dict(effect="ran_pars" if self.family.name == "gaussian" else
                             "disp", group="Residual" if self.family.name == "gaussian" else
                             None, term="sd__Observation" if self.family.name == "gaussian"
                             else "sigma", estimate=self.sigma()))
        return pd.DataFrame(rows, columns=["effect", "group", "term", "estimate", "std_error",
                                           "statistic", "p_value"])

    def __repr__(self):
        return (f"<nt.glmm {self.family.name}: {self.formula}; logLik {self.logLik:.4f}, "
                f"{self.df} parameters, {self.nobs} observations>")


class VarCorr:
    """Standard deviations and correlations of the random effects (``GLMM.VarCorr``):
    ``terms`` a list of (group, effect names, SD vector, correlation matrix), ``sigma``
    (gaussian's residual SD, else None); ``to_dataframe()``; printed as glmmTMB prints it."""

    def __init__(self, m):
        self.terms = [(t.bar.group, list(t.columns), sd, C, t.bar.cov)
                      for t, (sd, C, _) in zip(m.terms, m._covariances())]
        self.sigma = m.sigma() if m.family.name == "gaussian" and m.dispformula is None \
            else None

    def to_dataframe(self):
        """As R's ``as.data.frame(VarCorr(m))``: grp, var1, var2, vcov, sdcor."""
        import pandas as pd
        rows = []
        for g, cols, sd, C, _ in self.terms:
            for c, s in zip(cols, sd):
                rows.append(dict(grp=g, var1=c, var2=None, vcov=s * s, sdcor=s))
            for j in range(len(cols)):
                for i in range(j + 1, len(cols)):
                    rows.append(dict(grp=g, var1=cols[j], var2=cols[i],
                                     vcov=C[i, j] * sd[i] * sd[j], sdcor=C[i, j]))
        if self.sigma is not None:
            rows.append(dict(grp="Residual", var1=None, var2=None, vcov=self.sigma ** 2,
                             sdcor=self.sigma))
        return pd.DataFrame(rows)

    def lines(self, variance=True):
        head = ["Groups", "Name"] + (["Variance"] if variance else []) + ["Std.Dev."]
        rows, corr = [], False
        for g, cols, sd, C, cov in self.terms:
            for i, (c, s) in enumerate(zip(cols, sd)):
                r = [g if i == 0 else "", c] + ([_fmt(s * s)] if variance else []) + [_fmt(s)]
                cor = [f"{C[i, j]:.2f}" for j in range(i)] if cov == "us" else []
                if cov == "ar1" and len(cols) > 1:
                    cor = [f"{C[1, 0]:.2f} (ar1)"] if i == 0 else []
                if cov == "cs" and len(cols) > 1:
                    cor = [f"{C[1, 0]:.2f} (cs)"] if i == 0 else []
                if cov == "ou" and len(cols) > 1:
                    cor = [f"{C[1, 0]:.2f} (ou)"] if i == 0 else []
                if cov == "diag" and len(cols) > 1:
                    cor = ["(diag)"] if i == 0 else []
                corr = corr or bool(cor)
                rows.append(r + cor)
        if self.sigma is not None:
            rows.append(["Residual", ""] + ([_fmt(self.sigma ** 2)] if variance else [])
                        + [_fmt(self.sigma)])
        if corr:
            head.append("Corr")
        ncol = max(len(r) for r in rows + [head])
        rows = [r + [""] * (ncol - len(r)) for r in [head] + rows]
        width = [max(len(r[k]) for r in rows) for k in range(ncol)]
        return [" " + " ".join(v.ljust(width[k]) for k, v in enumerate(r)).rstrip()
                for r in rows]

    def __str__(self):
        return "\n".join(["Conditional model:"] + self.lines(variance=False))

    __repr__ = __str__


class Summary:
    """glmmTMB's ``summary()`` of a ``GLMM`` (``str`` / ``print``)."""

    def __init__(self, m):
        self.m = m

    def __str__(self):
        m, fam = self.m, self.m.family
        out = [f" Family: {fam.name}  ( {fam.link} )", f"Formula:          {m.formula}"]
        if m.data_name:
            out.append(f"Data: {m.data_name}")
        out.append("")
        head = ["AIC", "BIC", "logLik", "deviance", "df.resid"]
        vals = [f"{m.AIC:.1f}", f"{m.BIC:.1f}", f"{m.logLik:.1f}", f"{m.deviance:.1f}",
                f"{m.df_resid}"]
        w = [max(len(h), len(v)) + 2 for h, v in zip(head, vals)]
        out += ["".join(h.rjust(k) for h, k in zip(head, w)),
                "".join(v.rjust(k) for v, k in zip(vals, w)), ""]
        if m.terms:
            vc = m.VarCorr()
            out += ["Random effects:", "", "Conditional model:"] + vc.lines()
            groups = ", ".join(f"{t.bar.group}, {len(t.levels)}" for t in m.terms)
            out.append(f"Number of obs: {m.nobs}, groups:  {groups}")
            out.append("")
        if m.dispformula is None and fam.dispersion:
            if fam.name in ("gaussian", "Gamma"):
                out += [f"Dispersion estimate for {fam.name} family (sigma^2): "
                        f"{_fmt(m.sigma() ** 2, 3)}", ""]
            else:
                out += [f"Dispersion parameter for {fam.name} family (): "
                        f"{_fmt(m.sigma(), 3)}", ""]
        for component, title in (("cond", "Conditional model:"),
                                 ("zi", "Zero-inflation model:"),
                                 ("disp", "Dispersion model:")):
            if component == "zi" and m.ziformula is None or \
                    component == "disp" and m.dispformula is None:
                continue
            out += self._table(component, title) + [""]
        out.pop()
        if not m.converged:
            out.append(f"Warning: not converged (max |gradient| {m.fit.max_gradient:.3g}; "
                       f"{m.fit.message})")
        return "\n".join(out)

    def _table(self, component, title):
        out = [title]
        t = self.m.coef_table(component)
        cells = [["", "Estimate", "Std. Error", "z value", "Pr(>|z|)", ""]]
        for name, r in t.iterrows():
            p = r.iloc[3]
            cells.append([name, f"{r.iloc[0]:.6g}", f"{r.iloc[1]:.6g}", f"{r.iloc[2]:.3f}",
                          "< 2e-16" if p < 2e-16 else f"{p:.3g}", _stars(p)])
        width = [max(len(c[k]) for c in cells) for k in range(6)]
        for c in cells:
            out.append(c[0].ljust(width[0]) + " " + " ".join(
                v.rjust(width[k + 1]) for k, v in enumerate(c[1:5])) + " " + c[5])
        out.append("---")
        out.append("Signif. codes:  0 '***' 0.001 '**' 0.01 '*' 0.05 '.' 0.1 ' ' 1")
        return out

    __repr__ = __str__


def anova(*models):
    """Likelihood-ratio tests of nested models fitted to the same data, ordered by their
    number of parameters (R's ``anova(m1, m2)``): a DataFrame with Df, AIC, BIC, logLik,
    deviance, Chisq, Chi Df, Pr(>Chisq)."""
    import pandas as pd
    if len(models) < 2:
        raise ValueError("anova: give two or more models")
    nobs = {m.nobs for m in models}
    if len(nobs) != 1:
        raise ValueError(f"anova: the models were fitted to different numbers of "
                         f"observations ({sorted(nobs)})")
    models = sorted(models, key=lambda m: m.df)
    rows, prev = [], None
    for m in models:
        r = dict(Df=m.df, AIC=m.AIC, BIC=m.BIC, logLik=m.logLik, deviance=m.deviance,
                 Chisq=math.nan, **{"Chi Df": math.nan, "Pr(>Chisq)": math.nan})
        if prev is not None:
            chisq = max(2.0 * (m.logLik - prev.logLik), 0.0)
            ddf = m.df - prev.df
            r.update(Chisq=chisq, **{"Chi Df": ddf,
                                     "Pr(>Chisq)": float(sc.chdtrc(ddf, chisq)) if ddf > 0
                                     else math.nan})
        rows.append(r)
        prev = m
    return pd.DataFrame(rows, index=[m.formula + f" [{m.family.name}]" for m in models])
