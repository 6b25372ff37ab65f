"""The response families of ``nt.glmm``, in glmmTMB's parameterizations.

Each family writes its log-likelihood with ``nt.distributions`` at ``nt.OBS`` of the
response, so the fit simulates and explains its data (``Fit.simulate``, ``Fit.residuals``).
The dispersion parameter ``betadisp`` is log sigma, sigma as glmmTMB's ``sigma()`` reports it:

| family | link | log-likelihood | sigma |
|---|---|---|---|
| gaussian | identity | norm(y; mu, sigma) | the residual SD |
| poisson | log | poisson(y; mu) | (none) |
| binomial | logit | binom(k; n, mu) | (none) |
| nbinom2 | log | nbinom2(y; mu, size=sigma): Var = mu + mu^2 / sigma | theta, the size |
| Gamma | log | gamma(y; shape = 1 / sigma^2, scale = mu sigma^2) | the CV |
"""
from __future__ import annotations

import dataclasses

import numpy as np
import scipy.special as sc

from numtape.stats import distributions as D
from numtape.stats.observe import OBS


@dataclasses.dataclass(frozen=True)
class Family:
    """A response family: its name, link and whether it has a dispersion parameter."""

    name: str
    link: str
    dispersion: bool      # has a betadisp parameter

    # ---- the likelihood (traced) -------------------------------------------------------
    def loglik(self, y, n, eta, betadisp):
        """Per-observation log-likelihood terms; y the OBS-marked response (k for binomial),
        n the binomial sizes."""
        if self.name == "gaussian":
            return D.norm.logpdf(y, eta, np.exp(betadisp))
        mu = self.inverse_link(eta)
        if self.name == "poisson":
            return D.poisson.logpmf(y, mu)
        if self.name == "binomial":
            return D.binom.logpmf(y, n, mu)
        if self.name == "nbinom2":
            return D.nbinom2_logpmf(y, mu, np.exp(betadisp))
        if self.name == "Gamma":
            shape = np.exp(-2.0 * betadisp)
            return D.gamma.logpdf(y, shape, 0.0, mu / shape)
        raise AssertionError(self.name)

    def inverse_link(self, eta):
        if self.link == "identity":
            return eta
        if self.link == "log":
            return np.exp(eta)
        if self.link == "logit":
            return sc.expit(eta)
        raise AssertionError(self.link)

    # ---- on numbers --------------------------------------------------------------------
    def variance(self, mu, sigma, n=None):
        """Var(Y | mu) of one observation (of the proportion for binomial: mu(1-mu)/n)."""
        if self.name == "gaussian":
            return np.full_like(mu, sigma ** 2)
        if self.name == "poisson":
            return mu
        if self.name == "binomial":
            return mu * (1.0 - mu) / n
        if self.name == "nbinom2":
            return mu + mu ** 2 / sigma
        if self.name == "Gamma":
            return (mu * sigma) ** 2
        raise AssertionError(self.name)

    def start(self, y, n):
        """A response on the link scale, for starting values."""
        if self.name == "gaussian":
            return y
        if self.name == "binomial":
            return sc.logit((y * n + 0.5) / (n + 1.0))
        return np.log(np.maximum(y, 0.0) + (0.5 if self.name != "Gamma" else 0.0))

    @property
    def sigma_name(self):
        return {"gaussian": "Residual SD (sigma)", "nbinom2": "Overdispersion parameter",
                "Gamma": "Dispersion estimate (sigma^2)"}.get(self.name)


FAMILIES = {
    "gaussian": Family("gaussian", "identity", True),
    "poisson": Family("poisson", "log", False),
    "binomial": Family("binomial", "logit", False),
    "nbinom2": Family("nbinom2", "log", True),
    "Gamma": Family("Gamma", "log", True),
}
ALIASES = {"normal": "gaussian", "gamma": "Gamma", "negative_binomial": "nbinom2",
           "negbin": "nbinom2", "nbinom": "nbinom2", "bernoulli": "binomial"}
REFUSED = ("nbinom1", "beta_family", "betabinomial", "tweedie", "genpois", "compois",
           "truncated_poisson", "truncated_nbinom1", "truncated_nbinom2", "lognormal",
           "ziGamma", "t", "skewnormal", "ordbeta", "bell")


def family(name):
    """The ``Family`` of a name (glmmTMB's, case as there; a few aliases)."""
    if isinstance(name, Family):
        return name
    if not isinstance(name, str):
        raise TypeError(f"glmm: family must be a string such as 'poisson', got "
                        f"{type(name).__name__}")
    key = ALIASES.get(name, name)
    if key in FAMILIES:
        return FAMILIES[key]
    if name in REFUSED:
        raise NotImplementedError(f"glmm: family {name!r} is not supported yet (supported: "
                                  f"{', '.join(FAMILIES)})")
    raise ValueError(f"glmm: unknown family {name!r} (supported: {', '.join(FAMILIES)})")


def observed(y):
    """The response as the model's observation (``nt.OBS``)."""
    return OBS(y)
