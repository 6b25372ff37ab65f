"""Docstrings and comments in numtape/ state what is true of the code, not one session's numbers.

A timing copied into a docstring ("took 6.2 ms", "38 s on the 2-core machine") goes stale with
the next machine or commit, and an issue number means nothing to a reader of the code.  The
statement the number supported stays; the number is printed by a benchmark under benchmarks/
(``benchmarks/costs.py`` for the engine's cost constants and design notes), which the
docstring cites.  Exceptions are listed below, each with its reason.

Reads files only (nothing imported, nothing compiled).
"""
import ast
import io
import pathlib
import re
import tokenize

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "numtape"
SKIPPED = {PACKAGE / "sweeps" / "generated.py"}   # rendered by the generator, never edited

PATTERNS = {
    "a timing": re.compile(r"(?<![\w.])\d+(?:\.\d+)? ?(?:ms|us|µs|ns|s)\b"),
    "an issue number": re.compile(r"\bissue \d+", re.I),
    "a measurement": re.compile(r"\bmeasured\b", re.I),
    "a speed-up": re.compile(r"\b\d+(?:\.\d+)?x (?:faster|slower)\b|\btimes (?:faster|slower)\b",
                             re.I),
    "a machine": re.compile(r"\b\d+-core machine\b", re.I),
}

# (path relative to the repository, pattern name, text the line holds): why it may stay
ALLOWED = {
    ("numtape/sweeps/tiers.py", "a timing", "polled at most every 0.5 s"):
        "a polling interval: the setting of the code below it, not a measurement",
}


def _texts(path):
    """(line, text) of every comment and docstring of a Python file."""
    src = path.read_text()
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                first = body[0].lineno
                out += [(first + i, line)
                        for i, line in enumerate(body[0].value.value.splitlines())]
    return out


def _hits():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in SKIPPED:
            continue
        rel = path.relative_to(ROOT).as_posix()
        for line, text in _texts(path):
            for name, pattern in PATTERNS.items():
                if pattern.search(text):
                    found.append((rel, line, name, text.strip()))
    return found


def _allowed(rel, name, text):
    return any(r == rel and n == name and part in text for r, n, part in ALLOWED)


def test_no_timings_issue_numbers_or_measurements_in_docstrings_and_comments():
    bad = [f"{rel}:{line}: {name}: {text}" for rel, line, name, text in _hits()
           if not _allowed(rel, name, text)]
    assert not bad, ("state what the number supports and cite the benchmark that prints it "
                     "(benchmarks/costs.py):\n" + "\n".join(bad))


def test_every_exception_is_still_needed():
    hits = _hits()
    stale = [key for key in ALLOWED
             if not any(_allowed(rel, name, text) and (rel, name) == key[:2]
                        and key[2] in text for rel, _, name, text in hits)]
    assert not stale, f"allow-list entries that match nothing any more: {stale}"


def test_the_patterns_catch_what_they_are_for():
    caught = ["took 6.2 ms", "38 s measured", "about 0.2 s", "issue 20", "50 us a kernel",
              "4x faster", "on the 2-core machine", "four times faster"]
    for text in caught:
        assert any(p.search(text) for p in PATTERNS.values()), text
    for text in ["x0 s", "O(n^3)", "1e-6", "float64s", "arrays over 1 MB", "k = 3 seeds"]:
        assert not any(p.search(text) for p in PATTERNS.values()), text
