"""Fixtures shared by the test files."""
import pytest

import numtape as nt
import numtape.sweeps.generated as _sweeps


@pytest.fixture
def count_sweeps(monkeypatch):
    """Count calls of the three jitted sweeps (and still run them)."""
    calls = {"forward": 0, "reverse": 0, "tangent": 0}
    for name in calls:
        orig = getattr(_sweeps, name)

        def wrapper(*a, _orig=orig, _name=name):
            calls[_name] += 1
            return _orig(*a)
        monkeypatch.setattr(_sweeps, name, wrapper)
    return calls


@pytest.fixture(autouse=True)
def _restore_config():
    """TapeConfig used as a function changes the thread's settings; undo it after each test."""
    with nt.TapeConfig():
        yield
