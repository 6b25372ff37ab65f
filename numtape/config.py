"""TapeConfig: recording options, usable as a function call or as a ``with`` block.

``atomic="enable"`` (default) records matrix products and other block ops as single block nodes
(Stan's varmat); ``"disable"`` expands them element by element into scalar ops (matvar).
Both give the same values and derivatives.  ``comparison`` is ``"tape"`` (default: comparisons
of traced values are recorded as 0/1 values, re-decided at every evaluation, for ``np.where``)
or ``"forbid"`` (they raise TracingError, to find data-dependent logic).  Settings belong to
the calling thread.
"""
import os
import sys
import threading

_VALID = {"atomic": ("enable", "disable"), "comparison": ("tape", "forbid")}
_state = threading.local()


def current():
    """The active settings of this thread, as a dict."""
    if not hasattr(_state, "settings"):
        _state.settings = {k: v[0] for k, v in _VALID.items()}
    return _state.settings


class TapeConfig:
    """Set recording options for this thread; as a ``with`` block they are restored on exit.

    >>> import numtape as nt
    >>> with nt.TapeConfig(atomic="disable"):
    ...     pass
    """

    def __init__(self, **settings):
        for key, value in settings.items():
            if key not in _VALID:
                raise ValueError(f"TapeConfig: unknown option {key!r}; valid options: "
                                 f"{', '.join(sorted(_VALID))}")
            if value not in _VALID[key]:
                raise ValueError(f"TapeConfig: {key}={value!r} is not valid; use one of "
                                 f"{', '.join(map(repr, _VALID[key]))}")
        self._saved = dict(current())
        current().update(settings)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        current().clear()
        current().update(self._saved)
        return False

    def __repr__(self):
        return "TapeConfig(" + ", ".join(f"{k}={v!r}" for k, v in current().items()) + ")"


# ---- process-wide: messages about compiles ----------------------------------------------------
_messages = {"on": os.environ.get("NUMTAPE_QUIET", "").strip() in ("", "0")}


def compile_messages(on=None):
    """Whether numtape says on stderr what it compiles, loads or leaves to a background
    process (and why) when that takes more than about a second: ``True`` by default, ``False``
    silences it (as does the environment variable ``NUMTAPE_QUIET=1``).  With no argument,
    returns the setting; otherwise sets it and returns the previous one.

    >>> import numtape as nt
    >>> old = nt.compile_messages(False)
    >>> nt.compile_messages(old)
    False
    """
    old = _messages["on"]
    if on is not None:
        if not isinstance(on, bool):
            raise ValueError(f"compile_messages: expected True, False or None, got {on!r}")
        _messages["on"] = on
    return old


def say(text):
    """Print ``numtape: text`` on stderr, unless compile messages are off."""
    if _messages["on"]:
        print(f"numtape: {text}", file=sys.stderr, flush=True)
