"""The saddle-point approximation (``laplace(..., spa=True)``), two ways.

1. A Poisson density from its cumulant generating function K(s) = mu (e^s - 1): the
   saddle-point approximation of -log p(x) is exactly Stirling's formula for log x!.
2. The RTMB vignette's double Poisson: X = sum of N Poisson(muX) counts, N ~ Poisson(muN).
   Its density has no closed form, but its CGF K(s) = muN (exp(muX (e^s - 1)) - 1) does.  An
   inner tape of the saddle-point problem, built *inside* the model function, captures the
   outer parameters (nested tapes); its SPA tape is called there and the whole is fitted with
   MakeADFun and summarized with sdreport.
"""
import math

import numpy as np
from scipy.optimize import minimize

import numtape as nt


def poisson_spa(x, mu):
    F = nt.MakeTape(lambda s: np.sum(mu * (np.exp(s) - 1) - s * x), np.zeros(1))
    return float(F.laplace([0], spa=True)(np.zeros(0)))


def stirling(x, mu):
    """-log Poisson(x; mu) with Stirling's formula for log x!."""
    return mu - x * math.log(mu) + x * math.log(x) - x + 0.5 * math.log(2 * math.pi * x)


def simulate_double_poisson(n=100, muX=5.0, muN=10.0, seed=1):
    rng = np.random.default_rng(seed)
    x = np.array([rng.poisson(muX, rng.poisson(muN)).sum() for _ in range(n)], float)
    return x[x > 0]       # the SPA here needs non-zero observations (as in the vignette)


def nldens(obs, muX, muN):
    """-log density of the double Poisson by the SPA, from inside a recording."""
    def K(s):
        return muN * (np.exp(muX * (np.exp(s) - 1)) - 1)
    F = nt.MakeTape(lambda s: np.sum(K(s) - s * obs), np.ones(obs.size))
    return F.laplace(np.arange(obs.size), spa=True)(np.zeros(0))


def main(verbose=True):
    gaps = [poisson_spa(x, 4.0) - stirling(x, 4.0) for x in (1.0, 5.0, 50.0)]
    x = simulate_double_poisson()
    obj = nt.MakeADFun(lambda p: nldens(x, p["muX"], p["muN"]), {"muX": 1.0, "muN": 1.0})
    fit = minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B", bounds=[(1e-3, None)] * 2)
    rep = nt.sdreport(obj, fit.x)
    if verbose:
        print("SPA of a Poisson density - Stirling:", ["%.1e" % g for g in gaps])
        print(rep)
    return gaps, obj, fit, rep


if __name__ == "__main__":
    main()
