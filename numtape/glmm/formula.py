"""lme4/glmmTMB model formulas: the fixed part through formulaic, the bar terms by hand.

``parse(formula)`` splits ``y ~ x + f + (1 | g) + diag(x | g2) + offset(log(t))`` at the
top-level ``+``: bar terms ``(expr | g)``, ``(expr || g)`` and covariance structures
``us(expr | g)``, ``diag(expr | g)`` become ``Bar`` records (``g1/g2`` expands to ``g2:g1``
and ``g1`` as lme4 does, ``g1:g2`` is the interaction of the two factors); ``offset(expr)``
terms are kept aside; the rest is the fixed formula, which formulaic turns into a model
matrix with R's treatment contrasts (``design``), names as R prints them (``(Intercept)``,
``minedyes``, ``x``, ``minedyes:x``).  The left side of each bar is a formula of its own (a
random intercept unless ``0 +`` or ``- 1``), also through formulaic.

formulae (bambi's parser) reads ``(x | g)``, ``(1 | g1/g2)`` and crossed terms as well, but
splits ``(x | g)`` into two independent terms ``1|g`` and ``x|g`` (no correlation to
estimate) and refuses ``diag(x | g)`` and ``||``: the bars are parsed here (the grammar is
small) and formulaic does the model matrices.
"""
from __future__ import annotations

import dataclasses
import re

import numpy as np

# glmmTMB's covariance structures; the ones fitted here, and the rest (refused by name)
SUPPORTED_COV = ("us", "diag", "ar1", "cs", "ou")
OTHER_COV = ( "exp", "gau", "mat", "toep", "rr", "homdiag", "homcs",
             "hetar1", "propto", "equalto")


class FormulaError(ValueError):
    """A formula numtape.glmm cannot read or does not fit (the message names the part)."""


@dataclasses.dataclass(frozen=True)
class Bar:
    """One random-effect term: ``expr`` (the left side: a formula of the effects),
    ``group`` (a factor or an interaction ``a:b``), ``cov`` ("us", "diag", "ar1", "cs" or "ou")."""

    expr: str
    group: str
    cov: str

    def __str__(self):
        bar = f"{self.expr} | {self.group}"
        return f"({bar})" if self.cov == "us" else f"{self.cov}({bar})"


@dataclasses.dataclass
class Parsed:
    """The parts of a formula (``parse``)."""

    response: str
    fixed: str          # the right side without bars and offsets ("1" when nothing is left)
    bars: list
    offsets: list       # expressions inside offset(...)
    formula: str        # as given, whitespace normalized


def _split_top(s, seps):
    """Split ``s`` at top-level occurrences of the characters in ``seps``; each piece keeps
    the separator before it (or "" for the first)."""
    out, depth, start, sign = [], 0, 0, ""
    for i, c in enumerate(s):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth < 0:
                raise FormulaError(f"unbalanced parentheses in {s!r}")
        elif c in seps and depth == 0:
            out.append((sign, s[start:i].strip()))
            sign, start = c, i + 1
    if depth:
        raise FormulaError(f"unbalanced parentheses in {s!r}")
    out.append((sign, s[start:].strip()))
    return out


def _strip_parens(s):
    s = s.strip()
    while s.startswith("(") and s.endswith(")") and _closing(s, 0) == len(s) - 1:
        s = s[1:-1].strip()
    return s


def _closing(s, i):
    depth = 0
    for j in range(i, len(s)):
        depth += s[j] == "("
        depth -= s[j] == ")"
        if depth == 0:
            return j
    return -1


def _has_top_bar(s):
    return any(sign in ("|",) for sign, _ in _split_top(s, "|"))


def _bar_terms(inner, cov, term):
    """Bar records of ``expr | g`` (or ``expr || g``) under covariance ``cov``."""
    parts = _split_top(inner, "|")
    if len(parts) == 3 and parts[1][1] == "":          # expr || g: independent effects
        expr, group, cov = parts[0][1], parts[2][1], "diag"
    elif len(parts) == 2:
        expr, group = parts[0][1], parts[1][1]
    else:
        raise FormulaError(f"cannot read the random-effect term {term!r}: write (expr | group)")
    if not expr or not group:
        raise FormulaError(f"cannot read the random-effect term {term!r}: write (expr | group)")
    groups = [g.strip() for g in group.split("/")]
    if len(groups) > 1:                                # g1/g2: g2:g1 and g1, lme4's order
        names = [":".join(reversed(groups[:k])) for k in range(len(groups), 0, -1)]
    else:
        names = [group.strip()]
    for g in names:
        for v in g.split(":"):
            if not re.fullmatch(r"[A-Za-z_.][A-Za-z0-9_.]*", v.strip()):
                raise FormulaError(f"grouping factor {v.strip()!r} in {term!r}: name a data "
                                   "column (or a:b, a/b of columns)")
    return [Bar(expr, ":".join(v.strip() for v in g.split(":")), cov) for g in names]


def parse(formula):
    """The parts of an lme4/glmmTMB formula string (``Parsed``).

    >>> p = parse("count ~ spp + mined + (1 | site) + diag(x | g1/g2)")
    >>> p.response, p.fixed, [str(b) for b in p.bars]
    ('count', 'spp + mined', ['(1 | site)', 'diag(x | g2:g1)', 'diag(x | g1)'])
    """
    if not isinstance(formula, str):
        raise TypeError(f"glmm: the formula must be a string, got {type(formula).__name__}")
    text = " ".join(formula.split())
    if text.count("~") != 1:
        raise FormulaError(f"glmm: the formula needs one '~' (response ~ terms), got {text!r}")
    lhs, rhs = (s.strip() for s in text.split("~"))
    if not lhs:
        raise FormulaError("glmm: the formula has no response (left of '~')")
    fixed, bars, offsets = [], [], []
    for sign, term in _split_top(rhs, "+-"):
        if not term:
            if sign == "" and not fixed:
                continue
            raise FormulaError(f"glmm: empty term in {rhs!r}")
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)", term)
        head = m.group(1) if m else None
        if head == "offset":
            if sign == "-":
                raise FormulaError("glmm: '- offset(...)': write offset(-...)")
            offsets.append(m.group(2).strip())
            continue
        if head in SUPPORTED_COV + OTHER_COV and _has_top_bar(m.group(2)):
            if head in OTHER_COV:
                raise FormulaError(
                    f"glmm: the covariance structure {head}() in {term!r} is not supported "
                    f"(numtape.glmm fits {', '.join(s + '()' for s in SUPPORTED_COV)} and "
                    "(expr | g), which is us())")
            if sign == "-":
                raise FormulaError(f"glmm: cannot subtract the random-effect term {term!r}")
            bars += _bar_terms(_strip_parens(m.group(2)), head, term)
            continue
        inner = _strip_parens(term)
        if term.startswith("(") and _has_top_bar(inner):
            if sign == "-":
                raise FormulaError(f"glmm: cannot subtract the random-effect term {term!r}")
            bars += _bar_terms(inner, "us", term)
            continue
        if "|" in term:
            raise FormulaError(f"glmm: a bar '|' outside a random-effect term in {term!r}: "
                               "write (expr | group)")
        fixed.append(f"{sign} {term}" if sign and fixed else (f"{sign}{term}" if sign == "-"
                                                               else term))
    return Parsed(response=lhs, fixed=" ".join(fixed) if fixed else "1", bars=bars,
                  offsets=offsets, formula=text)


_CONTRAST = re.compile(r"([^\[\]:]+)\[T\.([^\]]*)\]")
_LEVEL = re.compile(r"([^\[\]:]+)\[([^\]]*)\]")


def r_name(col):
    """The column name formulaic gives, as R prints it: ``Intercept`` -> ``(Intercept)``,
    ``mined[T.yes]`` -> ``minedyes``, ``spp[GP]`` (full dummy coding) -> ``sppGP``."""
    if col == "Intercept":
        return "(Intercept)"
    col = _CONTRAST.sub(r"\1\2", col)
    return _LEVEL.sub(r"\1\2", col)


def design(rhs, data, spec=None):
    """(matrix, R names, model spec) of a right-hand side on ``data`` (a DataFrame); with the
    ``spec`` of an earlier call, the same columns on new data (prediction)."""
    import formulaic
    try:
        if spec is not None:
            mm = spec.get_model_matrix(data, na_action="raise")
        else:
            # a NumPy matrix: no DataFrame is built (the names are the spec's)
            mm = formulaic.model_matrix(rhs, data, na_action="raise", output="numpy")
    except Exception as e:   # formulaic's own errors name the term
        raise FormulaError(f"glmm: cannot build the model matrix of {rhs!r}: "
                           f"{type(e).__name__}: {e}") from None
    X = np.asarray(mm, dtype=np.float64)
    return X, [r_name(c) for c in mm.model_spec.column_names], mm.model_spec


def one_sided(formula, what):
    """The right side of a one-sided formula (``ziformula``, ``dispformula``: ``"~ spp +
    mined"``), fixed terms only."""
    if not isinstance(formula, str):
        raise TypeError(f"glmm: {what} must be a string such as '~ x', got "
                        f"{type(formula).__name__}")
    text = " ".join(formula.split())
    if not text.startswith("~") or text.count("~") != 1:
        raise FormulaError(f"glmm: {what} must be one-sided ('~ terms'), got {text!r}")
    p = parse("y__ " + text)
    if p.bars:
        raise NotImplementedError(f"glmm: random effects in {what} ({', '.join(map(str, p.bars))})"
                                  " are not supported (fixed terms only)")
    if p.offsets:
        raise NotImplementedError(f"glmm: offset() in {what} is not supported")
    return p.fixed


def coordinates(expr, data, coords=None):
    """(Z, names, coords) of ``ou(t + 0 | g)``'s left side: a numeric column ``t`` read as
    glmmTMB's ``numFactor``, one effect per distinct value (sorted), named ``t(value)``.  With
    the ``coords`` of the fit, the same columns on new data (a value the fit has not seen gets
    no effect)."""
    terms = [v.strip() for _, v in _split_top(expr, "+") if v.strip() not in ("0", "-1", "")]
    if len(terms) != 1 or not re.fullmatch(r"[A-Za-z_.][A-Za-z0-9_.]*", terms[0]):
        raise FormulaError(f"glmm: ou() takes one numeric column and no intercept, as "
                           f"ou(t + 0 | g); got {expr!r}")
    t = evaluate(terms[0], data)
    if not np.all(np.isfinite(t)):
        raise ValueError(f"glmm: the ou() coordinate {terms[0]!r} has missing or non-finite "
                         "values")
    coords = np.unique(t) if coords is None else coords
    Z = (t[:, None] == coords[None, :]).astype(np.float64)
    return Z, [f"{terms[0]}({c:g})" for c in coords], coords


def as_frame(data):
    """The data as a DataFrame (a dict of arrays becomes one)."""
    import pandas as pd
    if isinstance(data, pd.DataFrame):
        return data.reset_index(drop=True)
    if isinstance(data, dict):
        return pd.DataFrame({k: (np.asarray(v) if not hasattr(v, "dtype") else v)
                             for k, v in data.items()})
    raise TypeError(f"glmm: data must be a pandas DataFrame or a dict of arrays, got "
                    f"{type(data).__name__}")


def evaluate(expr, data):
    """A response or offset expression (``count``, ``log(t)``, ``size - incidence``) on the
    data columns as float arrays, with NumPy's functions in scope."""
    names = {"np": np, "log": np.log, "exp": np.exp, "sqrt": np.sqrt, "abs": np.abs,
             "log1p": np.log1p, "I": lambda v: v}
    cols = {c: np.asarray(data[c]) for c in data.columns if isinstance(c, str)}
    try:
        value = eval(compile(expr, "<formula>", "eval"), {"__builtins__": {}}, {**names, **cols})
    except NameError as e:
        raise FormulaError(f"glmm: {expr!r}: {e} (the data's columns: "
                           f"{list(data.columns)})") from None
    except SyntaxError:
        raise FormulaError(f"glmm: cannot read {expr!r}") from None
    value = np.asarray(value)
    if value.dtype == bool:
        value = value.astype(np.float64)
    if not np.issubdtype(value.dtype, np.number):
        raise FormulaError(f"glmm: {expr!r} is not numeric (dtype {value.dtype})")
    return np.broadcast_to(value.astype(np.float64), (len(data),)).copy()


def response(lhs, data):
    """(y, size) of the left side: ``cbind(successes, failures)`` gives (successes, their sum);
    anything else (y, None)."""
    m = re.fullmatch(r"cbind\s*\((.*)\)", lhs.strip())
    if m:
        parts = [p for _, p in _split_top(m.group(1), ",")]
        if len(parts) != 2:
            raise FormulaError(f"glmm: cbind() takes (successes, failures), got {lhs!r}")
        k, f = evaluate(parts[0], data), evaluate(parts[1], data)
        return k, k + f
    return evaluate(lhs, data), None


def grouping(group, data, levels=None):
    """(integer codes, level names) of a grouping factor ``a`` or ``a:b`` on ``data``; with
    ``levels`` (from the fit), codes into them, -1 for a level the fit has not seen."""
    cols = group.split(":")
    for c in cols:
        if c not in data.columns:
            raise FormulaError(f"glmm: the grouping factor {c!r} is not a column of the data "
                               f"({list(data.columns)})")
    keys = [_level_strings(data[c]) for c in cols]
    labels = keys[0] if len(cols) == 1 else np.array([":".join(t) for t in zip(*keys)],
                                                     dtype=object)
    if levels is None:
        if len(cols) == 1 and hasattr(data[cols[0]], "cat"):
            seen = set(labels)
            levels = [str(v) for v in data[cols[0]].cat.categories if str(v) in seen]
        else:
            levels = _sorted_levels(set(labels))
    index = {lev: i for i, lev in enumerate(levels)}
    codes = np.array([index.get(v, -1) for v in labels], dtype=np.int64)
    return codes, list(levels)


def _level_strings(col):
    values = np.asarray(col, dtype=object)
    if any(v is None or (isinstance(v, float) and v != v) for v in values):
        raise FormulaError(f"glmm: the grouping factor {col.name!r} has missing values")
    return np.array([str(v) for v in values], dtype=object)


def _sorted_levels(values):
    """Levels in R's order: numerically when every level is a number, else as strings."""
    try:
        return sorted(values, key=lambda v: (float(v), v))
    except ValueError:
        return sorted(values)
