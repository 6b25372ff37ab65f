"""Tape -> the tape of another function: jacfun (dense), Hessians."""
