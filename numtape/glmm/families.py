"""The response families of ``nt.glmm``, in glmmTMB's parameterizations.

Each family writes its log-likelihood with ``nt.distributions``, at ``nt.OBS`` of the response,
so the fit simulates and explains its data from it (``Fit.simulate``, ``Fit.residuals``);
zero-inflated and truncated count models are mixtures, which the model code draws and explains
itself (``observe.simulate_or_explain_counts``).  The dispersion parameter ``betadisp`` (one
value, or one per observation with ``dispformula``) is glmmTMB's ``betadisp`` on the same scale,
and ``sigma`` is what glmmTMB's ``sigma()`` reports:

| family | link | log-likelihood | betadisp | sigma |
|---|---|---|---|---|
| gaussian | identity | norm(y; mu, sd) | log sd^2 | sd |
| poisson | log | poisson(y; mu) | (none) | 1 |
| binomial | logit | binom(k; n, mu) | (none) | 1 |
| nbinom1 | log | nbinom2(y; mu, size = mu / alpha): Var = mu (1 + alpha) | log alpha | alpha |
| nbinom2 | log | nbinom2(y; mu, size = theta): Var = mu + mu^2 / theta | log theta | theta |
| Gamma | log | gamma(y; shape, scale = mu / shape) | log shape | 1 / sqrt(shape), the CV |
| beta_family | logit | beta(y; mu phi, (1 - mu) phi), Var mu (1 - mu) / (1 + phi) | log phi | phi |
| truncated_poisson | log | poisson(y; mu) / P(y > 0), y > 0 | (none) | 1 |
| truncated_nbinom2 | log | nbinom2(y; mu, theta) / P(y > 0), y > 0 | log theta | theta |
| tweedie | log | tweedie(y; mu, phi, power): Var = phi mu^power | log phi | phi |

Tweedie's power is one more parameter, ``psi`` (glmmTMB's name and scale: power = 1 +
expit(psi)); ``family_params``
reports the power itself.

With a zero-inflation model (``ziformula``) a zero has probability p + (1 - p) f(0), with
logit(p) the zero-inflation predictor; with a truncated family it is a hurdle model: zeros have
probability p and the rest (1 - p) times the truncated distribution.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import scipy.special as sc

from numtape.stats import distributions as D
from numtape.stats.observe import OBS


@dataclasses.dataclass(frozen=True)
class Family:
    """A response family: its name, link, whether it has a dispersion parameter, and its
    kind of response (``"counts"``, ``"positive"``, ``"nonnegative"``, ``"unit"``: in
    (0, 1), ``"real"``, ``"binomial"``)."""

    name: str
    link: str
    dispersion: bool      # has a betadisp parameter
    response: str = "real"

    @property
    def truncated(self):
        return self.name.startswith("truncated_")

    @property
    def has_power(self):
        """Whether the family has glmmTMB's ``psi`` parameter (tweedie's power)."""
        return self.name == "tweedie"

    @staticmethod
    def power(psi):
        """Tweedie's power from psi: 1 + expit(psi), in (1, 2) (numbers or traced)."""
        return 1.0 + sc.expit(psi)

    # ---- the likelihood (traced) -------------------------------------------------------
    def loglik(self, y, n, eta, betadisp, psi=None):
        """Per-observation log-likelihood terms; y the response (k for binomial), possibly
        OBS-marked, n the binomial sizes, psi tweedie's power parameter."""
        mu = self.inverse_link(eta)
        if self.name == "gaussian":
            return D.norm.logpdf(y, mu, np.exp(0.5 * betadisp))
        if self.name in ("poisson", "truncated_poisson"):
            ll = D.poisson.logpmf(y, mu)
            return ll - D.log1mexp(mu) if self.truncated else ll
        if self.name == "binomial":
            return D.binom.logpmf(y, n, mu)
        if self.name in ("nbinom2", "truncated_nbinom2"):
            size = np.exp(betadisp)
            ll = D.nbinom2_logpmf(y, mu, size)
            # P(0) = (size / (size + mu))^size
            return ll - D.log1mexp(size * np.log1p(mu / size)) if self.truncated else ll
        if self.name == "nbinom1":
            return D.nbinom2_logpmf(y, mu, mu / np.exp(betadisp))
        if self.name == "Gamma":
            shape = np.exp(betadisp)
            return D.gamma.logpdf(y, shape, 0.0, mu / shape)
        if self.name == "beta_family":
            phi = np.exp(betadisp)
            return D.beta.logpdf(y, mu * phi, (1.0 - mu) * phi)
        if self.name == "tweedie":
            return D.tweedie.logpdf(y, mu, np.exp(betadisp), self.power(psi))
        raise AssertionError(self.name)

    def scipy_counts(self, mu, betadisp):
        """(scipy.stats name, parameters) of the count distribution behind a count family, at
        numbers (truncation aside): what zero-inflated and hurdle models simulate from."""
        if self.name in ("poisson", "truncated_poisson"):
            return "poisson", [mu]
        size = np.exp(betadisp) if self.name != "nbinom1" else mu / np.exp(betadisp)
        return "nbinom", [size, size / (size + mu)]

    def inverse_link(self, eta):
        """The mean mu from the linear predictor (numbers or traced)."""
        if self.link == "identity":
            return eta
        if self.link == "log":
            return np.exp(eta)
        if self.link == "logit":
            return sc.expit(eta)
        if self.link == "probit":
            return sc.ndtr(eta)
        if self.link == "cloglog":
            return -np.expm1(-np.exp(eta))
        if self.link == "inverse":
            return 1.0 / eta
        raise AssertionError(self.link)

    def link_function(self, mu):
        """The linear predictor of mu (numbers: starting values)."""
        with np.errstate(all="ignore"):
            return {"identity": lambda m: m, "log": np.log, "logit": sc.logit,
                    "probit": sc.ndtri, "cloglog": lambda m: np.log(-np.log1p(-m)),
                    "inverse": lambda m: 1.0 / m}[self.link](mu)

    # ---- on numbers --------------------------------------------------------------------
    def sigma(self, betadisp):
        """The ``sigma()`` glmmTMB reports, from betadisp (module docstring)."""
        if not self.dispersion:
            return np.ones_like(np.asarray(betadisp, dtype=np.float64))
        if self.name == "gaussian":
            return np.exp(0.5 * betadisp)
        if self.name == "Gamma":
            return np.exp(-0.5 * betadisp)
        return np.exp(betadisp)

    def mean(self, mu, sigma):
        """E(Y) given the conditional mean parameter mu (truncated families: mu / P(y > 0))."""
        if self.name == "truncated_poisson":
            return mu / -np.expm1(-mu)
        if self.name == "truncated_nbinom2":
            return mu / -np.expm1(-sigma * np.log1p(mu / sigma))
        return mu

    def variance(self, mu, sigma, n=None, power=None):
        """Var(Y | mu) of one observation (of the proportion for binomial: mu(1-mu)/n;
        tweedie's needs its ``power``)."""
        if self.name == "gaussian":
            return np.full_like(mu, sigma ** 2) if np.ndim(sigma) == 0 else sigma ** 2
        if self.name == "poisson":
            return mu
        if self.name == "binomial":
            return mu * (1.0 - mu) / n
        if self.name == "nbinom1":
            return mu * (1.0 + sigma)
        if self.name == "nbinom2":
            return mu + mu ** 2 / sigma
        if self.name == "Gamma":
            return (mu * sigma) ** 2
        if self.name == "beta_family":
            return mu * (1.0 - mu) / (1.0 + sigma)
        if self.name == "tweedie":
            return sigma * mu ** power
        if self.name == "truncated_poisson":    # glmmTMB's truncated_poisson()$variance
            p = -np.expm1(-mu)
            return (mu + mu ** 2) / p - mu ** 2 / p ** 2
        if self.name == "truncated_nbinom2":
            p = -np.expm1(-sigma * np.log1p(mu / sigma))
            return (mu + mu ** 2 / sigma + mu ** 2) / p - (mu / p) ** 2
        raise AssertionError(self.name)

    def start(self, y, n):
        """A response on the link scale, for starting values."""
        if self.name == "gaussian" and self.link == "identity":
            return y
        if self.name == "binomial":
            mu = (y * n + 0.5) / (n + 1.0)
        elif self.response == "unit":
            mu = np.clip(y, 1e-3, 1.0 - 1e-3)
        elif self.response in ("counts", "nonnegative"):
            mu = np.maximum(y, 0.0) + 0.5
        else:
            mu = y
        return self.link_function(mu)

    @property
    def sigma_name(self):
        return {"gaussian": "Residual SD (sigma)", "nbinom1": "Overdispersion parameter",
                "nbinom2": "Overdispersion parameter",
                "truncated_nbinom2": "Overdispersion parameter",
                "Gamma": "Dispersion estimate (sigma^2)",
                "beta_family": "Precision parameter"}.get(self.name)


FAMILIES = {
    "gaussian": Family("gaussian", "identity", True),
    "poisson": Family("poisson", "log", False, "counts"),
    "binomial": Family("binomial", "logit", False, "binomial"),
    "nbinom1": Family("nbinom1", "log", True, "counts"),
    "nbinom2": Family("nbinom2", "log", True, "counts"),
    "Gamma": Family("Gamma", "log", True, "positive"),
    "beta_family": Family("beta_family", "logit", True, "unit"),
    "truncated_poisson": Family("truncated_poisson", "log", False, "counts"),
    "truncated_nbinom2": Family("truncated_nbinom2", "log", True, "counts"),
    "tweedie": Family("tweedie", "log", True, "nonnegative"),
}
ALIASES = {"normal": "gaussian", "gamma": "Gamma", "negative_binomial": "nbinom2",
           "negbin": "nbinom2", "nbinom": "nbinom2", "bernoulli": "binomial",
           "beta": "beta_family"}
REFUSED = ("betabinomial", "genpois", "compois", "truncated_nbinom1",
           "truncated_genpois", "truncated_compois", "lognormal", "ziGamma", "t",
           "skewnormal", "ordbeta", "bell")


LINKS = ("identity", "log", "logit", "probit", "cloglog", "inverse")


def family(name, link=None):
    """The ``Family`` of a name (glmmTMB's, case as there; a few aliases), with its default
    link or ``link`` (one of ``LINKS``)."""
    if link is not None and link not in LINKS:
        raise ValueError(f"glmm: unknown link {link!r} (links: {', '.join(LINKS)})")
    if isinstance(name, Family):
        return name if link is None else dataclasses.replace(name, link=link)
    if not isinstance(name, str):
        raise TypeError(f"glmm: family must be a string such as 'poisson', got "
                        f"{type(name).__name__}")
    key = ALIASES.get(name, name)
    if key in FAMILIES:
        fam = FAMILIES[key]
        return fam if link is None else dataclasses.replace(fam, link=link)
    if name in REFUSED:
        raise NotImplementedError(f"glmm: family {name!r} is not supported yet (supported: "
                                  f"{', '.join(FAMILIES)})")
    raise ValueError(f"glmm: unknown family {name!r} (supported: {', '.join(FAMILIES)})")


def observed(y):
    """The response as the model's observation (``nt.OBS``)."""
    return OBS(y)
