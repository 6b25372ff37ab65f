"""Tapes whose arena needs 64-bit indices run the int64 specialization of the sweeps.

An arena of 2**31 slots is too large for a test machine, so the size limit is lowered; the
kernels compile a second time for int64 arrays, hence the slow mark."""
import numpy as np
import pytest

import numtape as nt
from numtape.tape import validate
from numtape.testing import check_grads


@pytest.mark.slow
def test_int64_index_tapes_match_int32_ones(monkeypatch):
    A = np.arange(12.0).reshape(4, 3) / 7.0

    def f(x):
        s = 0.0
        for i in range(1, 3):
            s = s + np.sin(x[i] * x[i - 1])
        return [s, np.sum(np.exp(A @ x) * 0.5), np.max(np.cumsum(x) - x[::-1])]

    x = np.array([0.3, -0.2, 0.9])
    narrow = nt.MakeTape(f, np.zeros(3))
    monkeypatch.setattr(validate, "INT32_ARENA_LIMIT", 0)
    wide = check_grads(f, x)
    assert wide.args.dtype == np.int64 and narrow.args.dtype == np.int32
    np.testing.assert_array_equal(wide(x), narrow(x))
    np.testing.assert_array_equal(wide.jacobian(x), narrow.jacobian(x))
    np.testing.assert_array_equal(wide.jvp(x, [1.0, 2.0, 3.0]), narrow.jvp(x, [1.0, 2.0, 3.0]))
