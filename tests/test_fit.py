"""From a fitted model to a paper's tables (issue 21): names, nt.fit's summary against
statsmodels' GLM numbers, Wald and profile intervals (checked by constrained refits), prediction
with delta-method SEs, simulation and residuals from the model's own code (nt.OBS), TMB's
checkConsistency and the epsilon-method bias correction, the bootstrap's convergence rule."""
import math
import warnings

import numpy as np
import pytest
import scipy.optimize as so
import scipy.stats as ss

import numtape as nt

D = nt.distributions


# ---- a Poisson GLM, with statsmodels' numbers -------------------------------------------------
def glm_data():
    rng = np.random.default_rng(42)
    n = 200
    x = rng.normal(size=n)
    trt = (rng.uniform(size=n) < 0.5).astype(float)
    X = np.column_stack([np.ones(n), x, trt])
    y = rng.poisson(np.exp(0.3 + 0.5 * x - 0.4 * trt))
    return {"X": X, "y": y}


def glm_nll(p, d):
    eta = d["X"] @ p["beta"]
    nt.ADREPORT("mu", np.exp(eta))
    return -np.sum(D.poisson.logpmf(nt.OBS(d["y"]), np.exp(eta)))


# statsmodels 0.15.0: sm.GLM(y, X, family=sm.families.Poisson()).fit() on glm_data()
SM_PARAMS = [0.18085088931565244, 0.5602940270155512, -0.3737032273652427]
SM_BSE = [0.09320572618634498, 0.06964549644310306, 0.137930426885895]
SM_Z = [1.9403409716917996, 8.044942683024507, -2.709360333339607]
SM_P = [5.2338265179207914e-02, 8.6285798405293802e-16, 6.7413081223426331e-03]
SM_LLF, SM_AIC, SM_BIC = -269.8874063618375, 545.774812723675, 555.6697648233192
SM_CI = [[-0.00182897716248553, 0.3635307557937904], [0.42379136230165676, 0.6967966917294457],
         [-0.644041896433832, -0.10336455829665336]]
LABELS = ["beta[(Intercept)]", "beta[x]", "beta[trt]"]


@pytest.fixture(scope="module")
def glm():
    obj = nt.MakeADFun(glm_nll, {"beta": np.zeros(3)}, data=glm_data(),
                       names={"beta": ["(Intercept)", "x", "trt"]})
    return nt.fit(obj, nobs=200)


def test_summary_equals_statsmodels_glm(glm):
    assert glm.converged and glm.pd_hess and glm.max_gradient < 1e-8
    assert glm.labels == LABELS
    np.testing.assert_allclose(glm.par, SM_PARAMS, rtol=1e-9)
    df = glm.summary().to_dataframe()
    assert list(df.index) == LABELS
    np.testing.assert_allclose(df["Std. Error"], SM_BSE, rtol=1e-7)
    np.testing.assert_allclose(df["z value"], SM_Z, rtol=1e-7)
    np.testing.assert_allclose(df["Pr(>|z|)"], SM_P, rtol=1e-6)
    assert glm.logLik == pytest.approx(SM_LLF, rel=1e-12)
    assert glm.AIC == pytest.approx(SM_AIC, rel=1e-12)
    assert glm.BIC == pytest.approx(SM_BIC, rel=1e-12)
    assert glm.df == 3 and glm.nobs == 200
    text = str(glm.summary())
    assert "beta[x]" in text and "Pr(>|z|)" in text and "AIC" in text and "converged: True" \
        in text


def test_wald_intervals_equal_statsmodels(glm):
    ci = glm.confint().to_dataframe()
    assert list(ci.columns) == ["2.5 %", "97.5 %"]
    np.testing.assert_allclose(ci.values, SM_CI, rtol=1e-7)
    one = glm.confint("beta[trt]", level=0.9).to_dataframe()
    q = ss.norm.ppf(0.95)
    assert one.loc["beta[trt]", "5 %"] == pytest.approx(SM_PARAMS[2] - q * SM_BSE[2], rel=1e-7)


def _constrained_min(obj, c, t, x0):
    """Min fn subject to c @ x = t, by SciPy's SLSQP (an independent path)."""
    res = so.minimize(obj.fn, x0, jac=obj.gr, method="SLSQP",
                      constraints=[{"type": "eq", "fun": lambda x: c @ x - t, "jac": lambda x: c}],
                      options={"ftol": 1e-14, "maxiter": 500})
    return res.fun


@pytest.mark.parametrize("parm", ["beta[trt]", "beta[x]", "lincomb"])
def test_profile_interval_ends_are_where_the_constrained_deviance_is_the_quantile(glm, parm):
    """The profile interval's ends, refit by SLSQP with the parameter (or the combination)
    held there: the deviance is chi2(1).ppf(0.95) to 1e-6."""
    c = np.array([0.0, 1.0, 1.0]) if parm == "lincomb" else \
        np.eye(3)[glm.labels.index(parm)]
    prof = glm.profile(c if parm == "lincomb" else parm)
    lo, hi = prof.confint()
    q = ss.chi2.ppf(0.95, 1)
    for t in (lo, hi):
        dev = 2.0 * (_constrained_min(glm.obj, c, t, glm.par) - glm.nll)
        assert dev == pytest.approx(q, abs=1e-6)
    t0 = c @ glm.par
    assert lo < t0 < hi
    assert np.all(np.diff(prof.values) > 0) and prof.deviance.min() == pytest.approx(0, abs=1e-9)
    df = prof.to_dataframe()
    assert list(df.columns) == [prof.name, "nll", "deviance"]


def test_profile_confint_differs_from_wald_where_the_likelihood_is_skewed(glm):
    prof = glm.confint(method="profile").to_dataframe()
    wald = glm.confint().to_dataframe()
    assert np.all(np.abs(prof.values - wald.values) < 0.02)
    assert not np.allclose(prof.values, wald.values, rtol=1e-4)


def test_predict_on_new_data_has_delta_method_standard_errors(glm):
    X_new = np.array([[1.0, 0.5, 1.0], [1.0, -1.0, 0.0]])
    pr = glm.predict({"X": X_new, "y": np.zeros(2)})
    b, V = glm.par, glm.cov
    mu = np.exp(X_new @ b)
    np.testing.assert_allclose(pr["mu"], mu, rtol=1e-12)
    se = mu * np.sqrt(np.einsum("ij,jk,ik->i", X_new, V, X_new))
    np.testing.assert_allclose(pr["mu_se"], se, rtol=1e-10)
    own = glm.predict()
    rep = nt.sdreport(glm.obj, glm.par)
    np.testing.assert_allclose(own["mu_se"], rep.sd("mu"), rtol=1e-12)


def test_simulate_draws_the_observations_from_the_fitted_model(glm):
    d = glm_data()
    sims = glm.simulate(n=200, seed=7)
    assert len(sims) == 200 and sims[0]["y"].dtype == d["y"].dtype
    assert sims[0]["X"] is d["X"] or np.array_equal(sims[0]["X"], d["X"])
    Y = np.array([s["y"] for s in sims])
    mu = np.exp(d["X"] @ glm.par)
    # the mean over 200 draws of each count is within 5 standard errors of its fitted mean
    assert np.all(np.abs(Y.mean(axis=0) - mu) < 5 * np.sqrt(mu / 200) + 1e-9)
    again = glm.simulate(n=3, seed=7)
    assert all(np.array_equal(a["y"], b["y"]) for a, b in zip(again, sims[:3]))


def test_residuals_quantile_and_pearson(glm):
    d = glm_data()
    mu = np.exp(d["X"] @ glm.par)
    np.testing.assert_allclose(glm.residuals("pearson"), (d["y"] - mu) / np.sqrt(mu),
                               rtol=1e-12)
    r = glm.residuals(seed=3)
    assert r.shape == (200,) and ss.kstest(r, "norm").pvalue > 0.01
    # a count's randomized quantile residual lies between Phi^-1 of P(Y < y) and P(Y <= y)
    lo = ss.norm.ppf(ss.poisson.cdf(d["y"] - 1, mu))
    hi = ss.norm.ppf(ss.poisson.cdf(d["y"], mu))
    assert np.all((r >= lo - 1e-12) & (r <= hi + 1e-12))


def test_a_model_without_obs_says_how_to_mark_its_observations():
    y = np.array([1.0, 2.0])
    obj = nt.MakeADFun(lambda p, y: -np.sum(D.poisson.logpmf(y, np.exp(p["a"]))), {"a": 0.0},
                       data=y)
    m = nt.fit(obj)
    with pytest.raises(ValueError, match=r"nt.OBS\(y\)"):
        m.simulate()
    with pytest.raises(ValueError, match=r"nt.OBS\(y\)"):
        m.residuals()


# ---- labels -----------------------------------------------------------------------------------
def test_element_labels_default_given_and_from_pandas():
    pd = pytest.importorskip("pandas")
    start = {"beta": pd.Series([0.0, 0.0], index=["(Intercept)", "x"]), "s": 1.0,
             "M": np.zeros((2, 2)), "u": np.zeros(2)}
    obj = nt.MakeADFun(lambda p: np.sum(p["beta"] ** 2) + p["s"] ** 2 + np.sum(p["M"] ** 2)
                       + np.sum(p["u"] ** 2), start, random="u", map={"M": [1, 1, None, 2]})
    assert obj.labels == ["beta[(Intercept)]", "beta[x]", "s", "M[0,0]", "M[1,1]"]
    assert obj.random_labels == ["u[0]", "u[1]"]
    other = nt.MakeADFun(lambda p: np.sum(p["beta"] ** 2), {"beta": np.zeros(2)},
                         names={"beta": pd.Index(["a", "b"])})
    assert other.labels == ["beta[a]", "beta[b]"]
    with pytest.raises(ValueError, match="3 labels for parameter 'beta'"):
        nt.MakeADFun(lambda p: np.sum(p["beta"] ** 2), {"beta": np.zeros(2)},
                     names={"beta": ["a", "b", "c"]})
    with pytest.raises(ValueError, match="repeat"):
        nt.MakeADFun(lambda p: np.sum(p["beta"] ** 2), {"beta": np.zeros(2)},
                     names={"beta": ["a", "a"]})


def test_bounds_by_parameter_name_and_by_label():
    y = np.array([0.2, 0.4, 0.3])

    def nll(p):
        return -np.sum(D.norm.logpdf(y, p["m"][0] + p["m"][1], np.exp(p["logsd"])))
    obj = nt.MakeADFun(nll, {"m": np.zeros(2), "logsd": 0.0}, names={"m": ["a", "b"]})
    m = nt.fit(obj, lower={"m[a]": 0.5}, upper={"logsd": -0.5})
    assert m.par[0] >= 0.5 - 1e-12 and m.par[2] <= -0.5 + 1e-12
    assert m.par[0] + m.par[1] == pytest.approx(y.mean(), abs=1e-6)
    with pytest.raises(KeyError, match="neither a parameter"):
        nt.fit(obj, lower={"nope": 0.0})


# ---- a GLMM: natural-scale summary, random-effect simulation, consistency, bias correction --
def glmm_data(groups=30, per=10, seed=1):
    rng = np.random.default_rng(seed)
    g = np.repeat(np.arange(groups), per)
    x = rng.standard_normal(g.size)
    y = rng.poisson(np.exp(0.5 - 0.8 * x + rng.normal(0.0, 0.6, groups)[g]))
    return {"y": y, "x": x, "g": g}


def glmm_nll(p, d):
    eta = p["b"][0] + p["b"][1] * d["x"] + p["u"][d["g"]]
    return (-np.sum(D.poisson.logpmf(nt.OBS(d["y"]), np.exp(eta)))
            - np.sum(D.norm.logpdf(p["u"], 0.0, np.exp(p["logsigma"]))))


@pytest.fixture(scope="module")
def glmm():
    obj = nt.MakeADFun(glmm_nll, {"b": np.zeros(2), "logsigma": 0.0, "u": np.zeros(30)},
                       random="u", data=glmm_data())
    return nt.fit(obj, nobs=300, natural={"sigma": lambda p: np.exp(p["logsigma"])})


def test_natural_scale_rows_by_the_delta_method(glmm):
    df = glmm.summary().to_dataframe()
    i = glmm.labels.index("logsigma")
    assert df.loc["sigma", "Estimate"] == pytest.approx(math.exp(glmm.par[i]), rel=1e-12)
    assert df.loc["sigma", "Std. Error"] == pytest.approx(
        math.exp(glmm.par[i]) * glmm.se[i], rel=1e-10)
    assert "derived (delta method)" in str(glmm.summary())


def test_simulating_random_effects_draws_them_from_their_density(glmm):
    """random="sample": u ~ N(0, sigma^2) first, then y | u; the group means of log(y + 0.5)
    spread more than with u held at its (shrunken) modes."""
    sigma = math.exp(glmm.par[2])
    spread = {}
    for mode in ("conditional", "sample"):
        sims = glmm.simulate(n=40, seed=5, random=mode)
        means = np.array([[np.log(s["y"][s["g"] == j] + 0.5).mean() for j in range(30)]
                          for s in sims])
        spread[mode] = np.std(means - means.mean(axis=1, keepdims=True), axis=0).mean()
    assert spread["sample"] > spread["conditional"] + 0.2 * sigma


def test_check_consistency_accepts_the_right_model(glmm):
    c = glmm.check_consistency(n=60, seed=1)
    assert 0.01 < c.joint[0] <= 1 and 0.01 < c.marginal[0] <= 1
    assert set(c.bias) == set(glmm.labels) and max(abs(b) for b in c.bias.values()) < 0.1
    assert "simulation correct" in str(c)


def test_score_test_rejects_scores_with_a_nonzero_mean():
    from numtape.stats.consistency import _score_test
    rng = np.random.default_rng(0)
    G = rng.standard_normal((200, 2))
    assert _score_test(G)[0] > 0.01
    assert _score_test(G + np.array([0.5, 0.0]))[0] < 1e-6


def test_epsilon_bias_correction_of_a_nonlinear_adreport():
    """U | y is Gaussian (m, v); phi = exp(u).  The epsilon method's estimate is
    e^m (1 + v / 2) (TMB's, to first order in v), above phi at the mode, e^m."""
    y = np.array([0.3, 1.1, -0.4, 0.8])

    def nll(p, y):
        u = p["u"][0]
        nt.ADREPORT("eu", np.exp(u))
        return -np.sum(D.norm.logpdf(y, u, 1.0)) - D.norm.logpdf(u, p["mu"], 2.0)
    obj = nt.MakeADFun(nll, {"mu": 0.0, "u": np.zeros(1)}, random="u", data=y)
    rep = nt.sdreport(obj, [0.5], bias_correct=True)
    H = y.size + 0.25
    m, v = (y.sum() + 0.5 / 4) / H, 1.0 / H
    assert rep.value("eu")[()] == pytest.approx(math.exp(m), rel=1e-10)
    assert rep.bias_corrected("eu")[()] == pytest.approx(math.exp(m) * (1 + v / 2), rel=1e-9)
    with pytest.raises(ValueError, match="bias_correct=True"):
        nt.sdreport(obj, [0.5]).bias_corrected("eu")


# ---- the bootstrap: the model simulates itself; convergence judged by the gradient ----------
def test_bootstrap_without_a_simulator_uses_the_models_own_code(glm):
    boot = nt.bootstrap(glm.obj, None, 8, seed=2, progress=False, par=glm.par)
    assert boot.failed == 0 and boot.estimates.shape == (8, 3)
    assert boot.labels == LABELS
    assert np.all(np.abs(boot.estimates - glm.par) < 6 * glm.se)


def test_a_precision_loss_at_a_minimum_counts_as_converged(glm):
    from numtape.stats.fit import converged
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = so.minimize(glm.obj.fn, glm.par + 1e-9, jac=glm.obj.gr, method="BFGS",
                          options={"gtol": 1e-300})
    assert not res.success and "precision" in res.message
    assert converged(glm.obj, res.x)
    assert not converged(glm.obj, glm.par + 0.1)


def test_one_step_ahead_residuals_of_a_gaussian_model_equal_the_closed_form():
    """TMB's fullGaussian OSA residuals: with y ~ N(mu 1, sde^2 I + sdu^2 Z Z^T) = N(m, L L^T)
    in closed form, they are L^-1 (y - m); a Poisson model is refused by name."""
    import scipy.linalg as sl
    rng = np.random.default_rng(3)
    G, per = 6, 4
    g = np.repeat(np.arange(G), per)
    y = 1.0 + rng.normal(0, 0.7, G)[g] + rng.normal(0, 0.5, g.size)

    def nll(p, d):
        return (-np.sum(D.norm.logpdf(nt.OBS(d["y"]), p["mu"] + p["u"][d["g"]],
                                      np.exp(p["logsde"])))
                - np.sum(D.norm.logpdf(p["u"], 0.0, np.exp(p["logsdu"]))))
    m = nt.fit(nt.MakeADFun(nll, {"mu": 0.0, "logsdu": 0.0, "logsde": 0.0, "u": np.zeros(G)},
                            random="u", data={"y": y, "g": g}))
    mu, sdu, sde = m.par[0], math.exp(m.par[1]), math.exp(m.par[2])
    Z = np.eye(G)[g]
    L = np.linalg.cholesky(sde ** 2 * np.eye(g.size) + sdu ** 2 * Z @ Z.T)
    closed = sl.solve_triangular(L, y - mu, lower=True)
    np.testing.assert_allclose(m.residuals("osa"), closed, rtol=1e-10, atol=1e-12)
    # oneStepGaussian (y_i a random effect, Newton over (u, y_i)): exact on a Gaussian model
    np.testing.assert_allclose(m.residuals("osa", method="oneStepGaussian"), closed,
                               rtol=1e-9, atol=1e-11)

    def pois(p, d):
        return (-np.sum(D.poisson.logpmf(nt.OBS(d["y"]), np.exp(p["mu"] + p["u"][d["g"]])))
                - np.sum(D.norm.logpdf(p["u"], 0.0, 1.0)))
    m2 = nt.fit(nt.MakeADFun(pois, {"mu": 0.0, "u": np.zeros(G)}, random="u",
                             data={"y": rng.poisson(2.0, g.size), "g": g}))
    with pytest.raises(ValueError, match="fullGaussian.*type='quantile'"):
        m2.residuals("osa")


def test_one_step_cdf_method_matches_quadrature_of_the_predictive_distribution():
    """TMB's generic CDF method: P(Y_i <= y_i | y_<i) as a ratio of Laplace marginals; for a
    Poisson model with one random intercept, against 80-point Gauss-Hermite quadrature of the
    exact predictive probabilities (the Laplace approximation's error is below 0.005 here)."""
    y = np.array([2, 0, 3, 5, 1, 2])

    def nll(p, d):
        return (-np.sum(D.poisson.logpmf(nt.OBS(d), np.exp(p["b"] + p["u"][0])))
                - np.sum(D.norm.logpdf(p["u"], 0.0, 0.8)))
    m = nt.fit(nt.MakeADFun(nll, {"b": 0.0, "u": np.zeros(1)}, random="u", data=y))
    p_lt, p_le, discrete, _ = m.one_step_cdf()
    x, w = np.polynomial.hermite_e.hermegauss(80)
    w = w / w.sum()
    lam = np.exp(m.par[0] + 0.8 * x)
    for i in range(y.size):
        like = np.prod([ss.poisson.pmf(y[j], lam) for j in range(i)], axis=0) if i else 1.0
        lt = np.sum(w * like * ss.poisson.cdf(y[i] - 1, lam)) / np.sum(w * like)
        le = np.sum(w * like * ss.poisson.cdf(y[i], lam)) / np.sum(w * like)
        assert p_lt[i] == pytest.approx(lt, abs=5e-3) and p_le[i] == pytest.approx(le, abs=5e-3)
    assert discrete.all() and p_lt[1] == 0.0   # y = 0: nothing below
    r = m.residuals("osa", method="cdf", seed=2)
    assert np.all((r >= ss.norm.ppf(p_lt) - 1e-12) & (r <= ss.norm.ppf(p_le) + 1e-12))


def test_newton_polish_takes_a_step_whose_decrease_drowns_in_roundoff():
    # near the optimum fn's change is below its roundoff: a Newton step that leaves fn a
    # roundoff higher but takes the gradient from 1e-6 to 0 is kept (quasi-Newton fits stop
    # with such gradients)
    from numtape.stats.fit import _newton_polish

    class Quadratic:   # q(x) = x . x, with fn's roundoff noise at the optimum made explicit
        def fn(self, x):
            return float(x @ x) + (5e-13 if np.all(x == 0.0) else 0.0)

        def gr(self, x):
            return 2.0 * x

        def he(self, x):
            return 2.0 * np.eye(x.size)

    x0 = np.array([5e-7, -2e-7])
    x, taken = _newton_polish(Quadratic(), x0, -np.inf, np.inf)
    assert taken == 1 and np.all(x == 0.0)
    # a step that raises fn beyond roundoff is still refused
    class Worse(Quadratic):
        def fn(self, x):
            return float(x @ x) + (1e-9 if np.all(x == 0.0) else 0.0)
    x, taken = _newton_polish(Worse(), x0, -np.inf, np.inf)
    assert taken == 0 and np.all(x == x0)
