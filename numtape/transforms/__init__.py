"""Transforms of finished tapes into new tapes: jacfun, sparse derivative tapes, nested
(capturing) tapes, the recorded rule of atomic calls, and simplify's passes."""
