"""The tape layer: frozen, validated arrays (``Tape``), their sweeps (``Sweeps``), files and
inspection.  Nothing here records; the trace and transforms layers above reach in through the
public members of ``Tape`` and ``Tape.sweeps``, and Tape reaches them through ``seam``."""
from numtape.tape.tape import Tape, as_real, load

__all__ = ["Tape", "as_real", "load"]
