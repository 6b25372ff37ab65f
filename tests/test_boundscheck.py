"""The sweep and validation tests under NUMBA_BOUNDSCHECK=1 (.ci/boundscheck): slow, since
every kernel compiles again with bounds checks; run with ``python -m pytest -m slow``."""
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_sweeps_and_validation_pass_with_bounds_checking():
    r = subprocess.run(["bash", str(ROOT / ".ci" / "boundscheck")], cwd=ROOT,
                       capture_output=True, text=True, timeout=3600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
