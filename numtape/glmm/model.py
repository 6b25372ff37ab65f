"""``nt.glmm``: generalized linear mixed models from an lme4/glmmTMB formula.

The model is written once as a numtape likelihood (``_nll``) and fitted by the statistical
layer: ``MakeADFun(_nll, ..., random="u", data=...)`` with the response under ``nt.OBS``, then
``nt.fit``.  Parameters, as glmmTMB names them:

* ``beta``: the fixed effects (labels as R prints them: ``beta[(Intercept)]``,
  ``beta[minedyes]``);
* ``theta``: per random-effect term, the log standard deviations of its effects, then (for
  ``us``) the q(q-1)/2 parameters of the correlations: glmmTMB's ``UNSTRUCTURED_CORR``, a
  unit lower-triangular L filled column by column, the correlation matrix
  D^-1/2 L L^T D^-1/2 with D = diag(L L^T) (for q = 2: rho = t / sqrt(1 + t^2)).  ``ar1``:
  one log SD and one t, rho = t / sqrt(1 + t^2), the correlation of effects i and j
  rho^|i - j| in the order of the factor's levels; ``cs``: q log SDs and one t,
  rho = expit(t) (1 + a) - a with a = 1 / (q - 1); ``ou``: one log SD and the log of the
  decay rate phi, correlation exp(-phi |c_i - c_j|) between the column's sorted values;
* ``betazi``: the zero-inflation model's coefficients (logit of a structural zero);
* ``betadisp``: the dispersion parameter on glmmTMB's scale (numtape/glmm/families.py's table:
  log sd^2 for gaussian, log theta for nbinom2, log shape for Gamma...), one value or the
  dispersion model's coefficients;
* ``psi``: tweedie's power parameter, power = 1 + expit(psi) (glmmTMB's);
* ``u``: the random effects, standardized: u ~ N(0, I), and the effects of group level g of
  a term are b_g = A u_g with A A^T their covariance (A = diag(sd) diag(1/|L_i|) L).  The
  Laplace approximation is invariant under this linear change of variables, so the
  log-likelihood is glmmTMB's, which integrates over b.
"""
from __future__ import annotations

import dataclasses
import math
import warnings

import numpy as np
import scipy.special as sc

from numtape.glmm import formula as fm
from numtape.glmm.families import family as get_family
from numtape.glmm.result import GLMM, NA, cs_rho  # noqa: F401  (NA: re_form=NA)
from numtape.stats import distributions as D
from numtape.stats.adfun import ADREPORT, REPORT, MakeADFun
from numtape.stats.fit import fit as nt_fit
from numtape.stats import observe
from numtape.stats.observe import OBS
from numtape.tape import blas

# ---- the likelihood: one function of (parameters, data) ------------------------------------
def _effects(p, t):
    """The columns of b for term ``t``: a list of q arrays over its levels (traced)."""
    q, ng = t["q"], t["ng"]
    u = p["u"][t["u_at"]:t["u_at"] + ng * q].reshape(ng, q)
    theta = p["theta"]
    if t["cov"] == "ar1":    # b_i = rho b_(i-1) + sd sqrt(1 - rho^2) u_i: corr rho^|i - j|
        sd, r = np.exp(theta[t["theta_at"]]), theta[t["theta_at"] + 1]
        rho = r / np.sqrt(1.0 + r * r)
        c = sd * np.sqrt(1.0 - rho * rho)
        cols = [sd * u[:, 0]]
        for i in range(1, q):
            cols.append(rho * cols[-1] + c * u[:, i])
        return cols
    if t["cov"] == "ou":     # ar1 with rho_i = exp(-phi (c_i - c_(i-1))) between sorted coords
        sd, phi = np.exp(theta[t["theta_at"]]), np.exp(theta[t["theta_at"] + 1])
        cols = [sd * u[:, 0]]
        for i, gap in enumerate(np.diff(t["coords"]), start=1):
            rho = np.exp(-phi * gap)
            cols.append(rho * cols[-1] + sd * np.sqrt(1.0 - rho * rho) * u[:, i])
        return cols
    sd = [np.exp(theta[t["theta_at"] + i]) for i in range(q)]
    if t["cov"] == "cs" and q > 1:
        return [s * col for s, col in zip(sd, _cs_columns(u, theta[t["theta_at"] + q], q))]
    if t["cov"] != "us" or q == 1:
        return [sd[i] * u[:, i] for i in range(q)]
    L, k = [[None] * q for _ in range(q)], t["theta_at"] + q
    for j in range(q):                      # column by column (glmmTMB's UNSTRUCTURED_CORR)
        for i in range(j + 1, q):
            L[i][j] = theta[k]
            k += 1
    cols = []
    for i in range(q):
        row = u[:, i]
        norm2 = 1.0
        for j in range(i):
            row = row + L[i][j] * u[:, j]
            norm2 = norm2 + L[i][j] ** 2
        cols.append(sd[i] / np.sqrt(norm2) * row)
    return cols


def _cs_columns(u, t, q):
    """The columns of L u, L the Cholesky factor of the compound-symmetry correlation matrix
    (1 on the diagonal, rho elsewhere).  Column k of L below the diagonal is one value o_k
    (all rows alike by symmetry): with s_k = sum_{j<k} o_j^2, L_kk = sqrt(1 - s_k) and
    o_k = (rho - s_k) / L_kk."""
    rho = cs_rho(t, q)
    s, acc, cols = 0.0, 0.0, []
    for k in range(q):
        d = np.sqrt(1.0 - s)
        cols.append(acc + d * u[:, k])
        o = (rho - s) / d
        acc = acc + o * u[:, k]
        s = s + o * o
    return cols


def _linear_predictor(p, X, offset, terms, effects, codes=None, zs=None):
    eta = offset + (X @ p["beta"] if X.shape[1] else 0.0)
    for n, (t, cols) in enumerate(zip(terms, effects)):
        idx = t["codes"] if codes is None else codes[n]
        Z = t["Z"] if zs is None else zs[n]
        for i, col in enumerate(cols):
            eta = eta + Z[:, i] * col[idx]
    return eta


def _nll(p, d):
    fam = get_family(d["family"], d["link"])
    terms = d["terms"]
    effects = [_effects(p, t) for t in terms]
    eta = _linear_predictor(p, d["X"], d["offset"], terms, effects)
    betadisp = None
    if fam.dispersion:
        betadisp = d["Xd"] @ p["betadisp"] if d["Xd"] is not None else p["betadisp"]
    REPORT("eta", eta)
    REPORT("mu", fam.inverse_link(eta))
    y = d["y"]
    mixed = d["Xzi"] is not None or fam.truncated   # a mixture: simulated and explained here
    etazi = d["Xzi"] @ p["betazi"] if d["Xzi"] is not None else None
    if mixed:
        y_obs = OBS(y)
        if type(y_obs) is observe.Observed:      # Fit.simulate / residuals, on numbers
            name, params = fam.scipy_counts(fam.inverse_link(eta), betadisp)
            observe.simulate_or_explain_counts(
                name, y_obs, params, 0.0 if etazi is None else sc.expit(etazi),
                fam.truncated)
            y = np.asarray(y_obs)
    terms_ll = fam.loglik(y if mixed else OBS(y), d["size"], eta, betadisp, p.get("psi"))
    if d["Xzi"] is not None:
        log_p, log_1mp = sc.log_expit(etazi), sc.log_expit(-etazi)
        zero = y == 0
        if fam.truncated:        # hurdle: zeros from the zero model only
            terms_ll = np.where(zero, log_p, log_1mp + terms_ll)
        else:
            terms_ll = np.where(zero, np.logaddexp(log_p, log_1mp + terms_ll),
                                log_1mp + terms_ll)
    if d["weights"] is not None:
        terms_ll = d["weights"] * terms_ll
    nll = -np.sum(terms_ll)
    if terms:
        nll = nll - np.sum(D.norm.logpdf(p["u"], 0.0, 1.0))
    want = d.get("want")
    if want == "ranef":
        ADREPORT("b", np.concatenate([np.stack(cols, axis=1).reshape(-1) for cols in effects]))
    elif want is not None:                   # prediction on new data
        new = want
        if new["re"]:
            codes = [np.maximum(c, 0) for c in new["codes"]]
            zs = [Z * (c >= 0)[:, None] for Z, c in zip(new["Z"], new["codes"])]
            e = _linear_predictor(p, new["X"], new["offset"], terms, effects, codes, zs)
        else:
            e = _linear_predictor(p, new["X"], new["offset"], [], [])
        if new["type"] == "link":
            ADREPORT("pred", e)
        else:                                # the mean of the response
            m = fam.inverse_link(e)
            if fam.truncated:
                m = fam.mean(m, np.exp(p["betadisp"]) if fam.dispersion else None)
            if d["Xzi"] is not None:
                m = m * sc.expit(-(new["Xzi"] @ p["betazi"]))
            ADREPORT("pred", m)
    return nll


# ---- building the model from a formula ------------------------------------------------------
@dataclasses.dataclass
class Term:
    """One random-effect term of a fitted model: its bar, effect names and group levels."""

    bar: fm.Bar
    columns: list        # effect names as R prints them
    levels: list         # group levels
    spec: object         # formulaic's spec of the left side (prediction)
    theta_labels: list

    @property
    def q(self):
        return len(self.columns)


def _vector(v, what, frame):
    """``offset=`` / ``weights=``: an array, or a column name or expression of the data."""
    if v is None:
        return None
    if isinstance(v, str):
        return fm.evaluate(v, frame)
    a = np.asarray(v, dtype=np.float64).ravel()
    if a.size == 1:
        return np.full(len(frame), float(a[0]))
    if a.size != len(frame):
        raise ValueError(f"glmm: {what} has {a.size} values; the data has {len(frame)} rows")
    return a


def glmm(formula, data, family="gaussian", weights=None, offset=None, REML=False,
         ziformula=None, dispformula=None, start=None, method=None, data_name=None, link=None):
    """Fit a generalized linear mixed model from an lme4/glmmTMB formula (glmmTMB for
    Python): the model is a numtape likelihood with the random effects integrated out by the
    Laplace approximation (``nt.MakeADFun(..., random="u")``), fitted by ``nt.fit``.

    Parameters
    ----------
    formula : str
        ``response ~ fixed terms + (effects | group) + ...``: fixed terms as formulaic/R read
        them (treatment contrasts, ``a:b``, ``a*b``, ``0 +``); random-effect terms ``(1 | g)``,
        ``(x | g)`` (correlated: glmmTMB's ``us``), ``diag(x | g)`` or ``(x || g)``
        (independent), ``ar1(times + 0 | g)`` (AR(1) correlation over the factor's
        levels), ``cs(times + 0 | g)`` (compound symmetry: an SD per level, one
        correlation), ``ou(t + 0 | g)`` (Ornstein-Uhlenbeck over a numeric column t),
        ``(0 + x | g)``, ``(1 | g1/g2)`` (nested), crossed terms; ``offset(expr)``.
        The response may be ``cbind(successes, failures)`` (binomial).
    data : pandas.DataFrame or dict of arrays
        Factors are string or categorical columns (a categorical keeps its level order, R's
        ``factor`` levels; strings sort).
    family : str
        glmmTMB's names and parameterizations (numtape/glmm/families.py has the table):
        ``"gaussian"`` (identity), ``"poisson"`` (log), ``"binomial"`` (logit; 0/1, cbind(),
        or proportions with ``weights=`` the sizes), ``"nbinom1"`` (log; Var = mu (1 +
        alpha)), ``"nbinom2"`` (log; Var = mu + mu^2 / theta), ``"Gamma"`` (log),
        ``"beta_family"`` (logit; responses in (0, 1)), ``"truncated_poisson"`` and
        ``"truncated_nbinom2"`` (zero-truncated counts; with ``ziformula`` a hurdle model),
        ``"tweedie"`` (log; non-negative responses with an atom at 0, Var = phi mu^power,
        the power 1 < power < 2 estimated: ``family_params()``).
    link : str, optional
        The link instead of the family's default: ``"identity"``, ``"log"``, ``"logit"``,
        ``"probit"``, ``"cloglog"``, ``"inverse"`` (glmmTMB's ``binomial(link = "probit")``
        is ``family="binomial", link="probit"``).
    weights, offset : array, column name or expression, optional
        Prior weights (binomial: the sizes of proportion responses; else multiplying each
        log-likelihood term), and an offset on the link scale (added to ``offset()`` terms).
    REML : bool
        Gaussian models: restricted maximum likelihood, the fixed effects integrated out
        with the random effects (as glmmTMB; exact for a Gaussian model).  ``logLik`` is
        then the REML criterion, ``fixef`` the fixed effects' conditional modes and their
        covariance the (beta, b) block of the joint likelihood's inverse Hessian (lme4's and
        glmmTMB's standard errors).
    ziformula : str, optional
        A zero-inflation model, ``"~ 1"`` or ``"~ x + f"`` (fixed terms): the probability of
        a structural zero, logit link (parameters ``betazi``; ``fixef("zi")``).  With a
        truncated family, a hurdle model.
    dispformula : str, optional
        A model of the dispersion parameter, ``"~ x"`` (fixed terms), on glmmTMB's scale of
        ``betadisp`` (log sd^2 for gaussian, log theta for nbinom2, ...; ``fixef("disp")``).

    Zero-inflated and truncated models fit, print, predict (``type="response"``: the mean
    including the zero model) and give intervals; for the count families they simulate and
    give quantile residuals (the mixture's own draws and CDF); their ``pearson`` and ``osa``
    residuals are not supported yet (NotImplementedError).  Covariance structures beyond
    ``us``, ``diag``, ``ar1``, ``cs`` and ``ou`` (``toep``, ``rr``, ...), random effects in
    ``ziformula``/``dispformula`` and the betabinomial, genpois, compois and
    truncated_nbinom1 families are refused by name.

    Returns
    -------
    GLMM

    Examples
    --------
    >>> import numpy as np, numtape as nt
    >>> rng = np.random.default_rng(2)
    >>> g = np.repeat(np.arange(10), 6)                  # 10 groups of 6
    >>> x = rng.normal(size=60)
    >>> y = rng.poisson(np.exp(0.5 + 0.3 * x + rng.normal(0, 0.7, 10)[g]))
    >>> m = nt.glmm("y ~ x + (1 | g)", {"y": y, "x": x, "g": g}, family="poisson")
    >>> m.fixef().round(3).to_dict()
    {'(Intercept)': 0.371, 'x': 0.325}
    >>> round(m.logLik, 3), m.df, m.VarCorr().to_dataframe().sdcor.round(3).tolist()
    (-102.468, 3, [0.529])
    >>> print(m.summary())                                 # doctest: +ELLIPSIS
     Family: poisson  ( log )
    Formula:          y ~ x + (1 | g)
    ...
     g      (Intercept) 0.2802   0.5293
    Number of obs: 60, groups:  g, 10
    ...
    """
    fam = get_family(family, link)
    zi_rhs = None if ziformula is None else fm.one_sided(ziformula, "ziformula")
    if zi_rhs is not None and zi_rhs.replace(" ", "") in ("0", "-1", "0+0"):
        zi_rhs = None
    disp_rhs = None if dispformula is None else fm.one_sided(dispformula, "dispformula")
    if disp_rhs is not None and disp_rhs.replace(" ", "") == "1":
        disp_rhs = None
    if disp_rhs is not None and not fam.dispersion:
        raise ValueError(f"glmm: family {fam.name!r} has no dispersion parameter: "
                         "dispformula does not apply")
    if fam.has_power and zi_rhs is not None:
        raise NotImplementedError("glmm: a zero-inflated tweedie model is not supported (its "
                                  "atom at zero already models the zeros)")
    if REML and fam.name != "gaussian":
        raise ValueError("glmm: REML applies to gaussian models only (as in glmmTMB)")
    if REML and (zi_rhs is not None or disp_rhs is not None):
        raise NotImplementedError("glmm: REML with a zero-inflation or dispersion model is "
                                  "not supported")
    frame = fm.as_frame(data)
    parsed = fm.parse(formula)
    y, size = fm.response(parsed.response, frame)
    n = len(frame)
    w = _vector(weights, "weights", frame)
    off = np.zeros(n)
    for expr in parsed.offsets:
        off = off + fm.evaluate(expr, frame)
    off_arg = _vector(offset, "offset", frame)
    if off_arg is not None:
        off = off + off_arg
    if not np.all(np.isfinite(y)):
        raise ValueError(f"glmm: the response {parsed.response!r} has missing or non-finite "
                         "values: drop those rows first")
    if not np.all(np.isfinite(off)):
        raise ValueError("glmm: the offset has missing or non-finite values")
    # binomial: successes k of size n
    if fam.name == "binomial":
        if size is None:
            size = np.ones(n) if w is None else w
            if np.any((y < 0) | (y > 1)):
                raise ValueError("glmm: a binomial response must be 0/1, a proportion (with "
                                 "weights= the sizes) or cbind(successes, failures)")
            k = y * size
            if np.any(np.abs(k - np.round(k)) > 1e-8 * np.maximum(size, 1)):
                raise ValueError("glmm: proportion * weights is not a whole number of "
                                 "successes: give weights= the binomial sizes")
            y, w = np.round(k), None
        elif w is not None:
            raise ValueError("glmm: weights= with a cbind() response: the sizes come from "
                             "cbind")
        if np.any(size != np.round(size)) or np.any(size < 0):
            raise ValueError("glmm: binomial sizes must be whole numbers")
        size = np.round(size).astype(np.int64)   # integers: SciPy's binom draws them
    elif size is not None:
        raise ValueError(f"glmm: cbind() response with family {fam.name!r} (binomial only)")
    else:
        if fam.response == "counts" and np.any((y < 0) | (y != np.round(y))):
            raise ValueError(f"glmm: family {fam.name!r} needs non-negative whole counts")
        if fam.truncated and zi_rhs is None and np.any(y == 0):
            raise ValueError(f"glmm: family {fam.name!r} (zero-truncated) needs positive "
                             "counts; with zeros, add ziformula= (a hurdle model)")
        if fam.response == "positive" and np.any(y <= 0):
            raise ValueError(f"glmm: family {fam.name!r} needs a positive response")
        if fam.response == "nonnegative" and np.any(y < 0):
            raise ValueError(f"glmm: family {fam.name!r} needs a non-negative response")
        if fam.response == "unit" and np.any((y <= 0) | (y >= 1)):
            raise ValueError(f"glmm: family {fam.name!r} needs a response strictly between "
                             "0 and 1")
    designs = {}   # a right-hand side met twice (a zero model's "~ spp * mined" as the
                   # conditional one's, "1" of several bars) is built once

    def design(rhs):
        key = " ".join(rhs.split())
        if key not in designs:
            designs[key] = fm.design(rhs, frame)
        M, names, spec = designs[key]
        return M, list(names), spec
    X, xnames, xspec = design(parsed.fixed)
    terms, tdata, u_labels, theta_labels, u_at, th_at = [], [], [], [], 0, 0
    for bar in parsed.bars:
        if bar.cov == "ou":   # a numeric column as glmmTMB's numFactor: its values' coordinates
            Z, cols, coords = fm.coordinates(bar.expr, frame)
            zspec = ("coordinates", coords)
        else:
            Z, cols, zspec = design(bar.expr)
            coords = None
        if not cols:
            raise fm.FormulaError(f"glmm: the random-effect term {bar} has no effects")
        codes, levels = fm.grouping(bar.group, frame)
        q, ng = len(cols), len(levels)
        tl = [f"log_sd({c}|{bar.group})" for c in cols]
        if bar.cov == "ar1":     # one SD, one correlation (glmmTMB's ar1: rho = t/sqrt(1+t^2))
            tl = [f"log_sd({cols[0]}|{bar.group})", f"ar1({bar.group})"]
        if bar.cov == "cs" and q > 1:   # q SDs, one correlation (cs_rho)
            tl += [f"cs({bar.group})"]
        if bar.cov == "ou":      # one SD, one log decay rate: corr exp(-e^t |c_i - c_j|)
            tl = [f"log_sd({cols[0]}|{bar.group})", f"ou({bar.group})"]
        if bar.cov == "us":
            tl += [f"corr({cols[i]},{cols[j]}|{bar.group})" for j in range(q)
                   for i in range(j + 1, q)]
        terms.append(Term(bar, cols, levels, zspec, tl))
        tdata.append(dict(Z=Z, codes=codes, q=q, ng=ng, u_at=u_at, theta_at=th_at,
                          coords=coords, cov=bar.cov))
        u_labels += [f"{bar.group}:{lev}:{c}" for lev in levels for c in cols]
        theta_labels += tl
        u_at += q * ng
        th_at += len(tl)
    Xzi, zinames, zispec = design(zi_rhs) if zi_rhs is not None else (None, [], None)
    Xd, dnames, dspec = design(disp_rhs) if disp_rhs is not None else (None, [], None)
    d = dict(family=fam.name, link=fam.link, X=X, offset=off, y=y, size=size, weights=w,
             terms=tdata, Xzi=Xzi, Xd=Xd)
    # starting values: least squares on the link scale; glmmTMB's zeros elsewhere
    z = fam.start(y / size if fam.name == "binomial" else y, size) - off
    with blas.one_thread(X.shape[1]):   # a small least-squares problem: one BLAS thread
        beta0 = np.linalg.lstsq(X, z, rcond=None)[0] if X.shape[1] else np.zeros(0)
    resid_sd = float(np.std(z - X @ beta0)) if n > 1 else 1.0
    params = {"beta": beta0}
    scale0 = math.log(max(resid_sd, 1e-3)) if fam.name == "gaussian" else 0.0
    params["theta"] = np.array([scale0 if lab.startswith("log_sd") else 0.0
                                for lab in theta_labels])
    names = {"beta": xnames, "theta": theta_labels}
    if Xzi is not None:
        params["betazi"] = np.zeros(Xzi.shape[1])
        names["betazi"] = zinames
    if fam.dispersion:           # betadisp: log sd^2 for gaussian (module docstring)
        d0 = 0.0
        if fam.name == "gaussian":    # the residual SD on the response scale
            mu0 = fam.inverse_link(X @ beta0 + off) if X.shape[1] else fam.inverse_link(off)
            d0 = 2.0 * math.log(max(float(np.std(y - mu0)) if n > 1 else 1.0, 1e-3))
        if Xd is not None:
            with blas.one_thread(Xd.shape[1]):
                params["betadisp"] = np.linalg.lstsq(Xd, np.full(n, d0), rcond=None)[0]
            names["betadisp"] = dnames
        else:
            params["betadisp"] = np.float64(d0)
    if fam.has_power:            # glmmTMB's start: psi = 0, the power 1.5
        params["psi"] = np.float64(0.0)
    if terms:
        params["u"] = np.zeros(u_at)
        names["u"] = u_labels
    if start:
        for k_, v in start.items():
            params[k_] = np.asarray(v, dtype=np.float64).reshape(np.shape(params[k_]))
    random = (["u"] if terms else []) + (["beta"] if REML else [])
    obj = MakeADFun(_nll, params, random=random or None, data=d, names=names)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        fitted = nt_fit(obj, method=method, nobs=n)
    return GLMM(formula=parsed.formula, family=fam, frame=frame, parsed=parsed, fit=fitted,
                obj=obj, X=X, xnames=xnames, xspec=xspec, terms=terms, data=d,
                offset_arg=offset, weights_arg=weights, data_name=data_name,
                zi=(zi_rhs, zinames, zispec), disp=(disp_rhs, dnames, dspec), REML=REML)
