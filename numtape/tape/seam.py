"""The one seam through which a Tape reaches the layers above it.

A Tape is data plus sweeps (this layer); its transform methods (``jacfun``, ``simplify``,
``atomic`` calls, ``hessfun`` ...) and its calls on traced values (inlining into an open
recording) are implemented by the trace and transforms layers, which sit above this one and
may not be imported from here (DESIGN.md section 6).  Those layers register their
implementations by name when ``numtape`` is imported; Tape methods look them up here.  This is
the only place the tape layer calls upward, and it does so by name, not by import.
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
