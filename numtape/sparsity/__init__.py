"""Sparse derivatives: structural patterns, graph coloring and compressed evaluation.

``jacobian_pattern`` / ``hessian_pattern`` find the structure by index-set propagation over a
tape; ``color_columns`` / ``color_rows`` / ``star_coloring`` group independent columns; and
``sparse_jacobian`` / ``sparse_hessian_from_gradient`` evaluate with one sweep per color,
assembling ``scipy.sparse.csr_matrix`` results from precomputed plans.
"""
from numtape.sparsity.coloring import color_columns, color_rows, star_coloring
from numtape.sparsity.evaluate import (HessianPlan, JacobianPlan, sparse_hessian_from_gradient,
                                     sparse_jacobian)
from numtape.sparsity.pattern import hessian_pattern, jacobian_pattern

__all__ = ["HessianPlan", "JacobianPlan", "color_columns", "color_rows", "hessian_pattern",
           "jacobian_pattern", "sparse_hessian_from_gradient", "sparse_jacobian",
           "star_coloring"]
