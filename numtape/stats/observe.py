"""Observations marked in model code, so that the model simulates and explains itself.

``nt.OBS(y)`` marks data ``y`` as observed (RTMB's ``OBS``).  While a model is recorded or
evaluated it returns ``y`` unchanged.  When ``Fit.simulate`` or ``Fit.residuals`` run the
model's own code at the fitted parameters, it returns ``y`` as an ``Observed`` array, and the
distribution that is then evaluated at it (``nt.distributions.poisson.logpmf(y, mu)`` and the
other densities) draws a new ``y`` from itself, or computes the residual of ``y``, from the
parameters it was given.  The same code that computes the likelihood thus simulates new data
(as RTMB does), with no simulator written by hand.

Random effects are simulated the same way: ``Fit.simulate(random="sample")`` hands each
random-effect parameter to the model as an ``Observed`` array, so that its density (e.g.
``norm.logpdf(p["u"], 0, sigma)``) draws it, and evaluates the model again until every level
of the hierarchy is drawn before the observations are.
"""
from __future__ import annotations

import contextlib
import threading

import numpy as np

_state = threading.local()


class Observed(np.ndarray):
    """A plain array a density draws (or explains) when a simulation is active."""

    def __new__(cls, values, key):
        obj = np.array(values, dtype=np.float64).view(cls)
        obj.key = key
        return obj

    def __array_finalize__(self, obj):
        self.key = getattr(obj, "key", None)

    # what the model computes from an observation is a plain array: only the marked array
    # itself is drawn (a slice or a sum of it must not write a draw under its key)
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        inputs = [np.asarray(v) if type(v) is Observed else v for v in inputs]
        if "out" in kwargs:
            kwargs["out"] = tuple(np.asarray(v) if type(v) is Observed else v
                                  for v in kwargs["out"])
        return getattr(ufunc, method)(*inputs, **kwargs)

    def __getitem__(self, index):
        return np.asarray(self)[index]


def OBS(y):
    """Mark ``y`` (data) as an observation of the model: returns ``y``; in ``Fit.simulate`` and
    ``Fit.residuals`` the density evaluated at it draws or explains it (module docstring).

    >>> import numpy as np, numtape as nt
    >>> y = np.array([2.0, 0.0, 3.0])
    >>> nt.OBS(y) is y
    True
    """
    run = getattr(_state, "run", None)
    if run is None or hasattr(type(y), "__nt_traced__"):
        return y
    return run.observe(y)


class Run:
    """One evaluation of a model in simulation or residual mode: what its densities drew
    (``drawn``: key -> values), or the residuals they computed (``residuals``)."""

    def __init__(self, mode, rng, kind="quantile", traced=None, weights=None):
        self.mode, self.rng, self.kind = mode, rng, kind
        self.traced, self.offset = traced, 0
        self.weights, self.slices = weights, {}
        self.traced_at = {}   # id -> (traced observation, its slice) (mode "trace")
        self.discrete = {}   # key -> whether its density is a pmf (mode "explain")
        self.drawn, self.residuals, self.order = {}, {}, []
        self.sources = {}   # key -> the array OBS was given (to put draws back into the data)

    def keep_of(self, x):
        """The keep weights of a traced observation ``x`` (mode "trace" with weights), or
        None when ``x`` is not one OBS returned."""
        hit = self.traced_at.get(id(x))
        if hit is None or hit[0] is not x:
            return None
        return self.weights[hit[1]].reshape(np.shape(x))

    def weights_of(self, x):
        """The (keep, lower, lower1) weights of observation ``x`` (mode "osa")."""
        at = self.slices[x.key]
        return tuple(w[at].reshape(np.shape(x)) for w in self.weights)

    def observe(self, y):
        key = ("obs", len(self.order))
        self.order.append(key)
        self.sources[key] = y
        if self.mode == "osa":     # weights of each observation's terms (one-step residuals)
            n = int(np.size(y))
            self.slices[key] = slice(self.offset, self.offset + n)
            self.offset += n
        if self.mode == "trace":   # the observations as traced values (one-step residuals)
            n = int(np.size(y))
            part = self.traced[self.offset:self.offset + n].reshape(np.shape(y))
            self.traced_at[id(part)] = (part, slice(self.offset, self.offset + n))
            self.offset += n
            return part
        return Observed(np.asarray(y, dtype=np.float64), key)


def active():
    """The simulation or residual run in progress, or None."""
    return getattr(_state, "run", None)


@contextlib.contextmanager
def running(run):
    """Evaluate model code with ``run`` active (``OBS`` returns Observed arrays)."""
    previous = getattr(_state, "run", None)
    _state.run = run
    try:
        yield run
    finally:
        _state.run = previous


def simulate_or_explain(family, method, x, params, kwargs):
    """What a density evaluated at an Observed ``x`` does in the active run: draw ``x`` anew
    from ``family`` (scipy.stats' name, or a distribution object of numtape's own with
    scipy.stats' ``rvs``, ``cdf``, ``mean``, ``std`` and, for an atom, ``cdf_left``: P(Y < y))
    with the given parameters, written into ``x`` so the
    rest of the model sees the draw; or record its residuals.  Returns ``x`` (drawn or not)."""
    run = active()
    if run is None or type(x) is not Observed:
        return x
    import scipy.stats as ss
    if family == "multivariate_normal":   # x (..., d): one draw per leading index
        if run.mode != "simulate":
            raise ValueError("residuals: not defined for multivariate_normal observations")
        mean, cov = params
        draw = ss.multivariate_normal.rvs(np.broadcast_to(mean, x.shape[-1:]), cov,
                                          size=x.shape[:-1] or None, random_state=run.rng)
        x[...] = np.reshape(draw, x.shape)
        run.drawn[x.key] = np.array(x)
        return x
    dist = getattr(ss, family) if isinstance(family, str) else family
    shape = np.broadcast_shapes(np.shape(x), *(np.shape(p) for p in params),
                                *(np.shape(v) for v in kwargs.values()))
    if shape != np.shape(x):
        raise ValueError(f"OBS: the observation has shape {np.shape(x)}, but {family}.{method} "
                         f"broadcasts it to {shape}: give each observation its own parameters")
    if run.mode == "simulate":
        if family == "binom":   # NumPy's binomial draws need whole sizes as integers
            params = [np.round(params[0]).astype(np.int64), *params[1:]]
        x[...] = dist.rvs(*params, **kwargs, size=shape, random_state=run.rng)
        run.drawn[x.key] = np.array(x)
        return x
    run.residuals[x.key] = _residual(dist, method, np.asarray(x), params, kwargs, run.kind,
                                     run.rng)
    run.discrete[x.key] = method.endswith("pmf")
    return x


def simulate_or_explain_counts(family, x, params, p_zero=0.0, truncated=False):
    """``simulate_or_explain`` for a count distribution (scipy.stats' ``family``) that is
    zero-truncated (``truncated``: P(y | y > 0)) and/or zero-inflated (a zero with probability
    ``p_zero``, else a draw of the rest: with ``truncated``, a hurdle model).  Draws by
    inversion of the truncated CDF; residuals are randomized quantile ones of the mixture's
    CDF, p + (1 - p) F*(y) with F* the (truncated) count CDF."""
    run = active()
    if run is None or type(x) is not Observed:
        return x
    import scipy.stats as ss
    dist = getattr(ss, family)
    shape = np.shape(x)
    params = [np.broadcast_to(v, shape) for v in params]
    p_zero = np.broadcast_to(np.asarray(p_zero, dtype=np.float64), shape)
    f0 = dist.cdf(0.0, *params) if truncated else np.zeros(shape)

    def cdf(k):          # of the mixture, at whole k
        base = dist.cdf(k, *params)
        if truncated:
            base = np.where(k >= 1, (base - f0) / (1.0 - f0), 0.0)
        return np.where(k >= 0, p_zero + (1.0 - p_zero) * base, 0.0)

    if run.mode == "simulate":
        u = f0 + (1.0 - f0) * run.rng.uniform(size=shape)
        y = dist.ppf(u, *params) if truncated else dist.rvs(*params, size=shape,
                                                            random_state=run.rng)
        y = np.where(run.rng.uniform(size=shape) < p_zero, 0.0, y)
        x[...] = y
        run.drawn[x.key] = np.array(x)
        return x
    if run.mode != "explain" or run.kind != "quantile":
        raise NotImplementedError("residuals of zero-inflated or truncated counts: only "
                                  "type='quantile'")
    y = np.asarray(x)
    lower, upper = cdf(y - 1.0), cdf(y)
    u = lower + run.rng.uniform(size=shape) * (upper - lower)
    import scipy.special as sc
    run.residuals[x.key] = sc.ndtri(np.clip(u, 1e-300, 1.0 - 1e-16))
    run.discrete[x.key] = True
    return x


def _residual(dist, method, y, params, kwargs, kind, rng):
    """Pearson or randomized-quantile residuals of ``y`` under ``dist`` (discrete when the
    density is a pmf: P(Y < y) + U P(Y = y), Dunn and Smyth 1996)."""
    if kind == "pearson":
        mean = dist.mean(*params, **kwargs)
        sd = dist.std(*params, **kwargs)
        return (y - mean) / sd
    upper = dist.cdf(y, *params, **kwargs)
    if method.endswith("pmf") or hasattr(dist, "cdf_left"):   # randomized on atoms
        lower = dist.cdf(y - 1.0, *params, **kwargs) if method.endswith("pmf") else \
            dist.cdf_left(y, *params, **kwargs)
        u = lower + rng.uniform(size=np.shape(y)) * (upper - lower)
    else:
        u = upper
    import scipy.special as sc
    return sc.ndtri(np.clip(u, 1e-300, 1.0 - 1e-16))
