"""One jit decorator everywhere: every Numba dispatcher in the package has its options."""
import importlib
import pkgutil

import numba
import numpy as np
import pytest

import numtape
from numtape.kernels import special
from numtape.kernels.jit import OPTIONS


def _dispatchers():
    for info in pkgutil.walk_packages(numtape.__path__, "numtape."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if isinstance(obj, numba.core.registry.CPUDispatcher) and \
                    obj.py_func.__module__ == info.name:
                yield f"{info.name}.{name}", obj


DISPATCHERS = sorted(_dispatchers())


def test_the_package_has_jitted_functions_to_check():
    assert len(DISPATCHERS) > 60


@pytest.mark.parametrize("name, d", DISPATCHERS, ids=[n for n, _ in DISPATCHERS])
def test_every_jitted_function_uses_the_one_decorator(name, d):
    for key, value in OPTIONS.items():
        if key == "cache":   # not a target option: the dispatcher holds a disk cache or not
            assert type(d._cache).__name__ != "NullCache", name
        else:
            assert d.targetoptions.get(key) == value, (name, key)


def test_a_body_called_directly_follows_numpys_error_model():
    assert special.logit(1.0) == np.inf    # was ZeroDivisionError outside a sweep
    assert np.isnan(special.polygamma(1.0, np.nan))
