"""The one record of upward services (ARCHITECTURE.md, "Upward seams").

A Tape is data plus sweeps (this layer); its transform methods (``jacfun``, ``simplify``,
sparse tapes, ``reroll``, ``newton``, ``laplace``) and its calls on traced values (inlining
into an open recording) are implemented by the trace, transforms and stats layers, which sit
above this one and may not be imported from here (ARCHITECTURE.md, "Layers").  The recorder
(nested tapes) and the recorded rules (a CallOp's rule) reach the transforms layer the same
way.  ``SERVICES`` holds one entry per service, each declared below with its parameters;
``numtape/__init__.py`` fills every entry in one call to ``fill`` when ``numtape`` is
imported, and a test holds each filled function's parameters to its declaration.
"""
from __future__ import annotations

import dataclasses


def _service(params, doc):
    """A service entry: its positional parameters and what it does (field metadata)."""
    return dataclasses.field(default=None, metadata={"params": params, "doc": doc})


@dataclasses.dataclass
class Services:
    """The upward services, each called as ``SERVICES.name(...)`` by the layer named."""

    inline: object = _service(("F", "x"), "Tape.__call__ on traced values: F inlined into "
                              "the open recording (trace)")
    jacfun: object = _service(("F",), "Tape.jacfun: the Jacobian tape (transforms)")
    sparse_jacfun: object = _service(("F",), "Tape.jacfun(sparse=True) (transforms)")
    sparse_hessfun: object = _service(("F", "G"), "Tape.hessfun(sparse=True) from F and its "
                                      "gradient tape G (transforms)")
    simplify: object = _service(("F", "mode"), "Tape.simplify: the simplified arrays "
                                "(transforms)")
    reroll: object = _service(("F",), "Tape.reroll (transforms)")
    gradient_tape: object = _service(("F",), "the gradient tape hvp and hessian sweep "
                                     "(transforms)")
    capturing_tape: object = _service(("full", "captured", "shape", "names"),
                                      "MakeTape of a nested recording that read outer values "
                                      "(called by trace, filled by transforms)")
    call_vjp: object = _service(("g", "xs", "y", "params", "subtapes"),
                                "the recorded rule of a CallOp (called by rules, filled by "
                                "transforms)")
    newton: object = _service(("F", "random"), "Tape.newton: the inner Newton node's tape "
                              "(stats)")
    laplace: object = _service(("F", "random"), "Tape.laplace: the Laplace tape (stats)")

    def __getattribute__(self, name):
        fn = object.__getattribute__(self, name)
        if fn is None:   # only reachable if numtape's own __init__ was bypassed
            raise RuntimeError(f"numtape: no implementation of {name!r} is registered; "
                               "import numtape (the package) before using tapes")
        return fn


SERVICES = Services()


def fill(**implementations):
    """Fill the services (numtape/__init__.py, once): every entry, by its declared name."""
    names = {f.name for f in dataclasses.fields(Services)}
    unknown = set(implementations) - names
    missing = names - set(implementations)
    if unknown or missing:
        raise TypeError(f"seam.fill: unknown services {sorted(unknown)}, "
                        f"missing {sorted(missing)}")
    for name, fn in implementations.items():
        setattr(SERVICES, name, fn)
