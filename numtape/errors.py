"""The error classes of the public contract (README.md, "Inputs and errors")."""


class TracingError(TypeError):
    """A traced value was used where a concrete Python value is needed (bool/int/float/index),
    or a NumPy function numtape does not support was called on a traced array."""


class TapeFormatError(ValueError):
    """Tape arrays or a tape file are malformed, foreign, truncated or inconsistent."""


class NewtonError(RuntimeError):
    """An inner Newton solve (``newton``, ``laplace``, MakeADFun's random effects) failed: no
    convergence, or a Hessian that is not positive definite at the solution.  ``iterations``
    and ``gradient_norm`` (max |gradient| over the random effects) say where it stopped."""

    def __init__(self, message, iterations=0, gradient_norm=float("nan")):
        super().__init__(message)
        self.iterations, self.gradient_norm = iterations, gradient_norm
