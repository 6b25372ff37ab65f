"""``nt.bootstrap``: refit a ``MakeADFun`` model on simulated data sets, here or on Dask.

Replicate i draws its data set with ``simulate(rng)``, where ``rng`` is
``numpy.random.default_rng(SeedSequence(seed).spawn(n)[i])``: independent streams fixed by
the seed and i alone, so the estimates do not depend on how the replicates are shared among
workers.  The data set is recorded into the model (``MakeADFun(**obj.arguments, data=...)``,
what ``obj.with_data`` does: the model must be made with ``data=``) and fitted with
``scipy.optimize.minimize(obj.fn, start, jac=obj.gr)`` from the original estimate.  A
replicate whose simulation, recording or fit fails (an exception, no convergence, a
non-finite estimate) gives a row of NaN and is counted, never raised.

With a ``dask.distributed`` client, the model's construction arguments and ``simulate`` (user
code, carried by Dask's own cloudpickle) are scattered to every worker once, and the
replicates run in chunks, a few per worker thread.
"""
from __future__ import annotations

import numbers
import warnings

import numpy as np

from numtape.stats.adfun import ADFun, MakeADFun
from numtape.stats.fit import converged
from numtape.stats.simulate import simulate_data
from numtape.stats.parallel import check_client, chunk_count, dask_distributed, progress_bar
from numtape.tape.tape import as_real

# minimize's methods that take a Hessian: they get the exact obj.he
_HESS_METHODS = {"newton-cg", "dogleg", "trust-ncg", "trust-krylov", "trust-exact",
                 "trust-constr"}
COLUMNS = ("estimate", "mean", "sd", "2.5%", "97.5%", "failed")


def bootstrap(obj, simulate, n, client=None, seed=None, par=None, method="BFGS", options=None,
              progress=True):
    """Estimates of ``obj``'s model refitted on ``n`` data sets drawn by ``simulate(rng)``.

    Parameters
    ----------
    obj : ADFun
        A ``MakeADFun`` objective made with ``data=`` (module docstring).
    simulate : callable or None
        ``simulate(rng)`` -> a data set (what ``f(p, data)`` takes), ``rng`` a
        ``numpy.random.Generator`` of the replicate's own stream.  A parametric bootstrap
        closes over the estimate it simulates from.  None: the model simulates itself from
        the estimate (random effects, then its ``nt.OBS`` observations, drawn by its own
        densities), as ``Fit.simulate(random="sample")`` does.
    n : int
        Number of replicates (>= 0).
    client : distributed.Client, optional
        Refit on this client's workers; None: in this process.
    seed : int or sequence of int, optional
        Seed of ``numpy.random.SeedSequence``; None draws fresh entropy (kept as ``.seed``).
    par : array_like, optional
        The original estimate, where every refit starts; None fits ``obj`` from ``obj.par``
        first (RuntimeError if that fit fails).
    method : str
        ``scipy.optimize.minimize``'s method (those that take a Hessian get ``obj.he``).
    options : dict, optional
        ``minimize``'s options.
    progress : bool
        Show a progress bar: Dask's with a client, tqdm's locally (when installed).

    Returns
    -------
    BootstrapResult
        ``.estimates`` (n, len(obj.par)), NaN rows for failed fits; ``.summary()``.

    Examples
    --------
    >>> import numpy as np, numtape as nt
    >>> y = np.random.default_rng(1).normal(2.0, 1.0, 30)
    >>> def nll(p, y):
    ...     return -np.sum(nt.distributions.norm.logpdf(y, p["mu"], np.exp(p["logsd"])))
    >>> obj = nt.MakeADFun(nll, {"mu": 0.0, "logsd": 0.0}, data=y)
    >>> boot = nt.bootstrap(obj, lambda rng: rng.choice(y, y.size), 20, seed=1,
    ...                     progress=False)
    >>> boot.estimates.shape, boot.failed
    ((20, 2), 0)
    """
    if not isinstance(obj, ADFun):
        raise TypeError(f"bootstrap: obj must be a MakeADFun objective, got "
                        f"{type(obj).__name__}")
    if obj.data is None:
        raise ValueError("bootstrap: make the model with MakeADFun(f, parameters, data=...) "
                         "and f(p, data), so each simulated data set can be recorded into it")
    if simulate is not None and not callable(simulate):
        raise TypeError(f"bootstrap: simulate must be callable (rng -> data) or None (the "
                        f"model simulates itself), got {type(simulate).__name__}")
    if not isinstance(n, numbers.Integral) or isinstance(n, bool):
        raise TypeError(f"bootstrap: n must be an integer, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"bootstrap: n must be >= 0, got {n}")
    n = int(n)
    if client is not None:
        distributed = dask_distributed("nt.bootstrap(..., client=...)")
        check_client(client, distributed, "nt.bootstrap")
    seeds = np.random.SeedSequence(seed)
    job = Job(obj.arguments, simulate, None, method, options)
    if par is None:
        try:
            start = job.fit(obj)
        except Exception as e:
            raise RuntimeError(f"bootstrap: the fit to the original data failed ({e}); pass "
                               "the estimate as par=") from e
    else:
        start = as_real(par, "bootstrap: par").ravel().copy()
        if start.size != obj.par.size:
            raise ValueError(f"bootstrap: par has {start.size} values; the model has "
                             f"{obj.par.size} fixed parameters ({obj.names})")
    job.start = start
    if simulate is None:   # the model's own code draws its nt.OBS observations
        job.simulate = ModelSimulation(obj.arguments, obj.data, start)
    children = seeds.spawn(n)
    if client is None:
        todo = progress_bar(children, "bootstrap") if progress else children
        estimates, errors = job.run(todo, 0)
    else:
        shared = client.scatter(job, broadcast=True, hash=False)
        parts = np.array_split(np.arange(n), chunk_count(client, n)) if n else []
        futures = [client.submit(_run, shared, children[p[0]:p[-1] + 1], int(p[0]),
                                 pure=False) for p in parts if p.size]
        if progress:
            distributed.progress(futures)
        done = client.gather(futures)
        estimates = np.concatenate([e for e, _ in done] + [np.zeros((0, start.size))])
        errors = {i: msg for _, errs in done for i, msg in errs.items()}
    if n and len(errors) == n:
        first = errors[min(errors)]
        warnings.warn(f"bootstrap: every replicate failed; the first: {first}",
                      RuntimeWarning, stacklevel=2)
    return BootstrapResult(estimates, start, list(obj.labels), errors, seeds.entropy)


class Job:
    """What each replicate needs: the model's construction arguments, ``simulate``, the start
    and the optimizer's settings.  Picklable (Dask scatters it to the workers)."""

    def __init__(self, arguments, simulate, start, method, options):
        self.arguments, self.simulate, self.start = arguments, simulate, start
        self.method, self.options = method, options

    def fit(self, obj, start=None):
        """The minimizer of ``obj.fn`` from ``start`` (default ``obj.par``); raises
        RuntimeError when the optimizer does not converge to a finite point."""
        kw = dict(jac=obj.gr, method=self.method, options=self.options)
        if str(self.method).lower() in _HESS_METHODS:
            kw["hess"] = obj.he
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)   # inner failures: NaN, backed off
            import scipy.optimize   # on first use, not at every import (benchmarks/costs.py)
            res = scipy.optimize.minimize(obj.fn, obj.par if start is None else start, **kw)
        if not (np.all(np.isfinite(res.x)) and np.isfinite(res.fun)):
            raise RuntimeError("the optimizer stopped at a non-finite point")
        # judged by the gradient: a line search's "precision loss" at a minimum is no failure
        if not (res.success or converged(obj, res.x)):
            raise RuntimeError(f"no convergence: {res.message}")
        return res.x

    def replicate(self, seed):
        """The estimate on the data set ``simulate`` draws from stream ``seed``."""
        data = self.simulate(np.random.default_rng(seed))
        if data is None:
            raise ValueError("simulate returned None instead of a data set")
        return self.fit(MakeADFun(**self.arguments, data=data), self.start)

    def run(self, seeds, first):
        """(estimates, {replicate: error}) of the replicates ``first, first + 1, ...``."""
        estimates = np.full((len(seeds), self.start.size), np.nan)
        errors = {}
        for j, s in enumerate(seeds):
            try:
                estimates[j] = self.replicate(s)
            except Exception as e:   # counted, never raised (module docstring)
                errors[first + j] = f"{type(e).__name__}: {e}"
        return estimates, errors


class ModelSimulation:
    """``simulate`` for a model that marks its observations (``nt.OBS``): data sets drawn by
    the model's own code at ``par``, random effects drawn from their own densities first (a
    parametric bootstrap of the whole model).  Picklable: the model is recorded again where it
    runs."""

    def __init__(self, arguments, data, par):
        self.arguments, self.data, self.par = arguments, data, par
        self._obj = None

    def __getstate__(self):
        return {"arguments": self.arguments, "data": self.data, "par": self.par, "_obj": None}

    def __call__(self, rng):
        if self._obj is None:
            self._obj = MakeADFun(**self.arguments, data=self.data)
        return simulate_data(self._obj, self.par, rng, random="sample")


def _run(job, seeds, first):
    """A worker's task: replicates ``first, ...`` of ``job``."""
    return job.run(seeds, first)


class BootstrapResult:
    """What ``nt.bootstrap`` returns: ``estimates`` (n, n_par), NaN rows for failed fits;
    ``par`` (the original estimate); ``labels`` (one per parameter); ``errors``
    ({replicate: message}) and ``failed`` (their number); ``seed`` (the SeedSequence entropy
    that draws the same replicates again); ``summary()``; ``to_dataframe()``."""

    def __init__(self, estimates, par, labels, errors, seed):
        self.estimates, self.par, self.labels = estimates, par, labels
        self.errors, self.failed, self.seed = dict(sorted(errors.items())), len(errors), seed

    @property
    def n(self):
        return self.estimates.shape[0]

    def summary(self):
        """Per parameter: the original estimate, the bootstrap mean, sd, 2.5% and 97.5%
        quantiles over the successful fits, and the number of failed fits (a ``Summary``:
        printable, ``.values`` (n_par, 6), ``.to_dataframe()``)."""
        ok = self.estimates[np.all(np.isfinite(self.estimates), axis=1)]
        k = self.par.size
        if ok.shape[0]:
            q = np.quantile(ok, [0.025, 0.975], axis=0)
            sd = ok.std(axis=0, ddof=1) if ok.shape[0] > 1 else np.full(k, np.nan)
            stats = [ok.mean(axis=0), sd, q[0], q[1]]
        else:
            stats = [np.full(k, np.nan)] * 4
        values = np.column_stack([self.par] + stats + [np.full(k, float(self.failed))])
        title = (f"bootstrap: {self.n} replicates, {self.failed} failed "
                 f"(SeedSequence entropy {self.seed})")
        return Summary(title, list(self.labels), values)

    def to_dataframe(self):
        """The summary as a pandas DataFrame (pandas is an optional extra)."""
        return self.summary().to_dataframe()

    def __str__(self):
        return str(self.summary())

    __repr__ = __str__


class Summary:
    """A printable table: ``title``, ``index`` (row labels), ``columns``, ``values``."""

    columns = COLUMNS

    def __init__(self, title, index, values):
        self.title, self.index, self.values = title, index, values

    def __str__(self):
        width = max([len(s) for s in self.index] + [4])
        lines = [self.title, f"{'':<{width}}" + "".join(f" {c:>11}" for c in self.columns)]
        for name, row in zip(self.index, self.values):
            lines.append(f"{name:<{width}}" + "".join(f" {v:>11.5g}" for v in row[:-1])
                         + f" {int(row[-1]):>11d}")
        return "\n".join(lines)

    __repr__ = __str__

    def to_dataframe(self):
        """The table as a pandas DataFrame (rows: parameters; ``failed`` as integers)."""
        import pandas as pd
        df = pd.DataFrame(self.values, index=pd.Index(self.index, name="parameter"),
                          columns=list(self.columns))
        return df.astype({"failed": int})
