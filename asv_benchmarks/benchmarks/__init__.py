"""asv benchmark suite of numtape (see bench_core.py)."""
