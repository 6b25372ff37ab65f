"""Compiled interpreters: the full ones, or a variant made for one tape's ops alone.

Numba compiles an interpreter with the cases of every op in the table in minutes, one holding
only the cases of the ops one tape uses in seconds.  So there are two compiled forms:

* ``"full"``: ``generated.py``, checked in, with every op;
* a variant: rendered by the same generator for the tape's own ops plus the ops every
  derivative tape uses (declared ``base`` in the op table), written once to a
  content-addressed file in the cache directory (next to Numba's cache: ``NUMBA_CACHE_DIR``,
  else ``~/.cache/numtape``) and compiled and cached by Numba like the full file.  A tape and
  its derivative tapes share a variant when their ops agree.

Which tier sweeps a tape (the NumPy tier, these, and when a tape moves up) is decided in
``numtape/sweeps/tiers.py``; variants serve the ``"exact"`` mode and long tapes whose full
interpreters are not compiled yet (ARCHITECTURE.md, "Tiers").  When the cache directory
cannot be written, the full interpreters are used.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import pathlib
import sys
import tempfile
import threading

import numba
import numpy as np

from numtape.ops import OPS
from numtape.sweeps import generate

try:
    from numtape.sweeps import generated as full
except (ImportError, AttributeError, KeyError):   # lets the generator run to repair it
    full = None

MODES = ("auto", "full", "exact")
# the ops of nearly every derivative tape, so a tape and its gradient tape share a variant
BASE = frozenset(s.code for s in OPS if s.base)   # in every variant (OpSpec.base)
_state = {"mode": "auto", "full_ready": None}
_modules: dict = {}
_lock = threading.Lock()


def set_mode(mode):
    """Use the ``"full"`` interpreters, ``"exact"`` per-tape variants, or ``"auto"``."""
    if mode not in MODES:
        raise ValueError(f"sweep kernels mode {mode!r} is not one of {', '.join(MODES)}")
    _state["mode"] = mode


def mode():
    return _state["mode"]


def cache_dir():
    """Where variant sources are written (Numba caches their machine code beside them)."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        return pathlib.Path(root) / "numtape_sweeps"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "numtape" / "sweeps"


def full_is_compiled():
    """Whether the full interpreters are compiled in this process or in Numba's disk cache."""
    if full is None:
        return False
    if not hasattr(full.forward, "signatures"):   # NUMBA_DISABLE_JIT: plain Python, no compile
        return True
    if full.forward.signatures and full.reverse.signatures:
        return True
    if _state["full_ready"] is None:
        try:
            ready = all(len(fn._cache._cache_file._load_index()) > 0
                        for fn in (full.forward, full.reverse))
        except Exception:   # Numba's cache internals: when unsure, compile a variant
            ready = False
        _state["full_ready"] = ready
    return _state["full_ready"]


def full_is_loaded():
    """Whether the full interpreters' machine code is in this process already."""
    return full is not None and bool(getattr(full.forward, "signatures", True))


def forget_full_check():
    """Ask the disk cache again on the next ``full_is_compiled`` (another process compiled)."""
    if not _state["full_ready"]:
        _state["full_ready"] = None


def full_key():
    """What the full interpreters' compiled code depends on: the generated file, Numba and
    Python (a marker file named by it records a finished background compile)."""
    return f"{full.TABLE_HASH if full else 'none'}-nb{numba.__version__}-py{sys.version_info[0]}" \
        f"{sys.version_info[1]}"


def interpreters_for(op):
    """The module of jitted sweeps (``forward``, ``reverse``, ``tangent``) for opcodes ``op``."""
    m = _state["mode"]
    if m == "full" or (m == "auto" and full_is_compiled()):
        return full
    used = np.flatnonzero(np.bincount(np.asarray(op, dtype=np.int64),
                                      minlength=len(OPS)))
    key = frozenset(used.tolist()) | BASE
    module = _modules.get(key)
    if module is None:
        with _lock:
            module = _modules.get(key)
            if module is None:
                module = _modules[key] = _load(key)
    return module


def _load(key):
    ops = [s for s in OPS if s.code in key or s.host]
    if len([s for s in ops if not s.host]) == sum(1 for s in OPS if not s.host):
        return full
    try:
        return load_source("numtape_sweeps_", generate.render(ops, table=full.TABLE_HASH))
    except OSError:
        return full


# the imports every generated kernel module starts with (fused.py, loops.py): the formulas'
# names, as generate.py's interpreters see them.  The first line holds the op table's hash,
# which covers the kernels the formulas call: Numba's disk cache revalidates a module by its
# own file only, so a kernel module's name (a hash of its text) must change when the code it
# inlines (numtape/kernels/special.py ...) does, or a new numtape would run machine code
# compiled from the old kernels
KERNEL_HEADER = [f"OP_TABLE = {(full.TABLE_HASH if full else generate.table_hash())!r}",
                 "from numtape.kernels.jit import jit, wide_vectors  # noqa: F401",
                 "from numtape.kernels import special as sc  # noqa: F401",
                 "from numtape.kernels import vmath as vm  # noqa: F401",
                 "from numtape.ops.formulas import (INV_SQRT_2PI, INV_SQRT_PI, LN2, LN10,  # noqa",
                 " " * 34 + "SQRT1_2, SQRT_2_OVER_PI, SQRT_2PI, TWO_SQRTPI, np)",
                 "", "u = np.uint64"]


def kernel_source(lines):
    """A generated kernel module's text from its ``lines``: each kernel asks first for the
    CPU's widest vectors (``numtape.kernels.jit.wide_vectors``)."""
    return "\n".join(x for line in lines for x in (
        (line, "    wide_vectors()") if line.startswith("def ") else (line,))) + "\n"


def cached_module(modules, prefix, structure, render):
    """The compiled module of one kernel ``structure``: ``modules[structure]``, or rendered
    (``render(structure)``), written and imported once (``load_source``), under a lock."""
    m = modules.get(structure)
    if m is not None:
        return m
    with _lock:
        m = modules.get(structure)
        if m is None:
            m = modules[structure] = load_source(prefix, render(structure))
    return m


def load_source(prefix, text):
    """Import generated source ``text`` as a module, from a content-addressed file in
    ``cache_dir()`` (written once, atomically: concurrent processes write the same text), so
    that Numba's disk cache finds its machine code again in later processes."""
    name = prefix + hashlib.sha256(text.encode()).hexdigest()[:20]
    d = cache_dir()
    d.mkdir(parents=True, exist_ok=True)
    path = d / f"{name}.py"
    if not path.exists() or path.read_text() != text:
        fd, tmp = tempfile.mkstemp(dir=d, suffix=".tmp")
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.replace(tmp, path)
    return import_file(path)


def import_file(path):
    """Import the generated module at ``path`` (named by its file name, as ``load_source``
    names it: Numba's disk cache knows its functions by that name and path)."""
    path = pathlib.Path(path)
    name = path.stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
