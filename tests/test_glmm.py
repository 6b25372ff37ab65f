"""nt.glmm against glmmTMB 1.1.5 (R) on its documented examples and shipped data, and against
the hand-written model of examples/glmm_paper.py.

The data are R's own, written as CSV under tests/data/ and the numbers below produced by
tools/glmm_references.R (``Rscript tools/glmm_references.R`` from the repository root), whose
models are, with glmmTMB's default control:

    data(Salamanders, package = "glmmTMB")        # sal: site, mined, spp, count, sample
    sal$present <- as.integer(sal$count > 0)
    sal_poisson   glmmTMB(count ~ spp + mined + (1 | site), sal, family = poisson)
    sal_nbinom2   glmmTMB(count ~ spp + mined + (1 | site), sal, family = nbinom2)
    sal_binary    glmmTMB(present ~ mined + (1 | site), sal, family = binomial)
    sal_offset    glmmTMB(count ~ mined + (1 | site), sal, family = poisson, offset = log(sample))
    sleep_us      glmmTMB(Reaction ~ Days + (Days | Subject), sleepstudy, REML = FALSE)
    sleep_diag    glmmTMB(Reaction ~ Days + diag(Days | Subject), sleepstudy, REML = FALSE)
    sleep_gamma   glmmTMB(Reaction ~ Days + (1 | Subject), sleepstudy, family = Gamma(link = "log"))
    cbpp_binomial glmmTMB(cbind(incidence, size - incidence) ~ period + (1 | herd), cbpp,
                          family = binomial)
    cbpp_prop     glmmTMB(prop ~ period + (1 | herd), cbpp, weights = size, family = binomial)
                  (cbpp$prop <- cbpp$incidence / cbpp$size)
    penicillin_crossed glmmTMB(diameter ~ 1 + (1 | plate) + (1 | sample), Penicillin, REML = FALSE)
    pastes_nested glmmTMB(strength ~ 1 + (1 | batch/cask), Pastes, REML = FALSE)

and for each: logLik(m), AIC(m), BIC(m), fixef(m)$cond, sqrt(diag(vcov(m)$cond)), the SDs and
correlations of VarCorr(m)$cond, sigma(m), ranef(m, condVar = TRUE) (first term and effect,
first 5 levels, with sqrt of its condVar), head(predict(m [, re.form = NA], se.fit = TRUE), 5),
head(residuals(m, type = "pearson" / "response"), 5); confint(m, method = "wald" / "profile")
of cbpp_binomial; anova(sal_poisson, sal_nbinom2).
"""
import math
import pathlib

import numpy as np
import pandas as pd
import pytest

import numtape as nt
from numtape.glmm import formula as fm

DATA = pathlib.Path(__file__).resolve().parent / "data"
ROOT = pathlib.Path(__file__).resolve().parent.parent

REF = {
    'sal_poisson': {'logLik': -972.403732846,
     'AIC': 1962.80746569,
     'BIC': 2003.01675423,
     'df': 9,
     'fixef': {'(Intercept)': -1.62489519237,
               'sppPR': -1.38626206449,
               'sppDM': 0.230535697122,
               'sppEC-A': -0.770103734318,
               'sppEC-L': 0.621184983785,
               'sppDES-L': 0.67917915918,
               'sppDF': 0.0800541314373,
               'minedno': 2.2644360031},
     'se': [0.240477963976, 0.215164234348, 0.128888750599, 0.171054132587, 0.11930841457,
            0.118127797418, 0.133440557016, 0.280257375456],
     'sd': [0.575853466023],
     'corr': [],
     'sigma': 1,
     'ranef': ('site', '(Intercept)',
               [0.191226091245, 0.191226091245, -0.0625861636821, 0.592793154811, 0.204398191672]),
     'condsd': [0.20024124451, 0.20024124451, 0.207589962674, 0.191330237834, 0.199900053323],
     'pred_link': [-1.54214944012, -0.239967276881, -2.49132812873, 0.830766901974,
                   0.830766901974],
     'pred_link_se': [0.338980673958, 0.218608349064, 0.502940585188, 0.146280352811,
                      0.146280352811],
     'pred_pop': [-1.62489519237, -1.62489519237, -1.62489519237, 0.639540810729, 0.639540810729],
     'pred_pop_se': [0.240477963976, 0.240477963976, 0.240477963976, 0.192824195065,
                     0.192824195065],
     'pearson': [-0.462515726179, -0.886934948237, -0.287749760309, -0.194777296768,
                 -0.194777296768],
     'response': [-0.213920796963, -0.786653602405, -0.0827999245576, -0.2950781655,
                  -0.2950781655]},
    'sal_nbinom2': {'logLik': -826.202204562,
     'AIC': 1672.40440912,
     'BIC': 1717.08139639,
     'df': 10,
     'fixef': {'(Intercept)': -1.68323024334,
               'sppPR': -1.31973892898,
               'sppDM': 0.368589925424,
               'sppEC-A': -0.70983858996,
               'sppEC-L': 0.571400304149,
               'sppDES-L': 0.792936189436,
               'sppDF': 0.312027077096,
               'minedno': 2.26328895337},
     'se': [0.274163017742, 0.28749002813, 0.223462866123, 0.252976407309, 0.219089213503,
            0.2166492978, 0.232904814851, 0.283810099754],
     'sd': [0.542634033908],
     'corr': [],
     'sigma': 0.942401246399,
     'ranef': ('site', '(Intercept)',
               [0.202846981211, 0.0839847375766, -0.0599261519562, 0.478618220698,
                0.0922880253901]),
     'condsd': [0.262497742458, 0.259352056449, 0.268648310147, 0.256564935457, 0.260265258973],
     'pred_link': [-1.62070669135, -0.469019118369, -2.44731743442, 0.782905691236,
                   0.664043447602],
     'pred_link_se': [0.386035793854, 0.319782930105, 0.533633627667, 0.264107961556,
                      0.259349443407],
     'pred_pop': [-1.68323024334, -1.68323024334, -1.68323024334, 0.580058710025, 0.580058710025],
     'pred_pop_se': [0.274163017742, 0.274163017742, 0.274163017742, 0.22551341705, 0.22551341705],
     'pearson': [-0.404299321221, -0.61319182062, -0.281512376559, -0.0696733690966,
                 0.0235245639301],
     'response': [-0.19775889519, -0.625615622292, -0.0865253854736, -0.187820168398,
                  0.0573685964208]},
    'sal_binary': {'logLik': -349.067667996,
     'AIC': 704.135335991,
     'BIC': 717.53843217,
     'df': 3,
     'fixef': {'(Intercept)': -1.83393515399, 'minedno': 2.35124251609},
     'se': [0.261682412007, 0.34139317808],
     'sd': [0.635052461119],
     'corr': [],
     'sigma': 1,
     'ranef': ('site', '(Intercept)',
               [0.400287369698, 0.164056667818, -0.275641115959, 0.280302493431, 0.05090050858]),
     'condsd': [0.384640985093, 0.372981734236, 0.365830715177, 0.377953456463, 0.369450672936],
     'pred_link': [-1.64475892558, -0.486633206456, -2.60850168132, 0.917594731793,
                   0.681364029914],
     'pred_link_se': [0.41197806577, 0.3763054938, 0.564588363225, 0.360718370764, 0.344989167633],
     'pred_pop': [-1.83393515399, -1.83393515399, -1.83393515399, 0.517307362096, 0.517307362096],
     'pred_pop_se': [0.261682412007, 0.261682412007, 0.261682412007, 0.217474817478,
                     0.217474817478],
     'pearson': [-0.439384909611, -0.784023250181, -0.271375762598, 0.632043305453,
                 0.711285050257],
     'response': [-0.161818554495, -0.380687018278, -0.0685932668004, 0.285448237661,
                  0.335956933278]},
    'sal_offset': {'logLik': -1182.15972262,
     'AIC': 2370.31944524,
     'BIC': 2383.72254142,
     'df': 3,
     'fixef': {'(Intercept)': -2.42161607249, 'minedno': 2.26441355356},
     'se': [0.223032492743, 0.28025581521],
     'sd': [0.575854425046],
     'corr': [],
     'sigma': 1,
     'ranef': ('site', '(Intercept)',
               [0.191235474419, 0.191235474419, -0.0625769234314, 0.592802691429, 0.204407581156]),
     'condsd': [0.200241597286, 0.200241597286, 0.207590224234, 0.191330672804, 0.199900409892],
     'pred_link': [-2.3388790151, -1.03669898358, -3.28805645168, 0.0340329554815,
                   0.0340329554815],
     'pred_link_se': [0.326836372677, 0.199258279705, 0.494835994927, 0.115378884063,
                      0.115378884063],
     'pred_pop': [-2.42161607249, -2.42161607249, -2.42161607249, -0.157202518938,
                  -0.157202518938],
     'pred_pop_se': [0.223032492743, 0.223032492743, 0.223032492743, 0.170574380913,
                     0.170574380913],
     'pearson': [-0.310540948353, -0.59550261925, -0.19320021858, 0.949092886843, 0.949092886843],
     'response': [-0.096435680604, -0.354623369534, -0.0373263244593, 0.965381297476,
                  0.965381297476]},
    'sleep_us': {'logLik': -875.969672232,
     'AIC': 1763.93934446,
     'BIC': 1783.09708557,
     'df': 6,
     'fixef': {'(Intercept)': 251.405135212, 'Days': 10.4672725793},
     'se': [6.63227849441, 1.5022342208],
     'sd': [23.7805720649, 5.71682192967],
     'corr': [0.08132593511],
     'sigma': 25.5918247862,
     'ranef': ('Subject', '(Intercept)',
               [2.81576040596, -40.04853885, -38.4331744459, 22.8322060411, 21.5499194905]),
     'condsd': [13.6537383037, 13.8288504969, 13.7334847817, 13.9485584385, 13.6009418103],
     'pred_link': [254.220895618, 273.763695528, 293.306495438, 312.849295347, 332.392095257],
     'pred_link_se': [12.9451346938, 11.0659335657, 9.4664862915, 8.30993040417, 7.79593660346],
     'pred_pop': [251.405135212, 261.872407791, 272.33968037, 282.80695295, 293.274225529],
     'pred_pop_se': [6.63227849441, 6.59567664085, 6.89435986746, 7.48831495876, 8.31450173911],
     'pearson': [-4.66089561785, -15.0589955277, -42.5058954376, 8.5905046526, 24.4598047427],
     'response': [-4.66089561785, -15.0589955277, -42.5058954376, 8.5905046526, 24.4598047427]},
    'sleep_diag': {'logLik': -876.00162757,
     'AIC': 1762.00325514,
     'BIC': 1777.96803939,
     'df': 5,
     'fixef': {'(Intercept)': 251.405129427, 'Days': 10.4673094836},
     'se': [6.70766476318, 1.51931694736],
     'sd': [24.1712206431, 5.79942015879],
     'corr': [],   # diag: no correlation (R prints 0)
     'sigma': 25.5561342972,
     'ranef': ('Subject', '(Intercept)',
               [1.85459685481, -40.0222809047, -38.7231460818, 23.9032758852, 22.3962750535]),
     'condsd': [13.2943878089, 14.0374378585, 13.8849704053, 13.4349251329, 13.3563898074],
     'pred_link': [253.259726281, 272.96345584, 292.667185399, 312.370914957, 332.074644516],
     'pred_link_se': [12.5226629374, 10.7165172166, 9.19726470627, 8.12741641078, 7.6967135561],
     'pred_pop': [251.405129427, 261.87243891, 272.339748394, 282.807057877, 293.274367361],
     'pred_pop_se': [6.70766476318, 6.58352578583, 6.80510873853, 7.34117470755, 8.12975000867],
     'pearson': [-3.69972628142, -14.25875584, -41.8665853986, 9.06888504278, 24.7772554842],
     'response': [-3.69972628142, -14.25875584, -41.8665853986, 9.06888504278, 24.7772554842]},
    'sleep_gamma': {'logLik': -883.5783367,
     'AIC': 1775.1566734,
     'BIC': 1787.9285008,
     'df': 4,
     'fixef': {'(Intercept)': 5.53394471135, 'Days': 0.033845092581},
     'se': [0.0322709564475, 0.00250645050309],
     'sd': [0.124586582888],
     'corr': [],
     'sigma': 0.0966416500853,
     'ranef': ('Subject', '(Intercept)',
               [0.128085298509, -0.294713039083, -0.232473815455, 0.0286825268156,
                0.0457914240296]),
     'condsd': [0.041188138477, 0.0418072253242, 0.0415866210804, 0.041154860276, 0.0411510987527],
     'pred_link': [5.66203000986, 5.69587510244, 5.72972019502, 5.7635652876, 5.79741038018],
     'pred_link_se': [0.0320393565327, 0.0311947003482, 0.0305329802157, 0.0300662771246,
                      0.029803753919],
     'pred_pop': [5.53394471135, 5.56778980393, 5.60163489651, 5.63547998909, 5.66932508167],
     'pred_pop_se': [0.0322709564475, 0.0314827708682, 0.0308784663041, 0.0304689856953,
                     0.0302622386077],
     'pearson': [-0.132665568653, -0.130805054426, -0.185403185202, 0.00928785819805,
                 0.0831900848792],
     'response': [-38.1721491925, -38.9324426425, -57.0825090965, 2.95801367009, 27.4065838164]},
    'cbpp_binomial': {'logLik': -92.0262818648,
     'AIC': 194.05256373,
     'BIC': 204.179322183,
     'df': 5,
     'fixef': {'(Intercept)': -1.39853246641,
               'period2': -0.99233229286,
               'period3': -1.12867129751,
               'period4': -1.58031368709},
     'se': [0.232472050657, 0.306642494971, 0.326637808481, 0.427436596684],
     'sd': [0.642261672235],
     'corr': [],
     'sigma': 1,
     'ranef': ('herd', '(Intercept)',
               [0.590020200884, -0.298897240879, 0.40625569296, 0.0392773618588, -0.190015380055]),
     'condsd': [0.393922170251, 0.393123875469, 0.345090417215, 0.43359794722, 0.380125731894],
     'pred_link': [-0.80851226553, -1.80084455839, -1.93718356304, -2.38882595262, -1.69742970729],
     'pred_link_se': [0.378330128527, 0.430200063614, 0.449510770861, 0.532487500589,
                      0.393482913215],
     'pred_pop': [-1.39853246641, -2.39086475927, -2.52720376393, -2.97884615351, -1.39853246641],
     'pred_pop_se': [0.232472050657, 0.310213977865, 0.33027515999, 0.430071954784,
                     0.232472050657],
     'pearson': [-1.33986142178, 1.07512545306, 2.87961428567, -0.677264071994, -0.239083487254],
     'response': [-0.165350470615, 0.108251711542, 0.318486846466, -0.084028751763,
                  -0.0184376219379],
     'confint_wald': ([-1.85416931311, -1.59334053913, -1.76886963813, -2.41807402227,
                       0.372443215503],
                      [-0.942895619715, -0.391324046587, -0.488472956901, -0.742553351917,
                       1.10755153659]),
     'confint_profile': ([-1.90124093379, -1.61676924776, -1.80101557836, -2.50085184428,
                          -1.06116337407],
                         [-0.947786756998, -0.407775655302, -0.511547889633, -0.800757339833,
                          0.095271765397])},
    'cbpp_prop': {'logLik': -92.0262818648,
     'AIC': 194.05256373,
     'BIC': 204.179322183,
     'df': 5,
     'fixef': {'(Intercept)': -1.39853246641,
               'period2': -0.99233229286,
               'period3': -1.12867129751,
               'period4': -1.58031368709},
     'se': [0.232472050657, 0.306642494971, 0.326637808481, 0.427436596684],
     'sd': [0.642261672235],
     'corr': [],
     'sigma': 1,
     'ranef': ('herd', '(Intercept)',
               [0.590020200884, -0.298897240879, 0.40625569296, 0.0392773618588, -0.190015380055]),
     'condsd': [0.393922170251, 0.393123875469, 0.345090417215, 0.43359794722, 0.380125731894],
     'pred_link': [-0.80851226553, -1.80084455839, -1.93718356304, -2.38882595262, -1.69742970729],
     'pred_link_se': [0.378330128527, 0.430200063614, 0.449510770861, 0.532487500589,
                      0.393482913215],
     'pred_pop': [-1.39853246641, -2.39086475927, -2.52720376393, -2.97884615351, -1.39853246641],
     'pred_pop_se': [0.232472050657, 0.310213977865, 0.33027515999, 0.430071954784,
                     0.232472050657],
     'pearson': [-1.33986142178, 1.07512545306, 2.87961428567, -0.677264071994, -0.239083487254],
     'response': [-0.165350470615, 0.108251711542, 0.318486846466, -0.084028751763,
                  -0.0184376219379]},
    'penicillin_crossed': {'logLik': -166.094174334,
     'AIC': 340.188348669,
     'BIC': 352.067601867,
     'df': 4,
     'fixef': {'(Intercept)': 22.9722226814},
     'se': [0.744595335953],
     'sd': [0.845572065607, 1.77064513555],
     'corr': [],
     'sigma': 0.549932221411,
     'ranef': ('plate', '(Intercept)',
               [0.804403667151, 0.804403667151, 0.181639518644, 0.33733055577, 0.0259484815167]),
     'condsd': [0.274314802648, 0.274314802648, 0.27373607504, 0.27381229325, 0.273705581869],
     'pred_link': [25.9622856673, 22.7667957774, 25.7132864551, 23.6797928888, 23.7627926262],
     'pred_link_se': [0.240959536861, 0.24086034307, 0.240943178384, 0.240864167064,
                      0.240865487487],
     'pred_pop': [22.9722226814, 22.9722226814, 22.9722226814, 22.9722226814, 22.9722226814],
     'pred_pop_se': [0.744595335953, 0.744595335953, 0.744595335953, 0.744595335953,
                     0.744595335953],
     'pearson': [1.03771433269, 0.233204222579, 0.286713544891, -0.679792888817, -0.762792626217],
     'response': [1.03771433269, 0.233204222579, 0.286713544891, -0.679792888817, -0.762792626217]},
    'pastes_nested': {'logLik': -123.997232931,
     'AIC': 255.994465862,
     'BIC': 264.371844111,
     'df': 4,
     'fixef': {'(Intercept)': 60.0533333435},
     'se': [0.642135260498],
     'sd': [2.90407780207, 1.09505903938],
     'corr': [],
     'sigma': 0.82340755841,
     'ranef': ('cask:batch', '(Intercept)',
               [1.92558739872, 0.832294973371, -2.43608018598, -3.07689835794, -3.60073201609]),
     'condsd': [1.41809978227, 1.17448403324, 1.35439641921, 1.1530146892, 1.94793464973],
     'pred_link': [62.6225990228, 62.6225990228, 61.1805631464, 61.1805631464, 62.814870473],
     'pred_link_se': [0.573273879106, 0.573273879106, 0.573071193023, 0.573071193023,
                      0.573374692854],
     'pred_pop': [60.0533333435, 60.0533333435, 60.0533333435, 60.0533333435, 60.0533333435],
     'pred_pop_se': [0.642135260498, 0.642135260498, 0.642135260498, 0.642135260498,
                     0.642135260498],
     'pearson': [0.177400977178, -0.022599022822, -1.08056314641, 1.11943685359, -0.11487047301],
     'response': [0.177400977178, -0.022599022822, -1.08056314641, 1.11943685359, -0.11487047301]},
}
SAL_SITES = [f"R-{i}" for i in range(1, 13)] + [f"VF-{i}" for i in range(1, 12)]   # R's levels
ANOVA_SAL = dict(Chisq=292.403056567298, p=1.48922170690455e-65)


SPP = ["GP", "PR", "DM", "EC-A", "EC-L", "DES-L", "DF"]   # R's factor levels


def salamanders(csv="salamanders.csv"):
    """The Salamanders of glmmTMB, R's factor levels (``salamanders_doy.csv`` adds DOY)."""
    d = pd.read_csv(DATA / csv)
    d["mined"] = pd.Categorical(d["mined"], ["yes", "no"])
    d["spp"] = pd.Categorical(d["spp"], SPP)
    d["site"] = pd.Categorical(d["site"], SAL_SITES)
    return d


def cbpp():
    d = pd.read_csv(DATA / "cbpp.csv", dtype={"period": str})
    d["prop"] = d["incidence"] / d["size"]
    return d


CASES = {
    "sal_poisson": ("count ~ spp + mined + (1 | site)", salamanders, dict(family="poisson")),
    "sal_nbinom2": ("count ~ spp + mined + (1 | site)", salamanders, dict(family="nbinom2")),
    "sal_binary": ("present ~ mined + (1 | site)", salamanders, dict(family="binomial")),
    "sal_offset": ("count ~ mined + (1 | site)", salamanders,
                   dict(family="poisson", offset="log(sample)")),
    "sleep_us": ("Reaction ~ Days + (Days | Subject)",
                 lambda: pd.read_csv(DATA / "sleepstudy.csv"), {}),
    "sleep_diag": ("Reaction ~ Days + diag(Days | Subject)",
                   lambda: pd.read_csv(DATA / "sleepstudy.csv"), {}),
    "sleep_gamma": ("Reaction ~ Days + (1 | Subject)",
                    lambda: pd.read_csv(DATA / "sleepstudy.csv"), dict(family="Gamma")),
    "cbpp_binomial": ("cbind(incidence, size - incidence) ~ period + (1 | herd)", cbpp,
                      dict(family="binomial")),
    "cbpp_prop": ("prop ~ period + (1 | herd)", cbpp, dict(family="binomial", weights="size")),
    "penicillin_crossed": ("diameter ~ 1 + (1 | plate) + (1 | sample)",
                           lambda: pd.read_csv(DATA / "penicillin.csv"), {}),
    "pastes_nested": ("strength ~ 1 + (1 | batch/cask)",
                      lambda: pd.read_csv(DATA / "pastes.csv"), {}),
}
_FITS = {}


def fitted(name):
    if name not in _FITS:
        f, data, kw = CASES[name]
        _FITS[name] = nt.glmm(f, data(), **kw)
    return _FITS[name]


def close(ours, ref, rel):
    """Equal to ``rel`` relative to the reference's scale (its largest magnitude)."""
    ours, ref = np.asarray(ours, dtype=float), np.asarray(ref, dtype=float)
    scale = max(np.max(np.abs(ref)), 1e-300)
    return np.max(np.abs(ours - ref)) <= rel * scale, np.max(np.abs(ours - ref)) / scale


@pytest.mark.parametrize("name", list(CASES))
def test_matches_glmmTMB(name):
    """The log-likelihood to 1e-6 relative (it is ~1e-11), estimates to 1e-4, SEs to 1e-3."""
    m, r = fitted(name), REF[name]
    assert m.converged
    assert m.logLik == pytest.approx(r["logLik"], rel=1e-6)
    assert m.AIC == pytest.approx(r["AIC"], rel=1e-6)
    assert m.BIC == pytest.approx(r["BIC"], rel=1e-6)
    assert m.df == r["df"]
    fe = m.fixef()
    assert list(fe.index) == list(r["fixef"])
    for ours, ref in zip(fe, r["fixef"].values()):
        assert abs(ours - ref) <= 1e-4 * max(1.0, abs(ref))
    se = np.sqrt(np.diag(m.vcov()))
    np.testing.assert_allclose(se, r["se"], rtol=1e-3)
    vc = m.VarCorr()
    sds = [s for _, _, sd, _, _ in vc.terms for s in sd]
    np.testing.assert_allclose(sds, r["sd"], rtol=1e-4)
    corr = [C[i, j] for _, _, _, C, cov in vc.terms if cov == "us"
            for j in range(len(C)) for i in range(j + 1, len(C))]
    np.testing.assert_allclose(corr, r["corr"], atol=1e-4)
    assert m.sigma() == pytest.approx(r["sigma"], rel=1e-4)


@pytest.mark.parametrize("name", ["sal_poisson", "sleep_us", "cbpp_binomial", "sal_nbinom2",
                                  "sleep_gamma", "pastes_nested"])
def test_ranef_predict_residuals_match_glmmTMB(name):
    m, r = fitted(name), REF[name]
    group, col, modes = r["ranef"]
    assert close(m.ranef()[group][col].to_numpy()[:5], modes, 1e-4)[0]
    long = m.ranef(condVar=True)
    sd = long[(long.grpvar == group) & (long.term == col)].condsd.to_numpy()[:5]
    np.testing.assert_allclose(sd, r["condsd"], rtol=1e-3)
    for kw, key in ((dict(), "pred_link"), (dict(re_form=nt.NA), "pred_pop")):
        p = m.predict(se=True, **kw)
        assert close(p["fit"].to_numpy()[:5], r[key], 1e-4)[0]
        np.testing.assert_allclose(p["se_fit"].to_numpy()[:5], r[key + "_se"], rtol=1e-3)
        np.testing.assert_allclose(m.predict(**kw)[:5], p["fit"][:5], rtol=1e-10)
    assert close(m.residuals("response")[:5], r["response"], 1e-4)[0]
    # glmmTMB 1.1.5's Pearson residuals leave sigma out of the gaussian and Gamma variances
    # (numtape's divide by the whole Var(y | mu): sigma^2, and mu^2 sigma^2)
    factor = m.sigma() if m.family.name in ("gaussian", "Gamma") else 1.0
    assert close(m.residuals("pearson")[:5] * factor, r["pearson"], 1e-4)[0]


def test_confint_matches_glmmTMB():
    m, (lo, hi) = fitted("cbpp_binomial"), REF["cbpp_binomial"]["confint_wald"]
    w = m.confint()
    assert list(w.index) == ["(Intercept)", "period2", "period3", "period4",
                             "Std.Dev.(Intercept)|herd"]
    np.testing.assert_allclose(w.iloc[:, 0], lo, rtol=1e-3)
    np.testing.assert_allclose(w.iloc[:, 1], hi, rtol=1e-3)
    lo, hi = REF["cbpp_binomial"]["confint_profile"]       # glmmTMB's theta row: log SD
    p = m.confint(method="profile")
    np.testing.assert_allclose(p.iloc[:4, 0], lo[:4], rtol=2e-3)
    np.testing.assert_allclose(p.iloc[:4, 1], hi[:4], rtol=2e-3)
    np.testing.assert_allclose(np.log(p.iloc[4, :2].to_numpy(float)), [lo[4], hi[4]],
                               rtol=5e-3)


def test_anova_likelihood_ratio_matches_glmmTMB():
    a = nt.anova(fitted("sal_nbinom2"), fitted("sal_poisson"))
    assert list(a["Df"]) == [9, 10]
    assert a["Chisq"].iloc[1] == pytest.approx(ANOVA_SAL["Chisq"], rel=1e-6)
    assert a["Pr(>Chisq)"].iloc[1] == pytest.approx(ANOVA_SAL["p"], rel=1e-4)
    assert fitted("sal_poisson").anova(fitted("sal_nbinom2")).equals(a)


def test_equal_models_written_differently():
    """(x || g), (1 | g) + (0 + x | g) and diag(x | g) are one model (glmmTMB's sleep_diag);
    string levels sort (minedyes instead of R's minedno: the same fit, the sign flipped)."""
    sl = pd.read_csv(DATA / "sleepstudy.csv")
    for f in ("Reaction ~ Days + (Days || Subject)",
              "Reaction ~ Days + (1 | Subject) + (0 + Days | Subject)"):
        m = nt.glmm(f, sl)
        assert m.logLik == pytest.approx(REF["sleep_diag"]["logLik"], rel=1e-9)
    d = salamanders()
    d["mined"] = d["mined"].astype(str)
    d["site"] = d["site"].astype(str)
    m = nt.glmm("count ~ mined + (1 | site)", {c: d[c].to_numpy() for c in d.columns},
                family="poisson", offset=np.log(d["sample"].to_numpy(float)))
    assert list(m.fixef().index) == ["(Intercept)", "minedyes"]
    assert m.fixef()["minedyes"] == pytest.approx(-REF["sal_offset"]["fixef"]["minedno"],
                                                  abs=1e-4)
    assert m.logLik == pytest.approx(REF["sal_offset"]["logLik"], rel=1e-9)


def test_identical_to_the_hand_written_model_of_the_example():
    """examples/glmm_paper.py's Poisson GLMM written as a formula: the same numbers."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("glmm_paper", ROOT / "examples" / "glmm_paper.py")
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    data = ex.read()
    start = {"beta": np.zeros(3), "logsigma": 0.0, "u": np.zeros(data["n_sites"])}
    hand = nt.fit(nt.MakeADFun(ex.nll, start, random="u", data=data), nobs=288)
    frame = pd.read_csv(ROOT / "examples" / "data" / "salamander_counts.csv")
    m = nt.glmm("count ~ mined + I(depth - 3) + (1 | site)", frame, family="poisson")
    assert list(m.fixef().index) == ["(Intercept)", "minedyes", "I(depth - 3)"]
    assert m.logLik == pytest.approx(hand.logLik, rel=1e-12)
    np.testing.assert_allclose(m.fixef(), hand.par[:3], rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(np.sqrt(np.diag(m.vcov())), hand.se[:3], rtol=1e-6)
    assert math.log(m.VarCorr().terms[0][2][0]) == pytest.approx(hand.par[3], abs=1e-6)


def test_predict_on_new_data():
    m = fitted("sal_poisson")
    d = salamanders()
    rows = d.iloc[[3, 10, 500]]
    np.testing.assert_allclose(m.predict(rows), m.predict()[[3, 10, 500]], rtol=1e-12)
    p = m.predict(rows, se=True, type="response")
    np.testing.assert_allclose(p["fit"], m.fitted()[[3, 10, 500]], rtol=1e-10)
    new = rows.copy()
    new["site"] = "a new site"             # unseen level: population level
    np.testing.assert_allclose(m.predict(new), m.predict(rows, re_form=nt.NA), rtol=1e-12)
    se = m.predict(new, se=True)["se_fit"]
    np.testing.assert_allclose(se, m.predict(rows, re_form=nt.NA, se=True)["se_fit"],
                               rtol=1e-10)


def test_simulate_and_model_residuals():
    m = fitted("sal_poisson")
    s = m.simulate(3, seed=1)
    assert list(s.columns) == ["sim_1", "sim_2", "sim_3"] and len(s) == m.nobs
    assert np.issubdtype(s["sim_1"].to_numpy().dtype, np.number)
    assert np.all(s.to_numpy() >= 0) and np.all(s.to_numpy() == np.round(s.to_numpy()))
    assert s.equals(m.simulate(3, seed=1))
    cond = m.simulate(200, seed=2, random="conditional").to_numpy().mean(axis=1)
    assert np.corrcoef(cond, m.fitted())[0, 1] > 0.95
    q = fitted("sal_nbinom2").residuals("quantile", seed=1)   # the Poisson's are overdispersed
    assert q.shape == (m.nobs,) and abs(np.mean(q)) < 0.2 and 0.8 < np.std(q) < 1.2
    g = fitted("sleep_us").residuals("osa")        # one-step-ahead, exact for gaussian
    assert g.shape == (180,) and 0.8 < np.std(g) < 1.2
    b = fitted("cbpp_binomial").simulate(2, seed=3).to_numpy()
    assert np.all(b <= cbpp()["size"].to_numpy()[:, None])


def test_printouts_and_tables():
    m = fitted("sleep_us")
    text = str(m.summary())
    for piece in (" Family: gaussian  ( identity )", "Reaction ~ Days + (Days | Subject)",
                  "AIC", "df.resid", "Subject  (Intercept)", "Days", "0.08", "Residual",
                  "Number of obs: 180, groups:  Subject, 18", "Std. Error", "z value",
                  "Pr(>|z|)", "(Intercept)"):
        assert piece in text, piece
    vc = m.VarCorr().to_dataframe()
    assert list(vc.grp) == ["Subject", "Subject", "Subject", "Residual"]
    assert vc.sdcor.iloc[2] == pytest.approx(REF["sleep_us"]["corr"][0], abs=1e-4)
    t = m.to_dataframe()
    assert list(t.term) == ["(Intercept)", "Days", "sd__(Intercept)", "sd__Days",
                            "cor__(Intercept).Days", "sd__Observation"]
    ct = m.coef_table()
    assert ct.loc["Days", "z value"] == pytest.approx(ct.loc["Days", "Estimate"]
                                                      / ct.loc["Days", "Std. Error"])
    assert "glmm gaussian" in repr(m)
    assert "Overdispersion" not in str(fitted("sal_nbinom2").summary())


@pytest.mark.parametrize("formula, bars", [
    ("y ~ x + (1 | g)", ["(1 | g)"]),
    ("y ~ x + (x | g)", ["(x | g)"]),
    ("y ~ (0 + x | g)", ["(0 + x | g)"]),
    ("y ~ 1 + (1 | g1/g2)", ["(1 | g2:g1)", "(1 | g1)"]),
    ("y ~ a*b + (1 | g1) + (1 | g2)", ["(1 | g1)", "(1 | g2)"]),
    ("y ~ diag(x | g) + us(1 | h)", ["diag(x | g)", "(1 | h)"]),
    ("y ~ x + (x || g)", ["diag(x | g)"]),
    ("y ~ x + ((1 | g))", ["(1 | g)"]),
])
def test_parse_bars(formula, bars):
    assert [str(b) for b in fm.parse(formula).bars] == bars


def test_parse_fixed_and_offsets():
    p = fm.parse("cbind(k, n - k) ~ a*b - 1 + offset(log(t)) + (1 | g)")
    assert (p.response, p.fixed, p.offsets) == ("cbind(k, n - k)", "a*b - 1", ["log(t)"])
    assert fm.parse("y ~ (1 | g)").fixed == "1"
    assert fm.r_name("mined[T.yes]:x") == "minedyes:x"
    assert fm.r_name("Intercept") == "(Intercept)"


@pytest.mark.parametrize("call, match", [
    (lambda d: nt.glmm("y ~ x + rr(0 + f | g)", d), r"rr\(\) .*not supported"),
    (lambda d: nt.glmm("y ~ x + toep(0 + f | g)", d), r"toep\(\)"),
    (lambda d: nt.glmm("y ~ x + (1 | g)", d, ziformula="~ x + (1 | g)"), "ziformula"),
    (lambda d: nt.glmm("y ~ x + (1 | g)", d, family="poisson", dispformula="~x"),
     "dispformula"),
    (lambda d: nt.glmm("y ~ x + (1 | g)", d, family="poisson", REML=True), "REML"),
    (lambda d: nt.glmm("y ~ x + (1 | g)", d, family="compois"), "compois.*not supported"),
    (lambda d: nt.glmm("y ~ x + (1 | g)", d, family="wald"), "unknown family"),
    (lambda d: nt.glmm("y ~ x + (1 | nope)", d), "'nope' is not a column"),
    (lambda d: nt.glmm("y ~ z + (1 | g)", d), "model matrix"),
    (lambda d: nt.glmm("y ~ x + 1 | g", d), "bar"),
    (lambda d: nt.glmm("y x", d), "one '~'"),
    (lambda d: nt.glmm("cbind(y, y) ~ x", d, family="poisson"), "binomial only"),
    (lambda d: nt.glmm("y ~ x", d, family="binomial"), "0/1"),
    (lambda d: nt.glmm("x ~ 1", d, family="poisson"), "whole counts"),
    (lambda d: nt.glmm("y ~ x", [1, 2]), "DataFrame or a dict"),
])
def test_clear_errors(call, match):
    d = {"y": np.array([1.0, 2, 3, 4, 5, 6]), "x": np.linspace(0.1, 1, 6),
         "g": np.array(list("aabbcc")), "f": np.array(list("pqpqpq"))}
    with pytest.raises((ValueError, NotImplementedError, TypeError, KeyError), match=match):
        call(d)


def test_a_glm_without_random_effects():
    """No bar term: a GLM, as statsmodels/R's glm would fit it (Poisson: glm's numbers)."""
    d = salamanders()
    m = nt.glmm("count ~ mined", d, family="poisson")
    ybar = d.groupby("mined", observed=True)["count"].mean()
    np.testing.assert_allclose(m.fixef(), [math.log(ybar["yes"]),
                                           math.log(ybar["no"] / ybar["yes"])], rtol=1e-7)
    assert m.ranef() == {} and "Random effects" not in str(m.summary())


def test_readme_example():
    """README.md, "Mixed models from a formula: `nt.glmm`": the printout shown there."""
    sal = pd.read_csv(DATA / "salamanders.csv")
    m = nt.glmm("count ~ spp + mined + (1 | site)", sal, family="nbinom2", data_name="sal")
    text = str(m.summary())
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index(" Family: nbinom2"):]
    for line in block[:block.index("...")].splitlines():
        assert line.rstrip() in [t.rstrip() for t in text.splitlines()], line
    assert m.logLik == pytest.approx(REF["sal_nbinom2"]["logLik"], rel=1e-9)
