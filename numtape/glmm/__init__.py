"""``nt.glmm``: mixed models from an lme4/glmmTMB formula, fitted by the statistical layer.

``formula.py`` reads the formula (formulaic for the fixed part and the effects of each bar
term, the bars by hand), ``families.py`` holds glmmTMB's families, ``model.py`` writes the
likelihood and fits it (``nt.MakeADFun`` with the random effects integrated out, ``nt.fit``),
``result.py`` is the fitted model (``GLMM``: summary, fixef, ranef, VarCorr, predict,
simulate, residuals, confint, anova).
"""
from numtape.glmm.formula import FormulaError
from numtape.glmm.model import glmm
from numtape.glmm.result import GLMM, NA, VarCorr, anova

__all__ = ["FormulaError", "GLMM", "NA", "VarCorr", "anova", "glmm"]
