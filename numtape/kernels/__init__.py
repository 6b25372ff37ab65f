"""Numba kernels only: plain arrays in, plain arrays out.  ``sweeps.py`` is generated from the
op table by ``_generate.py``; ``validate.py`` checks tape arrays before any sweep runs."""
