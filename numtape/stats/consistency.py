"""``Fit.check_consistency``: TMB's ``checkConsistency``."""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.special as sc

from numtape.stats.simulate import simulate_data


def check_consistency(fit, n=100, seed=None, par=None):
    """TMB's ``checkConsistency``: ``n`` data sets simulated at ``par`` (default the
    estimate), random effects drawn from their densities, and at each the gradient in the
    fixed parameters of the joint likelihood at the drawn random effects and of the
    (Laplace) marginal.  Both have mean zero when the simulation and the approximation
    are right: a ``Consistency`` with the p value of that hypothesis for each (a
    chi-square test on the mean score) and the marginal's implied bias of the estimates,
    -I^-1 mean(score) with I the scores' covariance.

    >>> import numpy as np
    >>> from numtape.stats.fit import _example_fit
    >>> m = _example_fit()
    >>> c = m.check_consistency(n=30, seed=1)
    >>> bool(c.marginal[0] > 0.01), sorted(c.bias)
    (True, ['b[a]', 'b[x]'])
    """
    if fit.obj.data is None:
        raise ValueError("check_consistency: make the model with MakeADFun(..., data=...) "
                         "so that simulated data sets can be recorded into it")
    p = fit.par if par is None else np.asarray(par, dtype=np.float64).ravel()
    rng = np.random.default_rng(seed)
    joint, marginal = [], []
    k = fit.obj.k
    for _ in range(n):
        data, params = simulate_data(fit.obj, p, rng, random="sample", complete=True)
        o = fit.obj.with_data(data)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            marginal.append(o.gr(p))
            if k:   # the drawn random effects at their places in z = (u, theta)
                u = np.zeros(k)
                for r in o.layout.random:
                    zi = o.layout.z_index(r)
                    u[zi[zi >= 0]] = np.ravel(params[r])[zi >= 0]
                joint.append(np.ravel(o.joint.gradient(np.concatenate([u, p])))[k:])
    return Consistency(fit.labels, p, np.array(joint) if k else None,
                       np.array(marginal))


class Consistency:
    """The result of ``Fit.check_consistency``: ``joint`` and ``marginal`` as (p value,
    bias) pairs; ``bias`` (the marginal's, labelled); ``print`` as TMB does."""

    def __init__(self, labels, par, joint, marginal):
        self.labels, self.par = labels, par
        self.scores = {"joint": joint, "marginal": marginal}
        self.joint = _score_test(joint)
        self.marginal = _score_test(marginal)

    @property
    def bias(self):
        return dict(zip(self.labels, self.marginal[1]))

    def __str__(self):
        pj = self.joint[0]
        lines = [f"simulation correct (joint score test): p = {pj:.4g}" if pj == pj else
                 "no random effects: the joint test does not apply"]
        lines.append(f"Laplace approximation (marginal score test): p = {self.marginal[0]:.4g}")
        lines.append("estimated bias of the estimates:")
        lines += [f"  {lab}: {b:.4g}" for lab, b in self.bias.items()]
        return "\n".join(lines)

    __repr__ = __str__


def _score_test(G):
    """(p value, bias) of scores G (n, p): q = n mu^T I^-1 mu against chi-square(p)."""
    if G is None or G.size == 0:
        return math.nan, np.full(0 if G is None else G.shape[1], math.nan)
    G = G[np.all(np.isfinite(G), axis=1)]
    n, npar = G.shape
    if n <= npar:
        raise ValueError(f"check_consistency: {n} finite simulations for {npar} parameters; "
                         "ask for more (n=)")
    mu = G.mean(axis=0)
    info = np.atleast_2d(np.cov(G.T))
    try:
        solved = np.linalg.solve(info, mu)
    except np.linalg.LinAlgError:
        return math.nan, np.full(npar, math.nan)
    q = float(n * mu @ solved)
    return float(sc.chdtrc(npar, q)), -solved
