"""A Gaussian random-intercept model, where the Laplace approximation is exact.

    y_ij = mu + u_i + e_ij,   u_i ~ N(0, sdu^2),   e_ij ~ N(0, sde^2)

The joint negative log-density is quadratic in the random intercepts u, so integrating them out
by the Laplace approximation gives the exact marginal likelihood, which is also available in
closed form (y is multivariate normal with a block covariance).  The example checks the two
against each other, fits, and reports the random intercepts with their standard errors.
"""
import numpy as np
from scipy.optimize import minimize
from scipy.stats import multivariate_normal

import numtape as nt


def simulate(groups=10, per_group=6, mu=1.5, sdu=0.7, sde=0.4, seed=2):
    rng = np.random.default_rng(seed)
    group = np.repeat(np.arange(groups), per_group)
    y = mu + rng.normal(0, sdu, groups)[group] + rng.normal(0, sde, group.size)
    return y, group


def make_nll(y, group):
    def nll(p):
        u, sdu, sde = p["u"], np.exp(p["logsdu"]), np.exp(p["logsde"])
        nt.ADREPORT("sdu", sdu)
        nt.ADREPORT("sde", sde)
        return (-np.sum(nt.distributions.norm.logpdf(y, p["mu"] + u[group], sde))
                - np.sum(nt.distributions.norm.logpdf(u, 0.0, sdu)))
    return nll


def exact_nll(theta, y, group):
    """-log of the marginal likelihood in closed form."""
    mu, sdu, sde = theta[0], np.exp(theta[1]), np.exp(theta[2])
    C = sde ** 2 * np.eye(y.size) + sdu ** 2 * (group[:, None] == group[None, :])
    return -multivariate_normal.logpdf(y, np.full(y.size, mu), C)


def main(verbose=True):
    y, group = simulate()
    start = {"mu": 0.0, "logsdu": 0.0, "logsde": 0.0, "u": np.zeros(group.max() + 1)}
    obj = nt.MakeADFun(make_nll(y, group), start, random="u")
    gap = abs(obj.fn(obj.par) - exact_nll(obj.par, y, group))
    fit = minimize(obj.fn, obj.par, jac=obj.gr, hess=obj.he, method="trust-exact")
    rep = nt.sdreport(obj, fit.x)
    if verbose:
        print(f"Laplace - exact marginal at the start: {gap:.2e}")
        print(rep.format())
    return obj, fit, rep, gap


if __name__ == "__main__":
    main()
