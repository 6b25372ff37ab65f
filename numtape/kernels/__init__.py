"""Hand-written Numba code below the op table: the one jit decorator (``jit.py``) and the
special functions the elementwise formulas call inside the sweeps (``special.py``)."""
