"""``nt.MakeADFun``: TMB's objective function object, for model code written in plain NumPy.

``f`` takes a dict of traced parameter arrays and returns the negative log-likelihood.  It is
recorded once, over the flat vector z = (u, theta) of the *free* entries: random effects u
first, then the fixed parameters theta, after ``map`` has fixed entries (at their start values)
and tied others to one value.  Values marked in ``f`` with ``nt.REPORT(name, value)`` and
``nt.ADREPORT(name, value)`` are extra outputs of the same recording, split off into their own
tapes.  With ``random``, the objective is the Laplace approximation over u
(``numtape.stats.laplace``), whose inner Newton solve is warm-started from the last solution;
an inner failure makes ``fn``/``gr`` return NaN with a warning, so an optimizer's line search
backs off, and the next call starts from the last good solution.

With ``data=``, ``f`` is called as ``f(p, data)`` and the objective remembers its construction
arguments, so ``obj.with_data(new_data)`` records the same model on other data (what
``nt.bootstrap`` does for each simulated data set).

>>> import numpy as np, numtape as nt
>>> y = np.array([1.2, 0.7, 2.1])
>>> def nll(p):
...     return -np.sum(nt.distributions.norm.logpdf(y, p["mu"], np.exp(p["logsd"])))
>>> obj = nt.MakeADFun(nll, {"mu": 0.0, "logsd": 0.0})
>>> obj.names, obj.fn(obj.par).round(4)
(['mu', 'logsd'], np.float64(5.9268))
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from numtape.errors import NewtonError
from numtape.stats.laplace import InnerProblem, NewtonOptions, laplace_of, newton_node_of
from numtape.tape import blas
from numtape.tape.tape import as_real
from numtape.trace.make import MakeTape

_COLLECTORS = []   # the MakeADFun recordings in progress (innermost last)


def REPORT(name, value):
    """Mark ``value`` as reported under ``name``: ``obj.report(p)`` returns it (no derivatives).
    Outside a MakeADFun recording it does nothing.  Returns ``value``."""
    if _COLLECTORS:
        _COLLECTORS[-1].add("report", name, value)
    return value


def ADREPORT(name, value):
    """Mark ``value`` for ``sdreport``: its estimate and standard error by the delta method.
    Outside a MakeADFun recording it does nothing.  Returns ``value``."""
    if _COLLECTORS:
        _COLLECTORS[-1].add("adreport", name, value)
    return value


class _Collector:
    def __init__(self):
        self.values = {"report": {}, "adreport": {}}

    def add(self, kind, name, value):
        if not isinstance(name, str):
            raise TypeError(f"{kind.upper()}: the name must be a string, got {name!r}")
        self.values[kind][name] = value


class Layout:
    """Where each parameter entry lives: a free entry of z, or fixed at its start value."""

    def __init__(self, parameters, random, map, labels=None):
        if not isinstance(parameters, dict) or not parameters:
            raise TypeError("MakeADFun: parameters must be a non-empty dict of name -> array")
        self.start, element = {}, {}
        labels = dict(labels or {})
        for name in labels:
            if name not in parameters:
                raise ValueError(f"MakeADFun: names= labels {name!r}, which is not a parameter "
                                 f"(parameters: {list(parameters)})")
        for name, v in parameters.items():
            if not isinstance(name, str):
                raise TypeError(f"MakeADFun: parameter names must be strings, got {name!r}")
            given = labels.get(name)
            if given is None and hasattr(v, "index") and not isinstance(v, np.ndarray):
                given = v.index        # a pandas Series labels its own entries
            self.start[name] = as_real(v, f"parameter {name!r}").copy()
            element[name] = element_labels(name, self.start[name], given)
        random = [random] if isinstance(random, str) else list(random or [])
        for r in random:
            if r not in self.start:
                raise ValueError(f"MakeADFun: random effect {r!r} is not a parameter "
                                 f"(parameters: {list(self.start)})")
        map = dict(map or {})
        for m in map:
            if m not in self.start:
                raise ValueError(f"MakeADFun: map names {m!r}, which is not a parameter")
        self.random = random
        # free index per parameter entry (-1: fixed), random groups first
        self.index, names, starts = {}, {"random": [], "fixed": []}, {"random": [], "fixed": []}
        elements = {"random": [], "fixed": []}
        for part in ("random", "fixed"):
            for name, v in self.start.items():
                if (name in random) != (part == "random"):
                    continue
                flat = v.ravel()
                idx = np.empty(flat.size, dtype=np.int64)
                if name in map:
                    labels = np.asarray(map[name], dtype=object).ravel()
                    if labels.size != flat.size:
                        raise ValueError(f"MakeADFun: map[{name!r}] has {labels.size} labels; "
                                         f"the parameter has {flat.size} entries")
                    seen = {}
                    for i, lab in enumerate(labels):
                        if lab is None or (isinstance(lab, float) and math.isnan(lab)):
                            idx[i] = -1
                            continue
                        if lab not in seen:
                            seen[lab] = len(names[part])
                            names[part].append(name)
                            starts[part].append(flat[i])
                            elements[part].append(element[name][i])
                        idx[i] = seen[lab]
                else:
                    idx[:] = np.arange(len(names[part]), len(names[part]) + flat.size)
                    names[part] += [name] * flat.size
                    starts[part] += list(flat)
                    elements[part] += element[name]
                self.index[name] = (part, idx)
        self.k = len(names["random"])
        self.names = names["fixed"]
        self.random_names = names["random"]
        self.labels, self.random_labels = elements["fixed"], elements["random"]
        self.u0 = np.array(starts["random"], dtype=np.float64)
        self.par = np.array(starts["fixed"], dtype=np.float64)
        if self.random and self.k == 0:
            empty = [n for n in self.random if self.start[n].size == 0]
            if len(empty) == len(self.random):
                raise ValueError(f"MakeADFun: the random effects {', '.join(self.random)} have "
                                 "no entries (size 0): there is nothing to integrate out; "
                                 "leave random= out for a model without random effects")
            raise ValueError("MakeADFun: every random effect is fixed by map")

    def z_index(self, name):
        """Position in z = (u, theta) of each entry of parameter ``name`` (-1: fixed)."""
        part, idx = self.index[name]
        return np.where(idx < 0, -1, idx + (0 if part == "random" else self.k))

    def expand(self, z):
        """The parameter dict (traced or numeric) for free values z."""
        out = {}
        for name, v in self.start.items():
            zi = self.z_index(name)
            if np.all(zi < 0):
                out[name] = v
                continue
            pool = np.concatenate([z, v.ravel()])   # fixed entries read their start value
            gather = np.where(zi < 0, z.shape[0] + np.arange(zi.size), zi)
            out[name] = pool[gather].reshape(v.shape)
        return out


def element_labels(name, value, given=None):
    """A label per entry of parameter ``name``: ``name`` for a scalar, ``name[i]`` (or
    ``name[i,j]``) by default, ``name[label]`` from ``given`` (a list, a pandas Index or
    Series' index; one distinct label per entry)."""
    if given is not None:
        given = [str(v) for v in (given.tolist() if hasattr(given, "tolist") else given)]
        if len(given) != value.size:
            raise ValueError(f"MakeADFun: {len(given)} labels for parameter {name!r}, which has "
                             f"{value.size} entries")
        if len(set(given)) != len(given):
            raise ValueError(f"MakeADFun: the labels of parameter {name!r} repeat: {given}")
        return [f"{name}[{g}]" for g in given]
    if value.ndim == 0:
        return [name]
    if value.ndim == 1:
        return [f"{name}[{i}]" for i in range(value.size)]
    return [f"{name}[{','.join(map(str, i))}]" for i in np.ndindex(value.shape)]


class ADFun:
    """The objective of ``MakeADFun`` (module docstring).  Attributes: ``par`` (start of the
    fixed parameters), ``names`` (the parameter each entry of ``par`` belongs to),
    ``labels`` (a distinct label per entry: ``beta[0]``, or ``beta[x]`` from ``names=``),
    ``random_names``, ``random_labels``, ``joint`` (the tape of z = (u, theta)),
    ``objective`` (the tape of theta that ``fn``/``gr``/``he`` evaluate), ``data``
    (``MakeADFun``'s ``data=``, or None) and ``arguments`` (its other arguments, parameters
    at their start values: ``with_data`` and ``nt.bootstrap`` record the model again from
    them)."""

    def __init__(self, f, parameters, random=None, map=None, newton=None, data=None,
                 names=None):
        if not callable(f):
            raise TypeError(f"MakeADFun: f must be callable, got {type(f).__name__}")
        self.layout = L = Layout(parameters, random, map, names)
        self.par, self.names, self.random_names = L.par.copy(), list(L.names), L.random_names
        self.labels, self.random_labels = list(L.labels), list(L.random_labels)
        self.k = L.k
        # what with_data() needs to record the same model on other data
        self.arguments = dict(f=f, parameters=dict(L.start), random=random,
                              map=None if map is None else dict(map), newton=newton,
                              names=_plain_labels(L, parameters, names))
        self.data = data
        collector = _Collector()

        def record(z):
            _COLLECTORS.append(collector)
            try:
                value = f(L.expand(z)) if data is None else f(L.expand(z), data)
            finally:
                _COLLECTORS.pop()
            if np.size(value) != 1:
                raise ValueError(f"MakeADFun: f must return a scalar; it returned shape "
                                 f"{np.shape(value)}")
            parts = [np.reshape(value, (1,))]
            for kind in ("adreport", "report"):
                parts += [np.reshape(v, (-1,)) + 0.0 for v in collector.values[kind].values()]
            out = np.concatenate(parts)
            return out if len(parts) > 1 else out[0]   # without reports: the joint itself
        n = L.k + L.par.size
        z0 = np.concatenate([L.u0, L.par])
        full = MakeTape(record, z0)
        self._shapes = {kind: {name: np.shape(v) for name, v in vals.items()}
                        for kind, vals in collector.values.items()}
        sizes = {kind: [int(np.prod(s)) for s in shapes.values()]
                 for kind, shapes in self._shapes.items()}
        n_ad = sum(sizes["adreport"])
        self.joint = (full.simplify("eliminate") if full.out_shape == () else
                      _select(full, np.array([0]), n, scalar=True))
        # the ADREPORT and REPORT tapes are selected from ``full`` when first asked for
        self._full, self._n = full, n
        self._picks = {"adreport": 1 + np.arange(n_ad),
                       "report": 1 + n_ad + np.arange(sum(sizes["report"]))}
        self._selected = {}
        if L.k:
            self.problem = InnerProblem(self.joint, L.k, NewtonOptions(
                start=L.u0, **(newton or {})))
            self.objective = laplace_of(self.problem)
            self._node = newton_node_of(self.objective)
        else:
            self.problem = self._node = None
            self.objective = self.joint
        self._cache = {}
        self.best = (math.inf, self.par.copy())   # (value, par): the lowest fn seen

    @property
    def adreport_tape(self):
        """The tape of z = (u, theta) -> the ADREPORTed values, flattened in report order."""
        return self._selection("adreport")

    @property
    def report_tape(self):
        """The tape of z = (u, theta) -> the REPORTed values, flattened in report order."""
        return self._selection("report")

    def _selection(self, kind):
        t = self._selected.get(kind)
        if t is None:
            idx = self._picks[kind]
            t = self._selected[kind] = (_select(self._full, idx, self._n) if idx.size else
                                        MakeTape(lambda z: z[:0], np.zeros(self._n)))
        return t

    def with_data(self, data):
        """The same model (``f``, parameters' start values, ``random``, ``map``, ``newton``)
        recorded on ``data``: a new objective, this one unchanged.  The objective must have
        been made with ``MakeADFun(..., data=...)``.

        >>> import numpy as np, numtape as nt
        >>> def nll(p, y):
        ...     return 0.5 * np.sum((y - p["mu"]) ** 2)
        >>> obj = nt.MakeADFun(nll, {"mu": 0.0}, data=np.array([1.0, 2.0]))
        >>> obj.fn([0.0]), obj.with_data(np.array([3.0])).fn([0.0])
        (np.float64(2.5), np.float64(4.5))
        """
        if self.data is None:
            raise ValueError("with_data: this objective was made without data=; make it with "
                             "MakeADFun(f, parameters, data=...) and f(p, data)")
        if data is None:
            raise ValueError("with_data: data must not be None (f is called as f(p, data))")
        return ADFun(**self.arguments, data=data)

    # ---- the optimizer's interface ---------------------------------------------------------
    def _theta(self, p):
        p = as_real(p, "par").ravel()
        if p.size != self.par.size:
            raise ValueError(f"par has {p.size} values; this objective has {self.par.size} "
                             f"fixed parameters ({self.names})")
        return p

    def _guarded(self, what, fn, p, fallback):
        try:   # one BLAS pin for the whole evaluation: its many small sweeps only nest
            with np.errstate(all="ignore"), blas.pinned():
                return fn(p)
        except (NewtonError, np.linalg.LinAlgError) as e:
            warnings.warn(f"{what}: the inner problem failed at par={p}; returning NaN so the "
                          f"optimizer can back off ({e})", RuntimeWarning, stacklevel=3)
            return fallback

    def _evaluate(self, p):
        """(value, gradient) at p, kept for the next call at the same p: optimizers ask for
        both at each point, and one forward and one reverse sweep give both."""
        key = p.tobytes()
        if self._cache.get("key") != key:
            def both(q):
                v, g = self.objective.value_and_grad(q)
                return v, np.asarray(g, dtype=np.float64).ravel()
            v, g = self._guarded("fn/gr", both, p, (math.nan, np.full(p.size, math.nan)))
            self._cache = {"key": key, "value": v, "gradient": g}
            if v < self.best[0]:
                self.best = (v, p.copy())
        return self._cache["value"], self._cache["gradient"]

    def fn(self, p):
        """The objective at fixed parameters ``p`` (Laplace-marginal with random effects)."""
        return np.float64(self._evaluate(self._theta(p))[0])

    def gr(self, p):
        """The gradient of ``fn`` at ``p`` (exact)."""
        return self._evaluate(self._theta(p))[1].copy()

    def he(self, p):
        """The Hessian of ``fn`` at ``p`` (exact: no finite differences)."""
        p = self._theta(p)
        return self._guarded("he", lambda q: self.objective.hessian(q), p,
                             np.full((p.size, p.size), math.nan))

    # ---- what the model computed -----------------------------------------------------------
    def random_effects(self, p):
        """u_hat(p), the inner optimum (empty without random effects)."""
        p = self._theta(p)
        if not self.k:
            return np.zeros(0)
        return self._node.value(np.concatenate([p, np.zeros(self._node.pad)]))

    def z(self, p):
        """The free vector (u_hat(p), p)."""
        p = self._theta(p)
        return np.concatenate([self.random_effects(p), p])

    def parameters(self, p=None):
        """Every parameter as a dict of arrays at ``p`` (random effects at their optimum),
        like TMB's ``obj$env$parList()``."""
        z = self.z(self.best[1] if p is None else p)
        return {k: np.array(v) for k, v in self.layout.expand(z).items()}

    def report(self, p=None):
        """The values marked with ``nt.REPORT`` at ``p`` (default: the best par seen)."""
        z = self.z(self.best[1] if p is None else p)
        return self._unpack("report", self.report_tape(z) if self.report_tape.n_out else [])

    def _unpack(self, kind, flat):
        out, at = {}, 0
        for name, shape in self._shapes[kind].items():
            size = int(np.prod(shape))
            out[name] = np.asarray(flat[at:at + size]).reshape(shape)
            at += size
        return out


def _select(F, idx, n, scalar=False):
    """Tape of outputs ``idx`` of F, with what they do not use eliminated."""
    if scalar:
        return MakeTape(lambda z: F(z)[idx[0]], np.zeros(n)).simplify("eliminate")
    return MakeTape(lambda z: F(z)[idx], np.zeros(n)).simplify("eliminate")


def _plain_labels(layout, parameters, names):
    """``names=`` as plain lists (a pandas Index is not needed to record the model again),
    with the labels a pandas Series parameter carried."""
    out = {k: list(map(str, v.tolist() if hasattr(v, "tolist") else v))
           for k, v in (names or {}).items()}
    for k, v in parameters.items():
        if k not in out and hasattr(v, "index") and not isinstance(v, np.ndarray):
            out[k] = [str(i) for i in v.index]
    return out or None


def MakeADFun(f, parameters, random=None, map=None, newton=None, data=None, names=None):
    """The objective function object of a model (TMB's ``MakeADFun``; module docstring).

    Parameters
    ----------
    f : callable
        ``f(p)`` takes a dict of traced parameter arrays (the shapes of ``parameters``) and
        returns the negative log-likelihood; it may call ``nt.REPORT`` and ``nt.ADREPORT``.
        With ``data``, it is called as ``f(p, data)``.
    parameters : dict
        Name -> start value (scalar or array of any shape).
    random : str or list of str, optional
        The parameters integrated out by the Laplace approximation.
    map : dict, optional
        Name -> labels (one per entry): entries with equal labels share one value; None or NaN
        fixes the entry at its start value (TMB's ``map``).
    newton : dict, optional
        Settings of the inner Newton solve (``tol``, ``maxit``; see ``Tape.newton``).
    data : optional
        The model's data (any object; None: ``f`` closes over its data).  Given, ``f`` is
        called as ``f(p, data)``, and ``obj.with_data(new)`` records the model on other data
        (``nt.bootstrap`` refits it on simulated data sets that way).
    names : dict, optional
        Name -> labels of the parameter's entries (a list, a pandas Index: ``{"beta":
        X.columns}``), which label every table (``obj.labels``: ``beta[x]``); a pandas Series
        given as a parameter's start labels it by its index.  Default: ``beta[0]``, ...

    Returns
    -------
    ADFun
        With ``par``, ``names``, ``fn``, ``gr``, ``he``, ``report``, ``parameters``,
        ``with_data``; ``scipy.optimize.minimize(obj.fn, obj.par, jac=obj.gr, hess=obj.he)``
        fits it.
    """
    return ADFun(f, parameters, random, map, newton, data, names)
