"""The test suite and the doctests in numtape/ sweep with the full interpreters: one compile for
the whole run (per-tape variants would compile one interpreter per distinct op set);
tests/test_variants.py exercises the variants."""
import numtape as nt

nt.sweep_kernels("full")
