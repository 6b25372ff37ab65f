"""The test suite and the doctests in numtape/ sweep with the full interpreters: one compile for
the whole run (per-tape variants would compile one interpreter per distinct op set);
tests/test_variants.py exercises the variants.  When they are not compiled yet, the session
compiles them first, in view (``python -m numtape warmup``'s messages, not captured), so a
first run says what it waits for.  Tapes are not compiled behind a test's back
(tests/test_loops.py and tests/test_fused.py compile them explicitly and check the automatic
switch).  Nothing is compiled in background processes behind a test's back either
(NUMTAPE_BACKGROUND_COMPILE=0; tests/test_cold_start.py starts them on purpose)."""
import contextlib
import os

os.environ["NUMTAPE_BACKGROUND_COMPILE"] = "0"

import numtape as nt  # noqa: E402
from numtape.__main__ import warmup  # noqa: E402
from numtape.kernels.twins import prefer_compiled  # noqa: E402
from numtape.sweeps import variants  # noqa: E402

nt.sweep_kernels("full")
nt.compile_after(None)


def pytest_sessionstart(session):
    if variants.full_is_compiled():
        return
    capture = session.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        print("\nnumtape: the tests sweep with the full interpreters, not compiled here yet: "
              "compiling them first (about 3 minutes on 2 cores, once per environment)",
              flush=True)
        warmup()
    prefer_compiled(False)
    nt.sweep_kernels("full")
