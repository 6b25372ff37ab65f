"""The op-table tests with ``NUMBA_DISABLE_JIT=1``: the sweeps and op bodies run as Python, so
coverage sees the kernels (README.md, "Checking derivatives"), and a jit-only behaviour (a
Numba overload, an integer/float typing difference) cannot hide a bug in the plain-Python
reading of the code.

The subset covers every op of the table once (``test_every_op_once``: each elementwise op with
vector and broadcast operands, each block op's first case) plus every block-op case, the edge
points, ties and the exactly-zero branch rules; about 10 s without the JIT.
"""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUBSET = ("every_op_once or block_op or edge_partials or ties_go_to_first or same_operand "
          "or branch_not_taken or special_powers or kink_conventions")


def test_op_table_without_jit():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
           "tests/test_ops_table.py", "-k", SUBSET]
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, (f"{' '.join(cmd)} failed with NUMBA_DISABLE_JIT=1 "
                               f"(rc {r.returncode}):\n{r.stdout[-6000:]}\n{r.stderr[-2000:]}")
    assert " passed" in r.stdout and "deselected" in r.stdout
