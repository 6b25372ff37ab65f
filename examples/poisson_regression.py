"""Poisson regression by maximum likelihood: vectorized NumPy taped as block nodes
(one MatMulOp for X @ beta), fitted with SciPy's BFGS, standard errors from the Jacobian of the
score (the observed information, computed as the Jacobian of a gradient written by hand)."""
import numpy as np
from scipy.optimize import minimize

import numtape as nt


def main(n_obs=5000, verbose=True):
    rng = np.random.default_rng(1)
    X = np.column_stack([np.ones(n_obs), rng.standard_normal((n_obs, 3))])
    beta_true = np.array([0.5, -0.3, 0.2, 0.1])
    y = rng.poisson(np.exp(X @ beta_true)).astype(float)

    def nll(beta):
        eta = X @ beta
        return np.sum(np.exp(eta) - y * eta)

    def score(beta):                       # d nll / d beta, written in NumPy
        return X.T @ (np.exp(X @ beta) - y)

    F = nt.MakeTape(nll, np.zeros(4))
    fit = minimize(F, np.zeros(4), jac=F.gradient, method="BFGS")
    S = nt.MakeTape(score, np.zeros(4))
    info = S.jacobian(fit.x)               # observed information
    se = np.sqrt(np.diag(np.linalg.inv(info)))
    if verbose:
        print(F)
        print("estimate:", np.round(fit.x, 3), "truth:", beta_true)
        print("std. err:", np.round(se, 4))
    return F, fit, se


if __name__ == "__main__":
    main()
