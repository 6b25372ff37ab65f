"""A model's own code evaluated on numbers with an observation run active
(numtape/stats/observe.py): the data sets ``Fit.simulate`` and ``nt.bootstrap`` draw."""
from __future__ import annotations

import numpy as np

from numtape.stats import observe


def evaluate(obj, params, run):
    """Run the model's code on plain numbers with ``run`` active."""
    f, data = obj.arguments["f"], obj.data
    with observe.running(run), np.errstate(all="ignore"):
        return f(params) if data is None else f(params, data)


def simulate_data(obj, par, rng, random="conditional", complete=False):
    """One data set from ``obj``'s model at ``par`` (``Fit.simulate``); with ``complete``,
    (data, the parameter dict it was drawn with: random effects drawn or at their modes)."""
    if random not in ("conditional", "sample"):
        raise ValueError(f"simulate: random must be 'conditional' or 'sample', got {random!r}")
    params = {k: np.array(v, dtype=np.float64) for k, v in obj.parameters(par).items()}
    pending = list(obj.layout.random) if random == "sample" else []
    while pending:   # one level of the hierarchy per pass: a density draws its random effect
        run = observe.Run("simulate", rng)
        given = dict(params)
        for r in pending:
            given[r] = observe.Observed(params[r], ("random", r))
        evaluate(obj, given, run)
        drawn = [r for r in pending if ("random", r) in run.drawn]
        if not drawn:
            raise ValueError(f"simulate: no density was evaluated at the random effects "
                             f"{pending} (write their density with p[name] as its first "
                             "argument, e.g. norm.logpdf(p['u'], 0, sigma))")
        for r in drawn:
            params[r] = run.drawn[("random", r)].reshape(params[r].shape)
        pending = [r for r in pending if r not in drawn]
    run = observe.Run("simulate", rng)   # the observations, given every random effect
    evaluate(obj, params, run)
    data = _put_back(obj.data, run)
    return (data, params) if complete else data


def _put_back(data, run):
    """The data with each OBS-marked array replaced by its draw."""
    drawn = [(run.sources[k], run.drawn[k]) for k in run.order if k in run.drawn]
    if not drawn:
        raise ValueError("simulate: the model marks no observation: wrap the data in "
                         "nt.OBS(y) where the likelihood uses it")

    def swap(v):
        for src, new in drawn:
            if v is src:
                return _like(src, new)
        if isinstance(v, dict):
            return {k: swap(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(swap(x) for x in v)
        return v
    if data is None:
        return [new for _, new in drawn]
    out = swap(data)
    if hasattr(data, "copy") and hasattr(data, "columns"):   # a DataFrame
        out = data.copy()
        for col in data.columns:
            for src, new in drawn:
                if np.shares_memory(np.asarray(data[col]), np.asarray(src)):
                    out[col] = _like(np.asarray(src), new)
    return out


def _like(src, new):
    """A draw shaped as its source, integer when the source was (counts stay counts)."""
    new = np.reshape(new, np.shape(src))
    dtype = getattr(src, "dtype", np.dtype(np.float64))
    return new.astype(dtype) if np.issubdtype(dtype, np.integer) else new
