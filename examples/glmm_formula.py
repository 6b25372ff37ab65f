"""A mixed model from a formula: glmmTMB's Salamanders example through ``nt.glmm``.

    count ~ spp + mined + (1 | site),   negative binomial (nbinom2), log link

The data are glmmTMB's own ``Salamanders`` (shipped here as ``tests/data/salamanders.csv``).
The example prints the glmmTMB-style summary, the profile interval of the mining effect, a
likelihood-ratio test against the Poisson model, population-level predictions with standard
errors for mined and unmined sites, and saves the profile and the randomized quantile residuals
as PNG (with matplotlib, when installed).

    python examples/glmm_formula.py
"""
import pathlib

import numpy as np

import numtape as nt

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE.parent / "tests" / "data" / "salamanders.csv"


def main(verbose=True, figures=HERE / "figures"):
    import pandas as pd
    sal = pd.read_csv(DATA)
    nb = nt.glmm("count ~ spp + mined + (1 | site)", sal, family="nbinom2", data_name="sal")
    pois = nt.glmm("count ~ spp + mined + (1 | site)", sal, family="poisson", data_name="sal")
    test = nt.anova(pois, nb)
    mined = [c for c in nb.fixef().index if c.startswith("mined")][0]
    ci = nb.confint([mined], method="profile")
    new = sal.iloc[:2].copy()
    new["mined"] = sorted(sal["mined"].unique())
    pred = nb.predict(new, re_form=nt.NA, type="response", se=True)
    resid = nb.residuals("quantile", seed=1)
    if verbose:
        print(nb.summary(), "\n")
        print(test.to_string() if hasattr(test, "to_string") else test, "\n")
        print(f"profile interval of {mined}:\n{ci}\n")
        print("population-level mean count, mined", list(new["mined"]), ":", pred)
    if figures is not None:
        save_figures(nb, mined, resid, pathlib.Path(figures), verbose)
    return nb, pois, test, ci, pred, resid


def save_figures(m, mined, resid, folder, verbose=True):
    """The profile of the mining effect and the residuals, as PNG (skipped without
    matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    ax = m.fit.profile(f"beta[{mined}]").plot()
    ax.figure.tight_layout()
    paths = [folder / "glmm_formula_profile.png", folder / "glmm_formula_residuals.png"]
    ax.figure.savefig(paths[0], dpi=90)
    plt.close(ax.figure)
    fitted = m.predict(type="link")
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.scatter(np.asarray(fitted), resid, s=8, alpha=0.6)
    ax.axhline(0.0, color="grey", lw=1)
    ax.set_xlabel("linear predictor")
    ax.set_ylabel("randomized quantile residual")
    fig.tight_layout()
    fig.savefig(paths[1], dpi=90)
    plt.close(fig)
    if verbose:
        print("figures:", *paths)
    return paths


if __name__ == "__main__":
    main()
