"""From a CSV to a paper's tables and figures: a Poisson GLMM with a random intercept per site.

    count_ij ~ Poisson(exp(b0 + b_mined mined_i + b_depth (depth_ij - 3) + u_i)),
    u_i ~ N(0, sigma^2)

The data (``examples/data/salamander_counts.csv``, simulated) are read with the standard
library; the model is plain NumPy; ``nt.OBS`` marks the observations, so the same code also
simulates from the fit and explains its residuals.  The example prints the summary (with sigma
on its natural scale), Wald and profile intervals, predictions with standard errors and a
parametric bootstrap, and saves two figures (with matplotlib, when installed): the profile of
b_mined with its interval, and the quantile residuals against the fitted means.

    python examples/glmm_paper.py
"""
import csv
import pathlib

import numpy as np

import numtape as nt

HERE = pathlib.Path(__file__).resolve().parent
D = nt.distributions


def read(path=HERE / "data" / "salamander_counts.csv"):
    """The CSV as the model's data: arrays, and the site as integer codes."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    sites = sorted({r["site"] for r in rows})
    return {"count": np.array([int(r["count"]) for r in rows]),
            "mined": np.array([r["mined"] == "yes" for r in rows], dtype=float),
            "depth": np.array([float(r["depth"]) for r in rows]),
            "site": np.array([sites.index(r["site"]) for r in rows]), "n_sites": len(sites)}


def nll(p, d):
    b = p["beta"]
    eta = b[0] + b[1] * d["mined"] + b[2] * (d["depth"] - 3.0) + p["u"][d["site"]]
    nt.ADREPORT("mean_count", np.exp(eta))          # predictions with standard errors
    return (-np.sum(D.poisson.logpmf(nt.OBS(d["count"]), np.exp(eta)))
            - np.sum(D.norm.logpdf(p["u"], 0.0, np.exp(p["logsigma"]))))


def main(verbose=True, figures=HERE / "figures", bootstrap=40):
    data = read()
    start = {"beta": np.zeros(3), "logsigma": 0.0, "u": np.zeros(data["n_sites"])}
    obj = nt.MakeADFun(nll, start, random="u", data=data,
                       names={"beta": ["(Intercept)", "mined", "depth"]})
    fit = nt.fit(obj, nobs=data["count"].size,
                 natural={"sigma": lambda p: np.exp(p["logsigma"])})
    wald = fit.confint()
    profile = fit.confint(method="profile")
    new = {"mined": np.array([0.0, 1.0]), "depth": np.array([3.0, 3.0]),
           "site": np.array([0, 0]), "count": np.zeros(2, dtype=int),
           "n_sites": data["n_sites"]}
    pred = fit.predict(new)
    boot = nt.bootstrap(obj, None, bootstrap, seed=1, par=fit.par, progress=False)
    resid = fit.residuals(seed=1)
    if verbose:
        print(fit.summary(), "\n")
        print("Wald intervals\n", wald, "\n\nprofile intervals\n", profile, "\n", sep="")
        print("site S01 at depth 3, not mined / mined:", pred["mean_count"].round(3),
              "+-", pred["mean_count_se"].round(3), "\n")
        print(boot.summary())
    if figures is not None:
        save_figures(fit, resid, pathlib.Path(figures), verbose)
    return fit, wald, profile, pred, boot, resid


def save_figures(fit, resid, folder, verbose=True):
    """The profile of b_mined and the residual plot, as PNG (skipped without matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if verbose:
            print("(matplotlib is not installed: no figures)")
        return []
    folder.mkdir(parents=True, exist_ok=True)
    ax = fit.profile("beta[mined]").plot()
    ax.figure.tight_layout()
    paths = [folder / "glmm_profile.png", folder / "glmm_residuals.png"]
    ax.figure.savefig(paths[0], dpi=90)
    plt.close(ax.figure)
    fitted = fit.predict()["mean_count"]
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.scatter(np.log(fitted), resid, s=8, alpha=0.6)
    ax.axhline(0.0, color="grey", lw=1)
    ax.set_xlabel("log fitted mean count")
    ax.set_ylabel("randomized quantile residual")
    fig.tight_layout()
    fig.savefig(paths[1], dpi=90)
    plt.close(fig)
    if verbose:
        print("figures:", *paths)
    return paths


if __name__ == "__main__":
    main()
