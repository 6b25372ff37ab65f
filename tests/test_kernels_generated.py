"""The generated sweeps (numtape/sweeps/generated.py) are current and handle every op of the table.

``generated.py`` is generated from the op table by ``numtape/sweeps/generate.py`` and checked in
(Numba's on-disk cache needs a real file).  A table change without regenerating it, or a
generator that forgets an op in one sweep, fails here.  A sweep is its entry function
(``forward``, ``reverse``, ``tangent``) plus the generated helpers it calls (``*_step``,
``ew2_reverse``, ...), whatever the layout; its opcode dispatch is found by following the
opcode variable (``<var> = op[k]``) through those calls.
"""
import ast
import re

import pytest

from numtape.sweeps import generate as _generate, generated as sweeps
from numtape.ops import OPS

SWEEPS = ("forward", "reverse", "tangent")


@pytest.fixture(scope="module")
def source():
    return _generate.TARGET.read_text()


@pytest.fixture(scope="module")
def functions(source):
    return {node.name: node for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef)}


def test_checked_in_sweeps_are_current(source):
    assert _generate.render() == source, (
        "numtape/sweeps/generated.py is stale: run `python -m numtape.sweeps.generate`")


def test_op_names_and_hash_match_the_table():
    assert sweeps.OP_NAMES == tuple(spec.name for spec in OPS)
    assert [spec.code for spec in OPS] == list(range(len(OPS)))
    assert sweeps.TABLE_HASH == _generate.table_hash()


def _opcode_vars(entry, functions):
    """{function name: names holding the opcode} over the entry function and every generated
    function it calls (transitively) with the opcode as an argument."""
    seed = {t.id for node in ast.walk(entry) if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)
            and isinstance(node.value, ast.Subscript) and isinstance(node.value.value, ast.Name)
            and node.value.value.id == entry.args.args[0].arg}
    found, todo = {entry.name: seed}, [entry.name]
    while todo:
        fn = functions[todo.pop()]
        for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
            callee = getattr(call.func, "id", None)
            if callee not in functions:
                continue
            params = [a.arg for a in functions[callee].args.args]
            new = {params[i] for i, a in enumerate(call.args)
                   if isinstance(a, ast.Name) and a.id in found[fn.name] and i < len(params)}
            if new - found.get(callee, set()):
                found[callee] = found.get(callee, set()) | new
                todo.append(callee)
    return found


def _dispatch(sweep, functions, source):
    """{opcode: [source text of every branch testing it]} over a sweep's functions."""
    lines = source.splitlines()
    branches = {}
    for name, names in _opcode_vars(functions[sweep], functions).items():
        for node in ast.walk(functions[name]):
            t = getattr(node, "test", None)
            if (isinstance(node, ast.If) and isinstance(t, ast.Compare)
                    and isinstance(t.left, ast.Name) and t.left.id in names
                    and isinstance(t.ops[0], ast.Eq)
                    and isinstance(t.comparators[0], ast.Constant)):
                text = "\n".join(lines[node.lineno - 1:node.body[-1].end_lineno])
                branches.setdefault(t.comparators[0].value, []).append(text)
    return branches


def _mentions(text, name):
    """``name`` as a word or an identifier prefix (``ExpOp``, ``ExpOp_d0``; not ``Exp2Op``)."""
    return re.search(rf"\b{name}(?:_\w+)?\b", text) is not None


@pytest.mark.parametrize("sweep", SWEEPS)
def test_every_opcode_in_every_sweep(sweep, functions, source):
    assert sweep in functions and callable(getattr(sweeps, sweep))
    branches = _dispatch(sweep, functions, source)
    jitted = [s.code for s in OPS if not s.host]   # host ops run between jitted segments
    assert sorted(branches) == jitted, (
        f"{sweep}: opcodes dispatched {sorted(branches)}; the table's jitted ops are {jitted}")
    for spec in OPS:
        for text in branches.get(spec.code, []):
            assert _mentions(text, spec.name), (
                f"{sweep}: a branch for opcode {spec.code} is not {spec.name}'s:\n{text}")


@pytest.mark.parametrize("sweep", SWEEPS)
def test_every_op_name_in_every_sweep(sweep, functions, source):
    lines = source.splitlines()
    text = "\n".join("\n".join(lines[functions[f].lineno - 1:functions[f].end_lineno])
                     for f in _opcode_vars(functions[sweep], functions))  # with comments
    missing = [spec.name for spec in OPS if not spec.host and not _mentions(text, spec.name)]
    assert not missing, f"{sweep} does not handle {missing}"
