"""nt.glmm's families, links, zero inflation, dispersion models, REML, ar1(), cs() and ou()
against glmmTMB.

The reference numbers are glmmTMB's (R), from ``tools/glmm_references_families.R`` on glmmTMB's
own data (Owls, Salamanders), lme4's sleepstudy and one simulated beta-regression data set
(``tests/data/*.csv``): log-likelihood to 1e-6 relative, estimates to 1e-4 and standard errors
to 1e-3 of their scale.  Parameters glmmTMB leaves unidentified (a zero-inflation coefficient
running off to -inf: a flat direction of the Hessian, NaN standard errors here, roundoff noise
in R) are compared through the log-likelihood only.
"""
import math
import pathlib

import numpy as np
import pandas as pd
import pytest

import numtape as nt

from test_glmm import salamanders as _salamanders

DATA = pathlib.Path(__file__).parent / "data"


def salamanders():
    return _salamanders("salamanders_doy.csv")


def owls():
    return pd.read_csv(DATA / "owls.csv")


def sleep():
    return pd.read_csv(DATA / "sleepstudy.csv")


def beta_sim():
    return pd.read_csv(DATA / "beta_sim.csv")


OWLS = "SiblingNegotiation ~ FoodTreatment * SexParent + (1 | Nest) + offset(log(BroodSize))"
CASES = {
    "owls_nbinom1": (OWLS, owls, dict(family="nbinom1")),
    "owls_nbinom1_zi": (OWLS, owls, dict(family="nbinom1", ziformula="~1")),
    "sal_zipoisson": ("count ~ spp * mined + (1 | site)", salamanders,
                      dict(family="poisson", ziformula="~spp * mined")),
    "sal_zinbinom2": ("count ~ spp * mined + (1 | site)", salamanders,
                      dict(family="nbinom2", ziformula="~spp * mined")),
    "sal_hurdle_poisson": ("count ~ spp * mined + (1 | site)", salamanders,
                           dict(family="truncated_poisson", ziformula="~spp * mined")),
    "sal_hurdle_nbinom2": ("count ~ spp + mined + (1 | site)", salamanders,
                           dict(family="truncated_nbinom2", ziformula="~spp + mined")),
    "sal_disp": ("count ~ mined + (1 | site)", salamanders,
                 dict(family="nbinom2", dispformula="~DOY")),
    "sleep_disp": ("Reaction ~ Days + (1 | Subject)", sleep, dict(dispformula="~Days")),
    "sleep_gamma_disp": ("Reaction ~ Days + (1 | Subject)", sleep,
                         dict(family="Gamma", dispformula="~Days")),
    "beta_sim": ("y ~ x + (1 | g)", beta_sim, dict(family="beta_family")),
    "sleep_reml": ("Reaction ~ Days + (Days | Subject)", sleep, dict(REML=True)),
}
# glmmTMB's residuals(m, type = "pearson") at rows `rows` (1-based in R: c(1:6, 301:306), sal_disp
# c(1:6, 101:106)) and sum(r^2) over all rows (tools/glmm_references_families.R, "pearson")
PEARSON_REF = {
    "owls_nbinom1_zi": (300,
        [-0.353007354161, -0.73405467188, -0.655524621389, -0.655524621389, -0.655524621389,
         -0.655524621389, -1.24461379367, -0.788426458197, -1.24461379367, 0.446406309891,
         0.446406309891, -0.479718266175],
        535.673161151),
    "sal_zipoisson": (300,
        [-0.132235343464, -0.151489592297, -0.124300297582, -0.0914423368956, -0.145257240295,
         -0.709309949908, -0.286630132295, -0.218258524384, -0.644623076673, -0.651285111624,
         -0.652485553987, -0.227469471037],
        788.549970615),
    "sal_zinbinom2": (300,
        [-0.130261491369, -0.14755320548, -0.122460812574, -0.150608641375, -0.152177712724,
         -0.524909056975, -0.286635089862, -0.219456243147, -0.587414034275, -0.587593730446,
         -0.578569441084, -0.139903860518],
        598.461124256),
    "sal_hurdle_poisson": (300,
        [-0.126889178895, -0.12850903888, -0.127701081171, -0.0589408079948, -0.111866273246,
         -0.668011894966, -0.216136837517, -0.215311023904, -0.62044478375, -0.623873102702,
         -0.625175938329, -0.147176114875],
        751.845791262),
    "sal_hurdle_nbinom2": (300,
        [-0.269749418427, -0.269990862834, -0.269842118287, 0.0437424418147, 0.0396802482341,
         -0.337158049808, -0.158519296749, -0.158442521272, -0.491863112935, -0.492111591904,
         -0.49215625001, -0.00341742177211],
        489.384148677),
    "sal_disp": (100,
        [-0.442487459705, -0.663438161897, -0.315074387342, -0.166534930464, -0.143626591319,
         -0.398205128775, -0.552239255014, -0.818049926562, -0.405536348675, -0.862964229602,
         -0.801246564317, -0.372205436598],
        644.208987584),
}
_FITS = {}


def fitted(name):
    if name not in _FITS:
        f, data, kw = CASES[name]
        _FITS[name] = nt.glmm(f, data(), **kw)
    return _FITS[name]


def _close(ours, ref, rel, what):
    ours = np.asarray(ours, dtype=float)
    ref = np.array([np.nan if v is None else v for v in ref], dtype=float)
    ok = np.isfinite(ref)
    scale = max(np.max(np.abs(ref[ok]), initial=0.0), 1e-300)
    err = np.max(np.abs(ours[ok] - ref[ok]), initial=0.0) / scale
    assert err <= rel, f"{what}: {err:.2e} of the scale (allowed {rel:g})"


@pytest.mark.parametrize("name", list(CASES))
def test_families_zero_inflation_dispersion_and_reml_match_glmmTMB(name):
    m, r = fitted(name), REF[name]
    assert m.converged
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    assert m.df == r["df"]
    assert list(m.fixef().index) == list(r["cond"])
    _close(m.fixef(), list(r["cond"].values()), 1e-4, "fixef")
    _close(m.coef_table()["Std. Error"], list(r["se_cond"].values()), 1e-3, "se")
    for comp in ("zi", "disp"):
        if comp in r:
            se = np.array([np.nan if v is None else v for v in r["se_" + comp].values()])
            # identified: a finite standard error here; glmmTMB prints roundoff noise (or
            # NaN) for the others, at least 100 times the identified ones
            identified = np.isfinite(m.coef_table(comp)["Std. Error"].to_numpy())
            assert not np.any(se[~identified] < 100 * np.nanmedian(se[identified]))
            assert list(m.fixef(comp).index) == list(r[comp])
            _close(m.fixef(comp)[identified], np.array(list(r[comp].values()))[identified],
                   1e-4, comp)
            _close(m.coef_table(comp)["Std. Error"][identified],
                   np.array(se)[identified], 1e-3, "se " + comp)
    if "sigma" in r:
        assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)
    _close(m.VarCorr().to_dataframe().query("grp != 'Residual'").sdcor.to_numpy()[:len(r["sd"])],
           r["sd"], 1e-3, "random-effect SDs")


def test_summaries_print_every_component():
    zi = str(fitted("sal_zipoisson").summary())
    assert "Zero-inflation model:" in zi and "Conditional model:" in zi
    disp = str(fitted("sleep_disp").summary())
    assert "Dispersion model:" in disp and "Dispersion estimate" not in disp
    assert "Dispersion parameter for nbinom1 family" in str(fitted("owls_nbinom1").summary())


def test_response_predictions_include_the_zero_model():
    """type="response" of a zero-inflated model is (1 - p) mu; of a hurdle model
    (1 - p) mu / P(y > 0): their means over the data are near the observed mean."""
    d = salamanders()
    for name in ("sal_zipoisson", "sal_hurdle_poisson"):
        m = fitted(name)
        mu = m.predict(type="response")
        assert mu.shape == (len(d),) and np.all(mu >= 0)
        assert abs(mu.mean() - d["count"].mean()) < 0.05 * d["count"].mean()
    m = fitted("sal_zipoisson")
    eta = m.predict(type="link")
    p = 1.0 / (1.0 + np.exp(-(m.data["Xzi"] @ m.fixef("zi").to_numpy())))
    np.testing.assert_allclose(m.predict(type="response"), (1 - p) * np.exp(eta), rtol=1e-10)



def test_a_right_hand_side_met_twice_is_built_once(monkeypatch):
    from numtape.glmm import formula as fm
    built = []
    design = fm.design
    monkeypatch.setattr(fm, "design", lambda rhs, *a: (built.append(rhs), design(rhs, *a))[1])
    d = salamanders()
    m = nt.glmm("count ~ spp * mined + (1 | site)", d, family="truncated_poisson",
                ziformula="~spp  *  mined")
    assert sorted(built) == ["1", "spp * mined"]
    assert m.data["Xzi"] is m.data["X"] and m.fixef("zi").index.tolist() == \
        m.fixef().index.tolist()
    assert m.fit.converged


@pytest.mark.parametrize("name", list(PEARSON_REF))
def test_pearson_residuals_of_zero_and_dispersion_models_match_glmmTMB(name):
    """Zero-inflated, hurdle and dispersion-model Pearson residuals as glmmTMB computes them
    (GLMM._pearson_variance): twelve rows, and the sum of squares over all rows."""
    start, ref, ss = PEARSON_REF[name]
    r = fitted(name).residuals("pearson")
    rows = np.r_[0:6, start:start + 6]
    _close(r[rows], ref, 1e-4, f"{name} pearson")
    assert np.sum(r ** 2) == pytest.approx(ss, rel=1e-4)


def test_pearson_residuals_with_a_gaussian_dispersion_model_use_each_rows_sigma():
    """Each row's residual is divided by that row's sigma (predict(type = "disp")); glmmTMB
    gives NA here (sigma() of such a model is NA)."""
    m = fitted("sleep_disp")
    sd = np.exp(0.5 * (m.data["Xd"] @ m.fixef("disp").to_numpy()))
    np.testing.assert_allclose(m.residuals("pearson"), m.residuals("response") / sd,
                               rtol=1e-12)
    assert sd.min() < 0.9 * sd.max()   # the rows' sigmas differ

def test_reml_confint_and_what_is_refused():
    m = fitted("sleep_reml")
    ci = m.confint(["Days"])
    se = m.coef_table().loc["Days", "Std. Error"]
    assert ci.loc["Days", "Estimate"] == pytest.approx(m.fixef()["Days"])
    assert ci.loc["Days"].iloc[1] - ci.loc["Days"].iloc[0] == pytest.approx(2 * 1.959964 * se,
                                                                              rel=1e-6)
    with pytest.raises(NotImplementedError, match="REML"):
        m.confint(["Days"], method="profile")
    with pytest.raises(NotImplementedError, match="zero-inflated"):
        fitted("sal_zipoisson").residuals("osa")
    with pytest.raises(ValueError, match="dispformula"):
        fitted("sleep_disp").sigma()


def test_ar1_matches_glmmTMB():
    """ar1(times + 0 | group): glmmTMB's covariance-structure vignette's process (AR(1) with
    rho = 0.7 observed with noise), five groups of 25 times (tools/glmm_references_families.R)."""
    r = AR1_REF
    m = nt.glmm("y ~ 1 + ar1(times + 0 | group)", pd.read_csv(DATA / "ar1_sim.csv"))
    assert m.converged and m.df == r["df"]
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    assert m.fixef().iloc[0] == pytest.approx(r["intercept"], abs=1e-4)
    assert m.coef_table()["Std. Error"].iloc[0] == pytest.approx(r["se"], rel=1e-3)
    assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)
    vc = m.VarCorr().to_dataframe()
    assert vc.sdcor.iloc[0] == pytest.approx(r["sd"], rel=1e-4)
    rho = vc.query("var2 == 'timest02' and var1 == 'timest01'").sdcor.iloc[0]
    assert rho == pytest.approx(r["rho"], rel=1e-4)
    assert vc.query("var1 == 'timest01' and var2 == 'timest03'").sdcor.iloc[0] == \
        pytest.approx(rho ** 2, rel=1e-12)
    assert "(ar1)" in str(m.summary())
    b = m.ranef()["group"]
    assert b.shape == (5, 25)


AR1_REF = {"logLik": -155.947097145264, "df": 4, "intercept": 0.994499118941982,
           "se": 0.189055646716624, "sigma": 0.504927481868348, "sd": 0.876979553662363,
           "rho": 0.732349825245306}


def test_cs_matches_glmmTMB():
    """cs(times + 0 | group): four SDs and one correlation (glmmTMB's parameter t,
    rho = expit(t) (1 + a) - a with a = 1/(q - 1)), on forty simulated groups of four times
    (tools/glmm_references_families.R)."""
    r = CS_REF
    m = nt.glmm("y ~ 1 + cs(times + 0 | group)", pd.read_csv(DATA / "cs_sim.csv"))
    assert m.converged and m.df == r["df"]
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    assert m.fixef().iloc[0] == pytest.approx(r["intercept"], abs=1e-4)
    assert m.coef_table()["Std. Error"].iloc[0] == pytest.approx(r["se"], rel=1e-3)
    assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)
    vc = m.VarCorr().to_dataframe()
    _close(vc.sdcor.to_numpy()[:4], r["sd"], 1e-4, "SDs")
    corr = vc[vc.var2.notna()].sdcor.to_numpy()
    assert corr.size == 6 and np.allclose(corr, r["rho"], rtol=1e-4)
    assert "(cs)" in str(m.summary())


CS_REF = {"logLik": -195.302745902512, "df": 7, "intercept": 0.420021981253463,
          "se": 0.077786556933017, "sigma": 0.527559600110672,
          "sd": [0.147058283681394, 0.665157592805094, 0.818862293422883, 1.12478562117319],
          "rho": 0.546065369896523}


def test_ou_matches_glmmTMB():
    """ou(t + 0 | group): an Ornstein-Uhlenbeck process at irregular times, correlation
    exp(-exp(theta) |t_i - t_j|); glmmTMB reads t as a numFactor, numtape as a numeric column
    (tools/glmm_references_families.R)."""
    r = OU_REF
    d = pd.read_csv(DATA / "ou_sim.csv")
    m = nt.glmm("y ~ 1 + ou(t + 0 | group)", d)
    assert m.converged and m.df == r["df"]
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    assert m.fixef().iloc[0] == pytest.approx(r["intercept"], abs=1e-4)
    assert m.coef_table()["Std. Error"].iloc[0] == pytest.approx(r["se"], rel=1e-3)
    assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)
    vc = m.VarCorr().to_dataframe()
    assert vc.sdcor.iloc[0] == pytest.approx(r["sd"], rel=1e-4)
    corr = vc[vc.var2.notna()].sdcor.to_numpy()
    assert corr[:2] == pytest.approx([r["corr12"], r["corr13"]], rel=1e-4)
    assert "(ou)" in str(m.summary()) and list(m.ranef()["group"].columns)[:2] == ["t(0)", "t(1)"]
    new = d.iloc[:3].assign(t=[0.0, 1.0, 4.0])       # 4.0: a time the fit has not seen
    p = m.predict(new)
    assert p[0] == pytest.approx(m.predict()[0]) and p[1] == pytest.approx(m.predict()[1])
    assert p[2] == pytest.approx(m.fixef().iloc[0])


def tweedie_sim():
    return pd.read_csv(DATA / "tweedie_sim.csv")


def test_tweedie_matches_glmmTMB():
    """family="tweedie" (power 1 + expit(psi), dispersion log phi) on a simulated compound
    Poisson-gamma response with zeros: glmmTMB's log-likelihood, estimates, power and the
    standard errors of every parameter (vcov(full = TRUE); tools/glmm_references_families.R)."""
    r = TWEEDIE_REF
    m = nt.glmm("y ~ x + (1 | g)", tweedie_sim(), family="tweedie")
    assert m.converged and m.df == r["df"]
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    assert m.fixef().to_numpy() == pytest.approx(list(r["cond"].values()), abs=1e-4)
    order = [0, 1, 3, 2, 4]          # glmmTMB's order: beta, betadisp, theta, psi
    assert m.fit.par == pytest.approx(np.take(r["par"], order), abs=1e-4)
    assert m.fit.se == pytest.approx(np.take(r["se_full"], order), rel=1e-3)
    assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)
    assert m.family_params()["Tweedie power"] == pytest.approx(r["power"], rel=1e-5)
    assert "Dispersion parameter for tweedie family (): 1.43" in str(m.summary())
    ci = m.confint()
    lo, hi, est = ci.loc["Tweedie power"]
    assert lo < r["power"] < hi < 2 and est == pytest.approx(r["power"], rel=1e-5)
    sims = m.simulate(nsim=20, seed=1)
    zeros = (tweedie_sim().y == 0).mean()
    assert (sims.to_numpy() >= 0).all() and abs((sims.to_numpy() == 0).mean() - zeros) < 0.05
    res = m.residuals("quantile", seed=2)
    assert abs(np.mean(res)) < 0.2 and abs(np.std(res) - 1.0) < 0.15
    pearson = m.residuals("pearson")
    assert abs(np.std(pearson) - 1.0) < 0.2


TWEEDIE_REF = {"logLik": -500.214170061121, "df": 5,
               "cond": {"(Intercept)": 0.28585670207568, "x": 0.4567402642523},
               "sigma": 1.43067604123939, "power": 1.60919659212249,
               "se_full": [0.0936903191403493, 0.0763384907638241, 0.0778910475788002,
                           0.286219465161373, 0.111681839978495],
               "par": [0.28585670207568, 0.4567402642523, 0.358147088669311,
                       -1.05362174512196, 0.443936386594147]}


OU_REF = {"logLik": -272.795455145284, "df": 4, "intercept": 1.04994334166384,
          "se": 0.080125363784084, "sigma": 0.340526442041533, "sd": 0.770908684830054,
          "corr12": 0.649615007398599, "corr13": 0.340126228595313}


def cbpp():
    return pd.read_csv(DATA / "cbpp.csv", dtype={"period": str})


CBPP = "cbind(incidence, size - incidence) ~ period + (1 | herd)"
LINKS = {"cbpp_probit": (CBPP, cbpp, dict(family="binomial", link="probit")),
         "cbpp_cloglog": (CBPP, cbpp, dict(family="binomial", link="cloglog")),
         "sleep_gaussian_log": ("Reaction ~ Days + (1 | Subject)", sleep, dict(link="log"))}


@pytest.mark.parametrize("name", list(LINKS))
def test_links_match_glmmTMB(name):
    """binomial(link = "probit"), binomial(link = "cloglog"), gaussian(link = "log")."""
    f, data, kw = LINKS[name]
    m, r = nt.glmm(f, data(), **kw), LINKS_REF[name]
    assert m.converged and m.family.link == kw["link"]
    assert abs(m.logLik - r["logLik"]) <= 1e-6 * abs(r["logLik"])
    _close(m.fixef(), r["cond"], 1e-4, "fixef")
    _close(m.coef_table()["Std. Error"], r["se"], 1e-3, "se")
    _close(m.VarCorr().to_dataframe().sdcor.to_numpy()[:1], [r["sd"]], 1e-3, "sd")
    mu = m.predict(type="response")
    np.testing.assert_allclose(mu, m.family.inverse_link(m.predict(type="link")), rtol=1e-12)


LINKS_REF = {'cbpp_probit': {'logLik': -92.5833377032345,
                 'cond': [-0.83184999752263,
                          -0.52659629683831,
                          -0.615071573251875,
                          -0.797944216833126],
                 'se': [0.125983789890756,
                        0.160252153085178,
                        0.16914088118812,
                        0.204431348017536],
                 'sd': 0.338634475943329},
 'cbpp_cloglog': {'logLik': -91.7580020179889,
                  'cond': [-1.53209559718704,
                           -0.912990304633458,
                           -1.03110465705254,
                           -1.47941994623444],
                  'se': [0.21065490128962,
                         0.284028469576389,
                         0.305517129281058,
                         0.408337317972551],
                  'sd': 0.585898333264104},
 'sleep_gaussian_log': {'logLik': -889.6809641489,
                        'cond': [5.5208320334079, 0.0364665314219324],
                        'se': [0.0338990999287482, 0.00255797969264868],
                        'sd': 0.128818000785051}}


def test_predict_with_some_random_effect_terms_matches_lme4():
    """re_form="~ (1 | plate)": the random effects of the listed terms only (lme4's re.form;
    glmmTMB 1.1.5 takes only NULL and NA), against lme4's lmer (REML = FALSE) predictions."""
    pen = nt.glmm("diameter ~ 1 + (1 | plate) + (1 | sample)",
                  pd.read_csv(DATA / "penicillin.csv"))
    np.testing.assert_allclose(pen.predict(re_form="~ (1 | plate)")[:6],
                               [23.7766259857925] * 6, rtol=1e-6)
    np.testing.assert_allclose(pen.predict(re_form="~(1|sample)")[:6],
                               [25.1578819990199, 21.9623920721826, 24.9088827839416,
                                22.8753891941361, 22.9583889324955, 19.9703983515567], rtol=1e-6)
    both = pen.predict(re_form="~ (1 | plate) + (1 | sample)")
    np.testing.assert_array_equal(both, pen.predict())
    np.testing.assert_array_equal(pen.predict(re_form="~0"), pen.predict(re_form=nt.NA))
    with_se = pen.predict(re_form="~ (1 | plate)", se=True)
    np.testing.assert_allclose(with_se["fit"], pen.predict(re_form="~ (1 | plate)"), rtol=1e-12)
    pastes = nt.glmm("strength ~ 1 + (1 | batch/cask)", pd.read_csv(DATA / "pastes.csv"))
    np.testing.assert_allclose(pastes.predict(re_form="~ (1 | batch)")[:6],
                               [60.6970236692656] * 6, rtol=1e-6)
    with pytest.raises(ValueError, match="not in the model"):
        pen.predict(re_form="~ (1 | nope)")


@pytest.mark.parametrize("call, err, match", [
    (lambda: nt.glmm("count ~ mined + (1 | site)", salamanders(), family="truncated_poisson"),
     ValueError, "hurdle"),
    (lambda: nt.glmm("count ~ mined + (1 | site)", salamanders(), family="poisson",
                     dispformula="~DOY"), ValueError, "no dispersion"),
    (lambda: nt.glmm("count ~ mined + (1 | site)", salamanders(), family="poisson",
                     ziformula="~ mined + (1 | site)"), NotImplementedError, "random effects"),
    (lambda: nt.glmm("count ~ mined + (1 | site)", salamanders(), family="poisson",
                     REML=True), ValueError, "gaussian"),
    (lambda: nt.glmm("y ~ x + (1 | g)", beta_sim().assign(y=lambda d: d.y * 2),
                     family="beta_family"), ValueError, "between 0 and 1"),
    (lambda: nt.glmm("count ~ mined", salamanders(), family="poisson", ziformula="mined"),
     ValueError, "one-sided"),
    (lambda: nt.glmm("count ~ mined", salamanders(), family="genpois"),
     NotImplementedError, "genpois"),
    (lambda: nt.glmm("y ~ x + (1 | g)", tweedie_sim(), family="tweedie", ziformula="~1"),
     NotImplementedError, "zero-inflated tweedie"),
    (lambda: nt.glmm("y ~ x + (1 | g)", tweedie_sim().assign(y=lambda d: d.y - 1.0),
                     family="tweedie"), ValueError, "non-negative"),
    (lambda: nt.glmm("count ~ mined", salamanders(), family="poisson", link="sqrt"),
     ValueError, "unknown link"),
])
def test_unsupported_requests_get_clear_errors(call, err, match):
    with pytest.raises(err, match=match):
        call()


REF = {'owls_nbinom1': {'logLik': -1694.39960360647,
                  'df': 6,
                  'cond': {'(Intercept)': 0.676739950646081,
                           'FoodTreatmentSatiated': -0.870378741729591,
                           'SexParentMale': 0.044689197460538,
                           'FoodTreatmentSatiated:SexParentMale': 0.121729793448592},
                  'se_cond': {'(Intercept)': 0.113401579787249,
                              'FoodTreatmentSatiated': 0.139642608081806,
                              'SexParentMale': 0.107121909003203,
                              'FoodTreatmentSatiated:SexParentMale': 0.175202083034967},
                  'sigma': 7.04682933641241,
                  'sd': [0.355625404303399]},
 'owls_nbinom1_zi': {'logLik': -1684.8188344411,
                     'df': 7,
                     'cond': {'(Intercept)': 0.823470337574729,
                              'FoodTreatmentSatiated': -0.858630628570142,
                              'SexParentMale': -0.0695997363468582,
                              'FoodTreatmentSatiated:SexParentMale': 0.272482376601235},
                     'se_cond': {'(Intercept)': 0.110428109502579,
                                 'FoodTreatmentSatiated': 0.148642765684798,
                                 'SexParentMale': 0.10345413346417,
                                 'FoodTreatmentSatiated:SexParentMale': 0.180061859605662},
                     'zi': {'(Intercept)': -2.05540780947399},
                     'se_zi': {'zi~(Intercept)': 0.292214755133368},
                     'sigma': 5.08975109344067,
                     'sd': [0.350189423086313]},
 'sal_zipoisson': {'logLik': -860.04411704768,
                   'df': 29,
                   'cond': {'(Intercept)': -0.104455415896663,
                            'sppPR': -0.222408381518619,
                            'sppDM': 0.499758175875941,
                            'sppEC-A': -0.689102442559979,
                            'sppEC-L': -1.11985949057998,
                            'sppDES-L': 0.431716765120961,
                            'sppDF': 0.260401456888826,
                            'minedno': 1.04026764582701,
                            'sppPR:minedno': -0.425148869475205,
                            'sppDM:minedno': -0.291960226538919,
                            'sppEC-A:minedno': 0.497894600329779,
                            'sppEC-L:minedno': 1.82154384737547,
                            'sppDES-L:minedno': 0.168074206971201,
                            'sppDF:minedno': -0.261357598769572},
                   'se_cond': {'(Intercept)': 1.01210599759772,
                               'sppPR': 1.19093372385994,
                               'sppDM': 1.01455119587172,
                               'sppEC-A': 1.3676963660528,
                               'sppEC-L': 1.21143941299298,
                               'sppDES-L': 1.00528692525659,
                               'sppDF': 1.01332208353502,
                               'minedno': 1.02089422243197,
                               'sppPR:minedno': 1.22914746488224,
                               'sppDM:minedno': 1.02440292115312,
                               'sppEC-A:minedno': 1.38288733206968,
                               'sppEC-L:minedno': 1.21843269797631,
                               'sppDES-L:minedno': 1.01400930272312,
                               'sppDF:minedno': 1.02630435714033},
                   'zi': {'(Intercept)': 3.22269556784049,
                          'sppPR': -1.34417401319634,
                          'sppDM': -2.21921652805242,
                          'sppEC-A': -1.72661042503681,
                          'sppEC-L': -4.54475494626071,
                          'sppDES-L': -2.58510672824013,
                          'sppDF': -2.97078280747308,
                          'minedno': -4.89632908397047,
                          'sppPR:minedno': 3.78928153417853,
                          'sppDM:minedno': 2.6005058563224,
                          'sppEC-A:minedno': 3.6733034356009,
                          'sppEC-L:minedno': 5.0959948873899,
                          'sppDES-L:minedno': 2.82569273365937,
                          'sppDF:minedno': 3.67295991328954},
                   'se_zi': {'zi~(Intercept)': 1.19422404552065,
                             'zi~sppPR': 1.44179060885347,
                             'zi~sppDM': 1.26043170328092,
                             'zi~sppEC-A': 1.63306880439665,
                             'zi~sppEC-L': 3.39412774150139,
                             'zi~sppDES-L': 1.26048765167467,
                             'zi~sppDF': 1.27517238464135,
                             'zi~minedno': 1.2962635586277,
                             'zi~sppPR:minedno': 1.58738122855446,
                             'zi~sppDM:minedno': 1.4108395855272,
                             'zi~sppEC-A:minedno': 1.74268904255074,
                             'zi~sppEC-L:minedno': 3.44950388691389,
                             'zi~sppDES-L:minedno': 1.41136576093969,
                             'zi~sppDF:minedno': 1.42548440937456},
                   'sigma': 1,
                   'sd': [0.321155405089251]},
 'sal_zinbinom2': {'logLik': -804.838282342991,
                   'df': 30,
                   'cond': {'(Intercept)': -0.482051251479917,
                            'sppPR': -0.208141075656077,
                            'sppDM': 0.536912064129811,
                            'sppEC-A': -0.747814261645728,
                            'sppEC-L': -0.968463871947383,
                            'sppDES-L': 0.556929826479695,
                            'sppDF': 0.320281662802919,
                            'minedno': 1.26165186385015,
                            'sppPR:minedno': -0.590794619625474,
                            'sppDM:minedno': -0.388114066507294,
                            'sppEC-A:minedno': 0.507188442252965,
                            'sppEC-L:minedno': 1.64487108898947,
                            'sppDES-L:minedno': 0.10476835577679,
                            'sppDF:minedno': -0.348878727706746},
                   'se_cond': {'(Intercept)': 1.37432214977005,
                               'sppPR': 1.56632884771816,
                               'sppDM': 1.37542762306751,
                               'sppEC-A': 1.7069665039763,
                               'sppEC-L': 1.39176491616099,
                               'sppDES-L': 1.35780083794241,
                               'sppDF': 1.36972167157985,
                               'minedno': 1.38389595822947,
                               'sppPR:minedno': 1.62779654929062,
                               'sppDM:minedno': 1.39683155608794,
                               'sppEC-A:minedno': 1.7367455130035,
                               'sppEC-L:minedno': 1.41944572705824,
                               'sppDES-L:minedno': 1.37619098530807,
                               'sppDF:minedno': 1.39384256968632},
                   'zi': {'(Intercept)': 2.83951545024412,
                          'sppPR': -1.39737393854861,
                          'sppDM': -2.29415637443469,
                          'sppEC-A': -1.90366017355913,
                          'sppEC-L': -17.5979633087074,
                          'sppDES-L': -2.65855347700466,
                          'sppDF': -3.25452377534863,
                          'minedno': -21.6553516457561,
                          'sppPR:minedno': 20.4856808059042,
                          'sppDM:minedno': 18.09790972393,
                          'sppEC-A:minedno': 20.5380722239354,
                          'sppEC-L:minedno': 34.5958793221448,
                          'sppDES-L:minedno': 19.169164468318,
                          'sppDF:minedno': 20.0331308456022},
                   'se_zi': {'zi~(Intercept)': 1.39153748777105,
                             'zi~sppPR': 1.69291358602818,
                             'zi~sppDM': 1.47491482405183,
                             'zi~sppEC-A': 1.97605680616915,
                             'zi~sppEC-L': 3314.06139371118,
                             'zi~sppDES-L': 1.4815152097553,
                             'zi~sppDF': 1.57429869849105,
                             'zi~minedno': 6086.95431263247,
                             'zi~sppPR:minedno': 6086.95445787438,
                             'zi~sppDM:minedno': 6086.95463603555,
                             'zi~sppEC-A:minedno': 6086.95451468486,
                             'zi~sppEC-L:minedno': 6930.65796426654,
                             'zi~sppDES-L:minedno': 6086.95448006756,
                             'zi~sppDF:minedno': 6086.95458663262},
                   'sigma': 1.70765403971058,
                   'sd': [0.303094212912899]},
 'sal_hurdle_poisson': {'logLik': -862.535358166177,
                        'df': 29,
                        'cond': {'(Intercept)': 0.35038232420048,
                                 'sppPR': -0.290944873601921,
                                 'sppDM': 0.181007177920091,
                                 'sppEC-A': -0.913703267748657,
                                 'sppEC-L': -1.32618733894114,
                                 'sppDES-L': 0.246637663284122,
                                 'sppDF': 0.00839837635074668,
                                 'minedno': 0.591728575790753,
                                 'sppPR:minedno': -0.298513537095802,
                                 'sppDM:minedno': 0.016738498116225,
                                 'sppEC-A:minedno': 0.736862953973854,
                                 'sppEC-L:minedno': 2.02996726188686,
                                 'sppDES-L:minedno': 0.359656203770802,
                                 'sppDF:minedno': -0.0135983408206252},
                        'se_cond': {'(Intercept)': 0.938495568595315,
                                    'sppPR': 1.14249724525049,
                                    'sppDM': 0.971075552173444,
                                    'sppEC-A': 1.33386027707879,
                                    'sppEC-L': 1.15826656062379,
                                    'sppDES-L': 0.96120374897411,
                                    'sppDF': 0.967569482438441,
                                    'minedno': 0.947019339027512,
                                    'sppPR:minedno': 1.18116002830876,
                                    'sppDM:minedno': 0.982182760358677,
                                    'sppEC-A:minedno': 1.34935372657781,
                                    'sppEC-L:minedno': 1.16591073092621,
                                    'sppDES-L:minedno': 0.970267976951359,
                                    'sppDF:minedno': 0.980912180161891},
                        'zi': {'(Intercept)': 3.76117902207429,
                               'sppPR': -1.14621567348394,
                               'sppDM': -2.40302860070242,
                               'sppEC-A': -1.14621788890468,
                               'sppEC-L': -2.40302441289549,
                               'sppDES-L': -2.66257789371797,
                               'sppDF': -2.89214982548743,
                               'minedno': -4.97420881513742,
                               'sppPR:minedno': 3.57227177926552,
                               'sppDM:minedno': 2.51742916621563,
                               'sppEC-A:minedno': 2.87007751124747,
                               'sppEC-L:minedno': 2.51743201660043,
                               'sppDES-L:minedno': 2.5406017151625,
                               'sppDF:minedno': 3.41203813255002},
                        'se_zi': {'zi~(Intercept)': 1.01155082091269,
                                  'zi~sppPR': 1.17514241976512,
                                  'zi~sppDM': 1.0783876046403,
                                  'zi~sppEC-A': 1.17514212854913,
                                  'zi~sppEC-L': 1.07838776491274,
                                  'zi~sppDES-L': 1.06978806809986,
                                  'zi~sppDF': 1.06415028209805,
                                  'zi~minedno': 1.06825635470459,
                                  'zi~sppPR:minedno': 1.27154733948595,
                                  'zi~sppDM:minedno': 1.1798171283738,
                                  'zi~sppEC-A:minedno': 1.26007324657428,
                                  'zi~sppEC-L:minedno': 1.17981710915656,
                                  'zi~sppDES-L:minedno': 1.17843083691588,
                                  'zi~sppDF:minedno': 1.15935422810327},
                        'sigma': 1,
                        'sd': [0.238631323454261]},
 'sal_hurdle_nbinom2': {'logLik': -819.807566973957,
                        'df': 18,
                        'cond': {'(Intercept)': -0.336155805194015,
                                 'sppPR': -0.510163208944469,
                                 'sppDM': 0.23274548072055,
                                 'sppEC-A': -0.21201143374223,
                                 'sppEC-L': 0.662096505216676,
                                 'sppDES-L': 0.70560346939215,
                                 'sppDF': 0.0727783427577555,
                                 'minedno': 1.08540284809905},
                        'se_cond': {'(Intercept)': 0.292472596998426,
                                    'sppPR': 0.408564128566886,
                                    'sppDM': 0.24690065136823,
                                    'sppEC-A': 0.320054964869577,
                                    'sppEC-L': 0.24002158035001,
                                    'sppDES-L': 0.235656104275316,
                                    'sppDF': 0.259612121604698,
                                    'minedno': 0.218937930387684},
                        'zi': {'(Intercept)': 1.75562239026641,
                               'sppPR': 1.67849529318129,
                               'sppDM': -0.426942318374881,
                               'sppEC-A': 1.10452560584062,
                               'sppEC-L': -0.426942740302093,
                               'sppDES-L': -0.671612275963989,
                               'sppDF': -0.426942332927688,
                               'minedno': -2.40379958776476},
                        'se_zi': {'zi~(Intercept)': 0.283332504572184,
                                  'zi~sppPR': 0.396427326692156,
                                  'zi~sppDM': 0.350241945446921,
                                  'zi~sppEC-A': 0.368407055214771,
                                  'zi~sppEC-L': 0.350241947461662,
                                  'zi~sppDES-L': 0.351865081205328,
                                  'zi~sppDF': 0.350241945516407,
                                  'zi~minedno': 0.208885163545857},
                        'sigma': 1.51336303953263,
                        'sd': [0.0744981046819546]},
 'sal_disp': {'logLik': -865.245761610984,
              'df': 5,
              'cond': {'(Intercept)': -1.46953621170905, 'minedno': 2.22499843002625},
              'se_cond': {'(Intercept)': 0.225327079946259, 'minedno': 0.283123333364561},
              'disp': {'(Intercept)': -0.417595183735012, 'DOY': -0.33921977479211},
              'se_disp': {'d~(Intercept)': 0.121889437403733, 'd~DOY': 0.124416723106077},
              'sd': [0.531590240686718]},
 'sleep_disp': {'logLik': -891.911879302846,
                'df': 5,
                'cond': {'(Intercept)': 252.83376322805, 'Days': 10.0929929929971},
                'se_cond': {'(Intercept)': 8.01715037835393, 'Days': 0.80291303868138},
                'disp': {'(Intercept)': 6.06930829481742, 'Days': 0.166380797087198},
                'se_disp': {'d~(Intercept)': 0.253693408044402, 'd~Days': 0.0509530804486857},
                'sd': [30.9401640382518]},
 'sleep_gamma_disp': {'logLik': -882.591919667501,
                      'df': 5,
                      'cond': {'(Intercept)': 5.53434137141314, 'Days': 0.0337578890882296},
                      'se_cond': {'(Intercept)': 0.0305470518132699, 'Days': 0.00250697717276546},
                      'disp': {'(Intercept)': 4.99358428218813, 'Days': -0.0701164506926745},
                      'se_disp': {'d~(Intercept)': 0.247421073473965, 'd~Days': 0.049910252123895},
                      'sd': [0.118916192905207]},
 'beta_sim': {'logLik': 105.064788305148,
              'df': 4,
              'cond': {'(Intercept)': -0.262900370611157, 'x': 0.745386604625267},
              'se_cond': {'(Intercept)': 0.0784651790190285, 'x': 0.0486719663195473},
              'sigma': 10.5040158417506,
              'sd': [0.242831680617556]},
 'sleep_reml': {'logLik': -871.814135979328,
                'df': 6,
                'cond': {'(Intercept)': 251.405104848485, 'Days': 10.467285959596},
                'se_cond': {'(Intercept)': 6.82456238590871, 'Days': 1.54578730502277},
                'sigma': 25.5918286910264,
                'sd': [24.7404758616331, 5.92212494307824]}}


@pytest.mark.parametrize("truncated, p_zero", [(False, 0.3), (True, 0.0), (True, 0.45)])
def test_zero_inflated_and_truncated_counts_draw_and_explain_their_mixture(truncated, p_zero):
    """observe.simulate_or_explain_counts: zeros with probability p + (1 - p) P(0) (p for a
    hurdle), positive counts from the (truncated) Poisson; the randomized quantile residuals
    of data drawn from the mixture are standard normal."""
    import scipy.stats as ss
    from numtape.stats import observe
    n, mu = 200_000, 2.0
    run = observe.Run("simulate", np.random.default_rng(5))
    with observe.running(run):
        y = observe.simulate_or_explain_counts("poisson", observe.OBS(np.zeros(n)), [mu],
                                               p_zero, truncated)
    y = np.asarray(y)
    p0 = p_zero + (0.0 if truncated else (1 - p_zero) * math.exp(-mu))
    assert abs(np.mean(y == 0) - p0) < 4 * math.sqrt(p0 * (1 - p0) / n) + 1e-12
    positive_mean = mu / (1 - math.exp(-mu))          # E(y | y > 0) of a Poisson
    assert np.mean(y[y > 0]) == pytest.approx(positive_mean, rel=0.01)
    run = observe.Run("explain", np.random.default_rng(6), "quantile")
    with observe.running(run):
        observe.simulate_or_explain_counts("poisson", observe.OBS(y), [mu], p_zero, truncated)
    r = next(iter(run.residuals.values()))
    assert ss.kstest(r, "norm").pvalue > 1e-3


def test_simulate_and_quantile_residuals_of_fitted_mixtures():
    """A fitted zero-inflated and a hurdle model simulate data with the observed share of
    zeros, and their quantile residuals given the random effects are near N(0, 1)."""
    for name in ("sal_zipoisson", "sal_hurdle_nbinom2"):
        m = fitted(name)
        sims = m.simulate(nsim=50, seed=3).to_numpy()
        y = m.data["y"]
        assert abs(np.mean(sims == 0) - np.mean(y == 0)) < 0.03
        r = m.residuals("quantile", seed=4)
        assert abs(np.mean(r)) < 0.15 and 0.85 < np.std(r) < 1.15
