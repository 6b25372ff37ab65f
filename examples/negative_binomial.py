"""Negative-binomial (NB2) regression by maximum likelihood, written with scipy.special.gammaln.

    y_i ~ NB(mean mu_i, dispersion r),   log mu_i = x_i . beta,   Var y_i = mu_i + mu_i^2 / r

    log p(y | mu, r) = gammaln(y + r) - gammaln(r) - gammaln(y + 1)
                       + r log(r / (r + mu)) + y log(mu / (r + mu))

Parameters are unconstrained: (beta, log r).  numtape records the negative log-likelihood once
(gammaln of a traced r records GammalnOp, whose derivative rule is digamma); SciPy's Newton-CG
then uses the tape's gradient and Hessian-vector products, and standard errors come from the
inverse of the tape's Hessian (the observed information).
"""
import importlib.util

import numpy as np
import scipy.special as sc
from scipy.optimize import minimize

import numtape as nt

BETA = np.array([0.8, 0.5, -0.4, 0.25])   # intercept and 3 covariates
R = 2.5                                  # dispersion


def simulate(n_obs, seed=3):
    """Design matrix (with an intercept) and counts drawn from the model at BETA, R."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([np.ones(n_obs), rng.standard_normal((n_obs, 3))])
    mu = np.exp(X @ BETA)
    return X, rng.negative_binomial(R, R / (R + mu)).astype(float)


def make_nll(X, y):
    """The negative log-likelihood of theta = (beta, log r)."""
    def nll(theta):
        beta, log_r = theta[:-1], theta[-1]
        eta = X @ beta
        r = np.exp(log_r)
        log_r_mu = np.logaddexp(log_r, eta)          # log(r + mu), no overflow
        ll = (sc.gammaln(y + r) - sc.gammaln(r) - sc.gammaln(y + 1.0)
              + r * (log_r - log_r_mu) + y * (eta - log_r_mu))
        return -np.sum(ll)
    return nll


def main(n_obs=2000, verbose=True):
    X, y = simulate(n_obs)
    F = nt.MakeTape(make_nll(X, y), np.zeros(5))
    fit = minimize(F, np.zeros(5), jac=F.gradient, hessp=F.hvp, method="Newton-CG",
                   options={"xtol": 1e-10})
    g, H = F.gradient(fit.x), F.hessian(fit.x)
    se = np.sqrt(np.diag(np.linalg.inv(H)))
    truth = np.append(BETA, np.log(R))
    assert np.all(np.abs(fit.x - truth) < 4.0 * se), (fit.x, truth, se)
    # a stationary point: the score is ~0 (Newton-CG stops at ~1e-5 on a likelihood of ~4000,
    # its line search out of precision) and the Newton step would gain < 1e-9 in the objective
    assert np.max(np.abs(g)) < 1e-3 and 0.5 * g @ np.linalg.solve(H, g) < 1e-9
    if verbose:
        print(F)
        print(f"{'':>8} {'estimate':>9} {'std. err':>9} {'truth':>7}")
        for name, est, s, t in zip(["b0", "b1", "b2", "b3", "log r"], fit.x, se, truth):
            print(f"{name:>8} {est:9.4f} {s:9.4f} {t:7.3f}")
        if importlib.util.find_spec("statsmodels") is not None:
            import statsmodels.api as sm               # optional cross-check, NB2 as here
            res = sm.NegativeBinomial(y, X, loglike_method="nb2").fit(disp=0)
            print("statsmodels beta:", np.round(res.params[:-1], 4),
                  " r:", round(1.0 / res.params[-1], 4))
    return F, fit, se


if __name__ == "__main__":
    main()
