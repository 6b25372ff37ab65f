"""Hamiltonian Monte Carlo written in Numba over a numtape log-posterior.

The negative log-posterior of a Bayesian logistic regression (6 coefficients, 150 rows, a
N(0, 2.5^2) prior) is recorded once as a tape; ``F.njit().value_and_grad`` puts its value and
gradient sweeps inside an ``@numba.njit`` sampler, so each leapfrog step costs one jitted call
and nothing returns to Python.  The same sampler written in Python calling ``F(x)`` and
``F.gradient(x)`` gives the time per gradient call it saves; the posterior mean is checked
against the MAP and the Laplace standard deviations (inverse Hessian, ``F.hessian``).
"""
import time

import numba
import numpy as np
from scipy.optimize import minimize

import numtape as nt


def simulate(n=150, d=6, seed=3):
    rng = np.random.default_rng(seed)
    X = np.column_stack([np.ones(n), rng.standard_normal((n, d - 1))])
    beta = np.array([0.3, 1.0, -0.8, 0.5, 0.0, -0.3])[:d]
    y = (rng.uniform(size=n) < 1.0 / (1.0 + np.exp(-X @ beta))).astype(float)
    return X, y


def make_neg_log_posterior(X, y, prior_sd=2.5):
    def U(beta):
        eta = X @ beta
        return np.sum(np.logaddexp(0.0, eta) - y * eta) + 0.5 * np.sum(beta ** 2) / prior_sd ** 2
    return U


@numba.njit
def hmc(value_and_grad, q0, n_samples, eps, n_leap, seed):
    """Samples of exp(-U) by HMC with an identity mass matrix; ``value_and_grad(q, g)``
    returns U(q) and writes its gradient into g."""
    np.random.seed(seed)
    d = q0.size
    q, g = q0.copy(), np.empty(d)
    u = value_and_grad(q, g)
    qn, gn = np.empty(d), np.empty(d)
    samples = np.empty((n_samples, d))
    accepted = 0
    for s in range(n_samples):
        p = np.random.standard_normal(d)
        h0 = u + 0.5 * (p @ p)
        qn[:], gn[:] = q, g
        p -= 0.5 * eps * gn
        for step in range(n_leap):
            qn += eps * p
            un = value_and_grad(qn, gn)
            if step < n_leap - 1:
                p -= eps * gn
        p -= 0.5 * eps * gn
        if np.log(np.random.random()) < h0 - (un + 0.5 * (p @ p)):
            q[:], g[:] = qn, gn
            u = un
            accepted += 1
        samples[s] = q
    return samples, accepted / n_samples


def hmc_python(F, q0, n_samples, eps, n_leap, seed):
    """The same sampler in Python, calling F.gradient (and F once per trajectory)."""
    rng = np.random.default_rng(seed)
    q = q0.copy()
    u, g = F(q), F.gradient(q)
    samples = np.empty((n_samples, q.size))
    accepted = 0
    for s in range(n_samples):
        p = rng.standard_normal(q.size)
        h0 = u + 0.5 * (p @ p)
        qn, gn = q.copy(), g
        p = p - 0.5 * eps * gn
        for step in range(n_leap):
            qn = qn + eps * p
            gn = F.gradient(qn)
            if step < n_leap - 1:
                p = p - eps * gn
        p = p - 0.5 * eps * gn
        un = F(qn)
        if np.log(rng.uniform()) < h0 - (un + 0.5 * (p @ p)):
            q, g, u = qn, gn, un
            accepted += 1
        samples[s] = q
    return samples, accepted / n_samples


def main(n_samples=4000, n_python=300, eps=0.06, n_leap=10, verbose=True):
    X, y = simulate()
    U = make_neg_log_posterior(X, y)
    F = nt.MakeTape(U, np.zeros(X.shape[1]))
    vg = F.njit().value_and_grad

    fit = minimize(F, np.zeros(X.shape[1]), jac=F.gradient, method="BFGS")
    sd = np.sqrt(np.diag(np.linalg.inv(F.hessian(fit.x))))

    hmc(vg, fit.x, 2, eps, n_leap, 0)                   # compile the sampler
    t = time.perf_counter()
    samples, acceptance = hmc(vg, fit.x, n_samples, eps, n_leap, 1)
    t_njit = (time.perf_counter() - t) / (n_samples * n_leap)
    t = time.perf_counter()
    samples_py, _ = hmc_python(F, fit.x, n_python, eps, n_leap, 1)
    t_python = (time.perf_counter() - t) / (n_python * n_leap)

    burn = n_samples // 10
    mean = samples[burn:].mean(axis=0)
    z = np.abs(mean - fit.x) / sd
    if verbose:
        print(F)
        print(f"MAP:            {np.round(fit.x, 3)}")
        print(f"posterior mean: {np.round(mean, 3)}  (HMC in Numba, {n_samples} draws, "
              f"acceptance {acceptance:.2f})")
        print(f"Laplace sd:     {np.round(sd, 3)};  |mean - MAP| / sd <= {z.max():.2f}")
        print(f"per gradient step: {1e6 * t_njit:.2f} us inside Numba (F.njit), "
              f"{1e6 * t_python:.2f} us from Python (F.gradient): "
              f"{t_python / t_njit:.1f}x")
    return {"mean": mean, "map": fit.x, "sd": sd, "max_z": float(z.max()),
            "acceptance": acceptance, "speedup": t_python / t_njit,
            "python_mean": samples_py.mean(axis=0)}


if __name__ == "__main__":
    main()
