"""A Poisson GLMM: counts with a fixed effect of a covariate and a random intercept per site,
fitted with scipy.optimize on the Laplace approximation and summarized with sdreport.

    y_ij ~ Poisson(exp(b0 + b1 x_ij + u_i)),   u_i ~ N(0, sigma^2)
"""
import numpy as np
from scipy.optimize import minimize

import numtape as nt


def simulate(sites=30, per_site=20, b0=0.5, b1=-0.8, sigma=0.6, seed=4):
    rng = np.random.default_rng(seed)
    site = np.repeat(np.arange(sites), per_site)
    x = rng.normal(size=site.size)
    u = rng.normal(0, sigma, sites)
    y = rng.poisson(np.exp(b0 + b1 * x + u[site])).astype(float)
    return y, x, site


def make_nll(y, x, site):
    def nll(p):
        sigma = np.exp(p["logsigma"])
        eta = p["b0"] + p["b1"] * x + p["u"][site]
        nt.ADREPORT("sigma", sigma)
        nt.REPORT("fitted", np.exp(eta))
        return (-np.sum(nt.distributions.poisson.logpmf(y, np.exp(eta)))
                - np.sum(nt.distributions.norm.logpdf(p["u"], 0.0, sigma)))
    return nll


def main(verbose=True):
    y, x, site = simulate()
    start = {"b0": 0.0, "b1": 0.0, "logsigma": 0.0, "u": np.zeros(site.max() + 1)}
    obj = nt.MakeADFun(make_nll(y, x, site), start, random="u")
    fit = minimize(obj.fn, obj.par, jac=obj.gr, method="BFGS")
    rep = nt.sdreport(obj, fit.x)
    if verbose:
        print(rep)
        print(rep.format(("report",)))
        print("truth: b0 0.5, b1 -0.8, sigma 0.6")
    return obj, fit, rep


if __name__ == "__main__":
    main()
