"""A Poisson AR(1) state-space model with many latent states, fitted by the Laplace
approximation (the model of issue 9's benchmark; TMB's classic example).

    u_t = phi u_{t-1} + sd eps_t (stationary start),   y_t ~ Poisson(exp(mu + u_t))

phi = tanh(tphi) and sd = exp(logsd); the latent states u are random effects.  The inner
Hessian is tridiagonal, so every outer evaluation costs O(n): a sparse LDL^T (qdldl), the
selected inverse for the log-determinant's gradient, a few replays of the model's tapes.
"""
import time

import numpy as np
from scipy.optimize import minimize
from scipy.special import gammaln

import numtape as nt


def simulate(n, phi=0.8, sd=0.5, mu=1.0, seed=1):
    rng = np.random.default_rng(seed)
    u = np.zeros(n)
    u[0] = rng.standard_normal() * sd / np.sqrt(1 - phi ** 2)
    for t in range(1, n):
        u[t] = phi * u[t - 1] + sd * rng.standard_normal()
    return rng.poisson(np.exp(mu + u)).astype(float)


def make_nll(y):
    n = y.size

    def nll(p):
        u, phi, sd, mu = p["u"], np.tanh(p["tphi"]), np.exp(p["logsd"]), p["mu"]
        r = (u[1:] - phi * u[:-1]) / sd
        prior = (0.5 * (u[0] * np.sqrt(1 - phi ** 2) / sd) ** 2 - 0.5 * np.log(1 - phi ** 2)
                 + n * np.log(sd) + 0.5 * np.sum(r ** 2) + 0.5 * n * np.log(2 * np.pi))
        eta = mu + u
        nt.ADREPORT("phi", phi)
        nt.ADREPORT("sd", sd)
        return prior + np.sum(np.exp(eta) - y * eta + gammaln(y + 1))
    return nll


def make_objective(y):
    n = y.size
    start = {"tphi": 0.0, "logsd": 0.0, "mu": 0.0, "u": np.zeros(n)}
    return nt.MakeADFun(make_nll(y), start, random="u")


def main(n=10_000, verbose=True):
    y = simulate(n)
    t0 = time.perf_counter()
    obj = make_objective(y)
    t1 = time.perf_counter()
    fit = minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B")
    t2 = time.perf_counter()
    rep = nt.sdreport(obj, fit.x)
    if verbose:
        print(f"AR(1) Poisson model, {n} latent states: MakeADFun {t1 - t0:.2f} s, "
              f"fit {t2 - t1:.2f} s ({fit.nfev} evaluations), sdreport "
              f"{time.perf_counter() - t2:.2f} s")
        print(rep.format(("fixed", "report")))
        print("truth: phi 0.8, sd 0.5, mu 1")
    return obj, fit, rep


if __name__ == "__main__":
    main()
