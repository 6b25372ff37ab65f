"""The examples and the demo run in the test suite, so they never rot."""
import importlib.util
import pathlib
import subprocess
import sys

import numpy as np

from numtape.testing import check_grads, finite_jacobian

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_kalman_ar1_fits_and_its_gradient_matches_finite_differences():
    mod = _load("kalman_ar1")
    F, fit, est = mod.main(n=1500, verbose=False)
    assert fit.success
    np.testing.assert_allclose(est, [0.8, 0.5, 0.3], atol=0.1)
    theta = np.array([0.3, -0.5, -1.0])
    nll = mod.make_nll(mod.simulate(1500))
    np.testing.assert_allclose(F.gradient(theta), finite_jacobian(nll, theta)[0], rtol=1e-6)


def test_kalman_loop_derivatives_on_a_short_series():
    mod = _load("kalman_ar1")
    check_grads(mod.make_nll(mod.simulate(30)), np.array([0.4, -0.3, -0.8]), rtol=1e-6)


def test_poisson_regression_recovers_coefficients():
    mod = _load("poisson_regression")
    F, fit, se = mod.main(n_obs=4000, verbose=False)
    assert fit.success
    np.testing.assert_allclose(fit.x, [0.5, -0.3, 0.2, 0.1], atol=5 * se.max())
    assert np.all(se > 0) and np.all(se < 0.05)


def test_negative_binomial_recovers_coefficients_and_dispersion():
    mod = _load("negative_binomial")
    F, fit, se = mod.main(verbose=False)     # asserts closeness to the truth and a zero score
    assert np.all(se > 0) and np.all(se < 0.1)
    X, y = mod.simulate(50)
    check_grads(mod.make_nll(X, y), np.array([0.5, 0.2, -0.1, 0.3, 0.4]), rtol=1e-6)


def test_mvn_likelihood_matches_scipy_stats_and_fits():
    mod = _load("mvn_likelihood")
    F, fit, se = mod.main(verbose=False)     # asserts agreement with scipy.stats at 2 points
    assert fit.success and np.all(se > 0)
    dist, Y = mod.simulate(n=6, m=3)
    theta = np.array([0.3, 0.2, -0.4])
    check_grads(mod.make_loglik(dist, Y), theta, rtol=1e-6)
    np.testing.assert_allclose(mod.make_loglik(dist, Y)(theta), mod.scipy_loglik(theta, dist, Y),
                               rtol=1e-12)


def test_random_intercept_laplace_equals_the_exact_marginal_and_fits():
    mod = _load("random_intercept")
    obj, fit, rep, gap = mod.main(verbose=False)
    assert gap < 1e-10 and fit.success and rep.pd_hess
    y, group = mod.simulate()
    assert obj.fn(fit.x) == __import__("pytest").approx(mod.exact_nll(fit.x, y, group), rel=1e-12)
    assert rep.sd("u").shape == (10,) and np.all(rep.sd("u") > 0)


def test_poisson_glmm_fits_and_reports():
    mod = _load("poisson_glmm")
    obj, fit, rep = mod.main(verbose=False)
    assert fit.success and rep.pd_hess and rep.max_gradient < 1e-4
    truth = np.array([0.5, -0.8])
    est = np.array([rep.value("b0"), rep.value("b1")])
    se = np.array([rep.sd("b0"), rep.sd("b1")])
    assert np.all(np.abs(est - truth) < 4 * se)
    assert obj.report(fit.x)["fitted"].shape == (600,)


def test_ar1_poisson_with_many_latent_states_recovers_the_parameters():
    mod = _load("ar1_poisson")
    obj, fit, rep = mod.main(n=3000, verbose=False)
    assert fit.success and rep.pd_hess
    assert abs(rep.value("phi") - 0.8) < 4 * rep.sd("phi")
    assert abs(rep.value("sd") - 0.5) < 4 * rep.sd("sd")
    assert rep.sd("u").shape == (3000,)


def test_saddlepoint_examples_stirling_and_double_poisson():
    mod = _load("saddlepoint")
    gaps, obj, fit, rep = mod.main(verbose=False)
    assert max(abs(g) for g in gaps) < 1e-12
    assert fit.success and rep.pd_hess and 3 < rep.value("muX") < 8


def test_demo_runs():
    out = subprocess.run([sys.executable, "-m", "numtape", "demo"], capture_output=True,
                         text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "DepOp" in out.stdout and "2751.77" in out.stdout
    assert "value + gradient sweep" in out.stdout
    assert "sdreport(.) result" in out.stdout and "Maximum gradient component" in out.stdout


def test_glmm_paper_example_from_csv_to_tables_and_figures(tmp_path):
    """The README's paper workflow: summary with sigma on its scale, Wald and profile
    intervals, predictions with SEs, a bootstrap from the model's own code, residuals, and
    the two figures (when matplotlib is installed)."""
    mod = _load("glmm_paper")
    fit, wald, profile, pred, boot, resid = mod.main(verbose=False, figures=tmp_path,
                                                     bootstrap=6)
    assert fit.converged and fit.pd_hess
    assert fit.labels[:3] == ["beta[(Intercept)]", "beta[mined]", "beta[depth]"]
    w, p = wald.to_dataframe(), profile.to_dataframe()
    assert np.all(w.iloc[:, 0] < fit.par) and np.all(fit.par < w.iloc[:, 1])
    assert np.all(p.iloc[:, 0] < fit.par) and np.all(fit.par < p.iloc[:, 1])
    assert pred["mean_count"][1] < pred["mean_count"][0] and np.all(pred["mean_count_se"] > 0)
    assert boot.failed == 0 and resid.shape == (288,)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert (tmp_path / "glmm_profile.png").stat().st_size > 1000
    assert (tmp_path / "glmm_residuals.png").stat().st_size > 1000


def test_glmm_formula_example_salamanders_through_nt_glmm(tmp_path):
    """GlmmTMB's Salamanders nbinom2 model from its formula: the LRT prefers it to the
    Poisson, the mining effect's profile interval excludes 0, mined sites predict fewer
    salamanders, and the figures are written (with matplotlib)."""
    mod = _load("glmm_formula")
    nb, pois, test, ci, pred, resid = mod.main(verbose=False, figures=tmp_path)
    assert nb.logLik > pois.logLik and resid.shape == (644,)
    lo, hi = ci.iloc[0, 0], ci.iloc[0, 1]
    assert lo < nb.fixef()["minedyes"] < hi < 0
    assert pred.iloc[1, 0] < pred.iloc[0, 0]
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert (tmp_path / "glmm_formula_profile.png").stat().st_size > 1000
