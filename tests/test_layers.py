"""The architecture holds: imports go one way (ARCHITECTURE.md, "Layers") and only the tape layer
touches a Tape's private members."""
import ast
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

import numtape as nt

ROOT = pathlib.Path(nt.__file__).parent


def test_import_layers_contract_is_kept():
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.fail("lint-imports (import-linter) is not installed: pip install -e '.[test]'")
    r = subprocess.run([exe], cwd=ROOT.parent, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout


def _private_tape_members():
    F = nt.MakeTape(lambda x: np.sum(np.exp(x)), np.zeros(2))
    F.gradient([1.0, 2.0])
    names = set(vars(F)) | set(dir(type(F))) | set(vars(F.sweeps)) | set(dir(type(F.sweeps)))
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_only_the_tape_layer_touches_private_tape_members():
    private = _private_tape_members()
    assert private, "expected Tape to have private members to guard"
    offenders = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.parent.name == "tape" or path.name == "generated.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert not offenders, offenders


def test_no_module_imports_inside_functions_upward():
    """Imports inside functions hide layer violations from nobody but the reader: there are
    none in the package (the seam and the traced-value methods replace them)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(
                            "numtape"):
                        found.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert not found, found


def test_package_imports_in_a_fresh_interpreter():
    r = subprocess.run([sys.executable, "-c", "import numtape.tape, numtape.ops.layout"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr


def test_no_two_tests_share_a_name():
    """Test names say what they check, so each is unique across the suite (pytest would run
    both, but a reader could not tell them apart)."""
    import collections
    names = collections.defaultdict(list)
    for path in sorted((ROOT.parent / "tests").glob("test_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names[node.name].append(path.name)
    assert not {k: v for k, v in names.items() if len(v) > 1}
