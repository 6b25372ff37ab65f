"""TapeConfig (numtape/config.py): as a function and a with block, comparison policy, bad
options."""
from __future__ import annotations

import numpy as np
import pytest

import numtape as nt


# ---- TapeConfig --------------------------------------------------------------------------
def _n_ops_matmul():
    return len(nt.MakeTape(lambda X: X @ X, np.zeros((3, 3))))


def test_tapeconfig_as_function():
    n_enabled = _n_ops_matmul()
    nt.TapeConfig(atomic="disable")
    n_disabled = _n_ops_matmul()
    nt.TapeConfig(atomic="enable")
    assert n_disabled > n_enabled
    assert _n_ops_matmul() == n_enabled


def test_tapeconfig_with_block_restores():
    n_enabled = _n_ops_matmul()
    with nt.TapeConfig(atomic="disable"):
        n_disabled = _n_ops_matmul()
        with nt.TapeConfig(atomic="enable"):
            assert _n_ops_matmul() == n_enabled
        assert _n_ops_matmul() == n_disabled
    assert _n_ops_matmul() == n_enabled < n_disabled
    # restored on an exception too
    with pytest.raises(RuntimeError):
        with nt.TapeConfig(atomic="disable"):
            raise RuntimeError("boom")
    assert _n_ops_matmul() == n_enabled


def test_tapeconfig_comparison_forbid():
    with nt.TapeConfig(comparison="forbid"):
        with pytest.raises(nt.TracingError):
            nt.MakeTape(lambda x: np.where(x > 0, x, 0.0), np.zeros(2))
    F = nt.MakeTape(lambda x: np.where(x > 0, x, 0.0), np.zeros(2))
    np.testing.assert_array_equal(F([-1.0, 2.0]), [0.0, 2.0])


@pytest.mark.parametrize("kwargs", [{"atomic": "yes"}, {"atomic": True}, {"foo": "enable"},
                                    {"comparison": "maybe"}, {"Atomic": "enable"}])
def test_tapeconfig_bad_options(kwargs):
    n_enabled = _n_ops_matmul()
    with pytest.raises(ValueError) as ei:
        nt.TapeConfig(**kwargs)
    key = next(iter(kwargs))
    assert key in str(ei.value)
    assert _n_ops_matmul() == n_enabled       # nothing changed by the failed call
