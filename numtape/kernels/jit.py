"""The one jit decorator of numtape: every Numba function (generated sweeps, block-op bodies,
special functions, sparsity kernels) uses it, so all of them follow the same rules.

* ``cache=True``: compiled once, kept on disk;
* ``nogil=True``: tapes are swept from many threads at once;
* ``fastmath=False``: a replay must match the recording bit for bit;
* ``error_model="numpy"``: a division by zero gives inf or NaN as in NumPy (and as inside the
  sweeps), never ZeroDivisionError, whether a body runs in a sweep or is called directly.
"""
import functools

import numba
import numba.extending

OPTIONS = dict(cache=True, nogil=True, fastmath=False, error_model="numpy")
jit = functools.partial(numba.njit, **OPTIONS)





@numba.extending.intrinsic
def _prefer_512(typingctx):
    def codegen(context, builder, signature, args):
        set.add(builder.function.attributes, '"prefer-vector-width"="512"')
        return context.get_dummy_value()
    return numba.types.none(), codegen


def _nothing():
    return None


# Called first in a generated kernel (numtape/sweeps/variants.py, ``kernel_source``): LLVM may
# vectorize the kernel's loops with the widest vectors the CPU has (the function attribute
# "prefer-vector-width"="512").  For the CPUs with 512-bit vectors that LLVM tunes for 256 bits
# (Intel's cores since Skylake-X) its own choice is 256, while NumPy's SIMD loops (the
# references of benchmarks/compare.py) use 512.  Only the calling kernel changes: the
# process's other Numba code keeps LLVM's choice; nothing changes where the CPU has no
# 512-bit vectors, and from Python (NUMBA_DISABLE_JIT) it does nothing.
wide_vectors = _nothing if numba.config.DISABLE_JIT else _prefer_512
