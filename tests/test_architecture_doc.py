"""ARCHITECTURE.md is the map of the repository, and the repository depends on nothing else.

Its layer table is the import-linter contract of pyproject.toml, its seam table is the record
of upward services (``numtape.tape.seam.Services``) and who fills each, every path it or
README.md cites
exists, every citation of a section (``ARCHITECTURE.md, "Heading"``, ``README.md, "Heading"``)
names a heading that exists, and no file cites documents kept outside the repository.

Reads files, and imports numtape only to read the filled service record (nothing compiles).
"""
import dataclasses
import pathlib
import re

import pytest

try:
    import tomllib
except ModuleNotFoundError:   # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = ROOT / "ARCHITECTURE.md"
README = ROOT / "README.md"
SECTIONS = ["The life of a tape", "Layers", "Upward seams", "The op table", "Tiers", "Glossary",
            "Checklists"]
# the folders whose files must not cite documents outside the repository
SCANNED = ("numtape", "tests", "benchmarks", "examples", "tools", "asv_benchmarks")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".json", ".cfg", ".ini", ".sh"}
# the direction documents of the project live outside the repository
OUTSIDE = re.compile(r"\b(?:DESIGN|SPEC|STYLE)\b|shared/")
PATH_SUFFIXES = (".py", ".md", ".toml")
PATHLIKE = re.compile(r"[A-Za-z0-9_.][\w.-]*(?:/[\w.-]+)*/?")
CITATION = re.compile(r'\b(ARCHITECTURE|README)\.md, "([^"\n]+)"')


def _between(text, name):
    """The text between ``<!-- name:begin -->`` and ``<!-- name:end -->`` (each once)."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    assert text.count(begin) == 1 and text.count(end) == 1, f"markers of {name!r}"
    return text.split(begin)[1].split(end)[0]


def _first_column(block):
    """First cells of a Markdown table's body rows, backticks removed."""
    rows = [line.strip() for line in block.splitlines() if line.strip().startswith("|")]
    assert len(rows) > 2, "expected a table with a header, a rule and rows"
    assert set(rows[1].replace("|", "").strip()) <= set("-: "), rows[1]
    cells = [row.strip("|").split("|")[0].strip() for row in rows[2:]]
    assert all(c.startswith("`") and c.endswith("`") for c in cells), cells
    return [c.strip("`") for c in cells]


def _headings(path):
    """Heading texts of a Markdown file (any level), code blocks left out."""
    found, fence = set(), False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and (m := re.match(r"#{1,6} (.+?)\s*$", line)):
            found.add(m.group(1))
    return found


def _repo_files():
    skip = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis"}
    return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)
            and not any(part.endswith(".egg-info") for part in p.parts)]


def _scanned_files():
    files = [README, DOC, ROOT / "pyproject.toml", ROOT / "conftest.py"]
    for top in SCANNED:
        files += sorted(p for p in (ROOT / top).rglob("*")
                        if p.is_file() and p.suffix in TEXT_SUFFIXES
                        and "__pycache__" not in p.parts)
    return [p for p in files if p.exists() and p != pathlib.Path(__file__).resolve()]


# ---- the two tables ---------------------------------------------------------------------------
def test_architecture_doc_has_its_sections_in_order():
    text = DOC.read_text()
    level2 = [m.group(1) for m in re.finditer(r"^## (.+?)\s*$", text, re.M)]
    assert level2 == SECTIONS


def test_architecture_layer_table_is_the_import_linter_contract():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    contracts = [c for c in config["contracts"] if c["type"] == "layers"]
    assert len(contracts) == 1, "expected one layers contract in pyproject.toml"
    table = _first_column(_between(DOC.read_text(), "layers"))
    assert table == contracts[0]["layers"], "ARCHITECTURE.md, \"Layers\" is out of date"


def test_every_service_is_filled_once_with_its_declared_parameters():
    """numtape/__init__.py fills the record in one call; each function takes the parameters
    its entry declares (numtape/tape/seam.py), in order."""
    import inspect

    import numtape  # noqa: F401  (fills the record)
    from numtape.tape.seam import SERVICES, Services
    for field in dataclasses.fields(Services):
        fn = getattr(SERVICES, field.name)
        params = [p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        declared = list(field.metadata["params"])
        assert params[:len(declared)] == declared, (field.name, params, declared)
    init = (ROOT / "numtape" / "__init__.py").read_text()
    assert init.count("_seam.fill(") == 1


def test_no_module_reaches_a_service_by_a_string():
    """The old string-keyed registry (provide/use) is gone: services are attributes."""
    for path in sorted((ROOT / "numtape").rglob("*.py")):
        text = path.read_text()
        assert "@provide(" not in text and not re.search(r"\buse\(\"", text), path


def test_architecture_seam_table_lists_every_service_and_who_fills_it():
    import numtape  # noqa: F401
    from numtape.tape.seam import SERVICES, Services
    names = [f.name for f in dataclasses.fields(Services)]
    block = _between(DOC.read_text(), "seams")
    table = _first_column(block)
    assert table == names, "ARCHITECTURE.md, \"Upward seams\" is out of date"
    rows = {line.strip("| ").split("|")[0].strip().strip("`"): line
            for line in block.splitlines() if line.startswith("|")}
    for name in names:   # the "filled by" column names the providing module
        module = getattr(SERVICES, name).__module__
        path = module.replace(".", "/") + ".py"
        if not (ROOT / path).exists():
            path = module.replace(".", "/") + "/__init__.py"
        assert f"`{path}`" in rows[name], (name, path)


# ---- paths and citations ----------------------------------------------------------------------
def _ignored(rel):
    """Whether a path lies in a folder .gitignore names (tool output such as asv's results)."""
    parts = rel.strip("/").split("/")
    for line in (ROOT / ".gitignore").read_text().splitlines():
        line = line.strip()
        if not line.endswith("/") or line.startswith("#"):
            continue
        d = line.strip("/")
        if "/" in d and (rel.strip("/") == d or rel.startswith(d + "/")):
            return True
        if "/" not in d and d in parts:
            return True
    return False


def _cited_paths(text):
    tops = {p.name for p in ROOT.iterdir()} | {p.name for p in (ROOT / "numtape").iterdir()}
    for span in set(re.findall(r"`([^`\n]+)`", text)):
        token = span.strip()
        if not PATHLIKE.fullmatch(token):
            continue
        if token.endswith(PATH_SUFFIXES) or ("/" in token and token.split("/")[0] in tops):
            yield token


@pytest.mark.parametrize("doc", ["ARCHITECTURE.md", "README.md"])
def test_every_path_a_doc_cites_exists(doc):
    names = {p.name for p in _repo_files()}
    missing = []
    for token in sorted(_cited_paths((ROOT / doc).read_text())):
        if "/" in token:
            ok = (ROOT / token).exists() or (ROOT / "numtape" / token).exists() or _ignored(token)
        else:   # a bare file name, as the tables of a package's modules write them
            ok = token in names
        if not ok:
            missing.append(token)
    assert not missing, f"{doc} cites paths that do not exist: {missing}"


def test_no_file_cites_documents_outside_the_repository():
    found = []
    for path in _scanned_files():
        for i, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()[:80]}")
    assert not found, "cite ARCHITECTURE.md or README.md instead:\n" + "\n".join(found)


def test_every_section_citation_names_an_existing_heading():
    headings = {"ARCHITECTURE": _headings(DOC), "README": _headings(README)}
    bad, seen = [], 0
    for path in _scanned_files():
        text = path.read_text(errors="replace")
        for m in CITATION.finditer(text):
            seen += 1
            if m.group(2) not in headings[m.group(1)]:
                bad.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
        # one citation form only: ARCHITECTURE.md, "Heading" (not #anchor, not "section 6")
        for m in re.finditer(r"ARCHITECTURE\.md(#|, (?!\")|\s+section)", text):
            bad.append(f"{path.relative_to(ROOT)}: {text[m.start():m.start() + 40]!r}")
    assert seen, "expected section citations (the layer contract's name at least)"
    assert not bad, "\n".join(bad)
