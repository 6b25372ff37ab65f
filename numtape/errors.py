"""The error classes of the public contract (SPEC section 5)."""


class TracingError(TypeError):
    """A traced value was used where a concrete Python value is needed (bool/int/float/index),
    or a NumPy function numtape does not support was called on a traced array."""


class TapeFormatError(ValueError):
    """Tape arrays or a tape file are malformed, foreign, truncated or inconsistent."""
