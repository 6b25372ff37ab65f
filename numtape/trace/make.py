"""Recording tapes: ``MakeTape``, and replaying a finished tape into an open recording.

``MakeTape`` opens a recording, calls ``f`` on traced inputs and freezes the result into a
Tape.  A Tape called on traced values while another recording is open is *inlined*: its ops
are replayed into that recording (``replay``), or, for an atomic tape, recorded as one CallOp
(``record_call``).  Tape.__call__ reaches ``inline`` through the tape layer's seam.
"""
from __future__ import annotations

import inspect

import numpy as np

from numtape.errors import TracingError
from numtape.ops import OP
from numtape.ops.layout import arg_pointers
from numtape.tape.seam import SERVICES
from numtape.tape.tape import Tape, as_real
from numtape.trace.slots import SlotAddresses
from numtape.trace.recorder import DEP, addr_array, is_complex, recorder_of, recording, wrap

CALL = OP.CallOp.code


def MakeTape(f, x0):
    """Record ``f`` (plain NumPy) at ``x0`` into a Tape.

    ``x0`` is array-like (any shape) or a dict of arrays keyed by strings (the input names;
    other keys raise TypeError, since tape files keep names as strings); ``f`` receives traced
    arrays of the same shape(s) and returns a scalar, an array, or a list/tuple of them.

    >>> import numpy as np, numtape as nt
    >>> F = nt.MakeTape(lambda x: np.sum(x ** 2), np.zeros(3))
    >>> F.gradient([1.0, 2.0, 3.0])
    array([2., 4., 6.])
    """
    names = None
    if isinstance(x0, dict):
        names, start = {}, 0
        for key, v in x0.items():
            if type(key) is not str:   # files store names as strings: 1 and "1" would merge
                raise TypeError(f"x0: dict keys must be strings (input names); got {key!r} of "
                                f"type {type(key).__name__}")
            shape = as_real(v, f"x0[{key!r}]").shape
            size = int(np.prod(shape))
            names[key] = (slice(start, start + size), shape)
            start += size
        n_in, in_shape = start, (start,)
    else:
        in_shape = as_real(x0, "x0").shape
        n_in = int(np.prod(in_shape))
    with recording(n_in) as rec:
        if names is None:
            x = wrap(rec, np.arange(n_in, dtype=np.int64).reshape(in_shape))
        else:
            x = {k: wrap(rec, np.arange(sl.start, sl.stop, dtype=np.int64).reshape(shape))
                 for k, (sl, shape) in names.items()}
        try:
            y = f(x)
        except ValueError as e:   # NumPy's words for a[i] = traced value, a a NumPy array
            if "setting an array element with a sequence" not in str(e):
                raise
            raise TracingError(
                "a traced value was assigned into a NumPy array (NumPy says: " + str(e) + "); "
                "NumPy arrays hold numbers only: create the array from the traced input, "
                "np.zeros_like(x) or nt.zeros(shape), and fill that") from e
        out, out_shape = _outputs(rec, y)
        arrays = rec.finish(out)
    if rec.captured:   # a nested tape using outer values (transforms/nested.py)
        full = Tape(**arrays, out_shape=out_shape)
        return SERVICES.capturing_tape(full, rec.captured, in_shape, names)
    return Tape(**arrays, in_shape=in_shape, out_shape=out_shape, input_names=names)


make_tape = MakeTape


def _outputs(rec, y):
    if any(map(is_complex, y if isinstance(y, (list, tuple)) else (y,))):
        raise TypeError("f returned a complex value; tape outputs must be real: return "
                        "np.real(z), np.imag(z) or np.abs(z) (or several of them in a list)")
    if isinstance(y, (list, tuple)):
        parts = [addr_array(rec, v).ravel() for v in y]
        out = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return out, out.shape
    if isinstance(y, dict):
        raise TypeError("f returned a dict; return an array or a list/tuple of arrays")
    if y is None:
        raise TypeError("f returned None; return the value to be taped")
    if inspect.isgenerator(y) or (hasattr(y, "__next__") and not hasattr(y, "shape")):
        raise TypeError("f returned a generator or iterator; return a list of its values "
                        "([v for v in ...]) or one array (np.stack([...]))")
    a = addr_array(rec, y)
    return a, a.shape


def inline(F, x):
    """F called on traced ``x`` while a recording is open: one CallOp if F is atomic (and
    ``TapeConfig(atomic="enable")``), else F's ops replayed into the recording."""
    rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
    if F.records_as_call and rec.blocks:
        return record_call(F, x)
    where = replay(F, rec, x)
    return wrap(rec, where[F.dep].reshape(F.out_shape))


def zero_input(F):
    """Zeros shaped as F's input (a dict of arrays for named inputs): the recording point of a
    transform that re-records F (jacfun, reroll)."""
    if F.input_names is None:
        return np.zeros(F.in_shape)
    return {k: np.zeros(shape) for k, (_, shape) in F.input_names.items()}


def input_addresses(F, rec, x):
    """Traced ``x``: its flat input addresses in ``rec``, checked as ``F(x)`` checks."""
    return F.flatten_input(x, lambda v, what: addr_array(rec, v))


def replay(F, rec, x, rolled=None):
    """Copy tape F's ops into recording ``rec`` on traced inputs ``x``; return where every
    slot of F's arena went in ``rec`` (a ``SlotAddresses``, indexed like an array of one
    address per slot).  ``rolled`` maps an op index k0 to ``(k1, emit)``: ops k0 .. k1 - 1
    are not copied, ``emit(rec, where)`` records them its own way and sets their slots of
    ``where`` (numtape/transforms/reroll.py)."""
    xa = input_addresses(F, rec, x)
    # inputs must form one block, as the copied ops may read them as blocks
    where = SlotAddresses(F)
    where.place(0, rec.contiguous(xa))
    if F.consts.size:
        where.place(1, int(rec.const_block(F.consts)[0]))
    size = np.diff(F.out_ptr)
    arg_ptr, iarg_ptr = arg_pointers(F.op, size)
    k = 0
    while k < F.n_ops:
        if rolled and k in rolled:
            k, emit = rolled[k]
            emit(rec, where)
            continue
        starts = F.args[arg_ptr[k]:arg_ptr[k + 1]]
        if F.op[k] == DEP:   # outputs: no copy, point at what the DepOp reads
            where.place(2 + k, where.gather(starts.astype(np.int64)))
            k += 1
            continue
        ins = ([where.at(a) for a in starts.tolist()] if starts.size <= 16
               else where.gather(starts.astype(np.int64)))
        params = F.iargs[iarg_ptr[k]:iarg_ptr[k + 1]].tolist()
        if F.op[k] == CALL:
            sub = F.subtapes[params[2]]
            if not rec.blocks and isinstance(sub, Tape):   # TapeConfig(atomic="disable"):
                # inline the call too (a function node, e.g. newton's, stays one call)
                a = int(F.args[arg_ptr[k]])
                inner = replay(sub, rec, wrap(rec, where[a:a + sub.n_in]))
                where.place(2 + k, inner[sub.dep])
                k += 1
                continue
            params[2] = rec.subtape(sub)   # its index in the open recording
        # a gather's per-element operands go in as an array (one copy of their bytes)
        where.place(2 + k, rec.block_op(int(F.op[k]), int(F.flags[k]), ins, params,
                                        int(size[k])))
        k += 1
    return where


def record_call(F, x):
    """Record one CallOp of atomic tape F on traced input x; returns the traced outputs."""
    rec = recorder_of(*(x.values() if isinstance(x, dict) else [x]))
    xa = input_addresses(F, rec, x)
    params = OP.CallOp.Params(n_in=F.n_in, n_out=F.n_out, sub=rec.subtape(F))
    return wrap(rec, rec.record_block(OP.CallOp, [xa], params, F.out_shape))
