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


def test_demo_runs():
    out = subprocess.run([sys.executable, "-m", "numtape", "demo"], capture_output=True,
                         text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "DepOp" in out.stdout and "2751.77" in out.stdout
    assert "value + gradient sweep" in out.stdout
