"""The test suite and the doctests in numtape/ sweep with the full interpreters: one compile for
the whole run (per-tape variants would compile one interpreter per distinct op set);
tests/test_variants.py exercises the variants.  Tapes are not compiled behind a test's back
(tests/test_loops.py and tests/test_fused.py compile them explicitly and check the automatic
switch).  Nothing is compiled in background processes behind a test's back either
(NUMTAPE_BACKGROUND_COMPILE=0; tests/test_cold_start.py starts them on purpose)."""
import os

os.environ["NUMTAPE_BACKGROUND_COMPILE"] = "0"

import numtape as nt  # noqa: E402

nt.sweep_kernels("full")
nt.compile_after(None)
