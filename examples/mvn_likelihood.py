"""A Gaussian-process likelihood with an unknown covariance, fitted by maximum likelihood.

Replicated series on a 1-D grid t_1..t_n share the exponential (continuous AR(1)) covariance

    K_ij = sigma^2 rho^|t_i - t_j|,   Y_k ~ N(mu 1, K),   k = 1..m,

with unconstrained parameters (mu, log sigma, logit rho).  The log-likelihood is written the way
one writes it in NumPy/SciPy: a Cholesky factor L of K, a triangular solve for the whitened
residuals (``nt.linalg.solve_triangular``, SciPy's signature), and log det K = 2 sum log diag L.
numtape records it once; SciPy's trust-exact uses the tape's gradient and Hessian.  The value is
checked against ``scipy.stats.multivariate_normal.logpdf`` at the start and at the optimum.
"""
import numpy as np
import scipy.special as sc
from scipy.optimize import minimize
from scipy.stats import multivariate_normal

import numtape as nt

TRUTH = np.array([1.0, np.log(1.5), sc.logit(0.7)])   # mu, log sigma, logit rho


def covariance(theta, dist):
    """sigma^2 rho^dist, on plain or traced parameters (rho^d as exp(d log rho))."""
    sigma2 = np.exp(2.0 * theta[1])
    return sigma2 * np.exp(dist * np.log(sc.expit(theta[2])))


def simulate(n=40, m=25, seed=5):
    """Grid distances |t_i - t_j| and m replicated series drawn at TRUTH."""
    rng = np.random.default_rng(seed)
    t = np.sort(rng.uniform(0.0, 10.0, n))
    dist = np.abs(t[:, None] - t[None, :])
    L = np.linalg.cholesky(covariance(TRUTH, dist))
    return dist, TRUTH[0] + rng.standard_normal((m, n)) @ L.T


def make_loglik(dist, Y):
    """The log-likelihood of theta = (mu, log sigma, logit rho) for the rows of Y."""
    m, n = Y.shape

    def loglik(theta):
        L = np.linalg.cholesky(covariance(theta, dist))
        Z = nt.linalg.solve_triangular(L, (Y - theta[0]).T, lower=True)   # L Z = Y - mu
        return (-0.5 * m * n * np.log(2.0 * np.pi) - m * np.sum(np.log(np.diag(L)))
                - 0.5 * np.sum(Z * Z))
    return loglik


def scipy_loglik(theta, dist, Y):
    """The same log-likelihood from scipy.stats (the reference)."""
    mean = np.full(Y.shape[1], theta[0])
    return np.sum(multivariate_normal.logpdf(Y, mean=mean, cov=covariance(theta, dist)))


def main(n=40, m=25, verbose=True):
    dist, Y = simulate(n, m)
    loglik = make_loglik(dist, Y)
    F = nt.MakeTape(lambda th: -loglik(th), np.zeros(3))
    start = np.array([0.0, 0.0, 0.0])
    np.testing.assert_allclose(-F(start), scipy_loglik(start, dist, Y), rtol=1e-12)
    fit = minimize(F, start, jac=F.gradient, hess=F.hessian, method="trust-exact",
                   options={"gtol": 1e-9})
    np.testing.assert_allclose(-F(fit.x), scipy_loglik(fit.x, dist, Y), rtol=1e-12)
    se = np.sqrt(np.diag(np.linalg.inv(F.hessian(fit.x))))
    assert np.max(np.abs(F.gradient(fit.x))) < 1e-6
    assert np.all(np.abs(fit.x - TRUTH) < 4.0 * se), (fit.x, TRUTH, se)
    if verbose:
        print(F)
        print(f"log-likelihood at the optimum: {-fit.fun:.6f} (scipy.stats: "
              f"{scipy_loglik(fit.x, dist, Y):.6f})")
        print(f"{'':>12} {'estimate':>9} {'std. err':>9} {'truth':>7}")
        for name, est, s, t in zip(["mu", "log sigma", "logit rho"], fit.x, se, TRUTH):
            print(f"{name:>12} {est:9.4f} {s:9.4f} {t:7.3f}")
    return F, fit, se


if __name__ == "__main__":
    main()
