"""The README's supported-surface list is generated from the registries and never stale."""
import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_readme_surface_list_matches_the_registries():
    spec = importlib.util.spec_from_file_location("surface", ROOT / "tools" / "surface.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--check"]) == 0, "run python tools/surface.py to regenerate README.md"
