"""``np.einsum`` on traced arrays: any number of operands, composed from recorded ops.

Each pairwise contraction is diagonals, sums, transposes and one matrix product (``_einsum2``);
more than two operands are contracted pairwise in the order ``np.einsum_path`` (greedy)
chooses.  Works on plain arrays too.

>>> import numpy as np, numtape as nt
>>> F = nt.MakeTape(lambda x: np.einsum("ij,j->i", x.reshape(2, 2), x[:2]), np.ones(4))
>>> F([1.0, 2.0, 3.0, 4.0])
array([ 5., 11.])
"""
from __future__ import annotations

import numpy as np

from numtape.surface.functions import implements


@implements(np.einsum)
def einsum(subscripts, *operands, optimize=False):
    """``np.einsum`` on traced arrays: any number of operands, ``...`` broadcasting dimensions
    (of equal sizes), explicit or implicit output.  More than two operands are contracted
    pairwise in the order ``np.einsum_path`` (greedy) chooses; each pairwise contraction is
    diagonals, sums, transposes and one matrix product (``_einsum2``)."""
    if not isinstance(subscripts, str):
        raise TypeError("np.einsum on traced arrays takes a subscripts string")
    subscripts = _expand_ellipsis(subscripts.replace(" ", ""), operands)
    ins, arrow, out = subscripts.partition("->")
    terms = ins.split(",")
    if len(terms) != len(operands):
        raise ValueError(f"einsum: {len(terms)} subscripts for {len(operands)} operands")
    if not arrow:
        letters = "".join(terms)
        out = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    if len(operands) <= 2:
        return _einsum2(f"{ins}->{out}", *operands)
    path, _ = np.einsum_path(f"{ins}->{out}", *[np.empty(np.shape(o)) for o in operands],
                             optimize="greedy")
    terms, ops = list(terms), list(operands)
    for step in path[1:]:
        picked = [(terms.pop(i), ops.pop(i)) for i in sorted(step, reverse=True)]
        keep = set("".join(terms)) | set(out)
        seen = "".join(t for t, _ in picked)
        new = "".join(dict.fromkeys(c for c in seen if c in keep))
        terms.append(new)
        ops.append(_einsum2(",".join(t for t, _ in picked) + "->" + new,
                            *[o for _, o in picked]))
    return _einsum2(f"{terms[0]}->{out}", ops[0])


def _expand_ellipsis(subscripts, operands):
    """Subscripts with each ``...`` replaced by letters of their own (right-aligned across
    operands, as NumPy broadcasts them)."""
    if "..." not in subscripts:
        return subscripts
    ins, arrow, out = subscripts.partition("->")
    terms = ins.split(",")
    free = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in subscripts]
    widths = [np.ndim(x) - (len(t) - 3) if "..." in t else 0 for t, x in zip(terms, operands)]
    most = max(widths, default=0)
    ell = "".join(free[:most])
    terms = [t.replace("...", ell[most - w:]) for t, w in zip(terms, widths)]
    if arrow:
        out = out.replace("...", ell)
    else:
        letters = "".join(t for t in terms)
        rest = "".join(sorted(c for c in set(letters) if letters.count(c) == 1 and c not in ell))
        out, arrow = ell + rest, "->"
    return ",".join(terms) + arrow + out


def _einsum2(subscripts, *operands):
    """One- and two-operand einsum as diagonals, sums, transposes and one matrix product.

    Letters repeated within an operand take its diagonal, letters only one operand has and
    the output lacks are summed first, shared letters the output lacks are contracted by
    MatMulOp, shared letters the output keeps are batch dimensions (a batch of dot products
    or matrix-vector products is a product and a sum instead of many small MatMulOps).
    """
    ins, _, out = subscripts.partition("->")
    terms = ins.split(",")
    missing = [c for c in out if c not in ins]
    if missing or len(set(out)) != len(out):
        raise ValueError(f"einsum: output subscript {''.join(missing) or out!r} "
                         + ("never appears in an input" if missing else "repeats a letter"))
    ops = []
    for i, (t, x) in enumerate(zip(terms, operands)):
        if len(t) != np.ndim(x):
            raise ValueError(f"einsum: subscripts {t!r} for an operand of shape {np.shape(x)}")
        ops.append(_own_letters(t, x, out + "".join(terms[:i] + terms[i + 1:])))
    if len(ops) == 1:
        (t, x), = ops
        return np.transpose(x, [t.index(c) for c in out])
    (ta, a), (tb, b) = ops
    batch = [c for c in ta if c in tb and c in out]
    contract = [c for c in ta if c in tb and c not in out]
    left = [c for c in ta if c not in tb]
    right = [c for c in tb if c not in ta]
    size = dict(zip(ta, np.shape(a))) | dict(zip(tb, np.shape(b)))
    for c in set(ta) & set(tb):
        if np.shape(a)[ta.index(c)] != np.shape(b)[tb.index(c)]:
            raise ValueError(f"einsum: dimension {c!r} has sizes {np.shape(a)[ta.index(c)]} "
                             f"and {np.shape(b)[tb.index(c)]}")

    def prod(cs):
        return int(np.prod([size[c] for c in cs]))
    a3 = np.reshape(np.transpose(a, [ta.index(c) for c in batch + left + contract]),
                    (prod(batch), prod(left), prod(contract)))
    b3 = np.reshape(np.transpose(b, [tb.index(c) for c in batch + contract + right]),
                    (prod(batch), prod(contract), prod(right)))
    if batch and (prod(left) == 1 or prod(right) == 1):   # batched dots: multiply and sum
        if prod(left) == 1:
            c = np.sum(np.swapaxes(a3, 1, 2) * b3, axis=1)
        else:
            c = np.sum(a3 * np.swapaxes(b3, 1, 2), axis=2)
    else:
        c = np.matmul(a3, b3)
    c = np.reshape(c, [size[c] for c in batch + left + right])
    return np.transpose(c, [(batch + left + right).index(ch) for ch in out])


def _own_letters(t, x, others):
    """Take diagonals for letters repeated in ``t`` and sum letters no one else needs."""
    while len(set(t)) < len(t):
        c = next(ch for ch in t if t.count(ch) > 1)
        i = t.index(c)
        j = t.index(c, i + 1)
        x = np.diagonal(x, axis1=i, axis2=j)   # the diagonal axis goes last
        t = t[:i] + t[i + 1:j] + t[j + 1:] + c
    drop = tuple(i for i, c in enumerate(t) if c not in others)
    if drop:
        x = np.sum(x, axis=drop)
        t = "".join(c for c in t if c in others)
    return t, x
