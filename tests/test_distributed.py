"""nt.map and nt.bootstrap, on this machine and on a Dask cluster (README.md, "Many points,
cores and machines").

The cluster tests (``-m dask``) start two worker processes of their own; every result is held
against the same computation in this process, bit for bit: tapes travel as their validated
arrays and are swept by the same kernels; bootstrap replicates draw from streams fixed by the
seed and the replicate's index alone.
"""
import io
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import numtape as nt
from numtape.stats import parallel

RNG = np.random.default_rng(7)
POINTS = RNG.normal(size=(37, 4))   # a prime number of rows: uneven chunks


def scalar_tape():
    return nt.MakeTape(lambda x: np.sum(np.exp(0.3 * x) * np.sin(x)) + x[0] * x[3],
                       np.zeros(4))


def vector_tape():
    return nt.MakeTape(lambda x: np.stack([x[0] * x[1], np.log1p(x[2] ** 2), np.tanh(x[3])]),
                       np.zeros(4))


def per_point(F, X, what):
    call = {"value": F, "gradient": F.gradient, "jacobian": F.jacobian}[what]
    return np.stack([np.asarray(call(x)) for x in X])


# ---- a Poisson regression, 3 coefficients and 50 counts -------------------------------------
def poisson_model():
    """(obj, simulate): the objective on one data set, and a parametric-bootstrap simulator
    from the truth.  Built in a function, so Dask carries the closures by value."""
    rng = np.random.default_rng(3)
    X = np.column_stack([np.ones(50), rng.normal(size=50), rng.normal(size=50)])
    beta = np.array([0.5, -0.4, 0.3])
    y = rng.poisson(np.exp(X @ beta)).astype(float)

    def nll(p, y):
        return -np.sum(nt.distributions.poisson.logpmf(y, np.exp(X @ p["beta"])))

    def simulate(rng):
        return rng.poisson(np.exp(X @ beta)).astype(float)
    return nt.MakeADFun(nll, {"beta": np.zeros(3)}, data=y), simulate


def failing(simulate):
    """A simulator whose draws fail about one time in three: raising, or data that makes the
    objective NaN (the fit does not converge)."""
    def draw(rng):
        u = rng.random()
        y = simulate(rng)
        if u < 0.15:
            raise ValueError("simulated failure")
        if u < 0.3:
            y[0] = np.nan
        return y
    return draw


@pytest.fixture(scope="module")
def poisson():
    return poisson_model()


@pytest.fixture(scope="module")
def client():
    """Two single-threaded worker processes, closed even when a test fails."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster) as c:
            yield c
    finally:
        cluster.close()


# ---- nt.map ---------------------------------------------------------------------------------
@pytest.mark.parametrize("what", ["value", "gradient", "jacobian"])
def test_map_locally_equals_per_point_calls(what):
    F = scalar_tape() if what == "gradient" else vector_tape()
    out = nt.map(F, POINTS, what=what)
    assert out.shape == (37,) + {"value": (3,), "gradient": (4,), "jacobian": (3, 4)}[what]
    np.testing.assert_array_equal(out, per_point(F, POINTS, what))


def test_map_keeps_input_and_output_shapes():
    F = nt.MakeTape(lambda x: x.T * 2.0, np.zeros((2, 3)))
    X = RNG.normal(size=(5, 2, 3))
    assert nt.map(F, X).shape == (5, 3, 2)
    np.testing.assert_array_equal(nt.map(F, X), np.stack([F(x) for x in X]))
    assert nt.map(F, np.zeros((0, 2, 3))).shape == (0, 3, 2)
    np.testing.assert_array_equal(nt.map(F, X.reshape(5, 6)), nt.map(F, X))   # flat rows


def test_map_of_named_inputs_takes_and_gives_dicts():
    D = nt.MakeTape(lambda d: np.sum(d["a"] ** 2) * d["b"][0],
                    {"a": np.zeros((2, 2)), "b": np.zeros(1)})
    X = {"a": RNG.normal(size=(6, 2, 2)), "b": RNG.normal(size=(6, 1))}
    flat = np.concatenate([X["a"].reshape(6, 4), X["b"]], axis=1)
    np.testing.assert_array_equal(nt.map(D, X), [D(x) for x in flat])
    g = nt.map(D, X, what="gradient")
    assert set(g) == {"a", "b"} and g["a"].shape == (6, 2, 2) and g["b"].shape == (6, 1)
    for b, x in enumerate(flat):
        np.testing.assert_array_equal(g["a"][b], D.gradient(x)["a"])
        np.testing.assert_array_equal(g["b"][b], D.gradient(x)["b"])
    with pytest.raises(ValueError, match="the same B"):
        nt.map(D, {"a": X["a"], "b": X["b"][:5]})
    with pytest.raises(ValueError, match="keys"):
        nt.map(D, {"a": X["a"]})


def test_map_with_a_progress_bar_gives_the_same_result():
    F = scalar_tape()
    np.testing.assert_array_equal(nt.map(F, POINTS, progress=True), nt.map(F, POINTS))


def test_map_refuses_bad_arguments():
    F = scalar_tape()
    with pytest.raises(ValueError, match=r"expected \(B,\) \+ \(4,\) or \(B, 4\)"):
        nt.map(F, np.zeros((3, 5)))
    with pytest.raises(ValueError, match="one point per row"):
        nt.map(F, np.zeros(4))
    with pytest.raises(ValueError, match="what="):
        nt.map(F, POINTS, what="hessian")
    with pytest.raises(ValueError, match="scalar tape"):
        nt.map(vector_tape(), POINTS, what="gradient")
    with pytest.raises(TypeError, match="must be a Tape"):
        nt.map(lambda x: x, POINTS)
    with pytest.raises(TypeError, match="distributed.Client"):
        nt.map(F, POINTS, client="tcp://127.0.0.1:8786")
    with pytest.raises(TypeError, match="dtype"):
        nt.map(F, np.full((2, 4), "1"))


def test_tape_payload_is_the_tape_file_format():
    F = scalar_tape()
    key, raw = parallel.tape_payload(F)
    with np.load(io.BytesIO(raw), allow_pickle=False) as data:   # plain arrays, no pickle
        assert {"magic", "op", "args", "consts"} <= set(data.files)
        assert all(data[k].dtype.kind in "iufU" for k in data.files)
    G = parallel.tape_from_payload(raw)
    assert parallel.content_key(G) == key and key == parallel.content_key(scalar_tape())
    np.testing.assert_array_equal(nt.map(G, POINTS), nt.map(F, POINTS))


def tampered(raw, **changes):
    with np.load(io.BytesIO(raw), allow_pickle=False) as data:
        fields = {k: data[k] for k in data.files}
    fields.update(changes)
    out = io.BytesIO()
    np.savez(out, **fields)
    return out.getvalue()


def test_tampered_payloads_are_refused_before_any_sweep():
    key, raw = parallel.tape_payload(scalar_tape())
    for bad, match in [(raw[:len(raw) // 2], "tape payload"),
                       (tampered(raw, dep=np.array([10**6])), "dep"),
                       (tampered(raw, magic=np.array("other")), "magic"),
                       (b"\x80\x04K\x01.", "not a numtape tape file"),   # a pickle
                       ("not bytes", "expected bytes")]:
        with pytest.raises(nt.TapeFormatError, match=match):
            parallel.worker_tape("a-key-no-cache-holds", bad)
    other_key, _ = parallel.tape_payload(vector_tape())
    with pytest.raises(nt.TapeFormatError, match="content key"):
        parallel.worker_tape(other_key, raw)


def test_tapes_without_an_array_format_run_locally_only():
    obj = nt.MakeADFun(lambda p: np.sum(p["u"] ** 2) + (p["a"] - 1.0) ** 2 + np.sum(p["u"]),
                       {"a": 0.0, "u": np.zeros(3)}, random="u")
    X = np.array([[0.5], [1.5]])
    np.testing.assert_array_equal(nt.map(obj.objective, X),
                                  [obj.objective(x) for x in X])
    with pytest.raises(ValueError, match="cannot be sent to Dask workers"):
        parallel.tape_payload(obj.objective)


# ---- MakeADFun(..., data=) and with_data ----------------------------------------------------
def test_with_data_records_the_model_on_other_data(poisson):
    obj, simulate = poisson
    y2 = simulate(np.random.default_rng(11))
    new = obj.with_data(y2)
    f = obj.arguments["f"]
    direct = nt.MakeADFun(lambda p: f(p, y2), {"beta": np.zeros(3)})
    p = np.array([0.2, -0.1, 0.4])
    assert new.fn(p) == direct.fn(p) and new.data is y2
    np.testing.assert_array_equal(new.gr(p), direct.gr(p))
    assert obj.fn(p) != new.fn(p)                      # obj itself is unchanged
    with pytest.raises(ValueError, match="without data="):
        direct.with_data(y2)


def test_with_data_keeps_random_effects_and_map():
    group = np.repeat(np.arange(4), 5)

    def nll(p, y):
        u, sdu, sde = p["u"], np.exp(p["logsd"][0]), np.exp(p["logsd"][1])
        return (-np.sum(nt.distributions.norm.logpdf(y, p["mu"] + u[group], sde))
                - np.sum(nt.distributions.norm.logpdf(u, 0.0, sdu)))
    start = {"mu": 0.0, "logsd": np.array([0.0, -0.5]), "u": np.zeros(4)}
    ys = [np.random.default_rng(i).normal(size=20) for i in (1, 2)]
    obj = nt.MakeADFun(nll, start, random="u", map={"logsd": [0, None]}, data=ys[0])
    new = obj.with_data(ys[1])
    direct = nt.MakeADFun(lambda p: nll(p, ys[1]), start, random="u", map={"logsd": [0, None]})
    assert new.names == direct.names == ["mu", "logsd"] and new.k == 4
    p = np.array([0.3, -0.2])
    assert new.fn(p) == direct.fn(p)
    np.testing.assert_array_equal(new.gr(p), direct.gr(p))
    boot = nt.bootstrap(obj, lambda rng: rng.normal(size=20), 3, seed=0, progress=False)
    assert boot.failed == 0 and boot.labels == ["mu", "logsd[0]"]   # the free entry's label


# ---- nt.bootstrap locally -------------------------------------------------------------------
def test_bootstrap_estimates_and_summary(poisson):
    obj, simulate = poisson
    boot = nt.bootstrap(obj, simulate, 12, seed=42, progress=False)
    assert boot.estimates.shape == (12, 3) and boot.failed == 0 and boot.n == 12
    assert np.all(np.isfinite(boot.estimates)) and boot.seed == 42
    for row, s in zip(boot.estimates, np.random.SeedSequence(42).spawn(12)):
        refit = obj.with_data(simulate(np.random.default_rng(s)))
        assert np.max(np.abs(refit.gr(row))) < 1e-4          # each row is a fit of its draw
    s = boot.summary()
    assert s.values.shape == (3, 6) and s.index == ["beta[0]", "beta[1]", "beta[2]"]
    assert s.columns == ("estimate", "mean", "sd", "2.5%", "97.5%", "failed")
    np.testing.assert_array_equal(s.values[:, 1], boot.estimates.mean(axis=0))
    assert np.all(s.values[:, 3] < s.values[:, 1]) and np.all(s.values[:, 1] < s.values[:, 4])
    text = str(boot)
    assert "12 replicates, 0 failed" in text and "beta[2]" in text and "97.5%" in text
    df = boot.to_dataframe()
    assert list(df.columns) == list(s.columns) and list(df.index) == s.index


def test_bootstrap_streams_depend_on_the_seed_and_index_alone(poisson):
    obj, simulate = poisson
    par = nt.bootstrap(obj, simulate, 0, seed=1, progress=False).par
    small = nt.bootstrap(obj, simulate, 5, seed=9, par=par, progress=False)
    large = nt.bootstrap(obj, simulate, 8, seed=9, par=par, progress=True)
    np.testing.assert_array_equal(small.estimates, large.estimates[:5])
    other = nt.bootstrap(obj, simulate, 5, seed=10, par=par, progress=False)
    assert not np.array_equal(other.estimates, small.estimates)


def test_bootstrap_counts_failed_fits_as_nan_rows(poisson):
    obj, simulate = poisson
    boot = nt.bootstrap(obj, failing(simulate), 16, seed=5, progress=False)
    bad = np.isnan(boot.estimates).any(axis=1)
    assert 0 < boot.failed == bad.sum() < 16 and set(np.flatnonzero(bad)) == set(boot.errors)
    assert np.isnan(boot.estimates[bad]).all()
    messages = set(boot.errors.values())
    assert "ValueError: simulated failure" in messages
    assert any(m.startswith("RuntimeError") for m in messages)
    assert np.all(boot.summary().values[:, 5] == boot.failed)
    ok = boot.estimates[~bad]
    np.testing.assert_array_equal(boot.summary().values[:, 2], ok.std(axis=0, ddof=1))


def test_bootstrap_warns_when_every_fit_fails(poisson):
    obj, simulate = poisson
    with pytest.warns(RuntimeWarning, match="every replicate failed.*Maximum number"):
        boot = nt.bootstrap(obj, simulate, 3, seed=0, progress=False,
                            par=np.zeros(3), options={"maxiter": 1})
    assert boot.failed == 3 and np.isnan(boot.summary().values[:, 1:5]).all()


def test_bootstrap_refuses_bad_arguments(poisson):
    obj, simulate = poisson
    with pytest.raises(ValueError, match="n must be >= 0"):
        nt.bootstrap(obj, simulate, -1)
    with pytest.raises(TypeError, match="n must be an integer"):
        nt.bootstrap(obj, simulate, 2.5)
    with pytest.raises(TypeError, match="simulate must be callable"):
        nt.bootstrap(obj, np.zeros(50), 3)
    with pytest.raises(TypeError, match="MakeADFun objective"):
        nt.bootstrap(obj.objective, simulate, 3)
    with pytest.raises(ValueError, match="data="):
        nt.bootstrap(nt.MakeADFun(lambda p: p["a"] ** 2, {"a": 1.0}), simulate, 3)
    with pytest.raises(ValueError, match="par has 2 values"):
        nt.bootstrap(obj, simulate, 3, par=[0.0, 1.0])
    with pytest.raises(TypeError, match="distributed.Client"):
        nt.bootstrap(obj, simulate, 3, client=2)


def test_numtape_imports_and_maps_without_dask():
    code = textwrap.dedent("""
        import sys
        sys.modules["dask"] = sys.modules["distributed"] = None   # as if not installed
        import numpy as np, numtape as nt
        F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(2))
        assert nt.map(F, np.ones((3, 2))).tolist() == [2.0, 2.0, 2.0]
        try:
            nt.map(F, np.ones((3, 2)), client=object())
        except ImportError as e:
            print(e)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "pip install numtape[dask]" in r.stdout


# ---- on a cluster ---------------------------------------------------------------------------
@pytest.mark.dask
@pytest.mark.parametrize("what", ["value", "gradient", "jacobian"])
def test_map_on_a_cluster_equals_per_point_calls(client, what):
    F = scalar_tape() if what != "jacobian" else vector_tape()
    out = nt.map(F, POINTS, client=client, what=what)
    np.testing.assert_array_equal(out, per_point(F, POINTS, what))
    np.testing.assert_array_equal(out, nt.map(F, POINTS, what=what))


@pytest.mark.dask
def test_map_on_a_cluster_sends_arrays_and_rebuilds_once_per_worker(client, monkeypatch):
    def no_pickled_tapes(self):
        raise AssertionError("a Tape object was pickled")
    monkeypatch.setattr(nt.Tape, "__reduce__", no_pickled_tapes)
    F = scalar_tape()
    key = parallel.content_key(F)
    first = nt.map(F, POINTS, client=client)
    cached = client.run(lambda k=key: id(parallel.worker_tape(k, b"")))   # no rebuild: cached
    again = nt.map(scalar_tape(), POINTS[::-1], client=client, progress=True)
    np.testing.assert_array_equal(again, first[::-1])
    assert client.run(lambda k=key: id(parallel.worker_tape(k, b""))) == cached
    assert len(cached) == 2


@pytest.mark.dask
def test_a_tampered_payload_is_refused_on_the_worker(client):
    key, raw = parallel.tape_payload(vector_tape())
    bad = tampered(raw, dep=np.array([10**6, 0, 1]))
    future = client.submit(parallel.worker_tape, key + "-tampered", bad, pure=False)
    with pytest.raises(nt.TapeFormatError, match="dep"):
        future.result()


@pytest.mark.dask
def test_bootstrap_on_a_cluster_equals_the_local_run(client, poisson):
    obj, simulate = poisson
    draw = failing(simulate)
    here = nt.bootstrap(obj, draw, 16, seed=5, progress=False)
    there = nt.bootstrap(obj, draw, 16, client=client, seed=5, progress=True)
    # the same draws and fits; a worker may sweep on another tier than this process (its
    # BLAS rounds matrix products differently: README, "Tier 0"), so equal to a few ulps
    np.testing.assert_array_equal(np.isnan(there.estimates), np.isnan(here.estimates))
    np.testing.assert_allclose(there.estimates, here.estimates, rtol=1e-10, atol=1e-13)
    np.testing.assert_array_equal(there.par, here.par)
    assert there.errors == here.errors and there.failed == here.failed > 0
    np.testing.assert_allclose(there.summary().values, here.summary().values, rtol=1e-9,
                               atol=1e-13)
