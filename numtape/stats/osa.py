"""One-step-ahead residuals (TMB's ``oneStepPredict``): fullGaussian, oneStepGaussian and the
generic CDF method, from the model's own code with its ``nt.OBS`` observations
(``Fit.residuals``, ``Fit.one_step_cdf``)."""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.linalg

from numtape.stats import observe
from numtape.stats.adfun import ADFun
from numtape.stats.simulate import evaluate
from numtape.trace.make import MakeTape


def observations(fit):
    """The OBS arrays of the model (in call order) and their values, flat."""
    collect = observe.Run("explain", np.random.default_rng(0), "pearson")
    evaluate(fit.obj, fit.parameters(), collect)
    ys = [np.asarray(collect.sources[key], dtype=np.float64) for key in collect.order]
    if not ys:
        raise ValueError("residuals: the model marks no observation: wrap the data in "
                         "nt.OBS(y) where the likelihood uses it")
    return collect, ys, np.concatenate([v.ravel() for v in ys])


def full_gaussian(fit):
    """One-step-ahead residuals of a jointly Gaussian model: the joint density of (u, y)
    at the fitted theta, recorded with the observations traced; its Hessian H (constant:
    the model is quadratic in them), the mode mu of (u, y), and with Sigma_yy the y block
    of H^-1 = L L^T, residuals L^-1 (y - mu_y) (TMB's fullGaussian)."""
    obj, k = fit.obj, fit.obj.k
    _, ys, y = observations(fit)
    theta, f, data = fit.par, obj.arguments["f"], obj.data

    def joint(v):
        run = observe.Run("trace", None, traced=v[k:])
        params = obj.layout.expand(np.concatenate([v[:k], theta]))
        with observe.running(run):
            return f(params) if data is None else f(params, data)
    v0 = np.concatenate([obj.random_effects(theta), y])
    G = MakeTape(joint, v0)
    H = G.hessian(v0)
    g = G.gradient(v0)
    mode = v0 - np.linalg.solve(H, g)
    if not np.allclose(G.hessian(mode + 0.5), H, rtol=1e-8, atol=1e-10 * np.abs(H).max()):
        raise ValueError("residuals(type='osa'): the one-step-ahead residuals built here "
                         "are TMB's fullGaussian ones, for models whose random effects and "
                         "observations are jointly Gaussian; this model is not (its joint "
                         "density is not quadratic in them): use type='quantile'")
    S = np.linalg.inv(H)[k:, k:]
    L = np.linalg.cholesky(0.5 * (S + S.T))
    r = scipy.linalg.solve_triangular(L, y - mode[k:], lower=True)
    return per_call(r, ys)


def one_step_gaussian(fit):
    """One-step-ahead residuals by TMB's oneStepGaussian (``residuals``): the model
    recorded with the observations traced and a traced keep weight on each one's density;
    for each i, Newton over (u, y_i) with y_<i at their values and keep_j = [j <= i]: the
    mode of y_i is the predictive mean, the inverse curvature its variance."""
    obj, k = fit.obj, fit.obj.k
    _, ys, y = observations(fit)
    n = y.size
    theta, f, data = fit.par, obj.arguments["f"], obj.data

    def joint(v):   # v = (u, y, keep)
        run = observe.Run("trace", None, traced=v[k:k + n], weights=v[k + n:])
        params = obj.layout.expand(np.concatenate([v[:k], theta]))
        with observe.running(run):
            return f(params) if data is None else f(params, data)
    G = MakeTape(joint, np.concatenate([fit.obj.random_effects(theta), y, np.ones(n)]))
    u = fit.obj.random_effects(theta)
    idx = np.concatenate([np.arange(k), [0]]).astype(np.int64)
    r = np.empty(n)
    for i in range(n):
        idx[k] = k + i
        w = np.concatenate([u, y, (np.arange(n) <= i).astype(np.float64)])
        for _ in range(100):
            g = G.gradient(w)[idx]
            H = np.column_stack([G.hvp(w, _unit(w.size, j))[idx] for j in idx])
            step = np.linalg.solve(H, g)
            w[idx] -= step
            if np.max(np.abs(step)) <= 1e-12 * (1.0 + np.max(np.abs(w[idx]))):
                break
        H = np.column_stack([G.hvp(w, _unit(w.size, j))[idx] for j in idx])
        var = np.linalg.inv(H)[-1, -1]
        r[i] = (y[i] - w[k + i]) / math.sqrt(var)
        u = w[:k]
    return per_call(r, ys)


def one_step_cdf(fit):
    """The one-step-ahead probabilities of every ``nt.OBS`` observation, in order (TMB's
    generic CDF method, with the random effects integrated out by Laplace approximations):
    ``(P(Y_i < y_i | y_1..y_i-1), P(Y_i <= y_i | y_1..y_i-1))`` as two flat arrays (the
    first is the second for a continuous density), and whether each is discrete.

    The model is recorded once more with three traced weight vectors over the
    observations (keep: the density's term; lower: log P(Y <= y); lower1: log P(Y <=
    y - 1)), so each probability is a ratio of two Laplace marginals at the fitted theta:
    P(Y_i <= y_i | y_<i) = exp(nll(keep = 1 before i) - nll(same, lower_i = 1)).

    >>> from numtape.stats.fit import _example_fit
    >>> m = _example_fit()
    >>> p_lt, p_le, discrete, _ = m.one_step_cdf()
    >>> p_le.round(3), bool(discrete.all())
    (array([0.877, 0.393, 0.823, 0.614, 0.735, 0.557]), True)
    """
    obj = fit.obj
    collect, ys, y = observations(fit)
    n = y.size
    f = obj.arguments["f"]
    names = ("__keep__", "__lower__", "__lower1__")

    def weighted(params, *data):
        q = dict(params)
        weights = tuple(q.pop(k) for k in names)
        with observe.running(observe.Run("osa", None, weights=weights)):
            return f(q, *data)
    args = dict(obj.arguments)
    args.update(f=weighted, names=None,
                parameters={**obj.parameters(fit.par), **{k: np.zeros(n) for k in names}})
    wobj = ADFun(**args, data=obj.data)

    def nll(keep, lower, lower1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return float(wobj.fn(np.concatenate([fit.par, keep, lower, lower1])))
    discrete = discrete_observations(collect, ys)
    p_lt, p_le = np.zeros(n), np.zeros(n)
    zero = np.zeros(n)
    for i in range(n):
        keep = (np.arange(n) < i).astype(np.float64)
        base = nll(keep, zero, zero)
        e = np.zeros(n)
        e[i] = 1.0
        p_le[i] = math.exp(base - nll(keep, e, zero))
        if not discrete[i]:
            p_lt[i] = p_le[i]
        elif y[i] >= 1.0:
            p_lt[i] = math.exp(base - nll(keep, zero, e))
    return p_lt, p_le, discrete, ys


def cdf_residuals(fit, rng):
    """One-step-ahead residuals by the CDF method (``residuals``): Phi^-1 of P(Y_i <=
    y_i | y_<i), randomized between P(Y_i < y_i | ...) and it for counts."""
    p_lt, p_le, _, ys = one_step_cdf(fit)
    u = p_lt + rng.uniform(size=p_le.size) * (p_le - p_lt)
    r = np.array([_ndtri(min(max(v, 1e-300), 1.0 - 1e-16)) for v in u])
    return per_call(r, ys)


def discrete_observations(run, ys):
    """Whether each observation's density is a pmf (from the residual run's record)."""
    flags = []
    for key, v in zip(run.order, ys):
        flags += [run.discrete.get(key, False)] * v.size
    return np.array(flags)


def _unit(n, j):
    e = np.zeros(n)
    e[j] = 1.0
    return e


def _ndtri(u):
    import scipy.special
    return float(scipy.special.ndtri(u))


def per_call(r, ys):
    """Flat residuals ``r`` as one array per OBS call (shaped as its observations), or the one
    array of a model that marks one."""
    out, at = [], 0
    for v in ys:
        out.append(r[at:at + v.size].reshape(v.shape))
        at += v.size
    return out[0] if len(out) == 1 else out
