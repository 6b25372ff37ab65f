"""``Fit.profile``: the profile likelihood of a parameter or a linear combination (TMB's
``tmbprofile``)."""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.special as sc


class Profile:
    """A profile likelihood (``Fit.profile``): ``values`` (the parameter or combination),
    ``nll`` (the objective with the rest re-optimized), ``deviance`` (2 (nll - min)),
    ``confint(level)``, ``to_dataframe()``, ``plot()`` (matplotlib)."""

    def __init__(self, fit, parm, level, steps, max_steps):
        self.fit, self.level = fit, level
        n = fit.par.size
        if isinstance(parm, str):
            idx = fit._indices(parm)
            if len(idx) != 1:
                raise ValueError(f"profile: {parm!r} has {len(idx)} elements; name one "
                                 f"(labels: {[fit.labels[i] for i in idx]})")
            c = np.zeros(n)
            c[idx[0]] = 1.0
            self.name = fit.labels[idx[0]]
        else:
            c = np.asarray(parm, dtype=np.float64).ravel()
            if c.size != n or not np.any(c):
                raise ValueError(f"profile: a linear combination needs {n} coefficients, not "
                                 "all zero")
            self.name = "lincomb"
        self.c = c
        # theta = t c / |c|^2 + B eta, B an orthonormal basis of c's complement
        Q, _ = np.linalg.qr(np.column_stack([c, np.eye(n)]))
        self._B = Q[:, 1:n]
        self._cc = c / (c @ c)
        t0 = float(c @ fit.par)
        se = math.sqrt(max(float(c @ fit.cov @ c), 0.0))
        h = steps or (se / 4.0 if np.isfinite(se) and se > 0 else 0.1 * max(1.0, abs(t0)))
        self._eta0 = self._B.T @ fit.par
        self._q = sc.ndtri(0.5 + level / 2.0) ** 2
        points = {t0: (fit.nll, self._eta0)}
        for direction in (-1.0, 1.0):
            eta, t = self._eta0, t0
            for _ in range(max_steps):
                t = t + direction * h
                value, eta = self._at(t, eta)
                points[t] = (value, eta)
                if not np.isfinite(value) or 2.0 * (value - fit.nll) > self._q + 1.0:
                    break
        ts = np.array(sorted(points))
        self.values = ts
        self.nll = np.array([points[t][0] for t in ts])
        self._etas = {t: points[t][1] for t in ts}
        self.deviance = 2.0 * (self.nll - fit.nll)

    def _theta(self, t, eta):
        return t * self._cc + self._B @ eta

    def _at(self, t, eta0):
        """The minimum over eta of fn(theta(t, eta)), warm-started at eta0: (value, eta)."""
        import scipy.optimize
        obj = self.fit.obj
        B = self._B
        if B.shape[1] == 0:
            return float(obj.fn(self._theta(t, eta0))), eta0

        def f(eta):
            return obj.fn(self._theta(t, eta))

        def g(eta):
            return B.T @ obj.gr(self._theta(t, eta))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            res = scipy.optimize.minimize(f, eta0, jac=g, method="BFGS",
                                          options={"gtol": 1e-8})
        return float(res.fun), res.x

    def confint(self, level=None):
        """(lower, upper): where the deviance crosses the chi-square(1) quantile, each refined
        by root finding on the re-optimized profile (NaN where the walk did not reach it)."""
        import scipy.optimize
        q = self._q if level is None else sc.ndtri(0.5 + level / 2.0) ** 2
        t0 = float(self.c @ self.fit.par)
        out = []
        for side in (-1, 1):
            ts = self.values[::-1] if side < 0 else self.values
            ts = ts[(ts <= t0) if side < 0 else (ts >= t0)]
            dev = [2.0 * (self.nll[np.searchsorted(self.values, t)] - self.fit.nll) for t in ts]
            cross = next((j for j in range(1, len(ts)) if dev[j] >= q), None)
            if cross is None:
                out.append(math.nan)
                continue
            a, b = ts[cross - 1], ts[cross]
            eta = self._etas[a]

            def excess(t, eta=eta):
                return 2.0 * (self._at(t, eta)[0] - self.fit.nll) - q
            out.append(float(scipy.optimize.brentq(excess, a, b, xtol=1e-10 * max(1, abs(a)))))
        return tuple(out)

    def to_dataframe(self):
        import pandas as pd
        return pd.DataFrame({self.name: self.values, "nll": self.nll,
                             "deviance": self.deviance})

    def plot(self, ax=None):
        """The profile deviance against the parameter, the interval's ends and the chi-square
        quantile marked (matplotlib, an optional dependency).  Returns the Axes."""
        import matplotlib.pyplot as plt
        ax = ax or plt.subplots(figsize=(5, 3.5))[1]
        ax.plot(self.values, self.deviance, "o-", ms=3)
        ax.axhline(self._q, color="grey", ls="--", lw=1)
        lo, hi = self.confint()
        for v in (lo, hi):
            if np.isfinite(v):
                ax.axvline(v, color="tab:red", ls=":", lw=1)
        ax.set_xlabel(self.name)
        ax.set_ylabel("profile deviance")
        ax.set_title(f"{100 * self.level:g}% interval: [{lo:.4g}, {hi:.4g}]")
        return ax
