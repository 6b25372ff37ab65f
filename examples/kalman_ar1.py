"""Fit a local-level AR(1) state-space model by maximum likelihood with a Kalman filter written
as a plain Python loop over scalars (the W2-style sequential workload).

    state   a_t = phi a_{t-1} + sigma_w eps_t,   observation y_t = a_t + sigma_v nu_t

Parameters are unconstrained: (atanh(phi), log sigma_w, log sigma_v).  numtape records the loop
once; SciPy's L-BFGS then calls value and gradient on the tape.
"""
import numpy as np
from scipy.optimize import minimize

import numtape as nt


def simulate(n, phi=0.8, sigma_w=0.5, sigma_v=0.3, seed=0):
    rng = np.random.default_rng(seed)
    a = np.zeros(n)
    for t in range(1, n):
        a[t] = phi * a[t - 1] + sigma_w * rng.standard_normal()
    return a + sigma_v * rng.standard_normal(n)


def make_nll(y):
    def nll(theta):
        phi = np.tanh(theta[0])
        q = np.exp(2.0 * theta[1])          # state noise variance
        r = np.exp(2.0 * theta[2])          # observation noise variance
        m, p = 0.0, q / (1.0 - phi * phi)   # stationary start
        total = 0.0
        for t in range(len(y)):
            s = p + r                        # innovation variance
            e = y[t] - m                     # innovation
            total = total + 0.5 * (np.log(2 * np.pi * s) + e * e / s)
            k = p / s
            m, p = phi * (m + k * e), phi * phi * p * (1.0 - k) + q
        return total
    return nll


def main(n=2000, verbose=True):
    y = simulate(n)
    nll = make_nll(y)
    F = nt.MakeTape(nll, np.zeros(3))
    fit = minimize(F, np.zeros(3), jac=F.gradient, method="L-BFGS-B")
    est = np.array([np.tanh(fit.x[0]), np.exp(fit.x[1]), np.exp(fit.x[2])])
    if verbose:
        print(F)
        print("estimates (phi, sigma_w, sigma_v):", np.round(est, 3), "truth: (0.8, 0.5, 0.3)")
        print("gradient at the optimum:", F.gradient(fit.x))
    return F, fit, est


if __name__ == "__main__":
    main()
