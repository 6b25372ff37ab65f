"""Helpers the API test files share (fixtures are in conftest.py)."""
import numpy as np

import numtape as nt


def fd_jacobian(f, x, h=1e-5):
    """Central differences of a plain-NumPy function, (m, n) over flattened sizes."""
    x = np.asarray(x, dtype=np.float64)
    flat = x.ravel()
    m = np.size(f(x))
    jac = np.empty((m, flat.size))
    for i in range(flat.size):
        s = h * max(1.0, abs(flat[i]))
        e = np.zeros_like(flat)
        e[i] = s
        jac[:, i] = (np.ravel(f((flat + e).reshape(x.shape))) -
                     np.ravel(f((flat - e).reshape(x.shape)))) / (2 * s)
    return jac


def vignette_tape():
    return nt.MakeTape(lambda x: np.exp(x[0] + 1.23 * x[1]), np.zeros(2))


INT_FIELDS = ("op", "flags", "out_ptr", "args", "iargs", "dep")


def tape_arrays(T):
    """Copies of a tape's defining arrays, in the keyword form ``nt.Tape(**a)`` takes."""
    return dict(op=np.array(T.op), flags=np.array(T.flags), out_ptr=np.array(T.out_ptr),
                args=np.array(T.args), iargs=np.array(T.iargs), consts=np.array(T.consts),
                n_in=int(T.n_in), dep=np.array(T.dep))


def table_rows(text):
    """Split a printed TMB table into (header, rows-as-token-lists)."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[0], [ln.split() for ln in lines[1:]]


def _is_na(v):
    import pandas as pd
    return v is None or (not isinstance(v, str) and pd.isna(v)) or \
        str(v).strip().upper() in ("NA", "NAN", "<NA>")


def _dict_f(d):
    return np.sum(d["a"] ** 2) * d["b"][0, 1] + np.sin(d["c"])


def _dict_x0():
    return {"a": np.zeros(3), "b": np.zeros((2, 2)), "c": 0.0}
