"""The one seam through which a Tape reaches the layers above it (ARCHITECTURE.md, "Upward
seams").

A Tape is data plus sweeps (this layer); its transform methods (``jacfun``, ``simplify``,
sparse tapes, ``reroll``, ``newton``, ``laplace`` ...) and its calls on traced values
(inlining into an open recording) are implemented by the trace, transforms and stats layers,
which sit above this one and may not be imported from here (ARCHITECTURE.md, "Layers").  Those
layers register their implementations by name (``provide``) when ``numtape`` is imported; Tape
methods look them up here (``use``).  This is the only place the tape layer calls upward, and
it does so by name, not by import; the recorder (nested tapes) and the recorded rules (the
CallOp's rule) reach the transforms layer the same way.
"""
_IMPLEMENTATIONS = {}


def provide(name):
    """Decorator: register the implementation of seam entry ``name`` (done once at import)."""
    def register(fn):
        _IMPLEMENTATIONS[name] = fn
        return fn
    return register


def use(name):
    """The implementation registered for ``name``."""
    fn = _IMPLEMENTATIONS.get(name)
    if fn is None:   # only reachable if numtape's own __init__ was bypassed
        raise RuntimeError(f"numtape: no implementation of {name!r} is registered; "
                           "import numtape (the package) before using tapes")
    return fn
