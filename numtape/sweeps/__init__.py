"""The generated tape interpreters (generated.py) and their generator (generate.py)."""
