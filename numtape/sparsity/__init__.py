"""Sparse derivatives: structural patterns, graph coloring and compressed evaluation.

``jacobian_pattern`` / ``hessian_pattern`` find the structure by index-set propagation over a
tape; ``color_columns`` / ``color_rows`` / ``star_coloring`` group independent columns; and
``sparse_jacobian`` / ``sparse_hessian`` (and ``sparse_hessian_from_gradient``, given any
gradient tape) evaluate at a point with one sweep per color, assembling
``scipy.sparse.csr_matrix`` results from precomputed plans (``JacobianPlan``/``HessianPlan``
reuse them across points).  This is the public way to get a sparse derivative at one point
without building a derivative tape; ``F.jacfun(sparse=True)`` builds the tape.
"""
from numtape.sparsity.coloring import color_columns, color_rows, star_coloring
from numtape.sparsity.evaluate import (HessianPlan, JacobianPlan, sparse_hessian,
                                      sparse_hessian_from_gradient, sparse_jacobian)
from numtape.sparsity.pattern import hessian_pattern, jacobian_pattern

__all__ = ["HessianPlan", "JacobianPlan", "color_columns", "color_rows", "hessian_pattern",
           "jacobian_pattern", "sparse_hessian", "sparse_hessian_from_gradient", "sparse_jacobian",
           "star_coloring"]
