"""The statistical layer: newton, laplace (and SPA), MakeADFun, sdreport (README.md, "Random
effects: newton, laplace, MakeADFun, sdreport").

Every derivative is held against central differences of an independent value (a closed form
where one exists) and against a second path (the sparse and the dense factorization, reverse
and tangent sweeps, derivative tapes and direct sweeps).
"""
import math
import warnings

import numpy as np
import pytest
import scipy.optimize as so
from scipy.stats import multivariate_normal

import numtape as nt
from numtape.stats import factor as factor_module
from numtape.stats.laplace import newton_node_of


def fd_gradient(f, x, eps=1e-6):
    x = np.asarray(x, dtype=float)
    return np.array([(f(x + eps * e) - f(x - eps * e)) / (2 * eps) for e in np.eye(x.size)])


def fd_jacobian(f, x, eps=1e-6):
    x = np.asarray(x, dtype=float)
    return np.stack([(np.ravel(f(x + eps * e)) - np.ravel(f(x - eps * e))) / (2 * eps)
                     for e in np.eye(x.size)], axis=1)


# ---- a Gaussian random-intercept model: the Laplace approximation is exact -----------------
RNG = np.random.default_rng(2)
G, M = 8, 5
GROUP = np.repeat(np.arange(G), M)
Y = 1.5 + (RNG.normal(size=G) * 0.7)[GROUP] + RNG.normal(size=G * M) * 0.4


def gaussian_nll(p):
    u, sdu, sde = p["u"], np.exp(p["logsdu"]), np.exp(p["logsde"])
    r = (Y - p["mu"] - u[GROUP]) / sde
    nt.ADREPORT("sdu", sdu)
    nt.ADREPORT("group_means", p["mu"] + u)
    nt.REPORT("resid", r)
    return (0.5 * np.sum(r ** 2) + Y.size * np.log(sde) + 0.5 * np.sum((u / sdu) ** 2)
            + G * np.log(sdu) + 0.5 * (Y.size + G) * np.log(2 * np.pi))


def gaussian_exact(p):
    """-log of the exact marginal likelihood (u integrated out in closed form)."""
    mu, sdu, sde = p[0], np.exp(p[1]), np.exp(p[2])
    C = sde ** 2 * np.eye(Y.size) + sdu ** 2 * (GROUP[:, None] == GROUP[None, :])
    return -multivariate_normal.logpdf(Y, mu * np.ones(Y.size), C)


GAUSS_START = {"mu": 0.0, "logsdu": 0.0, "logsde": 0.0, "u": np.zeros(G)}
THETA = np.array([1.0, -0.3, -0.5])


@pytest.fixture(scope="module")
def gauss():
    return nt.MakeADFun(gaussian_nll, GAUSS_START, random=["u"])


def test_laplace_of_a_gaussian_model_equals_the_exact_marginal(gauss):
    for p in (THETA, np.array([2.0, 0.4, -1.0])):
        assert gauss.fn(p) == pytest.approx(gaussian_exact(p), rel=1e-12)


def test_marginal_gradient_and_hessian_match_differences_of_the_exact_marginal(gauss):
    np.testing.assert_allclose(gauss.gr(THETA), fd_gradient(gaussian_exact, THETA), rtol=1e-7)
    fd_hess = fd_jacobian(lambda p: fd_gradient(gaussian_exact, p, 1e-5), THETA, 1e-4)
    np.testing.assert_allclose(gauss.he(THETA), fd_hess, rtol=1e-5, atol=1e-6)


def test_marginal_hessian_by_tangents_equals_hessian_by_reverse_sweeps(gauss):
    L = gauss.objective
    v = np.array([0.3, -1.0, 0.5])
    np.testing.assert_allclose(L.hvp(THETA, v), L.hessian(THETA) @ v, rtol=1e-10)
    np.testing.assert_allclose(L.jacfun()(THETA), L.gradient(THETA), rtol=1e-12)


# ---- newton ---------------------------------------------------------------------------------
def test_newton_of_the_vignette_example():
    f = nt.MakeTape(lambda x: x[0] ** 2 + x[1] ** 2, np.zeros(2))
    assert f.newton([1])([3.0]) == pytest.approx([0.0], abs=1e-14)
    assert float(f.laplace([1])([3.0])) == pytest.approx(9 - 0.5 * math.log(math.pi), rel=1e-12)


def inner(x):
    u, a = x[:3], x[3:]
    return np.sum(np.exp(0.5 * u) - a[0] * u) + 0.5 * np.sum(np.diff(u) ** 2) * a[1] ** 2


def test_newton_derivatives_by_the_implicit_function_theorem():
    F = nt.MakeTape(inner, np.zeros(5))
    S = F.newton([0, 1, 2])
    a = np.array([1.3, 0.8])
    u = S(a)
    assert np.max(np.abs(F.gradient(np.concatenate([u, a]))[:3])) < 1e-12
    J = S.jacobian(a)
    np.testing.assert_allclose(J, fd_jacobian(S, a), rtol=1e-6)
    np.testing.assert_allclose(S.jacfun()(a).reshape(3, 2), J, rtol=1e-12)   # recorded rule
    np.testing.assert_allclose(np.stack([S.jvp(a, e) for e in np.eye(2)], 1), J, rtol=1e-12)
    # second derivatives: the Jacobian of the recorded first derivative
    H = S.jacfun().jacobian(a)
    np.testing.assert_allclose(H, fd_jacobian(lambda b: S.jacobian(b), a, 1e-5), rtol=1e-5,
                               atol=1e-8)


def test_newton_tape_called_on_traced_values_inside_another_recording():
    F = nt.MakeTape(inner, np.zeros(5))
    S = F.newton([0, 1, 2])
    outer = nt.MakeTape(lambda b: np.sum(S(b * 2.0) ** 2), np.ones(2))
    b = np.array([0.6, 0.5])
    assert outer(b) == pytest.approx(np.sum(S(2 * b) ** 2), rel=1e-13)
    np.testing.assert_allclose(outer.gradient(b), fd_gradient(outer, b), rtol=1e-6)


def test_newton_random_indices_may_be_any_inputs_and_a_mask():
    F = nt.MakeTape(lambda x: (x[0] - x[2]) ** 2 + x[1] ** 2 + x[0] ** 4, np.zeros(3))
    by_index, by_mask = F.newton([2]), F.newton(np.array([False, False, True]))
    np.testing.assert_allclose(by_index([0.5, 1.0]), [0.5], atol=1e-12)
    np.testing.assert_allclose(by_mask([0.5, 1.0]), [0.5], atol=1e-12)
    with pytest.raises(ValueError, match="out of range"):
        F.newton([3])
    with pytest.raises(ValueError, match="repeat"):
        F.newton([1, 1])


def test_newton_error_at_a_hessian_that_is_not_positive_definite():
    F = nt.MakeTape(lambda x: -(x[0] - x[1]) ** 2, np.zeros(2))   # a maximum, not a minimum
    with pytest.raises(nt.NewtonError, match="not positive definite") as e:
        F.newton([0], start=[1.0])([1.0])   # starts at the stationary point
    assert e.value.iterations >= 0 and e.value.gradient_norm == pytest.approx(0.0, abs=1e-8)


def test_newton_error_without_convergence_names_iterations_and_gradient():
    F = nt.MakeTape(lambda x: x[0] + x[1] ** 2, np.zeros(2))          # unbounded below in x[0]
    with pytest.raises(nt.NewtonError, match=r"no convergence in 5 iterations.*gradient"):
        F.newton([0], maxit=5)([1.0])
    with pytest.raises(ValueError, match="maxit"):
        F.newton([0], maxit=0)


def test_newton_error_for_a_non_finite_objective():
    F = nt.MakeTape(lambda x: np.log(x[0]) + x[1], np.zeros(2))
    with pytest.raises(nt.NewtonError, match="not finite"):
        F.newton([0])([1.0])


# ---- the sparse path against the dense path -------------------------------------------------
def ar1_nll(n, y):
    def nll(x):
        u, tphi, logsd, mu = x[:n], x[n], x[n + 1], x[n + 2]
        phi, sd = np.tanh(tphi), np.exp(logsd)
        r = (u[1:] - phi * u[:-1]) / sd
        prior = (0.5 * (u[0] * np.sqrt(1 - phi ** 2) / sd) ** 2 - 0.5 * np.log(1 - phi ** 2)
                 + n * np.log(sd) + 0.5 * np.sum(r ** 2))
        eta = mu + u
        return prior + np.sum(np.exp(eta) - y * eta)
    return nll


def test_sparse_factorization_path_equals_the_dense_path(monkeypatch):
    n = 150
    y = np.random.default_rng(3).poisson(2.0, size=n).astype(float)
    theta = np.array([0.9, -0.5, 0.6])
    F = nt.MakeTape(ar1_nll(n, y), np.zeros(n + 3))
    sparse = F.laplace(np.arange(n))
    assert not newton_node_of(sparse).problem.pattern.dense
    monkeypatch.setattr(factor_module, "DENSE_MAX", 10 ** 6)
    dense = F.laplace(np.arange(n))
    assert newton_node_of(dense).problem.pattern.dense
    assert sparse(theta) == pytest.approx(dense(theta), rel=1e-13)
    np.testing.assert_allclose(sparse.gradient(theta), dense.gradient(theta), rtol=1e-10)
    np.testing.assert_allclose(sparse.hessian(theta), dense.hessian(theta), rtol=1e-8)
    np.testing.assert_allclose(sparse.gradient(theta), fd_gradient(sparse, theta), rtol=1e-6)
    H = sparse.hessian(theta)            # reverse sweeps through the selected inverse's adjoint
    v = np.array([1.0, -2.0, 0.5])
    np.testing.assert_allclose(sparse.hvp(theta, v), H @ v, rtol=1e-10)   # its tangents
    np.testing.assert_allclose(sparse.hessfun()(theta).reshape(3, 3), H, rtol=1e-10)
    with pytest.raises(NotImplementedError, match="third derivatives"):
        sparse.hessfun().jacfun()


@pytest.mark.parametrize("n, density", [(40, 0.1), (120, 0.03), (30, 0.5)])
def test_selected_inverse_and_its_adjoint_match_dense_algebra(n, density):
    import scipy.sparse as sp
    rng = np.random.default_rng(n)
    B = sp.random(n, n, density=density, random_state=n)
    A = (B @ B.T + 2 * sp.eye(n)).tocoo()
    h = A.data.copy()
    P = factor_module.SymmetricPattern(A.row, A.col, n)
    assert not P.dense or n <= factor_module.DENSE_MAX
    P.dense = False
    f = P.factor(h)
    Z = np.linalg.inv(A.toarray())
    np.testing.assert_allclose(f.selinv(), Z[A.row, A.col], atol=1e-13)
    assert f.logdet == pytest.approx(np.linalg.slogdet(A.toarray())[1], rel=1e-13)
    W = rng.normal(size=h.size)
    Ws = P.matrix(W)
    np.testing.assert_allclose(f.selinv_adjoint(W), -(Z @ Ws @ Z)[A.row, A.col], atol=1e-12)
    b = rng.normal(size=(n, 2))
    np.testing.assert_allclose(f.solve(b), np.linalg.solve(A.toarray(), b), atol=1e-12)


def test_a_diagonal_pattern_factorizes_elementwise_as_the_dense_path_does():
    rng = np.random.default_rng(4)
    n = 7
    order = rng.permutation(n)          # listed in any order
    h = rng.uniform(0.5, 3.0, n)
    P = factor_module.SymmetricPattern(order, order, n)
    assert P.diagonal
    f = P.factor(h)
    assert isinstance(f, factor_module.DiagonalFactor)
    A = P.matrix(h)
    Z = np.linalg.inv(A)
    assert f.logdet == pytest.approx(np.linalg.slogdet(A)[1], rel=1e-14)
    np.testing.assert_allclose(f.selinv(), Z[order, order], rtol=1e-15)
    W = rng.normal(size=(3, n))
    for w in W:
        np.testing.assert_allclose(f.selinv_adjoint(w), -(Z @ P.matrix(w) @ Z)[order, order],
                                   rtol=1e-14)
    np.testing.assert_allclose(f.selinv_adjoint(W),
                               np.stack([f.selinv_adjoint(w) for w in W]), rtol=0)
    b = rng.normal(size=(n, 2))
    np.testing.assert_allclose(f.solve(b), np.linalg.solve(A, b), rtol=1e-14)
    np.testing.assert_allclose(f.solve(b[:, 0]), np.linalg.solve(A, b[:, 0]), rtol=1e-14)
    for bad in (0.0, -1.0, np.nan, np.inf):
        with pytest.raises(factor_module.NotPositiveDefinite):
            P.factor(np.where(np.arange(n) == 3, bad, h))
    # an off-diagonal entry makes it an ordinary pattern
    assert not factor_module.SymmetricPattern([0, 1, 0, 1], [0, 1, 1, 0], 2).diagonal


def test_a_random_intercept_laplace_fit_is_the_same_with_the_dense_factorization():
    rng = np.random.default_rng(5)
    g = np.repeat(np.arange(8), 5)
    y = rng.poisson(np.exp(0.3 + rng.normal(0, 0.5, 8)[g])).astype(float)

    def nll(p):
        eta = p["mu"] + p["u"][g]
        return (np.sum(np.exp(eta) - y * eta) + 0.5 * np.sum(p["u"] ** 2) * np.exp(-2 * p["ls"])
                + 8 * p["ls"])
    theta = np.array([0.2, -0.4])
    diag = nt.MakeADFun(nll, {"mu": 0.0, "ls": 0.0, "u": np.zeros(8)}, random="u")
    assert diag.problem.pattern.diagonal
    dense = nt.MakeADFun(nll, {"mu": 0.0, "ls": 0.0, "u": np.zeros(8)}, random="u")
    dense.problem.pattern.diagonal = False
    assert isinstance(dense.problem.factor(dense.z(theta)), factor_module.DenseFactor)
    assert diag.fn(theta) == pytest.approx(dense.fn(theta), rel=1e-14)
    np.testing.assert_allclose(diag.gr(theta), dense.gr(theta), rtol=1e-12)
    np.testing.assert_allclose(diag.he(theta), dense.he(theta), rtol=1e-10)
    np.testing.assert_allclose(diag.he(theta), fd_jacobian(diag.gr, theta, 1e-6), rtol=1e-6)
    sd_diag, sd_dense = nt.sdreport(diag, theta), nt.sdreport(dense, theta)
    np.testing.assert_allclose(sd_diag.sd("u"), sd_dense.sd("u"), rtol=1e-12)


def test_a_factorization_that_is_not_positive_definite_is_reported():
    P = factor_module.SymmetricPattern([0, 1, 0, 1], [0, 1, 1, 0], 2)
    with pytest.raises(factor_module.NotPositiveDefinite):
        P.factor(np.array([1.0, 1.0, 2.0, 2.0]))


# ---- saddle-point approximation ------------------------------------------------------------
@pytest.mark.parametrize("x", [1.0, 3.0, 40.0])
def test_saddle_point_approximation_of_a_poisson_density_is_stirlings_formula(x):
    mu = 4.0
    F = nt.MakeTape(lambda s: np.sum(mu * (np.exp(s) - 1) - s * x), np.zeros(1))
    L = F.laplace([0], spa=True)
    stirling = mu - x * math.log(mu) + x * math.log(x) - x + 0.5 * math.log(2 * math.pi * x)
    assert float(L(np.zeros(0))) == pytest.approx(stirling, rel=1e-12)


def double_poisson_objective(x):
    def nldens(obs, muX, muN):
        K = lambda s: muN * (np.exp(muX * (np.exp(s) - 1)) - 1)       # noqa: E731
        F = nt.MakeTape(lambda s: np.sum(K(s) - s * obs), np.ones(obs.size))
        return F.laplace(np.arange(obs.size), spa=True)(np.zeros(0))
    return nt.MakeADFun(lambda p: nldens(x, p["muX"], p["muN"]), {"muX": 1.0, "muN": 1.0})


def test_double_poisson_spa_fit_of_the_vignette_with_nested_tapes():
    rng = np.random.default_rng(1)
    x = np.array([rng.poisson(5, rng.poisson(10)).sum() for _ in range(100)], float)
    obj = double_poisson_objective(x[x > 0])
    p = np.array([3.0, 7.0])
    np.testing.assert_allclose(obj.gr(p), fd_gradient(obj.fn, p), rtol=1e-6)
    np.testing.assert_allclose(obj.he(p), fd_jacobian(obj.gr, p, 1e-5), rtol=1e-5)
    opt = so.minimize(obj.fn, obj.par, jac=obj.gr, method="L-BFGS-B",
                      bounds=[(1e-3, None)] * 2)
    assert opt.success
    rep = nt.sdreport(obj, opt.x)
    assert rep.pd_hess and rep.max_gradient < 1e-3
    assert np.all(np.isfinite(rep.sd("muX"))) and 2 < rep.value("muX") < 9


# ---- MakeADFun ------------------------------------------------------------------------------
def test_makeadfun_fits_with_scipy_optimize_in_several_methods(gauss):
    bfgs = so.minimize(gauss.fn, gauss.par, jac=gauss.gr, method="BFGS")
    trust = so.minimize(gauss.fn, gauss.par, jac=gauss.gr, hess=gauss.he, method="trust-exact")
    bounded = so.minimize(gauss.fn, gauss.par, jac=gauss.gr, method="L-BFGS-B",
                          bounds=[(-5, 5), (-3, 3), (-3, 3)])
    exact = so.minimize(gaussian_exact, gauss.par, method="Nelder-Mead",
                        options=dict(xatol=1e-9, fatol=1e-12, maxiter=5000))
    for opt in (bfgs, trust, bounded):
        assert opt.success
        np.testing.assert_allclose(opt.x, exact.x, atol=2e-5)


def test_makeadfun_layout_names_and_start():
    obj = nt.MakeADFun(lambda p: np.sum(p["a"] ** 2) + p["b"] ** 2,
                       {"a": np.array([[1.0, 2.0], [3.0, 4.0]]), "b": 5.0})
    assert obj.names == ["a"] * 4 + ["b"]
    np.testing.assert_array_equal(obj.par, [1, 2, 3, 4, 5])
    assert obj.fn(obj.par) == 55.0
    np.testing.assert_array_equal(obj.gr(obj.par), 2 * obj.par)
    np.testing.assert_array_equal(obj.he(obj.par), 2 * np.eye(5))
    with pytest.raises(ValueError, match="5 fixed parameters"):
        obj.fn(np.zeros(4))


def test_map_fixes_and_ties_entries_as_tmb():
    def f(p):
        return np.sum((p["a"] - np.array([1.0, 2.0, 3.0, 4.0])) ** 2) + (p["b"] - 1) ** 2
    obj = nt.MakeADFun(f, {"a": np.array([0.5, 0.0, 0.0, 7.0]), "b": 0.0},
                       map={"a": [None, "x", "x", np.nan]})
    assert obj.names == ["a", "b"]
    np.testing.assert_array_equal(obj.par, [0.0, 0.0])
    opt = so.minimize(obj.fn, obj.par, jac=obj.gr)
    np.testing.assert_allclose(opt.x, [2.5, 1.0], atol=1e-6)   # tied mean of 2 and 3
    a = obj.parameters(opt.x)["a"]
    assert a[0] == 0.5 and a[3] == 7.0 and a[1] == a[2]
    with pytest.raises(ValueError, match="labels"):
        nt.MakeADFun(f, {"a": np.zeros(4), "b": 0.0}, map={"a": [1, 2]})
    with pytest.raises(ValueError, match="not a parameter"):
        nt.MakeADFun(f, {"a": np.zeros(4), "b": 0.0}, map={"c": [1]})


def test_map_on_random_effects_fixes_some_of_them():
    obj = nt.MakeADFun(gaussian_nll, {**GAUSS_START, "u": np.arange(G) * 0.1}, random=["u"],
                       map={"u": [None] + list(range(G - 1))})
    assert obj.k == G - 1 and obj.parameters(THETA)["u"][0] == 0.0
    np.testing.assert_allclose(obj.gr(THETA), fd_gradient(obj.fn, THETA), rtol=1e-6)


def test_inner_failure_gives_nan_with_a_warning_and_the_next_call_works():
    # the random effect's Hessian is exp(a): a < -40 underflows, the inner solve fails
    def f(p):
        return 0.5 * np.exp(p["a"]) * p["u"][0] ** 2 - p["u"][0] + p["a"] ** 2
    obj = nt.MakeADFun(f, {"a": 0.0, "u": np.zeros(1)}, random="u")
    good = obj.fn([0.5])
    with pytest.warns(RuntimeWarning, match="inner problem failed"):
        assert math.isnan(obj.fn([-800.0]))
    assert np.all(np.isnan(obj.gr([-800.0])))          # the same point: no second solve
    with pytest.warns(RuntimeWarning, match="inner problem failed"):
        assert np.all(np.isnan(obj.gr([-900.0])))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert obj.fn([0.5]) == good
        assert np.isfinite(obj.gr([0.25])).all()


def test_report_returns_values_at_the_inner_optimum(gauss):
    rep = gauss.report(THETA)
    z = gauss.z(THETA)
    u = z[:G]
    np.testing.assert_allclose(rep["resid"], (Y - THETA[0] - u[GROUP]) / np.exp(THETA[2]))
    assert nt.REPORT("outside", 3.0) == 3.0      # outside a recording: a no-op


# ---- sdreport -------------------------------------------------------------------------------
def test_sdreport_fixed_parameters_use_the_inverse_hessian(gauss):
    opt = so.minimize(gauss.fn, gauss.par, jac=gauss.gr, method="BFGS", options=dict(gtol=1e-9))
    rep = nt.sdreport(gauss, opt.x)
    V = np.linalg.inv(gauss.he(opt.x))
    np.testing.assert_allclose(rep.sd("mu"), math.sqrt(V[0, 0]), rtol=1e-10)
    np.testing.assert_allclose(rep.cov_fixed, V, rtol=1e-10, atol=1e-14)
    assert rep.max_gradient < 1e-5 and rep.pd_hess


def test_sdreport_generalized_delta_method_matches_a_dense_computation(gauss):
    p = np.array([1.4, -0.2, -0.9])
    rep = nt.sdreport(gauss, p)
    V = np.linalg.inv(gauss.he(p))
    z = gauss.z(p)
    H = gauss.joint.hessian(z)
    Huu_inv = np.linalg.inv(H[:G, :G])
    # du_hat/dtheta by differences of the inner optimum
    A = fd_jacobian(lambda q: gauss.z(q)[:G], p, 1e-6)
    var_u = np.diag(Huu_inv) + np.diag(A @ V @ A.T)
    np.testing.assert_allclose(rep.sd("u"), np.sqrt(var_u), rtol=1e-6)
    np.testing.assert_allclose(rep.value("u"), z[:G])
    # ADREPORTed vector mu + u: total derivative plus the random effects' own variance
    Dphi_u, Dphi_t = np.eye(G), np.c_[np.ones(G), np.zeros((G, 2))]
    J = Dphi_t + Dphi_u @ A
    cov = J @ V @ J.T + Dphi_u @ Huu_inv @ Dphi_u.T
    np.testing.assert_allclose(rep.cov[1:, 1:], cov, rtol=1e-6)
    np.testing.assert_allclose(rep.sd("group_means"), np.sqrt(np.diag(cov)), rtol=1e-6)
    assert rep.value("sdu") == pytest.approx(math.exp(p[1]))
    assert rep.sd("sdu") == pytest.approx(math.exp(p[1]) * math.sqrt(V[1, 1]), rel=1e-8)


def test_sdreport_prints_like_tmb_and_gives_a_dataframe(gauss):
    rep = nt.sdreport(gauss, THETA)
    text = str(rep)
    assert text.startswith("sdreport(.) result") and "Maximum gradient component" in text
    assert "Std. Error" in rep.format() and rep.format().count("\nu ") == G
    df = rep.to_dataframe()
    assert list(df.columns) == ["Estimate", "Std. Error", "kind", "parameter"]
    assert len(df) == 3 + G + 1 + G and df.index.is_unique   # one row per element, labelled
    assert "u[0]" in df.index and df.loc["u[1]", "parameter"] == "u"


def test_sdreport_at_a_singular_hessian_warns_and_gives_nan():
    obj = nt.MakeADFun(lambda p: (p["a"] + p["b"]) ** 2, {"a": 1.0, "b": 1.0})
    with pytest.warns(RuntimeWarning, match="not positive definite"):
        rep = nt.sdreport(obj, [0.5, -0.5])
    assert not rep.pd_hess and np.isnan(rep.sd("a")) and rep.value("a") == 0.5
    with pytest.raises(KeyError, match="no parameter"):
        rep.value("c")


def test_a_random_effect_with_no_entries_is_named_as_empty_not_as_mapped():
    with pytest.raises(ValueError, match="random effects u have no entries"):
        nt.MakeADFun(lambda p: p["a"] ** 2 + np.sum(p["u"] ** 2),
                     {"a": 1.0, "u": np.zeros(0)}, random="u")
    with pytest.raises(ValueError, match="every random effect is fixed by map"):
        nt.MakeADFun(lambda p: p["a"] ** 2 + np.sum(p["u"] ** 2),
                     {"a": 1.0, "u": np.zeros(2)}, random="u", map={"u": [None, None]})


def test_an_inner_problem_without_a_minimum_gives_nan_and_a_warning():
    """F = a^2 + exp(-u): the gradient vanishes as u -> inf but there is no mode (the Laplace
    integral diverges); the value must not depend on tol silently."""
    obj = nt.MakeADFun(lambda p: p["a"] ** 2 + np.exp(-p["u"][0]), {"a": 1.0, "u": np.zeros(1)},
                       random="u")
    with pytest.warns(RuntimeWarning, match="no minimum"):
        assert np.isnan(obj.fn([1.0]))


def test_a_degenerate_mode_is_reported():
    """F = a^2 + u^4: the mode exists but the Hessian vanishes there; Newton converges only
    linearly and the Laplace approximation is far off (exact 0.405): say so."""
    obj = nt.MakeADFun(lambda p: p["a"] ** 2 + p["u"][0] ** 4, {"a": 1.0, "u": np.array([0.5])},
                       random="u")
    with pytest.warns(RuntimeWarning, match="nearly singular at the mode"):
        obj.fn([1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        rep = nt.sdreport(obj, np.array([1.0]))
    assert rep.inner_degenerate and "nearly singular at a mode" in str(rep)


def test_a_weakly_curved_but_quadratic_mode_is_not_reported():
    obj = nt.MakeADFun(lambda p: p["a"] ** 2 + 1e-4 * (p["u"][0] - 3.0) ** 2,
                       {"a": 1.0, "u": np.zeros(1)}, random="u")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_allclose(obj.fn([1.0]), 1.0 + 0.5 * np.log(2e-4 / (2 * np.pi)),
                                   rtol=1e-12)
