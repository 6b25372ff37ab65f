"""Nested tapes (RTMB): a MakeTape inside a recording may use the outer recording's values.

The inner recording captures each outer value it reads as an extra input (trace/recorder.py), so
the inner function is recorded as an ordinary tape of (y, captured).  ``CapturingTape`` wraps
that tape: calling it (while the outer recording is open) inlines it on y and the captured
outer values, so the outer tape differentiates through both; its derived tapes (jacfun,
hessfun, simplify, atomic) are taken with respect to y and capture the same values.  The
captured values have no numbers while recording, so numeric evaluation of such a tape is only
possible through the outer tape.

>>> import numpy as np, numtape as nt
>>> def f(x):
...     a = np.sin(x)
...     G = nt.MakeTape(lambda y: a * y, np.zeros(1))   # captures a
...     return G.jacfun()(x * x)                         # dG/dy = a
>>> F = nt.MakeTape(f, np.zeros(1))
>>> F([0.5]), F.jacobian([0.5])                          # sin(x), cos(x)
(array([0.47942554]), array([[0.87758256]]))
"""
from __future__ import annotations

import numpy as np

from numtape.errors import TracingError
from numtape.tape.seam import SERVICES
from numtape.trace.make import inline
from numtape.trace.recorder import wrap
from numtape.transforms.jacfun import record_reverse


class CapturingTape:
    """A tape of (y, captured outer values), called as a function of y (module docstring).

    ``full`` is the tape over the concatenated inputs; ``captured`` a list of (recording,
    address) pairs; ``shape``/``names`` describe y as MakeTape's x0 did.  Sizes, printing and
    files are ``full``'s; numeric evaluation raises TracingError (the captured values have no
    numbers outside the outer run).
    """

    def __init__(self, full, captured, shape, names):
        self.full, self.captured = full, list(captured)
        self.y_shape, self.y_names = tuple(shape), names
        self.n_y = int(np.prod(self.y_shape)) if names is None else \
            sum(sl.stop - sl.start for sl, _ in names.values())

    def __getattr__(self, name):   # sizes, arrays, print/table/graph: those of the full tape
        if name in _NO_VALUES:
            raise TracingError("this tape captured values of an outer recording, which have "
                               "no numbers until the outer tape runs: call it (or its "
                               "jacfun()) inside the outer function instead")
        return getattr(self.__dict__["full"], name)

    def __len__(self):
        return len(self.full)

    def __reduce__(self):
        raise TypeError("a tape that captured values of an outer recording cannot be pickled "
                        "or copied: its captured inputs exist only while the outer recording "
                        "runs")

    def __repr__(self):
        return f"<CapturingTape of {self.n_y} inputs and {len(self.captured)} captured: " \
               f"{self.full!r}>"

    def _captured_values(self):
        return np.stack([wrap(rec, a) for rec, a in self.captured])

    def _with(self, tape):
        """A CapturingTape of the same captures over another full tape."""
        return CapturingTape(tape, self.captured, self.y_shape, self.y_names)

    def __call__(self, y):
        parts = [np.ravel(y[k]) for k in self.y_names] if isinstance(y, dict) else [np.ravel(y)]
        if sum(np.size(p) for p in parts) != self.n_y:
            raise ValueError(f"input has {sum(np.size(p) for p in parts)} values; this tape "
                             f"expects shape {self.y_shape}")
        z = np.concatenate(parts + [self._captured_values()])   # records (captures) here
        return inline(self.full, z)

    def jacfun(self, sparse=False):
        """Tape of vec(dF/dy) (row-major (m, n_y)), capturing the same values."""
        if sparse:
            raise NotImplementedError("jacfun(sparse=True) of a tape with captured values")
        m, n = self.full.n_out, self.full.n_in
        pick = (np.arange(m)[:, None] * n + np.arange(self.n_y)[None, :]).ravel()
        return self._with(record_reverse(self.full, [[i] for i in range(m)], pick))

    def hessfun(self, sparse=False):
        """Tape of vec(d^2 F/dy^2) of a scalar tape, capturing the same values."""
        if self.full.n_out != 1:
            raise ValueError(f"Hessians need a scalar tape; this one has {self.full.n_out} "
                             "outputs")
        return self.jacfun(sparse).jacfun(sparse)

    def simplify(self, mode="optimize"):
        return self._with(self.full.simplify(mode))

    def _integrate(self, what, random, **options):
        r = np.arange(self.n_y)[random].ravel() if np.asarray(random).dtype == bool else \
            np.asarray(random, dtype=np.int64).ravel()
        if r.size and (r.min() < -self.n_y or r.max() >= self.n_y):
            raise ValueError(f"random: index out of range for a tape of {self.n_y} inputs")
        r = np.where(r < 0, r + self.n_y, r)
        T = getattr(SERVICES, what)(self.full, r, **options)
        rest = self.n_y - np.unique(r).size
        return CapturingTape(T, self.captured, (rest,) if what == "laplace" else (rest,), None)

    def laplace(self, random, spa=False, **options):
        """The Laplace tape of y[random] (see ``Tape.laplace``), capturing the same values."""
        return self._integrate("laplace", random, spa=spa, **options)

    def newton(self, random, **options):
        """The Newton tape of y[random] (see ``Tape.newton``), capturing the same values."""
        return self._integrate("newton", random, **options)

    def atomic(self):
        return self._with(self.full.atomic())


# numeric methods: no numbers for the captured inputs outside the outer recording
_NO_VALUES = frozenset({"jacobian", "gradient", "vjp", "jvp", "hessian", "hvp", "save"})


def capturing_tape(full, captured, shape, names):
    return CapturingTape(full, captured, shape, names)
