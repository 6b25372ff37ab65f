"""Nested tapes (RTMB): a MakeTape inside a recording may use the outer recording's values.

The inner recording captures each outer value it reads as an extra input (recording.py), so
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

from numtape.adarray import wrap
from numtape.errors import TracingError
from numtape.tape import Tape


class CapturingTape(Tape):
    """A tape of (y, captured outer values), called as a function of y (module docstring).

    ``full`` is the tape over the concatenated inputs; ``captured`` a list of (recording,
    address) pairs; ``shape``/``names`` describe y as MakeTape's x0 did.
    """

    def __init__(self, full, captured, shape, names):
        super().__init__(**full._arrays())
        self._full, self.captured = full, list(captured)
        self.y_shape, self.y_names = tuple(shape), names
        self.n_y = int(np.prod(self.y_shape)) if names is None else \
            sum(sl.stop - sl.start for sl, _ in names.values())

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
        return self._full._inline(z)

    def jacfun(self, sparse=False):
        """Tape of vec(dF/dy) (row-major (m, n_y)), capturing the same values."""
        if sparse:
            raise NotImplementedError("jacfun(sparse=True) of a tape with captured values")
        from numtape.derived.jacfun import record_reverse
        m, n = self.n_out, self._full.n_in
        pick = (np.arange(m)[:, None] * n + np.arange(self.n_y)[None, :]).ravel()
        return self._with(record_reverse(self._full, [[i] for i in range(m)], pick))

    def hessfun(self, sparse=False):
        """Tape of vec(d^2 F/dy^2) of a scalar tape, capturing the same values."""
        if self.n_out != 1:
            raise ValueError(f"Hessians need a scalar tape; this one has {self.n_out} outputs")
        return self.jacfun(sparse).jacfun(sparse)

    def simplify(self, mode="optimize"):
        return self._with(self._full.simplify(mode))

    def atomic(self):
        return self._with(self._full.atomic())

    def _no_values(self, *_args, **_kw):
        raise TracingError("this tape captured values of an outer recording, which have no "
                           "numbers until the outer tape runs: call it (or its jacfun()) "
                           "inside the outer function instead")

    jacobian = gradient = vjp = jvp = hessian = hvp = save = _no_values
