"""``numtape.scipy.stats`` is ``nt.distributions`` (scipy.stats' names and signatures)."""
from numtape.stats.distributions import *  # noqa: F401,F403
from numtape.stats.distributions import __all__  # noqa: F401
